/**
 * `npm run contract:check` is a gate: openapi/v1.yaml must stay backward compatible with
 * the published contract (openapi/published/v1.yaml). These tests run the real gate
 * (scripts/contract.mjs, which runs Optic) against deliberately broken copies of the spec.
 *
 * Each Optic run takes a few seconds, so every run is started at once in beforeAll and
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

function gate(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  return runToEnd(process.execPath, [path.join(root, 'scripts/contract.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', ...env },
  }).then(({ status, stdout, stderr }) => ({ status, stdout: stripAnsi(stdout), stderr: stripAnsi(stderr) }));
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
}, 600_000);

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
  test('passes for the current spec against the published contract', () => {
    const run = runs.current;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('openapi/v1.yaml is backward compatible with the published contract');
  });

  test('fails when the GET /v1/me operation is removed', () => {
    const run = runs.getMeRemoved;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(BREAKS);
    expect(run.stdout).toContain('GET /v1/me: removed');
    expect(run.stdout).toContain('[prevent operation removal]');
    expect(run.stderr).toContain('x [removed without deprecation] GET /v1/me was removed without being deprecated first');
  });

  test('fails when a response property is removed', () => {
    const run = runs.creditBalanceRemoved;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(BREAKS);
    expect(run.stdout).toContain("[prevent removing response property] cannot remove response property 'credit_balance'");
  });

  test('fails when an optional query parameter becomes required', () => {
    const run = runs.perPageRequired;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(BREAKS);
    expect(run.stdout).toContain("cannot make optional query parameter 'per_page' required");
  });

  test('fails when the type of a response property changes', () => {
    const run = runs.creditBalanceString;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(BREAKS);
    expect(run.stdout).toMatch(/\[prevent response property type changes\] .*'credit_balance'/);
  });

  test('fails when the type of a request property is narrowed', () => {
    const run = runs.expiresInDaysString;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(BREAKS);
    expect(run.stdout).toMatch(/\[prevent request property type changes\] .*'expires_in_days' not to be narrowed/);
  });

  test('passes when a new optional response property is added', () => {
    const run = runs.optionalPropertyAdded;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('/schema/properties/timezone: added');
    expect(run.stdout).toContain('is backward compatible with the published contract');
  });
});

describe('removing an operation (the deprecation policy)', () => {
  test('passes once the operation was published deprecated and its sunset has passed', () => {
    const run = runs.deprecatedRemovedAfterSunset;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('GET /v1/wilayas: removed after its sunset');
    expect(run.stdout).toContain('is backward compatible with the published contract');
  });

  test('fails while the sunset is still to come', () => {
    const run = runs.deprecatedRemovedBeforeSunset;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('GET /v1/wilayas is deprecated, but its sunset (2099-01-01) has not passed');
  });

  test('fails for a deprecated operation that never had a sunset date', () => {
    const run = runs.deprecatedWithoutSunsetRemoved;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('GET /v1/wilayas is deprecated but has no x-sunset date');
  });

  test('passes when an operation is marked deprecated', () => {
    const run = runs.deprecationAdded;
    expect(run.status).toBe(0);
    expect(run.stderr).not.toContain('[removed without deprecation]');
  });
});

describe('the gate never passes by accident', () => {
  test('fails, without claiming a breaking change, when the head is not valid OpenAPI', () => {
    const run = runs.invalidOpenApi;
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('responses must be object');
    expect(run.stderr).toContain('contract check failed: optic could not compare the files');
  });

  test('fails when optic cannot be found', () => {
    const run = runs.opticMissing;
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('contract check failed: cannot run optic');
  });

  test('fails when optic exits 0 without printing a report', () => {
    const run = runs.opticSilent;
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no recognisable passing report');
  });
});

describe('known blind spots of optic', () => {
  // Optic's breaking-changes ruleset compares operations, parameters' required/type/enum,
  // properties' presence/required/type/enum and status codes, but not constraints
  // (maxLength, minimum, maximum, pattern, format) nor response headers. If this test
  // starts failing, optic learnt to flag it: move the case up into the failing ones.
  test('lets a tightened request constraint (maxLength 100 -> 20) through', () => {
    const run = runs.nameMaxLengthTightened;
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('/schema/properties/name: changed');
  });
});
