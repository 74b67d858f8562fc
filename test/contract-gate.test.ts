/**
 * `npm run contract:check` is a gate: openapi/v1.yaml must stay backward compatible with
 * the published contract (openapi/published/v1.yaml). These tests run the real gate
 * (scripts/contract.mjs, which runs Optic) against deliberately broken copies of the spec.
 *
 * Each Optic run takes a few seconds, so every run is started in beforeAll (two at a time) and
 * each test only reads its result.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { runToEnd, type Finished } from './helpers/processes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = path.resolve(__dirname, '..');
const PUBLISHED = 'openapi/published/v1.yaml';
const BREAKS = `breaks the published contract ${PUBLISHED}`;
const specText = fs.readFileSync(path.join(root, 'openapi/v1.yaml'), 'utf8');
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

let tmp: string;

/**
 * Gate runs at most this many at a time. Each Optic run is CPU-bound: all fifteen at once, beside
 * the other test files on CI's two cores, once kept two runs past the gate's own 180 s Optic
 * timeout (exit 2, the gate's "could not compare" error, instead of their verdicts).
 */
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function oneOf<T>(run: () => Promise<T>): Promise<T> {
  // A finished run hands its slot to the next waiting one (running stays counted).
  if (running < AT_ONCE) running++;
  else await new Promise<void>((start) => waiting.push(start));
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function gate(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return oneOf(() =>
    runToEnd(process.execPath, [path.join(root, 'scripts/contract.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', ...env },
    }),
  ).then(({ status, stdout, stderr }) => ({ status, stdout: stripAnsi(stdout), stderr: stripAnsi(stderr) }));
}

/** Writes a mutated copy of openapi/v1.yaml to the temp dir and checks it against the published contract. */
function checkMutated(name: string, mutate: (doc: Json) => void): Promise<Finished> {
  const doc = YAML.parse(specText);
  mutate(doc);
  const file = path.join(tmp, `${name}.yaml`);
  fs.writeFileSync(file, YAML.stringify(doc));
  return gate(['check', '--base', PUBLISHED, '--head', file]);
}

const publishedText = fs.readFileSync(path.join(root, PUBLISHED), 'utf8');

/** Checks a mutated copy of openapi/v1.yaml against a mutated copy of the published contract. */
function checkPair(name: string, mutateBase: (doc: Json) => void, mutateHead: (doc: Json) => void): Promise<Finished> {
  const base = YAML.parse(publishedText);
  mutateBase(base);
  const head = YAML.parse(specText);
  mutateHead(head);
  const baseFile = path.join(tmp, `${name}-base.yaml`);
  const headFile = path.join(tmp, `${name}-head.yaml`);
  fs.writeFileSync(baseFile, YAML.stringify(base));
  fs.writeFileSync(headFile, YAML.stringify(head));
  return gate(['check', '--base', baseFile, '--head', headFile]);
}

const deprecateWilayas = (sunset: string) => (doc: Json) => {
  Object.assign(doc.paths['/v1/wilayas'].get, { deprecated: true, 'x-deprecated-at': '2020-01-01', 'x-sunset': sunset });
};
const removeWilayas = (doc: Json) => {
  delete doc.paths['/v1/wilayas'];
};

/** Removals judged by the deprecation policy: [base, head] mutations. */
const removals = {
  deprecatedRemovedAfterSunset: [deprecateWilayas('2020-07-01'), removeWilayas],
  deprecatedRemovedBeforeSunset: [deprecateWilayas('2099-01-01'), removeWilayas],
  deprecatedWithoutSunsetRemoved: [(doc: Json) => void (doc.paths['/v1/wilayas'].get.deprecated = true), removeWilayas],
  deprecationAdded: [() => undefined, deprecateWilayas('2099-01-01')],
} as const;

const mutations = {
  getMeRemoved: (doc: Json) => {
    delete doc.paths['/v1/me'].get;
  },
  creditBalanceRemoved: (doc: Json) => {
    const me = doc.components.schemas.Me;
    delete me.properties.credit_balance;
    me.required = me.required.filter((name: string) => name !== 'credit_balance');
  },
  perPageRequired: (doc: Json) => {
    doc.components.parameters.PerPage.required = true;
  },
  creditBalanceString: (doc: Json) => {
    const prop = doc.components.schemas.Me.properties.credit_balance;
    prop.type = 'string';
    delete prop.minimum;
    prop.example = '500';
  },
  expiresInDaysString: (doc: Json) => {
    const prop = doc.components.schemas.ApiKeyCreate.properties.expires_in_days;
    prop.type = 'string';
    delete prop.minimum;
    delete prop.maximum;
    prop.example = '90';
  },
  optionalPropertyAdded: (doc: Json) => {
    doc.components.schemas.Me.properties.timezone = {
      type: 'string',
      description: "The account's IANA time zone.",
      example: 'Africa/Algiers',
    };
  },
  invalidOpenApi: (doc: Json) => {
    doc.paths['/v1/me'].get.responses = 'none';
  },
  nameMaxLengthTightened: (doc: Json) => {
    doc.components.schemas.ApiKeyCreate.properties.name.maxLength = 20;
  },
};

interface Verdict {
  status: number;
  stdout?: (string | RegExp)[];
  stderr?: (string | RegExp)[];
  notInStderr?: string[];
}

/** A test of the gate: its title, the run it reads, and that run's verdict. */
type GateCase = [title: string, run: keyof typeof runs, verdict: Verdict];

/**
 * A gate run's verdict: its exit status, what its stdout and stderr say (a substring, or a
 * pattern), and what its stderr must not say.
 */
function expectGate(run: Finished, expected: Verdict): void {
  expect(run.status).toBe(expected.status);
  for (const said of expected.stdout ?? []) expect(run.stdout).toMatch(said);
  for (const said of expected.stderr ?? []) expect(run.stderr).toMatch(said);
  for (const unsaid of expected.notInStderr ?? []) expect(run.stderr).not.toContain(unsaid);
}

let runs: Record<keyof typeof mutations | keyof typeof removals | 'current' | 'opticMissing' | 'opticSilent', Finished>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-gate-test-'));
  // A stand-in for Optic that exits 0 without printing any report.
  const silentOptic = path.join(tmp, 'silent-optic.js');
  fs.writeFileSync(silentOptic, 'process.exit(0);\n');

  const named = Object.entries(mutations).map(async ([name, mutate]) => [name, await checkMutated(name, mutate)] as const);
  const pairs = Object.entries(removals).map(async ([name, [base, head]]) => [name, await checkPair(name, base, head)] as const);
  const entries = await Promise.all([
    ...named,
    ...pairs,
    gate(['check', '--base', PUBLISHED, '--head', 'openapi/v1.yaml']).then((run) => ['current', run] as const),
    gate(['check'], { CONTRACT_GATE_OPTIC_BIN: path.join(tmp, 'no-such-optic') }).then((run) => ['opticMissing', run] as const),
    gate(['check'], { CONTRACT_GATE_OPTIC_BIN: silentOptic }).then((run) => ['opticSilent', run] as const),
  ]);
  runs = Object.fromEntries(entries) as typeof runs;
}, (Math.ceil((Object.keys(mutations).length + Object.keys(removals).length + 3) / AT_ONCE) * 180 + 300) * 1000); // (every gate run, two at a time, each within the gate's 180 s Optic timeout; about 70 s on a quiet machine, 300 s on a loaded one)

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the published contract', () => {
  test('exists and is valid YAML declaring openapi 3.1.0', () => {
    const file = path.join(root, PUBLISHED);
    expect(fs.existsSync(file)).toBe(true);
    const doc = YAML.parse(fs.readFileSync(file, 'utf8'));
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths).toEqual(expect.any(Object));
  });
});

describe('npm run contract:check', () => {
  test.each<GateCase>([
    ['passes for the current spec against the published contract', 'current', { status: 0, stdout: ['openapi/v1.yaml is backward compatible with the published contract'] }],
    ['fails when the GET /v1/me operation is removed', 'getMeRemoved', { status: 1, stdout: ['GET /v1/me: removed', '[prevent operation removal]'], stderr: [BREAKS, 'x [removed without deprecation] GET /v1/me was removed without being deprecated first'] }],
    ['fails when a response property is removed', 'creditBalanceRemoved', { status: 1, stdout: ["[prevent removing response property] cannot remove response property 'credit_balance'"], stderr: [BREAKS] }],
    ['fails when an optional query parameter becomes required', 'perPageRequired', { status: 1, stdout: ["cannot make optional query parameter 'per_page' required"], stderr: [BREAKS] }],
    ['fails when the type of a response property changes', 'creditBalanceString', { status: 1, stdout: [/\[prevent response property type changes\] .*'credit_balance'/], stderr: [BREAKS] }],
    ['fails when the type of a request property is narrowed', 'expiresInDaysString', { status: 1, stdout: [/\[prevent request property type changes\] .*'expires_in_days' not to be narrowed/], stderr: [BREAKS] }],
    ['passes when a new optional response property is added', 'optionalPropertyAdded', { status: 0, stdout: ['/schema/properties/timezone: added', 'is backward compatible with the published contract'] }],
  ])('%s', (_, run, verdict) => expectGate(runs[run], verdict));
});

describe('removing an operation (the deprecation policy)', () => {
  test.each<GateCase>([
    ['passes once the operation was published deprecated and its sunset has passed', 'deprecatedRemovedAfterSunset', { status: 0, stdout: ['GET /v1/wilayas: removed after its sunset', 'is backward compatible with the published contract'] }],
    ['fails while the sunset is still to come', 'deprecatedRemovedBeforeSunset', { status: 1, stderr: ['GET /v1/wilayas is deprecated, but its sunset (2099-01-01) has not passed'] }],
    ['fails for a deprecated operation that never had a sunset date', 'deprecatedWithoutSunsetRemoved', { status: 1, stderr: ['GET /v1/wilayas is deprecated but has no x-sunset date'] }],
    ['passes when an operation is marked deprecated', 'deprecationAdded', { status: 0, notInStderr: ['[removed without deprecation]'] }],
  ])('%s', (_, run, verdict) => expectGate(runs[run], verdict));
});

describe('the gate never passes by accident', () => {
  test.each<GateCase>([
    ['fails, without claiming a breaking change, when the head is not valid OpenAPI', 'invalidOpenApi', { status: 2, stderr: ['responses must be object', 'contract check failed: optic could not compare the files'] }],
    ['fails when optic cannot be found', 'opticMissing', { status: 2, stderr: ['contract check failed: cannot run optic'] }],
    ['fails when optic exits 0 without printing a report', 'opticSilent', { status: 2, stderr: ['no recognisable passing report'] }],
  ])('%s', (_, run, verdict) => expectGate(runs[run], verdict));
});

describe('known blind spots of optic', () => {
  // Optic's breaking-changes ruleset compares operations, parameters' required/type/enum,
  // properties' presence/required/type/enum and status codes, but not constraints
  // (maxLength, minimum, maximum, pattern, format) nor response headers. If this test
  // starts failing, optic learnt to flag it: move the case up into the failing ones.
  test('lets a tightened request constraint (maxLength 100 -> 20) through', () => {
    expectGate(runs.nameMaxLengthTightened, { status: 0, stdout: ['/schema/properties/name: changed'] });
  });
});
