import type { Knex } from 'knex';
import { newestFirst, type PageWindow } from '../platform/db/pages';
import type { PlanRow } from './accountRepository';
import type { Mode } from '../platform/types';

export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string | null;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  mode: Mode;
}

/** A key with the account and plan it belongs to: what authentication needs, in one query. */
export interface KeyPrincipalRow {
  key_id: string;
  account_id: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  mode: Mode;
  plan: PlanRow;
}

export async function insertApiKey(
  db: Knex,
  key: { id: string; account_id: string; name: string | null; expires_at: Date | null; mode: Mode },
): Promise<ApiKeyRow> {
  const [row] = await db<ApiKeyRow>('api_keys').insert(key).returning('*');
  return row;
}

export async function findKeyPrincipal(db: Knex, keyId: string): Promise<KeyPrincipalRow | undefined> {
  const row = await db('api_keys as k')
    .join('accounts as a', 'a.id', 'k.account_id')
    .join('plans as p', 'p.id', 'a.plan_id')
    .where('k.id', keyId)
    .first(
      'k.id as key_id',
      'k.account_id',
      'k.expires_at',
      'k.revoked_at',
      'k.mode',
      'p.id as plan_id',
      'p.label as plan_label',
      'p.requests_per_minute',
      'p.max_per_page',
      'p.max_results',
      'p.max_concurrent_extractions',
    );
  if (!row) return undefined;
  return {
    key_id: row.key_id,
    account_id: row.account_id,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    mode: row.mode,
    plan: {
      id: row.plan_id,
      label: row.plan_label,
      requests_per_minute: row.requests_per_minute,
      max_per_page: row.max_per_page,
      max_results: row.max_results,
      max_concurrent_extractions: row.max_concurrent_extractions,
    },
  };
}

export async function findApiKey(db: Knex, keyId: string): Promise<ApiKeyRow | undefined> {
  return db<ApiKeyRow>('api_keys').where({ id: keyId }).first();
}

/** Revokes a key (keeping the first revocation time); undefined when no such key (for that account, of that mode). */
export async function revokeApiKey(db: Knex, keyId: string, accountId?: string, mode?: Mode): Promise<ApiKeyRow | undefined> {
  const query = db<ApiKeyRow>('api_keys').where({ id: keyId });
  if (accountId) query.andWhere({ account_id: accountId });
  if (mode) query.andWhere({ mode });
  const [row] = await query
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') as unknown as Date })
    .returning('*');
  return row;
}

export async function listApiKeys(
  db: Knex,
  accountId: string,
  page: PageWindow,
  mode?: Mode,
): Promise<{ total: number; rows: ApiKeyRow[] }> {
  return newestFirst<ApiKeyRow>(db, 'api_keys', mode ? { account_id: accountId, mode } : { account_id: accountId }, page);
}
