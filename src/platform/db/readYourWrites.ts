import type { Knex } from 'knex';
import type { Logger } from '../logger';
import type { Database } from './index';

/**
 * Read-your-writes over a streaming read replica.
 *
 * After a write commits on the primary, `noteWrite(key)` (key: the account id) records the
 * primary's WAL position. `fenceFor(key)` then answers the Knex that key may read from: the
 * replica once it has replayed up to that position (checked every `pollMs`, for at most
 * `waitMs`), the primary otherwise. A noted position is forgotten once the replica has reached
 * it, or after `ttlMs` at the latest. Keys with nothing noted read the replica at once.
 *
 * The replica's replay position is asked by one query at a time, whatever the number of
 * requests waiting (single flight), and at most every `recheckMs` in the background while
 * requests come in: that query is also the replica's health check. When it fails, every read
 * goes to the primary (a warning is logged, `stats().fallbacks` counts them) until it answers
 * again. A read already sent to a replica that just failed fails once.
 *
 * Instances share what they note: `noteWrite` also notifies `read_your_writes` on the primary
 * (key and position), and every started fence (`start`) LISTENs to it, so that the account's
 * next search is fenced whichever instance it reaches (no sticky sessions). While that
 * subscription is down, a started fence cannot know other instances' writes: every read goes
 * to the primary until it listens again.
 *
 * Without a replica (`reader` is the primary, or the embedded store) it is a no-op that
 * answers the primary.
 */
export interface ReadYourWrites {
  /** Whether reads may go to a replica at all. */
  readonly replicated: boolean;
  /** The Knex `key` reads from (its own writes included); never rejects. */
  fenceFor(key: string): Promise<Knex>;
  /** To call after a write made for `key` has committed, before answering; never rejects. */
  noteWrite(key: string): Promise<void>;
  /** Listens to the writes other instances note (until `close`). */
  start(database: Pick<Database, 'listen'>): Promise<void>;
  close(): Promise<void>;
  /** Asks the replica now (for /readyz); undefined without a replica. */
  replicaStatus(): Promise<ReplicaStatus | undefined>;
  stats(): FenceStats;
}

export interface ReplicaStatus {
  status: 'ok' | 'unreachable';
  /** Reads sent to the primary because the replica was unreachable, since start. */
  fallbacks: number;
}

export interface FenceStats {
  /** Reads answered the replica. */
  replica: number;
  /** Reads answered the primary because the replica had not caught up with the key's write in time. */
  primaryAfterWait: number;
  /** Reads answered the primary because the replica was unreachable, or other instances' writes could not be heard. */
  fallbacks: number;
  /** Keys with a write the replica may not have yet. */
  pending: number;
}

/** Where the fence reads WAL positions: PostgreSQL, or a fake in tests. */
export interface LsnSource {
  /**
   * The primary's WAL position, read after the caller's write for `key` committed, and told
   * to the other instances (NOTIFY on {@link CHANNEL}: `${key} ${lsn}`).
   */
  primaryLsn(key: string): Promise<bigint>;
  /** How far the replica has replayed; null when it is not in recovery (a primary: always current). */
  replayLsn(): Promise<bigint | null>;
}

/** Where instances tell each other the positions they noted. */
export const CHANNEL = 'read_your_writes';

/** A pg_lsn ('16/B374D848') as a number that compares. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not a pg_lsn: "${text}"`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** WAL positions of a PostgreSQL primary and its replica. */
export function pgLsnSource(primary: Knex, reader: Knex): LsnSource {
  return {
    async primaryLsn(key) {
      // The insert position: the end of the last record written, our commit included. (The
      // write position can stand past the last record, where an idle replica never gets.)
      const { rows } = await primary.raw(
        `select l.lsn::text as lsn, pg_notify(?, ? || ' ' || l.lsn::text) from (select pg_current_wal_insert_lsn() as lsn) l`,
        [CHANNEL, key],
      );
      return parseLsn(rows[0].lsn);
    },
    async replayLsn() {
      const { rows } = await reader.raw('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn');
      if (!rows[0].standby || rows[0].lsn === null) return null;
      return parseLsn(rows[0].lsn);
    },
  };
}

export interface FenceOptions {
  primary: Knex;
  reader: Knex;
  logger: Logger;
  /** Default: the PostgreSQL functions on `primary` and `reader`. */
  source?: LsnSource;
  /** How long a read waits for the replica to reach the key's write before reading the primary. */
  waitMs?: number;
  /** How often a waiting read asks the replica again. */
  pollMs?: number;
  /** How long a noted write is remembered (bound of the map; past it, reads go to the replica). */
  ttlMs?: number;
  /** How often the replica is asked while requests come in (health and replay position). */
  recheckMs?: number;
  now?: () => number;
}

export const FENCE_DEFAULTS = { waitMs: 1_000, pollMs: 5, ttlMs: 30_000, recheckMs: 1_000 };
const WARN_EVERY_MS = 30_000;

/** The fence for a database: a no-op answering `primary` when `reader` is the primary itself. */
export function createReadYourWrites(options: FenceOptions): ReadYourWrites {
  if (options.reader === options.primary && !options.source) return noReplica(options.primary);
  return new ReplicaFence(options);
}

export function noReplica(primary: Knex): ReadYourWrites {
  let reads = 0;
  return {
    replicated: false,
    fenceFor: async () => {
      reads += 1;
      return primary;
    },
    noteWrite: async () => undefined,
    start: async () => undefined,
    close: async () => undefined,
    replicaStatus: async () => undefined,
    stats: () => ({ replica: 0, primaryAfterWait: reads, fallbacks: 0, pending: 0 }),
  };
}

/** A wait that does not keep the process alive by itself. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

class ReplicaFence implements ReadYourWrites {
  readonly replicated = true;
  private readonly primary: Knex;
  private readonly reader: Knex;
  private readonly logger: Logger;
  private readonly source: LsnSource;
  private readonly waitMs: number;
  private readonly pollMs: number;
  private readonly ttlMs: number;
  private readonly recheckMs: number;
  private readonly now: () => number;
  /** key -> the primary's position after its last write (null: unknown, read the primary), until expiresAt. */
  private readonly pending = new Map<string, { lsn: bigint | null; expiresAt: number }>();
  /** The replica's replay position at the last check (null: not in recovery; undefined: never asked). */
  private replayed: bigint | null | undefined;
  private checking: Promise<void> | undefined;
  private lastCheckAt = -Infinity;
  private healthy = true;
  private lastWarnAt = -Infinity;
  private readonly counts = { replica: 0, primaryAfterWait: 0, fallbacks: 0 };
  /** off: not started (this instance's writes only); lost: other instances' writes cannot be heard. */
  private sharing: 'off' | 'listening' | 'lost' = 'off';
  private subscription: { close(): Promise<void> } | undefined;

  constructor(options: FenceOptions) {
    this.primary = options.primary;
    this.reader = options.reader;
    this.logger = options.logger;
    this.source = options.source ?? pgLsnSource(options.primary, options.reader);
    this.waitMs = options.waitMs ?? FENCE_DEFAULTS.waitMs;
    this.pollMs = options.pollMs ?? FENCE_DEFAULTS.pollMs;
    this.ttlMs = options.ttlMs ?? FENCE_DEFAULTS.ttlMs;
    this.recheckMs = options.recheckMs ?? FENCE_DEFAULTS.recheckMs;
    this.now = options.now ?? Date.now;
  }

  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.sharing = 'lost'; // until the subscription says it listens
    this.subscription = await database.listen(CHANNEL, {
      onNotification: (payload) => {
        const [key, text] = payload.split(' ');
        try {
          if (key && text) this.remember(key, parseLsn(text));
        } catch {
          // not ours
        }
      },
      onListening: (listening) => {
        if (listening === (this.sharing === 'listening')) return;
        const first = this.subscription === undefined && listening;
        this.sharing = listening ? 'listening' : 'lost';
        if (first) return;
        if (listening) this.logger.info('read-your-writes: hearing other instances\' writes again; searches read the replica');
        else this.logger.warn('read-your-writes: other instances\' writes cannot be heard; searches read the primary meanwhile');
      },
    });
  }

  async close(): Promise<void> {
    await this.subscription?.close();
    this.subscription = undefined;
    this.sharing = 'off';
  }

  async noteWrite(key: string): Promise<void> {
    let lsn: bigint | null;
    try {
      lsn = await this.source.primaryLsn(key);
    } catch (err) {
      // The write committed but its position is unknown: the key reads the primary until expiry.
      this.logger.warn({ err }, 'read-your-writes: the primary WAL position could not be read; this account reads the primary for a while');
      lsn = null;
    }
    this.remember(key, lsn);
  }

  private remember(key: string, noted: bigint | null): void {
    let lsn = noted;
    const now = this.now();
    for (const [k, entry] of this.pending) if (entry.expiresAt <= now) this.pending.delete(k);
    const previous = this.pending.get(key);
    if (previous && lsn !== null && previous.lsn !== null && previous.lsn > lsn) lsn = previous.lsn;
    this.pending.set(key, { lsn: previous?.lsn === null ? null : lsn, expiresAt: now + this.ttlMs });
  }

  async fenceFor(key: string): Promise<Knex> {
    // The very first read waits for the first answer (bounded): a replica down from the start
    // is then never read.
    if (this.replayed === undefined && this.healthy) await Promise.race([this.check(), sleep(this.waitMs)]);
    const start = this.now();
    if (start - this.lastCheckAt >= this.recheckMs) void this.check();
    if (!this.healthy) return this.fallback();
    if (this.sharing === 'lost') return this.fallback(false); // warned when the subscription was lost
    const entry = this.pending.get(key);
    if (!entry) return this.toReplica();
    if (entry.expiresAt <= start) {
      this.forget(key, entry);
      return this.toReplica();
    }
    if (entry.lsn === null) return this.toPrimaryAfterWait(key, 'position unknown');
    const deadline = start + this.waitMs;
    for (let first = true; ; first = false) {
      if (!this.healthy) return this.fallback();
      if (this.reached(entry.lsn)) {
        this.forget(key, entry);
        return this.toReplica();
      }
      const left = deadline - this.now();
      if (left <= 0) return this.toPrimaryAfterWait(key, 'replica behind');
      if (!first) await sleep(Math.min(this.pollMs, left));
      await Promise.race([this.check(), sleep(Math.max(0, deadline - this.now()))]);
    }
  }

  async replicaStatus(): Promise<ReplicaStatus> {
    await Promise.race([this.check(), sleep(this.waitMs)]);
    return { status: this.healthy ? 'ok' : 'unreachable', fallbacks: this.counts.fallbacks };
  }

  stats(): FenceStats {
    return { ...this.counts, pending: this.pending.size };
  }

  private reached(lsn: bigint): boolean {
    return this.replayed === null || (this.replayed !== undefined && this.replayed >= lsn);
  }

  private forget(key: string, entry: { lsn: bigint | null; expiresAt: number }): void {
    if (this.pending.get(key) === entry) this.pending.delete(key);
  }

  private toReplica(): Knex {
    this.counts.replica += 1;
    return this.reader;
  }

  private toPrimaryAfterWait(key: string, reason: string): Knex {
    this.counts.primaryAfterWait += 1;
    this.logger.debug({ account_id: key, reason, wait_ms: this.waitMs }, 'read-your-writes: reading the primary');
    return this.primary;
  }

  private fallback(warn = true): Knex {
    this.counts.fallbacks += 1;
    const now = this.now();
    if (warn && now - this.lastWarnAt >= WARN_EVERY_MS) {
      this.lastWarnAt = now;
      this.logger.warn({ fallbacks: this.counts.fallbacks }, 'read replica unreachable: reads go to the primary');
    }
    return this.primary;
  }

  /** Asks the replica its replay position; one question at a time, shared by every caller. */
  private check(): Promise<void> {
    if (!this.checking) {
      this.checking = (async () => {
        try {
          this.replayed = await this.source.replayLsn();
          if (!this.healthy) {
            this.healthy = true;
            this.logger.info({ fallbacks: this.counts.fallbacks }, 'read replica answers again: searches read it');
          }
        } catch (err) {
          if (this.healthy) {
            this.healthy = false;
            this.lastWarnAt = this.now();
            this.logger.warn({ err }, 'read replica unreachable: reads go to the primary');
          }
        } finally {
          this.lastCheckAt = this.now();
          this.checking = undefined;
        }
      })();
    }
    return this.checking;
  }
}
