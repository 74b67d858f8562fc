#!/usr/bin/env node
// Bundles the contract's sources (openapi/openapi.yaml, openapi/paths/, openapi/components/)
// into the single document openapi/v1.yaml with `redocly bundle`.
//   node scripts/bundle.mjs          writes openapi/v1.yaml
//   node scripts/bundle.mjs --check  fails (exit 1) when openapi/v1.yaml is stale
// openapi/v1.yaml is committed: the app validates against it, the contract gate checks it,
// the types and the docs page are generated from it, and partners generate their clients from
// it at a stable path; production needs no dev dependency to read it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, 'openapi/openapi.yaml');
const outPath = resolve(root, 'openapi/v1.yaml');

const BANNER = `# GENERATED FILE - DO NOT EDIT.
# Bundled from openapi/openapi.yaml (with openapi/paths/ and openapi/components/) by
# \`npm run bundle\`; \`npm run bundle:check\` fails when this file is stale.
`;

const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
try {
  const bundled = join(dir, 'v1.yaml');
  const result = spawnSync(resolve(root, 'node_modules/.bin/redocly'), ['bundle', source, '--output', bundled, '--config', resolve(root, 'redocly.yaml')], {
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
