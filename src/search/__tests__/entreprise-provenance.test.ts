/**
 * GET /v1/entreprises/{id} and the provenance every company record carries (search items,
 * extraction results, leads): where it was found, when it was first seen and last updated.
 */
import request from 'supertest';
import { upsertCompanies, type CompanyInput } from '../companyRepository';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { ficheSetup, ficheSources } from '../../../test/helpers/ficheDirectory';
import { startSite, type Site } from '../../../test/helpers/fixtureServer';

jest.setTimeout(60_000);

const setup = ficheSetup();

let ctx: TestContext;
let site: Site;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext({ scraping: setup });
  site = await startSite({
    '/recherche?secteur=BTP&wilaya=Mila': `<html><body>
      <article class="fiche"><h2>Mila Béton</h2><a href="tel:0661304050">0661 30 40 50</a></article>
      <article class="fiche"><h2>Ferdjioua Travaux</h2><a href="tel:0661304051">0661 30 40 51</a></article>
    </body></html>`,
  });
  setup.sources = ficheSources(site.origin, 'annuaire-mila');
  key = (await ctx.account({ credits: 50 })).api_key;
});
afterAll(async () => {
  await site?.close();
  await ctx.close();
});

const get = (path: string) => request(ctx.app).get(path).set('Authorization', `Bearer ${key}`);
const imported = (nom: string): CompanyInput => ({
  nom,
  wilaya_code: 43,
  secteur_id: 'btp',
  activite: null,
  email: null,
  telephone: '+213661304050',
  score_qualite: 50,
  source: 'import',
  source_url: null,
});

test('an imported company found again by an extraction keeps when it was first seen and lists both sources, newest first', async () => {
  const [row] = await upsertCompanies(ctx.database.knex, [imported('Mila Béton')]);
  const before = await get(`/v1/entreprises/${row.id}`);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ id: row.id, nom: 'Mila Béton', wilaya: 'Mila', wilaya_code: 43, telephone: '+213661304050' });
  expect(before.body.provenance).toEqual([{ type: 'import', source: null, url: null, first_seen_at: before.body.first_seen_at, last_seen_at: before.body.first_seen_at }]);

  const run = await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${key}`).send({ secteur: 'BTP', wilaya: 'Mila' });
  expect(run.status).toBe(200);
  const found = run.body.entreprises.find((e: { nom: string }) => e.nom === 'Mila Béton');
  expect(found.id).toBe(row.id);

  const after = await get(`/v1/entreprises/${row.id}`);
  expect(after.body.first_seen_at).toBe(before.body.first_seen_at);
  expect(Date.parse(after.body.updated_at)).toBeGreaterThan(Date.parse(before.body.updated_at));
  const page = `${site.origin}/recherche?secteur=BTP&wilaya=Mila`;
  expect(after.body.provenance).toEqual([
    { type: 'directory', source: 'annuaire-mila', url: page, first_seen_at: after.body.updated_at, last_seen_at: after.body.updated_at },
    before.body.provenance[0],
  ]);
  // The extraction's answer, the search and a lead show the same record.
  expect(found).toMatchObject({ first_seen_at: after.body.first_seen_at, updated_at: after.body.updated_at, provenance: after.body.provenance });
  const search = await get('/v1/entreprises?query=mila%20beton&wilayas=43');
  expect(search.body.items).toEqual([after.body]);
  const list = await request(ctx.app).post('/v1/lists').set('Authorization', `Bearer ${key}`).send({ nom: 'Mila' });
  const lead = await request(ctx.app).post(`/v1/lists/${list.body.id}/leads`).set('Authorization', `Bearer ${key}`).send({ entreprise_id: row.id });
  expect(lead.status).toBe(201);
  expect(lead.body.entreprise).toEqual(after.body);

  // Found again on the same page: no second row for that source, only last_seen_at moves.
  const again = await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${key}`).send({ secteur: 'BTP', wilaya: 'Mila' });
  expect(again.status).toBe(200);
  const last = await get(`/v1/entreprises/${row.id}`);
  expect(last.body.provenance).toHaveLength(2);
  expect(last.body.provenance[0]).toMatchObject({ type: 'directory', url: page, first_seen_at: after.body.updated_at, last_seen_at: last.body.updated_at });
  expect(Date.parse(last.body.provenance[0].last_seen_at)).toBeGreaterThan(Date.parse(after.body.updated_at));
});

test('an id no company has: 404 resource_not_found; an id that is not a UUID: 400 naming it', async () => {
  const unknown = await get('/v1/entreprises/3f0b8a4e-2c1d-4e5f-9a6b-000000000000');
  expect(unknown.status).toBe(404);
  expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(unknown.body).toMatchObject({ code: 'resource_not_found', detail: 'No company 3f0b8a4e-2c1d-4e5f-9a6b-000000000000.' });

  const bad = await get('/v1/entreprises/not-a-uuid');
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body.errors)).toMatch(/\/path\/id/);
});

test('the facets route is still the facets, not a company id', async () => {
  const res = await get('/v1/entreprises/facets?wilayas=43');
  expect(res.status).toBe(200);
  expect(res.body).toHaveProperty('score_bands');
});

test('a company with more than 20 sources shows the 20 most recently seen', async () => {
  const [row] = await upsertCompanies(ctx.database.knex, [imported('Chelghoum Laïd Matériaux')]);
  for (let i = 0; i < 25; i++) {
    await ctx.database.knex('company_sources').insert({
      company_id: row.id,
      kind: 'directory',
      source: 'annuaire-mila',
      url: `https://annuaire.example.dz/p/${i}`,
      first_seen_at: new Date(Date.UTC(2026, 0, 1 + i)),
      last_seen_at: new Date(Date.UTC(2026, 0, 1 + i)),
    });
  }
  const res = await get(`/v1/entreprises/${row.id}`);
  expect(res.status).toBe(200);
  // The import (just now) is the most recent, then pages 24 down to 6.
  expect(res.body.provenance.map((p: { url: string | null }) => p.url)).toEqual([null, ...Array.from({ length: 19 }, (_, n) => `https://annuaire.example.dz/p/${24 - n}`)]);
});
