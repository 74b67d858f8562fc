/**
 * The webhook deliveries' place in the process's job queue (src/platform/queue.ts, the one the
 * extraction tasks use too): one job per attempt of a delivery, sent in the transaction that
 * wrote the event (the first attempt) or recorded the previous attempt (a retry, due after its
 * delay). A job's id is derived from its delivery and attempt, so sending one twice sends one.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { JobQueue } from '../platform/queue';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/** What a delivery job carries: the delivery (its id is the webhook-id) and the attempt it is for. */
export interface DeliveryJob {
  deliveryId: string;
  attempt: number;
}

export interface DeliveryQueueOptions {
  /** How long an endpoint has to answer (WEBHOOK_TIMEOUT_MS): a job's expiry is twice this plus 5 s. */
  timeoutMs: number;
  /** A job active longer than this is taken to have lost its worker and is retried. Default from timeoutMs. */
  expireInSeconds?: number;
}

/** The job id of a delivery's attempt: a UUID (version 5 layout) derived from both. */
export function deliveryJobId(deliveryId: string, attempt: number): string {
  const h = crypto.createHash('sha1').update(`webhook-delivery:${deliveryId}:${attempt}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export class DeliveryQueue {
  /** pg-boss's options for every delivery job: a job whose worker died (or whose recording failed) is retried soon. */
  readonly jobOptions: { expireInSeconds: number; retryLimit: number; retryDelay: number; retryBackoff: boolean };
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly queue: JobQueue,
    options: DeliveryQueueOptions,
  ) {
    this.jobOptions = {
      expireInSeconds: options.expireInSeconds ?? Math.ceil((options.timeoutMs * 2 + 5_000) / 1000),
      retryLimit: 10,
      retryDelay: 2,
      retryBackoff: true,
    };
  }

  /** Creates the pg-boss queue unless it exists (before the first event is written). */
  async prepare(): Promise<void> {
    await this.queue.ensureQueue(WEBHOOK_QUEUE, this.jobOptions);
  }

  /**
   * Sends the job of a delivery's attempt in `db` (the caller's transaction: it exists only if
   * that commits), due at `startAfter` (default: at once). Once committed, this process's
   * dispatcher is woken. Answers the job id, or null when that job exists already.
   */
  async send(db: Knex, deliveryId: string, attempt: number, startAfter?: Date): Promise<string | null> {
    const id = await this.queue.boss.send(WEBHOOK_QUEUE, { deliveryId, attempt } satisfies DeliveryJob, {
      ...this.jobOptions,
      id: deliveryJobId(deliveryId, attempt),
      ...(startAfter ? { startAfter } : {}),
      db: this.queue.within(db),
    });
    if (!startAfter || startAfter.getTime() <= Date.now()) this.queue.afterCommit(db, () => this.listeners.forEach((wake) => wake()));
    return id;
  }

  /** Called after each job sent for now has committed (the dispatcher wakes its workers). */
  onSent(wake: () => void): () => void {
    this.listeners.add(wake);
    return () => this.listeners.delete(wake);
  }
}
