import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { holderAlive, LOCK_FILE, lockStore, StoreLockedError, type LockHolder } from '../src/platform/db/storeLock';
import { createStore, eventually, json, refused, runCli, ServerProcess, type Store } from './helpers/operator';

// The embedded store is one process's at a time: the server and the CLI on one DATA_DIR never
// both write it (before the lock, a key created by the CLI while the server ran was lost). On
// PostgreSQL (DATABASE_URL) any number of processes share the store, and the same steps succeed.

jest.setTimeout(180_000);

const stores: Store[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const store of stores) await store.remove();
});

async function freshStore(): Promise<Store> {
  const store = await createStore();
  stores.push(store);
  return store;
}

function startServer(store: Store): ServerProcess {
  const server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'true', SEARCH_INDEX: 'off' });
  servers.push(server);
  return server;
}

const me = (port: number, key: string) => fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });

function lockHolder(store: Store): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(store.dataDir, LOCK_FILE), 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the server first, then the CLI on the same store', () => {
  test('the CLI is refused naming the server (pid, since when) and what to do, writes nothing, and works once the server stopped', async () => {
    const store = await freshStore();
    const server = startServer(store);
    const demo = await server.banner();
    const port = await server.listeningPort();

    const run = await runCli(['keys', 'create', '--account', demo.account_id, '--name', 'while the server runs'], store.env);
    if (store.kind === 'postgres') {
      // PostgreSQL: both processes share the store, and the key works at once on the server.
      const created = json(run) as { api_key: string };
      expect((await me(port, created.api_key)).status).toBe(200);
      expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
      return;
    }
    const holder = lockHolder(store)!;
    expect(holder).toMatchObject({ role: 'the server (npm start)', pid: expect.any(Number) });
    refused(run, new RegExp(`DATA_DIR ${store.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use: the server \\(npm start\\) holds it \\(pid ${holder.pid}, since ${holder.since}\\)`));
    expect(run.stderr).toMatch(/nothing was done/);
    expect(run.stderr).toMatch(new RegExp(`Stop that process first \\(Ctrl-C where it runs, or kill -TERM ${holder.pid}\\)`));

    // Stopped, the server leaves no lock; the CLI then creates a key that the next start serves.
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(lockHolder(store)).toBeUndefined();
    const created = json(await runCli(['keys', 'create', '--account', demo.account_id, '--name', 'server stopped'], store.env)) as { api_key: string };
    const again = startServer(store);
    const againPort = await again.listeningPort();
    expect((await me(againPort, created.api_key)).status).toBe(200);
    // Only the demo account's two keys: the refused run wrote nothing.
    expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    const { database } = await store.open();
    try {
      expect((await database.knex('api_keys').select('name').orderBy('created_at')).map((k) => k.name)).toEqual(['initial key', 'server stopped']);
    } finally {
      await database.close();
    }
  });
});

describe('the CLI first, then the server on the same store', () => {
  test('a server started while a CLI command holds the store exits 1 naming the CLI; it starts once the command ended', async () => {
    const store = await freshStore();
    if (store.kind === 'postgres') return; // nothing to lock: covered by the test above
    const seeding = runCli(['companies', 'seed', '--count', '3000', '--silent'], store.env);
    // Hold the CLI where it is, store locked, while the server tries to start.
    const holder = await eventually(async () => lockHolder(store), 60_000, 5);
    process.kill(holder.pid, 'SIGSTOP');
    try {
      expect(holder.role).toBe('the CLI (companies seed)');
      const server = startServer(store);
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.stderr).toMatch(new RegExp(`is in use: the CLI \\(companies seed\\) holds it \\(pid ${holder.pid}, since ${holder.since}\\)`));
      expect(server.stdout).not.toMatch(/A demo account was created/);
    } finally {
      process.kill(holder.pid, 'SIGCONT');
    }
    expect(json(await seeding)).toEqual({ imported: 3000, updated: 0 });
    expect(lockHolder(store)).toBeUndefined();
    const server = startServer(store);
    const demo = await server.banner();
    expect((await me(await server.listeningPort(), demo.api_key)).status).toBe(200);
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

describe('a stale lock', () => {
  test('left by a process that died does not block: the CLI takes it over and runs', async () => {
    const store = await freshStore();
    if (store.kind === 'postgres') return;
    const dead: LockHolder = { pid: deadPid(), role: 'the server (npm start)', since: '2026-01-01T00:00:00.000Z', hostname: os.hostname() };
    fs.mkdirSync(store.dataDir, { recursive: true });
    fs.writeFileSync(path.join(store.dataDir, LOCK_FILE), JSON.stringify(dead));
    const out = json(await runCli(['accounts', 'create', '--name', 'After a crash', '--plan', 'sales_team', '--credits', '5'], store.env));
    expect(out).toMatchObject({ account_id: expect.any(String) });
    expect(lockHolder(store)).toBeUndefined();
  });

  test('a holder killed but not yet reaped (a zombie, as a SIGKILLed server is for a moment) is stale', async () => {
    if (!fs.existsSync('/proc/self/stat')) return; // Linux only: elsewhere signal 0 is all there is
    // `sleep 0.1` ends under a parent (`exec sleep 5`) that never reaps it: a zombie for 5 s.
    const child = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString()))));
      const state = () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      await eventually(async () => state() === 'Z', 5_000, 20);
      expect(() => process.kill(pid, 0)).not.toThrow(); // signal 0 still reaches it
      expect(holderAlive({ pid, role: 'the server (npm start)', since: new Date().toISOString(), hostname: os.hostname() })).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('a live pid that is another process than the one that wrote the lock (pid reused) is stale; a live holder is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-lock-'));
    try {
      const lock = lockStore(dir, 'the CLI (test)');
      const written = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;
      expect(written).toMatchObject({ pid: process.pid, role: 'the CLI (test)', hostname: os.hostname() });
      // The parent process runs: with its own start time it holds the lock...
      const parent = { ...written, pid: process.ppid };
      if (written.start_time) {
        const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
        parent.start_time = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
        expect(holderAlive(parent)).toBe(true);
        // ...with another start time, its pid was reused: stale.
        expect(holderAlive({ ...parent, start_time: '1' })).toBe(false);
        expect(holderAlive({ ...parent, boot_id: 'another-boot' })).toBe(false);
      } else {
        expect(holderAlive(parent)).toBe(true);
      }
      expect(holderAlive({ ...written, pid: deadPid() })).toBe(false);
      expect(holderAlive({ ...parent, hostname: 'another-host' })).toBe(true);
      // A second lock on the same directory from this process: refused (it is held, by a live pid).
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(parent));
      expect(() => lockStore(dir, 'the CLI (again)')).toThrow(StoreLockedError);
      fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(written));
      lock.release();
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
