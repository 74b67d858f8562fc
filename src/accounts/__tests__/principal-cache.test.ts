import request from 'supertest';
import type { Knex } from 'knex';
import { PrincipalCache } from '../principalCache';
import { blockContext, type TestContext } from '../../../test/helpers/app';

/**
 * Authentication keeps each key's row (key, account, plan) between requests, and forgets it
 * when PostgreSQL announces a change (migration 005). These tests count the key lookups the
 * app actually runs, and make changes behind its back as the CLI or an operator's SQL would.
 */
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/**
 * Runs `body` while counting the authentication lookups (the key -> account -> plan join) run
 * on a database; `count` answers how many so far.
 */
async function countingKeyLookups(knex: Knex, body: (count: () => number) => Promise<void>): Promise<void> {
  let n = 0;
  const onQuery = (q: { sql: string }) => {
    if (/from "api_keys" as "k" inner join "accounts"/.test(q.sql)) n++;
  };
  knex.on('query', onQuery);
  try {
    await body(() => n);
  } finally {
    knex.removeListener('query', onQuery);
  }
}

/** How many key lookups `requests` authenticated requests of a new account's key run. */
async function lookupsFor(ctx: TestContext, requests: number): Promise<number> {
  const acct = await ctx.account();
  let lookups = 0;
  await countingKeyLookups(ctx.database.knex, async (count) => {
    for (let i = 0; i < requests; i++) await secteurs(ctx, acct.api_key);
    lookups = count();
  });
  return lookups;
}

/** GET /v1/secteurs with `key`, answered 200. */
const secteurs = (ctx: TestContext, key: string) => request(ctx.app).get('/v1/secteurs').set(bearer(key)).expect(200);

describe('the authentication cache', () => {
  const ctx = blockContext();

  test('is listening once started, and a key is looked up once for many requests', async () => {
    expect(ctx().principalCache.active).toBe(true);
    expect(await lookupsFor(ctx(), 5)).toBe(1);
  });

  test('a revocation written in the database by another session refuses the key once announced', async () => {
    const acct = await ctx().account();
    const other = await ctx().services.apiKeys.issue(acct.account_id, { name: 'other' });
    await request(ctx().app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
    await request(ctx().app).get('/v1/me').set(bearer(other.api_key)).expect(200);

    await ctx().announced(() => ctx().database.knex('api_keys').where({ id: acct.key_id }).update({ revoked_at: new Date() }));

    const refused = await request(ctx().app).get('/v1/me').set(bearer(acct.api_key)).expect(401);
    expect(refused.body.code).toBe('revoked_api_key');
    await request(ctx().app).get('/v1/me').set(bearer(other.api_key)).expect(200);
  });

  test("a plan's limits edited in the database apply to the next request once announced", async () => {
    const acct = await ctx().account({ plan: 'enterprise' });
    const before = await secteurs(ctx(), acct.api_key);
    expect(before.headers['ratelimit-policy']).toBe('"per-account";q=500;w=60');
    try {
      await ctx().announced(() => ctx().database.knex('plans').where({ id: 'enterprise' }).update({ requests_per_minute: 700 }));
      const after = await secteurs(ctx(), acct.api_key);
      expect(after.headers['ratelimit-policy']).toBe('"per-account";q=700;w=60');
    } finally {
      await ctx().announced(() => ctx().database.knex('plans').where({ id: 'enterprise' }).update({ requests_per_minute: 500 }));
    }
  });

  test('a credit balance change announces nothing and keeps the cache', async () => {
    const acct = await ctx().account();
    await secteurs(ctx(), acct.api_key);
    const generation = ctx().principalCache.generation;
    await ctx().services.accounts.addCredits(acct.account_id, 5, 'top-up');
    await request(ctx().app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
    expect(ctx().principalCache.generation).toBe(generation);
  });

  test('a row read while a change was announced is not kept', () => {
    const cache = new PrincipalCache({ ttlMs: 5000 });
    // Not started: nothing is kept or served.
    const row = { key_id: 'k', account_id: 'a', expires_at: null, revoked_at: null, mode: 'live' as const, plan: { id: 'sales_team' as const, label: 'Sales team', requests_per_minute: 1, max_per_page: 1, max_results: 1, max_concurrent_extractions: 1 } };
    cache.set('k', row, cache.generation, Date.now());
    expect(cache.get('k')).toBeUndefined();
    (cache as unknown as { listening: boolean }).listening = true;
    const generation = cache.generation;
    cache.invalidate();
    cache.set('k', row, generation, Date.now());
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', row, cache.generation, Date.now());
    expect(cache.get('k')).toBe(row);
  });
});

describe('the authentication cache with a short lifetime', () => {
  const ctx = blockContext({ authCacheTtlMs: 300 });

  test('a row older than AUTH_CACHE_TTL_MS is read again, notification or not', async () => {
    // A first request compiles the contract's validators: not timed.
    await secteurs(ctx(), (await ctx().account()).api_key);
    const acct = await ctx().account();
    await countingKeyLookups(ctx().database.knex, async (lookups) => {
      await secteurs(ctx(), acct.api_key);
      await secteurs(ctx(), acct.api_key);
      expect(lookups()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await secteurs(ctx(), acct.api_key);
      expect(lookups()).toBe(2);
    });
  });
});

describe('the authentication cache turned off', () => {
  const ctx = blockContext({ authCacheTtlMs: 0 });

  test('AUTH_CACHE_TTL_MS=0 looks the key up on every request', async () => {
    expect(ctx().principalCache.active).toBe(false);
    expect(await lookupsFor(ctx(), 3)).toBe(3);
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the authentication cache when its notification connection is lost (PostgreSQL)', () => {
  const ctx = blockContext();

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(condition()).toBe(true);
  };

  test('reads the database on every request until it listens again, then caches again', async () => {
    const acct = await ctx().account();
    await secteurs(ctx(), acct.api_key);
    const killed = await ctx().database.knex.raw(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and query like 'listen %'`,
    );
    expect(killed.rows).toHaveLength(1);
    await until(() => !ctx().principalCache.active);

    await countingKeyLookups(ctx().database.knex, async (lookups) => {
      // The row kept before the loss is gone, and nothing is kept while deaf.
      await secteurs(ctx(), acct.api_key);
      await secteurs(ctx(), acct.api_key);
      expect(lookups()).toBe(2);

      await until(() => ctx().principalCache.active);
      await secteurs(ctx(), acct.api_key);
      await secteurs(ctx(), acct.api_key);
      expect(lookups()).toBe(3);
    });
  });
});
