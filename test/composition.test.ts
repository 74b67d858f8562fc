import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compose } from '../src/composition';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';

// The composition root (src/composition.ts) knows no HTTP: the CLI builds its graph without
// loading Express, the contract's validator or the Redis client (rate limits are loaded only
// when serving). Read on the compiled build (test/globalSetup.cjs keeps
// dist/ fresh), in a process of its own, so that nothing jest loaded counts.

const ROOT = path.resolve(__dirname, '..');

test('the CLI and the composition load neither Express, the validator nor Redis; the HTTP app does', () => {
  const loaded = (modules: string[]) => {
    const script = `${modules.map((m) => `require(${JSON.stringify(path.join(ROOT, m))});`).join('')}
      const keys = Object.keys(require.cache);
      process.stdout.write(JSON.stringify({
        express: keys.some((k) => k.includes('/node_modules/express/')),
        validator: keys.some((k) => k.includes('/node_modules/express-openapi-validator/')),
        redis: keys.some((k) => k.includes('/node_modules/ioredis/')),
      }));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { express: boolean; validator: boolean; redis: boolean };
  };
  expect(loaded(['dist/src/composition.js', 'dist/src/platform/config.js'])).toEqual({ express: false, validator: false, redis: false });
  expect(loaded(['dist/src/app.js'])).toEqual({ express: true, validator: true, redis: true });
});

describe('compose', () => {
  // The embedded store of a directory of this test's own (whatever DATABASE_URL says).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('serving, it builds every part once over one store; close() shuts them, and the next process (a CLI) finds what was written', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const server = await compose(loadConfig(env), { serve: true, logger, role: 'the composition test' });
    let account: { account_id: string };
    try {
      expect(server.principalCache).toBeDefined();
      expect(server.searchIndex).toBeDefined();
      expect(server.rateLimits?.store).toBe('memory');
      expect(server.scraping?.pages).toBeDefined();
      expect(server.sources).toEqual([]);
      // The search index loads in the background: its line may come before this or after (now that
      // compose also starts the job queue, an empty store's index is often loaded by then).
      const messages = lines.map((l) => JSON.parse(l).msg as string).filter((m) => m !== 'search index loaded');
      expect(messages).toEqual(['database ready, schema up to date', 'no SCRAPING_SOURCES: POST /v1/scraping/run answers 503']);
      account = await server.services.accounts.create({ name: 'Composed', plan: 'sales_team', credits: 7 });
    } finally {
      await server.close();
    }
    expect(server.searchIndex?.closed).toBe(true);

    const cli = await compose(loadConfig(env), { serve: false, role: 'the CLI (test)' });
    try {
      // The CLI's graph: the database and the services, nothing started besides.
      expect([cli.principalCache, cli.searchIndex, cli.rateLimits, cli.scraping, cli.metrics]).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(await cli.services.accounts.get(account.account_id)).toMatchObject({ name: 'Composed', plan_id: 'sales_team', credit_balance: 7 });
    } finally {
      await cli.close();
    }
  });
});
