/**
 * The process's one job queue: pg-boss (10) over the process's own Knex connection, so that
 * jobs live in the same database as everything else, on PostgreSQL and on the embedded PGlite
 * alike. Built once by the composition root and shared by everything that queues work (the
 * extraction tasks' workers, the webhook deliveries).
 *
 * - pg-boss's SQL goes through the Knex pool (`knexExecutor`): on PGlite it shares the one
 *   connection in turn with the app's queries and never lands inside one of their transactions.
 * - A job can be sent inside a Knex transaction (`within(trx)` as pg-boss's `db` option): it
 *   exists only if that transaction commits, so whatever caused it and its job commit together.
 * - Several instances on one database share the queues: pg-boss hands each job to one worker
 *   (SKIP LOCKED), and a job whose worker died (active past its expiry) is retried by whichever
 *   instance runs the maintenance next.
 */
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';

/** What pg-boss needs of a database: one statement at a time, its rows. */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's SQL through a Knex: a connection taken for each statement and given back. On a
 * Knex transaction, the transaction's own connection (Knex's transaction client always answers
 * it), so the statement is part of the transaction.
 */
export function knexExecutor(db: Knex): SqlExecutor {
  const client = db.client as { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<void> };
  return {
    async executeSql(text, values) {
      const conn = (await client.acquireConnection()) as {
        query(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
        exec?(text: string): Promise<{ rows: unknown[] }[]>;
      };
      try {
        // PGlite: several statements (pg-boss's schema) only through exec, without parameters.
        const result = !values?.length && conn.exec ? await conn.exec(text) : await conn.query(text, values);
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      } finally {
        await client.releaseConnection(conn);
      }
    },
  };
}

export interface JobQueueOptions {
  /**
   * How often pg-boss's maintenance runs (on one instance at a time): it expires the jobs of
   * dead workers (active past their expiry) so that they are retried. Default 10 s.
   */
  maintenanceIntervalSeconds?: number;
  /** Told about the queue's own failures (the database not answering its maintenance, a worker's fetch). */
  onError?: (err: unknown) => void;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** pg-boss's `db` option for `db`: a job sent with it commits or rolls back with `db` when `db` is a transaction. */
  within(db: Knex): SqlExecutor;
  /** Calls `fn` once `db` has committed when it is a transaction (never if it rolls back); otherwise at once. */
  afterCommit(db: Knex, fn: () => void): void;
  /** Creates the queue `name` unless it exists (pg-boss 10 sends nothing to a queue that does not exist). */
  ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  /** The job ids of `name` active now (taken by a worker and not finished). */
  activeJobs(name: string): Promise<string[]>;
  /** Stops the queue: its workers take nothing more (running handlers are their owners' to wait for). */
  stop(): Promise<void>;
}

/** Starts the job queue on `db` (creating or migrating pg-boss's schema, `pgboss`, when needed). */
export async function startJobQueue(db: Knex, options: JobQueueOptions = {}): Promise<JobQueue> {
  const onError = options.onError ?? (() => undefined);
  const executor = knexExecutor(db);
  const boss = new PgBoss({
    db: executor,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
    monitorStateIntervalSeconds: 3600,
  });
  boss.on('error', (err) => onError(err));
  await boss.start();
  let stopped = false;
  return {
    boss,
    within: (trx) => (trx === db ? executor : knexExecutor(trx)),
    afterCommit(trx, fn) {
      const maybe = trx as unknown as { isTransaction?: boolean; executionPromise?: Promise<unknown> };
      const execution = maybe.isTransaction ? maybe.executionPromise : undefined;
      if (execution) execution.then(fn, () => undefined);
      else fn();
    },
    async ensureQueue(name, queueOptions) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions });
    },
    async activeJobs(name) {
      const { rows } = await executor.executeSql(`select id from pgboss.job where name = $1 and state = 'active'`, [name]);
      return (rows as { id: string }[]).map((r) => r.id);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
