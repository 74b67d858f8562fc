#!/usr/bin/env node
// Compiles the server into dist/ (tsc -p tsconfig.build.json) and builds the docs page.
//   node scripts/build.mjs             always compiles; the docs page when the spec changed
//   node scripts/build.mjs --if-stale  compiles only when a source changed since the last build
//                                      (`npm start`, `npm run cli` and the tests run this form)
//   --quiet                            says nothing when there is nothing to do
// Everything is written to stderr: `npm run cli` keeps its stdout for the command's output.
// Production needs no dev dependency at run time: after `npm ci && npm run build`,
// `npm ci --omit=dev` (or `npm prune --omit=dev`) keeps dist/ and generated/docs/, and
// `npm start` runs them; without TypeScript installed a stale dist/ is run as it is, with a warning.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, 'dist');
const stampFile = join(dist, '.sources.sha256');
const lockDir = resolve(root, '.build.lock');
const ifStale = process.argv.includes('--if-stale');
const quiet = process.argv.includes('--quiet');
const say = (line) => process.stderr.write(`build: ${line}\n`);

/** Every file the compiled output depends on, in a stable order (not the tests beside the features: no __tests__ folder is compiled). */
function inputs() {
  const files = ['tsconfig.json', 'tsconfig.build.json', 'generated/v1.ts', 'generated/schemas.ts'];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(file);
      } else if (entry.name.endsWith('.ts')) files.push(file);
    }
  };
  walk('src');
  return files;
}

function sourcesHash() {
  const hash = createHash('sha256');
  for (const file of inputs()) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** One build at a time (tests and CLI commands may start together); a lock older than 5 minutes is stale. */
function withLock(fn) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 300_000) rmSync(lockDir, { recursive: true, force: true });
      } catch { /* removed meanwhile */ }
      sleep(100);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Removes compiled files whose source is gone (a moved or deleted module), so dist/ runs only what src/ has. */
function pruneOrphans(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) {
      pruneOrphans(file);
      if (readdirSync(file).length === 0) rmSync(file, { recursive: true });
      continue;
    }
    const source = join(root, relative(dist, file)).replace(/\.js(\.map)?$/, '.ts');
    if (/\.js(\.map)?$/.test(entry.name) && !existsSync(source)) rmSync(file);
  }
}

function compile() {
  const hash = sourcesHash();
  const built = existsSync(join(dist, 'src/server.js')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
  if (ifStale && built) {
    if (!quiet) say('dist/ is up to date');
    return;
  }
  const tsc = resolve(root, 'node_modules/typescript/bin/tsc');
  if (!existsSync(tsc)) {
    if (ifStale && existsSync(join(dist, 'src/server.js'))) {
      say('the sources changed since dist/ was built, and TypeScript (a dev dependency) is not installed: running dist/ as it is');
      return;
    }
    say('TypeScript (a dev dependency) is not installed: run `npm ci` then `npm run build` (after which `npm ci --omit=dev` keeps dist/)');
    process.exit(1);
  }
  const started = performance.now();
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    say('tsc failed');
    process.exit(result.status ?? 1);
  }
  pruneOrphans(join(dist, 'src'));
  writeFileSync(stampFile, hash);
  say(`compiled src/ into ${relative(root, dist)}/ in ${Math.round(performance.now() - started)} ms`);
}

withLock(compile);

const docs = spawnSync(process.execPath, [resolve(root, 'scripts/build-docs.mjs'), '--if-stale'], { cwd: root, stdio: ['ignore', 2, 2] });
if (docs.status !== 0) process.exit(docs.status ?? 1);
