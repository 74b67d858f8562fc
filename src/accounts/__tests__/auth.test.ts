import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createTestContext, TEST_SECRET, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expectRefused(authorization: string | undefined, code: string) {
  let req = request(ctx.app).get('/v1/me');
  if (authorization !== undefined) req = req.set('Authorization', authorization);
  const res = await req;
  expect(res.status).toBe(401);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="prospecting-api"/);
  expect(res.body).toMatchObject({ status: 401, code });
  return res;
}

describe('API keys on /v1', () => {
  test('a valid key is accepted', async () => {
    const acct = await ctx.account();
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
  });

  test('no Authorization header answers 401 missing_api_key with a bare Bearer challenge', async () => {
    const res = await expectRefused(undefined, 'missing_api_key');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="prospecting-api"');
  });

  test('another scheme or a malformed token answers 401 invalid_api_key', async () => {
    const acct = await ctx.account();
    const res = await expectRefused(`Basic ${Buffer.from('a:b').toString('base64')}`, 'invalid_api_key');
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    await expectRefused('Bearer', 'invalid_api_key');
    await expectRefused('Bearer not-a-jwt', 'invalid_api_key');
    await expectRefused(`Bearer ${acct.api_key}x`, 'invalid_api_key');
    await expectRefused(acct.api_key, 'invalid_api_key');
  });

  test('a key signed with another secret (forged) answers 401 invalid_api_key', async () => {
    const acct = await ctx.account();
    const forged = jwt.sign({}, 'another-secret-that-is-long-enough-012345', {
      algorithm: 'HS256', subject: acct.account_id, jwtid: acct.key_id, issuer: 'prospecting-api',
    });
    await expectRefused(`Bearer ${forged}`, 'invalid_api_key');
  });

  test('an unsigned key (alg: none) answers 401 invalid_api_key', async () => {
    const acct = await ctx.account();
    const claims = { sub: acct.account_id, jti: acct.key_id, iss: 'prospecting-api', iat: Math.floor(Date.now() / 1000) };
    await expectRefused(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, 'invalid_api_key');
  });

  test('a key signed with the right secret but another algorithm answers 401 (algorithms are pinned)', async () => {
    const acct = await ctx.account();
    const hs512 = jwt.sign({}, TEST_SECRET, { algorithm: 'HS512', subject: acct.account_id, jwtid: acct.key_id, issuer: 'prospecting-api' });
    await expectRefused(`Bearer ${hs512}`, 'invalid_api_key');
  });

  test('a validly signed key whose id is unknown, or whose account does not match, answers 401', async () => {
    const acct = await ctx.account();
    const other = await ctx.account();
    const sign = (sub: string, jti: string) =>
      jwt.sign({}, TEST_SECRET, { algorithm: 'HS256', subject: sub, jwtid: jti, issuer: 'prospecting-api' });
    await expectRefused(`Bearer ${sign(acct.account_id, '00000000-0000-4000-8000-000000000000')}`, 'invalid_api_key');
    await expectRefused(`Bearer ${sign(other.account_id, acct.key_id)}`, 'invalid_api_key');
    await expectRefused(`Bearer ${sign('not-a-uuid', acct.key_id)}`, 'invalid_api_key');
  });

  test('an expired key answers 401 expired_api_key', async () => {
    const acct = await ctx.account();
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 60 }, TEST_SECRET, {
      algorithm: 'HS256', subject: acct.account_id, jwtid: acct.key_id, issuer: 'prospecting-api',
    });
    await expectRefused(`Bearer ${expired}`, 'expired_api_key');
  });

  test('a key whose stored expiry has passed answers 401 expired_api_key', async () => {
    const acct = await ctx.account();
    const key = await ctx.services.apiKeys.issue(acct.account_id, { expiresInDays: 30 });
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${key.api_key}`).expect(200);
    await ctx.announced(() => ctx.database.knex('api_keys').where({ id: key.id }).update({ expires_at: new Date(Date.now() - 1000) }));
    await expectRefused(`Bearer ${key.api_key}`, 'expired_api_key');
  });

  test('a revoked key is refused on its very next request, while the account\'s other keys still work', async () => {
    const acct = await ctx.account();
    const second = await ctx.services.apiKeys.issue(acct.account_id);
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    await ctx.services.apiKeys.revoke(acct.key_id);
    await expectRefused(`Bearer ${acct.api_key}`, 'revoked_api_key');
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${second.api_key}`).expect(200);
  });

  test('the documentation and the spec need no key', async () => {
    await request(ctx.app).get('/v1/openapi.json').expect(200);
    await request(ctx.app).get('/v1/openapi.yaml').expect(200);
    await request(ctx.app).get('/healthz').expect(200);
  });

  test('keys never appear in the logs, valid or not', async () => {
    const acct = await ctx.account();
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    await request(ctx.app).get('/v1/nothing').set('Authorization', `Bearer ${acct.api_key}`).expect(404);
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}x`).expect(401);
    const text = JSON.stringify(ctx.logLines());
    expect(ctx.logLines().length).toBeGreaterThanOrEqual(3);
    const signature = acct.api_key.split('.')[2];
    expect(text).not.toContain(signature);
  });
});
