import request from 'supertest';
import { listLedger } from '../../billing';
import { PoliteFetcher } from '../fetcher';
import { parseSources, type SourceConfig } from '../sources';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { never, startSite, type Route, type Site } from '../../../test/helpers/fixtureServer';

// POST /v1/scraping/run and GET /v1/scraping/tasks/{task_id}, in-process, against fixture
// directories on 127.0.0.1. One database for the file; every test searches a wilaya of its
// own, so the companies it writes (keyed by name and wilaya) are its own. Each test gives the
// service fresh sites and a fresh fetcher (robots.txt cache included), so the sites' hits are
// exactly what that test's runs fetched.

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;
const UA = 'ProspectingBot/0.1 (+https://prospecting.test/bot)';

/** The setup the service holds: each test swaps in its sources and a fresh fetcher. */
const setup: { sources: SourceConfig[]; fetcher: PoliteFetcher; deadlineMs: number } = {
  sources: [],
  fetcher: newFetcher(),
  // Far above what a run here needs (the dead host is ended by the fetcher's 1 s timeout): a loaded
  // CI machine reads pages slowly, and a run cut by its deadline answered 502 where 200 was meant.
  deadlineMs: 15_000,
};

function newFetcher(): PoliteFetcher {
  return new PoliteFetcher({ userAgent: UA, timeoutMs: 1000, backoffMs: 20 });
}

let ctx: TestContext;
const sites: Site[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
});
afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await ctx.close();
});

async function site(routes: Parameters<typeof startSite>[0]): Promise<Site> {
  const s = await startSite(routes);
  sites.push(s);
  return s;
}

/** Points the service at these sources (a sources file's text), with a fresh fetcher. */
function useSources(yaml: string): void {
  setup.sources = parseSources(yaml);
  setup.fetcher = newFetcher();
}

function run(apiKey: string, body: Record<string, unknown>, idempotencyKey?: string) {
  const req = request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${apiKey}`);
  if (idempotencyKey !== undefined) req.set('Idempotency-Key', idempotencyKey);
  return req.send(body);
}

function getTask(apiKey: string, taskId: string) {
  return request(ctx.app).get(`/v1/scraping/tasks/${taskId}`).set('Authorization', `Bearer ${apiKey}`);
}

const knex = () => ctx.database.knex;
const balance = async (accountId: string) => (await knex()('accounts').where({ id: accountId }).first('credit_balance')).credit_balance as number;
/** The ledger as [delta, balance_after, reason, reference]. */
const ledger = async (accountId: string) =>
  (await listLedger(knex(), accountId)).map((r) => [r.delta, r.balance_after, r.reason, r.reference] as const);
const companiesIn = (wilayaCode: number) => knex()('companies').where({ wilaya_code: wilayaCode }).orderBy('nom').select('nom', 'source');

/** Resolves once `check` is true (polled every 5 ms), or fails after `ms`. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function expectProblem(res: request.Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: `https://prospecting-api.dz/problems/${code}`,
    status,
    code,
    title: expect.any(String),
    detail: expect.any(String),
    request_id: expect.any(String),
  });
}

// ---------------------------------------------------------------------------------------------
// The fixture directory: two sites listing the companies of a sector in a wilaya.
//
// annuaire-a (cards, two listing pages linked by rel=next, one detail page):
//   page 1: SARL Numidia Bâtiment  e-mail + phone '0550 12 34 56'
//           Atlas Travaux          phone '021 23 45 67'; its own page adds an e-mail
//           Hamdi Construction     no contact
//   page 2: Tassili Génie Civil    e-mail
//           Oasis Matériaux        no contact
// annuaire-b (schema.org JSON-LD, one page):
//           Numidia Bâtiment       phone '+213 (0)5 50 12 34 56' (the same as on annuaire-a) + another e-mail
//           Djurdjura BTP          e-mail + phone
//           Zibans Bâtiment        phone
// 7 companies after merging: 5 billable (with a contact), 2 free.
// ---------------------------------------------------------------------------------------------

interface Place {
  nom: string;
  code: number;
}

interface Directory {
  a: Site;
  b: Site;
  yaml: string;
  /** Paths of annuaire-a's pages. */
  pathA: { page1: string; page2: string; detail: string };
  /** annuaire-b's only listing page. */
  pathB: string;
}

const enc = encodeURIComponent;

function chromeA(main: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Annuaire A</title></head><body>
<header><a href="mailto:contact@annuaire-a.dz">Nous écrire</a></header>
<main>${main}</main>
<footer>Annuaire A — service client 021 99 88 77</footer></body></html>`;
}

const card = (inner: string) => `<article class="fiche">${inner}</article>`;

/** Starts the fixture directory of `place` and points the service at it alone. */
async function useDirectory(place: Place): Promise<Directory> {
  const dir = await startDirectory(place);
  useSources(dir.yaml);
  return dir;
}

/**
 * A run over a fresh directory of `place` (sector BTP) by a new account holding `credits`,
 * answered 200: the answer, and the directory's companies as the answer should give them.
 */
async function runOverDirectory(place: Place, credits: number, body: Record<string, unknown> = {}) {
  const dir = await useDirectory(place);
  const acct = await ctx.account({ credits });
  const res = await run(acct.api_key, { secteur: 'BTP', wilaya: place.nom, ...body });
  expect(res.status).toBe(200);
  return { dir, acct, res, c: expectedCompanies(dir, place) };
}

async function startDirectory(place: Place, secteur = 'BTP'): Promise<Directory> {
  const listing = (page: number) => `/recherche?secteur=${enc(secteur)}&wilaya=${enc(place.nom)}&page=${page}`;
  const pathA = { page1: listing(1), page2: listing(2), detail: '/fiche/atlas-travaux' };
  const a = await site({
    '/robots.txt': 'User-agent: *\nDisallow: /admin\n',
    [pathA.page1]: chromeA(
      card('<h2>SARL Numidia Bâtiment</h2><p class="activite">Gros œuvre</p><a href="mailto:contact@numidia-batiment.dz">E-mail</a> <a href="tel:0550123456">0550 12 34 56</a>') +
        card('<h2><a href="/fiche/atlas-travaux">Atlas Travaux</a></h2><p class="activite">Travaux publics</p><p>Tél. 021 23 45 67</p>') +
        card('<h2>Hamdi Construction</h2><p class="activite">Maçonnerie</p>') +
        `<a rel="next" href="${listing(2).replace(/&/g, '&amp;')}">Page suivante</a>`,
    ),
    [pathA.page2]: chromeA(
      card('<h2>Tassili Génie Civil</h2><p class="activite">Génie civil</p><a href="mailto:info@tassili-gc.dz">Écrire</a>') +
        card('<h2>Oasis Matériaux</h2>'),
    ),
    [pathA.detail]: chromeA('<h1>Atlas Travaux</h1><p>Écrivez-nous : <a href="mailto:contact@atlas-travaux.dz">contact@atlas-travaux.dz</a></p>'),
  });
  const pathB = `/annuaire/${place.code}/${enc(secteur)}`;
  const graph = [
    { '@type': 'LocalBusiness', name: 'Numidia Bâtiment', telephone: '+213 (0)5 50 12 34 56', email: 'Commercial@Numidia-Batiment.dz' },
    { '@type': 'LocalBusiness', name: 'Djurdjura BTP', telephone: '0770 12 34 56', email: 'djurdjura.btp@gmail.com' },
    { '@type': 'LocalBusiness', name: 'Zibans Bâtiment', telephone: '031 92 12 34' },
  ];
  const b = await site({
    [pathB]: `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script></head>
<body><h1>Annuaire B</h1></body></html>`,
  });
  const yaml = `sources:
  - name: annuaire-a
    search_url: "${a.origin}/recherche?secteur={secteur}&wilaya={wilaya}&page={page}"
    selectors:
      item: "article.fiche"
      name: "h2"
      activity: ".activite"
  - name: annuaire-b
    search_url: "${b.origin}/annuaire/{wilaya_code}/{secteur}"
    max_pages: 1
`;
  return { a, b, yaml, pathA, pathB };
}

/** The 7 companies the directory gives for `place`, in the order they were found. */
function expectedCompanies(dir: Directory, place: Place) {
  const common = { id: expect.stringMatching(UUID), wilaya: place.nom, wilaya_code: place.code, secteur: 'BTP' };
  const a1 = dir.a.origin + dir.pathA.page1;
  const a2 = dir.a.origin + dir.pathA.page2;
  const b1 = dir.b.origin + dir.pathB;
  return {
    numidia: {
      ...common,
      nom: 'SARL Numidia Bâtiment',
      activite: 'Gros œuvre',
      email: 'contact@numidia-batiment.dz',
      telephone: '+213550123456',
      score_qualite: 100,
      billed: true,
      emails: ['contact@numidia-batiment.dz', 'commercial@numidia-batiment.dz'],
      // '0550 12 34 56' and '+213 (0)5 50 12 34 56': one number, one company, one credit.
      telephones: ['+213550123456'],
      sources: ['annuaire-a', 'annuaire-b'],
      source_urls: [a1, b1],
    },
    atlas: {
      ...common,
      nom: 'Atlas Travaux',
      activite: 'Travaux publics',
      email: 'contact@atlas-travaux.dz',
      telephone: '+21321234567',
      score_qualite: 100,
      billed: true,
      emails: ['contact@atlas-travaux.dz'],
      telephones: ['+21321234567'],
      sources: ['annuaire-a'],
      source_urls: [a1, dir.a.origin + dir.pathA.detail],
    },
    hamdi: {
      ...common,
      nom: 'Hamdi Construction',
      activite: 'Maçonnerie',
      email: null,
      telephone: null,
      score_qualite: 50,
      billed: false,
      emails: [],
      telephones: [],
      sources: ['annuaire-a'],
      source_urls: [a1],
    },
    tassili: {
      ...common,
      nom: 'Tassili Génie Civil',
      activite: 'Génie civil',
      email: 'info@tassili-gc.dz',
      telephone: null,
      score_qualite: 75,
      billed: true,
      emails: ['info@tassili-gc.dz'],
      telephones: [],
      sources: ['annuaire-a'],
      source_urls: [a2],
    },
    oasis: {
      ...common,
      nom: 'Oasis Matériaux',
      activite: null,
      email: null,
      telephone: null,
      score_qualite: 40,
      billed: false,
      emails: [],
      telephones: [],
      sources: ['annuaire-a'],
      source_urls: [a2],
    },
    djurdjura: {
      ...common,
      nom: 'Djurdjura BTP',
      activite: null,
      email: 'djurdjura.btp@gmail.com',
      telephone: '+213770123456',
      score_qualite: 90,
      billed: true,
      emails: ['djurdjura.btp@gmail.com'],
      telephones: ['+213770123456'],
      sources: ['annuaire-b'],
      source_urls: [b1],
    },
    zibans: {
      ...common,
      nom: 'Zibans Bâtiment',
      activite: null,
      email: null,
      telephone: '+21331921234',
      score_qualite: 65,
      billed: true,
      emails: [],
      telephones: ['+21331921234'],
      sources: ['annuaire-b'],
      source_urls: [b1],
    },
  };
}

/** The sources of a run where every directory fails: an HTTP 500, a host that never answers, a robots.txt Disallow. */
async function failingSources(searchPath: string) {
  const broken = await site({ [searchPath]: { status: 500, body: 'Internal Server Error' } });
  const dead = await site({ '/robots.txt': never, [searchPath]: never });
  const blocked = await site({ '/robots.txt': 'User-agent: *\nDisallow: /recherche\n', [searchPath]: '<p>jamais lu</p>' });
  const yaml = (name: string, s: Site) => `  - name: ${name}
    search_url: "${s.origin}/recherche?secteur={secteur}&wilaya={wilaya_code}"
`;
  return {
    broken,
    dead,
    blocked,
    entries: yaml('panne', broken) + yaml('muet', dead) + yaml('bloque', blocked),
    reports: [
      { name: 'panne', status: 'error', pages_read: 0, companies_found: 0, error: 'the directory could not be read', outcome: 'failed', reason: 'the directory could not be read', items_seen: 0, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } },
      { name: 'muet', status: 'timeout', pages_read: 0, companies_found: 0, error: 'timed out', outcome: 'failed', reason: 'timed out', items_seen: 0, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } },
      { name: 'bloque', status: 'blocked', pages_read: 0, companies_found: 0, error: 'robots.txt forbids the search', outcome: 'failed', reason: 'robots.txt forbids the search', items_seen: 0, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } },
    ],
  };
}

describe('POST /v1/scraping/run', () => {
  test('answers the complete list, bills each company with a contact once, and writes the balance, the ledger and the companies', async () => {
    const { dir, acct, res, c } = await runOverDirectory({ nom: 'Alger', code: 16 }, 100);

    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const withoutOrigin = ({ first_seen_at: _f, updated_at: _u, provenance: _p, ...e }: Record<string, unknown>) => e;
    expect({ ...res.body, entreprises: res.body.entreprises.map(withoutOrigin) }).toEqual({
      task_id: expect.stringMatching(UUID),
      status: 'completed',
      secteur: 'BTP',
      wilaya: 'Alger',
      wilaya_code: 16,
      max_results: 20,
      results_found: 7,
      credits_used: 5,
      credit_balance: 95,
      truncated: false,
      billable_found: 5,
      entreprises: [c.numidia, c.atlas, c.hamdi, c.tassili, c.oasis, c.djurdjura, c.zibans],
      sources: [
        { name: 'annuaire-a', status: 'ok', pages_read: 3, companies_found: 5, outcome: 'ok', items_seen: 5, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } },
        { name: 'annuaire-b', status: 'ok', pages_read: 1, companies_found: 3, outcome: 'ok', items_seen: 3, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } },
      ],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    for (const e of res.body.entreprises as { telephones: string[] }[]) for (const t of e.telephones) expect(t).toMatch(E164);
    // Provenance: each page a company was read from, with its directory; all new, so first seen now.
    const sourceOf = (url: string) => (url.startsWith(dir.a.origin) ? 'annuaire-a' : 'annuaire-b');
    for (const e of res.body.entreprises as { id: string; source_urls: string[]; first_seen_at: string; updated_at: string; provenance: Record<string, unknown>[] }[]) {
      const when = e.first_seen_at;
      expect(e.updated_at).toBe(when);
      expect(Date.parse(when)).toBeGreaterThan(Date.now() - 60_000);
      const expected = e.source_urls
        .map((url) => ({ type: 'directory', source: sourceOf(url), url, first_seen_at: when, last_seen_at: when }))
        .sort((x, y) => x.source.localeCompare(y.source) || (x.url < y.url ? -1 : 1));
      expect(e.provenance).toEqual(expected);
      // The company's own record says the same.
      const one = await request(ctx.app).get(`/v1/entreprises/${e.id}`).set('Authorization', `Bearer ${acct.api_key}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: e.id, first_seen_at: when, updated_at: when, provenance: expected });
    }

    // Exactly these pages, each once: no page of another host, no detail page of a company that has both contacts.
    expect(dir.a.hits).toEqual(['/robots.txt', dir.pathA.page1, dir.pathA.page2, dir.pathA.detail]);
    expect(dir.b.hits).toEqual(['/robots.txt', dir.pathB]);
    expect(new Set([...dir.a.userAgents, ...dir.b.userAgents])).toEqual(new Set([UA]));

    const taskId = res.body.task_id as string;
    expect(await balance(acct.account_id)).toBe(95);
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-5, 95, 'scraping', taskId],
    ]);
    const me = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
    expect(me.body.credit_balance).toBe(95);
  });

  test('makes the companies found searchable through GET /v1/entreprises, stored with source scraping', async () => {
    // The run above wrote the companies of Alger.
    expect(await companiesIn(16)).toEqual(
      ['Atlas Travaux', 'Djurdjura BTP', 'Hamdi Construction', 'Oasis Matériaux', 'SARL Numidia Bâtiment', 'Tassili Génie Civil', 'Zibans Bâtiment'].map(
        (nom) => ({ nom, source: 'scraping' }),
      ),
    );
    const acct = await ctx.account({ credits: 1 });
    const res = await request(ctx.app)
      .get('/v1/entreprises?query=numidia&wilayas=16')
      .set('Authorization', `Bearer ${acct.api_key}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 1,
      items: [
        {
          nom: 'SARL Numidia Bâtiment',
          wilaya: 'Alger',
          wilaya_code: 16,
          secteur: 'BTP',
          activite: 'Gros œuvre',
          email: 'contact@numidia-batiment.dz',
          telephone: '+213550123456',
          score_qualite: 100,
        },
      ],
    });
    const row = await knex()('companies').where({ id: res.body.items[0].id }).first('source', 'source_url');
    expect(row.source).toBe('scraping');
    expect(row.source_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/recherche\?secteur=BTP&wilaya=Alger&page=1$/);
    // Searching is free.
    expect(await balance(acct.account_id)).toBe(1);
  });

  test('max_results cuts the list, and each source stops reading once it has that many companies', async () => {
    const { dir, acct, res, c } = await runOverDirectory({ nom: 'Blida', code: 9 }, 100, { max_results: 2 });

    expect(res.body).toMatchObject({
      status: 'completed',
      max_results: 2,
      results_found: 2,
      credits_used: 2,
      credit_balance: 98,
      truncated: false,
      billable_found: 2,
      entreprises: [c.numidia, c.atlas],
      sources: [
        { name: 'annuaire-a', status: 'ok', pages_read: 2, companies_found: 3 },
        { name: 'annuaire-b', status: 'ok', pages_read: 1, companies_found: 3 },
      ],
    });
    // Page 1 of annuaire-a already had 2 companies: no page 2.
    expect(dir.a.hits).toEqual(['/robots.txt', dir.pathA.page1, dir.pathA.detail]);
    expect(dir.b.hits).toEqual(['/robots.txt', dir.pathB]);
    expect(await balance(acct.account_id)).toBe(98);
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-2, 98, 'scraping', res.body.task_id],
    ]);
    // Only the companies returned are written.
    expect((await companiesIn(9)).map((r: { nom: string }) => r.nom)).toEqual(['Atlas Travaux', 'SARL Numidia Bâtiment']);
  });

  test('answers 402 problem+json on a zero balance, before any directory is asked anything', async () => {
    const dir = await useDirectory({ nom: 'Tlemcen', code: 13 });
    const acct = await ctx.account({ credits: 0 });

    const res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Tlemcen' });

    expectProblem(res, 402, 'insufficient_credits');
    expect(res.body.instance).toBe('/v1/scraping/run');
    expect(dir.a.hits).toEqual([]);
    expect(dir.b.hits).toEqual([]);
    expect(await balance(acct.account_id)).toBe(0);
    expect(await ledger(acct.account_id)).toEqual([]);
    expect(await companiesIn(13)).toEqual([]);
    expect(await knex()('scraping_tasks').where({ account_id: acct.account_id })).toEqual([]);
  });

  test('with a balance smaller than the billable companies found, returns only as many as it pays for, the free ones too, and says so', async () => {
    const { dir, acct, res, c } = await runOverDirectory({ nom: 'Jijel', code: 18 }, 2);

    expect(res.body).toMatchObject({
      status: 'completed',
      results_found: 4,
      credits_used: 2,
      credit_balance: 0,
      truncated: true,
      billable_found: 5,
      // The first two billable ones, and every free one.
      entreprises: [c.numidia, c.atlas, c.hamdi, c.oasis],
    });
    expect(res.body.entreprises).toHaveLength(4);
    expect(await balance(acct.account_id)).toBe(0);
    expect(await ledger(acct.account_id)).toEqual([
      [2, 2, 'opening balance', null],
      [-2, 0, 'scraping', res.body.task_id],
    ]);
    // The companies it did not pay for are not written either.
    expect((await companiesIn(18)).map((r: { nom: string }) => r.nom)).toEqual([
      'Atlas Travaux',
      'Hamdi Construction',
      'Oasis Matériaux',
      'SARL Numidia Bâtiment',
    ]);
    // And with the balance now 0, the next run is refused before fetching.
    const hits = dir.a.hits.length + dir.b.hits.length;
    expectProblem(await run(acct.api_key, { secteur: 'BTP', wilaya: 'Jijel' }), 402, 'insufficient_credits');
    expect(dir.a.hits.length + dir.b.hits.length).toBe(hits);
  });

  test('answers 502 sources_failed when every directory fails, charges nothing, writes no company, and keeps the task as failed', async () => {
    const fail = await failingSources('/recherche?secteur=BTP&wilaya=19');
    useSources(`sources:\n${fail.entries}`);
    const acct = await ctx.account({ credits: 50 });

    const res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Sétif' });

    expectProblem(res, 502, 'sources_failed');
    expect(res.body.detail).toBe('No directory answered: panne (error), muet (timeout), bloque (blocked). Nothing was charged.');
    expect(res.body.task_id).toMatch(UUID);
    // The 500 was tried 3 times (2 retries); the dead host's robots.txt timed out, so its page was never asked;
    // robots.txt forbids the blocked one's page.
    expect(fail.broken.hits).toEqual(['/robots.txt', ...Array(3).fill('/recherche?secteur=BTP&wilaya=19')]);
    expect(fail.dead.hits).toEqual(['/robots.txt']);
    expect(fail.blocked.hits).toEqual(['/robots.txt']);

    expect(await balance(acct.account_id)).toBe(50);
    expect(await ledger(acct.account_id)).toEqual([[50, 50, 'opening balance', null]]);
    expect(await companiesIn(19)).toEqual([]);

    const task = await getTask(acct.api_key, res.body.task_id);
    expect(task.status).toBe(200);
    expect(task.body).toEqual({
      task_id: res.body.task_id,
      status: 'failed',
      secteur: 'BTP',
      wilaya: 'Sétif',
      wilaya_code: 19,
      max_results: 20,
      results_found: 0,
      credits_used: 0,
      credit_balance: 50,
      truncated: false,
      billable_found: 0,
      entreprises: [],
      sources: fail.reports,
      created_at: expect.any(String),
    });
  });

  test('answers 200 completed when one directory answers and the others fail, the report giving each status', async () => {
    const place = { nom: 'Annaba', code: 23 };
    const dir = await startDirectory(place);
    const fail = await failingSources('/recherche?secteur=BTP&wilaya=23');
    useSources(`sources:\n${fail.entries}${dir.yaml.split('\n').slice(1, 7).join('\n')}\n`);
    const acct = await ctx.account({ credits: 100 });

    const res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'annaba' });

    expect(res.status).toBe(200);
    const c = expectedCompanies(dir, place);
    const onlyA = (e: (typeof c)['numidia']) => ({ ...e, emails: e.emails.slice(0, 1), sources: ['annuaire-a'], source_urls: e.source_urls.slice(0, 1) });
    expect(res.body).toMatchObject({
      status: 'completed',
      wilaya: 'Annaba',
      results_found: 5,
      credits_used: 3,
      credit_balance: 97,
      truncated: false,
      billable_found: 3,
      entreprises: [onlyA(c.numidia), c.atlas, c.hamdi, c.tassili, c.oasis],
      sources: [...fail.reports, { name: 'annuaire-a', status: 'ok', pages_read: 3, companies_found: 5 }],
    });
    expect(res.body.sources[3]).not.toHaveProperty('error');
    expect(dir.b.hits).toEqual([]);
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-3, 97, 'scraping', res.body.task_id],
    ]);
  });

  test('finds the wilaya by code or by any usual spelling, and the sector by an alias, searching under their official names', async () => {
    const one = (nom: string, phone: string) => chromeA(card(`<h2>${nom}</h2><a href="tel:${phone.replace(/ /g, '')}">${phone}</a>`));
    const s = await site({
      '/recherche?secteur=BTP&wilaya=Oran': one('Bahia Promotion', '0661 11 22 33'),
      '/recherche?secteur=BTP&wilaya=Tizi%20Ouzou': one('Kabylie Bâtisseurs', '0661 44 55 66'),
      '/recherche?secteur=Sant%C3%A9&wilaya=B%C3%A9ja%C3%AFa': one('Clinique Soummam', '0661 77 88 99'),
      '/recherche?secteur=BTP&wilaya=B%C3%A9ja%C3%AFa': one('Bougie Travaux', '0662 12 12 12'),
    });
    useSources(`sources:
  - name: annuaire-a
    search_url: "${s.origin}/recherche?secteur={secteur}&wilaya={wilaya}"
    selectors:
      item: "article.fiche"
`);
    const acct = await ctx.account({ credits: 100 });
    const cases: [Record<string, unknown>, { secteur: string; wilaya: string; wilaya_code: number; nom: string; telephone: string }][] = [
      [{ secteur: 'construction', wilaya: '31' }, { secteur: 'BTP', wilaya: 'Oran', wilaya_code: 31, nom: 'Bahia Promotion', telephone: '+213661112233' }],
      [{ secteur: 'Bâtiment', wilaya: 'wilaya de tizi-ouzou' }, { secteur: 'BTP', wilaya: 'Tizi Ouzou', wilaya_code: 15, nom: 'Kabylie Bâtisseurs', telephone: '+213661445566' }],
      [{ secteur: 'sante', wilaya: 'BEJAIA' }, { secteur: 'Santé', wilaya: 'Béjaïa', wilaya_code: 6, nom: 'Clinique Soummam', telephone: '+213661778899' }],
      [{ secteur: 'btp', wilaya: '06 - Bgayet' }, { secteur: 'BTP', wilaya: 'Béjaïa', wilaya_code: 6, nom: 'Bougie Travaux', telephone: '+213662121212' }],
    ];
    for (const [body, want] of cases) {
      const res = await run(acct.api_key, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ secteur: want.secteur, wilaya: want.wilaya, wilaya_code: want.wilaya_code, results_found: 1, credits_used: 1 });
      expect(res.body.entreprises).toEqual([
        expect.objectContaining({ nom: want.nom, wilaya: want.wilaya, wilaya_code: want.wilaya_code, secteur: want.secteur, telephone: want.telephone }),
      ]);
    }
    expect(s.hits).toEqual([
      '/robots.txt',
      '/recherche?secteur=BTP&wilaya=Oran',
      '/recherche?secteur=BTP&wilaya=Tizi%20Ouzou',
      '/recherche?secteur=Sant%C3%A9&wilaya=B%C3%A9ja%C3%AFa',
      '/recherche?secteur=BTP&wilaya=B%C3%A9ja%C3%AFa',
    ]);
    expect(await balance(acct.account_id)).toBe(96);
  });

  describe('answers 400 problem+json naming the field, and fetches nothing, for', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['an unknown sector', { secteur: 'Astrologie', wilaya: 'Alger' }, '/body/secteur'],
      ['an unknown wilaya', { secteur: 'BTP', wilaya: 'Atlantide' }, '/body/wilaya'],
      ['a wilaya code out of range', { secteur: 'BTP', wilaya: '99' }, '/body/wilaya'],
      ['a wilaya whose code and name disagree', { secteur: 'BTP', wilaya: '31 - Alger' }, '/body/wilaya'],
      ['max_results 0', { secteur: 'BTP', wilaya: 'Alger', max_results: 0 }, '/body/max_results'],
      ['max_results 101', { secteur: 'BTP', wilaya: 'Alger', max_results: 101 }, '/body/max_results'],
      ['max_results not an integer', { secteur: 'BTP', wilaya: 'Alger', max_results: 2.5 }, '/body/max_results'],
      ['a missing secteur', { wilaya: 'Alger' }, '/body/secteur'],
      ['a missing wilaya', { secteur: 'BTP' }, '/body/wilaya'],
      ['a wilaya that is not a string', { secteur: 'BTP', wilaya: 16 }, '/body/wilaya'],
      ['an empty secteur', { secteur: '', wilaya: 'Alger' }, '/body/secteur'],
      ['a field the contract does not have', { secteur: 'BTP', wilaya: 'Alger', pays: 'DZ' }, 'pays'],
    ];
    let s: Site;
    let acct: { account_id: string; api_key: string };
    beforeEach(async () => {
      s = await site({});
      useSources(`sources:\n  - name: annuaire-a\n    search_url: "${s.origin}/recherche?secteur={secteur}&wilaya={wilaya}"\n`);
      acct = acct ?? (await ctx.account({ credits: 10 }));
    });

    test.each(cases)('%s', async (_name, body, field) => {
      const res = await run(acct.api_key, body);
      expectProblem(res, 400, 'validation_failed');
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringContaining(field) })]));
      expect(res.body.detail).toContain(field.replace('/body/', ''));
      expect(s.hits).toEqual([]);
      expect(await balance(acct.account_id)).toBe(10);
    });
  });

  test('runs fired in parallel on one account never overdraw it: the credits used add up to the balance that paid for them', async () => {
    const place = { nom: 'Constantine', code: 25 };
    await useDirectory(place);
    // 5 runs of 5 billable companies each; the balance pays for 7. Enterprise: 5 runs at once are within its plan.
    const acct = await ctx.account({ plan: 'enterprise', credits: 7 });

    const answers = await Promise.all(Array.from({ length: 5 }, () => run(acct.api_key, { secteur: 'BTP', wilaya: 'Constantine' })));

    // A run that started after the balance reached 0 is refused before fetching; the others are answered.
    for (const res of answers) expect([200, 402]).toContain(res.status);
    const done = answers.filter((r) => r.status === 200).map((r) => r.body as { task_id: string; credits_used: number; credit_balance: number; entreprises: { billed: boolean }[]; truncated: boolean });
    expect(done.length).toBeGreaterThanOrEqual(2);
    for (const t of done) {
      expect(t.credits_used).toBe(t.entreprises.filter((e) => e.billed).length);
      expect(t.credit_balance).toBeGreaterThanOrEqual(0);
    }
    expect(done.reduce((sum, t) => sum + t.credits_used, 0)).toBe(7);
    // Billed one after the other: 5, then 2 (truncated), then nothing.
    expect(done.map((t) => t.credits_used).sort((x, y) => y - x)).toEqual([5, 2, ...Array(done.length - 2).fill(0)]);
    expect(await balance(acct.account_id)).toBe(0);
    const rows = await listLedger(knex(), acct.account_id);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
    expect(rows.filter((r) => r.reason === 'scraping').map((r) => r.reference).sort()).toEqual(
      done.filter((t) => t.credits_used > 0).map((t) => t.task_id).sort(),
    );
    for (const r of rows) expect(r.balance_after).toBeGreaterThanOrEqual(0);
    // Every run that answered has its task.
    expect(await knex()('scraping_tasks').where({ account_id: acct.account_id }).count<{ n: number }[]>({ n: '*' })).toEqual([{ n: done.length }]);
  });

  test('a failed transaction leaves nothing: no charge, no ledger row, no company, no task, and a 500', async () => {
    const place = { nom: 'Tipaza', code: 42 };
    const dir = await useDirectory(place);
    const acct = await ctx.account({ credits: 100 });
    const tasksBefore = await knex()('scraping_tasks').count<{ n: number }[]>({ n: '*' });

    // The task's insert, the last write of the transaction, fails. (A trigger, not a renamed
    // table: the run reads scraping_tasks before it fetches, to count the account's extractions.)
    await knex().raw("create function refuse_task_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$");
    await knex().raw('create trigger refuse_task_insert before insert on scraping_tasks for each row execute function refuse_task_insert()');
    let res: request.Response;
    try {
      res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Tipaza' }, 'tx-failure-1');
    } finally {
      await knex().raw('drop trigger refuse_task_insert on scraping_tasks');
      await knex().raw('drop function refuse_task_insert()');
    }

    expectProblem(res, 500, 'internal_error');
    // It did fetch (the failure came after), but wrote nothing.
    expect(dir.a.hits).toContain(dir.pathA.page1);
    expect(await balance(acct.account_id)).toBe(100);
    expect(await ledger(acct.account_id)).toEqual([[100, 100, 'opening balance', null]]);
    expect(await companiesIn(42)).toEqual([]);
    expect(await knex()('scraping_tasks').count<{ n: number }[]>({ n: '*' })).toEqual(tasksBefore);
    // Nothing to replay: the same key runs anew.
    const again = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Tipaza' }, 'tx-failure-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.credits_used).toBe(5);
    expect(await balance(acct.account_id)).toBe(95);
  });
});

describe('Idempotency-Key', () => {
  test('a replay with the same key and body answers the stored response, without fetching or charging again', async () => {
    const dir = await useDirectory({ nom: 'Béjaïa', code: 6 });
    const acct = await ctx.account({ credits: 100 });
    const body = { secteur: 'BTP', wilaya: 'Béjaïa', max_results: 20 };

    const first = await run(acct.api_key, body, 'replay-key-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const hits = [...dir.a.hits, ...dir.b.hits];
    expect(hits.length).toBeGreaterThan(0);

    const second = await run(acct.api_key, body, 'replay-key-1');
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.body.task_id).toBe(first.body.task_id);
    expect([...dir.a.hits, ...dir.b.hits]).toEqual(hits);
    expect(await balance(acct.account_id)).toBe(95);
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-5, 95, 'scraping', first.body.task_id],
    ]);
    expect(await knex()('scraping_tasks').where({ account_id: acct.account_id }).count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 1 }]);

    // Keys are per account: another account's same key is a request of its own.
    const other = await ctx.account({ credits: 100 });
    const theirs = await run(other.api_key, body, 'replay-key-1');
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.task_id).not.toBe(first.body.task_id);
  });

  test('the same key with another body answers 422 idempotency_key_reused, fetching and charging nothing', async () => {
    const dir = await useDirectory({ nom: 'Mila', code: 43 });
    const acct = await ctx.account({ credits: 100 });
    const first = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Mila' }, 'reused-key');
    expect(first.status).toBe(200);
    const hits = dir.a.hits.length + dir.b.hits.length;

    const res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Mila', max_results: 5 }, 'reused-key');

    expectProblem(res, 422, 'idempotency_key_reused');
    expect(dir.a.hits.length + dir.b.hits.length).toBe(hits);
    expect(await balance(acct.account_id)).toBe(100 - first.body.credits_used);
    expect(await listLedger(knex(), acct.account_id)).toHaveLength(2);
  });

  test('a duplicate arriving while the first request is still running answers 409 idempotency_in_progress', async () => {
    // The listing page answers only when the test says so.
    let release: (() => void) | undefined;
    const page = chromeA(card('<h2>Ets Medjez Travaux</h2><a href="mailto:medjez@travaux.dz">Écrire</a>'));
    const held: Route = (_req, res) => {
      release = () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    };
    const s = await site({ '/recherche?secteur=BTP&wilaya=Guelma': held });
    useSources(`sources:\n  - name: lent\n    search_url: "${s.origin}/recherche?secteur={secteur}&wilaya={wilaya}"\n    selectors:\n      item: "article.fiche"\n`);
    const acct = await ctx.account({ credits: 100 });
    const body = { secteur: 'BTP', wilaya: 'Guelma' };

    const first = run(acct.api_key, body, 'slow-key').then((r) => r);
    await until(() => release !== undefined);

    const duplicate = await run(acct.api_key, body, 'slow-key');
    expectProblem(duplicate, 409, 'idempotency_in_progress');
    release!();
    const answered = await first;
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', credits_used: 1, entreprises: [{ nom: 'Ets Medjez Travaux', email: 'medjez@travaux.dz' }] });
    expect(s.hits).toEqual(['/robots.txt', '/recherche?secteur=BTP&wilaya=Guelma']);
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-1, 99, 'scraping', answered.body.task_id],
    ]);

    // Once answered, the key replays.
    const replay = await run(acct.api_key, body, 'slow-key');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(answered.body);
    expect(s.hits).toHaveLength(2);
  });

  test('a key older than 24 hours, or left running by a process that died, is taken over by a new run', async () => {
    const dir = await useDirectory({ nom: 'Biskra', code: 7 });
    const acct = await ctx.account({ credits: 100 });
    const body = { secteur: 'BTP', wilaya: 'Biskra' };

    const first = await run(acct.api_key, body, 'old-key');
    expect(first.status).toBe(200);
    const hits = dir.a.hits.length;
    await knex()('idempotency_keys')
      .where({ account_id: acct.account_id, key: 'old-key' })
      .update({ created_at: knex().raw("now() - interval '25 hours'") });

    const later = await run(acct.api_key, body, 'old-key');
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.task_id).not.toBe(first.body.task_id);
    expect(dir.a.hits.length).toBeGreaterThan(hits);
    // And the new answer is the one replayed from now on.
    const replay = await run(acct.api_key, body, 'old-key');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.task_id).toBe(later.body.task_id);

    // A key still 'running' 10 minutes after it was claimed belongs to a request that will never answer.
    await knex()('idempotency_keys').insert({
      account_id: acct.account_id,
      key: 'abandoned-key',
      request_hash: 'whatever',
      state: 'running',
      created_at: knex().raw("now() - interval '10 minutes'"),
    });
    const taken = await run(acct.api_key, body, 'abandoned-key');
    expect(taken.status).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await ledger(acct.account_id)).toEqual([
      [100, 100, 'opening balance', null],
      [-5, 95, 'scraping', first.body.task_id],
      [-5, 90, 'scraping', later.body.task_id],
      [-5, 85, 'scraping', taken.body.task_id],
    ]);
  });

  test('an invalid Idempotency-Key answers 400 naming the header, and fetches nothing', async () => {
    const s = await site({});
    useSources(`sources:\n  - name: annuaire-a\n    search_url: "${s.origin}/recherche?secteur={secteur}&wilaya={wilaya}"\n`);
    const acct = await ctx.account({ credits: 10 });
    const res = await run(acct.api_key, { secteur: 'BTP', wilaya: 'Alger' }, 'x'.repeat(256));
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: expect.stringMatching(/idempotency-key/i) })]);
    expect(s.hits).toEqual([]);
  });

  test('after a 402 or a 502 there is nothing to replay: the same key runs the request again', async () => {
    const dir = await startDirectory({ nom: 'Batna', code: 5 });
    const fail = await failingSources('/recherche?secteur=BTP&wilaya=5');
    const acct = await ctx.account({ credits: 0 });
    const body = { secteur: 'BTP', wilaya: 'Batna' };

    // 402, then credits are added: the same key runs.
    useSources(dir.yaml);
    expectProblem(await run(acct.api_key, body, 'after-402'), 402, 'insufficient_credits');
    await ctx.services.accounts.addCredits(acct.account_id, 10, 'top-up');
    const paid = await run(acct.api_key, body, 'after-402');
    expect(paid.status).toBe(200);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
    expect(paid.body).toMatchObject({ status: 'completed', credits_used: 5, credit_balance: 5 });

    // 502, then the directories answer again: the same key runs, as a new task.
    useSources(`sources:\n${fail.entries}`);
    const failed = await run(acct.api_key, body, 'after-502');
    expectProblem(failed, 502, 'sources_failed');
    useSources(dir.yaml);
    const retried = await run(acct.api_key, body, 'after-502');
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body.task_id).not.toBe(failed.body.task_id);
    expect(retried.body).toMatchObject({ status: 'completed', credits_used: 5, credit_balance: 0, truncated: false });

    expect(await ledger(acct.account_id)).toEqual([
      [10, 10, 'top-up', null],
      [-5, 5, 'scraping', paid.body.task_id],
      [-5, 0, 'scraping', retried.body.task_id],
    ]);
    // The failed task is kept, and readable.
    expect((await getTask(acct.api_key, failed.body.task_id)).body).toMatchObject({ status: 'failed', credits_used: 0 });
  });
});

describe('GET /v1/scraping/tasks/{task_id}', () => {
  let owner: { account_id: string; api_key: string };
  let answered: Record<string, unknown>;

  beforeAll(async () => {
    await useDirectory({ nom: 'Skikda', code: 21 });
    owner = await ctx.account({ credits: 100 });
    const res = await run(owner.api_key, { secteur: 'BTP', wilaya: 'Skikda', max_results: 3 });
    expect(res.status).toBe(200);
    answered = res.body;
  });

  test('returns the task to the account that ran it, with the body the run answered', async () => {
    const res = await getTask(owner.api_key, answered.task_id as string);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answered);
    // Reading it is free.
    expect(await balance(owner.account_id)).toBe(100 - (answered.credits_used as number));
  });

  test('answers 404 resource_not_found to another account, as for a task that does not exist', async () => {
    const other = await ctx.account({ credits: 100 });
    expectProblem(await getTask(other.api_key, answered.task_id as string), 404, 'resource_not_found');
    expectProblem(await getTask(owner.api_key, '00000000-0000-4000-8000-000000000000'), 404, 'resource_not_found');
  });

  test('answers 400 validation_failed for an id that is not a UUID', async () => {
    const res = await getTask(owner.api_key, 'not-a-uuid');
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ path: '/path/task_id' })]);
  });

  test('answers 401 without an API key', async () => {
    const res = await request(ctx.app).get(`/v1/scraping/tasks/${answered.task_id as string}`);
    expectProblem(res, 401, 'missing_api_key');
  });
});
