import type { Server } from 'node:http';
import { createApp, createServices } from './app';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { openRuntime } from './runtime';
import { seedDemoAccount } from './services/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { database, apiKeySecret } = await openRuntime(config);
  logger.info({ database: database.kind }, 'database ready, schema up to date');

  const seed = config.seedDemo === 'auto' ? database.kind === 'embedded' : config.seedDemo;
  if (seed) {
    const demo = await seedDemoAccount(database.knex, createServices(database.knex, apiKeySecret).accounts);
    if (demo) {
      // Printed once, on purpose outside the logs: keys never go through the logger.
      process.stdout.write(
        [
          '',
          '  A demo account was created on this fresh store. Its API key is shown only this once:',
          '',
          `    account_id: ${demo.account_id}`,
          `    api_key:    ${demo.api_key}`,
          '',
          `  Try: curl -H "Authorization: Bearer ${demo.api_key}" http://localhost:${config.port}/v1/me`,
          '',
          '',
        ].join('\n'),
      );
    }
  }

  const app = createApp({
    db: database.knex,
    apiKeySecret,
    logger,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
  });
  const server: Server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  logger.info({ port: typeof address === 'object' && address ? address.port : config.port }, 'listening');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('shutdown timeout: closing remaining connections');
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    force.unref();
    server.close(async (err) => {
      await database.close().catch((closeErr) => logger.error({ err: closeErr }, 'closing the database failed'));
      logger.info('stopped');
      process.exit(err ? 1 : 0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  process.exit(1);
});
