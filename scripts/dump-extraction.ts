/**
 * npx tsx scripts/dump-extraction.ts <out.json> [--no-run] — a canonical dump of what the extraction
 * reads from every fixture page, to check that a change meant to be a refactoring or a speed-up
 * changes no result: take a dump before the change, another after, and compare the files (cmp).
 *
 * Dumped, for every site of every set in test/fixtures/directories*: every page read in-process by
 * the page worker's readPage (src/extraction/pageWorker.ts), as a listing, as a listing with the
 * site's directory contacts, and as a detail page; the same for the site's pages mutated
 * (test/helpers/metamorphic.ts, seed 1: all, markup, text, classes, furniture); the bench's
 * synthetic page; and, unless --no-run, the real run of every site (runSites: fetcher, worker
 * pool, merge; its companies and report, the origin written {origin}). The dump is deterministic:
 * two runs of the same code write the same bytes. Prints its SHA-256.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodePage } from '../src/extraction/decode';
import { PageReader } from '../src/extraction/pages';
import { readPage, type PageTask } from '../src/extraction/pageWorker';
import { loadCorpus, runSites, serveSite, sitePages } from '../test/helpers/directoryCorpus';
import { mutateSite, parseMutations } from '../test/helpers/metamorphic';
import { syntheticPage } from '../test/helpers/syntheticPage';

const out = process.argv[2];
const noRun = process.argv.includes('--no-run');
const fixtures = path.join(__dirname, '..', 'test', 'fixtures');
/** Mutation sets the pages are also read under (name, spec). */
const VARIANTS: [string, string][] = [['plain', ''], ['all', 'all'], ['markup', 'markup'], ['text', 'text'], ['classes', 'classes'], ['furniture', 'furniture']];

/** Sets and maps as tagged arrays, so that JSON keeps them and their order. */
function canon(v: unknown): unknown {
  if (v instanceof Set) return { $set: [...v].map(canon) };
  if (v instanceof Map) return { $map: [...v].map(([k, x]) => [canon(k), canon(x)]) };
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, canon(x)]));
  return v;
}

function read(task: PageTask): unknown {
  try {
    return canon(readPage(task));
  } catch (err) {
    return { error: String(err) };
  }
}

async function main(): Promise<void> {
  if (!out) throw new Error('usage: npx tsx scripts/dump-extraction.ts <out.json> [--no-run]');
  const dump: Record<string, unknown> = {};
  const sets = fs.readdirSync(fixtures).filter((d) => d.startsWith('directories')).sort();
  const reader = noRun ? undefined : new PageReader({ threads: 2 });
  let pages = 0;
  try {
    for (const set of sets) {
      for (const site of loadCorpus(path.join(fixtures, set))) {
        for (const [name, spec] of VARIANTS) {
          const mutated = spec ? mutateSite(site, parseMutations(spec), 1) : undefined;
          for (const p of sitePages(site)) {
            const base = { html: decodePage(mutated?.bodies[p.key] ?? p.body, p.contentType).text, url: `http://127.0.0.1${p.key}`, selectors: {}, contentType: p.contentType };
            const siteContacts = site.expected.directory_contacts;
            dump[`${set}/${site.id}/${name}${p.key}`] = {
              listing: read({ kind: 'listing', ...base }),
              listingSite: read({ kind: 'listing', ...base, siteContacts }),
              detail: read({ kind: 'detail', ...base, siteContacts }),
            };
            pages++;
          }
        }
        if (reader) {
          const server = await serveSite(site);
          try {
            const r = await runSites([{ site, origin: server.origin }], { pages: reader });
            dump[`run/${set}/${site.id}`] = JSON.parse(JSON.stringify(canon({ companies: r.companies, report: r.report })).replaceAll(server.origin, '{origin}'));
          } finally {
            await server.close();
          }
        }
      }
    }
  } finally {
    await reader?.close();
  }
  dump.synthetic = read({ kind: 'listing', html: syntheticPage(), url: 'https://annuaire.test/annuaire?q=btp&page=1', selectors: {}, contentType: 'text/html' });
  const text = JSON.stringify(dump, null, 1);
  fs.writeFileSync(out, text);
  console.log(`${pages} pages, ${Object.keys(dump).length} entries, sha256 ${crypto.createHash('sha256').update(text).digest('hex')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
