import request from 'supertest';
import { createTestContext, type TestContext } from './helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('rate limits per plan', () => {
  test('a sales_team account gets exactly 150 requests in a window; the next is refused and runs nothing', async () => {
    const acct = await ctx.account({ plan: 'sales_team' });
    const other = await ctx.account({ plan: 'sales_team' });
    const auth = { Authorization: `Bearer ${acct.api_key}` };
    for (let i = 1; i <= 150; i++) {
      const res = await request(ctx.app).get('/v1/me').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"per-account";q=150;w=60');
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-account";r=${150 - i};t=\\d+$`));
    }
    const refused = await request(ctx.app).post('/v1/api-keys').set(auth).send({ name: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited', status: 429 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toBe(`"per-account";r=0;t=${retryAfter}`);
    // The refused request created nothing.
    expect(await ctx.database.knex('api_keys').where({ account_id: acct.account_id })).toHaveLength(1);
    // Another account is unaffected, and the public routes are not counted.
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${other.api_key}`).expect(200);
    await request(ctx.app).get('/v1/openapi.json').expect(200);
    await request(ctx.app).get('/healthz').expect(200);
  });

  test('an enterprise account announces its 500-request policy', async () => {
    const acct = await ctx.account({ plan: 'enterprise' });
    const res = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    expect(res.headers['ratelimit-policy']).toBe('"per-account";q=500;w=60');
    expect(res.headers.ratelimit).toMatch(/^"per-account";r=499;t=\d+$/);
  });
});
