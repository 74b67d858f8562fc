import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { upsertCompanies } from '../companyRepository';
import { SECTEURS } from '../secteurs';
import { WILAYAS } from '../wilayas';
import { importCompanies, type ImportResult } from '../companyImport';
import { contextWithKey, createTestContext, type TestContext } from '../../../test/helpers/app';
import { companyInput } from '../../../test/helpers/companies';

// GET /v1/entreprises, /v1/wilayas and /v1/secteurs, in-process. Every describe works on a
// database of its own (or on words and wilayas no other test uses), so each total is exact.

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

/** Lower case without accents: the order the search documents for names (independent of src). */
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type Params = [string, string | number][];

/** The query string, each value percent-encoded (a space is %20: the contract's query parameters are not form-encoded). */
function searchPath(params: Params = []): string {
  const qs = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  return `/v1/entreprises${qs ? `?${qs}` : ''}`;
}

function search(ctx: TestContext, key: string, params: Params = []) {
  return request(ctx.app).get(searchPath(params)).set('Authorization', `Bearer ${key}`);
}

const company = companyInput;

function csvField(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const HEADER = 'nom,wilaya,secteur,activite,email,telephone,score_qualite';

/** Imports rows (nom, wilaya, secteur, activite, email, telephone, score_qualite) through a temporary CSV file. */
async function importRows(ctx: TestContext, rows: (string | number | null)[][]): Promise<ImportResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-test-'));
  const file = path.join(dir, 'companies.csv');
  fs.writeFileSync(file, `${[HEADER, ...rows.map((r) => r.map(csvField).join(','))].join('\n')}\n`);
  try {
    return await importCompanies(ctx.database.knex, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /v1/entreprises over a known set of twelve companies', () => {
  let ctx: TestContext;
  let key: string;

  // The raw writings an operator's file would hold: codes and names of wilayas, sector names
  // in any case, padded and capitalised e-mails, phones in the Algerian writings.
  const ROWS: (string | number | null)[][] = [
    ['SARL Numidia Bâtiment', '16', 'BTP', 'Travaux de construction et de rénovation', ' Contact@Numidia-Batiment.DZ ', '0550 12 34 56', 85],
    ['Atlas Informatique', 'Alger', 'Informatique', 'Développement de logiciels', 'INFO@atlas-info.dz', '021.23.45.67', 70],
    ['Clinique El Shifa', 'Oran', 'santé', 'Soins médicaux et santé', null, '+213 (0) 41 23 45 67', 90],
    ['Pharmacie Centrale', '31', 'Pharmacie', 'Vente de médicaments', null, null, 60],
    ['ETS Hoggar Transport', 'Tamanrasset', 'Transport', 'Fret routier saharien', null, '00213 661 22 33 44', 40],
    ['Tassili Conseil', '16', 'conseil', 'Audit et expertise comptable', null, null, 55],
    ['Djurdjura Construction', 'Tizi-Ouzou', 'BTP', 'Génie civil et travaux publics', null, null, 70],
    ['Mitidja Conserves', 'Blida', 'Agroalimentaire', 'Conserverie de tomates', null, null, 30],
    ['Cirta Santé Plus', 'Constantine', 'Santé', null, null, null, 75],
    ['Aflou Matériaux', 'Aflou', 'BTP', 'Négoce de matériaux', null, null, 65],
    ['Oasis Electronique', 'Ghardaïa', 'Électronique', 'Electronique grand public', null, null, 100],
    ['Sahel Négoce', '31', null, 'Import de pièces informatiques', null, null, 50],
  ];
  // Every company, in the documented order: score descending, then name ignoring case and accents.
  const ALL = [
    'Oasis Electronique', // 100
    'Clinique El Shifa', // 90
    'SARL Numidia Bâtiment', // 85
    'Cirta Santé Plus', // 75
    'Atlas Informatique', // 70
    'Djurdjura Construction', // 70
    'Aflou Matériaux', // 65
    'Pharmacie Centrale', // 60
    'Tassili Conseil', // 55
    'Sahel Négoce', // 50
    'ETS Hoggar Transport', // 40
    'Mitidja Conserves', // 30
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    key = (await ctx.account({ plan: 'enterprise', credits: 0 })).api_key;
    const result = await importRows(ctx, ROWS);
    expect(result).toEqual({ imported: ROWS.length, updated: 0, rejected: [] });
  });
  afterAll(() => ctx?.close());

  test('without any filter, total is the number of companies in the database, all on one page in the documented order', async () => {
    const [{ n }] = await ctx.database.knex('companies').count<{ n: string | number }[]>({ n: '*' });
    expect(Number(n)).toBe(12);
    const res = await search(ctx, key);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ total: 12, page: 1, pages: 1 });
    expect(res.body.items.map((i: { nom: string }) => i.nom)).toEqual(ALL);
  });

  test('each item carries its id, name, wilaya name and code, sector name, activity, lower-cased e-mail, E.164 phone and score', async () => {
    const res = await search(ctx, key, [['query', 'numidia']]);
    expect(res.body.items).toEqual([
      {
        id: expect.stringMatching(UUID),
        nom: 'SARL Numidia Bâtiment',
        wilaya: 'Alger',
        wilaya_code: 16,
        secteur: 'BTP',
        activite: 'Travaux de construction et de rénovation',
        email: 'contact@numidia-batiment.dz',
        telephone: '+213550123456',
        score_qualite: 85,
        first_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        provenance: [{ type: 'import', source: null, url: null, first_seen_at: expect.any(String), last_seen_at: expect.any(String) }],
      },
    ]);
    const all = (await search(ctx, key, [['per_page', 100]])).body.items as Record<string, unknown>[];
    const byName = Object.fromEntries(all.map((i) => [i.nom, i]));
    expect(byName['Atlas Informatique']).toMatchObject({ wilaya: 'Alger', wilaya_code: 16, email: 'info@atlas-info.dz', telephone: '+21321234567' });
    expect(byName['Clinique El Shifa']).toMatchObject({ wilaya: 'Oran', wilaya_code: 31, secteur: 'Santé', telephone: '+21341234567', email: null });
    expect(byName['ETS Hoggar Transport']).toMatchObject({ wilaya: 'Tamanrasset', secteur: 'Transport et logistique', telephone: '+213661223344' });
    expect(byName['Oasis Electronique']).toMatchObject({ wilaya: 'Ghardaïa', wilaya_code: 47, secteur: 'Électronique' });
    expect(byName['Cirta Santé Plus']).toMatchObject({ wilaya: 'Constantine', activite: null, telephone: null });
    expect(byName['Sahel Négoce']).toMatchObject({ secteur: null });
    // A provisional wilaya is stored as its parent.
    expect(byName['Aflou Matériaux']).toMatchObject({ wilaya: 'Laghouat', wilaya_code: 3 });
    for (const item of all) {
      expect(item.id).toMatch(UUID);
      if (item.telephone !== null) expect(item.telephone).toMatch(E164);
      if (item.email !== null) expect(item.email).toBe((item.email as string).toLowerCase());
    }
    expect(new Set(all.map((i) => i.id)).size).toBe(12);
  });

  // [what the search is, its parameters, the names it must return in order]
  const CASES: [string, Params, string[]][] = [
    ['one word of the name', [['query', 'numidia']], ['SARL Numidia Bâtiment']],
    ['one word of the activity only, not of the name', [['query', 'logiciels']], ['Atlas Informatique']],
    ['a word found in names and in activities', [['query', 'travaux']], ['SARL Numidia Bâtiment', 'Djurdjura Construction']],
    ['two words, one in the name and one in the activity', [['query', 'numidia rénovation']], ['SARL Numidia Bâtiment']],
    ['two words that no single company holds both of', [['query', 'numidia informatique']], []],
    ['a word inside a longer word (info finds Informatique and informatiques)', [['query', 'info']], ['Atlas Informatique', 'Sahel Négoce']],
    ['the start of a word (conserv)', [['query', 'conserv']], ['Mitidja Conserves']],
    ['an upper-case word without accents for an accented word (BATIMENT finds Bâtiment)', [['query', 'BATIMENT']], ['SARL Numidia Bâtiment']],
    ['a word without accents for accented data (sante finds Santé in names and activities)', [['query', 'sante']], ['Clinique El Shifa', 'Cirta Santé Plus']],
    ['an accented upper-case word (SANTÉ)', [['query', 'SANTÉ']], ['Clinique El Shifa', 'Cirta Santé Plus']],
    ['an accented word for data without accents (électronique finds Electronique)', [['query', 'électronique']], ['Oasis Electronique']],
    ['the same word twice', [['query', 'tassili TASSILI']], ['Tassili Conseil']],
    ['one wilaya', [['wilayas', 16]], ['SARL Numidia Bâtiment', 'Atlas Informatique', 'Tassili Conseil']],
    [
      'two wilayas, the parameter repeated',
      [['wilayas', 16], ['wilayas', 31]],
      ['Clinique El Shifa', 'SARL Numidia Bâtiment', 'Atlas Informatique', 'Pharmacie Centrale', 'Tassili Conseil', 'Sahel Négoce'],
    ],
    ['a provisional wilaya, searched as its parent (59 Aflou is in 3 Laghouat)', [['wilayas', 59]], ['Aflou Matériaux']],
    ['the parent of a provisional wilaya', [['wilayas', 3]], ['Aflou Matériaux']],
    ['a provisional wilaya and its parent together', [['wilayas', 59], ['wilayas', 3]], ['Aflou Matériaux']],
    ['a wilaya that holds no company', [['wilayas', 1]], []],
    ['a sector by its name', [['secteurs', 'BTP']], ['SARL Numidia Bâtiment', 'Djurdjura Construction', 'Aflou Matériaux']],
    ['a sector by its id', [['secteurs', 'btp']], ['SARL Numidia Bâtiment', 'Djurdjura Construction', 'Aflou Matériaux']],
    ['a sector by its name without accents', [['secteurs', 'sante']], ['Clinique El Shifa', 'Cirta Santé Plus']],
    ['a sector by its name in upper case with accents', [['secteurs', 'SANTÉ']], ['Clinique El Shifa', 'Cirta Santé Plus']],
    ['a sector by its id with hyphens', [['secteurs', 'transport-et-logistique']], ['ETS Hoggar Transport']],
    ['a sector by its full name in upper case', [['secteurs', 'TRANSPORT ET LOGISTIQUE']], ['ETS Hoggar Transport']],
    [
      'two sectors, the parameter repeated',
      [['secteurs', 'BTP'], ['secteurs', 'sante']],
      ['Clinique El Shifa', 'SARL Numidia Bâtiment', 'Cirta Santé Plus', 'Djurdjura Construction', 'Aflou Matériaux'],
    ],
    [
      'score_min, inclusive: a score equal to score_min is returned',
      [['score_min', 70]],
      ['Oasis Electronique', 'Clinique El Shifa', 'SARL Numidia Bâtiment', 'Cirta Santé Plus', 'Atlas Informatique', 'Djurdjura Construction'],
    ],
    ['score_min one above a score leaves that score out', [['score_min', 71]], ['Oasis Electronique', 'Clinique El Shifa', 'SARL Numidia Bâtiment', 'Cirta Santé Plus']],
    ['score_min 100', [['score_min', 100]], ['Oasis Electronique']],
    ['score_min 0, which is every company', [['score_min', 0]], ALL],
    ['a wilaya and a sector', [['wilayas', 16], ['secteurs', 'btp']], ['SARL Numidia Bâtiment']],
    ['a word and a wilaya', [['query', 'travaux'], ['wilayas', 15]], ['Djurdjura Construction']],
    ['a word and score_min', [['query', 'info'], ['score_min', 70]], ['Atlas Informatique']],
    [
      'two wilayas and score_min at a score some companies have exactly',
      [['wilayas', 16], ['wilayas', 31], ['score_min', 60]],
      ['Clinique El Shifa', 'SARL Numidia Bâtiment', 'Atlas Informatique', 'Pharmacie Centrale'],
    ],
    ['a sector and score_min', [['secteurs', 'BTP'], ['score_min', 70]], ['SARL Numidia Bâtiment', 'Djurdjura Construction']],
    [
      'every filter at once',
      [['query', 'sante'], ['wilayas', 31], ['wilayas', 25], ['secteurs', 'Santé'], ['score_min', 80]],
      ['Clinique El Shifa'],
    ],
    ['every filter at once, matching nothing', [['query', 'sante'], ['wilayas', 16], ['secteurs', 'Santé']], []],
  ];

  test.each(CASES)('%s gives the exact total, pages and items in order', async (_what, params, names) => {
    const res = await search(ctx, key, params);
    expect(res.status).toBe(200);
    expect({ total: res.body.total, page: res.body.page, pages: res.body.pages }).toEqual({
      total: names.length,
      page: 1,
      pages: names.length === 0 ? 0 : 1,
    });
    expect(res.body.items.map((i: { nom: string }) => i.nom)).toEqual(names);
  });

  test('a search asked again gives the same total (the cached count) as the first time', async () => {
    for (const params of [[['query', 'sante']], [['query', 'info'], ['score_min', 70]], [['wilayas', 16]]] as Params[]) {
      const first = await search(ctx, key, params);
      const again = await search(ctx, key, params);
      expect(again.body).toEqual(first.body);
    }
  });

  test('all 69 wilaya codes repeated in one request are accepted, and find every company', async () => {
    const res = await search(ctx, key, Array.from({ length: 69 }, (_, i) => ['wilayas', i + 1] as [string, number]));
    expect([res.status, res.body.errors]).toEqual([200, undefined]);
    expect(res.body.total).toBe(ALL.length);
  });

  test('a space in query may be sent as + (form encoding) as well as %20', async () => {
    const plus = await request(ctx.app).get('/v1/entreprises?query=numidia+batiment').set('Authorization', `Bearer ${key}`);
    const encoded = await search(ctx, key, [['query', 'numidia batiment']]);
    expect(plus.status).toBe(200);
    expect(plus.body).toEqual(encoded.body);
  });

  test('nothing matching answers 200 with total 0, pages 0 and no items', async () => {
    const res = await search(ctx, key, [['query', 'introuvable']]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 0, page: 1, pages: 0, items: [], next_cursor: null });
    expect((await search(ctx, key, [['secteurs', 'Juridique']])).body).toEqual({ total: 0, page: 1, pages: 0, items: [], next_cursor: null });
  });

  describe('answers 400 problem+json naming the field in errors[].path for', () => {
    const BAD: [string, Params, RegExp][] = [
      ['per_page 0', [['per_page', 0]], /^\/query\/per_page$/],
      ['per_page 101', [['per_page', 101]], /^\/query\/per_page$/],
      ['per_page that is not a number', [['per_page', 'ten']], /^\/query\/per_page$/],
      ['page 0', [['page', 0]], /^\/query\/page$/],
      ['page x', [['page', 'x']], /^\/query\/page$/],
      ['page 1.5', [['page', '1.5']], /^\/query\/page$/],
      ['score_min -1', [['score_min', -1]], /^\/query\/score_min$/],
      ['score_min 101', [['score_min', 101]], /^\/query\/score_min$/],
      ['score_min abc', [['score_min', 'abc']], /^\/query\/score_min$/],
      ['wilayas 0', [['wilayas', 0]], /^\/query\/wilayas(\/0)?$/],
      ['wilayas 70, an unknown wilaya code', [['wilayas', 70]], /^\/query\/wilayas(\/0)?$/],
      ['wilayas abc', [['wilayas', 'abc']], /^\/query\/wilayas(\/0)?$/],
      ['a bad wilaya after a good one', [['wilayas', 16], ['wilayas', 'x']], /^\/query\/wilayas(\/1)?$/],
      ['an unknown sector', [['secteurs', 'Astrologie']], /^\/query\/secteurs$/],
      ['an unknown sector after a known one', [['secteurs', 'BTP'], ['secteurs', 'Astrologie']], /^\/query\/secteurs$/],
      ['an unknown query parameter', [['ville', 'Oran']], /^\/query\/ville$/],
      ['a query longer than 200 characters', [['query', 'a'.repeat(201)]], /^\/query\/query$/],
      ['an empty query', [['query', '']], /^\/query\/query$/],
    ];

    test.each(BAD)('%s', async (_what, params, pathPattern) => {
      const res = await search(ctx, key, params);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 400, code: 'validation_failed', instance: '/v1/entreprises' });
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(pathPattern) })]));
      // Only the field at fault is named.
      for (const e of res.body.errors as { path: string }[]) expect(e.path).toMatch(pathPattern);
    });

    test('several bad fields at once, each named', async () => {
      const res = await search(ctx, key, [['page', 0], ['per_page', 101], ['score_min', 'abc']]);
      expect(res.status).toBe(400);
      expect((res.body.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['/query/page', '/query/per_page', '/query/score_min']);
    });

    test('a query of exactly 200 characters, per_page 1 and 100, page 1 and score_min 0 and 100, which are all accepted', async () => {
      for (const params of [[['query', 'a'.repeat(200)]], [['per_page', 1]], [['per_page', 100]], [['page', 1]], [['score_min', 0]], [['score_min', 100]], [['wilayas', 69]]] as Params[]) {
        expect((await search(ctx, key, params)).status).toBe(200);
      }
    });
  });

  test('searching never changes the balance nor the ledger, whatever the search and even when refused', async () => {
    const acct = await ctx.account({ plan: 'sales_team', credits: 40 });
    const calls: Params[] = [[], [['query', 'sante']], [['wilayas', 16], ['wilayas', 31]], [['secteurs', 'BTP'], ['score_min', 70]], [['page', 99]], [['per_page', 0]]];
    for (const params of calls) await search(ctx, acct.api_key, params);
    await request(ctx.app).get('/v1/wilayas').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    await request(ctx.app).get('/v1/secteurs').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    const account = await ctx.database.knex('accounts').where({ id: acct.account_id }).first();
    expect(account.credit_balance).toBe(40);
    const ledger = await ctx.database.knex('credit_ledger').where({ account_id: acct.account_id });
    expect(ledger).toEqual([expect.objectContaining({ delta: 40, balance_after: 40, reason: 'opening balance' })]);
    const me = await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`);
    expect(me.body.credit_balance).toBe(40);
  });

  test('GET /v1/wilayas lists the 69 wilayas by code, 59-69 provisional with their parent', async () => {
    const res = await request(ctx.app).get('/v1/wilayas').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    const items = res.body.items as { code: number; nom: string; nom_ar: string; provisional: boolean; parent_code: number | null }[];
    expect(items).toHaveLength(69);
    expect(items.map((w) => w.code)).toEqual(Array.from({ length: 69 }, (_, i) => i + 1));
    expect(items[15]).toEqual({ code: 16, nom: 'Alger', nom_ar: 'الجزائر', provisional: false, parent_code: null });
    for (const w of items.slice(0, 58)) expect(w).toMatchObject({ provisional: false, parent_code: null });
    const parents = Object.fromEntries(items.slice(58).map((w) => [w.code, w.parent_code]));
    expect(parents).toEqual({ 59: 3, 60: 32, 61: 13, 62: 7, 63: 5, 64: 28, 65: 12, 66: 26, 67: 14, 68: 17, 69: 17 });
    for (const w of items.slice(58)) {
      expect(w.provisional).toBe(true);
      expect(items[w.parent_code! - 1].provisional).toBe(false);
    }
    expect(items.map((w) => w.nom)).toEqual(WILAYAS.map((w) => w.nom));
  });

  test('GET /v1/secteurs lists every sector with its id and name, by name, and every id and name resolves in the secteurs filter', async () => {
    const res = await request(ctx.app).get('/v1/secteurs').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    const items = res.body.items as { id: string; nom: string }[];
    expect(items).toHaveLength(SECTEURS.length);
    for (const s of items) expect(Object.keys(s).sort()).toEqual(['id', 'nom']);
    expect(items.map((s) => s.nom)).toEqual([...items.map((s) => s.nom)].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(items).toEqual(expect.arrayContaining([{ id: 'btp', nom: 'BTP' }, { id: 'sante', nom: 'Santé' }]));

    // Every sector at once (more than 20 repeated values), by id, then by name: all known, so
    // together they find every company that has a sector.
    const withSector = ALL.filter((n) => n !== 'Sahel Négoce');
    for (const field of ['id', 'nom'] as const) {
      const res = await search(ctx, key, items.map((s) => ['secteurs', s[field]]));
      expect([res.status, res.body.errors]).toEqual([200, undefined]);
      expect(res.body.items.map((i: { nom: string }) => i.nom).sort()).toEqual([...withSector].sort());
    }
    // And one by one: the id and the name find the same companies.
    for (const s of items) {
      const [byId, byName] = await Promise.all([search(ctx, key, [['secteurs', s.id]]), search(ctx, key, [['secteurs', s.nom]])]);
      expect(byId.status).toBe(200);
      expect(byName.body).toEqual(byId.body);
    }
  });
});

describe('GET /v1/entreprises paging over 45 matches', () => {
  let ctx: TestContext;
  let key: string;
  /** The 45 companies as stored, in the documented order. */
  let expected: { id: string; nom: string; score_qualite: number }[];

  // Names that sort differently by raw bytes and by folded name, three of them folding to the
  // same name (in three wilayas: the natural key is name + wilaya), so only the id orders them.
  const PREFIXES = ['éclat', 'Eclair', 'ECOLE', 'Zénith', 'alpha', 'Ävenir', 'Oméga', 'omega', 'OMÉGA'];
  const WILAYA_CODES = [42, 9, 35];

  beforeAll(async () => {
    ctx = await createTestContext();
    key = (await ctx.account({ plan: 'enterprise', credits: 0 })).api_key;
    const companies = Array.from({ length: 45 }, (_, i) =>
      company(`${PREFIXES[i % 9]} Palmeraie ${String.fromCharCode(65 + Math.floor(i / 9))}`, {
        wilaya_code: WILAYA_CODES[i % 3],
        score_qualite: 50 + 10 * (Math.floor(i / 9) % 2),
      }),
    );
    await upsertCompanies(ctx.database.knex, companies);
    const rows: { id: string; nom: string; score_qualite: number }[] = await ctx.database.knex('companies').select('id', 'nom', 'score_qualite');
    expect(rows).toHaveLength(45);
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expected = [...rows].sort((a, b) => b.score_qualite - a.score_qualite || cmp(folded(a.nom), folded(b.nom)) || cmp(a.id, b.id));
    // The set really exercises every key of the order.
    const omegas = expected.filter((r) => folded(r.nom) === 'omega palmeraie a');
    expect(omegas).toHaveLength(3);
  });
  afterAll(() => ctx?.close());

  // The same 45 companies, found by a word (a counted and cached search) and by filters only.
  const SEARCHES: [string, Params][] = [
    ['by a word', [['query', 'PALMERAIE']]],
    ['by wilayas only', [['wilayas', 42], ['wilayas', 9], ['wilayas', 35]]],
    ['without any filter', []],
  ];

  test.each(SEARCHES)('found %s, following next_cursor 7 at a time returns every match once, in order, then next_cursor null', async (_what, params) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const pagesSeen: number[] = [];
    do {
      const res = await search(ctx, key, [...params, ['per_page', 7], ...(cursor ? ([['cursor', cursor]] as Params) : [])]);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(45);
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
      pagesSeen.push(res.body.page);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(pagesSeen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test.each(SEARCHES)('found %s, sort=nom orders by folded name then id, and sort=-updated_at by the last write then id', async (_what, params) => {
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byName = [...expected].sort((a, b) => cmp(folded(a.nom), folded(b.nom)) || cmp(a.id, b.id));
    const res = await search(ctx, key, [...params, ['sort', 'nom'], ['per_page', 100]]);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(byName.map((r) => r.id));
    const rows: { id: string; updated_at: Date }[] = await ctx.database.knex('companies').whereIn('id', expected.map((r) => r.id)).select('id', 'updated_at');
    const byWrite = rows.sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime() || cmp(a.id, b.id));
    const recent = await search(ctx, key, [...params, ['sort', '-updated_at'], ['per_page', 100]]);
    expect(recent.body.items.map((i: { id: string }) => i.id)).toEqual(byWrite.map((r) => r.id));
  });

  test('facets count the same matches as the search, per wilaya, sector and score band', async () => {
    const res = await request(ctx.app).get('/v1/entreprises/facets?query=palmeraie').set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 45,
      wilayas: [
        { code: 9, nom: 'Blida', count: 15 },
        { code: 35, nom: 'Boumerdès', count: 15 },
        { code: 42, nom: 'Tipaza', count: 15 },
      ],
      secteurs: [{ secteur: null, count: 45 }],
      score_bands: [
        { band: '90-100', min: 90, max: 100, count: 0 },
        { band: '70-89', min: 70, max: 89, count: 0 },
        { band: '50-69', min: 50, max: 69, count: 45 },
        { band: '0-49', min: 0, max: 49, count: 0 },
      ],
    });
    const sixties = await request(ctx.app).get('/v1/entreprises/facets?wilayas=9&score_min=60').set('Authorization', `Bearer ${key}`);
    const searched = await search(ctx, key, [['wilayas', 9], ['score_min', 60]]);
    expect(sixties.body.total).toBe(searched.body.total);
    expect(sixties.body.wilayas).toEqual([{ code: 9, nom: 'Blida', count: searched.body.total }]);
  });

  test('a bad cursor, a cursor with page, and a cursor of another search answer 400 naming query/cursor', async () => {
    const first = await search(ctx, key, [['query', 'palmeraie'], ['per_page', 5]]);
    const cursor = first.body.next_cursor as string;
    for (const params of [
      [['cursor', 'bm90LWEtY3Vyc29y']],
      [['cursor', cursor], ['page', 2], ['query', 'palmeraie']],
      [['cursor', cursor], ['query', 'omega']],
      [['cursor', cursor], ['query', 'palmeraie'], ['sort', 'nom']],
    ] as Params[]) {
      const res = await search(ctx, key, params);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: '/query/cursor' })]);
    }
  });

  test.each(SEARCHES)('found %s, 45 matches at per_page 20 make 3 pages, the last one with 5 items', async (_what, params) => {
    const first = await search(ctx, key, [...params, ['per_page', 20]]);
    expect(first.status).toBe(200);
    expect({ ...first.body, items: first.body.items.length }).toEqual({ total: 45, page: 1, pages: 3, items: 20, next_cursor: expect.any(String) });
    const last = await search(ctx, key, [...params, ['per_page', 20], ['page', 3]]);
    expect({ ...last.body, items: last.body.items.length }).toEqual({ total: 45, page: 3, pages: 3, items: 5, next_cursor: null });
    expect(last.body.items.map((i: { id: string }) => i.id)).toEqual(expected.slice(40).map((r) => r.id));
    // The default page size is 20.
    const byDefault = await search(ctx, key, params);
    expect({ ...byDefault.body, items: byDefault.body.items.length }).toEqual({ total: 45, page: 1, pages: 3, items: 20, next_cursor: expect.any(String) });
  });

  test.each(SEARCHES)('found %s, walking every page at per_page 7 returns each match exactly once, by score, then folded name, then id', async (_what, params) => {
    const seen: string[] = [];
    let pages = Infinity;
    for (let page = 1; page <= pages; page++) {
      const res = await search(ctx, key, [...params, ['per_page', 7], ['page', page]]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 45, page, pages: 7 });
      expect(res.body.items).toHaveLength(page < 7 ? 7 : 3);
      pages = res.body.pages;
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual(expected.map((r) => r.id));
    // The order itself, spelled out for the higher score (suffixes B and D score 60, the others 50):
    // folded names, so 'alpha' < 'Ävenir' < 'Eclair' < 'éclat' < 'ECOLE' < 'omega' < 'Zénith',
    // where raw bytes would put 'ECOLE' first and 'éclat' last.
    const names = expected.map((r) => r.nom);
    expect(names.slice(0, 10)).toEqual([
      'alpha Palmeraie B',
      'alpha Palmeraie D',
      'Ävenir Palmeraie B',
      'Ävenir Palmeraie D',
      'Eclair Palmeraie B',
      'Eclair Palmeraie D',
      'éclat Palmeraie B',
      'éclat Palmeraie D',
      'ECOLE Palmeraie B',
      'ECOLE Palmeraie D',
    ]);
    expect(names.slice(16, 18)).toEqual(['Zénith Palmeraie B', 'Zénith Palmeraie D']);
    expect(expected.slice(0, 18).every((r) => r.score_qualite === 60)).toBe(true);
    // Three names that fold alike ('Oméga', 'omega', 'OMÉGA'): ordered by id.
    const omegas = expected.slice(10, 13);
    expect(omegas.map((r) => folded(r.nom))).toEqual(['omega palmeraie b', 'omega palmeraie b', 'omega palmeraie b']);
    expect(omegas.map((r) => r.id)).toEqual(omegas.map((r) => r.id).sort());
    expect(new Set(omegas.map((r) => r.nom)).size).toBe(3);
  });

  test.each(SEARCHES)('found %s, a page past the end answers 200 with no items and the right total', async (_what, params) => {
    const past = await search(ctx, key, [...params, ['per_page', 20], ['page', 4]]);
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ total: 45, page: 4, pages: 3, items: [], next_cursor: null });
    const far = await search(ctx, key, [...params, ['page', 100000]]);
    expect(far.status).toBe(200);
    expect(far.body).toEqual({ total: 45, page: 100000, pages: 3, items: [], next_cursor: null });
  });

  test('per_page 100 holds all 45 on one page, and per_page 45 and 44 make 1 and 2 pages', async () => {
    expect((await search(ctx, key, [['query', 'palmeraie'], ['per_page', 100]])).body).toMatchObject({ total: 45, pages: 1 });
    expect((await search(ctx, key, [['query', 'palmeraie'], ['per_page', 45]])).body).toMatchObject({ total: 45, pages: 1 });
    const two = await search(ctx, key, [['query', 'palmeraie'], ['per_page', 44], ['page', 2]]);
    expect(two.body).toMatchObject({ total: 45, pages: 2 });
    expect(two.body.items.map((i: { id: string }) => i.id)).toEqual([expected[44].id]);
  });

  test('a filter within the set pages exactly too (one wilaya: 15 matches, per_page 4 -> 4 pages, the last with 3)', async () => {
    const res = await search(ctx, key, [['wilayas', 42], ['per_page', 4], ['page', 4]]);
    expect(res.body).toMatchObject({ total: 15, page: 4, pages: 4 });
    expect(res.body.items).toHaveLength(3);
    const withWord = await search(ctx, key, [['query', 'palmeraie omega'], ['wilayas', 42], ['per_page', 4]]);
    expect(withWord.body).toMatchObject({ total: 5, pages: 2 });
  });
});

describe('GET /v1/entreprises totals stay exact as the data changes', () => {
  let ctx: TestContext;
  let key: string;
  beforeAll(async () => ({ ctx, key } = await contextWithKey({}, { plan: 'enterprise', credits: 0 })));
  afterAll(() => ctx?.close());

  const total = async (params: Params): Promise<number> => {
    const res = await search(ctx, key, params);
    expect(res.status).toBe(200);
    return res.body.total as number;
  };

  test('a search by word counts a company added right after it was counted (the cached count is not served stale)', async () => {
    await upsertCompanies(ctx.database.knex, [company('Kalimera Export', { wilaya_code: 23 }), company('Kalimera Import', { wilaya_code: 24 })]);
    expect(await total([['query', 'kalimera']])).toBe(2);
    expect(await total([['query', 'kalimera']])).toBe(2);
    await upsertCompanies(ctx.database.knex, [company('Groupe Kalimera', { wilaya_code: 23 })]);
    expect(await total([['query', 'kalimera']])).toBe(3);
    // A company that does not match changes nothing.
    await upsertCompanies(ctx.database.knex, [company('Sans Rapport', { wilaya_code: 23 })]);
    expect(await total([['query', 'kalimera']])).toBe(3);
    // An import adds to the count as well.
    expect(await importRows(ctx, [['Kalimera Services', 'Annaba', null, null, null, null, 40]])).toMatchObject({ imported: 1 });
    const res = await search(ctx, key, [['query', 'kalimera'], ['per_page', 2]]);
    expect(res.body).toMatchObject({ total: 4, pages: 2 });
    // And with a filter alongside the word.
    expect(await total([['query', 'kalimera'], ['wilayas', 23]])).toBe(3);
    await upsertCompanies(ctx.database.knex, [company('Kalimera Négoce', { wilaya_code: 23 })]);
    expect(await total([['query', 'kalimera'], ['wilayas', 23]])).toBe(4);
    expect(await total([['query', 'kalimera']])).toBe(5);
  });

  test('a search by word counts a company that an update makes match (its new activity)', async () => {
    await upsertCompanies(ctx.database.knex, [company('Ennasr Distribution', { wilaya_code: 22, activite: 'Vente de pneus' })]);
    expect(await total([['query', 'pneumatiques']])).toBe(0);
    await upsertCompanies(ctx.database.knex, [company('Ennasr Distribution', { wilaya_code: 22, activite: 'Pneumatiques et jantes' })]);
    expect(await total([['query', 'pneumatiques']])).toBe(1);
    expect(await total([['query', 'pneus']])).toBe(0);
  });

  test('a search without words counts companies added and moves with updates of score and sector', async () => {
    const W = 44; // No other test uses this wilaya.
    await upsertCompanies(ctx.database.knex, [
      company('Chelia Énergie', { wilaya_code: W, secteur_id: 'energie', score_qualite: 70 }),
      company('Babor Solaire', { wilaya_code: W, secteur_id: 'energie', score_qualite: 90 }),
    ]);
    expect(await total([['wilayas', W]])).toBe(2);
    await upsertCompanies(ctx.database.knex, [company('Ifri Recyclage', { wilaya_code: W, secteur_id: 'environnement', score_qualite: 60 })]);
    expect(await total([['wilayas', W]])).toBe(3);
    expect(await total([['wilayas', W], ['secteurs', 'energie']])).toBe(2);
    expect(await total([['wilayas', W], ['secteurs', 'environnement']])).toBe(1);
    expect(await total([['wilayas', W], ['score_min', 80]])).toBe(1);
    expect(await total([['query', 'chelia'], ['score_min', 80]])).toBe(0);

    // The same company (same natural key), now scored 85 and in another sector.
    await upsertCompanies(ctx.database.knex, [company('SARL Chelia Energie', { wilaya_code: W, secteur_id: 'environnement', score_qualite: 85 })]);
    expect(await total([['wilayas', W]])).toBe(3);
    expect(await total([['wilayas', W], ['secteurs', 'energie']])).toBe(1);
    expect(await total([['wilayas', W], ['secteurs', 'environnement']])).toBe(2);
    expect(await total([['wilayas', W], ['score_min', 80]])).toBe(2);
    expect(await total([['wilayas', W], ['score_min', 85]])).toBe(2);
    expect(await total([['wilayas', W], ['score_min', 86]])).toBe(1);
    expect(await total([['query', 'chelia'], ['score_min', 80]])).toBe(1);
    const items = (await search(ctx, key, [['wilayas', W], ['secteurs', 'Environnement']])).body.items;
    expect(items.map((i: { nom: string; score_qualite: number }) => [i.nom, i.score_qualite])).toEqual([
      ['SARL Chelia Energie', 85],
      ['Ifri Recyclage', 60],
    ]);
  });

  (process.env.TEST_SEARCH_INDEX === 'off' ? test.skip : test)('a search is answered by the index: two statements (the writes committed since the last, then the origins of the page by id), no scan; every write is seen by the next search', async () => {
    await upsertCompanies(ctx.database.knex, [
      company('Tikjda Bois', { wilaya_code: 10, activite: 'Menuiserie', score_qualite: 40 }),
      company('Tikjda Meubles', { wilaya_code: 10, activite: 'Menuiserie', score_qualite: 60 }),
    ]);
    const statements: string[] = [];
    const onQuery = (q: { sql: string }) => void statements.push(q.sql);
    ctx.database.knex.on('query', onQuery);
    // Each search's statements: the index's refresh, then the page's origins (by primary key).
    const names = async () => {
      statements.length = 0;
      const items = (await search(ctx, key, [['query', 'tikjda']])).body.items.map((i: { nom: string }) => i.nom);
      expect(statements).toEqual([expect.stringContaining('pg_visible_in_snapshot'), expect.stringContaining('from company_sources')]);
      return items;
    };
    try {
      expect(await names()).toEqual(['Tikjda Meubles', 'Tikjda Bois']);
      // A new match ranked first, and a score change that reorders: both seen on the next request.
      await upsertCompanies(ctx.database.knex, [company('Tikjda Parquet', { wilaya_code: 10, score_qualite: 90 })]);
      expect(await names()).toEqual(['Tikjda Parquet', 'Tikjda Meubles', 'Tikjda Bois']);
      await upsertCompanies(ctx.database.knex, [company('Tikjda Bois', { wilaya_code: 10, score_qualite: 95 })]);
      expect(await names()).toEqual(['Tikjda Bois', 'Tikjda Parquet', 'Tikjda Meubles']);
      const res = await search(ctx, key, [['query', 'tikjda']]);
      expect(res.body.items[0]).toMatchObject({ nom: 'Tikjda Bois', score_qualite: 95, activite: 'Menuiserie' });
      expect(res.body.total).toBe(3);
    } finally {
      ctx.database.knex.removeListener('query', onQuery);
    }
  });

  test('an update that renames a company (same natural key) makes it findable by its new name, and its activity stays findable', async () => {
    await upsertCompanies(ctx.database.knex, [company('SARL Soummam', { wilaya_code: 6, activite: 'Huilerie traditionnelle' })]);
    expect(await total([['query', 'sarl soummam']])).toBe(1);
    // The new writing of the name comes without an activity: the known one is kept.
    const rows = await upsertCompanies(ctx.database.knex, [company('Soummam EURL', { wilaya_code: 6 })]);
    expect(rows).toEqual([expect.objectContaining({ id: expect.stringMatching(UUID), inserted: false })]);
    const found = await search(ctx, key, [['query', 'soummam eurl']]);
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({ nom: 'Soummam EURL', activite: 'Huilerie traditionnelle', wilaya: 'Béjaïa' });
    expect(await total([['query', 'sarl soummam']])).toBe(0);
    expect(await total([['query', 'soummam huilerie']])).toBe(1);
    expect(await total([['query', 'traditionnelle']])).toBe(1);
    // A rename that brings an activity replaces both.
    await upsertCompanies(ctx.database.knex, [company('Ets Soummam', { wilaya_code: 6, activite: 'Savonnerie' })]);
    expect(await total([['query', 'ets soummam savonnerie']])).toBe(1);
    expect(await total([['query', 'huilerie']])).toBe(0);
    expect(await total([['query', 'eurl']])).toBe(0);
  });
});

describe('GET /v1/entreprises with a cursor while companies are written', () => {
  let ctx: TestContext;
  let key: string;
  beforeAll(async () => ({ ctx, key } = await contextWithKey({}, { plan: 'enterprise', credits: 0 })));
  afterAll(() => ctx?.close());

  test('a company written before the cursor position neither repeats a row nor skips one; one written after it is met', async () => {
    await upsertCompanies(ctx.database.knex, Array.from({ length: 12 }, (_, i) => company(`Kerkour ${String(i).padStart(2, '0')}`, { wilaya_code: 47, score_qualite: 40 + i })));
    const walk = async (cursor: string | null) => search(ctx, key, [['query', 'kerkour'], ['per_page', 5], ...(cursor ? ([['cursor', cursor]] as Params) : [])]);
    const first = await walk(null);
    const names = (res: request.Response) => res.body.items.map((i: { nom: string }) => i.nom);
    expect(names(first)).toEqual(['Kerkour 11', 'Kerkour 10', 'Kerkour 09', 'Kerkour 08', 'Kerkour 07']);
    // Written meanwhile: one that sorts before the cursor (score 99), one after it (score 0).
    await upsertCompanies(ctx.database.knex, [company('Kerkour Premier', { wilaya_code: 47, score_qualite: 99 }), company('Kerkour Dernier', { wilaya_code: 47, score_qualite: 0 })]);
    const second = await walk(first.body.next_cursor);
    expect(names(second)).toEqual(['Kerkour 06', 'Kerkour 05', 'Kerkour 04', 'Kerkour 03', 'Kerkour 02']);
    expect(second.body.total).toBe(14);
    const third = await walk(second.body.next_cursor);
    expect(names(third)).toEqual(['Kerkour 01', 'Kerkour 00', 'Kerkour Dernier']);
    expect(third.body.next_cursor).toBeNull();
  });
});
