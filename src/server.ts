import type { Server, ServerResponse } from 'node:http';
import type { Knex } from 'knex';
import { createApp } from './app';
import { compose } from './composition';
import { seedDemoAccount } from './demo';
import { ConfigError, loadConfig } from './platform/config';
import { createMetricsApp } from './platform/http/metrics';
import { startTaskWorkers } from './extraction/taskWorkers';

async function main(): Promise<void> {
  const config = loadConfig();
  // Every part of this process, built once (src/composition.ts): the database, the replica
  // fence, the search index (loading in the background), the sample directory, page workers,
  // metrics, rate limits, the authentication cache and the services.
  const parts = await compose(config, { role: 'the server (npm start)', serve: true });
  const { logger, database, services, scraping } = parts;
  const { metrics } = parts;
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

  const demo = parts.seedDemo ? await seedDemoAccount(database.knex, services.accounts) : undefined;
  // Background extraction tasks (POST /v1/scraping/tasks): a queue in the database, shared by every instance.
  const taskWorkers = await startTaskWorkers(database.knex, services.scraping, {
    queue: parts.queue,
    concurrency: config.taskConcurrency,
    deadlineMs: config.scrapingDeadlineMs,
    exclusive: database.kind === 'embedded',
    onError: (err, taskId) =>
      taskId ? logger.error({ err, task_id: taskId }, 'extraction task failed; it will be retried') : logger.warn({ err }, 'task queue: the database did not answer; retrying'),
  });
  logger.info({ task_concurrency: config.taskConcurrency }, 'extraction task workers started');
  const app = createApp({
    services,
    db: database.knex,
    apiKeySecret: parts.apiKeySecret,
    logger,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    rateLimits: parts.rateLimits,
    scraping,
    principalCache: parts.principalCache,
    reads: parts.reads,
    searchIndex: parts.searchIndex,
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
  if (parts.sources.length > 0) scraping.pages.warm();
  await parts.webhookDispatcher.start();
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
      parts.cancelExtractions();
      setTimeout(() => {
        forced = true;
        logger.warn('shutdown timeout: closing remaining connections');
        server.closeAllConnections();
      }, CANCEL_GRACE_MS).unref();
    }, config.shutdownTimeoutMs);
    force.unref();
    const stopAt = Date.now() + config.shutdownTimeoutMs + CANCEL_GRACE_MS;
    // Task workers take no new job; running tasks finish like running requests, or are taken up again after the restart.
    const workersStopped = taskWorkers.stop({ graceful: true, timeoutMs: config.shutdownTimeoutMs + CANCEL_GRACE_MS }).catch((stopErr) => logger.error({ err: stopErr }, 'stopping the task workers failed'));
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    server.close(async (err) => {
      await workersStopped;
      // A handler whose client went away is still running: let its queries finish before the
      // pool goes (up to the same timeout), rather than failing them with "aborted".
      if (!(await queriesDone(database.knex, stopAt))) {
        forced = true;
        logger.warn('shutdown timeout: database queries still running are cut');
      }
      // The caches and the index, the fence, the database, the sample directory, the page
      // workers, then Redis (src/composition.ts).
      await parts.close();
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
