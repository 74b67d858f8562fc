import type { Knex } from 'knex';

export const name = '008_idempotency_leases';

/**
 * An Idempotency-Key being run belongs to the request that claimed it (`owner`, a random id per
 * claim) until `lease_until`: only that request may complete or release it, and once the lease
 * is over another request may take the key over (the owner's process died: SIGKILL, a crash).
 * The lease is as long as the operation can run (for an extraction, its deadline plus a margin
 * for writing), so a key is stuck for that long at most instead of five minutes. Rows claimed
 * before this migration keep the five-minute rule (no lease).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table idempotency_keys add column owner uuid, add column lease_until timestamptz');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table idempotency_keys drop column owner, drop column lease_until');
}
