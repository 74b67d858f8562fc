import type { Knex } from 'knex';

export interface IdempotencyRow {
  account_id: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
}

/** Claims a key for a new request; undefined when the account already has a row for it. */
export async function claimIdempotencyKey(db: Knex, accountId: string, key: string, requestHash: string): Promise<boolean> {
  const rows = await db('idempotency_keys')
    .insert({ account_id: accountId, key, request_hash: requestHash, state: 'running' })
    .onConflict(['account_id', 'key'])
    .ignore()
    .returning('key');
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Knex, accountId: string, key: string): Promise<IdempotencyRow | undefined> {
  return db<IdempotencyRow>('idempotency_keys').where({ account_id: accountId, key }).first();
}

/** Frees a key: the request it guarded left nothing behind to replay. */
export async function releaseIdempotencyKey(db: Knex, accountId: string, key: string): Promise<void> {
  await db('idempotency_keys').where({ account_id: accountId, key }).delete();
}

/** Replaces a stale row (expired, or abandoned while running) by a fresh claim, if it is still that row. */
export async function reclaimIdempotencyKey(db: Knex, stale: IdempotencyRow, requestHash: string): Promise<boolean> {
  // created_at is stored to the microsecond but read back as a JS Date (milliseconds): compare
  // at millisecond precision, or the row never matches and the key can never be taken over.
  const updated = await db('idempotency_keys')
    .where({ account_id: stale.account_id, key: stale.key })
    .whereRaw("date_trunc('milliseconds', created_at) = ?", [stale.created_at])
    .update({ request_hash: requestHash, state: 'running', response_status: null, response_body: null, created_at: db.fn.now() });
  return updated === 1;
}

export async function completeIdempotencyKey(db: Knex, accountId: string, key: string, status: number, body: unknown): Promise<void> {
  await db('idempotency_keys')
    .where({ account_id: accountId, key })
    .update({ state: 'done', response_status: status, response_body: JSON.stringify(body) });
}
