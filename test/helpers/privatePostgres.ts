import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './operator';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port and
 * socket directory), so that a test can stop and start it without touching the machine's shared
 * server. Needs PostgreSQL's server binaries and, as root, the `postgres` system user to run them.
 */
export class PrivatePostgres {
  private constructor(
    readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  /** Why a private cluster cannot be made here, or undefined when it can. */
  static unavailable(): string | undefined {
    const bin = PrivatePostgres.binDir();
    if (!bin) return 'no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin';
    if (process.getuid?.() === 0) {
      try {
        execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      } catch {
        return 'running as root without a `postgres` system user to run initdb';
      }
    }
    return undefined;
  }

  private static binDir(): string | undefined {
    const root = '/usr/lib/postgresql';
    if (!fs.existsSync(root)) return undefined;
    const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
  }

  static async create(): Promise<PrivatePostgres> {
    const bin = PrivatePostgres.binDir();
    if (!bin) throw new Error(PrivatePostgres.unavailable());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-pg-'));
    const cluster = new PrivatePostgres(bin, dir, await freePort());
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    cluster.run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    cluster.start();
    return cluster;
  }

  get data(): string {
    return path.join(this.dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private run(tool: string, args: string[]): void {
    const command = path.join(this.bin, tool);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  }

  private ctl(action: string, extra: string[] = []): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', path.join(this.dir, 'log'), '-w', ...extra, action]);
  }

  start(): void {
    this.ctl('start');
  }

  /** A fast shutdown: open connections are ended, as in a restart for maintenance. */
  stop(): void {
    this.ctl('stop', ['-m', 'fast']);
  }

  restart(): void {
    this.ctl('restart', ['-m', 'fast']);
  }

  remove(): void {
    try {
      this.ctl('stop', ['-m', 'immediate']);
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
