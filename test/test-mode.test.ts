/**
 * Test mode (issue 16 point 2, README "Test mode"): test keys (`pk_test_`), made by the API and
 * the CLI's service; `GET /v1/me` names the mode; a test key's extractions read the sample
 * directory only, answer as live ones do, charge nothing (a ledger row of 0) and never reach a
 * configured ("live") directory; what a test key makes is marked test.
 *
 * The live directory here is a local server that counts every request it gets (it serves the
 * sample directory's pages, through a proxy, so that a live run and a test run find the same
 * companies and their answers can be compared).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../src/extraction/sampleDirectory';
import { createTestContext, type TestContext } from './helpers/app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let ctx: TestContext;
let upstream: SampleDirectory;
let live: http.Server;
let liveRequests: string[];

beforeAll(async () => {
  upstream = await startSampleDirectory();
  liveRequests = [];
  let origin = '';
  live = http.createServer((req, res) => {
    liveRequests.push(req.url ?? '');
    http
      .get(`${upstream.origin}${req.url}`, (up) => {
        let page = '';
        up.setEncoding('utf8').on('data', (chunk: string) => (page += chunk));
        // Its links (rel=next) lead back to this server, as a directory's own do.
        up.on('end', () => res.writeHead(up.statusCode ?? 502, { 'content-type': up.headers['content-type'] ?? 'text/plain' }).end(page.replaceAll(upstream.origin, origin)));
      })
      .on('error', () => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(live.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    scraping: {
      sources: [{ ...upstream.source, name: 'annuaire-live', searchUrl: upstream.source.searchUrl.replace(upstream.origin, origin) }],
      fetcher: new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 5000 }),
      deadlineMs: 10_000,
    },
    webhooks: { allowPrivate: true },
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => live?.close(resolve));
  await upstream?.close();
});

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** An account with its live key and a test key made by POST /v1/api-keys. */
async function accountWithTestKey(credits = 100) {
  const acct = await ctx.account({ plan: 'enterprise', credits });
  const res = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.api_key)).send({ name: 'Sandbox', mode: 'test' }).expect(201);
  return { ...acct, test_key: res.body.api_key as string, test_key_id: res.body.id as string };
}

async function ledgerOf(key: string): Promise<Json[]> {
  const res = await request(ctx.app).get('/v1/credits/ledger?per_page=100').set(bearer(key)).expect(200);
  return res.body.items;
}

describe('test keys', () => {
  test('POST /v1/api-keys with mode test makes a pk_test_ key; GET /v1/me says which mode a key is in', async () => {
    const acct = await ctx.account();
    const created = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.api_key)).send({ mode: 'test' }).expect(201);
    expect(created.body).toMatchObject({ mode: 'test', revoked_at: null });
    expect(created.body.api_key).toMatch(/^pk_test_eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    const defaulted = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.api_key)).send({ name: 'CRM' }).expect(201);
    expect(defaulted.body.mode).toBeUndefined(); // a live key reads as before test mode
    expect(defaulted.body.api_key).toMatch(/^eyJ/); // a live key is a JWT, as before test mode

    const me = await request(ctx.app).get('/v1/me').set(bearer(created.body.api_key)).expect(200);
    expect(me.body).toMatchObject({ id: acct.account_id, key_id: created.body.id, mode: 'test', credit_balance: 100 });
    const meLive = await request(ctx.app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
    expect(meLive.body).toMatchObject({ key_id: acct.key_id, mode: 'live' });
  });

  test('the prefix must match the key: a test key stripped of pk_test_, or a live key given it, is refused', async () => {
    const acct = await accountWithTestKey();
    const stripped = acct.test_key.slice('pk_test_'.length);
    const res = await request(ctx.app).get('/v1/me').set(bearer(stripped)).expect(401);
    expect(res.body.code).toBe('invalid_api_key');
    const dressed = await request(ctx.app).get('/v1/me').set(bearer(`pk_test_${acct.api_key}`)).expect(401);
    expect(dressed.body.code).toBe('invalid_api_key');
    // Either refusal spends nothing and the keys themselves work.
    await request(ctx.app).get('/v1/me').set(bearer(acct.test_key)).expect(200);
    await request(ctx.app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
  });

  test('a test key makes test keys only, and sees and revokes only test keys; a live key sees them all', async () => {
    const acct = await accountWithTestKey();
    const live = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.test_key)).send({ mode: 'live' }).expect(400);
    expect(live.body.errors).toEqual([expect.objectContaining({ path: '/body/mode' })]);
    const made = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.test_key)).send({ name: 'second' }).expect(201);
    expect(made.body.mode).toBe('test');
    expect(made.body.api_key.startsWith('pk_test_')).toBe(true);

    const seenByTest = await request(ctx.app).get('/v1/api-keys').set(bearer(acct.test_key)).expect(200);
    expect(seenByTest.body.items.map((k: Json) => k.mode)).toEqual(['test', 'test']);
    const seenByLive = await request(ctx.app).get('/v1/api-keys').set(bearer(acct.api_key)).expect(200);
    expect(seenByLive.body.items.map((k: Json) => [k.id, k.mode])).toEqual([
      [made.body.id, 'test'],
      [acct.test_key_id, 'test'],
      [acct.key_id, undefined],
    ]);

    await request(ctx.app).delete(`/v1/api-keys/${acct.key_id}`).set(bearer(acct.test_key)).expect(404);
    await request(ctx.app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
    await request(ctx.app).delete(`/v1/api-keys/${made.body.id}`).set(bearer(acct.test_key)).expect(200);
    await request(ctx.app).get('/v1/me').set(bearer(made.body.api_key)).expect(401);
  });

  test('the service issues test keys for the CLI (keys create --mode test)', async () => {
    const acct = await ctx.account();
    const key = await ctx.services.apiKeys.issue(acct.account_id, { mode: 'test' });
    expect(key.api_key.startsWith('pk_test_')).toBe(true);
    const me = await request(ctx.app).get('/v1/me').set(bearer(key.api_key)).expect(200);
    expect(me.body.mode).toBe('test');
  });
});

describe('extractions with a test key', () => {
  test('POST /v1/scraping/run reads the sample directory, never the live one, answers as live does and charges nothing', async () => {
    const acct = await accountWithTestKey(100);
    const companiesBefore = Number((await ctx.database.knex('companies').count({ n: '*' }))[0].n);
    liveRequests.length = 0;
    const body = { secteur: 'BTP', wilaya: 'Alger', max_results: 10 };
    const test = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.test_key)).set('Idempotency-Key', 'tm-run-1').send(body).expect(200);
    expect(liveRequests).toEqual([]);
    expect(test.body).toMatchObject({ status: 'completed', mode: 'test', credits_used: 0, credit_balance: 100, truncated: false });
    expect(test.body.results_found).toBe(10);
    expect(test.body.sources).toEqual([expect.objectContaining({ name: 'annuaire-demo', status: 'ok' })]);
    expect(test.body.billable_found).toBe(test.body.entreprises.filter((e: Json) => e.billed).length);
    expect(test.body.billable_found).toBeGreaterThan(0);

    // Nothing was charged: the balance stands, the ledger has a row of 0 naming the task.
    const me = await request(ctx.app).get('/v1/me').set(bearer(acct.test_key)).expect(200);
    expect(me.body.credit_balance).toBe(100);
    const ledger = await ledgerOf(acct.api_key);
    expect(ledger[0]).toMatchObject({ amount: 0, balance_after: 100, reason: 'scraping_test', task_id: test.body.task_id });
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(100);
    // Nothing was written to the company database: its ids are stable but name no company.
    expect(Number((await ctx.database.knex('companies').count({ n: '*' }))[0].n)).toBe(companiesBefore);
    await request(ctx.app).get(`/v1/entreprises/${test.body.entreprises[0].id}`).set(bearer(acct.test_key)).expect(404);
    const again = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.test_key)).send(body).expect(200);
    expect(again.body.entreprises.map((e: Json) => e.id)).toEqual(test.body.entreprises.map((e: Json) => e.id));
    expect(liveRequests).toEqual([]);

    // The same request with the live key reaches the live directory (the test's server is wired),
    // finds the same companies and is charged; the answers have the same fields.
    const liveRun = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.api_key)).send(body).expect(200);
    expect(liveRequests.length).toBeGreaterThan(0);
    expect(liveRun.body).toMatchObject({ credits_used: test.body.billable_found });
    // A live answer is as it was before test mode (no mode); a test one has mode: test besides.
    expect(liveRun.body.mode).toBeUndefined();
    expect(Object.keys(test.body).filter((k) => k !== 'mode').sort()).toEqual(Object.keys(liveRun.body).sort());
    const visible = (e: Json) => [e.nom, e.email, e.telephone, e.billed, e.score_qualite, e.activite, Object.keys(e).sort().join()];
    expect(test.body.entreprises.map(visible)).toEqual(liveRun.body.entreprises.map(visible));
  });

  test('an Idempotency-Key used by a live request is not replayed to a test one', async () => {
    const acct = await accountWithTestKey(100);
    const body = { secteur: 'Santé', wilaya: 'Oran', max_results: 3 };
    await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.api_key)).set('Idempotency-Key', 'shared-key').send(body).expect(200);
    const res = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.test_key)).set('Idempotency-Key', 'shared-key').send(body).expect(422);
    expect(res.body.code).toBe('idempotency_key_reused');
  });

  test('a zero balance does not stop a test extraction (it does a live one)', async () => {
    const acct = await accountWithTestKey(0);
    const body = { secteur: 'BTP', wilaya: 'Oran', max_results: 5 };
    await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.api_key)).send(body).expect(402);
    const res = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.test_key)).send(body).expect(200);
    expect(res.body).toMatchObject({ credits_used: 0, credit_balance: 0, mode: 'test' });
    await request(ctx.app).post('/v1/scraping/tasks').set(bearer(acct.test_key)).send(body).expect(202);
  });

  test('a background task of a test key runs against the sample directory, charges nothing and is marked test', async () => {
    const acct = await accountWithTestKey(50);
    liveRequests.length = 0;
    const submitted = await request(ctx.app)
      .post('/v1/scraping/tasks')
      .set(bearer(acct.test_key))
      .send({ secteur: 'Industrie', wilaya: 'Sétif', max_results: 6 })
      .expect(202);
    expect(submitted.body).toMatchObject({ status: 'queued', mode: 'test' });
    expect(await ctx.services.scraping.runTask(submitted.body.task_id, 30_000)).toBe('completed');
    expect(liveRequests).toEqual([]);
    const task = await request(ctx.app).get(`/v1/scraping/tasks/${submitted.body.task_id}`).set(bearer(acct.test_key)).expect(200);
    expect(task.body).toMatchObject({ status: 'completed', mode: 'test', credits_used: 0, credit_balance: 50, results_found: 6 });
    expect(task.body.completed_at).toEqual(expect.any(String));
    const list = await request(ctx.app).get('/v1/scraping/tasks').set(bearer(acct.api_key)).expect(200);
    expect(list.body.items).toEqual([expect.objectContaining({ task_id: submitted.body.task_id, mode: 'test', credits_used: 0 })]);
    const ledger = await ledgerOf(acct.test_key);
    expect(ledger[0]).toMatchObject({ amount: 0, reason: 'scraping_test', task_id: submitted.body.task_id });
    const me = await request(ctx.app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
    expect(me.body.credit_balance).toBe(50);
  });
});

describe('what a test key makes is marked test', () => {
  test('lists', async () => {
    const acct = await accountWithTestKey();
    const test = await request(ctx.app).post('/v1/lists').set(bearer(acct.test_key)).send({ nom: 'Essai' }).expect(201);
    const live = await request(ctx.app).post('/v1/lists').set(bearer(acct.api_key)).send({ nom: 'Vrai' }).expect(201);
    expect([test.body.mode, live.body.mode]).toEqual(['test', undefined]);
    const all = await request(ctx.app).get('/v1/lists').set(bearer(acct.api_key)).expect(200);
    expect(all.body.items.map((l: Json) => [l.nom, l.mode])).toEqual([
      ['Vrai', undefined],
      ['Essai', 'test'],
    ]);
  });

  test('webhook endpoints: a test extraction notifies the test endpoints only, a live one the live endpoints only', async () => {
    const acct = await accountWithTestKey();
    const events = ['scraping.task.completed'];
    const testHook = await request(ctx.app).post('/v1/webhook-endpoints').set(bearer(acct.test_key)).send({ url: 'https://crm.example.dz/test', events }).expect(201);
    const liveHook = await request(ctx.app).post('/v1/webhook-endpoints').set(bearer(acct.api_key)).send({ url: 'https://crm.example.dz/live', events }).expect(201);
    expect([testHook.body.mode, liveHook.body.mode]).toEqual(['test', undefined]);

    const seenByTest = await request(ctx.app).get('/v1/webhook-endpoints').set(bearer(acct.test_key)).expect(200);
    expect(seenByTest.body.items.map((e: Json) => e.id)).toEqual([testHook.body.id]);
    const seenByLive = await request(ctx.app).get('/v1/webhook-endpoints').set(bearer(acct.api_key)).expect(200);
    expect(seenByLive.body.items.map((e: Json) => e.id).sort()).toEqual([testHook.body.id, liveHook.body.id].sort());
    await request(ctx.app).delete(`/v1/webhook-endpoints/${liveHook.body.id}`).set(bearer(acct.test_key)).expect(404);
    await request(ctx.app).get(`/v1/webhook-endpoints/${liveHook.body.id}/deliveries`).set(bearer(acct.test_key)).expect(404);

    const body = { secteur: 'BTP', wilaya: 'Blida', max_results: 2 };
    const testRun = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.test_key)).send(body).expect(200);
    const deliveries = async (id: string) =>
      (await ctx.database.knex('webhook_deliveries').where({ endpoint_id: id }).select('body')).map((d) => JSON.parse(d.body).data.task_id);
    expect(await deliveries(testHook.body.id)).toEqual([testRun.body.task_id]);
    expect(await deliveries(liveHook.body.id)).toEqual([]);
    const liveRun = await request(ctx.app).post('/v1/scraping/run').set(bearer(acct.api_key)).send(body).expect(200);
    expect(await deliveries(testHook.body.id)).toEqual([testRun.body.task_id]);
    expect(await deliveries(liveHook.body.id)).toEqual([liveRun.body.task_id]);
  });
});
