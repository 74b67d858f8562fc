/**
 * npm run bench:search — the free search at scale, measured (never asserted).
 *
 * 1. Loads 1,000,000 demo companies into PostgreSQL (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/prospecting_bench, created if missing). The load is
 *    kept between runs; `--reload` starts from an empty database, `--count N` changes the size.
 * 2. Starts the real server (tsx src/server.ts, NODE_ENV=production) on a free port.
 * 3. Drives it with autocannon, 50 connections, over a realistic mix of searches, one
 *    scenario at a time: each scenario's first (cold) request is timed alone, then the
 *    scenario runs `--warmup` seconds unmeasured (default 3: a steady server, JIT compiled),
 *    then `--duration` seconds measured. One scenario sends a different page every request
 *    (nothing is served twice); two reference rows show what an authenticated request costs
 *    with no search at all (`GET /v1/secteurs`) and with no key and no contract (`/healthz`).
 * 4. Prints a table (scenario, requests/s, mean, p50, p99, cold) and writes it as JSON to
 *    bench-results/search.json.
 *
 * The benchmark database's enterprise plan is given a very high request limit (plans are
 * data), so the rate limiter does not turn the measurement into a 429 benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import knexFactory from 'knex';
import { openDatabase } from '../src/db';
import { AccountService } from '../src/services/accounts';
import { ApiKeyService } from '../src/services/apiKeys';
import { seedDemoCompanies } from '../src/services/demoCompanies';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const COUNT = Number(option('count', '1000000'));
const DURATION = Number(option('duration', '10'));
const WARMUP = Number(option('warmup', '3'));
const CONNECTIONS = Number(option('connections', '50'));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prospecting_bench';
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const root = path.resolve(__dirname, '..');

/** 58 wilayas x pages 1-200: 11,600 different requests, more than a run sends. */
const walkPath = (i: number) => `/v1/entreprises?wilayas=${1 + (i % 58)}&page=${1 + (Math.floor(i / 58) % 200)}`;

const SCENARIOS: { name: string; path: string; vary?: (i: number) => string }[] = [
  { name: 'no filter', path: '/v1/entreprises' },
  { name: 'one wilaya', path: '/v1/entreprises?wilayas=16' },
  { name: 'two sectors + score_min', path: '/v1/entreprises?secteurs=BTP&secteurs=Sant%C3%A9&score_min=70' },
  { name: 'one-word query', path: '/v1/entreprises?query=numidia' },
  { name: 'two-word query', path: '/v1/entreprises?query=atlas%20distribution' },
  { name: 'deep page', path: '/v1/entreprises?wilayas=31&page=200&per_page=50' },
  { name: 'every request a new page', path: walkPath(0), vary: walkPath },
  { name: 'reference: GET /v1/secteurs', path: '/v1/secteurs' },
  { name: 'reference: GET /healthz', path: '/healthz' },
];

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

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready in 60 s');
}

async function main(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL });
  const knex = database.knex;
  const existing = Number((await knex('companies').count<{ n: number }[]>({ n: '*' }))[0].n);
  if (existing < COUNT) {
    const started = Date.now();
    process.stderr.write(`loading ${COUNT} companies (found ${existing})...\n`);
    await seedDemoCompanies(knex, COUNT, (done, total) => {
      if (done % 100000 === 0) process.stderr.write(`  ${done}/${total} after ${Math.round((Date.now() - started) / 1000)} s\n`);
    });
    process.stderr.write(`loaded in ${Math.round((Date.now() - started) / 1000)} s; analysing\n`);
    await knex.raw('vacuum analyze companies');
    await knex.raw('vacuum analyze company_counts');
  }
  const total = Number((await knex('companies').count<{ n: number }[]>({ n: '*' }))[0].n);
  await knex('plans').where({ id: 'enterprise' }).update({ requests_per_minute: 1_000_000_000 });
  const apiKeys = new ApiKeyService(knex, SECRET);
  const { api_key } = await new AccountService(knex, apiKeys).create({ name: 'Bench', plan: 'enterprise', credits: 0 });
  await database.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL, API_KEY_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(url, child);
    const headers = { authorization: `Bearer ${api_key}` };
    const rows: Record<string, unknown>[] = [];
    for (const scenario of SCENARIOS) {
      const t0 = performance.now();
      const cold = await fetch(url + scenario.path, { headers });
      const coldMs = performance.now() - t0;
      const body = (await cold.json()) as { total?: number };
      if (!cold.ok) throw new Error(`${scenario.name}: ${cold.status} ${JSON.stringify(body)}`);
      let sent = 1;
      const options = {
        url: url + scenario.path,
        connections: CONNECTIONS,
        headers,
        ...(scenario.vary
          ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: scenario.vary!(sent++) }) }] }
          : {}),
      };
      if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
      const result = await autocannon({ ...options, duration: DURATION });
      const non2xx = result.non2xx + result.errors + result.timeouts;
      rows.push({
        scenario: scenario.name,
        path: scenario.path,
        matches: body.total,
        requests_per_s: Math.round(result.requests.average),
        mean_ms: Number(result.latency.mean.toFixed(1)),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        cold_ms: Number(coldMs.toFixed(1)),
        errors: non2xx,
      });
      process.stderr.write(`${scenario.name}: done\n`);
    }
    const report = { date: new Date().toISOString(), companies: total, connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, node: process.version, scenarios: rows };
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results/search.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nSearch over ${total} companies, ${CONNECTIONS} connections, ${DURATION} s per scenario after ${WARMUP} s of warm-up\n`);
    console.table(rows.map(({ path: _p, ...r }) => r));
    console.log('written to bench-results/search.json');
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
