import type { Knex } from 'knex';

export interface IdempotencyRow {
  account_id: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Date;
  /** The claim that runs it (null on rows claimed before leases existed). */
  owner: string | null;
  lease_until: Date | null;
}

/** A claim of a key: who holds it (a random id) and for how long. */
export interface Claim {
  owner: string;
  leaseMs: number;
}

const leaseEnd = (db: Knex, leaseMs: number) => db.raw("now() + make_interval(secs => ?)", [leaseMs / 1000]);

/** Claims a key for a new request; false when the account already has a row for it. */
export async function claimIdempotencyKey(db: Knex, accountId: string, key: string, requestHash: string, claim: Claim): Promise<boolean> {
  const rows = await db('idempotency_keys')
    .insert({ account_id: accountId, key, request_hash: requestHash, state: 'running', owner: claim.owner, lease_until: leaseEnd(db, claim.leaseMs) })
    .onConflict(['account_id', 'key'])
    .ignore()
    .returning('key');
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Knex, accountId: string, key: string): Promise<IdempotencyRow | undefined> {
  return db<IdempotencyRow>('idempotency_keys').where({ account_id: accountId, key }).first();
}

/**
 * Takes a key over if its row is stale, in one statement (the database's clock decides): expired
 * (older than `ttlMs`), or running past its lease (or, without a lease, for `abandonedMs`).
 */
export async function reclaimIdempotencyKey(
  db: Knex,
  accountId: string,
  key: string,
  requestHash: string,
  claim: Claim,
  stale: { ttlMs: number; abandonedMs: number },
): Promise<boolean> {
  const updated = await db('idempotency_keys')
    .where({ account_id: accountId, key })
    .andWhere((q) =>
      q
        .whereRaw('created_at < now() - make_interval(secs => ?)', [stale.ttlMs / 1000])
        .orWhere((running) =>
          running
            .where({ state: 'running' })
            .andWhere((lease) =>
              lease
                .whereRaw('lease_until < now()')
                .orWhereRaw('lease_until is null and created_at < now() - make_interval(secs => ?)', [stale.abandonedMs / 1000]),
            ),
        ),
    )
    .update({
      request_hash: requestHash,
      state: 'running',
      response_status: null,
      response_body: null,
      created_at: db.fn.now(),
      owner: claim.owner,
      lease_until: leaseEnd(db, claim.leaseMs),
    });
  return updated === 1;
}

/** Frees a key still run by `owner`: the request it guarded left nothing behind to replay. */
export async function releaseIdempotencyKey(db: Knex, accountId: string, key: string, owner: string): Promise<void> {
  await db('idempotency_keys').where({ account_id: accountId, key, owner, state: 'running' }).delete();
}

/** Stores the answer of a key still run by `owner`; false when the claim was lost (its lease ran out and it was taken over). */
export async function completeIdempotencyKey(db: Knex, accountId: string, key: string, owner: string, status: number, body: unknown): Promise<boolean> {
  const updated = await db('idempotency_keys')
    .where({ account_id: accountId, key, owner, state: 'running' })
    .update({ state: 'done', response_status: status, response_body: JSON.stringify(body) });
  return updated === 1;
}
