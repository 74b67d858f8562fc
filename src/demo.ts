import type { Knex } from 'knex';
import { countAccounts } from './accounts/accountRepository';
import type { AccountService } from './accounts/accountService';
import { seedDemoCompanies } from './search/demoCompanies';

export const DEMO_ACCOUNT = { name: 'Demo account', plan: 'enterprise', credits: 1000 } as const;
/** How many demo companies a fresh store gets. */
export const DEMO_COMPANY_COUNT = 5000;

/** On a store with no account yet, creates the demo account; returns its key, or undefined. */
export async function seedDemoAccount(
  db: Knex,
  accounts: AccountService,
): Promise<{ account_id: string; key_id: string; api_key: string } | undefined> {
  if ((await countAccounts(db)) > 0) return undefined;
  return accounts.create(DEMO_ACCOUNT);
}

/** On a store with no company yet, writes the demo companies; returns how many, or 0. */
export async function seedDemoCompaniesIfEmpty(db: Knex, count = DEMO_COMPANY_COUNT): Promise<number> {
  const any = await db('companies').first('id');
  if (any) return 0;
  return (await seedDemoCompanies(db, count)).imported;
}
