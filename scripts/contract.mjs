#!/usr/bin/env node
// Contract gate: keeps openapi/v1.yaml (the hand-written source of truth) backward
// compatible with openapi/published/v1.yaml (the contract partners rely on).
//
//   node scripts/contract.mjs check [--base FILE] [--head FILE]
//       (npm run contract:check)
//       Compares HEAD (default openapi/v1.yaml) against BASE (default
//       openapi/published/v1.yaml) with Optic's `breaking-changes` ruleset and prints
//       Optic's report. Exit 0: no breaking change. Exit 1: Optic reports a breaking
//       change. Exit 2: usage error, or Optic could not run or compare the files
//       (missing binary, crash, invalid OpenAPI, timeout, unrecognised output):
//       the gate never passes unless Optic actually produced a passing report.
//
//   node scripts/contract.mjs publish [--force]
//       (npm run contract:publish)
//       Copies openapi/v1.yaml to openapi/published/v1.yaml (creating the folder).
//       It runs `check` first and REFUSES (exit 1) when that fails: partners build
//       on the published contract, so publishing a breaking change must be a
//       deliberate act (a new major version of the API), never a side effect.
//       `--force` publishes anyway, after printing Optic's report; use it only for
//       a deliberate major version.
//
// Optic runs offline from node_modules/.bin/optic with the repository root as cwd:
//   - OPTIC_TELEMETRY_LEVEL=off disables Sentry and Segment; NO_UPDATE_NOTIFIER=1
//     stops update-notifier's background query of the npm registry.
//   - CI is removed from Optic's environment: with CI=true Optic writes
//     ci-run-details.json into the cwd and changes its output.
//   - The ruleset is pinned with `--standard <temp file>` (ruleset: [breaking-changes]).
//     Without it Optic would take the ruleset from an `x-optic-standard` key in the
//     head spec or from an optic.yml, either of which can weaken the gate or make
//     Optic fetch a ruleset over the network. No optic.yml is needed or created.
//   - Works in or out of a git repository (Optic only reads git metadata).
//
// Removing an operation: the deprecation policy (README, "Changes and deprecation") says an
// operation is removed only after it was published `deprecated: true` with an `x-sunset` date,
// and that date has passed. The gate checks that itself, before Optic: an operation of the
// base missing from the head fails the gate (exit 1, naming it) unless the base deprecates it
// and its sunset is past; such a sanctioned removal is taken out of the base Optic compares
// with, so Optic's own "prevent operation removal" rule does not refuse it.
// CONTRACT_GATE_OPTIC_BIN overrides the Optic entry point (used by the tests to
// prove that a missing or broken Optic fails the gate).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'openapi/v1.yaml';
const PUBLISHED = 'openapi/published/v1.yaml';
const OPTIC_TIMEOUT_MS = 180_000;

const USAGE = `usage: node scripts/contract.mjs check [--base FILE] [--head FILE]
       node scripts/contract.mjs publish [--force]`;

class UsageError extends Error {}

/** Parses `--name value`, `--name=value` and boolean `--flag` options; nothing positional. */
function parseArgs(args, { values = [], flags = [] }) {
  const out = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`unexpected argument: ${arg}`);
    const [, name, inline] = m;
    if (flags.includes(name) && inline === undefined) out[name] = true;
    else if (values.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
      out[name] = value;
    } else throw new UsageError(`unknown option: ${arg}`);
  }
  return out;
}

/** A path as the user sees it: relative to the repository when inside it. */
function display(abs) {
  const rel = relative(root, abs);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs;
}

const stripAnsi = (s) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

function opticEntry() {
  const override = process.env.CONTRACT_GATE_OPTIC_BIN;
  const bin = override ? resolve(override) : join(root, 'node_modules/.bin/optic');
  if (!existsSync(bin)) return { error: `${display(bin)} not found (run \`npm install\`)` };
  return { bin: realpathSync(bin) };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/**
 * The operations of BASE that HEAD no longer has, judged by the deprecation policy.
 * Returns { refused: [message], sanctioned: [[path, method]] }, or { error } when a file
 * cannot be read as YAML (Optic then reports what is wrong with it).
 */
function removedOperations(baseAbs, headAbs, now = new Date()) {
  let base;
  let head;
  try {
    base = YAML.parse(readFileSync(baseAbs, 'utf8'));
    head = YAML.parse(readFileSync(headAbs, 'utf8'));
  } catch (e) {
    return { error: e.message };
  }
  const refused = [];
  const sanctioned = [];
  for (const [path, item] of Object.entries(base?.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op || head?.paths?.[path]?.[method]) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const sunsetText = op['x-sunset'] instanceof Date ? op['x-sunset'].toISOString() : String(op['x-sunset'] ?? '');
      const sunset = new Date(sunsetText);
      if (op.deprecated !== true) refused.push(`${name} was removed without being deprecated first (deprecated: true, x-sunset, in a published version)`);
      else if (!sunsetText || Number.isNaN(sunset.getTime())) refused.push(`${name} is deprecated but has no x-sunset date: it cannot be removed`);
      else if (sunset > now) refused.push(`${name} is deprecated, but its sunset (${sunsetText}) has not passed: it cannot be removed yet`);
      else sanctioned.push([path, method]);
    }
  }
  return { refused, sanctioned };
}

/**
 * Runs the removal check, then `optic diff BASE HEAD --check` (BASE without the sanctioned
 * removals), and classifies the outcome.
 */
function runCheck(baseAbs, headAbs) {
  for (const [label, file] of [['base', baseAbs], ['head', headAbs]]) {
    if (!existsSync(file)) return { verdict: 'error', message: `the ${label} spec ${display(file)} does not exist` };
  }
  const removed = removedOperations(baseAbs, headAbs);
  if (removed.error) return runOptic(baseAbs, headAbs);
  for (const message of removed.refused) console.error(`x [removed without deprecation] ${message}`);
  let base = baseAbs;
  let tmp;
  if (removed.sanctioned.length > 0) {
    const doc = YAML.parse(readFileSync(baseAbs, 'utf8'));
    for (const [path, method] of removed.sanctioned) {
      console.log(`${method.toUpperCase()} ${path}: removed after its sunset (deprecated in ${display(baseAbs)})`);
      delete doc.paths[path][method];
      if (!METHODS.some((m) => doc.paths[path][m])) delete doc.paths[path];
    }
    tmp = mkdtempSync(join(tmpdir(), 'contract-base-'));
    base = join(tmp, 'base.yaml');
    writeFileSync(base, YAML.stringify(doc));
  }
  try {
    const result = runOptic(base, headAbs);
    if (removed.refused.length === 0 || result.verdict === 'error') return result;
    return { verdict: 'breaking', failedChecks: (result.failedChecks ?? 0) + removed.refused.length };
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Runs `optic diff BASE HEAD --check` and classifies the outcome.
 * Returns { verdict: 'pass' | 'breaking' | 'error', message?, failedChecks? }.
 */
function runOptic(baseAbs, headAbs) {
  const entry = opticEntry();
  if (entry.error) return { verdict: 'error', message: `cannot run optic: ${entry.error}` };

  const env = { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1' };
  delete env.CI;
  if (process.stdout.isTTY && !('NO_COLOR' in env)) env.FORCE_COLOR ??= '1';

  const tmp = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  try {
    const standard = join(tmp, 'optic-standard.yml');
    writeFileSync(standard, 'ruleset:\n  - breaking-changes\n');
    const res = spawnSync(
      process.execPath,
      [entry.bin, 'diff', display(baseAbs), display(headAbs), '--check', '--standard', standard],
      { cwd: root, env, encoding: 'utf8', timeout: OPTIC_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
    );
    // Optic's closing hint about its --web flag does not apply to this wrapper.
    const hint = /^.*Rerun this command with the --web flag.*\n?/m;
    if (res.stdout) process.stdout.write(res.stdout.replace(hint, ''));
    if (res.stderr) process.stderr.write(res.stderr.replace(hint, ''));

    if (res.error) {
      const why = res.error.code === 'ETIMEDOUT' ? `timed out after ${OPTIC_TIMEOUT_MS / 1000}s` : res.error.message;
      return { verdict: 'error', message: `optic could not run: ${why}` };
    }
    if (res.signal) return { verdict: 'error', message: `optic was killed by ${res.signal}` };

    const text = stripAnsi(`${res.stdout}\n${res.stderr}`);
    // Each failed rule is reported as "x [rule name] message", e.g.
    // "x [prevent operation removal] cannot remove an operation. This is a breaking change."
    const breaking = (text.match(/^\s*x \[[^\]\n]+\] /gm) ?? []).length;
    const checks = /Checks: (\d+)\/(\d+) passed/.exec(text);
    const failedChecks = checks ? Number(checks[2]) - Number(checks[1]) : 0;
    // Optic's report opens with "✔ <API title> <base file>" or "x <API title> <base file>"
    // followed by an "Operations:" summary.
    const report = /^[✔x] .+\n(?:.*\n)*?Operations: /m.test(text);

    if (res.status === 1 && report && breaking > 0 && failedChecks > 0) return { verdict: 'breaking', failedChecks };
    if (res.status === 0 && report && breaking === 0 && failedChecks === 0) return { verdict: 'pass' };
    return {
      verdict: 'error',
      message: `optic could not compare the files (exit status ${res.status}, no recognisable ${res.status === 0 ? 'passing' : 'breaking-change'} report): see its output above`,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function check(args) {
  const opts = parseArgs(args, { values: ['base', 'head'] });
  const baseAbs = resolve(opts.base ?? join(root, PUBLISHED));
  const headAbs = resolve(opts.head ?? join(root, SOURCE));
  const result = runCheck(baseAbs, headAbs);
  if (result.verdict === 'pass') {
    console.log(`${display(headAbs)} is backward compatible with the published contract ${display(baseAbs)}.`);
    return 0;
  }
  if (result.verdict === 'breaking') {
    const n = result.failedChecks === 1 ? '1 failed check' : `${result.failedChecks} failed checks`;
    console.error(`${display(headAbs)} breaks the published contract ${display(baseAbs)} (${n}): see above.`);
    return 1;
  }
  console.error(`contract check failed: ${result.message}`);
  return 2;
}

function publish(args) {
  const { force = false } = parseArgs(args, { flags: ['force'] });
  const srcAbs = join(root, SOURCE);
  const dstAbs = join(root, PUBLISHED);
  if (!existsSync(srcAbs)) {
    console.error(`cannot publish: ${SOURCE} does not exist`);
    return 2;
  }
  const published = existsSync(dstAbs) ? readFileSync(dstAbs) : null;
  if (published && published.equals(readFileSync(srcAbs))) {
    console.log(`${PUBLISHED} is already identical to ${SOURCE}: nothing to publish.`);
    return 0;
  }

  if (!published) console.log(`${PUBLISHED} does not exist yet: publishing the first version of the contract.`);
  // With nothing published yet, diffing the spec against itself still makes Optic
  // validate it, so an invalid spec is never published without --force either.
  const result = runCheck(published ? dstAbs : srcAbs, srcAbs);
  if (result.verdict !== 'pass') {
    const why =
      result.verdict === 'breaking'
        ? `${SOURCE} breaks the published contract ${PUBLISHED} (see above)`
        : `the contract check could not run (${result.message})`;
    if (!force) {
      const hint =
        result.verdict === 'breaking'
          ? 'Restore compatibility, or, for a deliberate new major version, rerun with --force.'
          : 'Fix the problem, or rerun with --force.';
      console.error(`refusing to publish: ${why}. ${hint}`);
      return 1;
    }
    console.warn(`publishing anyway (--force): ${why}.`);
  }

  mkdirSync(dirname(dstAbs), { recursive: true });
  copyFileSync(srcAbs, dstAbs);
  console.log(`published: copied ${SOURCE} to ${PUBLISHED}${published ? '' : ' (new file)'}.`);
  return 0;
}

function main(argv) {
  const [command, ...args] = argv;
  try {
    if (command === 'check') return check(args);
    if (command === 'publish') return publish(args);
    throw new UsageError(command ? `unknown command: ${command}` : 'missing command');
  } catch (e) {
    if (e instanceof UsageError) console.error(`${e.message}\n${USAGE}`);
    // Never let an unexpected failure look like a pass (or like a breaking change).
    else console.error(`contract gate failed unexpectedly:`, e);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
