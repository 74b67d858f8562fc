/**
 * The workers of background extraction tasks (POST /v1/scraping/tasks), on pg-boss: a job
 * queue kept in the database itself, so queued tasks survive a restart or a crash and every
 * server instance on the same database takes jobs from the same queue.
 *
 * - PostgreSQL and the embedded PGlite alike: pg-boss runs its SQL through the Knex pool
 *   (`executeSql` below), so on PGlite it shares the one connection in turn with the app's
 *   queries and never lands inside one of their transactions.
 * - The job is only a pointer: the task row is the truth. A job delivered for a task that has
 *   ended does nothing; a job delivered again for a running task (its worker died, and pg-boss
 *   expired and retried the job) takes the task up as a new attempt, and only the newest
 *   attempt may mark it completed, in the transaction that charges it: one charge at most.
 * - A running attempt renews its lease with each progress write (every 0.5 s). A sweep (every
 *   5 s) sends again the tasks left queued without a job (the process died between the
 *   task's commit and sending its job) and the running ones past their lease (their worker
 *   died): taken up within about 20 s. The embedded store has one process at a time, so at
 *   start it takes up at once every task found running.
 */
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { ScrapingService } from './extractionService';
import * as tasks from './taskRepository';

export const TASK_QUEUE = 'scraping-task';

export interface TaskWorkerOptions {
  /** Tasks run at once by this process (TASK_CONCURRENCY); 0: this process only sends tasks. */
  concurrency: number;
  /** The run's deadline (SCRAPING_DEADLINE_MS): a job's expiry (pg-boss retries it then) is this plus `marginMs`. */
  deadlineMs: number;
  /** Time to write a run past its deadline. Default 30 s. */
  marginMs?: number;
  /**
   * How long a running task is held without a heartbeat (its progress writes, every 0.5 s):
   * past it, the sweep gives it to another worker. Default 15 s.
   */
  leaseMs?: number;
  /**
   * This process is the only one on the database (the embedded store, which one process
   * holds at a time): the tasks found running at start were its predecessor's, which died,
   * and are taken up at once.
   */
  exclusive?: boolean;
  /** How often an idle worker asks for a job. Default 1 s (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss expires the jobs of dead workers and retries them. Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** How often the sweep runs, and how old a queued task without a job must be. Default 5 s. */
  sweepEveryMs?: number;
  /** Told about a task that failed for a reason of its own (retried by pg-boss). */
  onError?: (err: unknown, taskId?: string) => void;
}

export interface TaskWorkers {
  /** Sends a task's job (done by ScrapingService.submit once wired). */
  send(taskId: string): Promise<void>;
  /** Sends again the stranded tasks now (what the periodic sweep does); answers how many. */
  sweep(): Promise<number>;
  /** Stops taking jobs, waits for the running ones (pg-boss's graceful stop) and closes. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/** pg-boss's SQL through the Knex pool: a connection taken for each statement, and given back. */
export function knexExecutor(db: Knex): { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } {
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

/**
 * Starts the task workers of this process and wires `scraping.queue`. On PostgreSQL and on
 * the embedded store alike (see the top of this file).
 */
export async function startTaskWorkers(db: Knex, scraping: ScrapingService, options: TaskWorkerOptions): Promise<TaskWorkers> {
  const marginMs = options.marginMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 15_000;
  const expireInSeconds = Math.max(1, Math.ceil((options.deadlineMs + marginMs) / 1000));
  const sweepEveryMs = options.sweepEveryMs ?? 5_000;
  const onError = options.onError ?? (() => undefined);
  const boss = new PgBoss({
    db: knexExecutor(db),
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    monitorStateIntervalSeconds: 3600,
  });
  boss.on('error', (err) => onError(err));
  await boss.start();
  // retryLimit: a task whose worker died is tried again (each retry a new attempt of the same task).
  const jobOptions = { expireInSeconds, retryLimit: 5, retryDelay: 1, retryBackoff: true };
  if (!(await boss.getQueue(TASK_QUEUE))) await boss.createQueue(TASK_QUEUE, { name: TASK_QUEUE, ...jobOptions });

  const workerIds: string[] = [];
  const send = async (taskId: string) => {
    // The job's id is the task's: a task is never queued twice while its job exists.
    await boss.send(TASK_QUEUE, { taskId }, { ...jobOptions, id: taskId });
    for (const id of workerIds) boss.notifyWorker(id);
  };
  for (let i = 0; i < options.concurrency; i++) {
    workerIds.push(
      await boss.work<{ taskId: string }>(TASK_QUEUE, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async ([job]) => {
        try {
          await scraping.runTask(job.data.taskId, leaseMs);
        } catch (err) {
          onError(err, job.data.taskId);
          throw err; // pg-boss retries the job
        }
      }),
    );
  }
  scraping.queue = { send };

  const sweep = async (everyRunning = false) => {
    let n = 0;
    for (const { id, status } of await tasks.strandedTasks(db, sweepEveryMs, { everyRunning })) {
      // A queued task keeps its job (and its place) when it has one: sending with its id again
      // does nothing then. A running one past its lease gets a fresh job in place of its old one.
      if (status === 'running') await boss.deleteJob(TASK_QUEUE, id).catch(() => undefined);
      await send(id);
      n++;
    }
    return n;
  };
  // At start on the embedded store: what its dead predecessor was running is taken up now.
  if (options.exclusive && options.concurrency > 0) await sweep(true);
  let sweeping = Promise.resolve();
  const timer =
    options.concurrency > 0
      ? setInterval(() => {
          sweeping = sweep()
            .then(() => undefined)
            .catch((err) => onError(err));
        }, sweepEveryMs)
      : undefined;
  timer?.unref();

  return {
    send,
    sweep: () => sweep(),
    async stop({ graceful = true, timeoutMs = 30_000 } = {}) {
      clearInterval(timer);
      await sweeping;
      if (scraping.queue?.send === send) scraping.queue = undefined;
      await boss.stop({ graceful, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
