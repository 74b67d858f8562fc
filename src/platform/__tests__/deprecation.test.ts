/**
 * The deprecation policy as the server applies it (issue 16 point 6): an operation the
 * contract marks `deprecated: true` answers with `Deprecation` (RFC 9745) and `Sunset`
 * (RFC 8594), read from its `x-deprecated-at` and `x-sunset`. Tested on the real app, built
 * on a fixture: the contract with GET /v1/wilayas and GET /v1/entreprises/{id} deprecated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';
import { createApp } from '../../app';
import { deprecatedOperations } from '../http/deprecation';
import { loadSpec } from '../http/spec';
import { createTestContext, TEST_SECRET, type TestContext } from '../../../test/helpers/app';
import { spec, type Json } from '../../../test/helpers/spec';

const DEPRECATED_AT = '2026-01-15';
const SUNSET = '2026-07-15T00:00:00Z';

function fixture(mutate: (doc: Json) => void): Json {
  const doc = structuredClone(spec);
  mutate(doc);
  return doc;
}

const deprecate = (op: Json, at: unknown = DEPRECATED_AT, sunset: unknown = SUNSET) => {
  op.deprecated = true;
  if (at !== null) op['x-deprecated-at'] = at;
  if (sunset !== null) op['x-sunset'] = sunset;
};

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let key: string;
let tmp: string;

beforeAll(async () => {
  ctx = await createTestContext();
  key = (await ctx.account()).api_key;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'deprecation-'));
  const file = path.join(tmp, 'v1.yaml');
  fs.writeFileSync(
    file,
    YAML.stringify(
      fixture((doc) => {
        deprecate(doc.paths['/v1/wilayas'].get);
        deprecate(doc.paths['/v1/entreprises/{id}'].get);
      }),
    ),
  );
  app = createApp({
    services: ctx.services,
    db: ctx.database.knex,
    apiKeySecret: TEST_SECRET,
    logger: ctx.logger,
    validateResponses: 'error',
    principalCache: ctx.principalCache,
    reads: ctx.reads,
    searchIndex: ctx.searchIndex,
    spec: loadSpec(file),
  });
});

afterAll(async () => {
  await ctx?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const auth = () => ({ Authorization: `Bearer ${key}` });
const deprecation = `@${Date.parse(`${DEPRECATED_AT}T00:00:00Z`) / 1000}`;

describe('a deprecated operation', () => {
  test('answers with Deprecation (@unix time) and Sunset (HTTP-date)', async () => {
    const res = await request(app).get('/v1/wilayas').set(auth()).expect(200);
    expect(res.headers.deprecation).toBe(deprecation);
    expect(deprecation).toBe('@1768435200');
    expect(res.headers.sunset).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
  });

  test('says so on its errors too, and on HEAD', async () => {
    const unauthorized = await request(app).get('/v1/wilayas').expect(401);
    expect(unauthorized.headers.deprecation).toBe(deprecation);
    const head = await request(app).head('/v1/wilayas').set(auth()).expect(200);
    expect(head.headers.sunset).toBe('Wed, 15 Jul 2026 00:00:00 GMT');
    const unknown = await request(app).get('/v1/entreprises/6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9').set(auth()).expect(404);
    expect(unknown.headers.deprecation).toBe(deprecation);
  });

  test('leaves the other operations alone, a literal path beside a deprecated template included', async () => {
    for (const url of ['/v1/secteurs', '/v1/entreprises/facets', '/v1/me']) {
      const res = await request(app).get(url).set(auth()).expect(200);
      expect(res.headers.deprecation).toBeUndefined();
      expect(res.headers.sunset).toBeUndefined();
    }
    const other = await request(app).post('/v1/wilayas').set(auth()).expect(405);
    expect(other.headers.deprecation).toBeUndefined();
  });

  test('the real contract deprecates nothing today, and the app built on it sends neither header', async () => {
    expect(deprecatedOperations(spec)).toEqual([]);
    const res = await request(ctx.app).get('/v1/wilayas').set(auth()).expect(200);
    expect(res.headers.deprecation).toBeUndefined();
  });
});

describe('the policy is checked when the app is built', () => {
  test('a deprecated operation needs both dates', () => {
    expect(() => deprecatedOperations(fixture((doc) => deprecate(doc.paths['/v1/me'].get, null)))).toThrow(
      'GET /v1/me is deprecated but lacks x-deprecated-at',
    );
    expect(() => deprecatedOperations(fixture((doc) => deprecate(doc.paths['/v1/me'].get, DEPRECATED_AT, 'soon')))).toThrow(
      'GET /v1/me is deprecated but lacks x-sunset',
    );
  });

  test('and at least 6 months between them', () => {
    expect(() => deprecatedOperations(fixture((doc) => deprecate(doc.paths['/v1/me'].get, '2026-01-15', '2026-07-14')))).toThrow(
      "less than 6 months' notice",
    );
    expect(deprecatedOperations(fixture((doc) => deprecate(doc.paths['/v1/me'].get, '2026-01-15', '2026-07-15')))).toEqual([
      { method: 'GET', path: '/v1/me', deprecatedAt: new Date('2026-01-15'), sunset: new Date('2026-07-15') },
    ]);
  });
});
