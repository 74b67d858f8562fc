import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { loadConfig, settings } from '../../src/platform/config';
import { compose, type Composition } from '../../src/composition';

/**
 * What the operator tests share: a brand-new store, the CLI and the server run as child
 * processes the way an operator runs them, and their output.
 */

export const ROOT = path.resolve(__dirname, '..', '..');
/** The compiled server `npm start` runs (test/globalSetup.cjs builds dist/ when a source changed). */
const SERVER = path.join('dist', 'src', 'server.js');
/** The API_KEY_SECRET given to the processes when they run on PostgreSQL. */
export const OPERATOR_SECRET = 'operator-test-secret-0123456789-abcdefghijkl';
const PROCESS_TIMEOUT_MS = 110_000;

/** process.env without any of the service's own settings (the parent's must not leak in), plus `extra`. */
export function operatorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const setting of settings) delete env[setting.env];
  return { ...env, ...extra };
}

export interface Store {
  kind: 'embedded' | 'postgres';
  /** A fresh temporary DATA_DIR (the embedded store lives there; unused on PostgreSQL). */
  dataDir: string;
  /** The environment that points the CLI and the server at this store. */
  env: NodeJS.ProcessEnv;
  /**
   * Opens the store as the CLI and the server see it (the same configuration, so the same
   * API-key secret). PGlite holds its data directory exclusively: on the embedded store, open
   * it only while no CLI or server process runs on it, and close it before starting one.
   */
  open(): Promise<Composition>;
  /** Deletes the store (drops the database, removes DATA_DIR). */
  remove(): Promise<void>;
}

/**
 * A store nothing has touched yet: an empty temporary DATA_DIR for the embedded PostgreSQL or,
 * when DATABASE_URL is set, a new empty database on that server (with API_KEY_SECRET set).
 * No schema: the first CLI command or server start has to create it.
 */
export async function createStore(): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-operator-'));
  const env = operatorEnv({ DATA_DIR: dataDir });
  const open = () => compose(loadConfig(env), { serve: false });
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (!base) {
    return { kind: 'embedded', dataDir, env, open, remove: async () => removeDir() };
  }
  const name = `op_${crypto.randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.API_KEY_SECRET = OPERATOR_SECRET;
  return {
    kind: 'postgres',
    dataDir,
    env,
    open,
    remove: async () => {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
      removeDir();
    },
  };
}

/** The tables of the store's public schema, read without migrating anything. */
export async function storeTables(store: Store): Promise<string[]> {
  if (store.kind === 'embedded') {
    const dir = path.join(store.dataDir, 'pgdata');
    if (!fs.existsSync(dir)) return [];
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create(dir);
    try {
      const { rows } = await pglite.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
      );
      return rows.map((r) => r.name);
    } finally {
      await pglite.close();
    }
  }
  const knex = knexFactory({ client: 'pg', connection: store.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  try {
    const rows: { name: string }[] = await knex('information_schema.tables')
      .where({ table_schema: 'public' })
      .orderBy('table_name')
      .select('table_name as name');
    return rows.map((r) => r.name);
  } finally {
    await knex.destroy();
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CliRun extends Exit {
  stdout: string;
  stderr: string;
}

/** Runs `npm run --silent cli -- <args>` to its end, as an operator would. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  let closed = false;
  const timer = setTimeout(() => closed || killGroup(child), PROCESS_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      closed = true;
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * Kills a process we started with everything it started (it leads its own process group). Only
 * called while its output pipes are open, that is while some process of that group still runs.
 */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Calls the API of a server process listening on `port` with `apiKey`: the status and the JSON body. */
export async function callApi(port: number, apiKey: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * A server process: `node dist/src/server.js` (what `npm start` runs once the build is fresh) or the
 * real `npm start`, with its output captured.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<Exit>;
  /** Whether the process ended and its output was all read. */
  private closed = false;
  private readonly watchers = new Set<() => void>();

  private constructor(command: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      this.stdout += d;
      this.notify();
    });
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderr += d;
      this.notify();
    });
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => {
        this.closed = true;
        resolve({ code, signal });
        this.notify();
      });
    });
  }

  /** `node dist/src/server.js` with this environment. */
  static start(env: NodeJS.ProcessEnv): ServerProcess {
    return new ServerProcess(process.execPath, [SERVER], env);
  }

  /** The real `npm start`. */
  static npmStart(env: NodeJS.ProcessEnv): ServerProcess {
    return new ServerProcess('npm', ['start'], env);
  }

  get running(): boolean {
    return !this.closed;
  }

  /** Everything written to stdout and stderr so far. */
  get output(): string {
    return `${this.stdout}\n${this.stderr}`;
  }

  /** The stdout lines that are JSON (the log lines), parsed. */
  logLines(): Record<string, unknown>[] {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Resolves with the first match of `pattern` in stdout; rejects if the process ends first. */
  waitFor(pattern: RegExp, timeoutMs = PROCESS_TIMEOUT_MS): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.stdout.match(pattern);
        if (match) {
          done();
          resolve(match);
        } else if (!this.running) {
          done();
          reject(new Error(`the server ended before printing ${pattern}:\n${this.output}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${this.output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      this.watchers.add(check);
      check();
    });
  }

  /** The port from the `listening` log line (start with PORT=0 to have the system pick one). */
  async listeningPort(): Promise<number> {
    const [line] = await this.waitFor(/^\{.*"msg":"listening".*\}$/m);
    return (JSON.parse(line) as { port: number }).port;
  }

  /** The demo account banner, once printed. */
  async banner(): Promise<{ text: string; account_id: string; api_key: string; url: string }> {
    const [text, account_id, api_key, url] = await this.waitFor(
      /\n {2}A demo account was created[^\n]*\n\n {4}account_id: (\S+)\n {4}api_key: +(\S+)\n\n {2}Try: curl -H "Authorization: Bearer \S+" (\S+)\n/,
    );
    return { text, account_id, api_key, url };
  }

  /** Sends a signal to the process we started (node or npm), as a supervisor would, and waits for its exit. */
  async signal(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
    this.child.kill(signal);
    return this.exited;
  }

  /** Cleanup: kills the process group if still running. */
  async kill(): Promise<void> {
    if (!this.running) return;
    killGroup(this.child);
    await this.exited;
  }

  private notify(): void {
    for (const watcher of [...this.watchers]) watcher();
  }
}

/** A TCP port free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Resolves once `probe` resolves truthy, trying again while it resolves falsy or rejects; after
 * `timeoutMs`, rejects with the probe's last error, if any.
 */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: unknown;
    const value = await probe().catch((err: unknown) => {
      last = err;
      return undefined;
    });
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`still not true after ${timeoutMs} ms${last instanceof Error ? `: ${last.message}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Whether a TCP connection to the port on the loopback interface is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A successful run: exit 0, nothing on stderr, and stdout is one line of JSON and nothing else. */
export function json(run: CliRun): Record<string, unknown> {
  expect({ code: run.code, stderr: run.stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({ code: 0, stderr: '' });
  expect(run.stdout).toMatch(/^\{.*\}\n$/);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** A refused run: a non-zero exit, a message on stderr, nothing on stdout. */
export function refused(run: CliRun, message: RegExp): void {
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(message);
}
