import os from 'node:os';
import path from 'node:path';

export type ResponseValidationMode = 'error' | 'log' | 'off';

export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  /** PostgreSQL connection string; undefined selects the embedded PostgreSQL (PGlite). */
  databaseUrl?: string;
  /** A streaming replica of DATABASE_URL that serves searches; undefined: every read goes to the primary. */
  databaseReadUrl?: string;
  /** Where the embedded store and its generated secret live. */
  dataDir: string;
  /** HS256 secret that signs API keys; undefined in embedded mode until loaded from DATA_DIR. */
  apiKeySecret?: string;
  /** Whether a fresh store gets a demo account; 'auto' means only the embedded store. */
  seedDemo: 'auto' | boolean;
  logLevel: string;
  validateResponses: ResponseValidationMode;
  shutdownTimeoutMs: number;
  /** How long authentication may reuse a key's row (0: read it on every request). */
  authCacheTtlMs: number;
  trustProxy: boolean;
  /** Redis holding the rate-limit counters, shared by every instance; undefined: in-process counters. */
  redisUrl?: string;
  /** Requests without a valid API key one client address may make per 60-second window. */
  unauthenticatedRateLimit: number;
  /** Path of the sources YAML file of extractions. */
  scrapingSources?: string;
  scrapingUserAgent: string;
  scrapingTimeoutMs: number;
  scrapingDeadlineMs: number;
  /** Longest time one page may take to parse and read, in a worker thread. */
  scrapingPageBudgetMs: number;
  /** Worker threads that parse pages. */
  scrapingWorkers: number;
  /** Background extraction tasks this process runs at once (0: it runs none, other instances do). */
  taskConcurrency: number;
  /** Whether searches are answered from the in-memory index (loaded at start) or by SQL alone. */
  searchIndex: boolean;
  /** How old the index's last refresh may be when a search starts (0: every search refreshes first). */
  searchIndexMaxStalenessMs: number;
  /** Port of the metrics listener (GET /metrics); undefined: none. */
  metricsPort?: number;
  /** Bearer token that GET /metrics requires (on the API port too when set). */
  metricsToken?: string;
  /** Whether webhook endpoints may point at private, loopback and link-local addresses (development). */
  webhooksAllowPrivate: boolean;
  /** A charge that takes a balance from this or more to below it sends credits.balance_low. */
  webhookLowBalance: number;
  /** How long a webhook endpoint has to answer a delivery. */
  webhookTimeoutMs: number;
}

interface Setting {
  env: string;
  /**
   * The default as the README shows it. Unless `computed`, it is also the value loadConfig falls
   * back to (read from here: a default is written once). `computed`: unset, generated, or
   * derived in loadConfig from other settings or the machine, as this text describes.
   */
  default: string;
  computed?: true;
  /** An integer setting: the smallest and the largest value accepted (loadConfig refuses others). */
  range?: readonly [min: number, max: number];
  /** A setting that takes one of these words (loadConfig refuses others). */
  values?: readonly string[];
  description: string;
}

/**
 * Every setting the service reads, with its default and meaning: the README's configuration
 * table, row for row (src/platform/__tests__/config.test.ts holds them equal).
 */
export const settings: Setting[] = [
  { env: 'PORT', default: '3000', range: [0, 65535], description: 'TCP port the server listens on.' },
  { env: 'HOST', default: '0.0.0.0', description: 'Address the server binds to.' },
  { env: 'DATABASE_URL', default: '(unset)', computed: true, description: 'PostgreSQL connection string. Unset: embedded PostgreSQL (PGlite) under DATA_DIR.' },
  { env: 'DATABASE_READ_URL', default: '(unset)', computed: true, description: 'PostgreSQL connection string of a streaming read replica of DATABASE_URL (which it requires). Searches read from it, everything else from the primary; an account\'s own writes are visible to its next search (read-your-writes fence, see Scaling out). Unset: every read goes to the primary.' },
  { env: 'DATA_DIR', default: './data', description: 'Directory of the embedded store, of its generated API-key secret and of its lock (`store.lock`: one process at a time, the server or a CLI command).' },
  { env: 'API_KEY_SECRET', default: '(generated in embedded mode)', computed: true, description: 'HS256 secret that signs API keys, at least 32 characters. Required with DATABASE_URL.' },
  { env: 'SEED_DEMO', default: 'auto', values: ['auto', 'true', 'false'], description: '`true`, `false` or `auto`. On a store with no account, create a demo account and print its key once; `auto` does it only on the embedded store.' },
  { env: 'LOG_LEVEL', default: 'info', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], description: 'pino level: fatal, error, warn, info, debug, trace or silent.' },
  { env: 'VALIDATE_RESPONSES', default: '`error` (`log` in production)', computed: true, values: ['error', 'log', 'off'], description: '`error`: a response that breaks the contract becomes a 500; `log`: it is sent and logged; `off`: not checked.' },
  { env: 'NODE_ENV', default: 'development', description: '`production` changes the VALIDATE_RESPONSES default to `log`.' },
  { env: 'SHUTDOWN_TIMEOUT_MS', default: 'SCRAPING_DEADLINE_MS + 10000 (30000)', computed: true, range: [0, 900_000], description: 'On SIGTERM, how long in-flight requests may take before connections are closed. At least SCRAPING_DEADLINE_MS + 5000, so that an extraction running at SIGTERM can finish and be written (a smaller value stops start-up); one still not written then is rolled back (503, nothing charged, its Idempotency-Key released).' },
  { env: 'AUTH_CACHE_TTL_MS', default: '5000', range: [0, 10_000], description: 'How long a key\'s account and plan, once read, may be reused without asking the database. Any change to keys, accounts\' plans or plans clears every instance\'s cache as it commits (PostgreSQL notifications); this is only the bound if notifications were missed. `0`: read on every request.' },
  { env: 'TRUST_PROXY', default: 'false', values: ['true', 'false'], description: '`true` when behind a reverse proxy, so client addresses come from X-Forwarded-For.' },
  { env: 'REDIS_URL', default: '(unset)', computed: true, description: '`redis://` or `rediss://` URL of the Redis that holds the rate-limit counters, shared by every instance. Unset: each instance counts in-process. If Redis becomes unreachable, the instance falls back to in-process counters that go on from each account\'s last count in Redis (and logs and counts it) rather than refusing requests, so it stays within each plan\'s limit.' },
  { env: 'SCRAPING_SOURCES', default: '(unset)', computed: true, description: 'Path of the YAML file of the business directories extractions read (see README). Unset on a demo store: the sample directory that ships with the project, served on 127.0.0.1. A bad file stops start-up naming the line.' },
  { env: 'SCRAPING_USER_AGENT', default: 'ProspectingAPI/0.1 (+https://prospecting-api.dz/bot)', description: 'The User-Agent extractions identify themselves with (and the robots.txt token, its first word).' },
  { env: 'SCRAPING_TIMEOUT_MS', default: '10000', range: [100, 120_000], description: 'Per-request timeout of extractions.' },
  { env: 'SCRAPING_DEADLINE_MS', default: '20000', range: [500, 300_000], description: 'Deadline of a whole extraction run: slower directories are cut off, what was read is kept.' },
  { env: 'SCRAPING_PAGE_BUDGET_MS', default: '2000', range: [50, 60_000], description: 'CPU time one page\'s parsing and extraction may take in a worker thread; past it the worker is ended, the page is dropped and named in the source report, and the run goes on.' },
  { env: 'SCRAPING_WORKERS', default: 'cores, 1 to 4', computed: true, range: [1, 64], description: 'Worker threads that parse extraction pages, off the event loop, so that no page can hold up the requests being answered.' },
  { env: 'TASK_CONCURRENCY', default: '2', range: [0, 64], description: 'Background extraction tasks (`POST /v1/scraping/tasks`) this instance runs at once. The tasks wait in a queue kept in the database (pg-boss, on PostgreSQL and on the embedded store alike) that every instance on the same database takes from; `0`: this instance runs none and only queues them.' },
  { env: 'SEARCH_INDEX', default: 'on', values: ['on', 'off'], description: '`on`: searches and facets are answered from an in-memory index of the companies (loaded at start, about 400 MB per 1,000,000 companies; `/readyz` answers 503 until it is loaded), then kept in step with every write. `off`: by SQL alone (slower on common words and deep pages).' },
  { env: 'SEARCH_INDEX_MAX_STALENESS_MS', default: '0', range: [0, 2_000], description: 'How old the index\'s last refresh may be when a search starts. `0`: every search first reads the writes committed before it (one shared, indexed query per round of concurrent searches), so no search misses a committed write. Higher values save that query and may hide other instances\' writes that long (writes made through the same instance are always seen at once).' },
  { env: 'METRICS_PORT', default: '(unset)', computed: true, range: [1, 65535], description: 'Port of a second listener (on HOST) that serves only `GET /metrics` (Prometheus text format; see Metrics). Unset: no such listener.' },
  { env: 'METRICS_TOKEN', default: '(unset)', computed: true, description: 'At least 16 characters. When set, `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`, on the API port as well as on METRICS_PORT; anything else gets 404. Unset: `/metrics` is not served on the API port.' },
  { env: 'WEBHOOKS_ALLOW_PRIVATE', default: 'false', values: ['true', 'false'], description: '`true` lets webhook endpoints point at private, loopback and link-local addresses (for development against a local receiver). `false`: such URLs are refused at creation and at every delivery, after DNS resolution too.' },
  { env: 'WEBHOOK_LOW_BALANCE', default: '10', range: [1, 1_000_000_000], description: 'A charge that takes an account\'s credit balance from this or more to below it sends the `credits.balance_low` webhook event.' },
  { env: 'WEBHOOK_TIMEOUT_MS', default: '10000', range: [1_000, 60_000], description: 'How long a webhook endpoint has to answer a delivery; past it the attempt failed and is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).' },
  { env: 'UNAUTHENTICATED_RATE_LIMIT', default: '60', range: [1, 1_000_000], description: 'Requests without a valid API key (missing, invalid, expired or revoked) one client address may make per 60-second window; past it, `429 rate_limited`.' },
];

const byEnv = new Map(settings.map((s) => [s.env, s]));

/** A setting's default as the table writes it; only for one that is not computed. */
function tableDefault(env: string): string {
  const setting = byEnv.get(env);
  if (!setting || setting.computed) throw new Error(`config: ${env} has no default written in the settings table`);
  return setting.default;
}

/** What the table says a setting accepts: its range, or its words. */
function accepted<K extends 'range' | 'values'>(env: string, kind: K): NonNullable<Setting[K]> {
  const found = byEnv.get(env)?.[kind];
  if (!found) throw new Error(`config: ${env} has no ${kind} in the settings table`);
  return found;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** SHUTDOWN_TIMEOUT_MS defaults to SCRAPING_DEADLINE_MS plus this, and may not be less than it plus the minimum. */
const SHUTDOWN_DEFAULT_MARGIN_MS = 10_000;
const SHUTDOWN_MIN_MARGIN_MS = 5_000;

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const integer = (name: string, fallback = Number(tableDefault(name))): number => {
    const [min, max] = accepted(name, 'range');
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const oneOf = (name: string, fallback = tableDefault(name)): string => {
    const allowed = accepted(name, 'values');
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (!allowed.includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw;
  };

  const text = (name: string): string => value(name) ?? tableDefault(name);

  const nodeEnv = text('NODE_ENV');
  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }
  const databaseReadUrl = value('DATABASE_READ_URL');
  if (databaseReadUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
      problems.push('DATABASE_READ_URL must be a postgres:// or postgresql:// connection string');
    } else if (databaseUrl === undefined) {
      problems.push('DATABASE_READ_URL needs DATABASE_URL: a read replica serves a PostgreSQL primary, not the embedded store');
    }
  }
  const apiKeySecret = value('API_KEY_SECRET');
  if (apiKeySecret !== undefined && apiKeySecret.length < 32) {
    problems.push('API_KEY_SECRET must be at least 32 characters long');
  }
  if (databaseUrl !== undefined && apiKeySecret === undefined) {
    problems.push('API_KEY_SECRET is required when DATABASE_URL is set (only the embedded store generates its own)');
  }
  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined) {
    let ok: boolean;
    try {
      ok = ['redis:', 'rediss:'].includes(new URL(redisUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok) problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  }
  const seed = oneOf('SEED_DEMO');
  const metricsToken = value('METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 characters, without spaces');
  }
  const metricsPort = value('METRICS_PORT') === undefined ? undefined : integer('METRICS_PORT', 0);

  const config: Config = {
    port: integer('PORT'),
    host: text('HOST'),
    nodeEnv,
    databaseUrl,
    databaseReadUrl,
    dataDir: path.resolve(text('DATA_DIR')),
    apiKeySecret,
    seedDemo: seed === 'auto' ? 'auto' : seed === 'true',
    logLevel: oneOf('LOG_LEVEL'),
    validateResponses: oneOf('VALIDATE_RESPONSES', nodeEnv === 'production' ? 'log' : 'error') as ResponseValidationMode,
    shutdownTimeoutMs: 0, // below: its default and its floor follow SCRAPING_DEADLINE_MS
    authCacheTtlMs: integer('AUTH_CACHE_TTL_MS'),
    trustProxy: oneOf('TRUST_PROXY') === 'true',
    redisUrl,
    unauthenticatedRateLimit: integer('UNAUTHENTICATED_RATE_LIMIT'),
    scrapingSources: value('SCRAPING_SOURCES'),
    scrapingUserAgent: text('SCRAPING_USER_AGENT'),
    scrapingTimeoutMs: integer('SCRAPING_TIMEOUT_MS'),
    scrapingDeadlineMs: integer('SCRAPING_DEADLINE_MS'),
    scrapingPageBudgetMs: integer('SCRAPING_PAGE_BUDGET_MS'),
    scrapingWorkers: integer('SCRAPING_WORKERS', Math.max(1, Math.min(4, os.availableParallelism()))),
    taskConcurrency: integer('TASK_CONCURRENCY'),
    searchIndex: oneOf('SEARCH_INDEX') === 'on',
    searchIndexMaxStalenessMs: integer('SEARCH_INDEX_MAX_STALENESS_MS'),
    metricsPort,
    metricsToken,
    webhooksAllowPrivate: oneOf('WEBHOOKS_ALLOW_PRIVATE') === 'true',
    webhookLowBalance: integer('WEBHOOK_LOW_BALANCE'),
    webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS'),
  };
  // SIGTERM lets running extractions finish: the shutdown must outlast one (its deadline, then writing).
  config.shutdownTimeoutMs = integer('SHUTDOWN_TIMEOUT_MS', config.scrapingDeadlineMs + SHUTDOWN_DEFAULT_MARGIN_MS);
  if (config.shutdownTimeoutMs < config.scrapingDeadlineMs + SHUTDOWN_MIN_MARGIN_MS) {
    problems.push(
      `SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs}) must be at least SCRAPING_DEADLINE_MS (${config.scrapingDeadlineMs}) + ${SHUTDOWN_MIN_MARGIN_MS}, ` +
        'so that an extraction running at SIGTERM can finish and be written before the server stops: raise SHUTDOWN_TIMEOUT_MS or lower SCRAPING_DEADLINE_MS',
    );
  }
  if (metricsPort !== undefined && metricsPort === config.port) problems.push(`METRICS_PORT must differ from PORT (both ${metricsPort})`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
