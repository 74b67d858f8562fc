/**
 * Webhook deliveries go through the process's job queue (pg-boss, the one the extraction tasks
 * use): an event's first attempt is queued in the transaction of its cause, so a cause rolled
 * back leaves neither the event nor its job; instances share the jobs; a pending delivery
 * without a job gets one from the sweep, never a second one. PGlite, or PostgreSQL when
 * DATABASE_URL is set.
 */
import request from 'supertest';
import { createServices } from '../../composition';
import { startJobQueue } from '../../platform/queue';
import { DeliveryQueue, deliveryJobId, WEBHOOK_QUEUE, WebhookDispatcher, WebhookService } from '..';
import { createTestContext, TEST_SECRET, type TestContext } from '../../../test/helpers/app';
import { ficheCard, ficheSetup, ficheSources } from '../../../test/helpers/ficheDirectory';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';
import { startReceiver, type Receiver } from '../../../test/helpers/webhookReceiver';

jest.setTimeout(90_000);

const setup = ficheSetup();
let ctx: TestContext;
let site: Site;
const knex = () => ctx.database.knex;

beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup, webhooks: { allowPrivate: true } });
  site = await startSite({ '/recherche?secteur=BTP&wilaya=Tlemcen': `<html><body>${ficheCard('Mansourah Bâtiment', '0661405060')}</body></html>` });
  setup.sources = ficheSources(site.origin);
});
afterAll(async () => {
  await site?.close();
  await ctx.close();
});

/** The webhook-id of every delivery the receiver got. */
const webhookIds = (rx: Receiver) => rx.received.map((r) => String(r.headers['webhook-id']));

const endpointFor = async (url: string) => {
  const acct = await ctx.account({ credits: 50 });
  const created = await request(ctx.app).post('/v1/webhook-endpoints').set('Authorization', `Bearer ${acct.api_key}`).send({ url, events: ['scraping.task.completed'] });
  expect(created.status).toBe(201);
  return { acct, endpoint: created.body as { id: string } };
};
const jobsOf = async (deliveryIds: string[]) =>
  deliveryIds.length === 0 ? [] : (await knex().raw(`select id, state, data from pgboss.job where name = ? and data->>'deliveryId' = any(?)`, [WEBHOOK_QUEUE, deliveryIds])).rows;
const deliveriesOf = async (endpointId: string) => knex()('webhook_deliveries').where({ endpoint_id: endpointId }).orderBy('created_at').select('id', 'status', 'attempts');

test("an event's first attempt is queued in its cause's transaction: rolled back, neither exists; committed, both", async () => {
  const { acct, endpoint } = await endpointFor('https://crm.example.dz/hooks');
  const jobsBefore = (await knex().raw('select count(*)::int as n from pgboss.job where name = ?', [WEBHOOK_QUEUE])).rows[0].n;
  // The cause fails after writing its event (as a charge refused at the last moment would).
  await expect(
    knex().transaction(async (trx) => {
      await ctx.services.webhooks.emit(trx, acct.account_id, 'scraping.task.completed', { task_id: 'rolled-back' });
      throw new Error('the cause failed');
    }),
  ).rejects.toThrow('the cause failed');
  expect(await deliveriesOf(endpoint.id)).toEqual([]);
  expect((await knex().raw('select count(*)::int as n from pgboss.job where name = ?', [WEBHOOK_QUEUE])).rows[0].n).toBe(jobsBefore);

  // A real cause that commits: a synchronous extraction.
  const run = await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${acct.api_key}`).send({ secteur: 'BTP', wilaya: 'Tlemcen' });
  expect(run.status).toBe(200);
  const [delivery] = await deliveriesOf(endpoint.id);
  expect(delivery).toMatchObject({ status: 'pending', attempts: 0 });
  expect(await jobsOf([delivery.id])).toEqual([{ id: deliveryJobId(delivery.id, 1), state: 'created', data: { deliveryId: delivery.id, attempt: 1 } }]);
});

test('two instances share the deliveries: each delivered once, whichever instance takes it', async () => {
  const rx = await startReceiver();
  const { acct, endpoint } = await endpointFor(rx.url);
  // Another instance: its own queue (pg-boss) and dispatcher on the same database.
  const otherQueue = await startJobQueue(knex());
  const dispatchers = [
    new WebhookDispatcher(knex(), new DeliveryQueue(ctx.queue, { timeoutMs: 2000 }), { allowPrivate: true, timeoutMs: 2000, userAgent: 'test', pollingIntervalSeconds: 0.5, batch: 2 }),
    new WebhookDispatcher(knex(), new DeliveryQueue(otherQueue, { timeoutMs: 2000 }), { allowPrivate: true, timeoutMs: 2000, userAgent: 'test', pollingIntervalSeconds: 0.5, batch: 2 }),
  ];
  try {
    for (const d of dispatchers) await d.start();
    // Events written through either instance's queue (each wakes its own dispatcher).
    const other = createServices(knex(), TEST_SECRET, { webhooks: { allowPrivate: true, deliveries: new DeliveryQueue(otherQueue, { timeoutMs: 2000 }) } });
    for (let i = 0; i < 12; i++) {
      const service = i % 2 === 0 ? ctx.services.webhooks : other.webhooks;
      await knex().transaction((trx) => service.emit(trx, acct.account_id, 'scraping.task.completed', { task_id: `t${i}` }));
    }
    const deliveries = await (async () => {
      for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
        const rows = await deliveriesOf(endpoint.id);
        if (rows.length === 12 && rows.every((r) => r.status === 'succeeded')) return rows;
      }
      throw new Error('not every delivery succeeded');
    })();
    expect(deliveries.map((d) => d.attempts)).toEqual(Array(12).fill(1));
    expect(webhookIds(rx).sort()).toEqual(deliveries.map((d) => d.id).sort());
  } finally {
    for (const d of dispatchers) await d.close();
    await otherQueue.stop();
    await rx.close();
  }
});

test('a pending delivery written without a queue (a process serving nothing, or before deliveries were jobs) gets its job from the sweep, once', async () => {
  const rx = await startReceiver();
  const { acct, endpoint } = await endpointFor(rx.url);
  const queueless = new WebhookService(knex(), { allowPrivate: true });
  await knex().transaction((trx) => queueless.emit(trx, acct.account_id, 'scraping.task.completed', { task_id: 'no-queue' }));
  await knex().transaction((trx) => ctx.services.webhooks.emit(trx, acct.account_id, 'scraping.task.completed', { task_id: 'queued' }));
  const [lone, queued] = await deliveriesOf(endpoint.id);
  expect(await jobsOf([lone.id])).toEqual([]);
  // Overdue by more than the sweep's minute (as after a restart).
  await knex()('webhook_deliveries').whereIn('id', [lone.id, queued.id]).update({ next_attempt_at: knex().raw("now() - interval '2 minutes'") });
  const d = new WebhookDispatcher(knex(), new DeliveryQueue(ctx.queue, { timeoutMs: 2000 }), { allowPrivate: true, timeoutMs: 2000, userAgent: 'test' });
  expect(await d.sweep()).toBe(1); // the queued one keeps its job
  expect(await d.sweep()).toBe(0);
  expect((await jobsOf([lone.id, queued.id])).length).toBe(2);
  expect(await d.tick()).toBe(2);
  await d.close();
  expect(webhookIds(rx).sort()).toEqual([lone.id, queued.id].sort());
  expect((await deliveriesOf(endpoint.id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  await rx.close();
});
