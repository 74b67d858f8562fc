/**
 * The composition root: {@link compose} builds every part of a process once, from the
 * configuration (the database, the read-your-writes fence, the authentication cache, the search
 * index, rate limits, page workers, the sample directory, metrics and the services), and closes
 * them in order. `npm start` (server.ts), the CLI (cli.ts), the benches and the tests' app all
 * take their graph from here. Nothing here knows HTTP: the CLI loads no Express.
 */
import pino from 'pino';
import type { Knex } from 'knex';
import { AccountService, ApiKeyService, loadOrCreateEmbeddedSecret, PrincipalCache } from './accounts';
import {
  loadSourcesFile,
  PageReader,
  PoliteFetcher,
  ScrapingService,
  type ExtractionEvents,
  startSampleDirectory,
  type SampleDirectory,
  type ScrapingSetup,
  type SourceConfig,
} from './extraction';
import { ListService } from './lists';
import { DeliveryQueue, WebhookDispatcher, WebhookService, type WebhookServiceOptions } from './webhooks';
import type { RateLimits } from './ratelimit';
import { CompanyIndex, SearchService, SqlCompanySearch, type CompanyIndexOptions } from './search';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { startJobQueue, type JobQueue } from './platform/queue';
import { createReadYourWrites, noReplica, type FenceOptions, type ReadYourWrites } from './platform/db/readYourWrites';
import { createLogger, type Logger } from './platform/logger';
import { Metrics } from './platform/metrics';
import { seedDemoCompaniesIfEmpty } from './demo';

/** What the services are built with besides the database and the key secret. */
export interface ServiceOptions {
  /** Where extractions read from; without it POST /v1/scraping/run answers 503. */
  scraping?: ScrapingSetup;
  /** Where test keys' extractions read (the sample directory alone), built on first use; without it they answer 503. */
  testScraping?: () => Promise<ScrapingSetup>;
  /** Authentication rows kept between requests (started by the caller); without it, read every time. */
  principalCache?: PrincipalCache;
  /** Where searches read (a replica, behind a read-your-writes fence); without it, the primary. */
  reads?: ReadYourWrites;
  /** The in-memory search index (started by the caller); without it, searches use SQL alone. */
  searchIndex?: CompanyIndex;
  /** What is measured. */
  metrics?: Metrics;
  /** Webhook targets allowed and the low-balance threshold (WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_LOW_BALANCE). */
  webhooks?: WebhookServiceOptions;
}

export interface AppServices {
  accounts: AccountService;
  apiKeys: ApiKeyService;
  search: SearchService;
  scraping: ScrapingService;
  lists: ListService;
  webhooks: WebhookService;
}

/** The services alone, over parts built elsewhere ({@link compose} calls it; so may a test). */
export function createServices(db: Knex, apiKeySecret: string, options: ServiceOptions = {}): AppServices {
  const { scraping, principalCache, searchIndex, metrics } = options;
  const reads = options.reads ?? noReplica(db);
  const sqlSearches = new Map<Knex, SqlCompanySearch>();
  const sqlSearch = (reader: Knex) => {
    let backend = sqlSearches.get(reader);
    if (!backend) {
      backend = new SqlCompanySearch(reader);
      sqlSearches.set(reader, backend);
    }
    return backend;
  };
  const apiKeys = new ApiKeyService(db, apiKeySecret, principalCache);
  const webhooks = new WebhookService(db, options.webhooks);
  // An extraction's outcome and charge become webhook events, in the transaction that writes them.
  const events: ExtractionEvents = {
    // A test-mode task's events go to the account's test endpoints only.
    completed: (trx, accountId, task) => webhooks.emit(trx, accountId, 'scraping.task.completed', task, undefined, task.mode ?? 'live'),
    failed: (trx, accountId, task) => webhooks.emit(trx, accountId, 'scraping.task.failed', task, undefined, task.mode ?? 'live'),
    charged: (trx, accountId, before, after, taskId) => webhooks.charged(trx, accountId, before, after, taskId),
  };
  return {
    apiKeys,
    accounts: new AccountService(db, apiKeys),
    // The index (which follows the primary's change feed) answers once loaded; until then, or
    // with SEARCH_INDEX=off, SQL answers on the replica behind the read-your-writes fence.
    search: new SearchService(async (accountId) => (searchIndex?.ready ? searchIndex : sqlSearch(await reads.fenceFor(accountId))), db),
    scraping: new ScrapingService(
      db,
      scraping,
      async (accountId) => {
        searchIndex?.noteWrite();
        await reads.noteWrite(accountId);
      },
      undefined,
      metrics,
      events,
      options.testScraping,
    ),
    lists: new ListService(db),
    webhooks,
  };
}

export interface ComposeOptions {
  /** Names this process to another one refused by the embedded store's lock (`the server (npm start)`). */
  role?: string;
  /**
   * true (the server, the tests' app): every part is built and started. false (the CLI, the
   * benches' setup): the database and the services only; no fence, cache, index, rate limits,
   * page workers or sample directory is started, and nothing is logged.
   */
  serve: boolean;
  /** Default: pino on stdout at LOG_LEVEL (silent when not serving). */
  logger?: Logger;
  /** A database already open (tests); closed with the rest. Default: opened from the config. */
  database?: Database;
  /** The extraction setup of the caller's own (tests): replaces the sources, fetcher and page workers of the config. */
  scraping?: ScrapingSetup;
  /** Default: a registry with the process metrics. */
  metrics?: Metrics;
  /** Default: from the config (REDIS_URL, UNAUTHENTICATED_RATE_LIMIT). */
  rateLimits?: RateLimits;
  /** Settings of the read-your-writes fence (tests). */
  fence?: Partial<FenceOptions>;
  /** Settings of the search index (default: from the config). */
  searchIndex?: CompanyIndexOptions;
  /** Load the search index before returning, failing if it fails (tests); the server loads it in the background. */
  awaitSearchIndex?: boolean;
}

/** Every part of a process, built once; {@link Composition.close} shuts them in order. */
export interface Composition {
  config: Config;
  logger: Logger;
  database: Database;
  apiKeySecret: string;
  services: AppServices;
  reads: ReadYourWrites;
  /** Whether this store gets the demo account and companies (SEED_DEMO). */
  seedDemo: boolean;
  principalCache?: PrincipalCache;
  searchIndex?: CompanyIndex;
  metrics?: Metrics;
  rateLimits?: RateLimits;
  /** The job queue (pg-boss) of this process, shared by the task workers and the webhook deliveries. */
  queue?: JobQueue;
  /** Sends the webhook deliveries that are due (started by the server once it listens). */
  webhookDispatcher?: WebhookDispatcher;
  /** Where extractions read from, when anything is configured (or on a demo store, the sample directory). */
  scraping?: ScrapingSetup;
  /** The directories extractions read (empty: POST /v1/scraping/run answers 503). */
  sources: readonly SourceConfig[];
  /** Rolls back the extractions not yet written (the server's shutdown timeout). */
  cancelExtractions(): void;
  /** Shuts every part in order: the caches and the index, the fence, the database, then the threads and Redis. */
  close(): Promise<void>;
}

/** What a serving process has besides: every part is there (the search index when SEARCH_INDEX=on). */
export interface ServingComposition extends Composition {
  principalCache: PrincipalCache;
  metrics: Metrics;
  rateLimits: RateLimits;
  scraping: ScrapingSetup;
  queue: JobQueue;
  webhookDispatcher: WebhookDispatcher;
}

/** Builds the process's parts from the configuration (see {@link ComposeOptions.serve} for what a CLI skips). */
export async function compose(config: Config, options: ComposeOptions & { serve: true }): Promise<ServingComposition>;
export async function compose(config: Config, options: ComposeOptions): Promise<Composition>;
export async function compose(config: Config, options: ComposeOptions): Promise<Composition> {
  const serve = options.serve;
  // Synchronous writes: the last lines before process.exit ("stopped") cannot be lost in an
  // asynchronous write still pending, and log lines keep their order with the banner.
  const logger = options.logger ?? createLogger(serve ? config.logLevel : 'silent', pino.destination({ dest: 1, sync: true }));
  // A bad sources file stops start-up before anything else, naming its line.
  const configuredSources = serve && !options.scraping && config.scrapingSources ? loadSourcesFile(config.scrapingSources) : undefined;

  let database = options.database;
  if (!database) {
    database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl, databaseReadUrl: config.databaseReadUrl }
        : { dataDir: config.dataDir, role: options.role },
    );
    if (database.staleLockFrom) {
      logger.warn({ stale_lock: database.staleLockFrom }, `DATA_DIR was locked by pid ${database.staleLockFrom.pid}, which no longer runs: lock taken over`);
    }
    if (serve) logger.info({ database: database.kind }, 'database ready, schema up to date');
  }
  const db = database;
  const apiKeySecret = config.apiKeySecret ?? loadOrCreateEmbeddedSecret(config.dataDir);
  const seedDemo = config.seedDemo === 'auto' ? database.kind === 'embedded' : config.seedDemo;

  if (!serve) {
    return {
      config,
      logger,
      database,
      apiKeySecret,
      reads: noReplica(database.knex),
      services: createServices(database.knex, apiKeySecret, { webhooks: webhookOptions(config) }),
      seedDemo,
      sources: [],
      cancelExtractions: () => {},
      close: () => db.close(),
    };
  }

  const reads = createReadYourWrites({ primary: database.knex, reader: database.reader, logger, ...options.fence });
  if (reads.replicated) {
    await reads.start(database);
    const replica = await reads.replicaStatus();
    if (replica?.status === 'ok') logger.info('searches read the replica (DATABASE_READ_URL), behind a read-your-writes fence');
    else logger.warn('the replica (DATABASE_READ_URL) does not answer yet: searches read the primary until it does');
  }

  if (seedDemo) {
    const companies = await seedDemoCompaniesIfEmpty(database.knex);
    if (companies > 0) logger.info({ companies }, 'demo companies written');
  }
  // The search index loads while the server already listens (/readyz answers 503 until it is
  // loaded); a failed load is retried with backoff, and searches use SQL meanwhile.
  const searchIndex = config.searchIndex
    ? new CompanyIndex(
        database.knex,
        options.searchIndex ?? {
          maxStalenessMs: config.searchIndexMaxStalenessMs,
          onError: (err) => logger.warn({ err }, 'search index refresh failed; the next search retries it'),
        },
      )
    : undefined;
  if (options.awaitSearchIndex) await searchIndex?.start();
  const indexLoaded = options.awaitSearchIndex ? Promise.resolve() : loadInBackground(searchIndex, logger);

  // Extractions read the configured directories or, on a demo store, the sample one.
  let sample: SampleDirectory | undefined;
  let pages: PageReader | undefined;
  const cancel = new AbortController();
  let scraping = options.scraping;
  if (!scraping) {
    sample = !configuredSources && seedDemo ? await startSampleDirectory() : undefined;
    const sources = configuredSources ?? (sample ? [sample.source] : []);
    if (sample) logger.info({ origin: sample.origin }, 'extractions read the sample directory (set SCRAPING_SOURCES for real ones)');
    else if (sources.length === 0) logger.warn('no SCRAPING_SOURCES: POST /v1/scraping/run answers 503');
    // Threads start with the first page read (or at warm(), once the server listens).
    pages = new PageReader({ threads: config.scrapingWorkers, budgetMs: config.scrapingPageBudgetMs });
    scraping = {
      cancel: cancel.signal,
      sources,
      fetcher: new PoliteFetcher({ userAgent: config.scrapingUserAgent, timeoutMs: config.scrapingTimeoutMs }),
      deadlineMs: config.scrapingDeadlineMs,
      pages,
    };
  }

  const metrics = options.metrics ?? new Metrics();
  if (database.reader !== database.knex) metrics.observePool('replica', database.reader);
  const ownRateLimits = !options.rateLimits;
  let rateLimits: RateLimits;
  if (options.rateLimits) {
    rateLimits = options.rateLimits;
  } else {
    // Loaded here only, so that the CLI never loads the Redis client (a file name, as an ES
    // import() needs; jest maps it to the source).
    const { createRateLimits } = await import('./ratelimit/rateLimit.js');
    rateLimits = createRateLimits({ logger, metrics, redisUrl: config.redisUrl, unauthenticatedLimit: config.unauthenticatedRateLimit });
    if (rateLimits.store === 'redis') {
      // Not fail closed: without Redis at start-up, counters are in-process until it answers.
      if (await rateLimits.ready(2_000)) logger.info('rate limits: counters in Redis, shared across instances');
      else logger.warn('rate limits: Redis not reachable yet; counting in-process until it is');
    }
  }
  // Test keys' extractions read the sample directory alone, never a configured one: the demo
  // store's own, or one started on the first test-mode extraction. Its fetcher is its own (a
  // test's fake fetcher of the live setup is not used); its pages are parsed by the same workers.
  const liveSetup = scraping;
  let testSetup: Promise<ScrapingSetup> | undefined;
  let closing = false;
  const testScraping = () => {
    if (closing) return Promise.reject(new Error('the server is shutting down'));
    testSetup ??= (async () => {
      const directory = sample ?? (testSample = await startSampleDirectory());
      return {
        cancel: cancel.signal,
        sources: [directory.source],
        fetcher: new PoliteFetcher({ userAgent: config.scrapingUserAgent, timeoutMs: config.scrapingTimeoutMs }),
        deadlineMs: liveSetup.deadlineMs,
        pages: liveSetup.pages,
      };
    })();
    return testSetup;
  };
  let testSample: SampleDirectory | undefined;
  const principalCache = new PrincipalCache({ ttlMs: config.authCacheTtlMs });
  await principalCache.start(database);
  // The one job queue of this process (pg-boss in the same database): the task workers
  // (started by the server) and the webhook deliveries share it.
  const queue = await startJobQueue(database.knex, { onError: (err) => logger.warn({ err }, 'job queue: the database did not answer; retrying') });
  const deliveries = new DeliveryQueue(queue, { timeoutMs: config.webhookTimeoutMs });
  await deliveries.prepare();
  // The one service graph of this process: the routes, the demo seed and the tests use it.
  const services = createServices(database.knex, apiKeySecret, { scraping, testScraping, principalCache, reads, searchIndex, metrics, webhooks: { ...webhookOptions(config), deliveries } });
  // Every instance sends the due webhook deliveries (started by the server once it listens).
  const webhookDispatcher = new WebhookDispatcher(database.knex, deliveries, {
    allowPrivate: config.webhooksAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    userAgent: config.scrapingUserAgent,
    exclusive: database.kind === 'embedded',
    logger,
  });
  return {
    config,
    logger,
    database,
    apiKeySecret,
    services,
    reads,
    seedDemo,
    principalCache,
    searchIndex,
    metrics,
    rateLimits,
    scraping,
    queue,
    webhookDispatcher,
    sources: scraping.sources,
    cancelExtractions: () => cancel.abort(),
    close: async () => {
      closing = true;
      await webhookDispatcher.close();
      await queue.stop().catch((err) => logger.error({ err }, 'stopping the job queue failed'));
      await principalCache.close();
      await searchIndex?.close();
      await indexLoaded;
      await reads.close();
      await db.close().catch((err) => logger.error({ err }, 'closing the database failed'));
      await sample?.close();
      await testSetup?.catch(() => undefined);
      await testSample?.close();
      await pages?.close();
      if (ownRateLimits) await rateLimits.close().catch((err) => logger.error({ err }, 'closing the Redis connection failed'));
    },
  };
}

/** Loads the index, retried with backoff until it loads or is closed; searches use SQL meanwhile. */
async function loadInBackground(searchIndex: CompanyIndex | undefined, logger: Logger): Promise<void> {
  for (let attempt = 0; searchIndex && !searchIndex.closed; attempt++) {
    const started = performance.now();
    try {
      await searchIndex.start();
      const heapMb = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
      logger.info({ companies: searchIndex.size, ms: Math.round(performance.now() - started), heap_mb: heapMb }, 'search index loaded');
      return;
    } catch (err) {
      if (searchIndex.closed) return;
      logger.error({ err }, 'search index failed to load; searches use SQL until it does');
      await new Promise((r) => setTimeout(r, Math.min(30_000, 1000 * 2 ** attempt)).unref());
    }
  }
}

function webhookOptions(config: Config): WebhookServiceOptions {
  return { allowPrivate: config.webhooksAllowPrivate, lowBalanceThreshold: config.webhookLowBalance };
}
