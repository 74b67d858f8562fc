import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../platform/errors';
import * as accounts from './accountRepository';
import { applyCreditChange, listLedgerPage, type LedgerRow } from '../billing';
import type { LedgerEntry, LedgerPage, Me, PlanId } from '../platform/types';
import { UUID, type ApiKeyService, type Principal } from './apiKeyService';

/** A plan id the plans table does not have (the CLI reads it as a usage error). */
export class UnknownPlanError extends Error {}

export class AccountService {
  constructor(
    private readonly db: Knex,
    private readonly apiKeys: ApiKeyService,
  ) {}

  /** Creates an account, its first API key and its opening credit grant, all or nothing. */
  async create(input: { name: string; plan: string; credits: number }): Promise<{ account_id: string; key_id: string; api_key: string }> {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 200) throw new Error('the account name must be 1 to 200 characters');
    if (!Number.isInteger(input.credits) || input.credits < 0) throw new Error('credits must be a whole number, 0 or more');
    return this.db.transaction(async (trx) => {
      const plan = await accounts.findPlan(trx, input.plan);
      if (!plan) {
        const known = (await accounts.listPlans(trx)).map((p) => p.id).join(', ');
        throw new UnknownPlanError(`unknown plan "${input.plan}" (plans: ${known})`);
      }
      const account = await accounts.insertAccount(trx, { id: crypto.randomUUID(), name, plan_id: plan.id as PlanId });
      if (input.credits > 0) {
        await applyCreditChange(trx, { accountId: account.id, delta: input.credits, reason: 'opening balance' });
      }
      const key = await this.apiKeys.issue(account.id, { name: 'initial key' }, trx);
      return { account_id: account.id, key_id: key.id, api_key: key.api_key };
    });
  }

  /** The account, or an error naming the id that does not exist. */
  async get(accountId: string): Promise<accounts.AccountRow> {
    const account = await accounts.findAccount(this.db, accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    return account;
  }

  /** Adds (or, with a negative amount, removes) credits, writing the ledger row. */
  async addCredits(accountId: string, amount: number, reason: string, reference?: string): Promise<LedgerRow> {
    if (!Number.isInteger(amount) || amount === 0) throw new Error('the amount must be a non-zero whole number');
    if (reason.trim() === '') throw new Error('a reason is required');
    const account = await this.get(accountId);
    const row = await applyCreditChange(this.db, { accountId, delta: amount, reason: reason.trim(), reference });
    if (!row) throw new Error(`the balance of ${accountId} (${account.credit_balance}) cannot go below zero`);
    return row;
  }

  /** One page of the account's credit movements, newest first. */
  async ledger(accountId: string, page: number, perPage: number): Promise<LedgerPage> {
    const { total, rows } = await listLedgerPage(this.db, accountId, { offset: (page - 1) * perPage, limit: perPage });
    return { total, page, pages: Math.ceil(total / perPage), items: rows.map(toLedgerEntry) };
  }

  async me(principal: Principal): Promise<Me> {
    const account = await accounts.findAccount(this.db, principal.accountId);
    if (!account) throw new AppError('invalid_api_key', 'The API key is not known.');
    const { plan } = principal;
    return {
      id: account.id,
      name: account.name,
      plan: { id: plan.id, label: plan.label },
      limits: {
        requests_per_minute: plan.requests_per_minute,
        max_per_page: plan.max_per_page,
        max_results: plan.max_results,
        max_concurrent_extractions: plan.max_concurrent_extractions,
      },
      credit_balance: account.credit_balance,
      created_at: account.created_at.toISOString(),
      key_id: principal.keyId,
      mode: principal.mode,
    };
  }
}

/** Extraction charges (and test-mode extractions' zero rows) reference their task; other movements (grants, corrections) have none. */
const TASK_REASONS = new Set(['scraping', 'scraping_test']);

function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: String(row.id),
    created_at: row.created_at.toISOString(),
    amount: row.delta,
    balance_after: row.balance_after,
    reason: row.reason,
    task_id: TASK_REASONS.has(row.reason) && row.reference && UUID.test(row.reference) ? row.reference : null,
  };
}
