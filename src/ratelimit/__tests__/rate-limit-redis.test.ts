/**
 * Rate limits with their counters in Redis: shared by several app instances, and kept up (in
 * process) when Redis goes away. Needs a `redis-server` binary and the Redis at REDIS_URL
 * (default redis://127.0.0.1:6379); skipped without the binary, except under CI=true.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { createApp } from '../../app';
import { createServices } from '../../composition';
import type { Database } from '../../platform/db';
import { createRateLimits, type RateLimitOptions, type RateLimits } from '../rateLimit';
import { createLogger } from '../../platform/logger';
import { Metrics } from '../../platform/metrics';
import { TEST_SECRET } from '../../../test/helpers/app';
import { createTestDatabase } from '../../../test/helpers/db';
import { createStore, eventually, freePort, ServerProcess, type Store } from '../../../test/helpers/operator';
import { expectRefused } from './refusals';

function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const available = hasRedisServer();
if (!available && process.env.CI !== 'true') {
  console.warn('src/ratelimit/__tests__/rate-limit-redis.test.ts skipped: no redis-server binary on this machine (install redis-server; on CI=true these tests run)');
}
const describeRedis = available || process.env.CI === 'true' ? describe : describe.skip;

const SHARED_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A redis-server of this test's own, on a free port, in the foreground (a child process). */
class PrivateRedis {
  private constructor(
    readonly port: number,
    readonly child: ChildProcess,
    readonly exited: Promise<void>,
  ) {}

  static async start(port?: number): Promise<PrivateRedis> {
    const p = port ?? (await freePort());
    const child = spawn(
      'redis-server',
      ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const server = new PrivateRedis(p, child, exited);
    await eventually(async () => {
      const probe = new Redis({ port: p, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    }, 20_000, 50);
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

describeRedis('rate limits in Redis', () => {
  let database: Database;
  let services: ReturnType<typeof createServices>;
  let shared: Redis;
  const keyPrefix = `prospecting-api-test:${crypto.randomBytes(6).toString('hex')}`;
  const opened: RateLimits[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    services = createServices(database.knex, TEST_SECRET);
    shared = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await Promise.all(opened.map((r) => r.close()));
    const keys = await shared.keys(`${keyPrefix}:*`);
    if (keys.length > 0) await shared.del(...keys);
    await shared.quit();
    await database.close();
  });

  const logSink = () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const logLines = () => lines.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    return { logger, logLines };
  };
  /** An app instance with counters in Redis, over the test database. */
  const instance = async (options: Partial<RateLimitOptions> & { redisUrl: string }) => {
    const { logger, logLines } = logSink();
    const rateLimits = createRateLimits({ logger, keyPrefix, ...options });
    opened.push(rateLimits);
    expect(rateLimits.store).toBe('redis');
    expect(await rateLimits.ready(5_000)).toBe(true);
    const app = createApp({ db: database.knex, apiKeySecret: TEST_SECRET, logger, validateResponses: 'error', rateLimits });
    return { app, rateLimits, logLines };
  };
  const account = (plan: 'sales_team' | 'enterprise' = 'sales_team') =>
    services.accounts.create({ name: 'Redis account', plan, credits: 10 });

  test('two instances sharing one Redis share one limit: exactly 150 requests for sales_team, then 429 on both', async () => {
    const a = await instance({ redisUrl: SHARED_REDIS_URL });
    const b = await instance({ redisUrl: SHARED_REDIS_URL });
    const acct = await account();
    const other = await account();
    const auth = bearer(acct.api_key);
    for (let i = 1; i <= 150; i++) {
      const res = await request(i % 2 ? a.app : b.app).get('/v1/me').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('"per-account";q=150;w=60');
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-account";r=${150 - i};t=\\d+$`));
    }
    expect(await shared.get(`${keyPrefix}:per-account:${acct.account_id}`)).toBe('150');
    for (const app of [a.app, b.app]) {
      expectRefused(await request(app).post('/v1/api-keys').set(auth).send({ name: 'one too many' }), 'per-account', 150, 60);
    }
    expect(await database.knex('api_keys').where({ account_id: acct.account_id })).toHaveLength(1);
    // Another account is unaffected.
    const fresh = await request(b.app).get('/v1/me').set(bearer(other.api_key)).expect(200);
    expect(fresh.headers.ratelimit).toMatch(/^"per-account";r=149;t=\d+$/);
    // No Redis trouble was logged.
    expect([...a.logLines(), ...b.logLines()].filter((l) => l.level === 40)).toEqual([]);
  });

  test('the per-address limit and its window are shared too, and the window resets', async () => {
    const options = { redisUrl: SHARED_REDIS_URL, windowSeconds: 2, unauthenticatedLimit: 3 };
    const a = await instance({ ...options, keyPrefix: `${keyPrefix}:short` });
    const b = await instance({ ...options, keyPrefix: `${keyPrefix}:short` });
    const statuses: number[] = [];
    for (const app of [a.app, b.app, a.app, b.app]) {
      const res = await request(app).get('/v1/me').set('Authorization', 'Bearer not.a.key');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.code).toBe('rate_limited');
        expect(res.headers.ratelimit).toBe(`"per-ip";r=0;t=${res.headers['retry-after']}`);
        await sleep(Number(res.headers['retry-after']) * 1000 + 100);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const again = await request(b.app).get('/v1/me').expect(401);
    expect(again.headers['ratelimit-policy']).toBe('"per-ip";q=3;w=2');
    expect(again.headers.ratelimit).toMatch(/^"per-ip";r=2;t=[12]$/);
  });

  describe('when Redis goes away mid-run', () => {
    let redis: PrivateRedis;
    afterAll(async () => {
      await redis?.kill();
    });

    test('the service keeps answering, limited in-process, logs it once, and uses Redis again when it is back', async () => {
      redis = await PrivateRedis.start();
      const { app, logLines } = await instance({ redisUrl: redis.url, unauthenticatedLimit: 3, redisLogIntervalMs: 60_000 });
      const probe = new Redis(redis.url, { maxRetriesPerRequest: 0 });
      const acct = await account();
      const auth = bearer(acct.api_key);
      for (let i = 1; i <= 3; i++) {
        const res = await request(app).get('/v1/me').set(auth).expect(200);
        expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-account";r=${150 - i};t=\\d+$`));
      }
      expect(await probe.get(`${keyPrefix}:per-account:${acct.account_id}`)).toBe('3');
      probe.disconnect();

      // Redis stops answering (the connection stays open): requests still get answers, quickly.
      redis.signal('SIGSTOP');
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const res = await request(app).get('/v1/me').set(auth);
        expect(res.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(res.headers.ratelimit).toMatch(/^"per-account";r=\d+;t=\d+$/);
      }

      // Redis is gone: still served, never a 500, and still limited (in-process).
      redis.signal('SIGKILL');
      await redis.exited;
      for (let i = 0; i < 20; i++) {
        const res = await request(app).get('/v1/me').set(auth);
        expect(res.status).toBe(200);
        expect(res.headers['ratelimit-policy']).toBe('"per-account";q=150;w=60');
      }
      const guesses: number[] = [];
      for (let i = 0; i < 4; i++) guesses.push((await request(app).get('/v1/me').set('Authorization', 'Bearer not.a.key')).status);
      expect(guesses).toEqual([401, 401, 401, 429]);
      await request(app).get('/v1/me').set(auth).expect(200);

      const warnings = logLines().filter((l) => l.level === 40 && /Redis/.test(String(l.msg)));
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2); // at most one per interval (60 s here)
      expect(warnings[0]).toMatchObject({ rate_limit_store: 'memory' });
      expect(logLines().filter((l) => Number(l.level) >= 50)).toEqual([]);

      // Redis comes back on the same address: the counters are shared again, and it is logged.
      redis = await PrivateRedis.start(redis.port);
      await eventually(async () => logLines().some((l) => /Redis reachable again/.test(String(l.msg))), 15_000, 100);
      const other = await account();
      await request(app).get('/v1/me').set(bearer(other.api_key)).expect(200);
      const back = new Redis(redis.url, { maxRetriesPerRequest: 0 });
      try {
        expect(await back.get(`${keyPrefix}:per-account:${other.account_id}`)).toBe('1');
      } finally {
        back.disconnect();
      }
    }, 60_000);

    test('an outage never lets an account past its plan: the fallback goes on from the count Redis had, and a Redis back empty does not open a new window; counted in metrics', async () => {
      const own = await PrivateRedis.start();
      try {
        const metrics = new Metrics({ defaultMetrics: false });
        const { app, logLines } = await instance({ redisUrl: own.url, redisLogIntervalMs: 60_000, metrics });
        const acct = await account(); // sales_team: 150 a window
        const auth = bearer(acct.api_key);
        for (let i = 1; i <= 100; i++) await request(app).get('/v1/me').set(auth).expect(200);

        // Redis dies: the in-process count goes on from 100, so 50 more, then 429.
        await own.kill();
        const during: number[] = [];
        for (let i = 0; i < 60; i++) during.push((await request(app).get('/v1/me').set(auth)).status);
        expect(during.filter((s) => s === 200)).toHaveLength(50);
        expect(during.slice(50)).toEqual(Array(10).fill(429));
        const refused = await request(app).get('/v1/me').set(auth).expect(429);
        expect(refused.headers.ratelimit).toMatch(/^"per-account";r=0;t=\d+$/);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

        // Redis comes back empty (restarted without persistence): still refused for the rest of the window.
        const back = await PrivateRedis.start(own.port);
        try {
          await eventually(async () => logLines().some((l) => /Redis reachable again/.test(String(l.msg))), 15_000, 100);
          const after: number[] = [];
          for (let i = 0; i < 20; i++) after.push((await request(app).get('/v1/me').set(auth)).status);
          expect(after).toEqual(Array(20).fill(429));
        } finally {
          await back.kill();
        }
        const text = await metrics.registry.metrics();
        const fallbacks = Number(/^prospecting_rate_limit_fallbacks_total\{policy="per-account"\} (\d+)$/m.exec(text)?.[1]);
        expect(fallbacks).toBeGreaterThanOrEqual(61);
        expect(logLines().filter((l) => l.level === 40 && /Redis/.test(String(l.msg))).length).toBeGreaterThanOrEqual(1);
      } finally {
        await own.kill();
      }
    }, 60_000);

    test('a Redis that is down from the start does not stop the service', async () => {
      const port = await freePort(); // nothing listens there
      const { logger, logLines } = logSink();
      const rateLimits = createRateLimits({ logger, keyPrefix, redisUrl: `redis://127.0.0.1:${port}`, redisLogIntervalMs: 60_000 });
      opened.push(rateLimits);
      expect(await rateLimits.ready(500)).toBe(false);
      const app = createApp({ db: database.knex, apiKeySecret: TEST_SECRET, logger, validateResponses: 'error', rateLimits });
      const acct = await account();
      for (let i = 1; i <= 5; i++) {
        const res = await request(app).get('/v1/me').set(bearer(acct.api_key)).expect(200);
        expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-account";r=${150 - i};t=\\d+$`));
      }
      const warnings = logLines().filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0].msg)).toMatch(/Redis/);
    });
  });
});

describeRedis('the server with REDIS_URL', () => {
  let store: Store;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await server?.kill();
    await store.remove();
  });

  test('counts in Redis, and exits 0 on SIGTERM, closing its Redis connection', async () => {
    server = ServerProcess.start({ ...store.env, PORT: '0', SEED_DEMO: 'true', REDIS_URL: SHARED_REDIS_URL });
    const port = await server.listeningPort();
    const demo = await server.banner();
    await server.waitFor(/"msg":"rate limits: counters in Redis, shared across instances"/);
    const res = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: bearer(demo.api_key) });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"(per-account)";q=\d+;w=60$/);
    const shared = new Redis(SHARED_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      expect(await shared.get(`prospecting-api:rl:per-account:${demo.account_id}`)).toBe('1');
      await shared.del(`prospecting-api:rl:per-account:${demo.account_id}`);
    } finally {
      await shared.quit();
    }
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(server.logLines().at(-1)).toMatchObject({ msg: 'stopped' });
  }, 120_000);
});
