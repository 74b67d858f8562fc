/**
 * Billing per item for any paid operation: 1 credit per billable item, charged in the
 * transaction that writes the items, never past the balance. Concurrent operations of one
 * account are billed one after the other (the account row is locked), so two of them can never
 * spend the same credit; the charge is one ledger row referencing the operation.
 */
import type { Knex } from 'knex';
import { applyCreditChange } from './creditRepository';

export interface Charge<T> {
  /** The items kept, in order: every item that is not billable, and billable ones while the balance lasts. */
  kept: T[];
  /** Credits charged (the billable items kept). */
  paid: number;
  /** The balance before the charge. */
  balanceBefore: number;
  /** Billable items offered, kept or not. */
  billableFound: number;
}

/**
 * Keeps the items the account can pay for and charges them, inside `trx`. Items that are not
 * billable are always kept and cost nothing; billable ones are kept in order until the balance
 * is spent, the rest are left out. Writes one ledger row (`reason`, `reference`) when anything
 * is charged. The caller writes the kept items in the same transaction, so a failure after
 * this call rolls the charge back with them.
 */
export async function chargePerItem<T>(
  trx: Knex.Transaction,
  charge: { accountId: string; items: readonly T[]; billable: (item: T) => boolean; reason: string; reference: string },
): Promise<Charge<T>> {
  const locked = await trx('accounts').where({ id: charge.accountId }).forUpdate().first('credit_balance');
  const balanceBefore: number = locked?.credit_balance ?? 0;
  let paid = 0;
  const kept = charge.items.filter((item) => {
    if (!charge.billable(item)) return true;
    if (paid >= balanceBefore) return false;
    paid += 1;
    return true;
  });
  if (paid > 0) {
    const row = await applyCreditChange(trx, { accountId: charge.accountId, delta: -paid, reason: charge.reason, reference: charge.reference });
    // Cannot happen under the row lock; if it did, nothing of the operation may commit.
    if (!row) throw new Error(`account ${charge.accountId} could not be charged ${paid} credits`);
  }
  return { kept, paid, balanceBefore, billableFound: charge.items.filter(charge.billable).length };
}
