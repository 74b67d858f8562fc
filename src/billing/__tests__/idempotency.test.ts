/**
 * Idempotency keys (src/billing/idempotencyService.ts), alone, with a stand-in operation: one run
 * per key, the stored answer replayed, another body refused, a failure releasing the key, a
 * concurrent replay told to retry, and a key left running by a dead process taken over.
 */
import { IdempotencyService, requestHash, ABANDONED_AFTER_MS } from '../idempotencyService';
import { createTestContext, type TestContext } from '../../../test/helpers/app';

let ctx: TestContext;
let service: IdempotencyService;
beforeAll(async () => {
  ctx = await createTestContext();
  service = new IdempotencyService(ctx.database.knex);
});
afterAll(() => ctx.close());

/** An operation that counts its runs and stores its answer in its own transaction. */
function counted() {
  const op = {
    runs: 0,
    run: (body: { n: number }) => async (complete: (trx: never, status: number, body: { n: number }) => Promise<void>) => {
      op.runs++;
      await ctx.database.knex.transaction((trx) => complete(trx as never, 201, body));
      return { status: 201, body };
    },
  };
  return op;
}

test('without a key the operation runs every time', async () => {
  const acct = await ctx.account({ credits: 1 });
  const op = counted();
  await service.once(acct.account_id, undefined, requestHash({ a: 1 }), op.run({ n: 1 }));
  const second = await service.once(acct.account_id, undefined, requestHash({ a: 1 }), op.run({ n: 2 }));
  expect(op.runs).toBe(2);
  expect(second).toEqual({ status: 201, body: { n: 2 }, replayed: false });
});

test('a replay with the same key and request answers the stored answer without running', async () => {
  const acct = await ctx.account({ credits: 1 });
  const op = counted();
  const first = await service.once(acct.account_id, 'k-1', requestHash({ a: 1 }), op.run({ n: 1 }));
  const again = await service.once(acct.account_id, 'k-1', requestHash({ a: 1 }), op.run({ n: 99 }));
  expect(first).toEqual({ status: 201, body: { n: 1 }, replayed: false });
  expect(again).toEqual({ status: 201, body: { n: 1 }, replayed: true });
  expect(op.runs).toBe(1);
  // Keys belong to an account: another account's same key runs.
  const other = await ctx.account({ credits: 1 });
  expect(await service.once(other.account_id, 'k-1', requestHash({ a: 1 }), op.run({ n: 3 }))).toEqual({ status: 201, body: { n: 3 }, replayed: false });
});

test('the same key with another request is refused with idempotency_key_reused', async () => {
  const acct = await ctx.account({ credits: 1 });
  const op = counted();
  await service.once(acct.account_id, 'k-2', requestHash({ a: 1 }), op.run({ n: 1 }));
  await expect(service.once(acct.account_id, 'k-2', requestHash({ a: 2 }), op.run({ n: 2 }))).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  expect(op.runs).toBe(1);
});

test('a failed operation releases its key: the retry runs', async () => {
  const acct = await ctx.account({ credits: 1 });
  await expect(service.once(acct.account_id, 'k-3', requestHash({ a: 1 }), async () => Promise.reject(new Error('directories down')))).rejects.toThrow('directories down');
  expect(await ctx.database.knex('idempotency_keys').where({ account_id: acct.account_id, key: 'k-3' })).toEqual([]);
  const op = counted();
  expect(await service.once(acct.account_id, 'k-3', requestHash({ a: 1 }), op.run({ n: 1 }))).toEqual({ status: 201, body: { n: 1 }, replayed: false });
});

test('a replay while the first is running is told to retry; a key abandoned while running is taken over', async () => {
  const acct = await ctx.account({ credits: 1 });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slow = service.once(acct.account_id, 'k-4', requestHash({ a: 1 }), async (complete) => {
    await gate;
    await ctx.database.knex.transaction((trx) => complete(trx, 200, { n: 1 }));
    return { status: 200, body: { n: 1 } };
  });
  await new Promise((r) => setTimeout(r, 50));
  await expect(service.once(acct.account_id, 'k-4', requestHash({ a: 1 }), counted().run({ n: 2 }))).rejects.toMatchObject({ code: 'idempotency_in_progress' });
  release();
  expect(await slow).toEqual({ status: 200, body: { n: 1 }, replayed: false });

  // A process died holding 'k-5': after ABANDONED_AFTER_MS, a new request takes it over.
  await ctx.database.knex('idempotency_keys').insert({ account_id: acct.account_id, key: 'k-5', request_hash: requestHash({ a: 1 }), state: 'running', created_at: new Date(Date.now() - ABANDONED_AFTER_MS - 1000) });
  const op = counted();
  expect(await service.once(acct.account_id, 'k-5', requestHash({ a: 1 }), op.run({ n: 5 }))).toEqual({ status: 201, body: { n: 5 }, replayed: false });
  expect(op.runs).toBe(1);
});

describe('leases', () => {
  test('a key whose owner died is taken over as soon as its lease is over, not minutes later', async () => {
    const acct = await ctx.account({ credits: 1 });
    // A process claimed 'k-6' for 30 s and was killed 31 s ago; 'k-7' is still within its lease.
    await ctx.database.knex('idempotency_keys').insert([
      { account_id: acct.account_id, key: 'k-6', request_hash: requestHash({ a: 1 }), state: 'running', owner: '00000000-0000-4000-8000-000000000006', created_at: new Date(Date.now() - 61_000), lease_until: new Date(Date.now() - 31_000) },
      { account_id: acct.account_id, key: 'k-7', request_hash: requestHash({ a: 1 }), state: 'running', owner: '00000000-0000-4000-8000-000000000007', created_at: new Date(Date.now() - 1_000), lease_until: new Date(Date.now() + 29_000) },
    ]);
    const op = counted();
    expect(await service.once(acct.account_id, 'k-6', requestHash({ a: 1 }), op.run({ n: 6 }))).toEqual({ status: 201, body: { n: 6 }, replayed: false });
    await expect(service.once(acct.account_id, 'k-7', requestHash({ a: 1 }), op.run({ n: 7 }))).rejects.toMatchObject({ code: 'idempotency_in_progress' });
    expect(op.runs).toBe(1);
    const rows = await ctx.database.knex('idempotency_keys').where({ account_id: acct.account_id }).orderBy('key');
    expect(rows.map((r) => [r.key, r.state])).toEqual([['k-6', 'done'], ['k-7', 'running']]);
  });

  test('an owner that outlived its lease cannot commit: its transaction is rolled back and the key stays with the request that took it over', async () => {
    const acct = await ctx.account({ credits: 5 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const late = service.once(
      acct.account_id,
      'k-8',
      requestHash({ a: 1 }),
      async (complete) => {
        await gate;
        await ctx.database.knex.transaction(async (trx) => {
          await trx('accounts').where({ id: acct.account_id }).decrement('credit_balance', 1);
          await complete(trx, 200, { n: 1 });
        });
        return { status: 200, body: { n: 1 } };
      },
      { leaseMs: 100 },
    );
    await new Promise((r) => setTimeout(r, 300));
    const op = counted();
    expect(await service.once(acct.account_id, 'k-8', requestHash({ a: 1 }), op.run({ n: 2 }))).toEqual({ status: 201, body: { n: 2 }, replayed: false });
    release();
    await expect(late).rejects.toMatchObject({ code: 'service_unavailable' });
    expect((await ctx.database.knex('accounts').where({ id: acct.account_id }).first()).credit_balance).toBe(5);
    expect(await service.once(acct.account_id, 'k-8', requestHash({ a: 1 }), op.run({ n: 3 }))).toEqual({ status: 201, body: { n: 2 }, replayed: true });
  });
});
