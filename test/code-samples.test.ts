/**
 * Every code sample of the docs runs (issue 16 point 1). The samples are read from the
 * bundled contract (openapi/v1.yaml, each operation's `x-codeSamples`, put there by
 * scripts/bundle.mjs from openapi/code-samples/) and run as a partner would run them, against
 * a live server on the embedded store with demo companies and a real key:
 *   - curl with bash;
 *   - TypeScript type-checked (strict) against the generated types, then run with tsx;
 *   - Python with python3 and requests (skipped, saying why, only when requests is absent).
 * Only the base URL `http://localhost:3000` is replaced; `$API_KEY`, `$LIST_ID`... are
 * environment variables, each run given fresh ones (its own account, list, lead, key).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../src/extraction/sampleDirectory';
import { seedDemoCompanies } from '../src/search/demoCompanies';
import { createTestContext, listen, type TestContext } from './helpers/app';
import { runToEnd, type Finished } from './helpers/processes';
import { operations, spec, type Json } from './helpers/spec';

const root = path.resolve(__dirname, '..');
const LOCAL = 'http://localhost:3000';
const LANGUAGES = ['curl', 'TypeScript', 'Python'] as const;
type Language = (typeof LANGUAGES)[number];

interface Sample {
  operationId: string;
  method: string;
  path: string;
  label: Language;
  source: string;
}

const samples: Sample[] = operations().flatMap((op) =>
  ((op.operation['x-codeSamples'] ?? []) as Json[]).map((s) => ({
    operationId: op.id,
    method: op.method,
    path: op.path,
    label: s.label as Language,
    source: String(s.source),
  })),
);

const python = spawnSync('python3', ['-c', 'import requests'], { encoding: 'utf8' });
const pythonSkip =
  python.error || python.status !== 0
    ? `python3 with requests is not installed (${python.error?.message ?? python.stderr.trim().split('\n').pop()}): the Python samples are not run`
    : undefined;
if (pythonSkip) console.warn(pythonSkip);

let ctx: TestContext;
let sample: SampleDirectory;
let server: { url: string; close: () => Promise<void> };
let work: string;
let companyIds: string[];
let typecheck: { status: number | null; output: string };

beforeAll(async () => {
  sample = await startSampleDirectory();
  const fetcher = new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 5000 });
  // Webhook samples name https://crm.example.dz, which does not resolve offline: the address check
  // is lifted as WEBHOOKS_ALLOW_PRIVATE does for development (src/webhooks/__tests__/webhooks.test.ts covers it).
  ctx = await createTestContext({ scraping: { sources: [sample.source], fetcher, deadlineMs: 10_000 }, webhooks: { allowPrivate: true } });
  // As on a fresh demo store: the samples search for what a partner's first search finds.
  await seedDemoCompanies(ctx.database.knex, 5000);
  companyIds = (await ctx.database.knex('companies').orderBy('id').limit(50).pluck('id')) as string[];
  server = await listen(ctx.app);

  // A partner's project: openapi-fetch installed, the types generated from the contract as v1.ts.
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'code-samples-'));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(root, 'generated/v1.ts'), path.join(work, 'v1.ts'));
  fs.writeFileSync(path.join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  fs.writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023'], types: ['node'],
        strict: true, noEmit: true, skipLibCheck: true, isolatedModules: true,
      },
      include: ['*.ts'],
    }),
  );
  for (const s of samples.filter((x) => x.label === 'TypeScript')) {
    fs.writeFileSync(path.join(work, `${s.operationId}.ts`), s.source.replaceAll(LOCAL, server.url));
  }
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', work], { encoding: 'utf8' });
  typecheck = { status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` };
}, 300_000);

afterAll(async () => {
  await server?.close();
  await ctx?.close();
  await sample?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** What a sample is given: a fresh account, and the ids its operation needs, made over HTTP. */
interface Fixture {
  env: Record<string, string>;
  /** The mode of the key the sample is given. */
  mode: 'live' | 'test';
  auth: { Authorization: string };
}

let used = 0;
/** With `mode: 'test'`, everything (the sample's call and the fixture's own) is done with a test key of the account. */
async function fixture(source: string, mode: 'live' | 'test' = 'live'): Promise<Fixture & { accountId: string; liveKey: string }> {
  const acct = await ctx.account({ plan: 'enterprise', credits: 1000 });
  const key = mode === 'test' ? (await ctx.services.apiKeys.issue(acct.account_id, { name: 'sandbox', mode: 'test' })).api_key : acct.api_key;
  const auth = { Authorization: `Bearer ${key}` };
  const env: Record<string, string> = { API_KEY: key };
  const needs = (name: string) => source.includes(name);
  // Every run gets a list holding one lead, so that reading lists shows something.
  // Two companies no other run touched: one already in the list, one to add.
  const [inList, toAdd] = [companyIds[used++ % companyIds.length], companyIds[used++ % companyIds.length]];
  env.ENTREPRISE_ID = toAdd;
  if (needs('KEY_ID')) {
    const key = await request(ctx.app).post('/v1/api-keys').set(auth).send({ name: 'to revoke' }).expect(201);
    env.KEY_ID = key.body.id;
  }
  {
    const list = await request(ctx.app).post('/v1/lists').set(auth).send({ nom: 'Relances' }).expect(201);
    env.LIST_ID = list.body.id;
    const lead = await request(ctx.app).post(`/v1/lists/${env.LIST_ID}/leads`).set(auth).send({ entreprise_id: inList }).expect(201);
    env.LEAD_ID = lead.body.id;
  }
  if (needs('WEBHOOK_ID')) {
    const endpoint = await request(ctx.app).post('/v1/webhook-endpoints').set(auth).send({ url: 'https://crm.example.dz/hooks/old', events: ['scraping.task.completed'] }).expect(201);
    env.WEBHOOK_ID = endpoint.body.id;
    // One delivery to list: an extraction's completion.
    await request(ctx.app).post('/v1/scraping/run').set(auth).set('Idempotency-Key', `webhook-${used}`).send({ secteur: 'BTP', wilaya: 'Alger', max_results: 5 }).expect(200);
  }
  if (needs('TASK_TO_CANCEL')) {
    // No worker runs in this test: a submitted task stays queued.
    const task = await request(ctx.app).post('/v1/scraping/tasks').set(auth).send({ secteur: 'BTP', wilaya: 'Alger', max_results: 5 }).expect(202);
    env.TASK_TO_CANCEL = task.body.task_id;
  }
  if (needs('TASK_ID')) {
    const run = await request(ctx.app)
      .post('/v1/scraping/run')
      .set(auth)
      .set('Idempotency-Key', `fixture-${used}`)
      .send({ secteur: 'BTP', wilaya: 'Alger', max_results: 5 })
      .expect(200);
    env.TASK_ID = run.body.task_id;
  }
  return { env, auth, mode, accountId: acct.account_id, liveKey: acct.api_key };
}

/** Runs a sample's command in `cwd` with only PATH, HOME and `env` set. */
function run(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Finished> {
  return runToEnd(command, args, { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), ...env } });
}

async function runSample(s: Sample, env: Record<string, string>, cwd: string) {
  const source = s.source.replaceAll(LOCAL, server.url);
  if (s.label === 'curl') return run('bash', ['-euo', 'pipefail', '-c', source], env, cwd);
  if (s.label === 'TypeScript') {
    fs.writeFileSync(path.join(cwd, 'sample.ts'), source);
    fs.copyFileSync(path.join(work, 'package.json'), path.join(cwd, 'package.json'));
    return run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'sample.ts'], env, cwd);
  }
  fs.writeFileSync(path.join(cwd, 'sample.py'), source);
  return run('python3', ['sample.py'], env, cwd);
}

/** What each operation's sample must have done, checked over HTTP once it has run. */
const outcomes: Record<string, (f: Fixture, out: string, cwd: string) => Promise<void>> = {
  getMe: async (f, out) => {
    // curl prints the JSON, the others a line naming the mode.
    expect(out).toMatch(new RegExp(`"mode": ?"${f.mode}"|${f.mode} mode`));
  },
  createApiKey: async (f) => {
    const keys = await request(ctx.app).get('/v1/api-keys').set(f.auth).expect(200);
    expect(keys.body.items.map((k: Json) => k.name)).toContain('CRM sync');
  },
  revokeApiKey: async (f) => {
    const keys = await request(ctx.app).get('/v1/api-keys').set(f.auth).expect(200);
    expect(keys.body.items.find((k: Json) => k.id === f.env.KEY_ID).revoked_at).not.toBeNull();
  },
  searchEntreprises: async (_f, out) => {
    expect(out).toMatch(/numidia/i);
  },
  getEntrepriseFacets: async (_f, out) => {
    expect(out).toMatch(/[1-9]\d* *matches|"total": *[1-9]/);
  },
  runScraping: async (f) => {
    const ledger = await request(ctx.app).get('/v1/credits/ledger').set(f.auth).expect(200);
    expect(ledger.body.items.some((e: Json) => e.task_id !== null)).toBe(true);
  },
  createScrapingTask: async (f) => {
    const tasks = await request(ctx.app).get('/v1/scraping/tasks').set(f.auth).expect(200);
    expect(tasks.body.items).toEqual([expect.objectContaining({ status: 'queued', secteur: 'BTP', wilaya: 'Alger', max_results: 10 })]);
  },
  cancelScrapingTask: async (f, out) => {
    expect(out).toMatch(/cancelled/);
    const task = await request(ctx.app).get(`/v1/scraping/tasks/${f.env.TASK_TO_CANCEL}`).set(f.auth).expect(200);
    expect(task.body.status).toBe('cancelled');
  },
  createList: async (f) => {
    const lists = await request(ctx.app).get('/v1/lists').set(f.auth).expect(200);
    expect(lists.body.items.map((l: Json) => l.nom)).toContain('BTP Alger');
  },
  updateList: async (f) => {
    const list = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}`).set(f.auth).expect(200);
    expect(list.body.nom).toBe('BTP Alger - relances de juin');
  },
  deleteList: async (f) => {
    await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}`).set(f.auth).expect(404);
  },
  exportList: async (_f, _out, cwd) => {
    const csv = fs.readFileSync(path.join(cwd, 'leads.csv'), 'utf8');
    expect(csv.startsWith('\uFEFFnom,wilaya,secteur,activite,email,telephone,score_qualite,statut,note\r\n')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  },
  addLeads: async (f) => {
    const leads = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}/leads`).set(f.auth).expect(200);
    const added = leads.body.items.find((l: Json) => l.entreprise.id === f.env.ENTREPRISE_ID);
    expect(added).toMatchObject({ note: 'Vu au salon Batimatec', statut: 'nouveau' });
  },
  addLead: async (f) => {
    const leads = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}/leads`).set(f.auth).expect(200);
    expect(leads.body.items.find((l: Json) => l.entreprise.id === f.env.ENTREPRISE_ID)).toMatchObject({ statut: 'contacte', note: 'Vu au salon Batimatec' });
  },
  addLeadsBulk: async (f, out) => {
    expect(out).toMatch(/[1-9]\d* added|"added": *\[\{/); // a line, or curl's JSON
    const leads = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}/leads`).set(f.auth).expect(200);
    expect(leads.body.total).toBeGreaterThan(1);
  },
  updateLead: async (f) => {
    const leads = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}/leads`).set(f.auth).expect(200);
    expect(leads.body.items.find((l: Json) => l.id === f.env.LEAD_ID)).toMatchObject({ statut: 'contacte', note: 'Rappeler jeudi' });
  },
  createWebhookEndpoint: async (f, out) => {
    const endpoints = await request(ctx.app).get('/v1/webhook-endpoints').set(f.auth).expect(200);
    expect(endpoints.body.items).toEqual([expect.objectContaining({ url: 'https://crm.example.dz/hooks/prospecting', events: ['scraping.task.completed', 'credits.balance_low'] })]);
    expect(out).toMatch(/whsec_[A-Za-z0-9+/]/);
  },
  deleteWebhookEndpoint: async (f) => {
    await request(ctx.app).get(`/v1/webhook-endpoints/${f.env.WEBHOOK_ID}/deliveries`).set(f.auth).expect(404);
  },
  listWebhookDeliveries: async (_f, out) => {
    expect(out).toMatch(/msg_[0-9a-f]{32}/);
    expect(out).toMatch(/scraping\.task\.completed/);
  },
  deleteLead: async (f) => {
    const leads = await request(ctx.app).get(`/v1/lists/${f.env.LIST_ID}/leads`).set(f.auth).expect(200);
    expect(leads.body.items.map((l: Json) => l.id)).not.toContain(f.env.LEAD_ID);
  },
};

describe('the code samples of the docs', () => {
  test.each(operations().map((op) => [`${op.method.toUpperCase()} ${op.path}`, op.id] as const))(
    '%s has a curl, a TypeScript and a Python sample, on the local server',
    (_name, id) => {
      const mine = samples.filter((s) => s.operationId === id);
      expect(mine.map((s) => s.label)).toEqual([...LANGUAGES]);
      for (const s of mine) expect(s.source).toContain(LOCAL);
    },
  );

  test('their base URL is the local server the contract lists beside production', () => {
    expect(spec.servers.map((s: Json) => s.url)).toEqual(['https://api.prospecting-api.dz', LOCAL]);
  });

  test('the TypeScript samples type-check (strict) against the generated types', () => {
    expect(typecheck.output).toBe('');
    expect(typecheck.status).toBe(0);
  });

  test.each(samples.map((s) => [`${s.label} ${s.method.toUpperCase()} ${s.path}`, s] as const))('%s runs', async (_name, s) => {
    if (s.label === 'Python' && pythonSkip) {
      console.warn(`skipped ${s.operationId} (Python): ${pythonSkip}`);
      return;
    }
    const f = await fixture(s.source);
    const cwd = fs.mkdtempSync(path.join(work, `${s.operationId}-`));
    const res = await runSample(s, f.env, cwd);
    if (res.status !== 0) throw new Error(`${s.label} sample of ${s.operationId} exited ${res.status}:\n${res.stdout}\n${res.stderr}`);
    // A sample prints what it got, except a file download and curl on a 204 (no body).
    const op = operations().find((o) => o.id === s.operationId)!;
    const quiet = s.operationId === 'exportList' || (s.label === 'curl' && '204' in op.operation.responses);
    if (!quiet) expect(res.stdout.trim()).not.toBe('');
    await outcomes[s.operationId]?.(f, res.stdout, cwd);
  }, 60_000);
});

test('the samples are what openapi/code-samples/ holds (the bundle is not stale)', () => {
  for (const s of samples) {
    const file = { curl: 'curl.sh', TypeScript: 'typescript.ts', Python: 'python.py' }[s.label];
    expect(s.source).toBe(fs.readFileSync(path.join(root, 'openapi/code-samples', s.operationId, file), 'utf8'));
  }
  expect(fs.readdirSync(path.join(root, 'openapi/code-samples')).sort()).toEqual(
    operations().map((op) => op.id).sort(),
  );
});

/**
 * Issue 16's target "a test key can exercise every operation for 0 credits": every operation of
 * the contract, run by its curl sample with a test key (the fixture's own extractions, lists,
 * webhook endpoint and tasks made with the test key too), leaves the balance and the ledger's
 * sum as the opening grant made them; every ledger row a test key caused is of 0.
 */
describe('every operation with a test key', () => {
  const curl = samples.filter((s) => s.label === 'curl');

  test('has a curl sample to run', () => {
    expect(curl.map((s) => s.operationId).sort()).toEqual(operations().map((op) => op.id).sort());
  });

  test.each(curl.map((s) => [`${s.method.toUpperCase()} ${s.path}`, s] as const))('%s costs 0 credits', async (_name, s) => {
    const f = await fixture(s.source, 'test');
    const cwd = fs.mkdtempSync(path.join(work, `${s.operationId}-test-`));
    const res = await runSample(s, f.env, cwd);
    if (res.status !== 0) throw new Error(`curl sample of ${s.operationId} with a test key exited ${res.status}:\n${res.stdout}\n${res.stderr}`);
    await outcomes[s.operationId]?.(f, res.stdout, cwd);
    const live = { Authorization: `Bearer ${f.liveKey}` };
    const me = await request(ctx.app).get('/v1/me').set(live).expect(200);
    expect(me.body.credit_balance).toBe(1000);
    const ledger = await request(ctx.app).get('/v1/credits/ledger?per_page=100').set(live).expect(200);
    const rows = ledger.body.items as Json[];
    expect(rows.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(1000);
    expect(rows.filter((e) => e.reason !== 'opening balance').every((e) => e.amount === 0 && e.reason === 'scraping_test')).toBe(true);
    if (s.operationId === 'runScraping') expect(rows.some((e) => e.reason === 'scraping_test' && e.task_id !== null)).toBe(true);
  }, 60_000);
});
