/**
 * One account cannot hold every directory: its plan bounds the extractions it runs at once
 * (`sales_team` 2, `enterprise` 5); past it, 429 `too_many_running_extractions` with Retry-After,
 * nothing fetched, nothing charged, its Idempotency-Key released. Other accounts are not held up.
 */
import request from 'supertest';
import { PoliteFetcher } from '../fetcher';
import { parseSources } from '../sources';
import type { ScrapingSetup } from '../extractionService';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { slow, startSite, type Site } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

jest.setTimeout(120_000);

const WILAYAS = ['Alger', 'Blida', 'Oran', 'Tlemcen', 'Béjaïa', 'Sétif', 'Annaba'];
const page = (wilaya: string) => `<html><body>
  <article class="fiche"><h2>${wilaya} Bâtiment</h2><a href="tel:0550112233">0550 11 22 33</a></article>
</body></html>`;

let ctx: TestContext;
let site: Site;
const setup: ScrapingSetup = { sources: [], fetcher: new PoliteFetcher({ userAgent: 'LimitsTest/1.0', timeoutMs: 10_000 }), deadlineMs: 15_000, pages: testPageReader() };

beforeAll(async () => {
  site = await startSite(Object.fromEntries(WILAYAS.map((w) => [`/recherche?wilaya=${encodeURIComponent(w)}`, slow(1_500, page(w))])));
  setup.sources = parseSources(`sources:\n  - name: annuaire\n    search_url: "${site.origin}/recherche?wilaya={wilaya}"\n    selectors:\n      item: "article.fiche"\n`);
  ctx = await createTestContext({ scraping: setup });
});
afterAll(async () => {
  await ctx.close();
  await site.close();
});

function run(apiKey: string, wilaya: string, idempotencyKey?: string) {
  const req = request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${apiKey}`);
  if (idempotencyKey) req.set('Idempotency-Key', idempotencyKey);
  return req.send({ secteur: 'BTP', wilaya });
}

const listingHits = (wilaya: string) => site.hits.filter((h) => h === `/recherche?wilaya=${encodeURIComponent(wilaya)}`).length;

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

test('GET /v1/me shows the plan\'s limit of extractions at once', async () => {
  for (const [plan, limit] of [['sales_team', 2], ['enterprise', 5]] as const) {
    const acct = await ctx.account({ plan });
    const me = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    expect(me.body.limits.max_concurrent_extractions).toBe(limit);
  }
});

test('a sales_team account running 2 extractions is refused a third with 429 and Retry-After, charged nothing, fetching nothing; another account runs meanwhile; once one ends it may run again', async () => {
  const greedy = await ctx.account({ plan: 'sales_team', credits: 50 });
  const other = await ctx.account({ plan: 'sales_team', credits: 50 });
  const first = run(greedy.api_key, 'Alger').then((r) => r);
  const second = run(greedy.api_key, 'Blida').then((r) => r);
  await until(() => listingHits('Alger') === 1 && listingHits('Blida') === 1);

  const third = await run(greedy.api_key, 'Oran', 'third-run');
  expect(third.status).toBe(429);
  expect(third.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(third.body).toMatchObject({ code: 'too_many_running_extractions', status: 429 });
  expect(third.body.detail).toMatch(/2 extractions at once/);
  const retryAfter = Number(third.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(15);
  expect(listingHits('Oran')).toBe(0);
  expect(await ctx.database.knex('idempotency_keys').where({ account_id: greedy.account_id })).toEqual([]);

  // Another account is not held up by the greedy one's slots.
  const meanwhile = await run(other.api_key, 'Tlemcen');
  expect(meanwhile.status).toBe(200);

  expect((await first).status).toBe(200);
  expect((await second).status).toBe(200);
  const balance = (await ctx.database.knex('accounts').where({ id: greedy.account_id }).first()).credit_balance;
  expect(balance).toBe(48); // the two runs, 1 company each; the refused one nothing

  // Its slots are free again: the same Idempotency-Key now runs.
  const again = await run(greedy.api_key, 'Oran', 'third-run');
  expect(again.status).toBe(200);
  expect(again.body.credits_used).toBe(1);
  expect(await ctx.database.knex('running_extractions').where({ account_id: greedy.account_id })).toEqual([]);
});

test('a slot left by a process that died is ignored once its lease is over', async () => {
  const acct = await ctx.account({ plan: 'sales_team', credits: 10 });
  const past = new Date(Date.now() - 60_000);
  await ctx.database.knex('running_extractions').insert([
    { id: '00000000-0000-4000-8000-0000000000a1', account_id: acct.account_id, started_at: past, ends_by: past, lease_until: past },
    { id: '00000000-0000-4000-8000-0000000000a2', account_id: acct.account_id, started_at: past, ends_by: past, lease_until: past },
  ]);
  const res = await run(acct.api_key, 'Sétif');
  expect(res.status).toBe(200);
  expect(await ctx.database.knex('running_extractions').where({ account_id: acct.account_id })).toEqual([]);
});
