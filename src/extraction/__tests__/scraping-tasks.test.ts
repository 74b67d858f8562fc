/**
 * Extraction as a queued job (issue 15): POST /v1/scraping/tasks, GET /v1/scraping/tasks,
 * GET /v1/scraping/tasks/{task_id} while queued/running, cancel, only_new, and a task whose
 * worker died taken up again and charged once. The workers are pg-boss over the test's own
 * database (PGlite, or PostgreSQL when DATABASE_URL is set). Every test searches a wilaya of
 * its own, so the companies it writes (keyed by name and wilaya) are its own.
 */
import request from 'supertest';
import { listLedger } from '../../billing';
import { PoliteFetcher } from '../fetcher';
import { parseSources, type SourceConfig } from '../sources';
import { MAX_TASK_ATTEMPTS, type ScrapingSetup } from '../extractionService';
import { claimTask, finishTask } from '../taskRepository';
import { startTaskWorkers, type TaskWorkers } from '../taskWorkers';
import { createServices } from '../../composition';
import { createTestContext, TEST_SECRET, type TestContext } from '../../../test/helpers/app';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';

jest.setTimeout(90_000);

const setup: { sources: SourceConfig[]; fetcher: PoliteFetcher; deadlineMs: number } = {
  sources: [],
  fetcher: new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 10_000, backoffMs: 20 }),
  // Generous: the fixture answers at once, but a loaded CI machine can start the page workers slowly.
  deadlineMs: 15_000,
};

const card = (nom: string, phone: string) => `<article class="fiche"><h2>${nom}</h2><a href="tel:${phone}">${phone}</a></article>`;
const page = (...cards: string[]) => `<html><body>${cards.join('')}</body></html>`;
/** n companies with a phone each, named after the wilaya. */
const cards = (wilaya: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => card(`${wilaya} Entreprise ${String.fromCharCode(65 + from + i)}`, `06612030${String(10 + from + i)}`));

/** Pages held until released: the task stays running meanwhile. */
const gates = new Map<string, { release: () => void; opened: Promise<void>; requested: Promise<void>; wasRequested: () => void }>();
function gate(name: string) {
  let release!: () => void;
  let wasRequested!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  const requested = new Promise<void>((r) => (wasRequested = r));
  gates.set(name, { release, opened, requested, wasRequested });
}
gate('Blida');
gate('Bouira');

let ctx: TestContext;
let site: Site;
let workers: TaskWorkers;
const knex = () => ctx.database.knex;

const workerOptions = {
  concurrency: 2,
  deadlineMs: setup.deadlineMs,
  marginMs: 1000,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  sweepEveryMs: 1000,
};

beforeAll(async () => {
  // Webhook endpoints on an unresolvable host: the address check lifted, as WEBHOOKS_ALLOW_PRIVATE does (no dispatcher runs here).
  ctx = await createTestContext({ scraping: setup, webhooks: { allowPrivate: true } });
  const held = (wilaya: string, body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
    const g = gates.get(wilaya)!;
    g.wasRequested();
    void g.opened.then(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body));
  };
  site = await startSite({
    '/recherche?secteur=BTP&wilaya=Tipaza': page(...cards('Tipaza', 3)),
    '/recherche?secteur=BTP&wilaya=Blida': held('Blida', page(...cards('Blida', 2))),
    '/recherche?secteur=BTP&wilaya=Bouira': held('Bouira', page(...cards('Bouira', 2))),
    '/recherche?secteur=BTP&wilaya=Tiaret': page(...cards('Tiaret', 2)),
    '/recherche?secteur=BTP&wilaya=Djelfa': page(...cards('Djelfa', 5)),
    '/recherche?secteur=BTP&wilaya=Batna': page(...cards('Batna', 2)),
    '/recherche?secteur=BTP&wilaya=Biskra': page(...cards('Biskra', 2)),
    '/recherche?secteur=BTP&wilaya=Tlemcen': page(...cards('Tlemcen', 1)),
  });
  setup.sources = parseSources(`sources:
  - name: annuaire-a
    search_url: "${site.origin}/recherche?secteur={secteur}&wilaya={wilaya}"
    selectors:
      item: "article.fiche"
`);
  workers = await startTaskWorkers(knex(), ctx.services.scraping, workerOptions);
});
afterAll(async () => {
  for (const g of gates.values()) g.release();
  await workers?.stop({ graceful: false, timeoutMs: 5000 });
  await site?.close();
  await ctx.close();
});

const auth = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });
const submit = (apiKey: string, body: Record<string, unknown>, key?: string) => {
  const req = request(ctx.app).post('/v1/scraping/tasks').set(auth(apiKey));
  if (key) req.set('Idempotency-Key', key);
  return req.send(body);
};
const getTask = (apiKey: string, id: string) => request(ctx.app).get(`/v1/scraping/tasks/${id}`).set(auth(apiKey));
const cancel = (apiKey: string, id: string) => request(ctx.app).post(`/v1/scraping/tasks/${id}/cancel`).set(auth(apiKey));
const balance = async (accountId: string) => (await knex()('accounts').where({ id: accountId }).first('credit_balance')).credit_balance as number;
const ledger = async (accountId: string) => (await listLedger(knex(), accountId)).map((r) => [r.delta, r.reason, r.reference] as const);
const companiesIn = async (wilayaCode: number) => (await knex()('companies').where({ wilaya_code: wilayaCode }).orderBy('nom').select('nom')).map((r) => r.nom as string);

/** Polls the task until its status is one of `statuses`. */
async function untilStatus(apiKey: string, id: string, statuses: string[], ms = 30_000): Promise<request.Response> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await getTask(apiKey, id);
    expect(res.status).toBe(200);
    if (statuses.includes(res.body.status)) return res;
    if (Date.now() > end) throw new Error(`task ${id} still ${res.body.status} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `fn` with submitted tasks not sent to the workers (they wait for a sweep, at least 1 s later). */
async function unsent<T>(fn: () => Promise<T>): Promise<T> {
  const queue = ctx.services.scraping.queue;
  ctx.services.scraping.queue = undefined;
  try {
    return await fn();
  } finally {
    ctx.services.scraping.queue = queue;
  }
}

test('submit answers 202 queued with Location; the task completes with the fields of the synchronous answer; the charge names the task', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tipaza' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ status: 'queued', secteur: 'BTP', wilaya: 'Tipaza', wilaya_code: 42, max_results: 20, only_new: false });
  expect(res.headers.location).toBe(`/v1/scraping/tasks/${res.body.task_id}`);
  expect(await balance(acct.account_id)).toBe(10); // nothing charged at submission

  const done = await untilStatus(acct.api_key, res.body.task_id, ['completed', 'failed']);
  expect(done.body.status).toBe('completed');
  expect(done.body).toMatchObject({ task_id: res.body.task_id, results_found: 3, credits_used: 3, credit_balance: 7, truncated: false, billable_found: 3 });
  expect(done.body.entreprises.map((e: { nom: string }) => e.nom).sort()).toEqual(['Tipaza Entreprise A', 'Tipaza Entreprise B', 'Tipaza Entreprise C']);
  expect(done.body.started_at).toEqual(expect.any(String));
  expect(done.body.completed_at).toEqual(expect.any(String));
  expect(await balance(acct.account_id)).toBe(7);
  expect((await ledger(acct.account_id)).filter(([delta]) => delta < 0)).toEqual([[-3, 'scraping', res.body.task_id]]);
  const ledgerApi = await request(ctx.app).get('/v1/credits/ledger').set(auth(acct.api_key));
  expect(ledgerApi.body.items[0]).toMatchObject({ amount: -3, balance_after: 7, reason: 'scraping', task_id: res.body.task_id });
});

test('a task completing writes its scraping.task.completed webhook event in the same transaction; a cancelled one writes none', async () => {
  const acct = await ctx.account({ credits: 10 });
  const endpoint = await request(ctx.app).post('/v1/webhook-endpoints').set(auth(acct.api_key)).send({ url: 'https://crm.example.dz/hooks', events: ['scraping.task.completed', 'scraping.task.failed'] });
  expect(endpoint.status).toBe(201);
  const events = async () =>
    (await knex()('webhook_deliveries').where({ endpoint_id: endpoint.body.id }).select('event_type', 'body')).map((r) => [r.event_type, JSON.parse(r.body).data.task_id]);

  const queued = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Batna' }));
  await cancel(acct.api_key, queued.body.task_id);
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Biskra' });
  await untilStatus(acct.api_key, res.body.task_id, ['completed']);
  expect(await events()).toEqual([['scraping.task.completed', res.body.task_id]]);
});

test('402 at a zero balance, and no task is made', async () => {
  const acct = await ctx.account({ credits: 0 });
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tipaza' });
  expect(res.status).toBe(402);
  expect(res.body.code).toBe('insufficient_credits');
  expect(await knex()('scraping_tasks').where({ account_id: acct.account_id }).count({ n: '*' })).toEqual([{ n: 0 }]);
});

test('the same Idempotency-Key answers the same task, and makes one', async () => {
  const acct = await ctx.account({ credits: 10 });
  const first = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tiaret' }, 'task-key-1');
  const again = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tiaret' }, 'task-key-1');
  expect(first.status).toBe(202);
  expect(again.status).toBe(202);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body.task_id).toBe(first.body.task_id);
  const other = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Batna' }, 'task-key-1');
  expect(other.status).toBe(422);
  await untilStatus(acct.api_key, first.body.task_id, ['completed']);
  expect(await knex()('scraping_tasks').where({ account_id: acct.account_id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  expect(await balance(acct.account_id)).toBe(8);
});

test('a running task shows its progress; cancelled while running it charges nothing and writes no company', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Blida' });
  expect(res.status).toBe(202);
  await gates.get('Blida')!.requested; // a worker runs it and waits on the directory
  const running = await untilStatus(acct.api_key, res.body.task_id, ['running']);
  expect(running.body.progress).toEqual({ pages_read: 0, companies_found: 0, sources_done: 0, sources_total: 1 });
  expect(running.body.started_at).toEqual(expect.any(String));

  const cancelled = await cancel(acct.api_key, res.body.task_id);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ task_id: res.body.task_id, status: 'cancelled', cancelled_at: expect.any(String) });
  gates.get('Blida')!.release(); // the directory answers now: too late
  await new Promise((r) => setTimeout(r, 1500));

  expect((await getTask(acct.api_key, res.body.task_id)).body.status).toBe('cancelled');
  expect(await balance(acct.account_id)).toBe(10);
  expect((await ledger(acct.account_id)).length).toBe(1); // the opening grant only
  expect(await companiesIn(9)).toEqual([]);
  // Ended: cancelling again is a conflict.
  const twice = await cancel(acct.api_key, res.body.task_id);
  expect(twice.status).toBe(409);
  expect(twice.body.code).toBe('task_not_cancellable');
});

test('a task cancelled on another instance notices it at its next progress write, and writes nothing', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Bouira' });
  await gates.get('Bouira')!.requested;
  await untilStatus(acct.api_key, res.body.task_id, ['running']);
  // As another instance would: the row alone changes (this process's run is not told).
  await knex()('scraping_tasks').where({ id: res.body.task_id }).update({ status: 'cancelled', cancelled_at: new Date() });
  await new Promise((r) => setTimeout(r, 1200)); // past a progress write
  gates.get('Bouira')!.release();
  await new Promise((r) => setTimeout(r, 1000));
  expect((await getTask(acct.api_key, res.body.task_id)).body.status).toBe('cancelled');
  expect(await balance(acct.account_id)).toBe(10);
  expect(await companiesIn(10)).toEqual([]);
});

test('a queued task cancelled charges nothing and never runs; a completed one answers 409; another account gets 404', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Batna' }));
  expect((await getTask(acct.api_key, res.body.task_id)).body).toMatchObject({ status: 'queued' });
  const other = await ctx.account({ credits: 10 });
  expect((await cancel(other.api_key, res.body.task_id)).status).toBe(404);
  const cancelled = await cancel(acct.api_key, res.body.task_id);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.status).toBe('cancelled');
  await workers.sweep();
  await new Promise((r) => setTimeout(r, 1500));
  expect((await getTask(acct.api_key, res.body.task_id)).body.status).toBe('cancelled');
  expect(await balance(acct.account_id)).toBe(10);
  expect(await companiesIn(5)).toEqual([]);

  const done = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Biskra' });
  await untilStatus(acct.api_key, done.body.task_id, ['completed']);
  const refused = await cancel(acct.api_key, done.body.task_id);
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('task_not_cancellable');
  expect(await balance(acct.account_id)).toBe(8);
});

test('a task whose worker died is taken up again, completes once and is charged once', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tlemcen' }));
  // A worker takes it up (attempt 1) with a short lease, then dies without a word.
  const dead = await claimTask(knex(), res.body.task_id, 300);
  expect(dead).toMatchObject({ status: 'running', attempts: 1 });
  await new Promise((r) => setTimeout(r, 400));
  await workers.sweep(); // past its lease: sent again (unless the periodic sweep just did)
  const done = await untilStatus(acct.api_key, res.body.task_id, ['completed', 'failed']);
  expect(done.body).toMatchObject({ status: 'completed', results_found: 1, credits_used: 1 });
  const row = await knex()('scraping_tasks').where({ id: res.body.task_id }).first('attempts', 'status');
  // Attempt 2 completed it (a third is possible if two sweeps raced: it would find it ended, or lose to it).
  expect(row.status).toBe('completed');
  expect(row.attempts).toBeGreaterThanOrEqual(2);

  // The dead worker comes back and tries to complete its attempt: refused, nothing written.
  const late = await knex().transaction(async (trx) => finishTask(trx, res.body.task_id, 1, 'completed', done.body));
  expect(await knex()('scraping_tasks').where({ id: res.body.task_id }).first('attempts')).toEqual({ attempts: row.attempts });
  expect(late).toBe(false);
  // The job delivered once more (a retry): the task has ended, nothing runs.
  expect(await ctx.services.scraping.runTask(res.body.task_id, 5000)).toBe('skipped');
  expect(await balance(acct.account_id)).toBe(9);
  expect((await ledger(acct.account_id)).filter(([, reason]) => reason === 'scraping')).toEqual([[-1, 'scraping', res.body.task_id]]);
});

test('a task taken up more than MAX_TASK_ATTEMPTS times (every worker died) ends failed, charging nothing', async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tlemcen' }));
  for (let i = 0; i < MAX_TASK_ATTEMPTS; i++) await claimTask(knex(), res.body.task_id, 60_000);
  expect(await ctx.services.scraping.runTask(res.body.task_id, 5000)).toBe('failed');
  const task = await getTask(acct.api_key, res.body.task_id);
  expect(task.body).toMatchObject({ status: 'failed', credits_used: 0, results_found: 0, entreprises: [] });
  expect(await balance(acct.account_id)).toBe(10);
  expect((await knex()('scraping_tasks').where({ id: res.body.task_id }).first('attempts')).attempts).toBe(MAX_TASK_ATTEMPTS + 1);
});

test("a queued task whose job failed for good (its retries spent before the task was taken up) is sent again by the sweep and completes once", async () => {
  const acct = await ctx.account({ credits: 10 });
  const res = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tiaret' }));
  const id = res.body.task_id as string;
  // Its job exists, failed for good (as when the database refused every try to claim the task), and the task waits past a sweep.
  await knex().raw(`insert into pgboss.job (id, name, data, state, retry_count, retry_limit) values (?, 'scraping-task', ?, 'failed', 5, 5)`, [id, JSON.stringify({ taskId: id })]);
  await knex()('scraping_tasks').where({ id }).update({ admitted_at: knex().raw(`now() - interval '10 seconds'`) });
  expect((await getTask(acct.api_key, id)).body.status).toBe('queued');
  await workers.sweep();
  const done = await untilStatus(acct.api_key, id, ['completed', 'failed'], 10_000);
  expect(done.body).toMatchObject({ status: 'completed', results_found: 2, credits_used: 2 });
  expect(await balance(acct.account_id)).toBe(8);
  expect((await ledger(acct.account_id)).filter(([, reason]) => reason === 'scraping')).toEqual([[-2, 'scraping', id]]);
});

test('only_new: companies already billed to the account are neither returned nor billed, and the run reads on to fill max_results', async () => {
  const acct = await ctx.account({ credits: 20 });
  const first = await request(ctx.app).post('/v1/scraping/run').set(auth(acct.api_key)).send({ secteur: 'BTP', wilaya: 'Djelfa', max_results: 2 });
  expect(first.status).toBe(200);
  expect(first.body.credits_used).toBe(2);
  expect(first.body).not.toHaveProperty('skipped_known'); // unchanged without only_new
  const firstNames = first.body.entreprises.map((e: { nom: string }) => e.nom);

  // The synchronous operation.
  const sync = await request(ctx.app).post('/v1/scraping/run').set(auth(acct.api_key)).send({ secteur: 'BTP', wilaya: 'Djelfa', max_results: 2, only_new: true });
  expect(sync.status).toBe(200);
  expect(sync.body).toMatchObject({ only_new: true, skipped_known: 2, results_found: 2, credits_used: 2 });
  const syncNames = sync.body.entreprises.map((e: { nom: string }) => e.nom);
  expect(syncNames.filter((n: string) => firstNames.includes(n))).toEqual([]);
  expect(await balance(acct.account_id)).toBe(16);

  // The task: 4 of the 5 are known now, 1 is left.
  const task = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Djelfa', max_results: 5, only_new: true });
  expect(task.body.only_new).toBe(true);
  const done = await untilStatus(acct.api_key, task.body.task_id, ['completed', 'failed']);
  expect(done.body).toMatchObject({ status: 'completed', only_new: true, skipped_known: 4, results_found: 1, credits_used: 1 });
  expect([...firstNames, ...syncNames, done.body.entreprises[0].nom].sort()).toEqual(cards('Djelfa', 5).map((c) => /<h2>(.*)<\/h2>/.exec(c)![1]).sort());
  expect(await balance(acct.account_id)).toBe(15);

  // Without only_new, the known ones come back (and are billed again, as before).
  const all = await request(ctx.app).post('/v1/scraping/run').set(auth(acct.api_key)).send({ secteur: 'BTP', wilaya: 'Djelfa', max_results: 5 });
  expect(all.body.results_found).toBe(5);
  // Another account knows none of them.
  const other = await ctx.account({ credits: 20 });
  const fresh = await request(ctx.app).post('/v1/scraping/run').set(auth(other.api_key)).send({ secteur: 'BTP', wilaya: 'Djelfa', max_results: 5, only_new: true });
  expect(fresh.body).toMatchObject({ skipped_known: 0, results_found: 5, credits_used: 5 });
});

test('GET /v1/scraping/tasks: newest first, a page at a time, filtered by status; summaries only', async () => {
  const acct = await ctx.account({ credits: 10 });
  const run = await request(ctx.app).post('/v1/scraping/run').set(auth(acct.api_key)).send({ secteur: 'BTP', wilaya: 'Tipaza' });
  expect(run.status).toBe(200);
  const a = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Batna' }));
  await cancel(acct.api_key, a.body.task_id);
  const b = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Batna', max_results: 3 }));
  await cancel(acct.api_key, b.body.task_id);

  const list = (q: string) => request(ctx.app).get(`/v1/scraping/tasks${q}`).set(auth(acct.api_key));
  const all = await list('');
  expect(all.status).toBe(200);
  expect(all.body).toMatchObject({ total: 3, page: 1, pages: 1 });
  expect(all.body.items.map((t: { task_id: string }) => t.task_id)).toEqual([b.body.task_id, a.body.task_id, run.body.task_id]);
  expect(all.body.items[2]).toEqual({
    task_id: run.body.task_id,
    status: 'completed',
    secteur: 'BTP',
    wilaya: 'Tipaza',
    wilaya_code: 42,
    max_results: 20,
    created_at: run.body.created_at,
    results_found: 3,
    credits_used: 3,
  });
  expect(all.body.items[0]).not.toHaveProperty('entreprises');

  const cancelled = await list('?status=cancelled&per_page=1&page=2');
  expect(cancelled.body).toMatchObject({ total: 2, page: 2, pages: 2 });
  expect(cancelled.body.items.map((t: { task_id: string }) => t.task_id)).toEqual([a.body.task_id]);
  expect((await list('?status=running')).body).toEqual({ total: 0, page: 1, pages: 0, items: [] });
  expect((await list('?status=paused')).status).toBe(400);
  // Another account sees none of them.
  const other = await ctx.account();
  expect((await request(ctx.app).get('/v1/scraping/tasks').set(auth(other.api_key))).body.total).toBe(0);
});

test('two instances on one database share the queue: every task runs once, on one or the other, charged once', async () => {
  // A second service graph and its workers: another server instance on the same database.
  const other = createServices(knex(), TEST_SECRET, { scraping: setup as unknown as ScrapingSetup }) // the helper gave it its page reader;
  const otherWorkers = await startTaskWorkers(knex(), other.scraping, { ...workerOptions, concurrency: 1 });
  const ran = { here: 0, there: 0 };
  const count = (svc: typeof other.scraping, where: 'here' | 'there') => {
    const original = svc.runTask.bind(svc);
    jest.spyOn(svc, 'runTask').mockImplementation(async (...args) => {
      const outcome = await original(...args);
      if (outcome === 'completed') ran[where]++;
      return outcome;
    });
  };
  count(ctx.services.scraping, 'here');
  count(other.scraping, 'there');
  try {
    const acct = await ctx.account({ credits: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await unsent(() => submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tiaret', max_results: 1 + (i % 2) }));
      expect(res.status).toBe(202);
      ids.push(res.body.task_id);
    }
    // Sent as either instance would (each wakes its own workers): any worker may take any job.
    for (const [i, id] of ids.entries()) await (i % 2 === 0 ? otherWorkers : workers).send(id);
    for (const id of ids) await untilStatus(acct.api_key, id, ['completed', 'failed']);
    const rows = await knex()('scraping_tasks').whereIn('id', ids).select('status', 'attempts', 'credits_used');
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['completed', 1]));
    expect(ran.here + ran.there).toBe(8);
    expect(ran.there).toBeGreaterThan(0);
    const charged = rows.reduce((n, r) => n + r.credits_used, 0);
    expect(await balance(acct.account_id)).toBe(100 - charged);
    expect((await ledger(acct.account_id)).filter(([, reason]) => reason === 'scraping').length).toBe(8);
  } finally {
    jest.restoreAllMocks();
    await otherWorkers.stop({ graceful: true, timeoutMs: 5000 });
  }
});

test('tasks survive the workers: queued while none runs, done by the next ones started on the same database', async () => {
  await workers.stop({ graceful: true, timeoutMs: 5000 });
  const acct = await ctx.account({ credits: 10 });
  // A process that only sends (concurrency 0) queues the job, then goes away.
  const sender = await startTaskWorkers(knex(), ctx.services.scraping, { ...workerOptions, concurrency: 0 });
  const res = await submit(acct.api_key, { secteur: 'BTP', wilaya: 'Tiaret', max_results: 1 });
  await sender.stop();
  await new Promise((r) => setTimeout(r, 500));
  expect((await getTask(acct.api_key, res.body.task_id)).body.status).toBe('queued');

  workers = await startTaskWorkers(knex(), ctx.services.scraping, workerOptions);
  const done = await untilStatus(acct.api_key, res.body.task_id, ['completed', 'failed']);
  expect(done.body).toMatchObject({ status: 'completed', credits_used: 1 });
  expect(await balance(acct.account_id)).toBe(9);
});
