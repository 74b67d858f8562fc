import type { Server, ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from './app';
import { WebhookDispatcher } from './webhooks';
import { createServices } from './composition';
import { ConfigError, loadConfig } from './platform/config';
import { createReadYourWrites } from './platform/db/readYourWrites';
import { createRateLimits } from './ratelimit/rateLimit';
import { createMetricsApp } from './platform/http/metrics';
import { createLogger } from './platform/logger';
import { Metrics } from './platform/metrics';
import { openRuntime } from './runtime';
import { PoliteFetcher } from './extraction/fetcher';
import { PageReader } from './extraction/pages';
import { startSampleDirectory } from './extraction/sampleDirectory';
import { loadSourcesFile } from './extraction/sources';
import type { ScrapingSetup } from './extraction/extractionService';
import { seedDemoAccount, seedDemoCompaniesIfEmpty } from './demo';
import { PrincipalCache } from './accounts/principalCache';
import { CompanyIndex } from './search/companyIndex';

async function main(): Promise<void> {
  const config = loadConfig();
  // Synchronous writes: the last lines before process.exit ("stopped") cannot be lost in an
  // asynchronous write still pending, and log lines keep their order with the banner.
  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  // A bad sources file stops start-up before anything else, naming its line.
  const configuredSources = config.scrapingSources ? loadSourcesFile(config.scrapingSources) : undefined;
  const { database, apiKeySecret } = await openRuntime(config, 'the server (npm start)');
  if (database.staleLockFrom) {
    logger.warn({ stale_lock: database.staleLockFrom }, `DATA_DIR was locked by pid ${database.staleLockFrom.pid}, which no longer runs: lock taken over`);
  }
  logger.info({ database: database.kind }, 'database ready, schema up to date');
  const reads = createReadYourWrites({ primary: database.knex, reader: database.reader, logger });
  if (reads.replicated) {
    await reads.start(database);
    const replica = await reads.replicaStatus();
    if (replica?.status === 'ok') logger.info('searches read the replica (DATABASE_READ_URL), behind a read-your-writes fence');
    else logger.warn('the replica (DATABASE_READ_URL) does not answer yet: searches read the primary until it does');
  }

  const seed = config.seedDemo === 'auto' ? database.kind === 'embedded' : config.seedDemo;
  if (seed) {
    const companies = await seedDemoCompaniesIfEmpty(database.knex);
    if (companies > 0) logger.info({ companies }, 'demo companies written');
  }
  // The search index loads while the server already listens (/readyz answers 503 until it is
  // loaded); a failed load is retried with backoff, and searches use SQL meanwhile.
  const searchIndex = config.searchIndex
    ? new CompanyIndex(database.knex, {
        maxStalenessMs: config.searchIndexMaxStalenessMs,
        onError: (err) => logger.warn({ err }, 'search index refresh failed; the next search retries it'),
      })
    : undefined;
  const indexLoaded = (async () => {
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
  })();
  // Printed once, on purpose outside the logs: keys never go through the logger. Printed once
  // listening, so that the key can be tried at once, on the port actually bound.
  const printDemoKey = (port: number) => {
    if (!demo) return;
    process.stdout.write(
      [
        '',
        '  A demo account was created on this fresh store. Its API key is shown only this once:',
        '',
        `    account_id: ${demo.account_id}`,
        `    api_key:    ${demo.api_key}`,
        '',
        `  Try: curl -H "Authorization: Bearer ${demo.api_key}" http://localhost:${port}/v1/me`,
        '',
        '',
      ].join('\n'),
    );
  };

  // Extractions read the configured directories or, on a demo store, the sample one.
  const sample = !configuredSources && seed ? await startSampleDirectory() : undefined;
  const sources = configuredSources ?? (sample ? [sample.source] : []);
  if (sample) logger.info({ origin: sample.origin }, 'extractions read the sample directory (set SCRAPING_SOURCES for real ones)');
  else if (sources.length === 0) logger.warn('no SCRAPING_SOURCES: POST /v1/scraping/run answers 503');
  // Aborted when SIGTERM's wait is over: extractions not yet written are then rolled back.
  const cancelExtractions = new AbortController();
  const scraping: ScrapingSetup = {
    cancel: cancelExtractions.signal,
    sources,
    fetcher: new PoliteFetcher({ userAgent: config.scrapingUserAgent, timeoutMs: config.scrapingTimeoutMs }),
    deadlineMs: config.scrapingDeadlineMs,
    pages: new PageReader({ threads: config.scrapingWorkers, budgetMs: config.scrapingPageBudgetMs }),
  };

  const metrics = new Metrics();
  if (database.reader !== database.knex) metrics.observePool('replica', database.reader);
  const rateLimits = createRateLimits({
    logger,
    metrics,
    redisUrl: config.redisUrl,
    unauthenticatedLimit: config.unauthenticatedRateLimit,
  });
  if (rateLimits.store === 'redis') {
    // Not fail closed: without Redis at start-up, counters are in-process until it answers.
    if (await rateLimits.ready(2_000)) logger.info('rate limits: counters in Redis, shared across instances');
    else logger.warn('rate limits: Redis not reachable yet; counting in-process until it is');
  }
  const principalCache = new PrincipalCache({ ttlMs: config.authCacheTtlMs });
  await principalCache.start(database);
  // The one service graph of this process: the routes, and the demo seed, use it.
  const services = createServices(database.knex, apiKeySecret, {
    scraping,
    principalCache,
    reads,
    searchIndex,
    metrics,
    webhooks: { allowPrivate: config.webhooksAllowPrivate, lowBalanceThreshold: config.webhookLowBalance },
  });
  // Webhook deliveries are sent by every instance, each claiming a few at a time.
  const webhookDispatcher = new WebhookDispatcher(database.knex, {
    allowPrivate: config.webhooksAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    userAgent: config.scrapingUserAgent,
    logger,
  });
  const demo = seed ? await seedDemoAccount(database.knex, services.accounts) : undefined;
  const app = createApp({
    services,
    db: database.knex,
    apiKeySecret,
    logger,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    rateLimits,
    scraping,
    principalCache,
    reads,
    searchIndex,
    metrics,
    metricsToken: config.metricsToken,
  });
  const server: Server = app.listen(config.port, config.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (err) {
    printDemoKey(config.port); // the account exists now: its only chance to be shown
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port }, 'listening');
  printDemoKey(port);
  if (sources.length > 0) scraping.pages?.warm();
  webhookDispatcher.start();
  // Metrics on a port of their own, for the scraper only (not published like the API's).
  let metricsServer: Server | undefined;
  if (config.metricsPort !== undefined) {
    metricsServer = createMetricsApp(metrics, logger, config.metricsToken).listen(config.metricsPort, config.host);
    await new Promise<void>((resolve, reject) => {
      metricsServer!.once('listening', resolve);
      metricsServer!.once('error', reject);
    });
    logger.info({ metrics_port: config.metricsPort }, 'metrics listening (GET /metrics)');
  }

  let stopping = false;
  // Responses still to be sent when stopping close their connection, so that keep-alive
  // clients do not hold the exit up until their idle timeout.
  const pending = new Set<ServerResponse>();
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    pending.add(res);
    res.once('close', () => pending.delete(res));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing in-flight requests');
    for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
    let forced = false;
    // Running extractions finish to their deadline and are written (SHUTDOWN_TIMEOUT_MS outlasts
    // SCRAPING_DEADLINE_MS, see config.ts). One still not written when the time is up is rolled
    // back: it answers 503, charges nothing and releases its Idempotency-Key; then whatever is
    // still open is closed.
    const force = setTimeout(() => {
      logger.warn('shutdown timeout: extractions not yet written are rolled back');
      cancelExtractions.abort();
      setTimeout(() => {
        forced = true;
        logger.warn('shutdown timeout: closing remaining connections');
        server.closeAllConnections();
      }, CANCEL_GRACE_MS).unref();
    }, config.shutdownTimeoutMs);
    force.unref();
    const stopAt = Date.now() + config.shutdownTimeoutMs + CANCEL_GRACE_MS;
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    server.close(async (err) => {
      // A handler whose client went away is still running: let its queries finish before the
      // pool goes (up to the same timeout), rather than failing them with "aborted".
      if (!(await queriesDone(database.knex, stopAt))) {
        forced = true;
        logger.warn('shutdown timeout: database queries still running are cut');
      }
      await webhookDispatcher.close();
      await principalCache.close();
      await searchIndex?.close();
      await indexLoaded;
      await reads.close();
      await database.close().catch((closeErr) => logger.error({ err: closeErr }, 'closing the database failed'));
      await sample?.close();
      await scraping.pages?.close();
      await rateLimits.close().catch((closeErr) => logger.error({ err: closeErr }, 'closing the Redis connection failed'));
      logger.info({ forced }, 'stopped');
      // Exit 0 only when every in-flight request was answered (finished, or rolled back with a 503), not cut.
      process.exit(err || forced ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** How long extractions cancelled at the shutdown timeout have to roll back and answer. */
const CANCEL_GRACE_MS = 3_000;

/** Resolves true once the pool has no query running or waiting, false at `until`. */
async function queriesDone(knex: Knex, until: number): Promise<boolean> {
  const pool = (knex.client as { pool?: { numUsed(): number; numPendingAcquires(): number } }).pool;
  while (pool && pool.numUsed() + pool.numPendingAcquires() > 0) {
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  process.exit(1);
});
