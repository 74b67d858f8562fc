/**
 * Background tasks share the workers fairly, and the plan's limit of extractions at once holds
 * for them (issue 15): a task gets a place among its account's extractions (its plan's
 * `max_concurrent_extractions`, synchronous runs included) before it gets a job, and waits
 * `queued` until then. So one account's burst cannot starve another, and an account never runs
 * more tasks at once than its plan allows. Asserted on the start and end times the database
 * keeps, not on timing. PGlite, or PostgreSQL when DATABASE_URL is set.
 */
import request from 'supertest';
import { PoliteFetcher } from '../fetcher';
import { startTaskWorkers, type TaskWorkers } from '../taskWorkers';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { ficheCard, ficheSetup, ficheSources } from '../../../test/helpers/ficheDirectory';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';

jest.setTimeout(120_000);

const setup = ficheSetup({ timeoutMs: 30_000 });
setup.deadlineMs = 30_000;
// Every task's listing is on one host: the fetcher's politeness (2 requests at once per host)
// would hold the other tasks' reads behind the held ones, which this file is not about.
setup.fetcher = new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 30_000, backoffMs: 20, perHostConcurrency: 50 });

/** A listing held until released: the tasks reading it stay running meanwhile. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  let hits = 0;
  return {
    release,
    hits: () => hits,
    route: (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      hits++;
      void opened.then(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body));
    },
  };
}
const fairGate = gate();
const limitGate = gate();
const runGate = gate();
const page = (...cards: string[]) => `<html><body>${cards.join('')}</body></html>`;

let ctx: TestContext;
let site: Site;
let workers: TaskWorkers | undefined;
const knex = () => ctx.database.knex;

beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
  site = await startSite({
    '/recherche?secteur=BTP&wilaya=Blida': fairGate.route(page(ficheCard('Blida Entreprise A', '0661203010'))),
    '/recherche?secteur=BTP&wilaya=Bouira': limitGate.route(page(ficheCard('Bouira Entreprise A', '0661203011'))),
    '/recherche?secteur=BTP&wilaya=Tipaza': page(ficheCard('Tipaza Entreprise A', '0661203012')),
    '/recherche?secteur=BTP&wilaya=Tiaret': page(ficheCard('Tiaret Entreprise A', '0661203013')),
    '/recherche?secteur=BTP&wilaya=Tlemcen': runGate.route(page(ficheCard('Tlemcen Entreprise A', '0661203014'))),
  });
  setup.sources = ficheSources(site.origin);
});
afterEach(async () => {
  // A test that failed with reads held: let them end, so its workers can stop (the gates of
  // the tests still to come stay shut).
  for (const g of [fairGate, limitGate, runGate]) if (g.hits() > 0) g.release();
  await workers?.stop({ graceful: false, timeoutMs: 5000 });
  workers = undefined;
});
afterAll(async () => {
  fairGate.release();
  limitGate.release();
  runGate.release();
  await site?.close();
  await ctx.close();
});

const start = async (concurrency: number, sweepEveryMs = 1000) => {
  workers = await startTaskWorkers(knex(), ctx.services.scraping, {
    queue: ctx.queue,
    concurrency,
    deadlineMs: setup.deadlineMs,
    marginMs: 1000,
    pollingIntervalSeconds: 0.5,
    sweepEveryMs,
  });
};
const auth = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });
const submit = async (apiKey: string, wilaya: string): Promise<string> => {
  const res = await request(ctx.app).post('/v1/scraping/tasks').set(auth(apiKey)).send({ secteur: 'BTP', wilaya, max_results: 1 });
  expect(res.status).toBe(202);
  expect(res.body.status).toBe('queued');
  return res.body.task_id;
};
interface Row {
  id: string;
  status: string;
  started_at: Date | null;
  completed_at: Date | null;
  credits_used: number;
}
const rows = async (ids: string[]): Promise<Row[]> => {
  const found: Row[] = await knex()('scraping_tasks').whereIn('id', ids).select('id', 'status', 'started_at', 'completed_at', 'credits_used');
  return ids.map((id) => found.find((r) => r.id === id)!);
};
const statuses = async (ids: string[]) => (await rows(ids)).map((r) => r.status);
async function until<T>(probe: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
/** The most tasks of `ts` running at the same moment, from their start and end times. */
const mostAtOnce = (ts: Row[]) => {
  const events = ts.flatMap((t) => [
    [new Date(t.started_at!).getTime(), 1],
    [new Date(t.completed_at!).getTime(), -1],
  ]);
  // Ends before starts at the same instant: a place given at an end is not counted twice.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, d] of events) most = Math.max(most, (now += d));
  return most;
};

test("one account's burst does not starve another: B's one task, submitted after A's 20, starts before most of them", async () => {
  const a = await ctx.account({ plan: 'sales_team', credits: 100 }); // 2 extractions at once
  const b = await ctx.account({ plan: 'sales_team', credits: 100 });
  await start(2); // fewer workers than tasks: they have to choose
  const aTasks: string[] = [];
  for (let i = 0; i < 20; i++) aTasks.push(await submit(a.api_key, 'Blida'));
  // Both workers take A's first two tasks, held by the directory.
  await until(async () => fairGate.hits() >= 2);
  const bTask = await submit(b.api_key, 'Tipaza');
  expect(await statuses([bTask])).toEqual(['queued']);
  fairGate.release();

  const all = await until(async () => {
    const now = await rows([...aTasks, bTask]);
    return now.every((r) => r.status === 'completed') && now;
  });
  const bStart = new Date(all.at(-1)!.started_at!).getTime();
  const aStarts = all.slice(0, -1).map((r) => new Date(r.started_at!).getTime());
  // FIFO would have started B's task last; it starts as soon as a worker is free: after A's first two.
  expect(aStarts.filter((t) => t > bStart).length).toBe(18);
  // And A never ran more than its plan's 2 at once; every task was charged once.
  expect(mostAtOnce(all.slice(0, -1))).toBeLessThanOrEqual(2);
  expect(all.map((r) => r.credits_used)).toEqual(Array(21).fill(1));
});

test("the plan's limit of extractions at once holds for tasks: the others wait queued (not refused), synchronous runs count too, and an ended task gives its place", async () => {
  const a = await ctx.account({ plan: 'sales_team', credits: 100 }); // 2 extractions at once
  const b = await ctx.account({ plan: 'sales_team', credits: 100 });
  await start(4); // more workers than A may use
  const aTasks: string[] = [];
  for (let i = 0; i < 5; i++) aTasks.push(await submit(a.api_key, 'Bouira'));
  await until(async () => limitGate.hits() >= 2);
  // Free workers do not run A's third task; B's task runs at once meanwhile.
  const bTask = await submit(b.api_key, 'Tipaza');
  await until(async () => (await statuses([bTask]))[0] === 'completed');
  expect(await statuses(aTasks)).toEqual(['running', 'running', 'queued', 'queued', 'queued']);
  expect(limitGate.hits()).toBe(2);
  const queued = await request(ctx.app).get('/v1/scraping/tasks?status=queued').set(auth(a.api_key));
  expect(queued.body.total).toBe(3);

  // A synchronous run is one more extraction at once: refused while both places are taken.
  const run = await request(ctx.app).post('/v1/scraping/run').set(auth(a.api_key)).send({ secteur: 'BTP', wilaya: 'Tiaret' });
  expect(run.status).toBe(429);
  expect(run.body.code).toBe('too_many_running_extractions');
  expect(Number(run.headers['retry-after'])).toBeGreaterThan(0);

  // A running task cancelled gives its place to the next waiting one (its job sent as it is cancelled).
  expect((await request(ctx.app).post(`/v1/scraping/tasks/${aTasks[0]}/cancel`).set(auth(a.api_key))).status).toBe(200);
  await until(async () => limitGate.hits() >= 3);
  expect(await statuses(aTasks)).toEqual(['cancelled', 'running', 'running', 'queued', 'queued']);

  limitGate.release();
  const done = await until(async () => {
    const now = await rows(aTasks.slice(1));
    return now.every((r) => r.status === 'completed') && now;
  });
  expect(mostAtOnce(done)).toBeLessThanOrEqual(2);
  expect(limitGate.hits()).toBe(5); // the cancelled task's read, and one per completed task
  const balance = (await knex()('accounts').where({ id: a.account_id }).first('credit_balance')).credit_balance;
  expect(balance).toBe(100 - 4);
  // With A's tasks done, its synchronous run has a place again.
  const again = await request(ctx.app).post('/v1/scraping/run').set(auth(a.api_key)).send({ secteur: 'BTP', wilaya: 'Tiaret' });
  expect(again.status).toBe(200);
});

test('a task waiting for a place gets it as soon as a synchronous run of its account ends', async () => {
  const a = await ctx.account({ plan: 'sales_team', credits: 100 });
  await start(2, 600_000); // no sweep in this test: the run's end alone must admit the task
  // One place taken by a run of another instance (its live slot), the other by a run here, held by the directory.
  const elsewhere = '00000000-0000-4000-8000-00000000000a';
  await knex()('running_extractions').insert({ id: elsewhere, account_id: a.account_id, ends_by: knex().raw("now() + interval '1 minute'"), lease_until: knex().raw("now() + interval '1 minute'") });
  const run = request(ctx.app).post('/v1/scraping/run').set(auth(a.api_key)).send({ secteur: 'BTP', wilaya: 'Tlemcen' }).then((r) => r);
  await until(async () => runGate.hits() >= 1);
  const task = await submit(a.api_key, 'Tiaret');
  await new Promise((r) => setTimeout(r, 1000));
  expect(await statuses([task])).toEqual(['queued']);
  runGate.release();
  expect((await run).status).toBe(200);
  await until(async () => (await statuses([task]))[0] === 'completed', 20_000);
  await knex()('running_extractions').where({ id: elsewhere }).delete();
});
