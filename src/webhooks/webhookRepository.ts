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

/** A delivery claimed to be attempted, with where it goes. */
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

/**
 * Claims up to `limit` deliveries that are due and not claimed by a live lease, for `leaseMs`:
 * another instance skips them (SKIP LOCKED) and takes them up again only once the lease ran out.
 */
export async function claimDue(db: Knex, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.raw(
    `with due as (
       select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ?
        for update skip locked
     ), claimed as (
       update webhook_deliveries d set locked_until = now() + make_interval(secs => ?::double precision / 1000)
         from due where d.id = due.id
       returning d.id, d.endpoint_id, d.event_type, d.body, d.attempts
     )
     select c.id, c.event_type, c.body, c.attempts, e.url, e.secret
       from claimed c join webhook_endpoints e on e.id = c.endpoint_id`,
    [limit, leaseMs],
  );
  return result.rows;
}

/**
 * Writes an attempt and what follows from it, in one transaction: succeeded, failed for good
 * (no delay left), or pending again after `retryInMs`.
 */
export async function recordAttempt(
  db: Knex,
  attempt: { deliveryId: string; number: number; at: Date; statusCode: number | null; error: string | null; durationMs: number; outcome: 'succeeded' | 'failed' | 'pending'; retryInMs?: number },
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('webhook_attempts')
      .insert({ delivery_id: attempt.deliveryId, attempt: attempt.number, attempted_at: attempt.at, status_code: attempt.statusCode, error: attempt.error, duration_ms: attempt.durationMs })
      .onConflict(['delivery_id', 'attempt'])
      .ignore();
    await trx('webhook_deliveries')
      .where({ id: attempt.deliveryId })
      .update({
        attempts: attempt.number,
        status: attempt.outcome,
        locked_until: null,
        next_attempt_at: attempt.outcome === 'pending' ? trx.raw('now() + make_interval(secs => ?::double precision / 1000)', [attempt.retryInMs ?? 0]) : null,
      });
  });
}
