import request from 'supertest';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('POST /v1/api-keys', () => {
  test('creates a working key for the calling account, shown once', async () => {
    const acct = await ctx.account();
    const res = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.api_key)).send({ name: 'CRM production' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'CRM production', expires_at: null, revoked_at: null, api_key: expect.any(String) });
    const me = await request(ctx.app).get('/v1/me').set(bearer(res.body.api_key)).expect(200);
    expect(me.body).toMatchObject({ id: acct.account_id, key_id: res.body.id });
    const row = await ctx.database.knex('api_keys').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ account_id: acct.account_id, name: 'CRM production' });
    expect(JSON.stringify(row)).not.toContain(res.body.api_key.split('.')[2]);
  });

  test('a key with expires_in_days expires that many days later', async () => {
    const acct = await ctx.account();
    const res = await request(ctx.app).post('/v1/api-keys').set(bearer(acct.api_key)).send({ expires_in_days: 90 });
    expect(res.status).toBe(201);
    const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 2);
  });
});

describe('GET /v1/api-keys', () => {
  test('lists the account\'s keys newest first, page by page, and no other account\'s', async () => {
    const acct = await ctx.account();
    await ctx.account();
    // A few milliseconds apart: keys created in the same instant have no defined order.
    for (let i = 1; i <= 4; i++) {
      await new Promise((r) => setTimeout(r, 3));
      await ctx.services.apiKeys.issue(acct.account_id, { name: `key ${i}` });
    }
    const page1 = await request(ctx.app).get('/v1/api-keys?per_page=2').set(bearer(acct.api_key)).expect(200);
    expect(page1.body).toMatchObject({ total: 5, page: 1, pages: 3 });
    expect(page1.body.items.map((k: { name: string }) => k.name)).toEqual(['key 4', 'key 3']);
    const page3 = await request(ctx.app).get('/v1/api-keys?per_page=2&page=3').set(bearer(acct.api_key)).expect(200);
    expect(page3.body.items.map((k: { name: string }) => k.name)).toEqual(['initial key']);
    const past = await request(ctx.app).get('/v1/api-keys?per_page=2&page=9').set(bearer(acct.api_key)).expect(200);
    expect(past.body).toMatchObject({ total: 5, page: 9, pages: 3, items: [] });
    expect(JSON.stringify(page1.body)).not.toContain('api_key');
  });
});

describe('DELETE /v1/api-keys/{key_id}', () => {
  test('revokes the key: it is refused on its next request; revoking again answers the same', async () => {
    const acct = await ctx.account();
    const extra = await ctx.services.apiKeys.issue(acct.account_id);
    const res = await request(ctx.app).delete(`/v1/api-keys/${extra.id}`).set(bearer(acct.api_key)).expect(200);
    expect(res.body).toMatchObject({ id: extra.id, revoked_at: expect.any(String) });
    const refused = await request(ctx.app).get('/v1/me').set(bearer(extra.api_key)).expect(401);
    expect(refused.body.code).toBe('revoked_api_key');
    const again = await request(ctx.app).delete(`/v1/api-keys/${extra.id}`).set(bearer(acct.api_key)).expect(200);
    expect(again.body.revoked_at).toBe(res.body.revoked_at);
  });

  test("another account's key answers 404 and stays active", async () => {
    const acct = await ctx.account();
    const other = await ctx.account();
    const res = await request(ctx.app).delete(`/v1/api-keys/${other.key_id}`).set(bearer(acct.api_key));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_not_found');
    await request(ctx.app).get('/v1/me').set(bearer(other.api_key)).expect(200);
  });
});
