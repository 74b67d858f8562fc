import type { Express } from 'express';
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import request from 'supertest';
import { createApp } from '../src/app';
import { createLogger } from '../src/platform/logger';
import { createStore, json, operatorEnv, refused, runCli, storeTables, type CliRun, type Store } from './helpers/operator';

// The operator's CLI, `npm run --silent cli -- <command>`, run as a child process on a store of
// this file's own: a fresh DATA_DIR (embedded PostgreSQL) or, with DATABASE_URL, a fresh database.
// The tests follow one account through its life, so they run in order and build on each other.

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let store: Store;
beforeAll(async () => {
  store = await createStore();
});
afterAll(async () => {
  await store?.remove();
});

const cli = (...args: string[]) => runCli(args, store.env);

/**
 * Opens the store the CLI wrote (only between CLI runs: PGlite holds its directory exclusively)
 * with the app built in-process over it, the way `npm start` would serve it.
 */
async function inStore<T>(fn: (s: { knex: Knex; app: Express }) => Promise<T>): Promise<T> {
  const { database, apiKeySecret } = await store.open();
  try {
    const app = createApp({ db: database.knex, apiKeySecret, logger: createLogger('silent'), validateResponses: 'error' });
    return await fn({ knex: database.knex, app });
  } finally {
    await database.close();
  }
}

const me = (app: Express, key: string) => request(app).get('/v1/me').set('Authorization', `Bearer ${key}`);


async function ledgerAndBalance(accountId: string) {
  return inStore(async ({ knex }) => ({
    balance: (await knex('accounts').where({ id: accountId }).first()).credit_balance as number,
    ledger: await knex('credit_ledger').where({ account_id: accountId }).orderBy('id'),
  }));
}

describe('npm run cli', () => {
  let account: { account_id: string; key_id: string; api_key: string };
  let second: { key_id: string; api_key: string };

  test('accounts create, the first command ever on a brand-new store, creates the schema and prints only the account id, key id and key as JSON', async () => {
    expect(await storeTables(store)).toEqual([]);

    const run = await cli('accounts', 'create', '--name', 'Sarl Tassili Export', '--plan', 'sales_team', '--credits', '120');

    const out = json(run);
    expect(Object.keys(out).sort()).toEqual(['account_id', 'api_key', 'key_id']);
    expect(out.account_id).toMatch(UUID);
    expect(out.key_id).toMatch(UUID);
    expect(typeof out.api_key).toBe('string');
    account = out as typeof account;
    // The key names its account and itself.
    expect(jwt.decode(account.api_key)).toMatchObject({ sub: account.account_id, jti: account.key_id });
    expect(await storeTables(store)).toEqual(expect.arrayContaining(['accounts', 'api_keys', 'credit_ledger', 'plans']));
  });

  test('the printed key works: it authenticates as the new account, whose balance is --credits and explained by a ledger row', async () => {
    expect(account).toBeDefined();
    await inStore(async ({ app, knex }) => {
      const res = await me(app, account.api_key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: account.account_id,
        name: 'Sarl Tassili Export',
        plan: { id: 'sales_team', label: 'Sales team' },
        credit_balance: 120,
        key_id: account.key_id,
      });
      const ledger = await knex('credit_ledger').where({ account_id: account.account_id });
      expect(ledger).toEqual([expect.objectContaining({ delta: 120, balance_after: 120, reason: 'opening balance' })]);
    });
  });

  test('keys create gives the account a second key that works alongside the first', async () => {
    const out = json(await cli('keys', 'create', '--account', account.account_id));
    expect(Object.keys(out).sort()).toEqual(['api_key', 'key_id']);
    second = out as typeof second;
    expect(second.key_id).toMatch(UUID);
    expect(second.key_id).not.toBe(account.key_id);

    await inStore(async ({ app }) => {
      const viaSecond = await me(app, second.api_key);
      expect(viaSecond.status).toBe(200);
      expect(viaSecond.body).toMatchObject({ id: account.account_id, key_id: second.key_id });
      expect((await me(app, account.api_key)).body).toMatchObject({ id: account.account_id, key_id: account.key_id });
    });
  });

  test('keys revoke makes that key refused with 401 revoked_api_key while the other key still works', async () => {
    const out = json(await cli('keys', 'revoke', account.key_id));
    expect(out).toMatchObject({ key_id: account.key_id, revoked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    await inStore(async ({ app }) => {
      const revoked = await me(app, account.api_key);
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe('revoked_api_key');
      const other = await me(app, second.api_key);
      expect(other.status).toBe(200);
      expect(other.body.key_id).toBe(second.key_id);
    });
  });

  test('credits add writes a ledger row with the delta, the balance after and the reason, and changes the balance', async () => {
    const reason = 'Top-up: invoice "F-2025/042", paid by transfer';
    const out = json(
      await cli('credits', 'add', '--account', account.account_id, '--amount', '250', '--reason', reason, '--reference', 'F-2025/042'),
    );
    expect(out).toEqual({ account_id: account.account_id, delta: 250, balance: 370, ledger_id: expect.any(Number) });

    await inStore(async ({ app, knex }) => {
      expect((await me(app, second.api_key)).body.credit_balance).toBe(370);
      const ledger = await knex('credit_ledger').where({ account_id: account.account_id }).orderBy('id');
      expect(ledger).toHaveLength(2);
      expect(ledger[1]).toMatchObject({ id: out.ledger_id, delta: 250, balance_after: 370, reason, reference: 'F-2025/042' });
    });
  });

  test('credits add that would take the balance below zero fails with a message on stderr and changes neither the balance nor the ledger', async () => {
    const before = await ledgerAndBalance(account.account_id);
    expect(before.balance).toBe(370);

    const run = await cli('credits', 'add', '--account', account.account_id, '--amount=-371', '--reason', 'refund');

    refused(run, /below zero/);
    expect(await ledgerAndBalance(account.account_id)).toEqual(before);
  });

  test('an unknown plan is a usage error (exit 2, the usage printed), with nothing on stdout, and creates no account', async () => {
    const run = await cli('accounts', 'create', '--name', 'Eurl Hoggar', '--plan', 'gold', '--credits', '10');
    refused(run, /unknown plan "gold".*sales_team, enterprise/);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run cli -- <command>');
    expect(await inStore(async ({ knex }) => knex('accounts').pluck('name'))).toEqual(['Sarl Tassili Export']);
  });

  test('keys create --mode test makes a test key (pk_test_, GET /v1/me says test); another --mode is a usage error (exit 2)', async () => {
    const out = json(await cli('keys', 'create', '--account', account.account_id, '--mode', 'test', '--name', 'sandbox'));
    expect(Object.keys(out).sort()).toEqual(['api_key', 'key_id']);
    expect(String(out.api_key)).toMatch(/^pk_test_eyJ/);
    await inStore(async ({ app }) => {
      expect((await me(app, String(out.api_key))).body).toMatchObject({ id: account.account_id, key_id: out.key_id, mode: 'test' });
    });
    const run = await cli('keys', 'create', '--account', account.account_id, '--mode', 'sandbox');
    refused(run, /--mode must be live or test \(got "sandbox"\)/);
    expect(run.code).toBe(2);
  });

  describe('refuses, with a non-zero exit, a message on stderr and nothing on stdout,', () => {
    // These fail before touching the store, so they can run side by side.
    let runs: Record<string, CliRun>;
    beforeAll(async () => {
      const cases: Record<string, [string[], NodeJS.ProcessEnv]> = {
        missingName: [['accounts', 'create', '--plan', 'enterprise', '--credits', '10'], store.env],
        badAccountId: [['keys', 'create', '--account', 'acct-42'], store.env],
        unknownCommand: [['accounts', 'delete', '--name', 'x'], store.env],
        badConfig: [
          ['keys', 'revoke', '00000000-0000-4000-8000-000000000000'],
          operatorEnv({ DATA_DIR: store.dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }),
        ],
      };
      const entries = await Promise.all(
        Object.entries(cases).map(async ([name, [args, env]]) => [name, await runCli(args, env)] as const),
      );
      runs = Object.fromEntries(entries);
    });

    test('accounts create without --name', () => {
      refused(runs.missingName, /--name is required/);
      expect(runs.missingName.code).toBe(2);
    });

    test('keys create with an account id that is not a UUID', () => {
      refused(runs.badAccountId, /--account must be a UUID \(got "acct-42"\)/);
    });

    test('an unknown command', () => {
      refused(runs.unknownCommand, /unknown command "accounts delete"/);
    });

    test('a bad configuration (DATABASE_URL without API_KEY_SECRET), naming the variable', () => {
      refused(runs.badConfig, /API_KEY_SECRET is required when DATABASE_URL is set/);
    });
  });
});
