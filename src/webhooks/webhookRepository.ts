import type { Knex } from 'knex';
import { newestFirst, type PageWindow } from '../platform/db/pages';
import type { Mode } from '../platform/types';

export interface EndpointRow {
  id: string;
  account_id: string;
  url: string;
  events: string[];
  secret: string;
  created_at: Date;
  /** `test` when a test key created it: it gets test-mode events only (README, Test mode). */
  mode: Mode;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_type: string;
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** A delivery to be attempted, with where it goes. */
export interface ClaimedDelivery {
  id: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}


export async function insertEndpoint(db: Knex, row: Omit<EndpointRow, 'created_at'>): Promise<EndpointRow> {
  const [created] = await db<EndpointRow>('webhook_endpoints').insert(row).returning('*');
  return created;
}

export async function countEndpoints(db: Knex, accountId: string): Promise<number> {
  const [{ count }] = await db('webhook_endpoints').where({ account_id: accountId }).count<{ count: string | number }[]>({ count: '*' });
  return Number(count);
}

/** The account's endpoints (with a mode, only those of that mode). */
function owned(accountId: string, mode: Mode | undefined, more: Record<string, unknown> = {}): Record<string, unknown> {
  return mode ? { account_id: accountId, mode, ...more } : { account_id: accountId, ...more };
}

export async function listEndpoints(db: Knex, accountId: string, page: PageWindow, mode?: Mode): Promise<{ total: number; rows: EndpointRow[] }> {
  return newestFirst<EndpointRow>(db, 'webhook_endpoints', owned(accountId, mode), page);
}

export async function findEndpoint(db: Knex, accountId: string, id: string, mode?: Mode): Promise<EndpointRow | undefined> {
  return db<EndpointRow>('webhook_endpoints').where(owned(accountId, mode, { id })).first();
}

/** Deletes an endpoint of the account (its deliveries and attempts go with it); false if none. */
export async function deleteEndpoint(db: Knex, accountId: string, id: string, mode?: Mode): Promise<boolean> {
  const rows = await db('webhook_endpoints').where(owned(accountId, mode, { id })).delete().returning('id');
  return rows.length === 1;
}

/** The account's endpoints of a mode that want an event. */
export async function subscribers(db: Knex, accountId: string, eventType: string, mode: Mode): Promise<EndpointRow[]> {
  return db<EndpointRow>('webhook_endpoints').where({ account_id: accountId, mode }).whereRaw('? = any(events)', [eventType]);
}

export async function insertDeliveries(db: Knex, rows: Pick<DeliveryRow, 'id' | 'endpoint_id' | 'event_type' | 'body'>[]): Promise<void> {
  if (rows.length === 0) return;
  await db('webhook_deliveries').insert(rows.map((r) => ({ ...r, next_attempt_at: db.fn.now() })));
}

export async function listDeliveries(db: Knex, endpointId: string, page: PageWindow): Promise<{ total: number; rows: DeliveryRow[]; attempts: AttemptRow[] }> {
  const [rows, [{ count }]] = await Promise.all([
    db<DeliveryRow>('webhook_deliveries')
      .where({ endpoint_id: endpointId })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset(page.offset)
      .limit(page.limit),
    db('webhook_deliveries').where({ endpoint_id: endpointId }).count<{ count: string | number }[]>({ count: '*' }),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await db<AttemptRow>('webhook_attempts')
          .whereIn('delivery_id', rows.map((r) => r.id))
          .orderBy(['delivery_id', 'attempt']);
  return { total: Number(count), rows, attempts };
}

/** A pending delivery, with where it goes, for its next attempt; undefined when it is gone (its endpoint deleted) or no longer pending. */
export async function pendingDelivery(db: Knex, id: string): Promise<ClaimedDelivery | undefined> {
  return db('webhook_deliveries as d')
    .join('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .where({ 'd.id': id, 'd.status': 'pending' })
    .first('d.id', 'd.event_type', 'd.body', 'd.attempts', 'e.url', 'e.secret');
}

/**
 * Writes attempt `number` and what follows from it, in `trx`: succeeded, failed for good (no
 * delay left), or pending again after `retryInMs`. Only if the delivery is still at attempt
 * `number - 1` (another worker did not record this attempt first). Answers whether it was
 * recorded and, when pending, when the next attempt is due (the database's clock).
 */
export async function recordAttempt(
  trx: Knex,
  attempt: { deliveryId: string; number: number; at: Date; statusCode: number | null; error: string | null; durationMs: number; outcome: 'succeeded' | 'failed' | 'pending'; retryInMs?: number },
): Promise<{ recorded: boolean; nextAttemptAt: Date | null }> {
  const [row] = await trx('webhook_deliveries')
    .where({ id: attempt.deliveryId, status: 'pending', attempts: attempt.number - 1 })
    .update({
      attempts: attempt.number,
      status: attempt.outcome,
      next_attempt_at: attempt.outcome === 'pending' ? trx.raw('now() + make_interval(secs => ?::double precision / 1000)', [attempt.retryInMs ?? 0]) : null,
    })
    .returning(['next_attempt_at']);
  if (!row) return { recorded: false, nextAttemptAt: null };
  await trx('webhook_attempts')
    .insert({ delivery_id: attempt.deliveryId, attempt: attempt.number, attempted_at: attempt.at, status_code: attempt.statusCode, error: attempt.error, duration_ms: attempt.durationMs })
    .onConflict(['delivery_id', 'attempt'])
    .ignore();
  return { recorded: true, nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null };
}

/** Pending deliveries due for `overdueMs` or more (their job may be missing: the dispatcher's sweep). */
export async function overdueDeliveries(db: Knex, overdueMs: number, limit: number): Promise<{ id: string; attempts: number }[]> {
  return db('webhook_deliveries')
    .where({ status: 'pending' })
    .andWhere('next_attempt_at', '<', db.raw('now() - make_interval(secs => ?::double precision / 1000)', [overdueMs]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .select('id', 'attempts');
}
