/**
 * npm run bench:extraction [-- <corpus folder>] — extraction quality and speed, measured (never asserted).
 *
 * For every site folder of the corpus (default test/fixtures/directories; any folder in the
 * same format, such as a held-out set, can be given), in name order:
 *  1. serves it on 127.0.0.1 and runs the real extraction on it, no selectors (sources file
 *     entry, polite fetcher, worker pool, runExtraction: the code path of POST /v1/scraping/run,
 *     max_results 100), then scores the companies against expected.json: company recall,
 *     precision, contact recall, false merges, directory contacts given to companies, faxes
 *     given as phones (see test/fixtures/directories/README.md);
 *  2. measures parse + extraction speed in-process: every page of the site (decoded first, as
 *     the fetcher does) read as a listing page again and again for at least --ms (default
 *     1500) ms by one page worker (the production PageReader, one thread, its heap settings),
 *     after a warm-up of at least 100 reads and --ms / 2 of CPU time (the code optimised, as in a
 *     worker that has been up a while), pages per second of the process's CPU time (one core's
 *     worth: the worker thread does the work; V8's helper threads count against it too, so the
 *     figure is conservative).
 * Then the same speed on a synthetic 100 KB listing page (95 cards with names, addresses, labelled
 * phones and faxes, mailto: links, data-phone buttons, descriptions: 285 numbers, more than a
 * typical page has), and on the whole corpus: every page of every site read in turn (no page twice
 * in a row), with their mean size; and the totals: recall and precision over all companies and
 * contacts of the corpus (not an average of sites).
 *
 * Options: --ms 1500 (speed measure per site), --json <file> (default bench-results/extraction.json),
 *          --only <text> (sites whose folder name contains it), --no-speed,
 *          --mutate <name[+name]> (serve every page mutated, test/helpers/metamorphic.ts: classes,
 *          tags, labels, phones, furniture, markup, all...; scored against the same expected.json,
 *          plus the furniture's directory contacts), --seed <n> (default 1), --dump <dir> (write
 *          the mutated pages there, one folder per site).
 *          `npm run bench:metamorphic` runs every mutation over several sets and prints the drops.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodePage } from '../src/extraction/decode';
import { PageReader } from '../src/extraction/pages';
import { loadCorpus, runSites, score, serveSite, sitePages, type SiteScore } from '../test/helpers/directoryCorpus';
import { mutateSite, parseMutations } from '../test/helpers/metamorphic';
import { syntheticPage } from '../test/helpers/syntheticPage';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--ms', '--json', '--only', '--mutate', '--seed', '--dump'].includes(args[i - 1])));
const root = path.resolve(positional[0] ?? path.join(__dirname, '..', 'test', 'fixtures', 'directories'));
const minMs = Number(option('ms', '1500'));
const jsonFile = option('json', path.join(__dirname, '..', 'bench-results', 'extraction.json'));
const only = option('only', '');
const speed = !args.includes('--no-speed');
const mutations = parseMutations(option('mutate', ''));
const seed = Number(option('seed', '1'));

interface PageInput {
  html: string;
  url: string;
  contentType: string;
}

/** Pages per second of CPU time, one worker reading `pages` in turn for at least `minMs`. */
async function throughput(reader: PageReader, pages: PageInput[]): Promise<number> {
  const read = async (p: PageInput) => {
    const r = await reader.read({ kind: 'listing', html: p.html, url: p.url, selectors: {}, contentType: p.contentType });
    if (!r.ok) throw new Error(`${p.url}: ${r.message}`);
  };
  // Warm-up, not measured: the worker loads and the code is compiled and optimised. Counted in
  // reads and CPU time, not wall time: on a loaded machine half a second of wall time was a few
  // reads of a big page, and V8's compiler threads (whose CPU time the measure counts) were still
  // optimising the code during the measure (the synthetic page read 28 pages/s after 0.75 s of
  // wall-time warm-up, 46 after 3 s, at the same load).
  const warm = process.cpuUsage();
  const warmCpuMs = () => {
    const used = process.cpuUsage(warm);
    return (used.user + used.system) / 1000;
  };
  for (let n = 0; n < 100 || warmCpuMs() < minMs / 2; ) for (const p of pages) {
    await read(p);
    n++;
  }
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < minMs || n < pages.length) {
    for (const p of pages) {
      await read(p);
      n++;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return n / ((cpu.user + cpu.system) / 1e6);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const sites = loadCorpus(root).filter((s) => s.id.includes(only));
  if (sites.length === 0) throw new Error(`no site folder (with a site.json) in ${root}`);
  const runner = new PageReader({ threads: 2 });
  const timer = new PageReader({ threads: 1, budgetMs: 60_000 });
  const rows: (SiteScore & { id: string; pagesPerSecond?: number; outcome: string })[] = [];
  const allPages: PageInput[] = [];
  try {
    for (const site of sites) {
      const mutated = mutations.length > 0 ? mutateSite(site, mutations, seed) : undefined;
      const dump = option('dump', '');
      if (mutated && dump) {
        for (const [key, body] of Object.entries(mutated.bodies)) {
          const file = path.join(dump, site.id, site.routes[key].file);
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, body);
        }
      }
      const server = await serveSite(site, mutated?.bodies);
      let result;
      try {
        result = await runSites([{ site, origin: server.origin }], { pages: runner });
      } finally {
        await server.close();
      }
      const s = score(mutated?.expected ?? site.expected, result.companies);
      let pagesPerSecond: number | undefined;
      if (speed) {
        const inputs = sitePages(site).map((p) => ({ html: decodePage(mutated?.bodies[p.key] ?? p.body, p.contentType).text, url: `http://127.0.0.1${p.key}`, contentType: p.contentType }));
        pagesPerSecond = await throughput(timer, inputs);
        allPages.push(...inputs);
      }
      rows.push({ id: site.id, ...s, pagesPerSecond, outcome: result.report[0]?.outcome ?? 'failed' });
      const detail = [s.missing.length ? `missing: ${s.missing.join('; ')}` : '', s.extra.length ? `not expected: ${s.extra.join('; ')}` : '', s.missedContacts.length ? `contacts missed: ${s.missedContacts.join('; ')}` : ''].filter(Boolean);
      if (detail.length) console.error(`${site.id}: ${detail.join(' | ')}`);
    }
    const synthetic = speed ? await throughput(timer, [{ html: syntheticPage(), url: 'https://annuaire.test/annuaire?q=btp&page=1', contentType: 'text/html' }]) : undefined;
    const corpus = speed ? await throughput(timer, allPages) : undefined;
    const meanKb = allPages.reduce((n, p) => n + Buffer.byteLength(p.html), 0) / Math.max(1, allPages.length) / 1024;

    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
    const total = {
      expected: sum((r) => r.expected),
      found: sum((r) => r.found),
      matched: sum((r) => r.matched),
      contactsExpected: sum((r) => r.contactsExpected),
      contactsFound: sum((r) => r.contactsFound),
      falseMerges: sum((r) => r.falseMerges),
      directoryContacts: sum((r) => r.directoryContacts),
      faxesAsPhones: sum((r) => r.faxesAsPhones),
    };
    const speeds = rows.map((r) => r.pagesPerSecond).filter((x): x is number => x !== undefined);
    const table = [
      ['fixture', 'outcome', 'companies', 'recall', 'precision', 'contacts', 'contact recall', 'false merges', 'dir. contacts', 'faxes as phones', 'pages/s'],
      ...rows.map((r) => [r.id, r.outcome, `${r.matched}/${r.expected} (${r.found} found)`, pct(r.companyRecall), pct(r.precision), `${r.contactsFound}/${r.contactsExpected}`, pct(r.contactRecall), String(r.falseMerges), String(r.directoryContacts), String(r.faxesAsPhones), r.pagesPerSecond === undefined ? '-' : r.pagesPerSecond.toFixed(0)]),
      [
        `ALL (${rows.length} sites)`,
        '',
        `${total.matched}/${total.expected} (${total.found} found)`,
        pct(total.matched / total.expected),
        pct(total.found ? total.matched / total.found : 1),
        `${total.contactsFound}/${total.contactsExpected}`,
        pct(total.contactsExpected ? total.contactsFound / total.contactsExpected : 1),
        String(total.falseMerges),
        String(total.directoryContacts),
        String(total.faxesAsPhones),
        speeds.length ? `${Math.min(...speeds).toFixed(0)}-${Math.max(...speeds).toFixed(0)}` : '-',
      ],
    ];
    const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
    const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    console.log(`Corpus: ${root}${mutations.length ? ` (mutated: ${mutations.join('+')}, seed ${seed})` : ''}`);
    console.log(line(table[0]));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of table.slice(1)) console.log(line(row));
    if (synthetic !== undefined) console.log(`\nSynthetic 100 KB listing page (95 cards): ${synthetic.toFixed(0)} pages/s of CPU time (parse + extraction, one worker thread).`);
    if (corpus !== undefined) console.log(`Corpus pages (${allPages.length} pages of ${rows.length} sites, mean ${meanKb.toFixed(0)} KB, each read in turn): ${corpus.toFixed(0)} pages/s of CPU time (same measure).`);
    console.log('Targets: company recall >= 90%, precision >= 95%, contact recall >= 90%, 0 false merges, 0 directory contacts, 0 faxes as phones, >= 200 pages/s.');
    fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
    fs.writeFileSync(jsonFile, JSON.stringify({ corpus: root, at: new Date().toISOString(), sites: rows, total, syntheticPagesPerSecond: synthetic, corpusPagesPerSecond: corpus, corpusMeanPageKb: speed ? meanKb : undefined }, null, 2));
  } finally {
    await Promise.all([runner.close(), timer.close()]);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
