/**
 * The embedded store's single-writer lock. PGlite keeps the database in the memory of the
 * process that opened DATA_DIR and writes it back from there: a second process opening the same
 * directory works on its own copy, and whichever writes last silently wins (a key created by the
 * CLI while the server runs is lost). So one process at a time holds DATA_DIR, by a lock file
 * created atomically (`O_EXCL`) that names its holder; any other process is refused with a
 * message saying who holds it, since when, and what to do.
 *
 * A lock left by a process that died (SIGKILL, a crash, a power cut) does not block: it is stale
 * when its pid no longer runs, or runs but is another process (Linux: the pid's start time or
 * the boot differ from what the lock recorded, as after a container restart that reuses pids).
 * A stale lock is taken over under a second, short-lived file, so two processes finding the same
 * stale lock cannot both take it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'store.lock';
const TAKEOVER_FILE = 'store.lock.takeover';
/** A takeover file older than this was left by a process that died while taking over. */
const TAKEOVER_STALE_MS = 10_000;

/** What the lock file records about its holder. */
export interface LockHolder {
  pid: number;
  /** What the holder is: `the server (npm start)`, `the CLI (keys create)`... */
  role: string;
  since: string;
  hostname: string;
  /** Linux only: the boot and the process start time (clock ticks since boot), to tell a reused pid. */
  boot_id?: string;
  start_time?: string;
}

export class StoreLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use: ${holder.role} holds it (pid ${holder.pid}` +
        `${holder.hostname !== os.hostname() ? ` on ${holder.hostname}` : ''}, since ${holder.since}). ` +
        'The embedded store serves one process at a time, so nothing was done. ' +
        `Stop that process first (Ctrl-C where it runs, or kill -TERM ${holder.pid}), then run this again; ` +
        'or use PostgreSQL (DATABASE_URL), which any number of processes may share.',
    );
    this.name = 'StoreLockedError';
  }
}

export interface StoreLock {
  /** Removes the lock file (only if it is still ours). Idempotent. */
  release(): void;
  /** Set when a stale lock was taken over: who had left it. */
  tookOverFrom?: LockHolder;
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Fields 3 on of /proc/<pid>/stat (Linux), or undefined where there is no such file. */
function statFields(pid: number): string[] | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from its end.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function startTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/**
 * Field 3 of /proc/<pid>/stat is Z (zombie) or X (dead): the process has ended and only waits
 * to be reaped. A SIGKILLed server stays so for a moment (until its parent or init collects
 * it), and signal 0 still reaches it: without this check its lock would look held.
 */
function ended(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}

function me(role: string): LockHolder {
  const holder: LockHolder = { pid: process.pid, role, since: new Date().toISOString(), hostname: os.hostname() };
  const boot = bootId();
  const start = startTime(process.pid);
  if (boot && start) {
    holder.boot_id = boot;
    holder.start_time = start;
  }
  return holder;
}

/** Whether the process that wrote `holder` still runs (on another host: assumed so). */
export function holderAlive(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return false; // ours would not be read back: a pid reused by us
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (ended(holder.pid)) return false;
  if (holder.boot_id && holder.start_time) {
    const boot = bootId();
    if (boot && boot !== holder.boot_id) return false;
    const start = startTime(holder.pid);
    if (start !== undefined && start !== holder.start_time) return false;
  }
  return true;
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
    return typeof parsed.pid === 'number' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function createExclusive(file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Takes DATA_DIR's lock for `role`, or throws StoreLockedError naming the live holder. A stale
 * lock (its process gone) is replaced. The lock is also removed when the process exits normally.
 */
export function lockStore(dataDir: string, role: string): StoreLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const takeover = path.join(dataDir, TAKEOVER_FILE);
  const holder = me(role);
  const content = `${JSON.stringify(holder)}\n`;
  let tookOverFrom: LockHolder | undefined;

  for (let attempt = 0; ; attempt++) {
    if (createExclusive(file, content)) break;
    const current = readHolder(file);
    // Being written this very moment (empty or partial): look again shortly.
    if (!current) {
      if (attempt > 50) throw new Error(`${file} is not a lock this service wrote; remove it if no server or CLI runs on ${dataDir}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      continue;
    }
    if (holderAlive(current)) throw new StoreLockedError(dataDir, current);
    // Stale: replace it, one process at a time.
    if (!createExclusive(takeover, content)) {
      const age = Date.now() - (fs.statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > TAKEOVER_STALE_MS) fs.rmSync(takeover, { force: true });
      if (attempt > 50) throw new StoreLockedError(dataDir, current);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      continue;
    }
    try {
      const again = readHolder(file);
      if (again && again.pid === current.pid && again.since === current.since) {
        fs.rmSync(file, { force: true });
        tookOverFrom = current;
      }
    } finally {
      fs.rmSync(takeover, { force: true });
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readHolder(file);
    if (current && current.pid === holder.pid && current.since === holder.since) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { release, tookOverFrom };
}
