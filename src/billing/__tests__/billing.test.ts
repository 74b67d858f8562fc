/**
 * Billing per item (src/billing/billingService.ts), alone: what is kept, what is charged, the ledger
 * row, concurrent charges of one account, and a failure after the charge leaving nothing.
 */
import { listLedger } from '../creditRepository';
import { chargePerItem } from '../billingService';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const balance = async (id: string) => (await ctx.database.knex('accounts').where({ id }).first()).credit_balance as number;
const items = ['a+', 'b', 'c+', 'd+', 'e', 'f+'];
const billable = (s: string) => s.endsWith('+');

test('keeps every free item and the billable ones the balance pays for, in order, and writes one ledger row', async () => {
  const acct = await ctx.account({ credits: 2 });
  const charge = await ctx.database.knex.transaction((trx) => chargePerItem(trx, { accountId: acct.account_id, items, billable, reason: 'test', reference: 'op-1' }));
  expect(charge).toEqual({ kept: ['a+', 'b', 'c+', 'e'], paid: 2, balanceBefore: 2, billableFound: 4 });
  expect(await balance(acct.account_id)).toBe(0);
  const ledger = await listLedger(ctx.database.knex, acct.account_id);
  expect(ledger.map((r) => [r.delta, r.balance_after, r.reason, r.reference])).toEqual([
    [2, 2, 'opening balance', null],
    [-2, 0, 'test', 'op-1'],
  ]);
});

test('nothing billable: nothing charged, no ledger row', async () => {
  const acct = await ctx.account({ credits: 5 });
  const charge = await ctx.database.knex.transaction((trx) => chargePerItem(trx, { accountId: acct.account_id, items: ['b', 'e'], billable, reason: 'test', reference: 'op-2' }));
  expect(charge).toEqual({ kept: ['b', 'e'], paid: 0, balanceBefore: 5, billableFound: 0 });
  expect((await listLedger(ctx.database.knex, acct.account_id)).map((r) => r.reason)).toEqual(['opening balance']);
});

test('a failure after the charge, in the same transaction, leaves the balance and the ledger as they were', async () => {
  const acct = await ctx.account({ credits: 10 });
  await expect(
    ctx.database.knex.transaction(async (trx) => {
      await chargePerItem(trx, { accountId: acct.account_id, items, billable, reason: 'test', reference: 'op-3' });
      throw new Error('writing the items failed');
    }),
  ).rejects.toThrow('writing the items failed');
  expect(await balance(acct.account_id)).toBe(10);
  expect(await listLedger(ctx.database.knex, acct.account_id)).toHaveLength(1);
});

test('concurrent charges of one account never spend the same credit', async () => {
  const acct = await ctx.account({ credits: 5 });
  const charges = await Promise.all(
    [1, 2, 3, 4].map((n) => ctx.database.knex.transaction((trx) => chargePerItem(trx, { accountId: acct.account_id, items, billable, reason: 'test', reference: `op-c${n}` }))),
  );
  expect(charges.reduce((sum, c) => sum + c.paid, 0)).toBe(5);
  expect(await balance(acct.account_id)).toBe(0);
  const ledger = await listLedger(ctx.database.knex, acct.account_id);
  expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(0);
});
