/**
 * Sends webhook deliveries, each attempt a job of the process's job queue (pg-boss, shared
 * with the extraction tasks; see deliveryQueue.ts): an event's first attempt is queued in the
 * transaction that wrote it, and this process's workers are woken as it commits. A worker POSTs
 * the delivery signed by the Standard Webhooks scheme and records the attempt: succeeded on
 * 2xx; otherwise, in the same transaction, the next attempt's job is queued due after the next
 * delay of the schedule (same webhook-id), and the delivery has failed once the schedule is spent.
 *
 * - Several instances share the jobs (pg-boss hands each to one worker). A worker that dies
 *   mid-attempt leaves its job active: pg-boss's maintenance expires it (twice the endpoint's
 *   timeout plus 5 s) and another worker attempts it again, with the same webhook-id. On the
 *   embedded store (one process at a time) the jobs found active at start are retried at once.
 * - A pending delivery without a job (written by a process without a queue, or before deliveries
 *   were jobs) is given one by the sweep (every 30 s), which never duplicates a job.
 */
import http from 'node:http';
import https from 'node:https';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import { Webhook } from 'standardwebhooks';
import { publicOnlyLookup, refusalOf } from './addressGuard';
import { deliveryJobId, WEBHOOK_QUEUE, type DeliveryJob, type DeliveryQueue } from './deliveryQueue';
import { overdueDeliveries, pendingDelivery, recordAttempt, type ClaimedDelivery } from './webhookRepository';

/** The delays after each failed attempt (Standard Webhooks' suggestion): about 27 hours in all, 8 attempts. */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

export interface DispatcherOptions {
  allowPrivate: boolean;
  /** How long an endpoint has to answer. */
  timeoutMs: number;
  userAgent: string;
  /** Delays after each failed attempt; when spent, the delivery has failed. */
  schedule?: number[];
  /** Workers of this process (each takes up to `batch` due attempts at a time, sent at once). Default 2. */
  workers?: number;
  /** How many due attempts a worker takes at a time. Default 10. */
  batch?: number;
  /** How often an idle worker asks for due attempts, in seconds (woken at once by this process's events). Default 1. */
  pollingIntervalSeconds?: number;
  /** How often the sweep looks for pending deliveries without a job. Default 30 s. */
  sweepEveryMs?: number;
  /** This process is the only one on the database (the embedded store): the attempts found active at start were a dead predecessor's. */
  exclusive?: boolean;
  logger?: Logger;
}

/** The most of an endpoint's answer that is read (and thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

export class WebhookDispatcher {
  private readonly schedule: number[];
  private readonly workerIds: string[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;
  private unsubscribe?: () => void;
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly deliveries: DeliveryQueue,
    private readonly options: DispatcherOptions,
  ) {
    this.schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  }

  private get boss(): PgBoss {
    return this.deliveries.queue.boss;
  }

  /**
   * Starts this process's workers and sweep. A worker waits up to `pollingIntervalSeconds`
   * between looks when idle, and is woken as soon as an event written here commits.
   */
  async start(): Promise<void> {
    await this.deliveries.prepare();
    if (this.options.exclusive) await this.retryOrphans().catch((err) => this.options.logger?.warn({ err }, 'webhook deliveries: retrying the attempts of the previous process failed'));
    for (let i = 0; i < (this.options.workers ?? 2); i++) {
      this.workerIds.push(
        await this.boss.work<DeliveryJob>(
          WEBHOOK_QUEUE,
          { batchSize: this.options.batch ?? 10, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
          async (jobs) => {
            await this.handle(jobs);
          },
        ),
      );
    }
    this.unsubscribe = this.deliveries.onSent(() => this.workerIds.forEach((id) => this.boss.notifyWorker(id)));
    const sweep = () => {
      this.sweeping ??= this.sweep()
        .catch((err) => this.options.logger?.warn({ err }, 'webhook deliveries: the sweep failed'))
        .finally(() => (this.sweeping = undefined));
    };
    sweep();
    this.sweepTimer = setInterval(sweep, this.options.sweepEveryMs ?? 30_000);
    this.sweepTimer.unref();
  }

  /**
   * Takes the attempts due now and makes them (what a worker does), without waiting for one;
   * resolves how many were attempted. For tests and tools: a process normally runs start().
   */
  async tick(): Promise<number> {
    if (this.closed) return 0;
    const jobs = await this.boss.fetch<DeliveryJob>(WEBHOOK_QUEUE, { batchSize: this.options.batch ?? 10 });
    if (!jobs || jobs.length === 0) return 0;
    const attempted = await this.handle(jobs);
    await this.boss.complete(WEBHOOK_QUEUE, jobs.map((j) => j.id));
    return attempted;
  }

  /**
   * Gives a job to every pending delivery overdue by a minute whose job is missing or ended (a
   * process without a queue wrote it; its job failed for good): never a second live job, as
   * the job id is the delivery's and the attempt's. Resolves how many jobs were sent.
   */
  async sweep(): Promise<number> {
    let sent = 0;
    for (const d of await overdueDeliveries(this.db, 60_000, 100)) {
      const attempt = d.attempts + 1;
      if (await this.deliveries.send(this.db, d.id, attempt)) {
        sent++;
        continue;
      }
      const job = await this.boss.getJobById(WEBHOOK_QUEUE, deliveryJobId(d.id, attempt));
      if (job && ['created', 'retry', 'active'].includes(job.state)) continue;
      await this.boss.deleteJob(WEBHOOK_QUEUE, deliveryJobId(d.id, attempt));
      if (await this.deliveries.send(this.db, d.id, attempt)) sent++;
    }
    return sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.unsubscribe?.();
    if (this.workerIds.length > 0) await this.boss.offWork(WEBHOOK_QUEUE).catch(() => undefined);
    // The attempts under way are recorded before the queue and the database close (each within the endpoint's timeout).
    await Promise.allSettled([...this.inFlight, this.sweeping]);
  }

  /** The attempts active when this process started (embedded store: its dead predecessor's) are retried now. */
  private async retryOrphans(): Promise<void> {
    const ids = await this.deliveries.queue.activeJobs(WEBHOOK_QUEUE);
    if (ids.length > 0) await this.boss.fail(WEBHOOK_QUEUE, ids);
  }

  /**
   * A batch of jobs, attempted at once. A job that fails for a reason of ours (the database
   * did not answer) is failed alone, so pg-boss retries it and the others are completed.
   */
  private async handle(jobs: PgBoss.Job<DeliveryJob>[]): Promise<number> {
    const work = Promise.allSettled(jobs.map((job) => this.attempt(job.data.deliveryId, job.data.attempt)));
    this.inFlight.add(work);
    try {
      const outcomes = await work;
      const failed = jobs.filter((_, i) => outcomes[i].status === 'rejected');
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'rejected') this.options.logger?.warn({ err: outcome.reason, delivery: jobs[i].data.deliveryId }, 'webhook attempt not recorded; it will be made again');
      }
      if (failed.length > 0) await this.boss.fail(WEBHOOK_QUEUE, failed.map((j) => j.id));
      return outcomes.filter((o) => o.status === 'fulfilled' && o.value).length;
    } finally {
      this.inFlight.delete(work);
    }
  }

  /**
   * Attempt `number` of a delivery: made only if the delivery is pending at attempt
   * `number - 1` (a job delivered again after its attempt was recorded does nothing). Resolves
   * whether it was made; throws when it could not be recorded (the job is then retried).
   */
  private async attempt(deliveryId: string, number: number): Promise<boolean> {
    const delivery = await pendingDelivery(this.db, deliveryId);
    if (!delivery || delivery.attempts !== number - 1) return false;
    const at = new Date();
    const started = performance.now();
    const { statusCode, error } = await this.send(delivery, at);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const delay = this.schedule[number - 1];
    const outcome = ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    await this.db.transaction(async (trx) => {
      const { recorded, nextAttemptAt } = await recordAttempt(trx, { deliveryId, number, at, statusCode, error, durationMs: Math.round(performance.now() - started), outcome, retryInMs: delay });
      // The next attempt's job commits with this one's record, or neither does.
      if (recorded && nextAttemptAt) await this.deliveries.send(trx, deliveryId, number + 1, nextAttemptAt);
    });
    if (!ok) this.options.logger?.info({ delivery: deliveryId, attempt: number, status_code: statusCode, error, outcome }, 'webhook delivery attempt failed');
    return true;
  }

  /** POSTs one delivery; resolves the status code, or the reason there was none. */
  private async send(delivery: ClaimedDelivery, at: Date): Promise<{ statusCode: number | null; error: string | null }> {
    // Checked again at each attempt: the URL here (a literal address never goes through a
    // lookup), the name's addresses by the lookup below, which connects only to what it checked
    // (one resolution per attempt, not two).
    const refusal = await refusalOf(delivery.url, this.options.allowPrivate, false);
    if (refusal) return { statusCode: null, error: `refused: the URL ${refusal}` };
    const url = new URL(delivery.url);
    const signature = new Webhook(delivery.secret).sign(delivery.id, at, delivery.body);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const req = client.request(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(delivery.body),
            'user-agent': this.options.userAgent,
            'webhook-id': delivery.id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          lookup: this.options.allowPrivate ? undefined : publicOnlyLookup,
          timeout: this.options.timeoutMs,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) res.destroy();
          });
          const done = () => resolve({ statusCode: res.statusCode ?? null, error: null });
          res.once('end', done);
          res.once('close', done);
          res.once('error', done);
        },
      );
      req.once('timeout', () => req.destroy(new Error(`no answer within ${this.options.timeoutMs} ms`)));
      req.once('error', (err: NodeJS.ErrnoException) => {
        const reason = err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : err.message;
        resolve({ statusCode: null, error: reason.slice(0, 500) });
      });
      req.end(delivery.body);
    });
  }
}
