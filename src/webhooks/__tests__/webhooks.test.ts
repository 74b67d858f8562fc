/**
 * Webhook endpoints and deliveries: private targets refused, events written with what caused
 * them, signed by the Standard Webhooks scheme (checked with its reference library), retried
 * with the same webhook-id, failed once the schedule is spent, and listed with every attempt.
 */
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { DeliveryQueue, isPublicAddress, WebhookDispatcher } from '..';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { ficheCard, ficheSetup, ficheSources } from '../../../test/helpers/ficheDirectory';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';
import { startReceiver } from '../../../test/helpers/webhookReceiver';

jest.setTimeout(60_000);

const setup = ficheSetup();

let ctx: TestContext; // private targets allowed (as WEBHOOKS_ALLOW_PRIVATE=true): the receivers run on 127.0.0.1
let strict: TestContext; // the production default
let site: Site;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup, webhooks: { allowPrivate: true, lowBalanceThreshold: 10 } });
  strict = await createTestContext();
  site = await startSite({
    '/recherche?secteur=BTP&wilaya=Tlemcen': `<html><body>${ficheCard('Mansourah Bâtiment', '0661405060')}${ficheCard('Nedroma Travaux', '0661405061')}${ficheCard('Maghnia Construction', '0661405062')}</body></html>`,
    '/recherche?secteur=BTP&wilaya=Adrar': { status: 500, body: 'down' },
  });
  setup.sources = ficheSources(site.origin, 'annuaire-ouest');
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});
afterAll(async () => {
  await site?.close();
  await ctx.close();
  await strict.close();
});

const as = (c: TestContext, key: string) => ({
  get: (path: string) => request(c.app).get(path).set('Authorization', `Bearer ${key}`),
  post: (path: string, body: unknown) => request(c.app).post(path).set('Authorization', `Bearer ${key}`).send(body as object),
  delete: (path: string) => request(c.app).delete(path).set('Authorization', `Bearer ${key}`),
});
const ALL = ['scraping.task.completed', 'scraping.task.failed', 'credits.balance_low'];
const dispatcher = (options: Partial<ConstructorParameters<typeof WebhookDispatcher>[2]> = {}) =>
  new WebhookDispatcher(ctx.database.knex, new DeliveryQueue(ctx.queue, { timeoutMs: 2000 }), { allowPrivate: true, timeoutMs: 2000, userAgent: 'ProspectingAPI/test', ...options });

describe('which URLs an endpoint may have', () => {
  test('by default, private, loopback, link-local and non-http targets are refused with a 400 naming the url', async () => {
    const acct = await strict.account({ credits: 1 });
    const api = as(strict, acct.api_key);
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://10.1.2.3/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hooks',
      'http://[::ffff:192.168.1.10]/hooks',
      'http://[fd00::1]/hooks',
      'ftp://93.184.216.34/hooks',
      'http://user:secret@93.184.216.34/hooks',
    ]) {
      const res = await api.post('/v1/webhook-endpoints', { url, events: ['scraping.task.completed'] });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: expect.stringMatching(/^\/body\/url$/) })]);
    }
    expect(await strict.database.knex('webhook_endpoints').where({ account_id: acct.account_id })).toEqual([]);
  });

  test('a public address is accepted: the secret is shown once, then never listed', async () => {
    const acct = await strict.account({ credits: 1 });
    const api = as(strict, acct.api_key);
    const created = await api.post('/v1/webhook-endpoints', { url: 'https://93.184.216.34/hooks', events: ['credits.balance_low'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      url: 'https://93.184.216.34/hooks',
      events: ['credits.balance_low'],
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    });
    const listed = await api.get('/v1/webhook-endpoints');
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: created.body.id }] });
    expect(listed.body.items[0]).not.toHaveProperty('secret');
  });

  test('address ranges', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2a00:1450:4007:80e::200e', '::ffff:8.8.8.8']) expect(isPublicAddress(ip)).toBe(true);
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.20.1.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:a00:1', 'not an ip']) {
      expect(isPublicAddress(ip)).toBe(false);
    }
  });

  test('an account has at most 10 endpoints', async () => {
    const acct = await strict.account({ credits: 1 });
    const api = as(strict, acct.api_key);
    for (let i = 0; i < 10; i++) expect((await api.post('/v1/webhook-endpoints', { url: `https://93.184.216.34/h${i}`, events: ALL })).status).toBe(201);
    const eleventh = await api.post('/v1/webhook-endpoints', { url: 'https://93.184.216.34/h10', events: ALL });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.detail).toMatch(/at most 10 webhook endpoints/);
  });
});

describe('deliveries', () => {
  test('a completed extraction and the low balance it causes are delivered, signed, once each', async () => {
    const rx = await startReceiver([204]);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 12 });
    const api = as(ctx, acct.api_key);
    const endpoint = (await api.post('/v1/webhook-endpoints', { url: rx.url, events: ALL })).body;
    const run = await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    expect(run.status).toBe(200);
    expect(run.body.credit_balance).toBe(9);

    const d = dispatcher();
    expect(await d.tick()).toBe(2);
    expect(await d.tick()).toBe(0);
    await d.close();

    expect(rx.received).toHaveLength(2);
    const verifier = new Webhook(endpoint.secret);
    const events = rx.received.map((r) => {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      // The reference library accepts the signature; a changed body is refused.
      expect(verifier.verify(r.body, r.headers as Record<string, string>)).toEqual(JSON.parse(r.body));
      expect(() => verifier.verify(`${r.body} `, r.headers as Record<string, string>)).toThrow();
      return JSON.parse(r.body);
    });
    const byType = Object.fromEntries(events.map((e) => [e.type, e]));
    expect(byType['scraping.task.completed'].data).toMatchObject({ task_id: run.body.task_id, status: 'completed', credits_used: 3, credit_balance: 9 });
    expect(byType['scraping.task.completed'].data.entreprises).toHaveLength(3);
    expect(byType['credits.balance_low']).toEqual({
      type: 'credits.balance_low',
      timestamp: expect.any(String),
      data: { account_id: acct.account_id, credit_balance: 9, threshold: 10, task_id: run.body.task_id },
    });

    const deliveries = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.total).toBe(2);
    for (const item of deliveries.body.items) {
      expect(item).toMatchObject({ status: 'succeeded', next_attempt_at: null, attempts: [{ status_code: 204, error: null }] });
    }
    // Already below the threshold: the next charge sends no second credits.balance_low.
    await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    const types = (await ctx.database.knex('webhook_deliveries').where({ endpoint_id: endpoint.id }).select('event_type')).map((r) => r.event_type).sort();
    expect(types).toEqual(['credits.balance_low', 'scraping.task.completed', 'scraping.task.completed']);
  });

  test('a failed extraction sends scraping.task.failed; an endpoint that did not ask for it gets nothing', async () => {
    const rx = await startReceiver([200]);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 50 });
    const api = as(ctx, acct.api_key);
    await api.post('/v1/webhook-endpoints', { url: rx.url, events: ['scraping.task.failed'] });
    await api.post('/v1/webhook-endpoints', { url: `${rx.url}/other`, events: ['scraping.task.completed'] });
    const run = await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Adrar' });
    expect(run.status).toBe(502);
    const d = dispatcher();
    await d.tick();
    await d.close();
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0].body)).toMatchObject({ type: 'scraping.task.failed', data: { task_id: run.body.task_id, status: 'failed', credits_used: 0 } });
  });

  test('a non-2xx answer is retried with the same webhook-id, after the delay of the schedule, until it succeeds', async () => {
    const rx = await startReceiver([503, 500, 200]);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 50 });
    const api = as(ctx, acct.api_key);
    const endpoint = (await api.post('/v1/webhook-endpoints', { url: rx.url, events: ['scraping.task.completed'] })).body;
    await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    const d = dispatcher({ schedule: [300, 300, 300] });

    expect(await d.tick()).toBe(1);
    const pending = (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.items[0];
    expect(pending).toMatchObject({ status: 'pending', attempts: [{ status_code: 503 }] });
    expect(Date.parse(pending.next_attempt_at)).toBeGreaterThan(Date.now() - 1000);
    // Not due yet.
    expect(await d.tick()).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    expect(await d.tick()).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    expect(await d.tick()).toBe(1);
    await d.close();

    expect(rx.received.map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(rx.received[0].headers['webhook-id']));
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);
    const done = (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.items[0];
    expect(done).toMatchObject({ id: rx.received[0].headers['webhook-id'], status: 'succeeded', next_attempt_at: null });
    expect(done.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([503, 500, 200]);
  });

  test('once the schedule is spent the delivery has failed; a silent endpoint is a timeout', async () => {
    const rx = await startReceiver(['hang']);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 50 });
    const api = as(ctx, acct.api_key);
    const endpoint = (await api.post('/v1/webhook-endpoints', { url: rx.url, events: ['scraping.task.completed'] })).body;
    await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    const d = dispatcher({ schedule: [10], timeoutMs: 1000 });
    await d.tick();
    await new Promise((r) => setTimeout(r, 30));
    await d.tick();
    await d.close();
    const item = (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.items[0];
    expect(item).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(item.attempts).toEqual([
      { attempted_at: expect.any(String), status_code: null, error: 'no answer within 1000 ms', duration_ms: expect.any(Number) },
      { attempted_at: expect.any(String), status_code: null, error: 'no answer within 1000 ms', duration_ms: expect.any(Number) },
    ]);
    expect(item.attempts[0].duration_ms).toBeGreaterThanOrEqual(900);
  });

  test('a dispatcher that refuses private targets never connects to one, even for an endpoint stored earlier', async () => {
    const rx = await startReceiver([200]);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 50 });
    const api = as(ctx, acct.api_key);
    const endpoint = (await api.post('/v1/webhook-endpoints', { url: rx.url, events: ['scraping.task.completed'] })).body;
    await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    const d = dispatcher({ allowPrivate: false, schedule: [] });
    await d.tick();
    await d.close();
    expect(rx.received).toEqual([]);
    const item = (await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body.items[0];
    expect(item).toMatchObject({ status: 'failed', attempts: [{ status_code: null, error: expect.stringMatching(/^refused: the URL must not point at a private/) }] });
  });

  test('a deleted endpoint gets nothing more; another account sees none of it', async () => {
    const rx = await startReceiver([200]);
    closers.push(rx.close);
    const acct = await ctx.account({ credits: 50 });
    const other = await ctx.account({ credits: 1 });
    const api = as(ctx, acct.api_key);
    const endpoint = (await api.post('/v1/webhook-endpoints', { url: rx.url, events: ['scraping.task.completed'] })).body;
    await api.post('/v1/scraping/run', { secteur: 'BTP', wilaya: 'Tlemcen' });
    expect((await as(ctx, other.api_key).get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await as(ctx, other.api_key).delete(`/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await as(ctx, other.api_key).get('/v1/webhook-endpoints')).body.total).toBe(0);

    const deleted = await api.delete(`/v1/webhook-endpoints/${endpoint.id}`);
    expect(deleted.status).toBe(204);
    // Its pending delivery went with it.
    expect(await ctx.database.knex('webhook_deliveries').where({ endpoint_id: endpoint.id })).toEqual([]);
    const d = dispatcher();
    await d.tick();
    await d.close();
    expect(rx.received).toEqual([]);
    expect((await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await api.delete(`/v1/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
  });
});
