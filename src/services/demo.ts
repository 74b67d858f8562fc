import type { Knex } from 'knex';
import { countAccounts } from '../repositories/accounts';
import type { AccountService } from './accounts';

export const DEMO_ACCOUNT = { name: 'Demo account', plan: 'enterprise', credits: 1000 } as const;

/** On a store with no account yet, creates the demo account; returns its key, or undefined. */
export async function seedDemoAccount(
  db: Knex,
  accounts: AccountService,
): Promise<{ account_id: string; key_id: string; api_key: string } | undefined> {
  if ((await countAccounts(db)) > 0) return undefined;
  return accounts.create(DEMO_ACCOUNT);
}
