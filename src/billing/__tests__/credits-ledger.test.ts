/**
 * GET /v1/credits/ledger: every movement of the account's balance, newest first, page by page;
 * an extraction's charge names its task; the balance is always the sum of the ledger.
 */
import fc from 'fast-check';
import request from 'supertest';
import { chargePerItem } from '../billingService';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { ficheCard, ficheSetup, ficheSources } from '../../../test/helpers/ficheDirectory';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';

jest.setTimeout(60_000);

const setup = ficheSetup();

let ctx: TestContext;
let site: Site;
beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
  site = await startSite({
    '/recherche?secteur=BTP&wilaya=Tipaza': `<html><body>${ficheCard('Tipasa Bâtiment', '0661203040')}${ficheCard('Cherchell Travaux', '0661203041')}${ficheCard('Hadjout Construction', '0661203042')}</body></html>`,
  });
  setup.sources = ficheSources(site.origin);
});
afterAll(async () => {
  await site?.close();
  await ctx.close();
});

const get = (apiKey: string, query = '') => request(ctx.app).get(`/v1/credits/ledger${query}`).set('Authorization', `Bearer ${apiKey}`);
const balanceOf = async (apiKey: string) => (await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${apiKey}`)).body.credit_balance as number;

test('an extraction charge names its task, after the opening grant; the newest balance_after is the balance /v1/me shows', async () => {
  const acct = await ctx.account({ credits: 10 });
  const run = await request(ctx.app)
    .post('/v1/scraping/run')
    .set('Authorization', `Bearer ${acct.api_key}`)
    .send({ secteur: 'BTP', wilaya: 'Tipaza' });
  expect(run.status).toBe(200);
  expect(run.body.credits_used).toBe(3);

  const res = await get(acct.api_key);

  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ total: 2, page: 1, pages: 1 });
  expect(res.body.items).toEqual([
    { id: expect.stringMatching(/^\d+$/), created_at: expect.any(String), amount: -3, balance_after: 7, reason: 'scraping', task_id: run.body.task_id },
    { id: expect.stringMatching(/^\d+$/), created_at: expect.any(String), amount: 10, balance_after: 10, reason: 'opening balance', task_id: null },
  ]);
  expect(BigInt(res.body.items[0].id) > BigInt(res.body.items[1].id)).toBe(true);
  expect(await balanceOf(acct.api_key)).toBe(7);
  // The task it names is the account's own, readable.
  const task = await request(ctx.app).get(`/v1/scraping/tasks/${run.body.task_id}`).set('Authorization', `Bearer ${acct.api_key}`);
  expect(task.status).toBe(200);
  expect(task.body.credits_used).toBe(3);
});

test('pages newest first with an exact total, and shows no other account its movements', async () => {
  const acct = await ctx.account({ credits: 5 });
  const other = await ctx.account({ credits: 99 });
  for (const amount of [1, 2, 3, 4]) await ctx.services.accounts.addCredits(acct.account_id, amount, `grant ${amount}`);

  const first = await get(acct.api_key, '?per_page=2');
  const second = await get(acct.api_key, '?per_page=2&page=2');
  const third = await get(acct.api_key, '?per_page=2&page=3');
  const past = await get(acct.api_key, '?per_page=2&page=4');

  expect(first.body).toMatchObject({ total: 5, page: 1, pages: 3 });
  expect([...first.body.items, ...second.body.items, ...third.body.items].map((e: { reason: string }) => e.reason)).toEqual([
    'grant 4',
    'grant 3',
    'grant 2',
    'grant 1',
    'opening balance',
  ]);
  expect(past.status).toBe(200);
  expect(past.body).toMatchObject({ total: 5, page: 4, pages: 3, items: [] });
  expect((await get(other.api_key)).body.items.map((e: { amount: number }) => e.amount)).toEqual([99]);
});

test('an operator correction that mentions a reference is not mistaken for a task', async () => {
  const acct = await ctx.account({ credits: 5 });
  await ctx.services.accounts.addCredits(acct.account_id, -2, 'scraping', 'INV-2026-001');
  const res = await get(acct.api_key);
  expect(res.body.items[0]).toMatchObject({ amount: -2, balance_after: 3, reason: 'scraping', task_id: null });
});

test('a page size out of range is a 400 problem naming the parameter', async () => {
  const acct = await ctx.account({ credits: 1 });
  for (const query of ['?per_page=0', '?per_page=101', '?page=0', '?page=x']) {
    const res = await get(acct.api_key, query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(res.body.errors)).toMatch(/page/);
  }
});

test('without a key: 401', async () => {
  const res = await request(ctx.app).get('/v1/credits/ledger');
  expect(res.status).toBe(401);
});

test('after any sequence of grants, corrections and charges, the balance equals the sum of the ledger and each balance_after follows from the one before', async () => {
  const move = fc.oneof(
    fc.record({ kind: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 50 }) }),
    fc.record({ kind: fc.constant('correction' as const), amount: fc.integer({ min: -30, max: -1 }) }),
    fc.record({ kind: fc.constant('charge' as const), billable: fc.integer({ min: 0, max: 40 }) }),
  );
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.array(move, { maxLength: 12 }), async (opening, moves) => {
      const acct = await ctx.account({ credits: opening });
      for (const [i, m] of moves.entries()) {
        if (m.kind === 'grant') await ctx.services.accounts.addCredits(acct.account_id, m.amount, 'grant');
        else if (m.kind === 'correction') await ctx.services.accounts.addCredits(acct.account_id, m.amount, 'correction').catch(() => undefined);
        else
          await ctx.database.knex.transaction((trx) =>
            chargePerItem(trx, { accountId: acct.account_id, items: Array.from({ length: m.billable }, (_, n) => n), billable: () => true, reason: 'scraping', reference: `op-${i}` }),
          );
      }
      const entries: { amount: number; balance_after: number }[] = [];
      for (let page = 1; ; page++) {
        const res = await get(acct.api_key, `?per_page=5&page=${page}`);
        expect(res.status).toBe(200);
        entries.push(...res.body.items);
        if (page >= res.body.pages) break;
      }
      const balance = await balanceOf(acct.api_key);
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
      const oldestFirst = [...entries].reverse();
      oldestFirst.reduce((before, e) => {
        expect(e.amount).not.toBe(0);
        expect(e.balance_after).toBe(before + e.amount);
        expect(e.balance_after).toBeGreaterThanOrEqual(0);
        return e.balance_after;
      }, 0);
      expect(entries[0]?.balance_after ?? 0).toBe(balance);
    }),
    { numRuns: 25 },
  );
});
