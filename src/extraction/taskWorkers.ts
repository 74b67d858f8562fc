/**
 * The workers of background extraction tasks (POST /v1/scraping/tasks), on pg-boss: a job
 * queue kept in the database itself (the process's one queue, src/platform/queue.ts, shared
 * with the webhook deliveries), so queued tasks survive a restart or a crash and every server
 * instance on the same database takes jobs from the same queue. PostgreSQL and the embedded
 * PGlite alike.
 *
 * - Fairness: a task gets its job only once admitted, i.e. while its account runs (or has
 *   admitted) fewer extractions than its plan allows at once (`max_concurrent_extractions`,
 *   synchronous runs included). The others wait `queued`, in order, and the next one is
 *   admitted, its job sent, in the very transaction that ends one (completes, fails or cancels
 *   it). So the queue holds at most that many jobs per account, and pg-boss's first-in,
 *   first-out order takes turns between accounts: a burst of one account cannot starve another.
 * - The job is only a pointer: the task row is the truth. A job delivered for a task that has
 *   ended does nothing; a job delivered again for a running task (its worker died, and pg-boss
 *   expired and retried the job) takes the task up as a new attempt, and only the newest
 *   attempt may mark it completed, in the transaction that charges it: one charge at most.
 * - A running attempt renews its lease with each progress write (every 0.5 s). A sweep (every
 *   5 s) admits the waiting tasks of accounts with a free place (one freed by a synchronous
 *   run, or a raised plan), sends again the admitted tasks left without a live job (sent by a
 *   process without workers, or whose job spent its retries before the task was taken up) and
 *   the running ones past their lease (their worker died): taken up within about 20 s. The embedded store has one process at a time, so at start it takes
 *   up at once every task found running.
 */
import type { Knex } from 'knex';
import { startJobQueue, type JobQueue } from '../platform/queue';
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
  /** How often pg-boss expires the jobs of dead workers and retries them (the workers' own queue only). Default 30 s. */
  maintenanceIntervalSeconds?: number;
  /** How often the sweep runs, and how old a queued task without a job must be. Default 5 s. */
  sweepEveryMs?: number;
  /** The process's job queue (shared with the webhook deliveries); default: one of the workers' own. */
  queue?: JobQueue;
  /** Told about a task that failed for a reason of its own (retried by pg-boss). */
  onError?: (err: unknown, taskId?: string) => void;
}

export interface TaskWorkers {
  /** Sends a task's job, in `trx` when given (done by ScrapingService when it admits a task). */
  send(taskId: string, trx?: Knex): Promise<void>;
  /** Sends again the stranded tasks now (what the periodic sweep does); answers how many. */
  sweep(): Promise<number>;
  /** Stops taking jobs, waits for the running ones (pg-boss's graceful stop) and closes. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

/**
 * Starts the task workers of this process and wires `scraping.queue`. On PostgreSQL and on
 * the embedded store alike (see the top of this file). `options.queue`: the process's job queue
 * (compose builds it; the webhook deliveries use it too); without it, a queue of the workers'
 * own, stopped with them.
 */
export async function startTaskWorkers(db: Knex, scraping: ScrapingService, options: TaskWorkerOptions): Promise<TaskWorkers> {
  const marginMs = options.marginMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 15_000;
  const expireInSeconds = Math.max(1, Math.ceil((options.deadlineMs + marginMs) / 1000));
  const sweepEveryMs = options.sweepEveryMs ?? 5_000;
  const onError = options.onError ?? (() => undefined);
  const queue = options.queue ?? (await startJobQueue(db, { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30, onError: (err) => onError(err) }));
  const { boss } = queue;
  // retryLimit: a task whose worker died is tried again (each retry a new attempt of the same task).
  const jobOptions = { expireInSeconds, retryLimit: 5, retryDelay: 1, retryBackoff: true };
  await queue.ensureQueue(TASK_QUEUE, jobOptions);

  const workerIds: string[] = [];
  const wake = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  const send = async (taskId: string, trx?: Knex) => {
    // The job's id is the task's: a task is never queued twice while its job exists. Sent in
    // `trx` (the task's admission), it exists only if that commits; the workers are woken then.
    await boss.send(TASK_QUEUE, { taskId }, { ...jobOptions, id: taskId, db: queue.within(trx ?? db) });
    queue.afterCommit(trx ?? db, wake);
  };
  // The handlers running now, so that stopping can wait for them.
  const running = new Set<Promise<unknown>>();
  for (let i = 0; i < options.concurrency; i++) {
    workerIds.push(
      await boss.work<{ taskId: string }>(TASK_QUEUE, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async ([job]) => {
        const run = scraping.runTask(job.data.taskId, leaseMs);
        running.add(run);
        try {
          await run;
        } catch (err) {
          onError(err, job.data.taskId);
          throw err; // pg-boss retries the job
        } finally {
          running.delete(run);
        }
      }),
    );
  }
  scraping.queue = { send };

  const jobEnded = async (id: string) => {
    const job = await boss.getJobById(TASK_QUEUE, id).catch(() => null);
    return job !== null && (job.state === 'failed' || job.state === 'completed' || job.state === 'cancelled');
  };
  const sweep = async (everyRunning = false) => {
    let n = 0;
    // Tasks waiting for a free place of their account (one freed by a path that could not admit them).
    for (const accountId of await tasks.accountsWaiting(db, sweepEveryMs)) n += (await scraping.admitWaiting(accountId)).length;
    for (const { id, status } of await tasks.strandedTasks(db, sweepEveryMs, { everyRunning })) {
      // A queued task keeps its job (and its place) while that job is live: sending with its id
      // again does nothing then. A job that has ended without ending the task (its retries spent,
      // e.g. on a database that refused every claim) would block a new one under the same id: it
      // is replaced, as is the job of a running task past its lease.
      if (status === 'running' || (await jobEnded(id))) await boss.deleteJob(TASK_QUEUE, id).catch(() => undefined);
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
      // Its workers take no new job; the running ones finish (graceful) within the timeout.
      await boss.offWork(TASK_QUEUE);
      if (graceful && running.size > 0) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
        clearTimeout(timeout);
      }
      if (!options.queue) await queue.stop();
    },
  };
}
