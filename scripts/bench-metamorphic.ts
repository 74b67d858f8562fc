/**
 * npm run bench:metamorphic [-- <set folder> ...] — how the extraction's results move under
 * changes a reader would not notice (test/helpers/metamorphic.ts), measured, never asserted.
 *
 * Every site of every set (default: the corpus and the three held-out sets) is served unmutated,
 * then under each mutation alone and a few combined, for each seed; each run is scored against
 * the same expected.json (plus the contacts the furniture mutation adds to the directory's).
 * Prints one row per mutation: company recall, precision and contact recall over all sites of
 * all sets (and their drop from the unmutated run), false merges, directory contacts on
 * companies, faxes as phones (summed over seeds), and the sites that lost anything.
 *
 * Options: --seeds 2 (seeds 1..n), --mutations classes,tags,... (default: each alone, then
 *          markup, text, all), --detail (print each lost company and contact),
 *          --json <file> (default bench-results/metamorphic.json).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PageReader } from '../src/extraction/pages';
import { loadCorpus, runSites, score, serveSite, type CorpusSite } from '../test/helpers/directoryCorpus';
import { MUTATIONS, mutateSite, parseMutations } from '../test/helpers/metamorphic';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const valued = ['--seeds', '--mutations', '--json'];
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && valued.includes(args[i - 1])));
const fixtures = path.join(__dirname, '..', 'test', 'fixtures');
const roots = positional.length ? positional.map((p) => path.resolve(p)) : ['directories', 'directories-holdout', 'directories-holdout-2', 'directories-holdout-3'].map((d) => path.join(fixtures, d));
const seeds = Number(option('seeds', '2'));
const specs = option('mutations', [...MUTATIONS.filter((m) => m !== 'identity'), 'identity', 'markup', 'text', 'all'].join(','))
  .split(',')
  .filter(Boolean);
const detail = args.includes('--detail');
const jsonFile = option('json', path.join(__dirname, '..', 'bench-results', 'metamorphic.json'));

interface Totals {
  expected: number;
  found: number;
  matched: number;
  contactsExpected: number;
  contactsFound: number;
  falseMerges: number;
  directoryContacts: number;
  faxesAsPhones: number;
}
const zero = (): Totals => ({ expected: 0, found: 0, matched: 0, contactsExpected: 0, contactsFound: 0, falseMerges: 0, directoryContacts: 0, faxesAsPhones: 0 });

async function main(): Promise<void> {
  const sites: { set: string; site: CorpusSite }[] = roots.flatMap((root) => loadCorpus(root).map((site) => ({ set: path.basename(root), site })));
  const pages = new PageReader({ threads: 2 });
  /** Per spec: totals, and per site key the matched + contacts found (to name the sites that lost some). */
  const results: { spec: string; totals: Totals; bySite: Map<string, { matched: number; contacts: number; found: number; bad: number; notes: string[] }> }[] = [];
  try {
    for (const spec of ['none', ...specs]) {
      const mutations = spec === 'none' ? [] : parseMutations(spec);
      const totals = zero();
      const bySite = new Map<string, { matched: number; contacts: number; found: number; bad: number; notes: string[] }>();
      for (let seed = 1; seed <= (spec === 'none' ? 1 : seeds); seed++) {
        for (const { set, site } of sites) {
          const mutated = mutations.length ? mutateSite(site, mutations, seed) : undefined;
          const server = await serveSite(site, mutated?.bodies);
          let companies;
          try {
            ({ companies } = await runSites([{ site, origin: server.origin }], { pages }));
          } finally {
            await server.close();
          }
          const s = score(mutated?.expected ?? site.expected, companies);
          for (const k of Object.keys(totals) as (keyof Totals)[]) totals[k] += s[k];
          const key = `${set}/${site.id}`;
          const row = bySite.get(key) ?? { matched: 0, contacts: 0, found: 0, bad: 0, notes: [] };
          row.matched += s.matched;
          row.contacts += s.contactsFound;
          row.found += s.found;
          row.bad += s.falseMerges + s.directoryContacts + s.faxesAsPhones;
          if (detail) {
            const d = [s.missing.length ? `missing: ${s.missing.join('; ')}` : '', s.extra.length ? `not expected: ${s.extra.join('; ')}` : '', s.missedContacts.length ? `contacts missed: ${s.missedContacts.join('; ')}` : '', s.falseMerges + s.directoryContacts + s.faxesAsPhones ? `merges ${s.falseMerges}, dir. ${s.directoryContacts}, faxes ${s.faxesAsPhones}` : ''].filter(Boolean);
            if (d.length) row.notes.push(`seed ${seed}: ${d.join(' | ')}`);
          }
          bySite.set(key, row);
        }
      }
      results.push({ spec, totals, bySite });
      process.stderr.write(`${spec} done\n`);
    }
  } finally {
    await pages.close();
  }
  const base = results[0];
  const pct = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const fmt = (x: number) => `${(x * 100).toFixed(1)}%`;
  const delta = (x: number, y: number) => {
    const d = (x - y) * 100;
    return Math.abs(d) < 0.05 ? '' : ` (${d > 0 ? '+' : ''}${d.toFixed(1)})`;
  };
  const metrics = (t: Totals) => ({ recall: pct(t.matched, t.expected), precision: pct(t.matched, t.found), contacts: pct(t.contactsFound, t.contactsExpected) });
  const b = metrics(base.totals);
  const table = [['mutation', 'recall', 'precision', 'contact recall', 'false merges', 'dir. contacts', 'faxes as phones', 'sites that lost']];
  for (const r of results) {
    const m = metrics(r.totals);
    const runs = r.spec === 'none' ? 1 : seeds;
    const lost = [...r.bySite.entries()].filter(([k, v]) => {
      const b0 = base.bySite.get(k)!;
      return v.matched < b0.matched * runs || v.contacts < b0.contacts * runs || v.found > b0.found * runs || v.bad > 0;
    });
    table.push([r.spec === 'none' ? 'unmutated' : r.spec, `${fmt(m.recall)}${delta(m.recall, b.recall)}`, `${fmt(m.precision)}${delta(m.precision, b.precision)}`, `${fmt(m.contacts)}${delta(m.contacts, b.contacts)}`, String(r.totals.falseMerges), String(r.totals.directoryContacts), String(r.totals.faxesAsPhones), lost.length ? `${lost.length}: ${lost.slice(0, 6).map(([k]) => k.split('/')[1]).join(', ')}${lost.length > 6 ? ', …' : ''}` : '0']);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`Sets: ${roots.map((r) => path.basename(r)).join(', ')} (${sites.length} sites); seeds 1..${seeds}`);
  console.log(line(table[0]));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.slice(1)) console.log(line(row));
  if (detail)
    for (const r of results.slice(1))
      for (const [k, v] of r.bySite) for (const n of v.notes) console.log(`[${r.spec}] ${k} ${n}`);
  fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
  fs.writeFileSync(jsonFile, JSON.stringify({ sets: roots, seeds, at: new Date().toISOString(), results: results.map((r) => ({ spec: r.spec, totals: r.totals, sites: Object.fromEntries(r.bySite) })) }, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
