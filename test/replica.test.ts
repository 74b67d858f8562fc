import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { openDatabase, type Database } from '../src/platform/db';
import { upsertCompanies } from '../src/search/companyRepository';
import { PoliteFetcher } from '../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../src/extraction/sampleDirectory';
import { createTestContext, type TestContext } from './helpers/app';
import { companyInput } from './helpers/companies';

// Searches on a real streaming replica (scripts/replica.sh starts one on 127.0.0.1:5433).
// Runs when DATABASE_URL is set and a hot standby of that same server answers at REPLICA_URL;
// skipped otherwise, saying why. The replica's replay is paused by some tests (always resumed).
// These contexts have no search index: the index follows the primary, and what reads the
// replica is the SQL search (while the index loads, or with SEARCH_INDEX=off).

jest.setTimeout(60_000);

const REPLICA_URL = process.env.REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';

/** Why the test cannot run here, or undefined. Synchronous: jest must know before collecting. */
function whyNoReplica(): string | undefined {
  const primary = process.env.DATABASE_URL;
  if (!primary) return 'DATABASE_URL is not set';
  const probe = `
    const { Client } = require('pg');
    const ask = async (url, sql) => {
      const c = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      await c.connect();
      try { return (await c.query(sql)).rows[0]; } finally { await c.end(); }
    };
    (async () => {
      const r = await ask(process.argv[2], "select pg_is_in_recovery() as standby, system_identifier::text as id, (select status from pg_stat_wal_receiver) as receiver from pg_control_system()");
      const p = await ask(process.argv[1], 'select system_identifier::text as id from pg_control_system()');
      if (!r.standby) return 'is not in recovery (not a standby)';
      if (r.id !== p.id) return 'is not a replica of DATABASE_URL (another system identifier)';
      if (r.receiver !== 'streaming') return 'is not streaming from the primary (' + (r.receiver ?? 'no WAL receiver') + ')';
      return 'ok';
    })().then((m) => console.log(m), (e) => console.log('does not answer (' + e.message + ')'));`;
  const out = spawnSync(process.execPath, ['-e', probe, primary, REPLICA_URL], { encoding: 'utf8', timeout: 10_000 });
  const answer = (out.stdout ?? '').trim();
  if (answer === 'ok') return undefined;
  const where = new URL(REPLICA_URL);
  return `the replica at ${where.host} (REPLICA_URL) ${answer || 'could not be probed'}; scripts/replica.sh starts one`;
}

const skipReason = whyNoReplica();
if (skipReason) {
  // Once per run of this file, so that a skipped replica test says why.
  process.stdout.write(`replica.test.ts skipped: ${skipReason}\n`);
}
const describeWithReplica = skipReason ? describe.skip : describe;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts the queries each pool runs, by a pattern of their SQL. */
function queryCounter(knex: Knex) {
  const seen: string[] = [];
  knex.on('query', (q: { sql: string }) => seen.push(q.sql));
  return {
    reset: () => void seen.splice(0),
    count: (pattern: RegExp) => seen.filter((sql) => pattern.test(sql)).length,
  };
}

const COMPANY_SQL = /\bcompan(y|ies)\b|company_data_version|company_counts|search_count_cache/;

describeWithReplica('searches on a streaming read replica (DATABASE_READ_URL)', () => {
  let admin: Knex;
  let name: string;
  let urls: { databaseUrl: string; databaseReadUrl: string };
  let database: Database;
  let ctx: TestContext;
  let sample: SampleDirectory;
  let onPrimary: ReturnType<typeof queryCounter>;
  let onReplica: ReturnType<typeof queryCounter>;
  const scraping = { sources: [] as SampleDirectory['source'][], fetcher: new PoliteFetcher({ userAgent: 'ProspectingTest/0.1', timeoutMs: 2000 }), deadlineMs: 10_000 };

  const replicaPaused = async (paused: boolean) => {
    await database.reader.raw(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()');
  };
  /** Resolves once the replica has replayed everything the primary wrote so far. */
  const caughtUp = async () => {
    const { rows } = await database.knex.raw('select pg_current_wal_insert_lsn()::text as lsn');
    for (let i = 0; i < 1000; i++) {
      const r = await database.reader.raw('select pg_last_wal_replay_lsn() >= ?::pg_lsn as done', [rows[0].lsn]);
      if (r.rows[0].done) return;
      await sleep(10);
    }
    throw new Error('the replica did not catch up in 10 s');
  };
  const search = (key: string, qs: string) => request(ctx.app).get(`/v1/entreprises?${qs}`).set('Authorization', `Bearer ${key}`);

  beforeAll(async () => {
    const base = new URL(process.env.DATABASE_URL as string);
    name = `t_${crypto.randomBytes(6).toString('hex')}`;
    admin = knexFactory({ client: 'pg', connection: base.toString(), pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    const primaryUrl = new URL(base);
    primaryUrl.pathname = `/${name}`;
    const replicaUrl = new URL(REPLICA_URL);
    replicaUrl.pathname = `/${name}`;
    // CREATE DATABASE replicates: wait until the standby has it.
    for (let i = 0; ; i++) {
      const probe = knexFactory({ client: 'pg', connection: replicaUrl.toString(), pool: { min: 0, max: 1 }, log: { warn: () => undefined } });
      const ok = await probe.raw('select 1').then(() => true, () => false);
      await probe.destroy();
      if (ok) break;
      if (i > 200) throw new Error(`database ${name} did not appear on the replica`);
      await sleep(50);
    }
    urls = { databaseUrl: primaryUrl.toString(), databaseReadUrl: replicaUrl.toString() };
    database = await openDatabase(urls);
    await replicaPaused(false); // a run killed while it was paused
    await caughtUp(); // the schema, migrated on the primary only
    sample = await startSampleDirectory();
    scraping.sources = [sample.source];
    ctx = await createTestContext({ database, scraping, fence: { waitMs: 300 }, searchIndex: false });
    onPrimary = queryCounter(database.knex);
    onReplica = queryCounter(database.reader);
  });

  afterEach(async () => {
    await replicaPaused(false); // whatever a failed test left
  });

  afterAll(async () => {
    await ctx?.close();
    await sample?.close();
    await admin?.raw(`drop database if exists ${name} with (force)`);
    await admin?.destroy();
  });

  test('the reader is the standby, the primary is not; migrations ran on the primary only', async () => {
    expect((await database.reader.raw('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);
    expect((await database.knex.raw('select pg_is_in_recovery() as r')).rows[0].r).toBe(false);
    expect(database.reader).not.toBe(database.knex);
    const tables = await database.reader.raw("select count(*)::int as n from information_schema.tables where table_name = 'companies'");
    expect(tables.rows[0].n).toBe(1);
    await request(ctx.app).get('/readyz').expect(200, { status: 'ready', replica: 'ok', replica_fallbacks: 0 });
  });

  test('a search reads the companies from the replica, not the primary (a search with words too, whose count cache is not written there)', async () => {
    const { api_key } = await ctx.account();
    await upsertCompanies(database.knex, [
      companyInput('Replica Alpha BTP', { wilaya_code: 31, score_qualite: 80 }),
      companyInput('Replica Beta Services', { wilaya_code: 31, score_qualite: 60 }),
      companyInput('Autre Wilaya', { wilaya_code: 9 }),
    ]);
    await caughtUp();
    onPrimary.reset();
    onReplica.reset();
    const all = await search(api_key, 'wilayas=31');
    expect(all.status).toBe(200);
    expect(all.body.items.map((e: { nom: string }) => e.nom)).toEqual(['Replica Alpha BTP', 'Replica Beta Services']);
    expect(all.body.total).toBe(2);
    const words = await search(api_key, 'query=replica&wilayas=31');
    expect(words.status).toBe(200);
    expect(words.body.total).toBe(2);
    expect(onReplica.count(COMPANY_SQL)).toBeGreaterThanOrEqual(2);
    expect(onPrimary.count(COMPANY_SQL)).toBe(0);
    expect(ctx.reads.stats().replica).toBeGreaterThanOrEqual(2);
  });

  test('with the replica held back, a write is visible at once to the account that made it (through the primary), and to others once replayed', async () => {
    const writer = await ctx.account();
    const other = await ctx.account();
    await replicaPaused(true);
    try {
      await upsertCompanies(database.knex, [companyInput('Ecrite Pendant Pause', { wilaya_code: 5 })]);
      await ctx.reads.noteWrite(writer.account_id);
      // Another account reads the replica: it has not replayed the write (proof that the
      // replica serves searches, and lags).
      const stale = await search(other.api_key, 'wilayas=5');
      expect(stale.body.total).toBe(0);
      // The writer reads its write: the fence waited 300 ms, then read the primary.
      const before = ctx.reads.stats().primaryAfterWait;
      const started = Date.now();
      const own = await search(writer.api_key, 'wilayas=5');
      expect(own.body.items.map((e: { nom: string }) => e.nom)).toEqual(['Ecrite Pendant Pause']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(ctx.reads.stats().primaryAfterWait).toBe(before + 1);
    } finally {
      await replicaPaused(false);
    }
    await caughtUp();
    expect((await search(other.api_key, 'wilayas=5')).body.total).toBe(1);
    onPrimary.reset();
    expect((await search(writer.api_key, 'wilayas=5')).body.total).toBe(1);
    expect(onPrimary.count(COMPANY_SQL)).toBe(0); // back on the replica
  });

  test('an extraction on one instance: the account\'s next search on another instance sees its companies (no sticky sessions)', async () => {
    // A second instance: its own pools and fence over the same primary and replica.
    const second = await openDatabase(urls);
    const other = await createTestContext({ database: second, fence: { waitMs: 300 }, searchIndex: false });
    try {
      const writer = await ctx.account({ credits: 100 });
      await replicaPaused(true);
      const run = await request(ctx.app)
        .post('/v1/scraping/run')
        .set('Authorization', `Bearer ${writer.api_key}`)
        .send({ secteur: 'Agriculture', wilaya: 'Mila', max_results: 5 });
      expect(run.status).toBe(200);
      expect(run.body.results_found).toBeGreaterThan(0);
      const found = await request(other.app)
        .get('/v1/entreprises?wilayas=43&secteurs=Agriculture&per_page=100')
        .set('Authorization', `Bearer ${writer.api_key}`);
      expect(found.status).toBe(200);
      expect(found.body.items.map((e: { id: string }) => e.id).sort()).toEqual(run.body.entreprises.map((e: { id: string }) => e.id).sort());
      expect(other.reads.stats().primaryAfterWait).toBe(1);
    } finally {
      await replicaPaused(false);
      await other.close();
    }
  });

  test('an extraction notes its write: the account sees its new companies in its very next search, every time, none lost', async () => {
    const writer = await ctx.account({ credits: 1000 });
    const wilayas = [['Oran', 31], ['Tlemcen', 13], ['Blida', 9]] as const;
    let expected = 0;
    // Replay paused during the first run only: that search can find the companies only if the
    // run told the fence (it then reads the primary); the others race a replica that is live.
    await replicaPaused(true);
    for (const [wilaya, code] of wilayas) {
      const run = await request(ctx.app)
        .post('/v1/scraping/run')
        .set('Authorization', `Bearer ${writer.api_key}`)
        .send({ secteur: 'Commerce', wilaya, max_results: 5 });
      expect(run.status).toBe(200);
      expect(run.body.results_found).toBeGreaterThan(0);
      expected += run.body.results_found;
      // Straight away, whatever the replica's lag: each company found is found by a search.
      const found = await search(writer.api_key, `wilayas=${code}&secteurs=Commerce&per_page=100`);
      expect(found.status).toBe(200);
      const names = new Set(found.body.items.map((e: { id: string }) => e.id));
      for (const e of run.body.entreprises as { id: string }[]) expect(names.has(e.id)).toBe(true);
      await replicaPaused(false);
    }
    // Nothing lost: every company the runs wrote is on the primary and, once replayed, on the replica.
    const ids = await database.knex('companies').where({ secteur_id: 'commerce' }).pluck('id');
    await caughtUp();
    expect(await database.reader('companies').where({ secteur_id: 'commerce' }).pluck('id')).toEqual(expect.arrayContaining(ids));
    expect(ids.length).toBe(expected);
  });
});

describe('a read replica that does not answer (DATABASE_URL only)', () => {
  const maybe = process.env.DATABASE_URL ? test : test.skip;
  maybe('searches read the primary, /readyz stays ready and says so', async () => {
    const base = new URL(process.env.DATABASE_URL as string);
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: base.toString(), pool: { min: 0, max: 1 } });
    await admin.raw(`create database ${name}`);
    try {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const nowhere = new URL(url);
      nowhere.port = '1'; // nothing listens there
      const database = await openDatabase({ databaseUrl: url.toString(), databaseReadUrl: nowhere.toString() });
      const ctx = await createTestContext({ database, searchIndex: false });
      try {
        const { api_key } = await ctx.account();
        await upsertCompanies(database.knex, [companyInput('Sans Replique', { wilaya_code: 40 })]);
        for (let i = 0; i < 3; i++) {
          const res = await request(ctx.app).get('/v1/entreprises?wilayas=40').set('Authorization', `Bearer ${api_key}`);
          expect(res.status).toBe(200);
          expect(res.body.total).toBe(1);
        }
        const ready = await request(ctx.app).get('/readyz');
        expect(ready.status).toBe(200);
        expect(ready.body).toMatchObject({ status: 'ready', replica: 'unreachable' });
        expect(ready.body.replica_fallbacks).toBeGreaterThanOrEqual(3);
        expect(ctx.logLines().filter((l) => l.msg === 'read replica unreachable: reads go to the primary')).toHaveLength(1);
      } finally {
        await ctx.close();
      }
    } finally {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    }
  });
});
