import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import type { Metrics } from '../platform/metrics';

/** The window of every policy in production. Only tests shorten it (`windowSeconds`). */
export const WINDOW_SECONDS = 60;
/** Requests without a valid key that one client address may make per window, by default. */
export const DEFAULT_UNAUTHENTICATED_LIMIT = 60;
/** Names of the two policies, as announced in the RateLimit-Policy and RateLimit headers. */
export const PER_ACCOUNT = 'per-account';
export const PER_IP = 'per-ip';

export interface RateLimitOptions {
  logger: Logger;
  /** Counters live in this Redis (shared by every instance); unset: in-process. */
  redisUrl?: string;
  /** Requests without a valid API key one client address may make per window. */
  unauthenticatedLimit?: number;
  /** Window length in seconds: 60 in production; tests shorten it. */
  windowSeconds?: number;
  /** Namespace of the Redis keys (tests give each run its own). */
  keyPrefix?: string;
  /** Redis connect and command timeouts: a dead or stalled Redis fails fast into the in-process fallback. */
  redisConnectTimeoutMs?: number;
  redisCommandTimeoutMs?: number;
  /** At most one Redis warning per this many milliseconds (the rest are counted, not logged). */
  redisLogIntervalMs?: number;
  /** Where refusals and Redis fallbacks are counted. */
  metrics?: Metrics;
}

/** Where a client stands in one policy after a counted request. */
export interface RateLimitState {
  policy: string;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
  allowed: boolean;
}

export interface RateLimits {
  readonly store: 'memory' | 'redis';
  readonly windowSeconds: number;
  readonly unauthenticatedLimit: number;
  /** Counts an authenticated request against its account's plan; past the limit, 429 and nothing else runs. */
  perAccount(): RequestHandler;
  /** Error middleware after authentication: counts every 401 against the client address; past the limit, 429. */
  perClientAddress(): ErrorRequestHandler;
  /** Resolves true once Redis is connected (at once without Redis), false after timeoutMs. */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/**
 * The in-process limiter Redis falls back on: a RateLimiterMemory that knows where each key
 * stood in Redis, so that an outage does not hand out a fresh window.
 *
 * - Every count Redis answers is noted (`note`): the key's consumed points and when its window
 *   ends. When Redis stops answering, a key's in-process count starts from that note, with the
 *   same window end, instead of from zero: the instance stays within the plan's limit, the
 *   requests counted in Redis before the outage included.
 * - After the outage, while a key's in-process window is still open, it keeps counting there
 *   too (`alsoCounted`) and the larger of the two counts applies: a Redis that comes back empty
 *   (restarted) or behind (it missed the requests counted in-process) cannot open a new window.
 * - Each result it produced as a fallback is remembered (`fromFallback`), so that the caller can
 *   tell a Redis answer from a fallback one.
 */
class InsuranceLimiter extends RateLimiterMemory {
  /** Where each key stood in Redis at its last answer (entries past their window are swept). */
  private readonly known = new Map<string, { consumed: number; resetAt: number }>();
  private notes = 0;

  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onFallback: (res: RateLimiterRes) => void,
  ) {
    super(opts);
  }

  /** Redis counted `consumed` for `key`, its window ending in `msBeforeNext`. */
  note(key: string, consumed: number, msBeforeNext: number): void {
    const now = Date.now();
    this.known.set(key, { consumed, resetAt: now + msBeforeNext });
    if (++this.notes % 1000 === 0) for (const [k, v] of this.known) if (v.resetAt <= now) this.known.delete(k);
  }

  override async consume(key: string | number, pointsToConsume?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    const k = String(key);
    const known = this.known.get(k);
    const msLeft = known ? known.resetAt - Date.now() : 0;
    // The first fallback count of a key in this window goes on from Redis's count.
    if (known && msLeft > 0 && (await this.get(k)) === null) await this.set(k, known.consumed, msLeft / 1000);
    try {
      const res = await super.consume(k, pointsToConsume, options);
      this.onFallback(res);
      return res;
    } catch (res) {
      if (res instanceof RateLimiterRes) this.onFallback(res);
      throw res;
    }
  }

  /** After a Redis answer: the key's in-process count, incremented, while its fallback window is open; else null. */
  async alsoCounted(key: string): Promise<RateLimiterRes | null> {
    if ((await this.get(key)) === null) return null;
    try {
      return await super.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) return res;
      throw res;
    }
  }
}

/** Logs Redis trouble at most once per interval, and its recovery once. */
class RedisHealth {
  private degraded = false;
  private lastWarnAt = -Infinity;
  private suppressed = 0;
  private lastError?: Error;
  closing = false;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs: number,
  ) {}

  private warn(message: string, err?: Error): void {
    const now = Date.now();
    if (now - this.lastWarnAt < this.intervalMs) {
      this.suppressed++;
      return;
    }
    this.logger.warn({ err, suppressed: this.suppressed, rate_limit_store: 'memory' }, message);
    this.lastWarnAt = now;
    this.suppressed = 0;
  }

  /** The connection reported an error (refused, reset, timed out...). */
  error(err: Error): void {
    if (this.closing) return;
    this.lastError = err;
    this.degraded = true;
    this.warn('Redis error: rate limits are counted in-process on this instance until it is back', err);
  }

  /** A request was counted by the in-process fallback instead of Redis. */
  fallback(): void {
    if (this.closing) return;
    this.degraded = true;
    this.warn('Redis unreachable: rate limits are counted in-process on this instance until it is back', this.lastError);
  }

  /** Redis answered (a counted request, or the connection became ready again). */
  ok(): void {
    if (!this.degraded || this.closing) return;
    this.degraded = false;
    this.lastError = undefined;
    this.lastWarnAt = -Infinity; // the next outage is reported at once
    this.suppressed = 0;
    this.logger.info({ rate_limit_store: 'redis' }, 'Redis reachable again: rate limits are shared across instances');
  }
}

/**
 * One policy's counters: a fixed window per key (rate-limiter-flexible; in Redis, one key with a
 * TTL of the window, set by the first request of the window and incremented atomically).
 *
 * The limit is not built into the limiter: it is given with each request, because an account's
 * limit is its plan's, read from the database on every request. There is thus one counter per
 * account whatever its plan: when the plan changes, the count of the current window carries
 * over and the new limit applies from the very next request.
 */
class Counter {
  constructor(
    readonly policy: string,
    readonly windowSeconds: number,
    private readonly limiter: RateLimiterAbstract,
    private readonly fromFallback: WeakSet<RateLimiterRes>,
    private readonly health?: RedisHealth,
    private readonly insurance?: InsuranceLimiter,
  ) {}

  async hit(key: string, limit: number): Promise<RateLimitState> {
    let res: RateLimiterRes;
    try {
      res = await this.limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err;
    }
    let consumed = res.consumedPoints;
    let msBeforeNext = res.msBeforeNext;
    if (this.insurance && !this.fromFallback.has(res)) {
      this.health?.ok();
      // Counted in-process during an outage whose window is still open: the larger count applies.
      const local = await this.insurance.alsoCounted(key);
      if (local && local.consumedPoints > consumed) {
        consumed = local.consumedPoints;
        msBeforeNext = local.msBeforeNext;
      }
      this.insurance.note(key, consumed, msBeforeNext);
    }
    return {
      policy: this.policy,
      limit,
      windowSeconds: this.windowSeconds,
      remaining: Math.max(0, limit - consumed),
      resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
      allowed: consumed <= limit,
    };
  }
}

/** Announces a policy and where the client stands in it (draft-ietf-httpapi-ratelimit-headers). */
export function setRateLimitHeaders(res: Response, state: RateLimitState): void {
  res.setHeader('RateLimit-Policy', `"${state.policy}";q=${state.limit};w=${state.windowSeconds}`);
  res.setHeader('RateLimit', `"${state.policy}";r=${state.remaining};t=${state.resetSeconds}`);
}

// The limiters never refuse by themselves (the limit comes with each request): their own
// `points` only has to be out of reach.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/**
 * Rate limits in fixed windows: per account (its plan's requests per window) and per client
 * address for requests without a valid key. In-process by default; with a Redis URL, counters
 * live in Redis and hold across instances, and a Redis failure falls back to in-process
 * counters (rate-limiter-flexible's insurance limiter) instead of failing requests.
 */
export function createRateLimits(options: RateLimitOptions): RateLimits {
  const windowSeconds = options.windowSeconds ?? WINDOW_SECONDS;
  const unauthenticatedLimit = options.unauthenticatedLimit ?? DEFAULT_UNAUTHENTICATED_LIMIT;
  const keyPrefix = options.keyPrefix ?? 'prospecting-api:rl';
  const fromFallback = new WeakSet<RateLimiterRes>();
  let client: Redis | undefined;
  let health: RedisHealth | undefined;

  if (options.redisUrl) {
    const logger = options.logger;
    health = new RedisHealth(logger, options.redisLogIntervalMs ?? 30_000);
    const h = health;
    client = new Redis(options.redisUrl, {
      // Commands sent while disconnected fail at once (into the fallback) instead of queueing.
      enableOfflineQueue: false,
      connectTimeout: options.redisConnectTimeoutMs ?? 1_000,
      // A Redis that accepts connections but stops answering must not hang requests.
      commandTimeout: options.redisCommandTimeoutMs ?? 500,
      maxRetriesPerRequest: 0,
      // Keep reconnecting, at most every 2 s, so that a Redis back up is used again.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    client.on('error', (err: Error) => h.error(err));
    client.on('ready', () => h.ok());
  }

  const counter = (policy: string): Counter => {
    const base = { points: UNBOUNDED, duration: windowSeconds, keyPrefix: `${keyPrefix}:${policy}` };
    if (!client || !health) return new Counter(policy, windowSeconds, new RateLimiterMemory(base), fromFallback);
    const h = health;
    const insurance = new InsuranceLimiter(base, (res) => {
      fromFallback.add(res);
      options.metrics?.rateLimitFallbacks.inc({ policy });
      h.fallback();
    });
    const limiter = new RateLimiterRedis({
      ...base,
      storeClient: client,
      // Not connected: straight to the fallback, without trying the command.
      rejectIfRedisNotReady: true,
      insuranceLimiter: insurance,
    });
    return new Counter(policy, windowSeconds, limiter, fromFallback, health, insurance);
  };
  const accounts = counter(PER_ACCOUNT);
  const addresses = counter(PER_IP);

  return {
    store: client ? 'redis' : 'memory',
    windowSeconds,
    unauthenticatedLimit,

    perAccount: () => async (req, res, next) => {
      const principal = req.principal;
      if (!principal) return next();
      try {
        const state = await accounts.hit(principal.accountId, principal.plan.requests_per_minute);
        setRateLimitHeaders(res, state);
        if (state.allowed) return next();
        options.metrics?.rateLimitRefusals.inc({ policy: PER_ACCOUNT });
        next(
          new AppError(
            'rate_limited',
            `This account may make ${state.limit} requests per ${windowSeconds} seconds; retry in ${state.resetSeconds} seconds.`,
            { headers: { 'Retry-After': String(state.resetSeconds) } },
          ),
        );
      } catch (err) {
        next(err);
      }
    },

    perClientAddress: () => async (err, req, res, next) => {
      // Only requests without a valid key count here: a valid key is limited by its account alone.
      if (!(err instanceof AppError) || err.status !== 401) return next(err);
      try {
        const state = await addresses.hit(req.ip ?? req.socket.remoteAddress ?? 'unknown', unauthenticatedLimit);
        setRateLimitHeaders(res, state);
        if (state.allowed) return next(err);
        options.metrics?.rateLimitRefusals.inc({ policy: PER_IP });
        next(
          new AppError(
            'rate_limited',
            `This address may make ${state.limit} requests without a valid API key per ${windowSeconds} seconds; retry in ${state.resetSeconds} seconds.`,
            { headers: { 'Retry-After': String(state.resetSeconds) } },
          ),
        );
      } catch (limitErr) {
        next(limitErr);
      }
    },

    ready: async (timeoutMs = 2_000) => {
      const c = client;
      if (!c || c.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          c.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        timer.unref();
        c.on('ready', onReady);
      });
    },

    close: async () => {
      if (!client || !health) return;
      health.closing = true;
      if (client.status === 'ready') {
        try {
          await client.quit();
          return;
        } catch {
          // fall through: drop the connection
        }
      }
      client.disconnect();
    },
  };
}
