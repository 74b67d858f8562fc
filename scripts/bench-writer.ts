/**
 * The background writer of `npm run bench:search`: what extractions do, from another process
 * (another database client, like another API instance). Every 1/rate seconds, one transaction
 * upserts a batch of 20 companies through the project's own write path (upsertCompanies):
 * 14 new companies and 6 updates of existing demo companies (new score and activity), spread
 * over random wilayas and sectors. Prints one JSON line with what it did when it gets SIGTERM.
 *
 *   tsx scripts/bench-writer.ts <database-url> <batches-per-second> <seed>
 */
import { openDatabase } from '../src/platform/db';
import { SECTEURS } from '../src/search/secteurs';
import { upsertCompanies, type CompanyInput } from '../src/search/companyRepository';
import { DEMO_CAPACITY, demoCompany } from '../src/search/demoCompanies';

const [url, rateArg, seedArg] = process.argv.slice(2);
const rate = Number(rateArg ?? 3);
let state = Number(seedArg ?? 1) >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
const run = `${Date.now().toString(36)}${process.pid}`;

async function main(): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  const existing = Number((await database.knex('companies').count<{ n: number }[]>({ n: '*' }))[0].n);
  let stopping = false;
  let batches = 0;
  let failed = 0;
  let n = 0;
  const latencies: number[] = [];
  process.on('SIGTERM', () => {
    stopping = true;
  });
  const started = performance.now();
  while (!stopping) {
    const due = started + (batches + failed) * (1000 / rate);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (stopping) break;
    const batch: CompanyInput[] = [];
    for (let i = 0; i < 14; i++) {
      const secteur = pick(SECTEURS);
      batch.push({
        nom: `Bench ${run} ${++n} ${pick(['Services', 'Distribution', 'Conseil', 'Import Export', 'Travaux'])}`,
        wilaya_code: 1 + Math.floor(random() * 58),
        secteur_id: secteur.id,
        activite: secteur.nom,
        email: random() < 0.6 ? `contact${n}@bench-${run}.dz` : null,
        telephone: random() < 0.5 ? `+2135500${String(n % 100000).padStart(5, '0')}` : null,
        score_qualite: Math.floor(random() * 101),
        source: 'scraping',
        source_url: null,
      });
    }
    const seen = new Set<number>();
    while (seen.size < 6) seen.add(Math.floor(random() * Math.min(existing, DEMO_CAPACITY)));
    for (const i of seen) batch.push({ ...demoCompany(i), activite: `${pick(SECTEURS).nom} : mise à jour ${n}`, score_qualite: Math.floor(random() * 101), source: 'scraping' });
    const t0 = performance.now();
    try {
      await database.knex.transaction((trx) => upsertCompanies(trx, batch));
      batches++;
      latencies.push(performance.now() - t0);
    } catch (err) {
      failed++;
      process.stderr.write(`writer: ${(err as Error).message}\n`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length);
  process.stdout.write(`${JSON.stringify({ batches, failed, batches_per_s: Number((batches / seconds).toFixed(2)), companies_written: batches * 20, mean_ms: Number(mean.toFixed(1)), p99_ms: Number((latencies[Math.floor(latencies.length * 0.99)] ?? 0).toFixed(1)) })}\n`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
