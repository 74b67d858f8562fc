import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { createProspectingClient, isProblem, type Problem, type ProblemCode } from '../clients/typescript/src';
import { upsertCompanies, type CompanyInput } from '../src/search/companyRepository';
import { createTestContext, listen, type TestContext } from './helpers/app';

// The published TypeScript client (clients/typescript, @prospecting-api/client) against the
// server over real HTTP, on a database of the file's own: its source as a partner's code
// calls it, its built package (CommonJS and ES module consumers), its example, and its
// generated schema against openapi/v1.yaml (a contract change that forgets the client fails).

jest.setTimeout(180_000);

const run = promisify(execFile);
const root = path.resolve(__dirname, '..');
const clientDir = path.join(root, 'clients/typescript');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let ctx: TestContext;
let server: { url: string; close: () => Promise<void> };

function company(nom: string, over: Partial<CompanyInput> = {}): CompanyInput {
  return { nom, wilaya_code: 16, secteur_id: 'informatique', activite: 'Développement logiciel', email: null, telephone: '+213550123456', score_qualite: 70, source: 'import', source_url: null, ...over };
}

beforeAll(async () => {
  ctx = await createTestContext();
  server = await listen(ctx.app);
  await upsertCompanies(ctx.database.knex, [
    company('Informatique Zibane', { score_qualite: 90 }),
    company('Numidia Informatique', { score_qualite: 65 }),
    company('Informatique Basse Note', { score_qualite: 40 }), // below score_min 60
    company('Oran Informatique', { wilaya_code: 31, score_qualite: 95 }), // another wilaya
    company('Cimenterie Zibane', { secteur_id: 'btp', activite: 'Ciment', score_qualite: 99 }), // another word
  ]);
});

afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

/** What a partner's program does with a problem: a switch on its code. */
function reaction(error: Problem): string {
  const code: ProblemCode = error.code;
  switch (code) {
    case 'missing_api_key':
    case 'invalid_api_key':
    case 'expired_api_key':
    case 'revoked_api_key':
      return 'fix the key';
    case 'resource_not_found':
    case 'not_found':
      return 'gone';
    case 'lead_already_exists':
      return 'already there';
    case 'validation_failed':
      return `fix ${error.errors?.map((e) => e.path).join(',')}`;
    default:
      return `unexpected ${code}`;
  }
}

describe('@prospecting-api/client from its source', () => {
  test('reads /v1/me, searches with filters, creates a list, adds leads and exports it as CSV', async () => {
    const acct = await ctx.account({ plan: 'sales_team', credits: 40 });
    const client = createProspectingClient({ baseUrl: `${server.url}/`, apiKey: acct.api_key });

    const me = await client.GET('/v1/me');
    if (me.error) throw new Error(`GET /v1/me: ${JSON.stringify(me.error)}`);
    expect(me.response.status).toBe(200);
    expect(me.data.id).toBe(acct.account_id);
    expect(me.data.key_id).toBe(acct.key_id);
    expect(me.data.plan.id).toBe('sales_team');
    expect(me.data.credit_balance).toBe(40);

    const search = await client.GET('/v1/entreprises', {
      params: { query: { query: 'informatique', wilayas: [16], secteurs: ['Informatique'], score_min: 60, per_page: 10 } },
    });
    if (search.error) throw new Error(`GET /v1/entreprises: ${JSON.stringify(search.error)}`);
    expect(search.data.total).toBe(2);
    expect(search.data.items.map((c) => c.nom)).toEqual(['Informatique Zibane', 'Numidia Informatique']);
    expect(search.data.items.every((c) => c.wilaya_code === 16 && c.score_qualite >= 60)).toBe(true);

    const list = await client.POST('/v1/lists', { body: { nom: 'Éditeurs Alger', description: 'client test' } });
    if (list.error) throw new Error(`POST /v1/lists: ${JSON.stringify(list.error)}`);
    expect(list.response.status).toBe(201);
    expect(list.data.nom).toBe('Éditeurs Alger');
    const listId = list.data.id;

    const added = await client.POST('/v1/lists/{id}/leads', {
      params: { path: { id: listId } },
      body: { entreprise_ids: search.data.items.map((c) => c.id) },
    });
    if (added.error) throw new Error(`POST /v1/lists/{id}/leads: ${JSON.stringify(added.error)}`);
    expect(added.response.status).toBe(200);
    // A bulk add answers the bulk result (200), a single add the lead (201): `in` tells them apart.
    if (!('added' in added.data)) throw new Error(`a bulk add answered a single lead: ${JSON.stringify(added.data)}`);
    expect(added.data.added.map((l) => l.entreprise.nom)).toEqual(['Informatique Zibane', 'Numidia Informatique']);
    expect(added.data.already_present).toEqual([]);

    const leads = await client.GET('/v1/lists/{id}/leads', { params: { path: { id: listId }, query: { statut: ['nouveau'] } } });
    if (leads.error) throw new Error(`GET /v1/lists/{id}/leads: ${JSON.stringify(leads.error)}`);
    expect(leads.data.total).toBe(2);

    const csv = await client.GET('/v1/lists/{id}/export', { params: { path: { id: listId } }, parseAs: 'text' });
    if (csv.error) throw new Error(`GET /v1/lists/{id}/export: ${JSON.stringify(csv.error)}`);
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text: string = csv.data;
    const rows = parseCsv(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.nom).sort()).toEqual(['Informatique Zibane', 'Numidia Informatique']);
    expect(rows.every((r) => r.statut === 'nouveau')).toBe(true);
    // E.164 numbers are written "'+213..." against formula injection (the README of the contract says so).
    expect(rows.every((r) => r.telephone === "'+213550123456")).toBe(true);

    // Reading costs nothing.
    const after = await client.GET('/v1/me');
    expect(after.data?.credit_balance).toBe(40);
  });

  test('errors arrive as typed problems that a program switches on by code', async () => {
    const acct = await ctx.account();
    const client = createProspectingClient({ baseUrl: server.url, apiKey: acct.api_key });

    const missing = await client.GET('/v1/lists/{id}', { params: { path: { id: UNKNOWN } } });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    if (!missing.error) throw new Error('an unknown list answered without an error');
    expect(isProblem(missing.error)).toBe(true);
    expect(missing.error.code).toBe('resource_not_found');
    expect(reaction(missing.error)).toBe('gone');

    const list = await client.POST('/v1/lists', { body: { nom: 'Doublons' } });
    if (list.error) throw new Error(JSON.stringify(list.error));
    const [first] = (await client.GET('/v1/entreprises', { params: { query: { query: 'zibane', sort: 'nom' } } })).data?.items ?? [];
    expect(first?.nom).toBe('Cimenterie Zibane');
    const path1 = { params: { path: { id: list.data.id } }, body: { entreprise_id: first.id } };
    expect((await client.POST('/v1/lists/{id}/leads', path1)).response.status).toBe(201);
    const again = await client.POST('/v1/lists/{id}/leads', path1);
    expect(again.response.status).toBe(409);
    if (!again.error) throw new Error('a second add of the same company answered without an error');
    expect(again.error.code).toBe('lead_already_exists');
    expect(reaction(again.error)).toBe('already there');

    const invalid = await client.GET('/v1/entreprises', { params: { query: { per_page: 1000 } } });
    expect(invalid.response.status).toBe(400);
    if (!invalid.error) throw new Error('per_page 1000 answered without an error');
    expect(invalid.error.code).toBe('validation_failed');
    expect(reaction(invalid.error)).toMatch(/per_page/);

    const wrongKey = createProspectingClient({ baseUrl: server.url, apiKey: 'pk_not_a_real_key' });
    const refused = await wrongKey.GET('/v1/me');
    expect(refused.response.status).toBe(401);
    if (!refused.error) throw new Error('a wrong key answered without an error');
    expect(refused.error.code).toBe('invalid_api_key');
    expect(reaction(refused.error)).toBe('fix the key');
  });

  test('refuses to build a client without a base URL or a key', () => {
    expect(() => createProspectingClient({ baseUrl: '', apiKey: 'pk_x' })).toThrow(/baseUrl/);
    expect(() => createProspectingClient({ baseUrl: server.url, apiKey: '' })).toThrow(/apiKey/);
  });
});

describe('@prospecting-api/client as published', () => {
  test('its generated schema is up to date with openapi/v1.yaml and names every path', async () => {
    const { stdout } = await run(process.execPath, ['scripts/generate.mjs', '--check'], { cwd: root });
    expect(stdout).toContain('clients/typescript/src/schema.ts is up to date with openapi/v1.yaml.');
    const spec = parseYaml(fs.readFileSync(path.join(root, 'openapi/v1.yaml'), 'utf8')) as { paths: Record<string, unknown> };
    const schema = fs.readFileSync(path.join(clientDir, 'src/schema.ts'), 'utf8');
    for (const p of Object.keys(spec.paths)) expect(schema).toContain(`    "${p}": {`);
    // The same types as the server's: one contract, two copies.
    const strip = (s: string) => s.slice(s.indexOf('*/'));
    expect(strip(schema)).toBe(strip(fs.readFileSync(path.join(root, 'generated/v1.ts'), 'utf8')));
  });

  test('builds with tsc to the files its package.json names, which CommonJS and ES modules can load and use', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(clientDir, 'package.json'), 'utf8')) as {
      name: string; private: boolean; main: string; types: string; dependencies: Record<string, string>;
    };
    expect(pkg.name).toBe('@prospecting-api/client');
    expect(pkg.private).toBe(false);
    expect(Object.keys(pkg.dependencies)).toContain('openapi-fetch');
    fs.rmSync(path.join(clientDir, 'dist'), { recursive: true, force: true });
    await run(bin('tsc'), ['-p', clientDir], { cwd: root });
    expect(fs.existsSync(path.join(clientDir, pkg.main))).toBe(true);
    expect(fs.readFileSync(path.join(clientDir, pkg.types), 'utf8')).toMatch(/export declare function createProspectingClient/);

    const acct = await ctx.account({ credits: 7 });
    const env = { ...process.env, API_URL: server.url, API_KEY: acct.api_key };
    const program = `const { data, error } = await createProspectingClient({ baseUrl: process.env.API_URL, apiKey: process.env.API_KEY }).GET('/v1/me');
      if (error) throw new Error(JSON.stringify(error)); console.log(data.id + ' ' + data.credit_balance);`;
    const cjs = await run(process.execPath, ['-e', `const { createProspectingClient } = require(${JSON.stringify(clientDir)}); (async () => { ${program} })().catch((e) => { console.error(e); process.exit(1); });`], { cwd: root, env });
    expect(cjs.stdout.trim()).toBe(`${acct.account_id} 7`);
    const esm = await run(process.execPath, ['--input-type=module', '-e', `import { createProspectingClient } from ${JSON.stringify(path.join(clientDir, pkg.main))}; ${program}`], { cwd: root, env });
    expect(esm.stdout.trim()).toBe(`${acct.account_id} 7`);
  });

  test('examples/first-search.ts type-checks in strict mode and runs against the server', async () => {
    await run(bin('tsc'), ['-p', path.join(clientDir, 'examples')], { cwd: root });
    const acct = await ctx.account({ plan: 'enterprise', credits: 12 });
    const { stdout } = await run(bin('tsx'), ['--tsconfig', path.join(clientDir, 'examples/tsconfig.json'), path.join(clientDir, 'examples/first-search.ts')], {
      cwd: root,
      env: { ...process.env, PROSPECTING_API_URL: server.url, PROSPECTING_API_KEY: acct.api_key },
    });
    expect(stdout).toContain(`account ${acct.account_id}, plan enterprise, 12 credits`);
    expect(stdout).toContain('2 companies match; the first 2:');
    expect(stdout).toContain('- Informatique Zibane (Alger), score 90');

    const refused = await run(bin('tsx'), ['--tsconfig', path.join(clientDir, 'examples/tsconfig.json'), path.join(clientDir, 'examples/first-search.ts')], {
      cwd: root,
      env: { ...process.env, PROSPECTING_API_URL: server.url, PROSPECTING_API_KEY: 'pk_wrong' },
    }).then(() => null, (err: { code: number; stderr: string }) => err);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('check PROSPECTING_API_KEY (invalid_api_key)');
  });
});
