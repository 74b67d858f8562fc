#!/usr/bin/env node
// Builds the self-contained Redoc page of openapi/v1.yaml into generated/docs/index.html.
//   node scripts/build-docs.mjs             always builds
//   node scripts/build-docs.mjs --if-stale  builds only when the spec changed since the last build
// The page is a build artifact (not committed); `npm start` runs the --if-stale form.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = resolve(root, 'openapi/v1.yaml');
const out = resolve(root, 'generated/docs/index.html');
const stamp = resolve(root, 'generated/docs/spec.sha256');
const hash = createHash('sha256').update(readFileSync(spec)).digest('hex');

if (process.argv.includes('--if-stale') && existsSync(out) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
  process.exit(0);
}
const redocly = resolve(root, 'node_modules/.bin/redocly');
if (!existsSync(redocly)) {
  console.error('build-docs: @redocly/cli is not installed (a dev dependency); /docs will answer 503 until `npm run docs` runs.');
  process.exit(process.argv.includes('--if-stale') ? 0 : 1);
}
mkdirSync(dirname(out), { recursive: true });
const result = spawnSync(
  redocly,
  ['build-docs', spec, '--inlineBundle', '--output', out, '--title', 'Prospecting API v1', '--config', resolve(root, 'redocly.yaml')],
  { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(result.status ?? 1);
}
writeFileSync(stamp, hash);
console.error(`build-docs: wrote ${out}`);
