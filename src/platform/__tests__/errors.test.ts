import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { errorCatalog, type ErrorCode } from '../errors';
import { contextWithKey, createTestContext, type TestContext } from '../../../test/helpers/app';
import { deref, operations, spec, type Json } from '../../../test/helpers/spec';

let ctx: TestContext;
let key: string;
beforeAll(async () => ({ ctx, key } = await contextWithKey()));
afterAll(() => ctx.close());

const auth = () => ({ Authorization: `Bearer ${key}` });

function expectProblem(res: request.Response, status: number, code: ErrorCode): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: `https://prospecting-api.dz/problems/${code}`,
    title: errorCatalog[code].title,
    status,
    code,
    instance: expect.stringMatching(/^\//),
    detail: expect.any(String),
    request_id: res.headers['x-request-id'],
  });
}

describe('the error catalog', () => {
  // A code is documented when a named example of that code, with its status, is offered by a
  // response of that status (or by `default`) of some operation.
  const documented = new Map<string, Set<number>>();
  for (const op of operations()) {
    for (const [status, r] of Object.entries<Json>(op.operation.responses)) {
      for (const media of Object.values<Json>(deref(r).content ?? {})) {
        for (const ex of Object.values<Json>(media.examples ?? {})) {
          const value = deref(ex).value;
          if (value?.code && (status === 'default' || Number(status) === value.status)) {
            if (!documented.has(value.code)) documented.set(value.code, new Set());
            documented.get(value.code)!.add(value.status);
          }
        }
      }
    }
  }

  // The table of codes in the docs page's Errors section (info.description):
  // | `code` | Status | `title` | When |
  const table = new Map<string, { status: number; title: string; when: string }>();
  for (const line of String(spec.info.description).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length !== 6 || !cells[1].startsWith('`') || cells[1] === '`code`') continue;
    table.set(cells[1].slice(1, -1), { status: Number(cells[2]), title: cells[3], when: cells[4] });
  }
  const enumerated: string[] = spec.components.schemas.Problem.properties.code.enum;

  test.each(Object.entries(errorCatalog))('documents %s in the spec with its status', (code, { status, title }) => {
    expect(documented.get(code)).toContain(status);
    expect(enumerated).toContain(code);
    expect(table.get(code)).toEqual({ status, title, when: expect.stringMatching(/\S/) });
  });

  test('documents no code the service does not have', () => {
    expect([...documented.keys()].filter((code) => !(code in errorCatalog))).toEqual([]);
    expect(enumerated.filter((code) => !(code in errorCatalog))).toEqual([]);
    expect([...table.keys()].filter((code) => !(code in errorCatalog))).toEqual([]);
    expect(new Set(enumerated).size).toBe(enumerated.length);
  });

  test('the table lists every code once, in the order of their statuses', () => {
    expect(table.size).toBe(Object.keys(errorCatalog).length);
    const statuses = [...table.values()].map((row) => row.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
  });

  test('the generated types make code a union a client can switch on', () => {
    const types = fs.readFileSync(path.resolve(__dirname, '../../../generated/v1.ts'), 'utf8');
    const union = Object.keys(errorCatalog).map((code) => `"${code}"`);
    const start = types.indexOf('Problem: {');
    const codeLine = types.slice(start).split('\n').find((l) => l.trim().startsWith('code:'));
    expect(codeLine?.trim().replace(/^code: /, '').replace(/;$/, '').split(' | ').sort()).toEqual(union.sort());
  });
});

describe('validation errors', () => {
  test('an out-of-range parameter answers 400 naming the field', async () => {
    const res = await request(ctx.app).get('/v1/api-keys?per_page=101').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/per_page', message: expect.stringContaining('100') })]);
  });

  test('instance is the path without its query string, as the Problem schema shows it', async () => {
    const res = await request(ctx.app).get('/v1/api-keys?per_page=101&page=1').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.instance).toBe('/v1/api-keys');
    expect(spec.components.schemas.Problem.properties.instance.example).toBe(res.body.instance);
  });

  test('a malformed parameter answers 400 naming the field', async () => {
    const res = await request(ctx.app).get('/v1/api-keys?page=abc').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors.map((e: Json) => e.path)).toEqual(['/query/page']);
  });

  test('every bad field is listed at once', async () => {
    const res = await request(ctx.app).get('/v1/api-keys?page=0&per_page=0').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors.map((e: Json) => e.path).sort()).toEqual(['/query/page', '/query/per_page']);
  });

  test('an unknown query parameter is rejected by name', async () => {
    const res = await request(ctx.app).get('/v1/me?verbose=1').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/verbose' })]);
  });

  test('a body field of the wrong type and an unknown body field are named', async () => {
    const res = await request(ctx.app).post('/v1/api-keys').set(auth()).send({ name: 12, colour: 'red' });
    expectProblem(res, 400, 'validation_failed');
    const paths = res.body.errors.map((e: Json) => e.path);
    expect(paths).toContain('/body/name');
    expect(paths.some((p: string) => p.includes('colour') || p === '/body')).toBe(true);
  });

  test('a malformed path parameter answers 400', async () => {
    const res = await request(ctx.app).delete('/v1/api-keys/not-a-uuid').set(auth());
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors[0].path).toBe('/path/key_id');
  });

  test('a body that is not JSON answers 400 malformed_json', async () => {
    const res = await request(ctx.app).post('/v1/api-keys').set(auth()).set('Content-Type', 'application/json').send('{"name": ');
    expectProblem(res, 400, 'malformed_json');
  });

  test('a failed write leaves no row behind', async () => {
    const acct = await ctx.account();
    await request(ctx.app).post('/v1/api-keys').set('Authorization', `Bearer ${acct.api_key}`).send({ expires_in_days: 0 }).expect(400);
    const keys = await ctx.database.knex('api_keys').where({ account_id: acct.account_id });
    expect(keys).toHaveLength(1);
  });
});

describe('transport errors', () => {
  test('a body over 1 MB answers 413', async () => {
    const res = await request(ctx.app)
      .post('/v1/api-keys')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }));
    expectProblem(res, 413, 'payload_too_large');
  });

  test('a body that is not application/json answers 415', async () => {
    const res = await request(ctx.app).post('/v1/api-keys').set(auth()).set('Content-Type', 'text/plain').send('name=x');
    expectProblem(res, 415, 'unsupported_media_type');
  });

  test('an unknown route under /v1 answers 404', async () => {
    const res = await request(ctx.app).get('/v1/nothing-here').set(auth());
    expectProblem(res, 404, 'not_found');
    expect(res.body.instance).toBe('/v1/nothing-here');
  });

  test('an unknown route outside /v1 answers 404 too', async () => {
    const res = await request(ctx.app).get('/nothing-here');
    expectProblem(res, 404, 'not_found');
  });

  test('a method the resource does not support answers 405 with Allow', async () => {
    const res = await request(ctx.app).post('/v1/me').set(auth());
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
    const keys = await request(ctx.app).put('/v1/api-keys').set(auth());
    expectProblem(keys, 405, 'method_not_allowed');
    expect(keys.headers.allow.split(/, */).sort()).toEqual(['GET', 'HEAD', 'POST']);
  });
});

describe('server errors', () => {
  test('a database failure answers 500 with no stack, no SQL and no driver message, and is logged', async () => {
    const broken = await createTestContext();
    const acct = await broken.account();
    await broken.database.knex.schema.renameTable('accounts', 'accounts_gone');
    const res = await request(broken.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
    expectProblem(res, 500, 'internal_error');
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/select|accounts|relation|at .*\.ts|stack/i);
    const logged = broken.logLines().find((l) => l.msg === 'request failed');
    expect(logged).toMatchObject({ request_id: res.body.request_id });
    expect(JSON.stringify(logged)).toMatch(/accounts/);
    await broken.close();
  });
});

describe('response validation (VALIDATE_RESPONSES)', () => {
  // A balance below zero breaks the contract (minimum: 0). The CHECK constraint forbids it,
  // so these tests drop the constraint in their own database to fake a buggy handler.
  /** GET /v1/me under this mode, for an account whose balance is -5: the answer, and the messages logged until then. */
  async function meWithNegativeBalance(mode: 'error' | 'log' | 'off') {
    const c = await createTestContext({ validateResponses: mode });
    try {
      const acct = await c.account({ credits: 0 });
      await c.database.knex.raw('alter table accounts drop constraint accounts_credit_balance_not_negative');
      await c.database.knex('accounts').where({ id: acct.account_id }).update({ credit_balance: -5 });
      const res = await request(c.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
      return { res, logged: c.logLines().map((l) => l.msg) };
    } finally {
      await c.close();
    }
  }

  test('error: a response that breaks the contract becomes a 500 and is logged', async () => {
    const { res, logged } = await meWithNegativeBalance('error');
    expectProblem(res, 500, 'internal_error');
    expect(logged).toContain('request failed');
  });

  test('log: the response is sent and the breach is logged', async () => {
    const { res, logged } = await meWithNegativeBalance('log');
    expect(res.status).toBe(200);
    expect(res.body.credit_balance).toBe(-5);
    expect(logged).toContain('response breaks the contract');
  });

  test('off: the response is sent unchecked', async () => {
    const { res, logged } = await meWithNegativeBalance('off');
    expect(res.status).toBe(200);
    expect(logged).not.toContain('response breaks the contract');
    expect(logged).not.toContain('request failed');
  });
});

describe('X-Request-Id', () => {
  test('every response carries a generated one', async () => {
    const ok = await request(ctx.app).get('/v1/me').set(auth());
    const unauth = await request(ctx.app).get('/v1/me');
    const health = await request(ctx.app).get('/healthz');
    for (const res of [ok, unauth, health]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([ok, unauth, health].map((r) => r.headers['x-request-id'])).size).toBe(3);
  });

  test("a client's well-formed id is echoed, in the header and in problems", async () => {
    const res = await request(ctx.app).get('/v1/nothing').set(auth()).set('X-Request-Id', 'crm-42:batch.7_a');
    expect(res.headers['x-request-id']).toBe('crm-42:batch.7_a');
    expect(res.body.request_id).toBe('crm-42:batch.7_a');
  });

  test('a malformed one is replaced', async () => {
    for (const bad of ['has spaces in it', 'x'.repeat(201), '<script>']) {
      const res = await request(ctx.app).get('/v1/me').set(auth()).set('X-Request-Id', bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
