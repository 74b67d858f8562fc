/**
 * Strict routing: paths are matched exactly (case, trailing slash), HEAD is answered for every
 * GET, and query parameters are flat (bracket syntax is refused, by name).
 */
import request from 'supertest';
import { upsertCompanies } from '../src/search/companyRepository';
import { createTestContext, type TestContext } from './helpers/app';
import { operations } from './helpers/spec';

let ctx: TestContext;
let key: string;
let ids: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const acct = await ctx.account({ plan: 'enterprise' });
  key = acct.api_key;
  const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Routing' }).expect(201);
  const [company] = await upsertCompanies(ctx.database.knex, [
    { nom: 'Numidia Routing', wilaya_code: 16, secteur_id: null, activite: null, email: null, telephone: '+213550123456', score_qualite: 50, source: 'import', source_url: null },
  ]);
  await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_id: company.id }).expect(201);
  ids = { id: list.body.id, key_id: acct.key_id, task_id: '00000000-0000-4000-8000-000000000000' };
});
afterAll(() => ctx.close());

const auth = () => ({ Authorization: `Bearer ${key}` });

describe('paths are matched exactly', () => {
  test.each(['/V1/ME', '/v1/ME', '/V1/me', '/v1/Me'])('%s answers 404: routes are case-sensitive', async (path) => {
    const res = await request(ctx.app).get(path).set(auth());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', instance: path });
  });

  test.each(['/v1/me/', '/V1/ME/', '/v1/entreprises/', '/v1/lists/', '/v1/wilayas/', '/healthz/'])('%s answers 404: no trailing slash', async (path) => {
    const res = await request(ctx.app).get(path).set(auth());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  test('the exact paths still answer', async () => {
    await request(ctx.app).get('/v1/me').set(auth()).expect(200);
    await request(ctx.app).get('/healthz').expect(200);
  });
});

describe('HEAD', () => {
  const gets = operations().filter((op) => op.method === 'get');
  const url = (path: string) => path.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name]);

  test.each(gets.map((op) => [`${op.id} (${op.path})`, op.path] as const))('HEAD %s answers as GET does, without a body', async (_name, path) => {
    const get = await request(ctx.app).get(url(path)).set(auth());
    const head = await request(ctx.app).head(url(path)).set(auth());
    expect(head.status).toBe(get.status);
    expect(get.status).toBeLessThan(500);
    for (const name of ['content-type', 'content-length', 'content-disposition', 'ratelimit-policy']) {
      expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
    }
    expect(head.headers['x-request-id']).toBeDefined();
    expect(head.text ?? '').toBe('');
  });

  test.each(['/healthz', '/readyz', '/v1/openapi.yaml', '/v1/openapi.json'])('HEAD %s answers 200 without a body', async (path) => {
    const res = await request(ctx.app).head(path);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text ?? '').toBe('');
  });

  test('HEAD without a key answers 401, as GET does', async () => {
    const res = await request(ctx.app).head('/v1/me');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  test('HEAD on a resource without GET answers 405, and Allow lists HEAD beside GET', async () => {
    const post = await request(ctx.app).head('/v1/scraping/run').set(auth());
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('POST');
    const me = await request(ctx.app).post('/v1/me').set(auth());
    expect(me.status).toBe(405);
    expect(me.headers.allow.split(/, */).sort()).toEqual(['GET', 'HEAD']);
  });
});

describe('bracket syntax in query parameters is refused', () => {
  test.each([
    ['/v1/entreprises?wilayas[]=16', 'wilayas'],
    ['/v1/entreprises?wilayas[0]=16&wilayas[1]=31', 'wilayas'],
    ['/v1/entreprises?wilayas%5B%5D=16', 'wilayas'],
    ['/v1/entreprises/facets?secteurs[]=BTP', 'secteurs'],
    ['/v1/entreprises?query[foo]=bar', 'query'],
    ['/v1/api-keys?page[]=1', 'page'],
  ])('%s answers 400 naming %s', async (url, name) => {
    const res = await request(ctx.app).get(url).set(auth());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toEqual([{ path: `/query/${name}`, message: expect.stringContaining(`${name}=`), code: 'bracket_syntax' }]);
    expect(res.body.detail).toContain(name);
  });

  test('the repeated form is the way to send several values', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?wilayas=16&wilayas=31&secteurs=BTP').set(auth());
    expect(res.status).toBe(200);
  });

  test('a parameter named like an object property is an unknown parameter, not a prototype', async () => {
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty']) {
      const res = await request(ctx.app).get(`/v1/entreprises?${name}=1`).set(auth());
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: `/query/${name}` })]);
    }
  });
});
