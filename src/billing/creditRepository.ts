import type { Knex } from 'knex';

export interface LedgerRow {
  id: number;
  account_id: string;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: Date;
}

/**
 * Changes an account's balance by `delta` and writes the ledger row that explains it, in one
 * transaction. The guarded UPDATE never takes the balance below zero (the CHECK constraint
 * backs it up); it returns undefined when the account does not exist or cannot afford it.
 */
export async function applyCreditChange(
  db: Knex,
  change: { accountId: string; delta: number; reason: string; reference?: string | null },
): Promise<LedgerRow | undefined> {
  const run = async (trx: Knex.Transaction) => {
    const [account] = await trx('accounts')
      .where({ id: change.accountId })
      .andWhere('credit_balance', '>=', -change.delta)
      .update({ credit_balance: trx.raw('credit_balance + ?', [change.delta]) })
      .returning(['credit_balance']);
    if (!account) return undefined;
    const [row] = await trx<LedgerRow>('credit_ledger')
      .insert({
        account_id: change.accountId,
        delta: change.delta,
        balance_after: account.credit_balance,
        reason: change.reason,
        reference: change.reference ?? null,
      })
      .returning('*');
    return row;
  };
  return db.isTransaction ? run(db as Knex.Transaction) : db.transaction(run);
}

/** One page of an account's ledger, newest first, with the count of all its rows. */
export async function listLedgerPage(
  db: Knex,
  accountId: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: LedgerRow[] }> {
  const [rows, [{ count }]] = await Promise.all([
    db<LedgerRow>('credit_ledger').where({ account_id: accountId }).orderBy('id', 'desc').offset(page.offset).limit(page.limit),
    db('credit_ledger').where({ account_id: accountId }).count<{ count: string | number }[]>({ count: '*' }),
  ]);
  return { total: Number(count), rows };
}

/** Every ledger row of an account, oldest first. */
export async function listLedger(db: Knex, accountId: string): Promise<LedgerRow[]> {
  return db<LedgerRow>('credit_ledger').where({ account_id: accountId }).orderBy('id');
}
