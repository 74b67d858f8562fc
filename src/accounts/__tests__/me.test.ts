import request from 'supertest';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /v1/me', () => {
  test('answers the account, its plan, limits and balance for its key', async () => {
    const acct = await ctx.account({ plan: 'sales_team', credits: 250, name: 'Sarl Numidia' });
    const res = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id: acct.account_id,
      name: 'Sarl Numidia',
      plan: { id: 'sales_team', label: 'Sales team' },
      limits: { requests_per_minute: 150, max_per_page: 100, max_results: 100, max_concurrent_extractions: 2 },
      credit_balance: 250,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      key_id: acct.key_id,
      // Which mode the key is in (README, Test mode): a key made without --mode is live.
      mode: 'live',
    });
  });

  test('shows the enterprise limits for an enterprise account', async () => {
    const acct = await ctx.account({ plan: 'enterprise', credits: 0 });
    const res = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
    expect(res.status).toBe(200);
    expect(res.body.plan).toEqual({ id: 'enterprise', label: 'Enterprise' });
    expect(res.body.limits.requests_per_minute).toBe(500);
    expect(res.body.credit_balance).toBe(0);
  });

  test('costs nothing: the balance and the ledger are unchanged after many reads', async () => {
    const acct = await ctx.account({ credits: 40 });
    for (let i = 0; i < 5; i++) {
      await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    }
    const account = await ctx.database.knex('accounts').where({ id: acct.account_id }).first();
    expect(account.credit_balance).toBe(40);
    const ledger = await ctx.database.knex('credit_ledger').where({ account_id: acct.account_id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 40, balance_after: 40, reason: 'opening balance' });
  });

  test('reflects credits added since, and names the key that made the request', async () => {
    const acct = await ctx.account({ credits: 10 });
    await ctx.services.accounts.addCredits(acct.account_id, 15, 'top-up', 'invoice-42');
    const second = await ctx.services.apiKeys.issue(acct.account_id, { name: 'second' });
    const res = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${second.api_key}`);
    expect(res.body.credit_balance).toBe(25);
    expect(res.body.key_id).toBe(second.id);
  });
});
