#!/usr/bin/env node
// Generates clients from openapi/v1.yaml with three third-party generators and checks that a
// small program written against each (clients/generator-checks/<generator>.ts: GET /v1/me, a
// search with filters, a list filled from it and its CSV export) compiles with
// `tsc --strict --noEmit`; then, when dist/ is built, runs each program against a server it
// starts on a fresh embedded store (its demo key) and checks what it printed.
//   node scripts/check-generators.mjs            generate, compile, and run when dist/ is built
//   node scripts/check-generators.mjs --no-run   generate and compile only
// Everything generated goes to a temporary folder, removed at the end (never committed).
// GENERATORS_NODE_MODULES names another node_modules holding the generators (default: the
// project's, where `npm ci` puts them as devDependencies).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const spec = join(root, 'openapi/v1.yaml');
const programs = join(root, 'clients/generator-checks');
const modules = resolve(process.env.GENERATORS_NODE_MODULES ?? join(root, 'node_modules'));
const bin = (dir, name) => join(dir, '.bin', name);
const runPrograms = !process.argv.includes('--no-run');
const CSV_HEADER = 'nom,wilaya,secteur,activite,email,telephone,score_qualite,statut,note';

/** Each generator: its package (to print its version) and how it writes a client into `out`. */
const GENERATORS = [
  {
    name: 'oazapfts',
    pkg: 'oazapfts',
    args: (out) => [bin(modules, 'oazapfts'), [spec, join(out, 'api.ts')]],
  },
  {
    name: 'swagger-typescript-api',
    pkg: 'swagger-typescript-api',
    args: (out) => [bin(modules, 'swagger-typescript-api'), ['generate', '--path', spec, '--output', out, '--name', 'api.ts', '--silent']],
  },
  {
    name: 'hey-api',
    pkg: '@hey-api/openapi-ts',
    args: (out) => [bin(modules, 'openapi-ts'), ['--input', spec, '--output', out, '--client', '@hey-api/client-fetch', '--silent']],
  },
];

/** Strict, as a partner's project would be; `bundler` resolution takes every generator's imports as written. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    forceConsistentCasingInFileNames: true,
  },
};

const failures = [];
const fail = (name, what) => {
  failures.push(`${name}: ${what}`);
  console.error(`  FAIL ${name}: ${what}`);
};
const elapsed = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

function version(pkg) {
  try {
    return JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function run(file, args, options = {}) {
  const r = spawnSync(file, args, { encoding: 'utf8', timeout: 120_000, ...options });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'generators-'));
let server;
/** The server's process, ended with this one when a signal (CI's timeout) stops the check. */
let serverChild;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    serverChild?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    console.error(`check-generators: stopped by ${signal}`);
    process.exit(1);
  });
}
try {
  symlinkSync(modules, join(work, 'node_modules'), 'dir');
  for (const g of GENERATORS) {
    const v = version(g.pkg);
    if (!v) {
      fail(g.name, `${g.pkg} is not installed in ${modules} (npm ci installs it)`);
      continue;
    }
    g.version = v;
    const dir = join(work, g.name);
    const out = join(dir, 'client');
    mkdirSync(out, { recursive: true });
    let t0 = performance.now();
    const [file, args] = g.args(out);
    const gen = run(file, args, { cwd: dir, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });
    if (!gen.ok) {
      fail(g.name, `generation failed:\n${gen.out}`);
      continue;
    }
    console.log(`${g.name} ${v}: generated in ${elapsed(t0)}`);
    copyFileSync(join(programs, `${g.name}.ts`), join(dir, 'program.ts'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, include: ['program.ts', 'client'] }, null, 2));
    t0 = performance.now();
    const tsc = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--strict', '--noEmit']);
    if (!tsc.ok) {
      fail(g.name, `tsc --strict --noEmit failed:\n${tsc.out}`);
      continue;
    }
    console.log(`${g.name} ${v}: program.ts and the client compile with tsc --strict (${elapsed(t0)})`);
    g.compiled = true;
  }

  if (runPrograms && !existsSync(join(root, 'dist/src/server.js'))) {
    console.log('dist/ is not built (npm run build): the programs were compiled, not run.');
  } else if (runPrograms && GENERATORS.some((g) => g.compiled)) {
    const t0 = performance.now();
    server = await startServer(join(work, 'data'));
    console.log(`server on ${server.url} (fresh embedded store, demo key) in ${elapsed(t0)}`);
    for (const g of GENERATORS.filter((x) => x.compiled)) await runProgram(g, server);
  }
} finally {
  if (server) await server.stop();
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n${GENERATORS.length - new Set(failures.map((f) => f.split(':')[0])).size}/${GENERATORS.length} generators passed in ${elapsed(started)}`);
if (failures.length > 0) {
  console.error(`check-generators failed:\n- ${failures.map((f) => f.split('\n')[0]).join('\n- ')}`);
  process.exit(1);
}

/** Runs one compiled program (with tsx) against the server and checks its one JSON line. */
async function runProgram(g, server) {
  const dir = join(work, g.name);
  const t0 = performance.now();
  const r = await new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', join(dir, 'tsconfig.json'), join(dir, 'program.ts')], {
      cwd: dir,
      env: { ...process.env, API_URL: server.url, API_KEY: server.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
  if (r.code !== 0) return fail(g.name, `program.ts exited ${r.code}:\n${r.stderr}${r.stdout}`);
  let result;
  try {
    result = JSON.parse(r.stdout.trim().split('\n').pop());
  } catch {
    return fail(g.name, `program.ts printed no JSON line:\n${r.stdout}`);
  }
  const problems = [];
  if (result.account !== server.accountId) problems.push(`GET /v1/me: account ${result.account}, expected ${server.accountId}`);
  if (!(result.total > 0)) problems.push(`the search found ${result.total} companies on the demo store`);
  if (!(result.leads > 0) || result.leads > 5) problems.push(`${result.leads} leads added from a page of at most 5`);
  const csv = typeof result.csv === 'string' ? result.csv : '';
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter((l) => l !== '');
  // (fetch's text() drops the byte order mark the server sends, as UTF-8 decoding does.)
  if (typeof result.csv !== 'string') problems.push(`the CSV export gave ${JSON.stringify(result.csv)}, not text`);
  if (lines[0] !== CSV_HEADER) problems.push(`the CSV header is ${JSON.stringify(lines[0])}`);
  if (lines.length !== 1 + result.leads) problems.push(`the CSV has ${lines.length - 1} rows for ${result.leads} leads`);
  if (problems.length > 0) return fail(g.name, problems.join('; '));
  console.log(`${g.name} ${g.version}: program.ts ran: /v1/me, search (${result.total} matches), list of ${result.leads} leads, CSV export of ${lines.length - 1} rows (${elapsed(t0)})`);
}

async function freePort() {
  return new Promise((done, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

/** `node dist/src/server.js` on a fresh embedded store: its demo key from stdout, ready when /readyz answers 200. */
async function startServer(dataDir) {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.DATABASE_URL; // the embedded store, whatever the caller's environment says
  const child = spawn(process.execPath, [join(root, 'dist/src/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serverChild = child;
  let output = '';
  child.stdout.on('data', (b) => (output += b));
  child.stderr.on('data', (b) => (output += b));
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    const key = /api_key: +(\S+)/.exec(output);
    const account = /account_id: +(\S+)/.exec(output);
    if (ready && key && account) return { url, apiKey: key[1], accountId: account[1], stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not start with a demo key within 90 s:\n${output}`);
}
