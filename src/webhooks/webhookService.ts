/**
 * Webhook endpoints and the events sent to them. An event is written as one delivery per
 * subscribed endpoint, with the job of its first attempt, in the transaction of what caused it
 * (so neither exists unless its cause committed); the dispatcher (dispatcher.ts) sends it.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, validationError } from '../platform/errors';
import type { Mode, Schemas } from '../platform/types';
import { refusalOf } from './addressGuard';
import type { DeliveryQueue } from './deliveryQueue';
import * as repo from './webhookRepository';

export type WebhookEventType = Schemas['WebhookEventType'];
type WebhookEndpoint = Schemas['WebhookEndpoint'];
type WebhookEndpointCreate = Schemas['WebhookEndpointCreate'];
type WebhookEndpointCreated = Schemas['WebhookEndpointCreated'];
type WebhookEndpointPage = Schemas['WebhookEndpointPage'];
type WebhookDeliveryPage = Schemas['WebhookDeliveryPage'];

/** How many endpoints one account may have. */
export const MAX_ENDPOINTS = 10;

export interface WebhookServiceOptions {
  /** Allow private, loopback and link-local targets (development only: WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  /** A charge that takes the balance from this or more to below it sends credits.balance_low. */
  lowBalanceThreshold?: number;
  /**
   * Where the first attempt of each delivery is queued, in the event's transaction. Without it
   * (a process that serves nothing, such as the CLI) the delivery is written alone, and a
   * serving instance's dispatcher gives it its job within a minute or two.
   */
  deliveries?: DeliveryQueue;
}

export class WebhookService {
  readonly allowPrivate: boolean;
  readonly lowBalanceThreshold: number;
  private readonly queue?: DeliveryQueue;

  constructor(
    private readonly db: Knex,
    options: WebhookServiceOptions = {},
  ) {
    this.allowPrivate = options.allowPrivate ?? false;
    this.lowBalanceThreshold = options.lowBalanceThreshold ?? 10;
    this.queue = options.deliveries;
  }

  /** A new endpoint, of the mode of the key that made it: a test endpoint gets test-mode events only. */
  async create(accountId: string, body: WebhookEndpointCreate, mode: Mode = 'live'): Promise<WebhookEndpointCreated> {
    const refusal = await refusalOf(body.url, this.allowPrivate);
    if (refusal) throw validationError([{ path: '/body/url', message: `the URL ${refusal}` }]);
    return this.db.transaction(async (trx) => {
      // Endpoints of one account are created one at a time, so that the limit holds.
      await trx('accounts').where({ id: accountId }).forUpdate().first('id');
      if ((await repo.countEndpoints(trx, accountId)) >= MAX_ENDPOINTS) {
        throw validationError([{ path: '/body', message: `an account has at most ${MAX_ENDPOINTS} webhook endpoints: delete one first` }]);
      }
      const row = await repo.insertEndpoint(trx, {
        id: crypto.randomUUID(),
        account_id: accountId,
        url: body.url,
        events: [...new Set(body.events)],
        secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
        mode,
      });
      return { ...toEndpoint(row), secret: row.secret };
    });
  }

  /** The account's endpoints; with a mode (a test key's), only those of that mode. */
  async list(accountId: string, page: number, perPage: number, mode?: Mode): Promise<WebhookEndpointPage> {
    const { total, rows } = await repo.listEndpoints(this.db, accountId, { offset: (page - 1) * perPage, limit: perPage }, mode);
    return { total, page, pages: Math.ceil(total / perPage), items: rows.map(toEndpoint) };
  }

  async remove(accountId: string, id: string, mode?: Mode): Promise<void> {
    if (!(await repo.deleteEndpoint(this.db, accountId, id, mode))) throw endpointNotFound(id);
  }

  async deliveries(accountId: string, endpointId: string, page: number, perPage: number, mode?: Mode): Promise<WebhookDeliveryPage> {
    if (!(await repo.findEndpoint(this.db, accountId, endpointId, mode))) throw endpointNotFound(endpointId);
    const { total, rows, attempts } = await repo.listDeliveries(this.db, endpointId, { offset: (page - 1) * perPage, limit: perPage });
    const byDelivery = new Map<string, repo.AttemptRow[]>();
    for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
    return {
      total,
      page,
      pages: Math.ceil(total / perPage),
      items: rows.map((d) => ({
        id: d.id,
        event_type: d.event_type as WebhookEventType,
        status: d.status,
        created_at: d.created_at.toISOString(),
        next_attempt_at: d.status === 'pending' && d.next_attempt_at ? d.next_attempt_at.toISOString() : null,
        attempts: (byDelivery.get(d.id) ?? []).map((a) => ({
          attempted_at: a.attempted_at.toISOString(),
          status_code: a.status_code,
          error: a.error,
          duration_ms: a.duration_ms,
        })),
      })),
    };
  }

  /**
   * Writes the event for every endpoint of the account that wants it, and queues its first
   * attempt, in `db` (the caller's transaction, so that neither exists unless what caused it
   * commits). A test-mode event goes to the test endpoints only, a live one to the live
   * endpoints only.
   */
  async emit(db: Knex, accountId: string, type: WebhookEventType, data: unknown, at: Date = new Date(), mode: Mode = 'live'): Promise<void> {
    const endpoints = await repo.subscribers(db, accountId, type, mode);
    if (endpoints.length === 0) return;
    const body = JSON.stringify({ type, timestamp: at.toISOString(), data });
    const rows = endpoints.map((e) => ({ id: `msg_${crypto.randomUUID().replaceAll('-', '')}`, endpoint_id: e.id, event_type: type, body }));
    await repo.insertDeliveries(db, rows);
    // Their first attempts' jobs, in the same transaction.
    for (const row of rows) await this.queue?.send(db, row.id, 1);
  }

  /** After a charge: credits.balance_low when it took the balance from the threshold or more to below it. */
  async charged(db: Knex, accountId: string, before: number, after: number, taskId: string | null): Promise<void> {
    const threshold = this.lowBalanceThreshold;
    if (before >= threshold && after < threshold) {
      await this.emit(db, accountId, 'credits.balance_low', { account_id: accountId, credit_balance: after, threshold, task_id: taskId });
    }
  }
}

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events as WebhookEventType[], created_at: row.created_at.toISOString(), ...(row.mode === 'test' ? { mode: row.mode } : {}) };
}

function endpointNotFound(id: string): AppError {
  return new AppError('resource_not_found', `No webhook endpoint ${id} for this account.`);
}
