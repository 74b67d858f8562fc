import { statements } from './statements';

/**
 * An Idempotency-Key being run belongs to the request that claimed it (`owner`, a random id per
 * claim) until `lease_until`: only that request may complete or release it, and once the lease
 * is over another request may take the key over (the owner's process died: SIGKILL, a crash).
 * The lease is as long as the operation can run (for an extraction, its deadline plus a margin
 * for writing), so a key is stuck for that long at most instead of five minutes. Rows claimed
 * before this migration keep the five-minute rule (no lease).
 */
export const up = statements([
  'alter table idempotency_keys add column owner uuid, add column lease_until timestamptz',
]);

export const down = statements([
  'alter table idempotency_keys drop column owner, drop column lease_until',
]);
