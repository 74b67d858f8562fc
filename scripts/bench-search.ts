/**
 * npm run bench:search — the free search under real traffic, measured (never asserted).
 *
 * 1. Loads 1,000,000 demo companies into PostgreSQL (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/prospecting_bench, created if missing; kept between
 *    runs, `--reload` starts again, `--count N` changes the size).
 * 2. Reads the data's own vocabulary from a sample of 50,000 rows: common words, rare words
 *    (seen in few rows) and infixes (a word matches inside a longer one).
 * 3. Starts the real server (NODE_ENV=production) and waits for /readyz (the search index
 *    loaded), and a bare node + pg server that answers the same URLs with plain SQL
 *    (scripts/bench-bare.ts).
 * 4. Drives each with autocannon, 50 connections, one scenario at a time; every request is a
 *    fresh random combination (seeded: `--seed`), so caches of answers cannot help. Each
 *    scenario runs `--warmup` s unmeasured, then `--duration` s measured. Every scenario runs
 *    quiet, then again while a writer (scripts/bench-writer.ts, another process) does what
 *    extractions do: batches of 20 upserts, `--writes-per-s` (3) a second, over random
 *    wilayas and sectors.
 * 5. Prints one table per phase with the issue's checks (mean < 100 ms, p99 < 250 ms,
 *    >= 50% of GET /v1/secteurs' throughput when quiet, never slower than bare, facets within
 *    2x of the same search) and writes everything to bench-results/search.json.
 *
 * Options: --duration 8 --warmup 2 --connections 50 --seed 1 --writes-per-s 3
 *          --scenarios a,b (names or prefixes) --no-writes --no-bare --count N --reload
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { compose } from '../src/composition';
import { loadConfig } from '../src/platform/config';
import { SECTEURS } from '../src/search/secteurs';
import { seedDemoCompanies } from '../src/search/demoCompanies';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const COUNT = Number(option('count', '1000000'));
const DURATION = Number(option('duration', '8'));
const WARMUP = Number(option('warmup', '2'));
const CONNECTIONS = Number(option('connections', '50'));
const SEED = Number(option('seed', '1'));
const WRITES_PER_S = Number(option('writes-per-s', '3'));
const ONLY = option('scenarios', '').split(',').filter(Boolean);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prospecting_bench';
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** mulberry32: the same requests for the same --seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Vocabulary {
  common: string[];
  rare: string[];
  infixes: string[];
}

interface Scenario {
  name: string;
  /** The search whose throughput a facets scenario is compared with. */
  sameAs?: string;
  bare?: boolean;
  reference?: boolean;
  next: (random: () => number) => string;
}

function scenarios(v: Vocabulary): Scenario[] {
  const pick = <T>(random: () => number, xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const wilaya = (r: () => number) => 1 + Math.floor(r() * 58);
  const sectors = SECTEURS.map((s) => encodeURIComponent(s.nom));
  const q = (w: string) => encodeURIComponent(w);
  return [
    { name: 'no filter', bare: true, next: (r) => `/v1/entreprises?page=${1 + Math.floor(r() * 20)}` },
    { name: 'one wilaya', bare: true, next: (r) => `/v1/entreprises?wilayas=${wilaya(r)}&page=${1 + Math.floor(r() * 5)}` },
    { name: 'two sectors + score_min', bare: true, next: (r) => `/v1/entreprises?secteurs=${pick(r, sectors)}&secteurs=${pick(r, sectors)}&score_min=${Math.floor(r() * 90)}` },
    { name: 'one common word', bare: true, next: (r) => `/v1/entreprises?query=${q(pick(r, v.common))}&page=${1 + Math.floor(r() * 3)}` },
    { name: 'one rare word', bare: true, next: (r) => `/v1/entreprises?query=${q(pick(r, v.rare))}` },
    { name: 'infix of a word', bare: true, next: (r) => `/v1/entreprises?query=${q(pick(r, v.infixes))}` },
    { name: 'two words + wilaya', bare: true, next: (r) => `/v1/entreprises?query=${q(`${pick(r, v.common)} ${pick(r, [...v.common, ...v.rare])}`)}&wilayas=${wilaya(r)}` },
    { name: 'deep page', bare: true, next: (r) => `/v1/entreprises?wilayas=${wilaya(r)}&page=${100 + Math.floor(r() * 200)}&per_page=50` },
    { name: 'sort=nom, deep', next: (r) => `/v1/entreprises?wilayas=${wilaya(r)}&sort=nom&page=${50 + Math.floor(r() * 100)}&per_page=50` },
    { name: 'sort=-updated_at + word', next: (r) => `/v1/entreprises?query=${q(pick(r, v.common))}&sort=-updated_at` },
    { name: 'common word + wilaya', next: (r) => `/v1/entreprises?query=${q(pick(r, v.common))}&wilayas=${wilaya(r)}` },
    { name: 'facets: common word + wilaya', sameAs: 'common word + wilaya', next: (r) => `/v1/entreprises/facets?query=${q(pick(r, v.common))}&wilayas=${wilaya(r)}` },
    { name: 'facets: no filter', sameAs: 'no filter', next: () => `/v1/entreprises/facets` },
    { name: 'reference: GET /v1/secteurs', reference: true, next: () => '/v1/secteurs' },
    { name: 'reference: GET /healthz', reference: true, next: () => '/healthz' },
  ];
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const db = knexFactory({ client: 'pg', connection: admin.toString(), pool: { min: 0, max: 1 } });
  try {
    if (flag('reload')) await db.raw(`drop database if exists "${name}" with (force)`);
    const exists = await db.raw('select 1 from pg_database where datname = ?', [name]);
    if (exists.rows.length === 0) await db.raw(`create database "${name}"`);
  } finally {
    await db.destroy();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after ${seconds} s`);
}

/** The data's own words, by document frequency over a sample. */
async function vocabulary(knex: ReturnType<typeof knexFactory>): Promise<Vocabulary> {
  const rows: { search_text: string }[] = await knex.raw('select search_text from companies tablesample system (10) limit 50000').then((r: { rows: { search_text: string }[] }) => r.rows);
  const df = new Map<string, number>();
  for (const { search_text } of rows) for (const w of new Set(search_text.split(' '))) if (/^[\p{L}\p{N}]{3,}$/u.test(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const byFrequency = [...df].sort((a, b) => b[1] - a[1]);
  const common = byFrequency.slice(0, 20).map(([w]) => w);
  const rare = byFrequency.filter(([, n]) => n <= Math.max(2, rows.length / 2000)).map(([w]) => w);
  const rareSet = rare.length >= 10 ? rare : byFrequency.slice(-30).map(([w]) => w);
  const random = prng(SEED);
  const infixes = [...new Set(byFrequency.slice(0, 200).map(([w]) => { const at = Math.floor(random() * Math.max(1, w.length - 3)); return w.slice(at, at + 3 + Math.floor(random() * 2)); }))];
  return { common, rare: rareSet.slice(0, 200), infixes };
}

interface Measured {
  scenario: string;
  requests_per_s: number;
  mean_ms: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

async function drive(base: string, scenario: Scenario, headers: Record<string, string>, seed: number): Promise<Measured | null> {
  const random = prng(seed);
  const probe = await fetch(base + scenario.next(prng(seed + 1)), { headers });
  if (probe.status === 404 || probe.status === 400) return null; // not served by this build
  const options = {
    url: base,
    connections: CONNECTIONS,
    headers,
    requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: scenario.next(random) }) }],
  };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  return {
    scenario: scenario.name,
    requests_per_s: Math.round(r.requests.average),
    mean_ms: Number(r.latency.mean.toFixed(1)),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

function start(script: string, argv: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return spawn(tsx, [script, ...argv], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
}

async function main(): Promise<void> {
  await ensureDatabase();
  // The same graph as the CLI's (src/composition.ts): the database and the services only.
  const parts = await compose(loadConfig({ DATABASE_URL, API_KEY_SECRET: SECRET, SEED_DEMO: 'false' }), { serve: false });
  const knex = parts.database.knex;
  const existing = Number((await knex('companies').count<{ n: number }[]>({ n: '*' }))[0].n);
  if (existing < COUNT) {
    const started = Date.now();
    process.stderr.write(`loading ${COUNT} companies (found ${existing})...\n`);
    await seedDemoCompanies(knex, COUNT, (done, total) => {
      if (done % 100000 === 0) process.stderr.write(`  ${done}/${total} after ${Math.round((Date.now() - started) / 1000)} s\n`);
    });
    await knex.raw('vacuum analyze companies');
  }
  const total = Number((await knex('companies').count<{ n: number }[]>({ n: '*' }))[0].n);
  const vocab = await vocabulary(knex);
  await knex('plans').where({ id: 'enterprise' }).update({ requests_per_minute: 1_000_000_000 });
  const { api_key } = await parts.services.accounts.create({ name: 'Bench', plan: 'enterprise', credits: 0 });
  await parts.close();
  process.stderr.write(`${total} companies; common words: ${vocab.common.slice(0, 8).join(', ')}...; rare: ${vocab.rare.slice(0, 5).join(', ')}...\n`);

  const port = await freePort();
  const barePort = await freePort();
  const api = `http://127.0.0.1:${port}`;
  const bare = `http://127.0.0.1:${barePort}`;
  const server = start('src/server.ts', [], { ...process.env, DATABASE_URL, API_KEY_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  server.stdout?.pipe(process.stderr);
  const bareServer = flag('no-bare') ? undefined : start('scripts/bench-bare.ts', [DATABASE_URL, String(barePort)]);
  const children = [server, bareServer].filter(Boolean) as ChildProcess[];
  const results: Record<string, unknown>[] = [];
  const watcher = knexFactory({ client: 'pg', connection: DATABASE_URL, pool: { min: 0, max: 1 } });
  const quiet = async () => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await watcher.raw(`select pg_cancel_backend(pid) from pg_stat_activity where application_name = 'bench-bare' and state = 'active'`);
      if (rows.length === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    const t0 = performance.now();
    await waitFor(`${api}/readyz`, server, 600);
    process.stderr.write(`server ready (search index loaded) in ${Math.round((performance.now() - t0) / 1000)} s\n`);
    if (bareServer) await waitFor(`${bare}/v1/entreprises?wilayas=1`, bareServer, 60);
    const headers = { authorization: `Bearer ${api_key}` };
    const chosen = scenarios(vocab).filter((s) => ONLY.length === 0 || ONLY.some((o) => s.name.startsWith(o)));
    const phases = flag('no-writes') ? ['quiet'] : ['quiet', 'with writes'];
    for (const phase of phases) {
      let writer: ChildProcess | undefined;
      let writerReport: Promise<string> | undefined;
      if (phase === 'with writes') {
        writer = start('scripts/bench-writer.ts', [DATABASE_URL, String(WRITES_PER_S), String(SEED)]);
        writerReport = new Promise((resolve) => {
          const lines = readline.createInterface({ input: writer!.stdout! });
          lines.once('line', resolve);
          writer!.once('exit', () => resolve('{}'));
        });
        await new Promise((r) => setTimeout(r, 2000));
      }
      const rows: Record<string, unknown>[] = [];
      for (const [i, scenario] of chosen.entries()) {
        const mine = await drive(api, scenario, headers, SEED * 1000 + i);
        if (!mine) {
          process.stderr.write(`${phase}: ${scenario.name}: not served (404/400), skipped\n`);
          continue;
        }
        const theirs = scenario.bare && bareServer ? await drive(bare, scenario, {}, SEED * 1000 + i) : null;
        // The bare server's queries still queued when its time is up would slow the next
        // measurement down: cancel them.
        if (theirs) await quiet();
        rows.push({ ...mine, bare_requests_per_s: theirs?.requests_per_s ?? null, bare_mean_ms: theirs?.mean_ms ?? null, bare_errors: theirs?.errors ?? null, sameAs: scenario.sameAs, reference: scenario.reference ?? false });
        process.stderr.write(`${phase}: ${scenario.name}: ${mine.requests_per_s} req/s, mean ${mine.mean_ms} ms\n`);
      }
      let writes: unknown = null;
      if (writer) {
        writer.kill('SIGTERM');
        writes = JSON.parse(await writerReport!);
      }
      // The issue's targets, reported.
      const secteurs = rows.find((r) => r.scenario === 'reference: GET /v1/secteurs') as Measured | undefined;
      const table = rows.map((r) => {
        const m = r as unknown as Measured & { bare_requests_per_s: number | null; bare_mean_ms: number | null; sameAs?: string; reference: boolean };
        const same = m.sameAs ? (rows.find((x) => x.scenario === m.sameAs) as Measured | undefined) : undefined;
        const checks: string[] = [];
        if (!m.reference) {
          checks.push(m.mean_ms < 100 ? 'mean ok' : 'MEAN>100');
          checks.push(m.p99_ms < 250 ? 'p99 ok' : 'P99>250');
          if (phase === 'quiet' && secteurs) checks.push(m.requests_per_s >= secteurs.requests_per_s / 2 ? '>=50% ok' : '<50% OF SECTEURS');
          if (m.bare_requests_per_s !== null) checks.push(m.requests_per_s >= m.bare_requests_per_s ? '>=bare ok' : 'SLOWER THAN BARE');
          if (same) checks.push(m.requests_per_s * 2 >= same.requests_per_s ? 'facets ok' : 'FACETS >2x');
          if (m.errors > 0) checks.push('ERRORS');
        }
        return { scenario: m.scenario, 'req/s': m.requests_per_s, mean: m.mean_ms, p50: m.p50_ms, p99: m.p99_ms, errors: m.errors, 'bare req/s': m.bare_requests_per_s, 'bare mean': m.bare_mean_ms, checks: checks.join(' ') };
      });
      console.log(`\n${phase}: ${total} companies, ${CONNECTIONS} connections, ${DURATION} s per scenario after ${WARMUP} s warm-up${writes ? `; writer: ${JSON.stringify(writes)}` : ''}`);
      console.table(table);
      results.push({ phase, writer: writes, scenarios: rows });
    }
    const report = { date: new Date().toISOString(), companies: total, connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, seed: SEED, writes_per_s: WRITES_PER_S, node: process.version, vocabulary: vocab, phases: results };
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results/search.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('written to bench-results/search.json');
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await watcher.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
