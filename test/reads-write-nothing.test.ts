/**
 * No unbounded growth from reading: a search used to write its count to `search_count_cache`,
 * one row per distinct search, forever. Migration 007 dropped that table and searches no longer
 * cache anything in the database. This proves it for every GET (and HEAD) of the API, on both
 * search backends (the in-memory index, SEARCH_INDEX=on, and SQL alone, off): many distinct
 * requests leave every table of the database exactly as it was, rows and contents.
 */
import request from 'supertest';
import { createApp } from '../src/app';
import { createLogger } from '../src/platform/logger';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../src/extraction/sampleDirectory';
import { seedDemoCompanies } from '../src/search/demoCompanies';
import { createTestContext, TEST_SECRET, type TestContext } from './helpers/app';
import { operations } from './helpers/spec';

jest.setTimeout(300_000);

let ctx: TestContext;
let sample: SampleDirectory;
let key: string;
const ids: Record<string, string> = {};
const knex = () => ctx.database.knex;

beforeAll(async () => {
  sample = await startSampleDirectory();
  const fetcher = new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 10_000 });
  ctx = await createTestContext({ searchIndex: true, scraping: { sources: [sample.source], fetcher, deadlineMs: 20_000 } });
  await seedDemoCompanies(knex(), 600);
  const acct = await ctx.account({ plan: 'enterprise', credits: 100 });
  key = acct.api_key;
  ids.key_id = acct.key_id;
  const task = await request(ctx.app).post('/v1/scraping/run').set(auth()).send({ secteur: 'BTP', wilaya: 'Oran', max_results: 5 }).expect(200);
  ids.task_id = task.body.task_id;
  const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Lecture seule' }).expect(201);
  ids.id = list.body.id;
  await request(ctx.app).post(`/v1/lists/${ids.id}/leads`).set(auth()).send({ task_id: ids.task_id }).expect(200);
});
afterAll(async () => {
  await ctx.close();
  await sample.close();
});
const auth = () => ({ Authorization: `Bearer ${key}` });

/** Every table of the schema, with its row count and a digest of its rows. */
async function snapshot(): Promise<Record<string, { rows: number; digest: string }>> {
  const tables: { table_name: string }[] = (
    await knex().raw(`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`)
  ).rows;
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const { table_name } of tables) {
    const [row] = (
      await knex().raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ?? t`, [table_name])
    ).rows;
    out[table_name] = row;
  }
  return out;
}

/** Words of the demo data and of nothing, for distinct searches. */
const WORDS = ['numidia', 'atlas', 'btp', 'sante', 'info', 'tassili', 'bat', 'ment', 'transport', 'zzzz', 'oasis', 'conseil', 'a', 'er', 'djurdjura'];
const SORTS = ['-score_qualite', 'nom', '-updated_at'];

/** `n` distinct search URLs (query, wilayas, secteurs, score_min, sort, page, per_page), deterministic. */
function distinctSearches(n: number): string[] {
  const urls = new Set<string>();
  for (let i = 0; urls.size < n; i++) {
    const q = new URLSearchParams();
    if (i % 3 !== 0) q.set('query', `${WORDS[i % WORDS.length]}${i % 5 === 0 ? ` ${WORDS[(i * 7) % WORDS.length]}` : ''}${i % 11 === 0 ? ` x${i}` : ''}`);
    if (i % 4 === 1) q.append('wilayas', String((i % 58) + 1));
    if (i % 6 === 2) q.append('wilayas', String(((i * 13) % 69) + 1));
    if (i % 5 === 3) q.append('secteurs', ['BTP', 'sante', 'IT', 'Commerce'][i % 4]);
    if (i % 7 === 4) q.set('score_min', String((i * 3) % 101));
    q.set('sort', SORTS[i % 3]);
    q.set('page', String((i % 4) + 1));
    q.set('per_page', String((i % 50) + 1));
    urls.add(`/v1/entreprises?${q}`);
    if (i % 2 === 0) {
      q.delete('sort');
      q.delete('page');
      q.delete('per_page');
      urls.add(`/v1/entreprises/facets?${q}`);
    }
  }
  return [...urls];
}

describe.each([
  ['the in-memory index (SEARCH_INDEX=on)', true],
  ['SQL alone (SEARCH_INDEX=off)', false],
])('GET requests with %s', (_name, withIndex) => {
  test('leave every table of the database unchanged, however many distinct requests', async () => {
    const app = withIndex
      ? ctx.app
      : createApp({ db: knex(), apiKeySecret: TEST_SECRET, logger: createLogger('silent'), validateResponses: 'error' });
    if (withIndex) expect(ctx.searchIndex?.ready).toBe(true);
    const before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['companies', 'company_counts', 'lists', 'leads', 'scraping_tasks', 'api_keys', 'accounts']));
    expect(Object.keys(before)).not.toContain('search_count_cache');
    expect(before.companies.rows).toBeGreaterThan(600);

    const urls = distinctSearches(400);
    let statuses = new Map<number, number>();
    const count = (s: number) => (statuses = statuses.set(s, (statuses.get(s) ?? 0) + 1));
    for (const url of urls) {
      const res = await request(app).get(url).set(auth());
      count(res.status);
      // Walk the cursor a few pages deep where there is one.
      let cursor: string | null = res.body?.next_cursor ?? null;
      for (let depth = 0; cursor && depth < 2; depth++) {
        const next = await request(app).get(`/v1/entreprises?cursor=${cursor}`).set(auth());
        count(next.status);
        cursor = next.body?.next_cursor ?? null;
      }
    }
    // Every other GET of the contract, and its HEAD.
    for (const op of operations().filter((o) => o.method === 'get')) {
      const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => ids[name]);
      count((await request(app).get(url).set(auth())).status);
      count((await request(app).head(url).set(auth())).status);
    }
    // Refused ones too: unknown ids, bad parameters, no key.
    for (const url of ['/v1/lists/00000000-0000-4000-8000-000000000000', '/v1/entreprises?per_page=0', '/v1/entreprises?wilayas=99', '/v1/nothing']) {
      count((await request(app).get(url).set(auth())).status);
    }
    count((await request(app).get('/v1/me')).status);

    expect(statuses.get(200)).toBeGreaterThan(400);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

test('the snapshot sees a single changed cell (so the tests above can fail)', async () => {
  const before = await snapshot();
  const [one] = await knex()('leads').where({ list_id: ids.id }).limit(1).update({ note: 'changé' }).returning('id');
  expect(one).toBeDefined();
  const after = await snapshot();
  expect(after.leads.rows).toBe(before.leads.rows);
  expect(after.leads.digest).not.toBe(before.leads.digest);
});
