/**
 * NUL and the other C0 control characters (tab, line feed and carriage return aside): refused
 * in API input with a 400 naming the field, rejected per line by the import, stripped from
 * scraped text before it is stored. PostgreSQL refuses NUL in text, so none may reach it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import fc from 'fast-check';
import { NAME_PATTERN, TEXT_PATTERN } from '../src/platform/http/textPatterns';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { parseSources } from '../src/extraction/sources';
import { importCompanies } from '../src/search/companyImport';
import { createTestContext, type TestContext } from './helpers/app';
import { deref, operations, spec, type Json } from './helpers/spec';
import { startSite, type Site } from './helpers/fixtureServer';

jest.setTimeout(60_000);

/** Every C0 control but tab (09), line feed (0A) and carriage return (0D). */
const REFUSED = Array.from({ length: 32 }, (_, i) => i).filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d).map((c) => String.fromCharCode(c));
const ANY_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

const setup: { sources: ReturnType<typeof parseSources>; fetcher: PoliteFetcher; deadlineMs: number } = {
  sources: [],
  fetcher: new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 10_000, backoffMs: 10 }),
  deadlineMs: 20_000,
};
let ctx: TestContext;
let key: string;
let accountId: string;
const auth = () => ({ Authorization: `Bearer ${key}` });
const knex = () => ctx.database.knex;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'controls-test-'));

beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
  const acct = await ctx.account({ plan: 'enterprise', credits: 50 });
  key = acct.api_key;
  accountId = acct.account_id;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function expectRefused(res: request.Response, pointer: string, char: string): void {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.code).toBe('validation_failed');
  expect(res.body.errors).toEqual([{ path: pointer, message: expect.stringContaining(hex(char)), code: 'pattern' }]);
}

describe('the contract', () => {
  /** Every string a client may send that is free text: no enum, no format, no pattern of its own. */
  function freeTextStrings(): { where: string; schema: Json }[] {
    const found: { where: string; schema: Json }[] = [];
    const walk = (node: Json, where: string, seen: Set<Json>) => {
      const s = deref(node);
      if (!s || seen.has(s)) return;
      seen.add(s);
      const types = ([] as string[]).concat(s.type ?? []);
      if (types.includes('string') && !s.enum && !s.format) found.push({ where, schema: s });
      for (const [name, p] of Object.entries<Json>(s.properties ?? {})) walk(p, `${where}/${name}`, seen);
      if (s.items) walk(s.items, `${where}/items`, seen);
      for (const sub of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(sub, where, seen);
    };
    for (const op of operations()) {
      for (const p of op.parameters) walk(p.schema, `${op.id} ${p.in} ${p.name}`, new Set());
      const body = op.operation.requestBody ? deref(op.operation.requestBody) : undefined;
      for (const media of Object.values<Json>(body?.content ?? {})) walk(media.schema, `${op.id} body`, new Set());
    }
    return found;
  }

  test('every free-text input declares the pattern that refuses control characters (tab and line breaks allowed)', () => {
    const strings = freeTextStrings();
    expect(strings.length).toBeGreaterThan(8);
    for (const { where, schema } of strings) {
      expect([where, typeof schema.pattern]).toEqual([where, 'string']);
      if (schema.pattern !== TEXT_PATTERN && schema.pattern !== NAME_PATTERN) expect([where, schema.pattern]).toEqual([where, expect.stringMatching(/^\^\[\\x21-\\x7E\]\+\$$|^\^\[A-Za-z0-9_-\]\+\$$/)]);
      const re = new RegExp(schema.pattern, 'u');
      for (const c of REFUSED) expect([where, hex(c), re.test(`a${c}b`)]).toEqual([where, hex(c), false]);
      if (schema.pattern === TEXT_PATTERN) expect([where, re.test('ligne 1\n\tligne 2\r\n')]).toEqual([where, true]);
    }
  });

  test('the name pattern says what the API checks: text that is not only spaces', () => {
    const re = new RegExp(NAME_PATTERN, 'u');
    const chars = fc.constantFrom(' ', '\t', '\n', '\r', '\u00A0', '\u3000', '\u2028', '\uFEFF', '\u200B', 'a', 'é', '😀', '\u0000', '\u000B', '\u001F', '\u007F');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 8 }).map((a) => a.join('')), (s) => {
        expect(re.test(s)).toBe(s.trim() !== '' && !ANY_CONTROL.test(s));
      }),
      { numRuns: 2000 },
    );
  });

  test('the info says so', () => {
    expect(spec.info.description).toMatch(/control character/i);
  });
});

describe('API input with control characters answers 400 naming the field, and writes nothing', () => {
  test.each(REFUSED.map((c) => [hex(c), c]))('%s in a list name', async (_hex, c) => {
    const before = await knex()('lists').count({ n: '*' }).first();
    const res = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: `Liste ${c}BTP` });
    expectRefused(res, '/body/nom', c);
    expect(await knex()('lists').count({ n: '*' }).first()).toEqual(before);
  });

  test('in a list update, a lead note, an API key name, an extraction body', async () => {
    const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Propre' }).expect(201);
    expectRefused(await request(ctx.app).patch(`/v1/lists/${list.body.id}`).set(auth()).send({ description: 'x\u0000y' }), '/body/description', '\u0000');
    expectRefused(await request(ctx.app).patch(`/v1/lists/${list.body.id}`).set(auth()).send({ nom: '\u001bBTP' }), '/body/nom', '\u001b');
    const [company] = await knex()('companies').insert({
      id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', nom: 'Numidia Propre', nom_normalise: 'numidia propre', nom_tri: 'numidia propre',
      search_text: 'numidia propre', wilaya_code: 16, score_qualite: 40, source: 'import',
    }).returning('id');
    expectRefused(
      await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_id: company.id, note: 'rappeler\u0007' }),
      '/body/note',
      '\u0007',
    );
    const lead = await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_id: company.id }).expect(201);
    expectRefused(
      await request(ctx.app).patch(`/v1/lists/${list.body.id}/leads/${lead.body.id}`).set(auth()).send({ note: '\u0000' }),
      '/body/note',
      '\u0000',
    );
    expect((await knex()('leads').where({ id: lead.body.id }).first()).note).toBeNull();
    expectRefused(await request(ctx.app).post('/v1/api-keys').set(auth()).send({ name: 'CRM\u0000' }), '/body/name', '\u0000');
    expect(await knex()('api_keys').where({ account_id: accountId })).toHaveLength(1);
    const balance = (await knex()('accounts').where({ id: accountId }).first()).credit_balance;
    expectRefused(await request(ctx.app).post('/v1/scraping/run').set(auth()).send({ secteur: 'BTP\u0000', wilaya: 'Alger' }), '/body/secteur', '\u0000');
    expect((await knex()('accounts').where({ id: accountId }).first()).credit_balance).toBe(balance);
  });

  test('a list name of only spaces, of any kind, answers 400 saying so', async () => {
    for (const nom of [' ', '\u3000\u00A0', '\t\r\n']) {
      const res = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: '/body/nom', message: expect.stringContaining('other than spaces'), code: 'pattern' }]);
    }
  });

  test('tab and line breaks are text: a note over several lines is kept as sent', async () => {
    const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Lignes', description: 'a\tb\r\nc\nd' }).expect(201);
    expect(list.body.description).toBe('a\tb\r\nc\nd');
  });

  test('query=%00 answers 400 instead of matching every company', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?query=%00').set(auth());
    expectRefused(res, '/query/query', '\u0000');
    expectRefused(await request(ctx.app).get('/v1/entreprises/facets?query=bati%01ment').set(auth()), '/query/query', '\u0001');
  });

  test('a repeated parameter names the value at fault by its index', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?secteurs=BTP&secteurs=sant%1Fe').set(auth());
    expectRefused(res, '/query/secteurs/1', '\u001f');
  });

  test('a nested body value and a property name are found too', async () => {
    const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Imbriquée' }).expect(201);
    const ids = await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_ids: ['aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', 'x\u0000'] });
    expectRefused(ids, '/body/entreprise_ids/1', '\u0000');
    const named = await request(ctx.app).post('/v1/lists').set(auth()).set('Content-Type', 'application/json').send('{"nom": "ok", "n\\u0000m": 1}');
    expect(named.status).toBe(400);
    // Told with what the contract's validator finds too: the unknown property.
    expect(named.body.errors).toEqual([
      { path: '/body', message: expect.stringContaining('U+0000'), code: 'pattern' },
      expect.objectContaining({ code: 'additionalProperties' }),
    ]);
  });

  test('told with every other bad field at once', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?query=%00&per_page=101&page=0x2').set(auth());
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.path).sort()).toEqual(['/query/page', '/query/per_page', '/query/query']);
  });

  test('a request without a key still answers 401 first', async () => {
    const res = await request(ctx.app).get('/v1/entreprises?query=%00');
    expect(res.status).toBe(401);
  });
});

describe('companies import', () => {
  test('a line with a control character is rejected with its line number; the others are imported', async () => {
    const file = path.join(tmp, 'controls.csv');
    fs.writeFileSync(
      file,
      [
        'nom,wilaya,secteur,activite,email,telephone,score_qualite',
        'Numidia Import,Alger,BTP,,,,',
        'Nul\u0000 Import,Alger,BTP,,,,',
        'Atlas Import,Oran,,Travaux\u0007 publics,,,',
        'Tassili Import,Oran,,"Génie civil\nsur deux lignes",,,',
        'Escape Import,16,,,,,\u001b',
      ].join('\n') + '\n',
    );
    const result = await importCompanies(knex(), file);
    expect(result.rejected).toEqual([
      { line: 3, reason: expect.stringMatching(/^nom: .*U\+0000/) },
      { line: 4, reason: expect.stringMatching(/^activite: .*U\+0007/) },
      { line: 7, reason: expect.stringMatching(/^score_qualite: .*U\+001B/) },
    ]);
    expect(result.imported).toBe(2);
    const rows = await knex()('companies').whereIn('nom', ['Numidia Import', 'Tassili Import']).orderBy('nom').select('nom', 'activite');
    expect(rows).toEqual([
      { nom: 'Numidia Import', activite: null },
      { nom: 'Tassili Import', activite: 'Génie civil\nsur deux lignes' },
    ]);
  });

  test('JSON Lines too', async () => {
    const file = path.join(tmp, 'controls.jsonl');
    fs.writeFileSync(file, ['{"nom": "Djurdjura JSON", "wilaya": "Alger"}', '{"nom": "Zibans\\u0000 JSON", "wilaya": "Alger"}', '{"nom": "Oasis JSON", "wilaya": "Alger", "email": "a\\u0002@b.dz"}'].join('\n'));
    const result = await importCompanies(knex(), file);
    expect(result).toEqual({
      imported: 1,
      updated: 0,
      rejected: [
        { line: 2, reason: expect.stringMatching(/^nom: .*U\+0000/) },
        { line: 3, reason: expect.stringMatching(/^email: .*U\+0002/) },
      ],
    });
  });
});

describe('scraped text', () => {
  let site: Site;
  afterEach(() => site?.close());

  test('control characters are stripped from names and activities before anything is stored', async () => {
    const card = (inner: string) => `<article class="fiche">${inner}</article>`;
    site = await startSite({
      '/recherche?page=1': `<!doctype html><html><body><main>${
        card('<h2>SARL Nul\u0000 Bâtiment</h2><p class="activite">Gros\u0007 œuvre\u001b</p><p>Tél. 0550 12 34 99</p>') +
        card('<h2>Atlas\u0001\u0002 Contrôle</h2><p class="activite">Travaux</p><p>Tél. 021 23 45 99</p>')
      }</main>` +
        `<script type="application/ld+json">${JSON.stringify({ '@type': 'LocalBusiness', name: 'Json\u0000 Ld' })}</script></body></html>`,
    });
    setup.sources = parseSources(`sources:
  - name: annuaire-controles
    search_url: "${site.origin}/recherche?page={page}"
    max_pages: 1
    selectors:
      item: "article.fiche"
      name: "h2"
      activity: ".activite"
`);
    const res = await request(ctx.app).post('/v1/scraping/run').set(auth()).send({ secteur: 'BTP', wilaya: 'Tlemcen' });
    expect(res.status).toBe(200);
    expect(res.body.entreprises.map((e: Json) => [e.nom, e.activite])).toEqual([
      ['SARL Nul Bâtiment', 'Gros œuvre'],
      ['Atlas Contrôle', 'Travaux'],
    ]);
    const rows = await knex()('companies').where({ wilaya_code: 13 }).select('nom', 'activite', 'search_text', 'nom_normalise');
    expect(rows).toHaveLength(2);
    for (const row of rows) for (const v of Object.values(row)) expect(String(v)).not.toMatch(ANY_CONTROL);
    const task = await knex()('scraping_tasks').where({ id: res.body.task_id }).first();
    expect(JSON.stringify(task.response)).not.toMatch(/\\u000[0-8bcef]|\\u001/i);
  });
});
