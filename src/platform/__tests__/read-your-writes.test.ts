import type { Knex } from 'knex';
import type { NotificationHandlers } from '../db';
import { createReadYourWrites, noReplica, parseLsn, type FenceOptions, type LsnSource } from '../db/readYourWrites';
import { createLogger } from '../logger';

// The fence's logic with a fake WAL source: no replica needed (test/replica.test.ts runs it on
// a real one when there is one).

const primary = { name: 'primary' } as unknown as Knex;
const replica = { name: 'replica' } as unknown as Knex;

/** A replica whose replay position the test moves; counts the questions asked. */
class FakeWal implements LsnSource {
  primary = 100n;
  replayed: bigint | null = 100n;
  down = false;
  primaryDown = false;
  replayCalls = 0;
  inFlight = 0;
  maxInFlight = 0;
  constructor(private readonly latencyMs = 0) {}
  async primaryLsn(): Promise<bigint> {
    if (this.primaryDown) throw new Error('primary gone');
    return this.primary;
  }
  async replayLsn(): Promise<bigint | null> {
    this.replayCalls += 1;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
      if (this.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
      return this.replayed;
    } finally {
      this.inFlight -= 1;
    }
  }
  /** A write on the primary: its position moves on. */
  write(by = 10n): void {
    this.primary += by;
  }
}

function fence(wal: FakeWal, options: Partial<FenceOptions> = {}) {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
  const reads = createReadYourWrites({ primary, reader: replica, logger, source: wal, waitMs: 200, pollMs: 2, recheckMs: 0, ...options });
  const logs = () => lines.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string });
  return { reads, logs };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read-your-writes fence', () => {
  test('parses pg_lsn values into numbers that compare', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nope')).toThrow(/pg_lsn/);
  });

  test('without a replica it answers the primary and asks nothing', async () => {
    const reads = noReplica(primary);
    await reads.noteWrite('a');
    expect(await reads.fenceFor('a')).toBe(primary);
    expect(await reads.replicaStatus()).toBeUndefined();
    expect(reads.replicated).toBe(false);
    const same = createReadYourWrites({ primary, reader: primary, logger: createLogger('silent') });
    expect(same.replicated).toBe(false);
    expect(await same.fenceFor('a')).toBe(primary);
  });

  test('an account that wrote nothing reads the replica at once', async () => {
    const wal = new FakeWal();
    const { reads } = fence(wal, { recheckMs: 60_000 });
    wal.replayed = 0n; // far behind: irrelevant without a write of this account
    expect(await reads.fenceFor('a')).toBe(replica);
    expect(reads.stats()).toMatchObject({ replica: 1, primaryAfterWait: 0, fallbacks: 0 });
  });

  test('after a write, the account reads the replica as soon as it has replayed it, not before', async () => {
    const wal = new FakeWal();
    const { reads } = fence(wal);
    wal.write();
    await reads.noteWrite('a');
    setTimeout(() => (wal.replayed = wal.primary), 30);
    const started = Date.now();
    const db = await reads.fenceFor('a');
    const waited = Date.now() - started;
    expect(db).toBe(replica);
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(190); // the bound is 200 ms
    // Reached: forgotten, the next read asks nothing more of the fence.
    expect(reads.stats().pending).toBe(0);
    // Another account was never held up.
    expect(await reads.fenceFor('b')).toBe(replica);
  });

  test('a replica still behind after the bound: the account reads the primary (logged at debug), then the replica once it caught up', async () => {
    const wal = new FakeWal();
    const { reads, logs } = fence(wal, { waitMs: 40 });
    wal.write();
    await reads.noteWrite('a');
    const started = Date.now();
    expect(await reads.fenceFor('a')).toBe(primary);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(logs().some((l) => l.level === 20 && /reading the primary/.test(l.msg))).toBe(true);
    expect(reads.stats()).toMatchObject({ primaryAfterWait: 1, pending: 1 });
    wal.replayed = wal.primary;
    expect(await reads.fenceFor('a')).toBe(replica);
    expect(reads.stats().pending).toBe(0);
  });

  test('concurrent reads waiting for the replica share one question at a time', async () => {
    const wal = new FakeWal(8);
    const { reads } = fence(wal, { waitMs: 1_000 });
    wal.write();
    const keys = Array.from({ length: 50 }, (_, i) => `account-${i}`);
    for (const key of keys) await reads.noteWrite(key);
    setTimeout(() => (wal.replayed = wal.primary), 60);
    const answers = await Promise.all(keys.map((key) => reads.fenceFor(key)));
    expect(answers.every((db) => db === replica)).toBe(true);
    expect(wal.maxInFlight).toBe(1);
    // About one question per 8 ms round trip + 2 ms poll over 60 ms, not 50 readers x polls.
    expect(wal.replayCalls).toBeLessThan(20);
  });

  test('a later write of the account moves its fence forward; an earlier one never moves it back', async () => {
    const wal = new FakeWal();
    const { reads } = fence(wal, { waitMs: 30 });
    wal.write();
    await reads.noteWrite('a');
    const first = wal.primary;
    wal.write();
    await reads.noteWrite('a');
    wal.replayed = first; // has the first write only
    expect(await reads.fenceFor('a')).toBe(primary);
    wal.replayed = wal.primary;
    expect(await reads.fenceFor('a')).toBe(replica);
  });

  test('noted writes expire after the bound, whatever the replica', async () => {
    const wal = new FakeWal();
    const { reads } = fence(wal, { ttlMs: 30, waitMs: 5 });
    wal.write();
    await reads.noteWrite('a');
    wal.replayed = 0n;
    expect(await reads.fenceFor('a')).toBe(primary);
    await sleep(40);
    expect(await reads.fenceFor('a')).toBe(replica);
    expect(reads.stats().pending).toBe(0);
  });

  test('a write whose position could not be read keeps its account on the primary until expiry', async () => {
    const wal = new FakeWal();
    const { reads, logs } = fence(wal, { ttlMs: 50 });
    wal.primaryDown = true;
    await expect(reads.noteWrite('a')).resolves.toBeUndefined();
    expect(logs().some((l) => l.level === 40 && /WAL position could not be read/.test(l.msg))).toBe(true);
    const started = Date.now();
    expect(await reads.fenceFor('a')).toBe(primary);
    expect(Date.now() - started).toBeLessThan(150); // no wait (the bound is 200 ms): nothing to wait for
    await sleep(60);
    expect(await reads.fenceFor('a')).toBe(replica);
  });

  test('an unreachable replica: every read goes to the primary, warned once and counted, until it answers again', async () => {
    const wal = new FakeWal();
    const { reads, logs } = fence(wal);
    expect(await reads.fenceFor('a')).toBe(replica);
    wal.down = true;
    await reads.replicaStatus(); // the health check sees it
    for (let i = 0; i < 5; i++) expect(await reads.fenceFor(`k${i}`)).toBe(primary);
    expect(reads.stats().fallbacks).toBe(5);
    expect(await reads.replicaStatus()).toEqual({ status: 'unreachable', fallbacks: 5 });
    expect(logs().filter((l) => l.level === 40 && /replica unreachable/.test(l.msg))).toHaveLength(1);
    wal.down = false;
    await reads.replicaStatus();
    expect(await reads.fenceFor('a')).toBe(replica);
    expect(logs().some((l) => l.level === 30 && /answers again/.test(l.msg))).toBe(true);
  });

  test('the health check runs in the background, at most every recheckMs', async () => {
    const wal = new FakeWal();
    const { reads } = fence(wal, { recheckMs: 50 });
    for (let i = 0; i < 20; i++) await reads.fenceFor('a');
    await sleep(5);
    expect(wal.replayCalls).toBe(1);
    wal.down = true;
    await sleep(55);
    await reads.fenceFor('a'); // starts the check; this read still went to the replica
    await sleep(5);
    expect(await reads.fenceFor('a')).toBe(primary);
    expect(wal.replayCalls).toBe(2);
  });

  test('a reader that is not in recovery (pg_last_wal_replay_lsn() null) is current', async () => {
    const wal = new FakeWal();
    wal.replayed = null;
    const { reads } = fence(wal);
    wal.write();
    await reads.noteWrite('a');
    expect(await reads.fenceFor('a')).toBe(replica);
  });

  test('instances share the writes they note: the account is fenced on whichever instance it reaches', async () => {
    // Two instances over one primary and replica; the notifications go through a fake LISTEN.
    const listeners = new Set<NotificationHandlers>();
    const bus = {
      listen: async (_channel: string, handlers: NotificationHandlers) => {
        listeners.add(handlers);
        handlers.onListening(true);
        return { close: async () => void listeners.delete(handlers) };
      },
    };
    const wal = new FakeWal();
    const announcing: LsnSource = {
      primaryLsn: async (key) => {
        const lsn = await wal.primaryLsn();
        for (const l of listeners) l.onNotification(`${key} ${(lsn >> 32n).toString(16)}/${(lsn & 0xffffffffn).toString(16)}`);
        return lsn;
      },
      replayLsn: () => wal.replayLsn(),
    };
    const a = fence(wal, { source: announcing, waitMs: 30 }).reads;
    const b = fence(wal, { source: announcing, waitMs: 30 }).reads;
    await a.start(bus);
    await b.start(bus);
    wal.write();
    await a.noteWrite('acct');
    expect(await b.fenceFor('acct')).toBe(primary); // replica behind: b knows it
    expect(await b.fenceFor('other')).toBe(replica);
    wal.replayed = wal.primary;
    expect(await b.fenceFor('acct')).toBe(replica);
    // While b cannot hear the others, it reads the primary, then the replica again.
    const [handlers] = [...listeners].slice(1);
    handlers.onListening(false);
    expect(await b.fenceFor('other')).toBe(primary);
    handlers.onListening(true);
    expect(await b.fenceFor('other')).toBe(replica);
    handlers.onNotification('garbage'); // ignored
    await a.close();
    await b.close();
    expect(listeners.size).toBe(0);
  });
});
