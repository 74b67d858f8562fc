/**
 * Names whose normalised key is empty ("★★★", "☆☆☆", "!!!": no letter, no digit) cannot tell
 * one company from another: an import rejects their line, an extraction drops the entry and
 * counts it in the source's report. And one batch never fails because two of its rows share a
 * key (PostgreSQL refuses to update a row twice in one statement).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { normalizeCompanyName } from '../../platform/text';
import { upsertCompanies, type CompanyInput } from '../companyRepository';
import { PoliteFetcher } from '../../extraction';
import { parseSources } from '../../extraction';
import { importCompanies } from '../companyImport';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import type { Json } from '../../../test/helpers/spec';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';

jest.setTimeout(60_000);

const SYMBOLS = ['★★★', '☆☆☆', '!!!', '— · —', '&'];

const setup: { sources: ReturnType<typeof parseSources>; fetcher: PoliteFetcher; deadlineMs: number } = {
  sources: [],
  fetcher: new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 10_000, backoffMs: 10 }),
  deadlineMs: 20_000,
};
let ctx: TestContext;
const knex = () => ctx.database.knex;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'name-keys-test-'));
beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const company = (nom: string, wilaya_code: number, extra: Partial<CompanyInput> = {}): CompanyInput => ({
  nom, wilaya_code, secteur_id: null, activite: null, email: null, telephone: null, score_qualite: 50, source: 'import', source_url: null, ...extra,
});

test('these names have an empty key', () => {
  for (const name of SYMBOLS) expect([name, normalizeCompanyName(name)]).toEqual([name, '']);
});

describe('companies import', () => {
  test('a name without a letter or a digit is a rejected line, with its reason; the others are imported, none collapses', async () => {
    const file = path.join(tmp, 'symbols.csv');
    fs.writeFileSync(file, ['nom,wilaya', 'Numidia Étoiles,Oran', '★★★,Oran', '☆☆☆,Oran', '!!!,Oran', '★ Atlas ★,Oran'].join('\n') + '\n');
    const result = await importCompanies(knex(), file);
    expect(result).toEqual({
      imported: 2,
      updated: 0,
      rejected: [2, 3, 4].map((i) => ({ line: i + 1, reason: `nom: has no letter or digit ("${SYMBOLS[i - 2]}"), so it cannot identify a company` })),
    });
    expect((await knex()('companies').where({ wilaya_code: 31 }).orderBy('nom').select('nom')).map((r) => r.nom)).toEqual(['Numidia Étoiles', '★ Atlas ★']);
  });
});

describe('one row the database refuses', () => {
  test('is rejected with its line number; the rest of its batch is imported', async () => {
    // Fault injection: a constraint of this file's own database refuses one name.
    await knex().raw(`alter table companies add constraint test_refuses_boom check (nom <> 'Boom Refusé')`);
    try {
      const file = path.join(tmp, 'refused.csv');
      fs.writeFileSync(file, ['nom,wilaya', 'Avant Refus,Tlemcen', 'Boom Refusé,Tlemcen', 'Après Refus,Tlemcen'].join('\n') + '\n');
      const result = await importCompanies(knex(), file);
      expect(result).toEqual({ imported: 2, updated: 0, rejected: [{ line: 3, reason: 'the database refused the row (nothing of it was stored)' }] });
      expect((await knex()('companies').where({ wilaya_code: 13 }).orderBy('nom').select('nom')).map((r) => r.nom)).toEqual(['Après Refus', 'Avant Refus']);
    } finally {
      await knex().raw('alter table companies drop constraint test_refuses_boom');
    }
  });
});

describe('upsertCompanies', () => {
  test('a batch holding the same key twice is written in order, as two upserts would be, not refused', async () => {
    const rows = await upsertCompanies(knex(), [
      company('SARL Tassili Lots', 30, { email: 'a@tassili.dz' }),
      company('Tassili Lots', 30, { telephone: '+213550000001' }),
      company('Oasis Lots', 30),
    ]);
    expect(rows.map((r) => [r.nom_normalise, r.inserted])).toEqual([
      ['tassili lots', true],
      ['tassili lots', false],
      ['oasis lots', true],
    ]);
    const stored = await knex()('companies').where({ wilaya_code: 30 }).orderBy('nom').select('nom', 'email', 'telephone');
    expect(stored).toEqual([
      { nom: 'Oasis Lots', email: null, telephone: null },
      { nom: 'Tassili Lots', email: 'a@tassili.dz', telephone: '+213550000001' },
    ]);
  });
});

describe('POST /v1/scraping/run', () => {
  let site: Site;
  afterEach(() => site?.close());

  test('entries named only with symbols are dropped and counted by reason; the run, its billing and the other companies go on', async () => {
    const acct = await ctx.account({ credits: 10 });
    const card = (name: string, phone: string) => `<article class="fiche"><h2>${name}</h2><p>Tél. ${phone}</p></article>`;
    site = await startSite({
      '/recherche?page=1':
        `<!doctype html><html><body><main>${card('★★★', '0550 11 22 01')}${card('Numidia Symboles', '0550 11 22 02')}${card('☆☆☆', '0550 11 22 03')}` +
        `${card('!!!', '0550 11 22 04')}${card('★★★', '0550 11 22 05')}${card('Atlas Symboles', '0550 11 22 06')}</main></body></html>`,
    });
    setup.sources = parseSources(`sources:
  - name: annuaire-symboles
    search_url: "${site.origin}/recherche?page={page}"
    max_pages: 1
    selectors:
      item: "article.fiche"
      name: "h2"
`);
    const res = await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${acct.api_key}`).send({ secteur: 'BTP', wilaya: 'Béchar' });
    expect(res.status).toBe(200);
    expect(res.body.entreprises.map((e: Json) => e.nom)).toEqual(['Numidia Symboles', 'Atlas Symboles']);
    expect(res.body.credits_used).toBe(2);
    expect(res.body.sources).toEqual([
      expect.objectContaining({
        name: 'annuaire-symboles',
        outcome: 'ok',
        companies_found: 2,
        items_seen: 6,
        items_dropped: { no_name: 0, invalid_name: 4, not_a_company: 0, advertisement: 0, duplicate: 0 },
      }),
    ]);
    expect((await knex()('companies').where({ wilaya_code: 8 }).orderBy('nom').select('nom')).map((r) => r.nom)).toEqual(['Atlas Symboles', 'Numidia Symboles']);
    expect((await knex()('accounts').where({ id: acct.account_id }).first()).credit_balance).toBe(8);
  });
});
