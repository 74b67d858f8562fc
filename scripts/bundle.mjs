#!/usr/bin/env node
// Bundles the contract's sources (openapi/openapi.yaml, openapi/paths/, openapi/components/)
// into the single document openapi/v1.yaml with `redocly bundle`.
//   node scripts/bundle.mjs          writes openapi/v1.yaml
//   node scripts/bundle.mjs --check  fails (exit 1) when openapi/v1.yaml is stale
// openapi/v1.yaml is committed: the app validates against it, the contract gate checks it,
// the types and the docs page are generated from it, and partners generate their clients from
// it at a stable path; production needs no dev dependency to read it.
//
// Code samples: each operation's `x-codeSamples` (rendered by Redoc beside the operation)
// come from openapi/code-samples/<operationId>/ (curl.sh, typescript.ts, python.py). They
// are added to a copy of the sources just before bundling, so a path file never carries
// them; a folder that names no operation fails the bundle. test/code-samples.test.ts runs
// every one of them against a live server.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outPath = resolve(root, 'openapi/v1.yaml');

const BANNER = `# GENERATED FILE - DO NOT EDIT.
# Bundled from openapi/openapi.yaml (with openapi/paths/ and openapi/components/) by
# \`npm run bundle\`; \`npm run bundle:check\` fails when this file is stale.
`;

/** The languages of the samples, in the order the docs show them: [file, lang, label]. */
const SAMPLE_LANGUAGES = [
  ['curl.sh', 'Shell', 'curl'],
  ['typescript.ts', 'TypeScript', 'TypeScript'],
  ['python.py', 'Python', 'Python'],
];

/**
 * Copies openapi/ to `dest` and writes into each copied path file, before each operation's
 * `responses:`, an `x-codeSamples` list that references the operation's sample files.
 */
function withCodeSamples(dest) {
  cpSync(resolve(root, 'openapi'), dest, { recursive: true, filter: (src) => !src.includes(`${join('openapi', 'published')}`) });
  const samplesDir = resolve(root, 'openapi/code-samples');
  const wanted = new Set(existsSync(samplesDir) ? readdirSync(samplesDir) : []);
  const pathsDir = join(dest, 'paths');
  for (const file of readdirSync(pathsDir)) {
    const lines = readFileSync(join(pathsDir, file), 'utf8').split('\n');
    const out = [];
    let operationId;
    for (const line of lines) {
      if (line.startsWith('  operationId: ')) operationId = line.slice('  operationId: '.length).trim();
      if (line === '  x-codeSamples:') operationId = undefined; // written by hand: kept as is
      if (line === '  responses:' && operationId && wanted.has(operationId)) {
        wanted.delete(operationId);
        const entries = SAMPLE_LANGUAGES.filter(([name]) => existsSync(join(samplesDir, operationId, name)));
        out.push('  x-codeSamples:');
        for (const [name, lang, label] of entries) {
          out.push(`    - lang: ${lang}`, `      label: ${label}`, '      source:', `        $ref: ../code-samples/${operationId}/${name}`);
        }
        operationId = undefined;
      }
      out.push(line);
    }
    writeFileSync(join(pathsDir, file), out.join('\n'));
  }
  if (wanted.size > 0) {
    throw new Error(`openapi/code-samples/ has samples for operations the contract does not have: ${[...wanted].sort().join(', ')}`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
try {
  const bundled = join(dir, 'v1.yaml');
  const sources = join(dir, 'openapi');
  withCodeSamples(sources);
  const result = spawnSync(resolve(root, 'node_modules/.bin/redocly'), ['bundle', join(sources, 'openapi.yaml'), '--output', bundled, '--config', resolve(root, 'redocly.yaml')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
  const output = BANNER + readFileSync(bundled, 'utf8');
  if (process.argv.includes('--check')) {
    let current = '';
    try { current = readFileSync(outPath, 'utf8'); } catch { /* missing: stale */ }
    if (current !== output) {
      console.error('openapi/v1.yaml is stale: run `npm run bundle` and commit the result.');
      process.exit(1);
    }
    console.log('openapi/v1.yaml is up to date with openapi/openapi.yaml.');
  } else {
    writeFileSync(outPath, output);
    console.log('wrote openapi/v1.yaml');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
