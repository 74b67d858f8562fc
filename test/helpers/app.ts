import type { WebhookServiceOptions } from '../../src/webhooks';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../../src/app';
import { compose, type AppServices } from '../../src/composition';
import { loadConfig, type Config, type ResponseValidationMode } from '../../src/platform/config';
import type { Database } from '../../src/platform/db';
import type { FenceOptions, ReadYourWrites } from '../../src/platform/db/readYourWrites';
import type { ScrapingSetup } from '../../src/extraction/extractionService';
import type { RateLimits } from '../../src/ratelimit/rateLimit';
import { createLogger, type Logger } from '../../src/platform/logger';
import { Metrics } from '../../src/platform/metrics';
import type { PrincipalCache } from '../../src/accounts/principalCache';
import type { CompanyIndex } from '../../src/search/companyIndex';
import type { PageReader } from '../../src/extraction/pages';
import { testPageReader } from './pages';
import { createTestDatabase } from './db';
import type { JobQueue } from '../../src/platform/queue';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export interface TestContext {
  app: Express;
  database: Database;
  services: AppServices;
  /** The app's search index, when it has one. */
  searchIndex?: CompanyIndex;
  /** Where the app's searches read (a no-op fence answering the primary unless the database has a replica). */
  reads: ReadYourWrites;
  /** The process's job queue (pg-boss), as compose builds it: webhook deliveries are queued on it. */
  queue: JobQueue;
  /** The app's authentication cache, as in production (shared with `services`). */
  principalCache: PrincipalCache;
  logger: Logger;
  /** Every log line written so far, parsed. */
  logLines: () => Record<string, unknown>[];
  /** Creates an account with its first key. */
  account: (opts?: { plan?: 'sales_team' | 'enterprise'; credits?: number; name?: string }) => Promise<{
    account_id: string;
    key_id: string;
    api_key: string;
  }>;
  /**
   * Runs a write made behind the app's back (as the CLI or an operator's SQL would) and waits
   * until its change notification has reached the app's authentication cache.
   */
  announced: <T>(write: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

/** A test context and the API key of one account on it: the setup most test files start with. */
export async function contextWithKey(
  options?: Parameters<typeof createTestContext>[0],
  account?: Parameters<TestContext['account']>[0],
): Promise<{ ctx: TestContext; key: string }> {
  const ctx = await createTestContext(options);
  return { ctx, key: (await ctx.account(account)).api_key };
}

/**
 * A test context for the enclosing describe block: made before its tests, closed after them.
 * Its tests reach it through the function returned.
 */
export function blockContext(options?: Parameters<typeof createTestContext>[0]): () => TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(options);
  });
  afterAll(() => ctx?.close());
  return () => {
    if (!ctx) throw new Error('the test context is made in beforeAll: reach it from a test');
    return ctx;
  };
}

/** The app built in-process over a database of the test file's own, with captured logs. */
export async function createTestContext(
  options: {
    validateResponses?: ResponseValidationMode;
    /** Where extractions read; without `pages`, the test process's page workers ({@link testPageReader}). */
    scraping?: Omit<ScrapingSetup, 'pages'> & { pages?: PageReader };
    authCacheTtlMs?: number;
    /** A database opened by the caller (closed by the context's close); default: createTestDatabase(). */
    database?: Database;
    /** Settings of the read-your-writes fence (when the database has a replica). */
    fence?: Partial<FenceOptions>;
    logLevel?: string;
    /** false: searches use SQL alone (default: the in-memory index, as in production, unless TEST_SEARCH_INDEX=off). */
    searchIndex?: boolean;
    /** The app's metrics and the token of its GET /metrics (default: a registry of its own, no endpoint). */
    metrics?: Metrics;
    metricsToken?: string;
    /** The app's rate limits (default: in-process). */
    rateLimits?: RateLimits;
    /** Webhook settings (default: private targets refused, low balance 10, as in production). */
    webhooks?: WebhookServiceOptions;
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await createTestDatabase());
  const lines: string[] = [];
  const logger = createLogger(options.logLevel ?? 'info', { write: (line: string) => void lines.push(line) });
  // The graph production builds (src/composition.ts), over the test's database, with test settings.
  const config: Config = {
    ...loadConfig({}),
    apiKeySecret: TEST_SECRET,
    seedDemo: false,
    authCacheTtlMs: options.authCacheTtlMs ?? 5000,
    searchIndex: options.searchIndex ?? process.env.TEST_SEARCH_INDEX !== 'off',
    webhooksAllowPrivate: options.webhooks?.allowPrivate ?? false,
    webhookLowBalance: options.webhooks?.lowBalanceThreshold ?? 10,
  };
  const parts = await compose(config, {
    serve: true,
    logger,
    database,
    // Extractions without page workers of their own share the test process's reader.
    // (The caller's object itself, which its tests may change between requests.)
    scraping: options.scraping && Object.assign(options.scraping, { pages: options.scraping.pages ?? testPageReader() }),
    metrics: options.metrics ?? new Metrics({ defaultMetrics: false }),
    rateLimits: options.rateLimits,
    fence: options.fence,
    searchIndex: { refreshIntervalMs: 0 },
    awaitSearchIndex: true,
  });
  const { services, reads, searchIndex, principalCache } = parts;
  const app = createApp({
    services,
    db: database.knex,
    apiKeySecret: TEST_SECRET,
    logger,
    validateResponses: options.validateResponses ?? 'error',
    scraping: parts.scraping,
    principalCache,
    reads,
    searchIndex,
    metrics: parts.metrics,
    metricsToken: options.metricsToken,
    rateLimits: parts.rateLimits,
  });
  let n = 0;
  return {
    app,
    database,
    reads,
    searchIndex,
    services,
    queue: parts.queue,
    principalCache,
    logger,
    logLines: () => lines.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l)),
    account: (opts = {}) =>
      services.accounts.create({
        name: opts.name ?? `Test account ${++n}`,
        plan: opts.plan ?? 'sales_team',
        credits: opts.credits ?? 100,
      }),
    announced: async (write) => {
      const notified = principalCache.nextInvalidation();
      const result = await write();
      await notified;
      return result;
    },
    close: () => parts.close(),
  };
}

/** Listens on an ephemeral loopback port; resolves to the base URL and a closer. */
export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
