import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import { upsertCompanies, type CompanyInput } from '../../search';
import { importCompanies } from '../../search';
import type { Entreprise } from '../../platform/types';
import { createTestContext, type TestContext } from '../../../test/helpers/app';
import { companyInput } from '../../../test/helpers/companies';
import { storeCompletedTask } from '../../../test/helpers/tasks';

// Prospecting lists and their leads: /v1/lists and below, in-process, on a database of the
// file's own. Every test creates its own accounts, so lists never leak between tests.

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const HEADER = ['nom', 'wilaya', 'secteur', 'activite', 'email', 'telephone', 'score_qualite', 'statut', 'note'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Key = string;
const bearer = (key: Key) => ({ Authorization: `Bearer ${key}` });
const api = {
  get: (key: Key, url: string) => request(ctx.app).get(url).set(bearer(key)),
  post: (key: Key, url: string, body: unknown) => request(ctx.app).post(url).set(bearer(key)).send(body as object),
  patch: (key: Key, url: string, body: unknown) => request(ctx.app).patch(url).set(bearer(key)).send(body as object),
  delete: (key: Key, url: string) => request(ctx.app).delete(url).set(bearer(key)),
};

let seq = 0;
/** Companies with names no other test uses (the natural key is name + wilaya). */
async function companies(n: number, over: Partial<CompanyInput> = {}): Promise<string[]> {
  const batch: CompanyInput[] = [];
  for (let i = 0; i < n; i++) {
    seq += 1;
    batch.push(companyInput(`Entreprise Test ${seq}`, { secteur_id: 'btp', activite: 'Travaux', ...over }));
  }
  const rows = await upsertCompanies(ctx.database.knex, batch);
  return rows.map((r) => r.id);
}

async function account() {
  const acct = await ctx.account({ credits: 100 });
  return { ...acct, key: acct.api_key };
}

async function newList(key: Key, body: Record<string, unknown> = { nom: 'Ma liste' }): Promise<string> {
  const res = await api.post(key, '/v1/lists', body).expect(201);
  return res.body.id;
}

function expectProblem(res: request.Response, status: number, code: string, field?: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.code).toBe(code);
  if (field) {
    const paths: string[] = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths.some((p) => p === field || p.startsWith(`${field}/`))).toBe(true);
  }
}

const leadCount = async (listId: string) => Number((await ctx.database.knex('leads').where({ list_id: listId }).count({ n: '*' }))[0].n);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /v1/lists', () => {
  test('creates an empty list of the calling account', async () => {
    const a = await account();
    const res = await api.post(a.key, '/v1/lists', { nom: 'BTP Alger T1', description: 'À relancer' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID),
      nom: 'BTP Alger T1',
      description: 'À relancer',
      created_at: expect.any(String),
      updated_at: res.body.created_at,
      leads_count: 0,
      leads: [],
    });
    const row = await ctx.database.knex('lists').where({ id: res.body.id }).first();
    expect(row.account_id).toBe(a.account_id);
    const plain = await api.post(a.key, '/v1/lists', { nom: 'x'.repeat(200) }).expect(201);
    expect(plain.body.description).toBeNull();
  });

  test.each([
    ['an empty name', { nom: '' }, '/body/nom'],
    ['a name of 201 characters', { nom: 'x'.repeat(201) }, '/body/nom'],
    ['a name of spaces only', { nom: '   ' }, '/body/nom'],
    ['no name', { description: 'x' }, '/body/nom'],
    ['a description of 2001 characters', { nom: 'ok', description: 'x'.repeat(2001) }, '/body/description'],
    ['an unknown field', { nom: 'ok', colour: 'red' }, '/body/colour'],
  ])('%s answers 400 naming the field, and creates nothing', async (_label, body, field) => {
    const a = await account();
    expectProblem(await api.post(a.key, '/v1/lists', body), 400, 'validation_failed', field);
    expect(await ctx.database.knex('lists').where({ account_id: a.account_id })).toHaveLength(0);
  });
});

describe('GET /v1/lists', () => {
  test("the account's lists, newest first, page by page, with their counts and no other account's", async () => {
    const a = await account();
    const b = await account();
    await newList(b.key, { nom: 'Pas la mienne' });
    for (const nom of ['L1', 'L2', 'L3']) {
      await newList(a.key, { nom });
      await pause(2);
    }
    const page1 = await api.get(a.key, '/v1/lists?per_page=2').expect(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pages: 2 });
    expect(page1.body.items.map((l: { nom: string }) => l.nom)).toEqual(['L3', 'L2']);
    const page2 = await api.get(a.key, '/v1/lists?per_page=2&page=2').expect(200);
    expect(page2.body.items.map((l: { nom: string }) => l.nom)).toEqual(['L1']);
    const past = await api.get(a.key, '/v1/lists?page=5').expect(200);
    expect(past.body).toMatchObject({ total: 3, page: 5, pages: 1, items: [] });
    const none = await api.get((await account()).key, '/v1/lists').expect(200);
    expect(none.body).toEqual({ total: 0, page: 1, pages: 0, items: [] });
    expectProblem(await api.get(a.key, '/v1/lists?per_page=101'), 400, 'validation_failed', '/query/per_page');
  });

  test('each list embeds at most its 10 most recently added leads, newest first; leads_count counts them all', async () => {
    const a = await account();
    const listId = await newList(a.key);
    const ids = await companies(12);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids.slice(0, 6) }).expect(200);
    for (const id of ids.slice(6)) await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: id }).expect(201);
    const newestFirst = [...ids].reverse();

    const one = await api.get(a.key, `/v1/lists/${listId}`).expect(200);
    expect(one.body.leads_count).toBe(12);
    expect(one.body.leads.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual(newestFirst.slice(0, 10));

    const all = await api.get(a.key, '/v1/lists').expect(200);
    expect(all.body.items[0]).toEqual(one.body);

    const rest = await api.get(a.key, `/v1/lists/${listId}/leads?per_page=10&page=2`).expect(200);
    expect(rest.body.items.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual(newestFirst.slice(10));
  });
});

describe('GET /v1/lists/{id}', () => {
  test('the list with its leads, each lead carrying the company as the search shows it', async () => {
    const a = await account();
    const [id] = await companies(1, { nom: 'Numidia Lists Bâtiment', email: 'contact@numidia-lists.dz', telephone: '+213550123456', score_qualite: 85 });
    const listId = await newList(a.key, { nom: 'BTP' });
    const added = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: id, statut: 'contacte', note: 'Rappeler' }).expect(201);
    const searched = await api.get(a.key, '/v1/entreprises?query=numidia%20lists').expect(200);
    const res = await api.get(a.key, `/v1/lists/${listId}`).expect(200);
    expect(res.body).toMatchObject({ id: listId, nom: 'BTP', leads_count: 1 });
    expect(res.body.leads).toEqual([
      { id: added.body.id, entreprise: searched.body.items[0], statut: 'contacte', note: 'Rappeler', added_at: expect.any(String), updated_at: expect.any(String) },
    ]);
  });

  test('an unknown id answers 404; a malformed one 400', async () => {
    const a = await account();
    expectProblem(await api.get(a.key, `/v1/lists/${UNKNOWN}`), 404, 'resource_not_found');
    expectProblem(await api.get(a.key, '/v1/lists/not-a-uuid'), 400, 'validation_failed', '/path/id');
  });
});

describe('PATCH /v1/lists/{id}', () => {
  test('renames, changes or removes the description; fields left out keep their value; updated_at moves', async () => {
    const a = await account();
    const created = (await api.post(a.key, '/v1/lists', { nom: 'Avant', description: 'Desc' }).expect(201)).body;
    await pause(5);
    const renamed = await api.patch(a.key, `/v1/lists/${created.id}`, { nom: 'Après' }).expect(200);
    expect(renamed.body).toMatchObject({ nom: 'Après', description: 'Desc', created_at: created.created_at });
    expect(Date.parse(renamed.body.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const cleared = await api.patch(a.key, `/v1/lists/${created.id}`, { description: null }).expect(200);
    expect(cleared.body).toMatchObject({ nom: 'Après', description: null });
  });

  test.each([
    ['an empty body', {}, '/body'],
    ['an empty name', { nom: '' }, '/body/nom'],
    ['a name of 201 characters', { nom: 'x'.repeat(201) }, '/body/nom'],
    ['a description of 2001 characters', { description: 'x'.repeat(2001) }, '/body/description'],
  ])('%s answers 400 naming the field and changes nothing', async (_label, body, field) => {
    const a = await account();
    const listId = await newList(a.key, { nom: 'Inchangée' });
    expectProblem(await api.patch(a.key, `/v1/lists/${listId}`, body), 400, 'validation_failed', field);
    expect((await api.get(a.key, `/v1/lists/${listId}`)).body.nom).toBe('Inchangée');
  });

  test('an unknown list answers 404', async () => {
    const a = await account();
    expectProblem(await api.patch(a.key, `/v1/lists/${UNKNOWN}`, { nom: 'x' }), 404, 'resource_not_found');
  });
});

describe('DELETE /v1/lists/{id}', () => {
  test('deletes the list and its leads, answering 204 with no body; the companies stay', async () => {
    const a = await account();
    const ids = await companies(3);
    const listId = await newList(a.key);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids }).expect(200);
    expect(await leadCount(listId)).toBe(3);
    const res = await api.delete(a.key, `/v1/lists/${listId}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await leadCount(listId)).toBe(0);
    expect(await ctx.database.knex('companies').whereIn('id', ids)).toHaveLength(3);
    expectProblem(await api.get(a.key, `/v1/lists/${listId}`), 404, 'resource_not_found');
    expectProblem(await api.delete(a.key, `/v1/lists/${listId}`), 404, 'resource_not_found');
  });
});

describe('POST /v1/lists/{id}/leads: one company', () => {
  test('adds it: 201 with the lead (statut nouveau by default, or the one given, and the note); updated_at moves', async () => {
    const a = await account();
    const [c1, c2] = await companies(2);
    const list = (await api.post(a.key, '/v1/lists', { nom: 'L' }).expect(201)).body;
    await pause(5);
    const first = await api.post(a.key, `/v1/lists/${list.id}/leads`, { entreprise_id: c1 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: expect.stringMatching(UUID), entreprise: { id: c1 }, statut: 'nouveau', note: null });
    const second = await api.post(a.key, `/v1/lists/${list.id}/leads`, { entreprise_id: c2, statut: 'qualifie', note: 'Devis envoyé' }).expect(201);
    expect(second.body).toMatchObject({ entreprise: { id: c2 }, statut: 'qualifie', note: 'Devis envoyé' });
    const after = (await api.get(a.key, `/v1/lists/${list.id}`)).body;
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(list.updated_at));
  });

  test('a company already in the list answers 409 lead_already_exists and leaves the lead as it was', async () => {
    const a = await account();
    const [c] = await companies(1);
    const listId = await newList(a.key);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c, note: 'premier' }).expect(201);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c, note: 'second' });
    expectProblem(res, 409, 'lead_already_exists');
    expect(res.body.title).toBe('The company is already in the list.');
    const leads = (await api.get(a.key, `/v1/lists/${listId}/leads`)).body.items;
    expect(leads).toHaveLength(1);
    expect(leads[0].note).toBe('premier');
  });

  test('an unknown company answers 404 naming it', async () => {
    const a = await account();
    const listId = await newList(a.key);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: UNKNOWN });
    expectProblem(res, 404, 'resource_not_found', '/body/entreprise_id');
    expect(res.body.detail).toContain(UNKNOWN);
    expect(await leadCount(listId)).toBe(0);
  });

  test('an unknown list answers 404', async () => {
    const a = await account();
    const [c] = await companies(1);
    expectProblem(await api.post(a.key, `/v1/lists/${UNKNOWN}/leads`, { entreprise_id: c }), 404, 'resource_not_found');
  });

  test.each([
    ['an empty body', {}, '/body'],
    ['a note of 2001 characters', { entreprise_id: UNKNOWN, note: 'x'.repeat(2001) }, '/body/note'],
    ['a bad statut', { entreprise_id: UNKNOWN, statut: 'gagne' }, '/body/statut'],
    ['a malformed company id', { entreprise_id: 'abc' }, '/body/entreprise_id'],
    ['two forms at once', { entreprise_id: UNKNOWN, task_id: UNKNOWN }, '/body/task_id'],
    ['a statut with a bulk form', { entreprise_ids: [UNKNOWN], statut: 'contacte' }, '/body/statut'],
    ['an unknown field', { entreprise_id: UNKNOWN, colour: 'red' }, '/body/colour'],
    ['an empty entreprise_ids', { entreprise_ids: [] }, '/body/entreprise_ids'],
    ['a company twice in entreprise_ids', { entreprise_ids: [UNKNOWN, UNKNOWN] }, '/body/entreprise_ids'],
  ])('%s answers 400 naming the field, with a readable detail', async (_label, body, field) => {
    const a = await account();
    const listId = await newList(a.key);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, body);
    expectProblem(res, 400, 'validation_failed', field);
    expect(res.body.detail).not.toMatch(/oneOf|anyOf/);
    expect(res.body.errors.length).toBeLessThanOrEqual(2);
  });
});

describe('POST /v1/lists/{id}/leads: bulk', () => {
  test('from search results: every id of a search page, added in order, in one request', async () => {
    const a = await account();
    const ids = await companies(5, { activite: 'Zorglubix conseil' });
    const found = await api.get(a.key, '/v1/entreprises?query=zorglubix&per_page=100').expect(200);
    const searchIds = found.body.items.map((e: Entreprise) => e.id);
    expect([...searchIds].sort()).toEqual([...ids].sort());
    const listId = await newList(a.key);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: searchIds });
    expect(res.status).toBe(200);
    expect(res.body.already_present).toEqual([]);
    expect(res.body.added.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual(searchIds);
    expect(res.body.added.map((l: { entreprise: Entreprise }) => l.entreprise)).toEqual(found.body.items);
    for (const lead of res.body.added) expect(lead).toMatchObject({ statut: 'nouveau', note: null });
    expect((await api.get(a.key, `/v1/lists/${listId}`)).body.leads_count).toBe(5);
  });

  test('some ids already present: added and already_present say which, the present leads unchanged', async () => {
    const a = await account();
    const ids = await companies(4);
    const listId = await newList(a.key);
    const kept = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[1], statut: 'converti' }).expect(201);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[3] }).expect(201);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids }).expect(200);
    expect(res.body.added.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual([ids[0], ids[2]]);
    expect(res.body.already_present).toEqual([ids[1], ids[3]]);
    const leads = (await api.get(a.key, `/v1/lists/${listId}/leads`)).body;
    expect(leads.total).toBe(4);
    expect(leads.items.find((l: { id: string }) => l.id === kept.body.id).statut).toBe('converti');
    const again = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids }).expect(200);
    expect(again.body).toEqual({ added: [], already_present: ids });
  });

  test('an unknown id answers 404 naming it, and nothing is added', async () => {
    const a = await account();
    const ids = await companies(3);
    const listId = await newList(a.key);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: [ids[0], UNKNOWN, ids[1], ids[2]] });
    expectProblem(res, 404, 'resource_not_found');
    expect(res.body.errors).toEqual([{ path: '/body/entreprise_ids/1', message: `no company ${UNKNOWN}` }]);
    expect(res.body.detail).toContain(UNKNOWN);
    expect(await leadCount(listId)).toBe(0);
  });

  test('1,000 ids are accepted; 1,001 answer 400', async () => {
    const a = await account();
    const ids = await companies(1000);
    const listId = await newList(a.key);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids }).expect(200);
    expect(res.body.added).toHaveLength(1000);
    expect((await api.get(a.key, `/v1/lists/${listId}`)).body.leads_count).toBe(1000);
    const tooMany = [...ids, crypto.randomUUID()];
    expectProblem(await api.post(a.key, `/v1/lists/${await newList(a.key)}/leads`, { entreprise_ids: tooMany }), 400, 'validation_failed', '/body/entreprise_ids');
  });


  test("from a task: every company of one of the account's extraction tasks; another account's task answers 404", async () => {
    const a = await account();
    const b = await account();
    const ids = await companies(3, { activite: 'Taskix travaux' });
    const found = (await api.get(a.key, '/v1/entreprises?query=taskix').expect(200)).body.items as Entreprise[];
    const taskId = await storeCompletedTask(ctx.database.knex, a.account_id, found);
    const listId = await newList(a.key);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[0] }).expect(201);
    const res = await api.post(a.key, `/v1/lists/${listId}/leads`, { task_id: taskId }).expect(200);
    expect(res.body.added.map((l: { entreprise: Entreprise }) => l.entreprise.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(res.body.already_present).toEqual([ids[0]]);

    const otherTask = await storeCompletedTask(ctx.database.knex, b.account_id, found);
    const other = await api.post(a.key, `/v1/lists/${await newList(a.key)}/leads`, { task_id: otherTask });
    expectProblem(other, 404, 'resource_not_found', '/body/task_id');
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads`, { task_id: UNKNOWN }), 404, 'resource_not_found', '/body/task_id');
  });
});

describe('POST /v1/lists/{id}/leads/single and /bulk: one operation per body shape', () => {
  test('single takes one company (201, the lead) and nothing else; bulk takes ids or a task (200, the result) and nothing else', async () => {
    const a = await account();
    const ids = await companies(4, { activite: 'Shapix travaux' });
    const listId = await newList(a.key);

    const one = await api.post(a.key, `/v1/lists/${listId}/leads/single`, { entreprise_id: ids[0], statut: 'qualifie', note: 'Salon' }).expect(201);
    expect(one.body).toMatchObject({ entreprise: { id: ids[0] }, statut: 'qualifie', note: 'Salon' });
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/single`, { entreprise_id: ids[0] }), 409, 'lead_already_exists');
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/single`, { entreprise_ids: [ids[1]] }), 400, 'validation_failed', '/body');
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/single`, { entreprise_id: UNKNOWN }), 404, 'resource_not_found');

    const bulk = await api.post(a.key, `/v1/lists/${listId}/leads/bulk`, { entreprise_ids: [ids[0], ids[1], ids[2]] }).expect(200);
    expect(bulk.body.added.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual([ids[1], ids[2]]);
    expect(bulk.body.already_present).toEqual([ids[0]]);
    const found = (await api.get(a.key, '/v1/entreprises?query=shapix').expect(200)).body.items as Entreprise[];
    const fromTask = await api.post(a.key, `/v1/lists/${listId}/leads/bulk`, { task_id: await storeCompletedTask(ctx.database.knex, a.account_id, found) }).expect(200);
    expect(fromTask.body.added.map((l: { entreprise: Entreprise }) => l.entreprise.id)).toEqual([ids[3]]);
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/bulk`, { entreprise_id: ids[0] }), 400, 'validation_failed', '/body');
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/bulk`, { entreprise_ids: [ids[0]], task_id: UNKNOWN }), 400, 'validation_failed', '/body/task_id');
    expectProblem(await api.post(a.key, `/v1/lists/${listId}/leads/bulk`, {}), 400, 'validation_failed', '/body');
    expect(await leadCount(listId)).toBe(4);
    // Another account's list answers 404, as on POST .../leads.
    const b = await account();
    expectProblem(await api.post(b.key, `/v1/lists/${listId}/leads/bulk`, { entreprise_ids: [ids[0]] }), 404, 'resource_not_found');
    expectProblem(await api.post(b.key, `/v1/lists/${listId}/leads/single`, { entreprise_id: ids[0] }), 404, 'resource_not_found');
  });
});

describe('GET /v1/lists/{id}/leads', () => {
  test('newest first, page by page, filtered by one or several statuses', async () => {
    const a = await account();
    const ids = await companies(5);
    const listId = await newList(a.key);
    const statuts = ['nouveau', 'contacte', 'qualifie', 'contacte', 'perdu'];
    for (let i = 0; i < 5; i++) await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[i], statut: statuts[i] }).expect(201);
    const names = (res: request.Response) => res.body.items.map((l: { entreprise: Entreprise }) => l.entreprise.id);

    const page1 = await api.get(a.key, `/v1/lists/${listId}/leads?per_page=2`).expect(200);
    expect(page1.body).toMatchObject({ total: 5, page: 1, pages: 3 });
    expect(names(page1)).toEqual([ids[4], ids[3]]);
    const page3 = await api.get(a.key, `/v1/lists/${listId}/leads?per_page=2&page=3`).expect(200);
    expect(names(page3)).toEqual([ids[0]]);

    const contacted = await api.get(a.key, `/v1/lists/${listId}/leads?statut=contacte`).expect(200);
    expect(contacted.body.total).toBe(2);
    expect(names(contacted)).toEqual([ids[3], ids[1]]);
    const two = await api.get(a.key, `/v1/lists/${listId}/leads?statut=nouveau&statut=perdu`).expect(200);
    expect(names(two)).toEqual([ids[4], ids[0]]);
    const none = await api.get(a.key, `/v1/lists/${listId}/leads?statut=converti`).expect(200);
    expect(none.body).toEqual({ total: 0, page: 1, pages: 0, items: [] });

    expectProblem(await api.get(a.key, `/v1/lists/${listId}/leads?statut=gagne`), 400, 'validation_failed', '/query/statut');
    expectProblem(await api.get(a.key, `/v1/lists/${UNKNOWN}/leads`), 404, 'resource_not_found');
  });
});

describe('PATCH /v1/lists/{id}/leads/{lead_id}', () => {
  test("changes the statut and the note (null removes it); other fields keep their value; the list's updated_at moves", async () => {
    const a = await account();
    const [c] = await companies(1);
    const listId = await newList(a.key);
    const lead = (await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c, note: 'Appeler' }).expect(201)).body;
    const before = (await api.get(a.key, `/v1/lists/${listId}`)).body.updated_at;
    await pause(5);
    const res = await api.patch(a.key, `/v1/lists/${listId}/leads/${lead.id}`, { statut: 'qualifie' }).expect(200);
    expect(res.body).toMatchObject({ id: lead.id, statut: 'qualifie', note: 'Appeler', added_at: lead.added_at, entreprise: lead.entreprise });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(lead.updated_at));
    expect(Date.parse((await api.get(a.key, `/v1/lists/${listId}`)).body.updated_at)).toBeGreaterThan(Date.parse(before));
    const noted = await api.patch(a.key, `/v1/lists/${listId}/leads/${lead.id}`, { note: 'x'.repeat(2000) }).expect(200);
    expect(noted.body).toMatchObject({ statut: 'qualifie', note: 'x'.repeat(2000) });
    const cleared = await api.patch(a.key, `/v1/lists/${listId}/leads/${lead.id}`, { note: null }).expect(200);
    expect(cleared.body.note).toBeNull();
  });

  test.each([
    ['an empty body', {}, '/body'],
    ['a bad statut', { statut: 'gagne' }, '/body/statut'],
    ['a note of 2001 characters', { note: 'x'.repeat(2001) }, '/body/note'],
  ])('%s answers 400 naming the field', async (_label, body, field) => {
    const a = await account();
    const [c] = await companies(1);
    const listId = await newList(a.key);
    const lead = (await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c }).expect(201)).body;
    expectProblem(await api.patch(a.key, `/v1/lists/${listId}/leads/${lead.id}`, body), 400, 'validation_failed', field);
    expect((await api.get(a.key, `/v1/lists/${listId}/leads`)).body.items[0]).toMatchObject({ statut: 'nouveau', note: null });
  });

  test('a lead of another list of the account, or an unknown lead, answers 404', async () => {
    const a = await account();
    const [c] = await companies(1);
    const listA = await newList(a.key);
    const listB = await newList(a.key);
    const lead = (await api.post(a.key, `/v1/lists/${listA}/leads`, { entreprise_id: c }).expect(201)).body;
    expectProblem(await api.patch(a.key, `/v1/lists/${listB}/leads/${lead.id}`, { statut: 'perdu' }), 404, 'resource_not_found');
    expectProblem(await api.patch(a.key, `/v1/lists/${listA}/leads/${UNKNOWN}`, { statut: 'perdu' }), 404, 'resource_not_found');
    expect((await api.get(a.key, `/v1/lists/${listA}/leads`)).body.items[0].statut).toBe('nouveau');
  });
});

describe('DELETE /v1/lists/{id}/leads/{lead_id}', () => {
  test('removes the lead (204, no body); the company stays; again answers 404', async () => {
    const a = await account();
    const [c1, c2] = await companies(2);
    const listId = await newList(a.key);
    const lead = (await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c1 }).expect(201)).body;
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c2 }).expect(201);
    const before = (await api.get(a.key, `/v1/lists/${listId}`)).body.updated_at;
    await pause(5);
    const res = await api.delete(a.key, `/v1/lists/${listId}/leads/${lead.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const list = (await api.get(a.key, `/v1/lists/${listId}`)).body;
    expect(list.leads_count).toBe(1);
    expect(list.leads[0].entreprise.id).toBe(c2);
    expect(Date.parse(list.updated_at)).toBeGreaterThan(Date.parse(before));
    expect(await ctx.database.knex('companies').where({ id: c1 })).toHaveLength(1);
    expectProblem(await api.delete(a.key, `/v1/lists/${listId}/leads/${lead.id}`), 404, 'resource_not_found');
    // The company can be added again.
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c1 }).expect(201);
  });
});

describe('two accounts', () => {
  test("another account's list and leads answer 404 everywhere (never 403), and stay as they were", async () => {
    const a = await account();
    const b = await account();
    const [c1, c2] = await companies(2);
    const listId = await newList(a.key, { nom: 'Secrète' });
    const lead = (await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: c1, note: 'privé' }).expect(201)).body;

    const attempts = [
      api.get(b.key, `/v1/lists/${listId}`),
      api.patch(b.key, `/v1/lists/${listId}`, { nom: 'Volée' }),
      api.get(b.key, `/v1/lists/${listId}/leads`),
      api.post(b.key, `/v1/lists/${listId}/leads`, { entreprise_id: c2 }),
      api.post(b.key, `/v1/lists/${listId}/leads`, { entreprise_ids: [c2] }),
      api.patch(b.key, `/v1/lists/${listId}/leads/${lead.id}`, { statut: 'perdu' }),
      api.delete(b.key, `/v1/lists/${listId}/leads/${lead.id}`),
      api.get(b.key, `/v1/lists/${listId}/export`),
      api.delete(b.key, `/v1/lists/${listId}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expectProblem(res, 404, 'resource_not_found');
      expect(JSON.stringify(res.body)).not.toMatch(/Secrète|privé/);
    }
    // B's own list does not reach A's leads either.
    const listB = await newList(b.key);
    expectProblem(await api.patch(b.key, `/v1/lists/${listB}/leads/${lead.id}`, { statut: 'perdu' }), 404, 'resource_not_found');
    expectProblem(await api.delete(b.key, `/v1/lists/${listB}/leads/${lead.id}`), 404, 'resource_not_found');

    expect((await api.get(b.key, '/v1/lists').expect(200)).body.items.map((l: { id: string }) => l.id)).toEqual([listB]);
    const mine = (await api.get(a.key, `/v1/lists/${listId}`).expect(200)).body;
    expect(mine).toMatchObject({ nom: 'Secrète', leads_count: 1 });
    expect(mine.leads[0]).toMatchObject({ id: lead.id, statut: 'nouveau', note: 'privé' });
  });
});

describe('credits', () => {
  test('list operations never change the balance nor write to the ledger', async () => {
    const a = await account();
    const balance = async () => (await api.get(a.key, '/v1/me').expect(200)).body.credit_balance;
    const before = await balance();
    const ids = await companies(3, { email: 'contact@credits-test.dz', telephone: '+213550000001' });
    const listId = await newList(a.key);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids.slice(0, 2) }).expect(200);
    const lead = (await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[2] }).expect(201)).body;
    await api.patch(a.key, `/v1/lists/${listId}/leads/${lead.id}`, { statut: 'converti' }).expect(200);
    await api.get(a.key, `/v1/lists/${listId}/leads`).expect(200);
    await api.get(a.key, `/v1/lists/${listId}/export`).expect(200);
    await api.get(a.key, '/v1/lists').expect(200);
    await api.delete(a.key, `/v1/lists/${listId}/leads/${lead.id}`).expect(204);
    await api.delete(a.key, `/v1/lists/${listId}`).expect(204);
    expect(await balance()).toBe(before);
    const ledger = await ctx.database.knex('credit_ledger').where({ account_id: a.account_id });
    expect(ledger.filter((r) => r.delta !== 100)).toEqual([]);
  });
});

describe('GET /v1/lists/{id}/export', () => {
  test('the leads as CSV: UTF-8 with a BOM, the import columns then statut and note, one row per lead, read back by csv-parse', async () => {
    const a = await account();
    const ids = await companies(1, {
      nom: 'SARL "Numidia", Bâtiment & Fils',
      activite: 'Travaux, rénovation\net gros œuvre',
      email: 'contact@numidia-export.dz',
      telephone: '+213550123499',
      score_qualite: 85,
    });
    ids.push(...(await companies(1, { wilaya_code: 31, secteur_id: null, activite: null, score_qualite: 30 })));
    ids.push(...(await companies(1, { wilaya_code: 15, secteur_id: 'sante', activite: 'Clinique', email: 'info@tizi-export.dz' })));
    const listId = await newList(a.key, { nom: 'Clients Été 2026 / BTP' });
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_id: ids[0], statut: 'qualifie', note: 'Devis envoyé, "urgent"\nrappeler lundi' }).expect(201);
    await api.post(a.key, `/v1/lists/${listId}/leads`, { entreprise_ids: ids.slice(1) }).expect(200);

    const res = await api.get(a.key, `/v1/lists/${listId}/export`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients-ete-2026-btp.csv"');
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe(HEADER.join(','));

    const records = parseCsv(text, { bom: true, columns: true }) as Record<string, string>[];
    const leads = (await api.get(a.key, `/v1/lists/${listId}/leads?per_page=100`).expect(200)).body.items as {
      entreprise: Entreprise;
      statut: string;
      note: string | null;
    }[];
    expect(records).toEqual(
      leads.map((l) => ({
        nom: l.entreprise.nom,
        wilaya: l.entreprise.wilaya,
        secteur: l.entreprise.secteur ?? '',
        activite: l.entreprise.activite ?? '',
        email: l.entreprise.email ?? '',
        // E.164 starts with '+': written as text against formula injection (src/lists/__tests__/csv-formulas.test.ts).
        telephone: l.entreprise.telephone ? `'${l.entreprise.telephone}` : '',
        score_qualite: String(l.entreprise.score_qualite),
        statut: l.statut,
        note: l.note ?? '',
      })),
    );
    expect(records).toHaveLength(3);
    expect(records[2]).toMatchObject({ nom: 'SARL "Numidia", Bâtiment & Fils', note: 'Devis envoyé, "urgent"\nrappeler lundi' });

    // Straight back into the import: every row updates its own company, none is created.
    const [{ n: before }] = await ctx.database.knex('companies').count({ n: '*' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-export-'));
    try {
      const file = path.join(dir, 'export.csv');
      fs.writeFileSync(file, bytes);
      const result = await importCompanies(ctx.database.knex, file);
      expect(result).toEqual({ imported: 0, updated: 3, rejected: [] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const [{ n: after }] = await ctx.database.knex('companies').count({ n: '*' });
    expect(Number(after)).toBe(Number(before));
    const again = (await api.get(a.key, `/v1/lists/${listId}/leads?per_page=100`)).body.items;
    // The same companies, updated (updated_at moved), still first seen when they were.
    const fields = ({ updated_at: _u, provenance: _p, ...e }: Entreprise) => e;
    expect(again.map((l: { entreprise: Entreprise }) => fields(l.entreprise))).toEqual(leads.map((l) => fields(l.entreprise)));
    for (const [i, l] of (again as { entreprise: Entreprise }[]).entries()) {
      expect(Date.parse(l.entreprise.updated_at)).toBeGreaterThan(Date.parse(leads[i].entreprise.updated_at));
      expect(l.entreprise.provenance).toEqual([{ ...leads[i].entreprise.provenance[0], last_seen_at: l.entreprise.updated_at }]);
    }
  });

  test('an empty list exports the header only; an unknown list answers 404', async () => {
    const a = await account();
    const listId = await newList(a.key, { nom: '***' });
    const res = await api.get(a.key, `/v1/lists/${listId}/export`).expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="liste.csv"');
    expect(res.text).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
    expectProblem(await api.get(a.key, `/v1/lists/${UNKNOWN}/export`), 404, 'resource_not_found');
  });
});
