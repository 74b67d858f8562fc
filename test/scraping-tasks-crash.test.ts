import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, createStore, eventually, ServerProcess, type Store } from './helpers/operator';
import { BLIDA_LISTING, BLIDA_PAGE, writeFicheSources } from './helpers/ficheDirectory';
import { slow, startSite, type Site } from './helpers/fixtureServer';

// The real server (`node dist/src/server.js`) killed (SIGKILL) while a background extraction
// task runs: after the restart the task is taken up again, completes once and is charged once.
// Embedded store: taken up at start (one process at a time holds it). PostgreSQL: once its
// lease (15 s without a heartbeat) is over, by the next sweep (every 5 s).

jest.setTimeout(180_000);

let store: Store | undefined;
let site: Site | undefined;
let dir: string | undefined;
const servers: ServerProcess[] = [];
const stores: Store[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  await site?.close();
  for (const s of [store, ...stores]) await s?.remove();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('SIGKILL mid-task: after the restart the task completes once, with one charge naming it', async () => {
  store = await createStore();
  site = await startSite({ [BLIDA_LISTING]: slow(2_000, BLIDA_PAGE) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-tasks-crash-'));
  const sourcesFile = writeFicheSources(dir, site.origin, 'annuaire-lent');
  const env = { ...store.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'true', SEARCH_INDEX: 'off', SCRAPING_SOURCES: sourcesFile, SCRAPING_DEADLINE_MS: '8000' };
  const first = ServerProcess.start(env);
  servers.push(first);
  const demo = await first.banner();
  const port = await first.listeningPort();
  const call = (p: number, method: string, url: string, body?: unknown) => callApi(p, demo.api_key, method, url, body);
  const before = (await call(port, 'GET', '/v1/me')).body.credit_balance as number;

  const submitted = await call(port, 'POST', '/v1/scraping/tasks', { secteur: 'BTP', wilaya: 'Blida' });
  expect(submitted.status).toBe(202);
  const taskId = submitted.body.task_id as string;
  await eventually(async () => site!.hits.includes(BLIDA_LISTING), 30_000, 5); // running, waiting on the directory
  expect((await call(port, 'GET', `/v1/scraping/tasks/${taskId}`)).body.status).toBe('running');
  await first.kill(); // SIGKILL, mid-run
  const killedAt = Date.now();

  const again = ServerProcess.start(env);
  servers.push(again);
  const againPort = await again.listeningPort();
  const done = await eventually(async () => {
    const res = await call(againPort, 'GET', `/v1/scraping/tasks/${taskId}`);
    return res.body.status === 'completed' || res.body.status === 'failed' ? res : undefined;
  }, 60_000, 200);
  const recoveredMs = Date.now() - killedAt;
  if (process.env.TASKS_CRASH_REPORT) process.stdout.write(`task completed ${recoveredMs} ms after the SIGKILL (${store.kind})\n`);
  // Restart, then: embedded, at once; PostgreSQL, the lease (15 s) and a sweep (5 s); then the 2 s listing.
  expect(recoveredMs).toBeLessThan(store.kind === 'embedded' ? 30_000 : 45_000);
  expect(done.body).toMatchObject({ status: 'completed', results_found: 2, credits_used: 2 });
  expect(site.hits.filter((h) => h === BLIDA_LISTING).length).toBe(2); // read by the dead run, then the new one
  expect((await call(againPort, 'GET', '/v1/me')).body.credit_balance).toBe(before - 2);
  const ledger = (await call(againPort, 'GET', '/v1/credits/ledger')).body.items as { amount: number; task_id?: string }[];
  expect(ledger.filter((e) => e.amount < 0)).toEqual([expect.objectContaining({ amount: -2, task_id: taskId })]);
  // Later sweeps change nothing.
  await new Promise((r) => setTimeout(r, 6_000));
  expect((await call(againPort, 'GET', '/v1/me')).body.credit_balance).toBe(before - 2);
  expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
});

test('SIGTERM mid-task: the worker finishes the task (within its deadline) and bills it before the server exits 0', async () => {
  const own = await createStore();
  stores.push(own);
  const slowSite = await startSite({ [BLIDA_LISTING]: slow(2_000, BLIDA_PAGE) });
  const sources = writeFicheSources(dir!, slowSite.origin, 'annuaire-lent', 'sources-term.yaml');
  try {
    const env = { ...own.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'true', SEARCH_INDEX: 'off', SCRAPING_SOURCES: sources, SCRAPING_DEADLINE_MS: '8000' };
    const server = ServerProcess.start(env);
    servers.push(server);
    const demo = await server.banner();
    const port = await server.listeningPort();
    const headers = { Authorization: `Bearer ${demo.api_key}`, 'Content-Type': 'application/json' };
    const res = await fetch(`http://127.0.0.1:${port}/v1/scraping/tasks`, { method: 'POST', headers, body: JSON.stringify({ secteur: 'BTP', wilaya: 'Blida' }) });
    const taskId = ((await res.json()) as { task_id: string }).task_id;
    await eventually(async () => slowSite.hits.includes(BLIDA_LISTING), 30_000, 5);
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });

    // Read the store directly once the server is gone.
    const runtime = await own.open();
    try {
      const row = await runtime.database.knex('scraping_tasks').where({ id: taskId }).first('status', 'credits_used', 'attempts');
      expect(row).toEqual({ status: 'completed', credits_used: 2, attempts: 1 });
      const charges = await runtime.database.knex('credit_ledger').where({ reason: 'scraping' }).select('delta', 'reference');
      expect(charges).toEqual([{ delta: -2, reference: taskId }]);
    } finally {
      await runtime.database.close();
    }
  } finally {
    await slowSite.close();
  }
});
