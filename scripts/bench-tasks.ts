/**
 * npm run bench:tasks — extraction tasks under load, measured (never asserted).
 *
 * 1. A fresh PostgreSQL database (BENCH_TASKS_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/prospecting_bench_tasks, dropped and created again),
 *    4 accounts (`--accounts`), each with a webhook endpoint for scraping.task.completed on a
 *    local receiver.
 * 2. A local directory site: every (sector, wilaya) search answers a listing of 10 companies
 *    with phones, after `--latency-ms` (40) ms, as a directory on the network would.
 * 3. The real server (node dist/src/server.js, NODE_ENV=production, TASK_CONCURRENCY
 *    `--concurrency` (4), WEBHOOKS_ALLOW_PRIVATE=true for the local receiver).
 * 4. Each account keeps `--in-flight` (2) tasks submitted (POST /v1/scraping/tasks), submitting
 *    the next one when the webhook of one arrives, for `--duration` (60) s.
 * Prints tasks completed per minute (all accounts) and the time from a task's completion (the
 * event's `timestamp`, written in the completing transaction) to the webhook's arrival: p50,
 * p95, p99, max; the target is p99 < 1 s. Writes bench-results/tasks.json.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { compose } from '../src/composition';
import { loadConfig } from '../src/platform/config';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const ACCOUNTS = Number(option('accounts', '4'));
const IN_FLIGHT = Number(option('in-flight', '2'));
const DURATION_S = Number(option('duration', '60'));
const CONCURRENCY = Number(option('concurrency', '4'));
const LATENCY_MS = Number(option('latency-ms', '40'));
const DATABASE_URL = process.env.BENCH_TASKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/prospecting_bench_tasks';
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const root = path.resolve(__dirname, '..');
const WILAYAS = ['Alger', 'Oran', 'Blida', 'Sétif', 'Annaba', 'Batna', 'Tlemcen', 'Béjaïa', 'Tizi Ouzou', 'Biskra'];

async function freshDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = knexFactory({ client: 'pg', connection: url.toString() });
  await admin.raw(`drop database if exists ${name} with (force)`);
  await admin.raw(`create database ${name}`);
  await admin.destroy();
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** A directory: 10 companies per search, each with a phone, after LATENCY_MS. */
function directory(): http.Server {
  let serial = 0;
  return http.createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    const page = ++serial;
    const cards = Array.from({ length: 10 }, (_, i) => {
      const n = String(page * 10 + i).padStart(6, '0').slice(-6);
      return `<article class="fiche"><h2>Entreprise Banc ${page}-${i}</h2><a href="tel:0661${n}">0661 ${n}</a></article>`;
    }).join('');
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body>${cards}</body></html>`), LATENCY_MS);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The server this bench started: stopped when the bench fails, so that it does not run on (and take the next run's jobs). */
let spawned: ReturnType<typeof spawn> | undefined;

async function main(): Promise<void> {
  await freshDatabase();
  const dir = directory();
  const dirUrl = await listen(dir);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tasks-'));
  const sourcesFile = path.join(work, 'sources.yaml');
  fs.writeFileSync(sourcesFile, `sources:\n  - name: annuaire-banc\n    search_url: "${dirUrl}/recherche?secteur={secteur}&wilaya={wilaya}"\n    selectors:\n      item: "article.fiche"\n`);

  // Accounts, made before the server starts (the CLI's own graph).
  const env = { ...process.env, DATABASE_URL, API_KEY_SECRET: SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  const setup = await compose(loadConfig(env), { serve: false });
  const accounts = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await setup.services.accounts.create({ name: `Banc ${i}`, plan: 'enterprise', credits: 1_000_000 }));
  await setup.close();

  // The webhook receiver: latency from the event's timestamp to its arrival.
  const latencies: number[] = [];
  const waiting = new Map<string, () => void>();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const arrived = Date.now();
      res.writeHead(204).end();
      const event = JSON.parse(body) as { type: string; timestamp: string; data: { task_id: string } };
      latencies.push(arrived - Date.parse(event.timestamp));
      waiting.get(event.data.task_id)?.();
    });
  });
  const receiverUrl = await listen(receiver);

  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const server = (spawned = spawn(process.execPath, [path.join(root, 'dist/src/server.js')], {
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SCRAPING_SOURCES: sourcesFile, TASK_CONCURRENCY: String(CONCURRENCY), WEBHOOKS_ALLOW_PRIVATE: 'true', SEARCH_INDEX: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 300) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  const call = (key: string, method: string, p: string, body?: unknown) =>
    fetch(`${base}${p}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  for (const a of accounts) {
    const r = await call(a.api_key, 'POST', '/v1/webhook-endpoints', { url: `${receiverUrl}/hooks`, events: ['scraping.task.completed'] });
    if (r.status !== 201) throw new Error(`webhook endpoint: ${r.status} ${await r.text()}`);
  }

  const started = Date.now();
  const stopAt = started + DURATION_S * 1000;
  let completed = 0;
  let submitted = 0;
  const loop = async (key: string) => {
    while (Date.now() < stopAt) {
      const wilaya = WILAYAS[submitted % WILAYAS.length];
      submitted++;
      const r = await call(key, 'POST', '/v1/scraping/tasks', { secteur: 'BTP', wilaya, max_results: 10 });
      if (r.status !== 202) throw new Error(`submit: ${r.status} ${await r.text()}`);
      const { task_id } = (await r.json()) as { task_id: string };
      await new Promise<void>((resolve) => waiting.set(task_id, resolve));
      waiting.delete(task_id);
      completed++;
    }
  };
  await Promise.all(accounts.flatMap((a) => Array.from({ length: IN_FLIGHT }, () => loop(a.api_key))));
  const elapsedMin = (Date.now() - started) / 60_000;

  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  dir.close();
  receiver.close();
  fs.rmSync(work, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const result = {
    accounts: ACCOUNTS,
    in_flight_per_account: IN_FLIGHT,
    task_concurrency: CONCURRENCY,
    directory_latency_ms: LATENCY_MS,
    duration_s: Math.round(elapsedMin * 60),
    tasks_completed: completed,
    tasks_per_minute: Math.round(completed / elapsedMin),
    webhook_latency_ms: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN },
    machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Math.round(l * 10) / 10) },
  };
  process.stdout.write(
    [
      `Extraction tasks: ${ACCOUNTS} accounts x ${IN_FLIGHT} in flight, TASK_CONCURRENCY=${CONCURRENCY}, directory answering in ${LATENCY_MS} ms, ${result.duration_s} s`,
      `  tasks completed: ${completed} (${result.tasks_per_minute} per minute)`,
      `  completion -> webhook delivered: p50 ${result.webhook_latency_ms.p50} ms, p95 ${result.webhook_latency_ms.p95} ms, p99 ${result.webhook_latency_ms.p99} ms, max ${result.webhook_latency_ms.max} ms` +
        ` (target p99 < 1000 ms: ${result.webhook_latency_ms.p99 < 1000 ? 'met' : 'NOT met'})`,
      `  load average at the end: ${result.machine.load.join(', ')}`,
      '',
    ].join('\n'),
  );
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench-results', 'tasks.json'), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((err) => {
  process.stderr.write(`bench:tasks failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  spawned?.kill('SIGKILL');
  process.exit(1);
});
