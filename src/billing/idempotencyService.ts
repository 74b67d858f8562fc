/**
 * Idempotency keys for any paid or side-effecting operation, the way Stripe's `Idempotency-Key`
 * works: the first request with a key claims it; a replay of the same request (same account,
 * key and request hash) within 24 hours gets the stored answer without running again; the same
 * key with another body is refused (`idempotency_key_reused`), and a replay while the first is
 * still running is asked to retry (`idempotency_in_progress`). A failed operation releases its
 * key, so a retry runs again and nothing was charged.
 *
 * A claim is leased (migration 008): the request that claimed the key owns it for as long as
 * the operation can take (`leaseMs`), and only it may complete or release it. If its process
 * dies (SIGKILL, a crash), the key is taken over by the next request once the lease is over,
 * not stuck; and an owner that outlived its lease cannot commit (its answer would not be stored,
 * so its transaction is rolled back and nothing is charged).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../platform/errors';
import * as keys from './idempotencyRepository';

/** A stored or fresh answer. */
export interface Answer<T> {
  status: number;
  body: T;
  /** Whether this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** What the operation calls, inside its own transaction, to store its answer with its effects. */
export type Complete<T> = (trx: Knex.Transaction, status: number, body: T) => Promise<void>;

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** The lease of an operation that does not say how long it can take; also the rule for rows claimed before leases. */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/** The hash of a request's meaning (its resolved parameters), for comparing two uses of one key. */
export function requestHash(request: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

export class IdempotencyService {
  constructor(private readonly db: Knex) {}

  /**
   * Runs `operation` once per (account, key). Without a key, it simply runs. The operation gets
   * a `complete` callback that it must call inside the transaction that commits its effects
   * (so the answer is stored exactly when the effects are); if it throws, the key is released.
   */
  async once<T>(
    accountId: string,
    key: string | undefined,
    hash: string,
    operation: (complete: Complete<T>) => Promise<{ status: number; body: T }>,
    options: { leaseMs?: number } = {},
  ): Promise<Answer<T>> {
    const noop: Complete<T> = async () => undefined;
    if (!key) return { ...(await operation(noop)), replayed: false };
    const claim = { owner: crypto.randomUUID(), leaseMs: options.leaseMs ?? ABANDONED_AFTER_MS };
    const replay = await this.claim<T>(accountId, key, hash, claim);
    if (replay) return replay;
    try {
      const answer = await operation(async (trx, status, body) => {
        if (!(await keys.completeIdempotencyKey(trx, accountId, key, claim.owner, status, body))) {
          // Our lease ran out and another request took the key: this one must leave nothing behind.
          throw new AppError('service_unavailable', 'The request took too long and was cancelled; nothing was charged. Retry with the same Idempotency-Key.', {
            headers: { 'Retry-After': '1' },
          });
        }
      });
      return { ...answer, replayed: false };
    } catch (err) {
      // Nothing to replay: a later retry with the same key runs again.
      await keys.releaseIdempotencyKey(this.db, accountId, key, claim.owner);
      throw err;
    }
  }

  /** Claims the key, or answers the stored answer, or refuses; undefined when the key is now ours. */
  private async claim<T>(accountId: string, key: string, hash: string, claim: keys.Claim): Promise<Answer<T> | undefined> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await keys.claimIdempotencyKey(this.db, accountId, key, hash, claim)) return undefined;
      if (await keys.reclaimIdempotencyKey(this.db, accountId, key, hash, claim, { ttlMs: IDEMPOTENCY_TTL_MS, abandonedMs: ABANDONED_AFTER_MS })) return undefined;
      const row = await keys.findIdempotencyKey(this.db, accountId, key);
      if (!row) continue; // released meanwhile: claim again
      if (row.request_hash !== hash) {
        throw new AppError('idempotency_key_reused', 'This key was first used with another body; use a new key for a new request.');
      }
      if (row.state === 'running') {
        throw new AppError('idempotency_in_progress', 'Retry when the first request with this key has answered.');
      }
      const stored = typeof row.response_body === 'string' ? JSON.parse(row.response_body) : row.response_body;
      return { status: row.response_status ?? 200, body: stored as T, replayed: true };
    }
    throw new AppError('idempotency_in_progress', 'Retry when the first request with this key has answered.');
  }
}
