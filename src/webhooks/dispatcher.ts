/**
 * Sends the deliveries that are due: claims a few at a time under a lease (so several
 * instances share the work and a crashed one's claims run out), POSTs each signed by the
 * Standard Webhooks scheme, and records the attempt: succeeded on 2xx, otherwise retried after
 * the next delay of the schedule with the same webhook-id, failed once the schedule is spent.
 */
import http from 'node:http';
import https from 'node:https';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { publicOnlyLookup, refusalOf } from './addressGuard';
import { claimDue, recordAttempt, type ClaimedDelivery } from './webhookRepository';

/** The delays after each failed attempt (Standard Webhooks' suggestion): about 27 hours in all, 8 attempts. */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];

export interface DispatcherOptions {
  allowPrivate: boolean;
  /** How long an endpoint has to answer. */
  timeoutMs: number;
  userAgent: string;
  /** Delays after each failed attempt; when spent, the delivery has failed. */
  schedule?: number[];
  /** How often due deliveries are looked for (default 250 ms). */
  pollMs?: number;
  /** How many deliveries one round claims. */
  batch?: number;
  logger?: Logger;
}

/** The most of an endpoint's answer that is read (and thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

export class WebhookDispatcher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private closed = false;
  private readonly schedule: number[];

  constructor(
    private readonly db: Knex,
    private readonly options: DispatcherOptions,
  ) {
    this.schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  }

  /**
   * Looks for due deliveries every pollMs until closed: 250 ms by default, so that an event is
   * sent well within a second of its commit (a round is one indexed query when nothing is due).
   */
  start(): void {
    this.timer = setInterval(() => void this.tick().catch((err) => this.options.logger?.warn({ err }, 'webhook deliveries: a round failed')), this.options.pollMs ?? 250);
    this.timer.unref();
  }

  /** One round: claims the due deliveries and attempts each; resolves how many were attempted. */
  tick(): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    // Rounds never overlap: a slow endpoint holds its round, the next one waits for it.
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async round(): Promise<number> {
    const claimed = await claimDue(this.db, this.options.batch ?? 10, this.options.timeoutMs * 2 + 5_000);
    await Promise.all(claimed.map((d) => this.attempt(d)));
    return claimed.length;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const number = delivery.attempts + 1;
    const at = new Date();
    const started = performance.now();
    const { statusCode, error } = await this.send(delivery, at);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const delay = this.schedule[number - 1];
    const outcome = ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    try {
      await recordAttempt(this.db, { deliveryId: delivery.id, number, at, statusCode, error, durationMs: Math.round(performance.now() - started), outcome, retryInMs: delay });
    } catch (err) {
      // The endpoint was deleted meanwhile (its deliveries with it): nothing left to record.
      this.options.logger?.debug({ err, delivery: delivery.id }, 'webhook attempt not recorded');
    }
    if (!ok) this.options.logger?.info({ delivery: delivery.id, attempt: number, status_code: statusCode, error, outcome }, 'webhook delivery attempt failed');
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
