import { applyCreditChange, listLedger } from '../creditRepository';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const balance = async (id: string) => (await ctx.database.knex('accounts').where({ id }).first()).credit_balance as number;

describe('credits and the ledger', () => {
  test('an account opens with its credits and a ledger row that explains them', async () => {
    const acct = await ctx.account({ credits: 120 });
    expect(await balance(acct.account_id)).toBe(120);
    expect(await listLedger(ctx.database.knex, acct.account_id)).toEqual([
      expect.objectContaining({ delta: 120, balance_after: 120, reason: 'opening balance', reference: null }),
    ]);
  });

  test('an account opened with no credit has no ledger row', async () => {
    const acct = await ctx.account({ credits: 0 });
    expect(await balance(acct.account_id)).toBe(0);
    expect(await listLedger(ctx.database.knex, acct.account_id)).toEqual([]);
  });

  test('every change is a row, and the rows always add up to the balance', async () => {
    const acct = await ctx.account({ credits: 10 });
    await ctx.services.accounts.addCredits(acct.account_id, 50, 'top-up', 'invoice-7');
    await applyCreditChange(ctx.database.knex, { accountId: acct.account_id, delta: -35, reason: 'scraping', reference: 'task-1' });
    const ledger = await listLedger(ctx.database.knex, acct.account_id);
    expect(ledger.map((r) => [r.delta, r.balance_after, r.reason, r.reference])).toEqual([
      [10, 10, 'opening balance', null],
      [50, 60, 'top-up', 'invoice-7'],
      [-35, 25, 'scraping', 'task-1'],
    ]);
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(await balance(acct.account_id));
  });

  test('a change that would go below zero is refused and writes nothing', async () => {
    const acct = await ctx.account({ credits: 5 });
    const result = await applyCreditChange(ctx.database.knex, { accountId: acct.account_id, delta: -6, reason: 'scraping' });
    expect(result).toBeUndefined();
    expect(await balance(acct.account_id)).toBe(5);
    expect(await listLedger(ctx.database.knex, acct.account_id)).toHaveLength(1);
    await expect(ctx.services.accounts.addCredits(acct.account_id, -6, 'correction')).rejects.toThrow(/below zero/);
    expect(await balance(acct.account_id)).toBe(5);
  });

  test('the database itself refuses a negative balance (CHECK constraint)', async () => {
    const acct = await ctx.account({ credits: 1 });
    await expect(ctx.database.knex('accounts').where({ id: acct.account_id }).update({ credit_balance: -1 })).rejects.toThrow(
      /accounts_credit_balance_not_negative/,
    );
  });

  test('concurrent debits never overdraw: exactly as many succeed as the balance allows', async () => {
    const acct = await ctx.account({ credits: 10 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        applyCreditChange(ctx.database.knex, { accountId: acct.account_id, delta: -3, reason: 'scraping', reference: `t${i}` }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await balance(acct.account_id)).toBe(1);
    const ledger = await listLedger(ctx.database.knex, acct.account_id);
    expect(ledger).toHaveLength(4);
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(1);
  });

  test('adding credits to an unknown account fails and writes nothing', async () => {
    await expect(ctx.services.accounts.addCredits('00000000-0000-4000-8000-000000000000', 5, 'gift')).rejects.toThrow(/no account/);
    expect(await ctx.database.knex('credit_ledger').where({ account_id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  test('plans are data: their limits come from the plans table', async () => {
    const plans = await ctx.database.knex('plans').orderBy('id');
    expect(plans).toEqual([
      { id: 'enterprise', label: 'Enterprise', requests_per_minute: 500, max_per_page: 100, max_results: 100, max_concurrent_extractions: 5 },
      { id: 'sales_team', label: 'Sales team', requests_per_minute: 150, max_per_page: 100, max_results: 100, max_concurrent_extractions: 2 },
    ]);
  });
});
