/**
 * npm run bench:large-pages [-- --min-kb 40 --ms 8000] — parse + extraction speed on the largest
 * pages of every fixture set (measured, never asserted).
 *
 * The synthetic page of `npm run bench:extraction` is dense on purpose (95 cards and 285 numbers
 * in 100 KB, more than a real page holds). This one reads the pages the held-out sets' writers
 * modelled on real directories at their real size (WordPress, Drupal, Joomla, Laravel, builders:
 * scripts, styles, menus, filters, footers around the entries): every HTML page of
 * `test/fixtures/directories*` of at least --min-kb (default 40) KB, decoded as the fetcher does,
 * read as a listing page in turn by one page worker (the production PageReader), after a warm-up.
 * Prints pages per second of CPU time and the same as 100 KB pages per second (bytes read / 100 KB),
 * the unit, beside the pages' count and mean size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodePage } from '../src/extraction/decode';
import { PageReader } from '../src/extraction/pages';
import { loadCorpus, sitePages } from '../test/helpers/directoryCorpus';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
const minKb = option('min-kb', 40);
const minMs = option('ms', 8000);

interface Input {
  html: string;
  url: string;
  contentType: string;
  bytes: number;
}

async function main(): Promise<void> {
  const fixtures = path.join(__dirname, '..', 'test', 'fixtures');
  const pages: Input[] = [];
  for (const set of fs.readdirSync(fixtures).filter((d) => d.startsWith('directories')).sort()) {
    for (const site of loadCorpus(path.join(fixtures, set))) {
      for (const p of sitePages(site)) {
        if (!p.contentType.includes('html') || p.body.length < minKb * 1024) continue;
        pages.push({ html: decodePage(p.body, p.contentType).text, url: `http://127.0.0.1${p.key}`, contentType: p.contentType, bytes: p.body.length });
      }
    }
  }
  if (pages.length === 0) throw new Error(`no HTML page of ${minKb} KB or more`);
  const reader = new PageReader({ threads: 1, budgetMs: 60_000 });
  try {
    const read = async (p: Input) => {
      const r = await reader.read({ kind: 'listing', html: p.html, url: p.url, selectors: {}, contentType: p.contentType });
      if (!r.ok) throw new Error(`${p.url}: ${r.message}`);
    };
    // Warm-up in CPU time (as bench:extraction does): the worker's code compiled and optimised.
    const warm = process.cpuUsage();
    for (let round = 0; round < 2 || (process.cpuUsage(warm).user + process.cpuUsage(warm).system) / 1000 < minMs / 2; round++) for (const p of pages) await read(p);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let n = 0;
    let bytes = 0;
    while (performance.now() - t0 < minMs) {
      for (const p of pages) {
        await read(p);
        n++;
        bytes += p.bytes;
      }
    }
    const cpu = process.cpuUsage(cpu0);
    const seconds = (cpu.user + cpu.system) / 1e6;
    const meanKb = pages.reduce((a, p) => a + p.bytes, 0) / pages.length / 1024;
    console.log(`${pages.length} HTML pages of ${minKb} KB or more (mean ${meanKb.toFixed(1)} KB) from test/fixtures/directories*:`);
    console.log(`${(n / seconds).toFixed(0)} pages/s of CPU time, ${(bytes / 102_400 / seconds).toFixed(0)} x 100 KB/s (parse + extraction, one worker thread).`);
  } finally {
    await reader.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
