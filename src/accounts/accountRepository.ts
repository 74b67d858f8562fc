import type { Knex } from 'knex';
import type { PlanId } from '../platform/types';

export interface PlanRow {
  id: PlanId;
  label: string;
  requests_per_minute: number;
  max_per_page: number;
  max_results: number;
  /** Extractions an account of this plan may run at once. */
  max_concurrent_extractions: number;
}

export interface AccountRow {
  id: string;
  name: string;
  plan_id: PlanId;
  credit_balance: number;
  created_at: Date;
}

export async function findPlan(db: Knex, id: string): Promise<PlanRow | undefined> {
  return db<PlanRow>('plans').where('id', id).first();
}

export async function listPlans(db: Knex): Promise<PlanRow[]> {
  return db<PlanRow>('plans').orderBy('requests_per_minute');
}

export async function insertAccount(
  db: Knex,
  account: { id: string; name: string; plan_id: PlanId },
): Promise<AccountRow> {
  const [row] = await db<AccountRow>('accounts').insert({ ...account, credit_balance: 0 }).returning('*');
  return row;
}

export async function findAccount(db: Knex, id: string): Promise<AccountRow | undefined> {
  return db<AccountRow>('accounts').where({ id }).first();
}

export async function countAccounts(db: Knex): Promise<number> {
  const row = await db('accounts').count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
