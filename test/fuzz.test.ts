/**
 * Property-based fuzzing of every operation of openapi/v1.yaml (fast-check): requests drawn
 * from the spec, valid and hostile (test/helpers/fuzz.ts), sent over HTTP to the app (response
 * validation on, as in every test). For every request:
 *  - no 5xx;
 *  - the status is one the spec declares for the operation (its own, or 404/405 under
 *    `default`), with a declared media type, a body valid against its schema, and every
 *    required header;
 *  - a request the spec refuses (as an oracle reading it like the API does says) never gets a
 *    2xx; a request without a valid key gets 401 (or 429).
 * The searches also run on SQL alone (SEARCH_INDEX=off).
 *
 * The seed is fixed unless FUZZ_SEED is set (test/fastCheckSeed.cjs; FUZZ_SEED=random draws one).
 * FUZZ_SEED replays a run (the seed is printed at the start and in any failure, with the path
 * of the shrunk case); FUZZ_RUNS sets the runs per operation and backend (default 100: under a
 * minute in CI on each database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { createApp } from '../src/app';
import { createLogger } from '../src/platform/logger';
import { SECTEURS } from '../src/search/secteurs';
import { WILAYAS } from '../src/search/wilayas';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../src/extraction/sampleDirectory';
import { seedDemoCompanies } from '../src/search/demoCompanies';
import { createTestContext, TEST_SECRET, type TestContext } from './helpers/app';
import { decodeSegment, encodeComponent, requestArbitrary, specRefusals, type FuzzRequest, type Pools } from './helpers/fuzz';
import { deref, operations, validateAgainst, type Json, type Operation } from './helpers/spec';
import { testPageReader } from './helpers/pages';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
// Fixed unless FUZZ_SEED says otherwise (test/fastCheckSeed.cjs): CI gives the same answer on every run.
const SEED = process.env.FUZZ_SEED === undefined ? 20261127 : process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED);
jest.setTimeout(120_000 + RUNS * 4_000);

/** Statuses the `default` response stands for (besides 5xx, which are failures here). */
const UNDER_DEFAULT = new Set([404, 405]);
const SEARCHES = new Set(['searchEntreprises', 'getEntrepriseFacets']);

interface Target {
  name: string;
  port: number;
  close: () => Promise<void>;
}

let ctx: TestContext;
let sample: SampleDirectory;
const targets: Target[] = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
let account: { account_id: string; api_key: string };
let revokedKey: string;
let taskId: string;
let companyIds: string[];
const pools: Pools = { ids: {} };

async function serve(name: string, app: http.RequestListener): Promise<Target> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

beforeAll(async () => {
  console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm test -- test/fuzz.test.ts)`);
  sample = await startSampleDirectory();
  const fetcher = new PoliteFetcher({ userAgent: 'ProspectingAPI-fuzz/1.0', timeoutMs: 10_000 });
  const scraping = { sources: [sample.source], fetcher, deadlineMs: 20_000, pages: testPageReader() };
  ctx = await createTestContext({ scraping, logLevel: 'silent' });
  const knex = ctx.database.knex;
  // The fuzz sends thousands of requests a minute from one account: the plans' limits are
  // raised in this file's own database (rate limits have tests of their own).
  await ctx.announced(() => knex('plans').update({ requests_per_minute: 1_000_000 }));
  await seedDemoCompanies(knex, 300);
  companyIds = (await knex('companies').select('id').limit(50)).map((r) => r.id);
  account = await ctx.account({ plan: 'enterprise', credits: 1_000_000 });
  const revoked = await ctx.services.apiKeys.issue(account.account_id);
  await ctx.services.apiKeys.revoke(revoked.id);
  revokedKey = revoked.api_key;
  const task = await ctx.services.scraping.run(
    { accountId: account.account_id, keyId: '', mode: 'live', plan: { id: 'enterprise', label: 'Enterprise', requests_per_minute: 1_000_000, max_per_page: 100, max_results: 100, max_concurrent_extractions: 5 } },
    { secteur: 'BTP', wilaya: 'Alger', max_results: 5 },
  );
  taskId = task.body.task_id;
  pools.ids = { entreprise_id: companyIds, entreprise_ids: companyIds, task_id: [taskId] };
  // Known names, so that searches and extractions get past their own checks now and then.
  const secteurs = SECTEURS.flatMap((x) => [x.nom, x.id]);
  const wilayas = WILAYAS.flatMap((w) => [w.nom, String(w.code)]);
  const words = ['numidia', 'atlas', 'bat', 'sante', 'info', 'transport', 'ment', 'a'];
  pools.strings = { secteurs, secteur: secteurs, wilaya: wilayas, query: words };
  targets.push(await serve('index', ctx.app));
  const sqlApp = createApp({ db: knex, apiKeySecret: TEST_SECRET, logger: createLogger('silent'), validateResponses: 'error', scraping });
  targets.push(await serve('sql', sqlApp));
});
afterAll(async () => {
  const lines = [...seen].map(([name, counts]) => `  ${name}: ${[...counts].sort().map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  const total = [...seen.values()].reduce((n, c) => n + [...c.values()].reduce((a, b) => a + b, 0), 0);
  console.log(`fuzz: ${total} requests (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}); answers by operation, the spec accepting the request or refusing it:\n${lines.join('\n')}`);
  agent.destroy();
  await Promise.all(targets.map((t) => t.close()));
  await ctx?.close();
  await sample?.close();
});

/** The run's own fixtures for the path parameters that ask for one: a fresh list with a lead, a spare key, the task. */
async function fixtures(req: FuzzRequest): Promise<Record<string, string>> {
  const wanted = Object.entries(req.pathValues).filter(([, v]) => v.kind === 'fixture').map(([k]) => k);
  const out: Record<string, string> = {};
  if (wanted.includes('id') || wanted.includes('lead_id')) {
    const list = await ctx.services.lists.create(account.account_id, { nom: 'Fuzz' });
    const lead = await ctx.services.lists.addLeads(account.account_id, list.id, { entreprise_id: companyIds[Math.floor(Math.random() * companyIds.length)] });
    out.id = list.id;
    out.lead_id = (lead.body as { id: string }).id;
  }
  if (wanted.includes('key_id')) out.key_id = (await ctx.services.apiKeys.issue(account.account_id)).id;
  if (wanted.includes('task_id')) out.task_id = taskId;
  return out;
}

function authorization(kind: FuzzRequest['auth']): string | undefined {
  switch (kind) {
    case 'valid':
      return `Bearer ${account.api_key}`;
    case 'none':
      return undefined;
    case 'empty':
      return 'Bearer ';
    case 'malformed':
      return 'Bearer not.a.key';
    case 'forged':
      return `Bearer ${jwt.sign({ sub: account.account_id, jti: '00000000-0000-4000-8000-000000000000' }, 'another-secret-that-is-long-enough-000', { issuer: 'prospecting-api' })}`;
    case 'basic':
      return `Basic ${Buffer.from('user:pass').toString('base64')}`;
    case 'revoked':
      return `Bearer ${revokedKey}`;
  }
}

interface Sent {
  method: string;
  path: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: unknown;
}

function send(target: Target, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: target.port, method: method.toUpperCase(), path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        if (/json/.test(String(res.headers['content-type']))) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = { unparsable: text.slice(0, 200) };
          }
        }
        resolve({ method, path, status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Answers seen, per operation and backend: status -> count, valid requests and refused ones apart. */
const seen = new Map<string, Map<string, number>>();
function tally(name: string, status: number, refused: boolean): void {
  const counts = seen.get(name) ?? new Map<string, number>();
  const key = `${refused ? 'refused' : 'valid'} ${status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  seen.set(name, counts);
}

/** What is wrong with an answer, by the spec; empty when nothing is. */
function contractProblems(op: Operation, res: Sent): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`answered ${res.status}`);
  const declared = op.operation.responses[String(res.status)] ?? (UNDER_DEFAULT.has(res.status) ? op.operation.responses.default : undefined);
  if (!declared) return [...problems, `status ${res.status} is not declared for ${op.id}`];
  const response = deref(declared);
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0];
  if (!response.content) {
    if (res.text !== '') problems.push(`${res.status} has a body but declares none`);
  } else {
    const media = response.content[mediaType];
    if (!media) problems.push(`${res.status} ${mediaType || '(no media type)'} is not declared (${Object.keys(response.content).join(', ')})`);
    else {
      const result = validateAgainst(media.schema, res.body);
      if (!result.valid) problems.push(`${res.status} body breaks the schema: ${result.errors}`);
    }
  }
  for (const [name, h] of Object.entries<Json>(response.headers ?? {})) {
    if (deref(h).required && res.headers[name.toLowerCase()] === undefined) problems.push(`${res.status} lacks the required header ${name}`);
  }
  return problems;
}

async function exercise(target: Target, op: Operation, req: FuzzRequest): Promise<void> {
  const ids = await fixtures(req);
  const decoded: Record<string, string | undefined> = {};
  let path = op.path;
  for (const [name, v] of Object.entries(req.pathValues)) {
    const raw = v.kind === 'fixture' ? ids[name] : v.kind === 'value' ? encodeComponent(v.value) : v.raw;
    decoded[name] = v.kind === 'fixture' ? ids[name] : decodeSegment(raw);
    path = path.replace(`{${name}}`, raw);
  }
  const url = req.query.length > 0 ? `${path}?${req.query.join('&')}` : path;
  const headers: Record<string, string> = {};
  const auth = authorization(req.auth);
  if (auth !== undefined) headers.Authorization = auth;
  if (req.idempotencyKey !== undefined) headers['Idempotency-Key'] = req.idempotencyKey;
  if (req.body) {
    headers['Content-Type'] = req.body.contentType;
    headers['Content-Length'] = String(Buffer.byteLength(req.body.text));
  }
  const refusals = specRefusals(op, req, decoded);
  const res = await send(target, op.method, url, headers, req.body?.text);
  tally(`${op.id} on ${target.name}`, res.status, refusals.length > 0 || req.auth !== 'valid');
  const problems = contractProblems(op, res);
  if (req.auth !== 'valid') {
    if (res.status !== 401 && res.status !== 429) problems.push(`a request without a valid key (${req.auth}) answered ${res.status}`);
  } else if (refusals.length > 0 && res.status < 400) {
    problems.push(`the spec refuses it (${refusals.join('; ')}) but it answered ${res.status}`);
  }
  if (problems.length > 0) {
    const shown = typeof res.body === 'string' ? res.body.slice(0, 300) : JSON.stringify(res.body).slice(0, 600);
    throw new Error(
      `${target.name}: ${op.method.toUpperCase()} ${url.slice(0, 300)}\n` +
        `  body: ${req.body ? `${req.body.contentType} ${req.body.text.slice(0, 300)}` : '(none)'}\n` +
        `  answer: ${res.status} ${shown}\n  ${problems.join('\n  ')}`,
    );
  }
}

const cases = operations().flatMap((op) => ['index', ...(SEARCHES.has(op.id) ? ['sql'] : [])].map((name) => [`${op.id} (${op.method.toUpperCase()} ${op.path}) on ${name}`, op, name] as const));

test('covers every operation of the contract', () => {
  expect(new Set(cases.map(([, op]) => op.id)).size).toBe(operations().length);
});

test.each(cases)('%s: no 5xx, every answer on the contract, no 2xx for a request the spec refuses', async (_name, op, targetName) => {
  const target = targets.find((t) => t.name === targetName)!;
  await fc.assert(
    fc.asyncProperty(requestArbitrary(op, pools), (req) => exercise(target, op, req)),
    { seed: SEED, numRuns: RUNS, endOnFailure: process.env.FUZZ_SHRINK === '0' },
  );
});
