/**
 * No token-shaped string (a JWT such as an API key, `Bearer ...`, a long random secret) is ever
 * echoed in an answer or written to the logs, wherever the client put it: in the path, the
 * query, a body value that is echoed in an error, a request id.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { containsSecret, redactSecrets } from '../secrets';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
let key: string;
let otherKey: string;
beforeAll(async () => {
  ctx = await createTestContext();
  key = (await ctx.account()).api_key;
  otherKey = (await ctx.account()).api_key;
});
afterAll(() => ctx.close());
const auth = () => ({ Authorization: `Bearer ${key}` });

/** A base64 secret as `openssl rand -base64 48` makes one, and a hex one as `openssl rand -hex 32`. */
const BASE64_SECRET = 'q3J9vX2mKp8Lr5Tz0Wc7Yb4Nd6Hf1Sg9Ua2Ve5Ix8Ok3Ql7Rj0Pm4Zn6Bt1Cy9Ew';
const HEX_SECRET = crypto.randomBytes(32).toString('hex');

/** Every way a secret could leak: the answer's body and headers, and every log line so far. */
function leaked(res: request.Response, secrets: string[]): string[] {
  const answer = JSON.stringify({ body: res.body, text: res.text, headers: res.headers });
  const logs = JSON.stringify(ctx.logLines());
  return secrets.flatMap((s) => {
    // Any long piece of the secret counts (its signature alone is a leak).
    const pieces = [s, ...s.split('.').filter((p) => p.length >= 12)];
    return pieces.filter((p) => answer.includes(p) || logs.includes(p)).map((p) => `${p.slice(0, 16)}...`);
  });
}

describe('redactSecrets', () => {
  test.each([
    ['a JWT', `GET /v1/${'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'} 404`],
    ['a JWT without its signature', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.'],
    ['a Bearer credential', 'Authorization: Bearer abc.def-ghi_jkl'],
    ['a Bearer credential in a URL', '/v1/Bearer%20sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
    ['a long random secret', `secret=${BASE64_SECRET}`],
    ['a base64 secret URL-encoded', `/v1/x?s=${encodeURIComponent('ab+cdEF/12gh3IJ4kl+mn5OP6qr7ST8uv9WX0yz=')}`],
    ['a hex secret', `/v1/${HEX_SECRET}`],
  ])('hides %s', (_what, text) => {
    const out = redactSecrets(text);
    expect(out).toContain('[redacted]');
    expect(containsSecret(text)).toBe(true);
    expect(containsSecret(out)).toBe(false);
  });

  test.each([
    '/v1/lists/3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b/leads/8D7C6B5A-4F3E-4D2C-9B1A-0F9E8D7C6B5A',
    'GET /v1/entreprises?query=numidia%20batiment&wilayas=16&wilayas=31&secteurs=BTP&per_page=5 200 12ms',
    '5d1c2f0e-7a43-4f7e-9d55-3f8f8c1b2a90',
    '4bf92f3577b34da6a3ce929d0e0e4736',
    'crm-42:batch.7_a',
    'SARL Numidia Bâtiment, Travaux de construction et de rénovation',
    '{"level":30,"time":"2026-03-01T10:00:00.000Z","service":"prospecting-api","msg":"listening"}',
  ])('keeps %s', (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(containsSecret(text)).toBe(false);
  });
});

describe('hostile texts are read in linear time', () => {
  test.each([
    ['200,000 letters', 'a'.repeat(200_000)],
    ['"eyJ" 70,000 times', 'eyJ'.repeat(70_000)],
    ['"eyJabcdefgh." 20,000 times', 'eyJabcdefgh.'.repeat(20_000).slice(0, -1) + '/'],
    ['a 16-letter part then dots, 10,000 times', `${'abcdefghijklmnop.'.repeat(10_000)}`],
    ['"Bearer " 30,000 times', 'Bearer '.repeat(30_000)],
    ['"%2B" 60,000 times', '%2B'.repeat(60_000)],
    ['31 letters and a slash, 6,000 times', `${'abcdefghijklmnopqrstuvwxyzABCDE/'.repeat(6_000)}`],
  ])('%s', (_what, text) => {
    expect(typeof redactSecrets(text)).toBe('string');
  }, 20_000);
});

describe('a key pasted where it does not belong', () => {
  test('in the path: the 404 names neither it in instance nor in detail, and the logs do not hold it', async () => {
    const res = await request(ctx.app).get(`/v1/${otherKey}`).set(auth());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(res.body.instance).toBe('/v1/[redacted]');
    expect(res.body.detail).toContain('[redacted]');
    expect(leaked(res, [otherKey])).toEqual([]);
    expect(ctx.logLines().some((l) => JSON.stringify(l).includes('/v1/[redacted]'))).toBe(true);
  });

  test('in the path, without a valid key', async () => {
    const res = await request(ctx.app).get(`/v1/me/${otherKey}`);
    expect(res.status).toBe(401);
    expect(leaked(res, [otherKey])).toEqual([]);
  });

  test('in a path parameter, outside /v1, after Bearer', async () => {
    for (const path of [`/v1/lists/${otherKey}`, `/${otherKey}`, `/v1/Bearer%20${otherKey}`, `/v1/${BASE64_SECRET}`, `/v1/lists/${HEX_SECRET}/leads`]) {
      const res = await request(ctx.app).get(path).set(auth());
      expect([path, res.status]).toEqual([path, expect.any(Number)]);
      expect(res.status).toBeLessThan(500);
      expect([path, leaked(res, [otherKey, BASE64_SECRET, HEX_SECRET])]).toEqual([path, []]);
    }
  });

  test('in the query, under any name', async () => {
    for (const query of [`query=${otherKey}`, `api_key=${otherKey}`, `secteurs=${otherKey}`, `cursor=${otherKey.split('.')[1]}`, `verbose=${BASE64_SECRET}`]) {
      const res = await request(ctx.app).get(`/v1/entreprises?${query}`).set(auth());
      expect(res.status).toBeLessThan(500);
      expect([query, leaked(res, [otherKey, BASE64_SECRET])]).toEqual([query, []]);
    }
  });

  test('in a body value that an error names', async () => {
    const res = await request(ctx.app).post('/v1/scraping/run').set(auth()).send({ secteur: otherKey.slice(0, 100), wilaya: `Bearer ${BASE64_SECRET}` });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/body/secteur', '/body/wilaya']);
    expect(leaked(res, [otherKey.slice(0, 100), BASE64_SECRET])).toEqual([]);
  });

  test('as a request id: it is replaced, not echoed', async () => {
    const res = await request(ctx.app).get('/v1/me').set(auth()).set('X-Request-Id', otherKey.slice(0, 200));
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(leaked(res, [otherKey.slice(0, 200)])).toEqual([]);
  });

  test('in a request that fails with 500, the error log does not hold it either', async () => {
    const broken = await createTestContext({ searchIndex: false });
    const acct = await broken.account();
    await broken.database.knex.schema.renameTable('companies', 'companies_gone');
    const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const res = await request(broken.app).get(`/v1/entreprises?query=${token}`).set('Authorization', `Bearer ${acct.api_key}`);
    expect(res.status).toBe(500);
    const logs = JSON.stringify(broken.logLines());
    expect(logs).toContain('request failed');
    expect(logs).toContain('query=[redacted]');
    for (const part of token.split('.')) expect(logs).not.toContain(part);
    await broken.close();
  });
});
