/**
 * Bugs the spec-driven fuzz (test/fuzz.test.ts) found, each reproduced on its own; and two
 * found while looking at what it cannot reach (a crafted cursor, a body of 60,000 fields).
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { filterKey, upsertCompanies } from '../src/search/companyRepository';
import { createTestContext, type TestContext } from './helpers/app';

let ctx: TestContext;
let key: string;
let listId: string;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  key = (await ctx.account()).api_key;
  listId = (await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Trouvailles' }).expect(201)).body.id;
  [{ id: companyId }] = await upsertCompanies(ctx.database.knex, [
    { nom: 'Numidia Trouvailles', wilaya_code: 16, secteur_id: null, activite: null, email: null, telephone: null, score_qualite: 50, source: 'import', source_url: null },
  ]);
});
afterAll(() => ctx.close());
const auth = () => ({ Authorization: `Bearer ${key}` });

describe('a uuid is the RFC 4122 string, as PostgreSQL reads it', () => {
  const urn = (id: string) => `urn:uuid:${id}`;

  test('urn:uuid:... in a path answers 400 naming the parameter, not 500', async () => {
    const res = await request(ctx.app).get(`/v1/lists/${urn(listId)}`).set(auth());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/path/id' })]);
    const lead = await request(ctx.app).delete(`/v1/lists/${listId}/leads/${urn(companyId)}`).set(auth());
    expect(lead.status).toBe(400);
    expect(lead.body.errors).toEqual([expect.objectContaining({ path: '/path/lead_id' })]);
  });

  test('urn:uuid:... in a body answers 400 naming the field, not 500', async () => {
    const one = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ entreprise_id: urn(companyId) });
    expect(one.status).toBe(400);
    expect(one.body.errors).toEqual([expect.objectContaining({ path: '/body/entreprise_id' })]);
    const many = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ entreprise_ids: [companyId, urn(companyId)] });
    expect(many.status).toBe(400);
    const task = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ task_id: urn(companyId) });
    expect(task.status).toBe(400);
    expect(await ctx.database.knex('leads').where({ list_id: listId })).toHaveLength(0);
  });

  test('upper case is still a uuid', async () => {
    await request(ctx.app).get(`/v1/lists/${listId.toUpperCase()}`).set(auth()).expect(200);
  });
});

describe('a required body must be sent', () => {
  test.each([
    ['POST', '/v1/api-keys'],
    ['POST', '/v1/lists'],
    ['POST', '/v1/scraping/run'],
  ])('%s %s with Content-Type application/json and no body answers 400, and creates nothing', async (method, path) => {
    const keys = await ctx.database.knex('api_keys').count({ n: '*' }).first();
    const res = await request(ctx.app)[method.toLowerCase() as 'post'](path).set(auth()).set('Content-Type', 'application/json').send('');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/body' })]);
    expect(await ctx.database.knex('api_keys').count({ n: '*' }).first()).toEqual(keys);
  });

  test('an empty object is a body', async () => {
    await request(ctx.app).post('/v1/api-keys').set(auth()).send({}).expect(201);
  });
});

describe('integer parameters are written in digits', () => {
  test.each(['0x10', '1e1', '1.0', ' 1', '1 ', '+1', 'Infinity', '٣'])('page=%j answers 400 naming page', async (value) => {
    const res = await request(ctx.app).get(`/v1/api-keys?page=${encodeURIComponent(value)}`).set(auth());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/page' })]);
  });

  test('each value of a repeated integer parameter, by its index', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?wilayas=16&wilayas=0x1F').set(auth());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/wilayas/1' })]);
  });

  test('digits, leading zeros included, are integers', async () => {
    await request(ctx.app).get('/v1/api-keys?page=1&per_page=020').set(auth()).expect(200);
    await request(ctx.app).get('/v1/entreprises?wilayas=16&score_min=0').set(auth()).expect(200);
    await request(ctx.app).head('/v1/entreprises?page=2').set(auth()).expect(200);
  });
});

describe('a crafted cursor', () => {
  /** A cursor as the API makes one (its search's hash is no secret), with the given last key. */
  function cursor(sort: 'nom' | '-score_qualite', k: unknown[]): string {
    const f = { words: [], wilayaCodes: [], secteurIds: [], scoreMin: 0 };
    const hash = crypto.createHash('sha256').update(`${filterKey(f)}|${sort}`).digest('base64url').slice(0, 16);
    return Buffer.from(JSON.stringify({ v: 1, s: sort, k, o: 1, f: hash })).toString('base64url');
  }

  test.each([
    ['nom', ['a\u0000b', '3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b']],
    ['-score_qualite', [50, 'x\u0001', '3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b']],
  ] as const)('whose %s key holds a control character answers 400, on SQL as on the index', async (sort, k) => {
    const sql = await createTestContext({ searchIndex: false, database: undefined });
    try {
      const acct = await sql.account();
      for (const app of [ctx.app, sql.app]) {
        const res = await request(app).get(`/v1/entreprises?sort=${sort}&cursor=${cursor(sort, [...k])}`).set('Authorization', `Bearer ${app === ctx.app ? key : acct.api_key}`);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/cursor' })]);
      }
    } finally {
      await sql.close();
    }
  });
});

describe('a body of 60,000 unknown fields', () => {
  test('answers 400 at /body without naming each field (the contract validator never sees it)', async () => {
    const body: Record<string, unknown> = { nom: 'Liste' };
    for (let i = 0; i < 60_000; i++) body[`k${i}`] = 1;
    const res = await request(ctx.app).post('/v1/lists').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: '/body', message: expect.stringContaining('5000'), code: 'maxProperties' }]);
  });

  test('so does an array of 60,000 items', async () => {
    const res = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ entreprise_ids: Array.from({ length: 60_000 }, () => 'x') });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/body', code: 'maxProperties' })]);
  });

  test('the largest body the contract allows is well within the bound', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `3f0b8a4e-2c1d-4e5f-9a6b-${String(i).padStart(12, '0')}`);
    const res = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ entreprise_ids: ids });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_not_found');
  });

  test('a validation error names at most 50 fields, and says how many more', async () => {
    const res = await request(ctx.app).post(`/v1/lists/${listId}/leads`).set(auth()).send({ entreprise_ids: Array.from({ length: 1000 }, (_, i) => `not-a-uuid-${i}`) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(50);
    expect(res.body.detail).toMatch(/\(and 950 more\)$/);
  });
});
