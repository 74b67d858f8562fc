import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, settings } from '../config';

describe('configuration', () => {
  test('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      seedDemo: 'auto',
      logLevel: 'info',
      validateResponses: 'error',
      shutdownTimeoutMs: 30000,
      scrapingDeadlineMs: 20000,
    });
  });

  test('VALIDATE_RESPONSES defaults to log in production, and can be set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).validateResponses).toBe('log');
    expect(loadConfig({ NODE_ENV: 'production', VALIDATE_RESPONSES: 'off' }).validateResponses).toBe('off');
    expect(loadConfig({ VALIDATE_RESPONSES: 'log' }).validateResponses).toBe('log');
  });

  test('a bad value stops start-up naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', VALIDATE_RESPONSES: 'maybe', LOG_LEVEL: 'loud', SEED_DEMO: 'yes' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'VALIDATE_RESPONSES', 'LOG_LEVEL', 'SEED_DEMO']) expect(message).toContain(name);
  });

  test('SHUTDOWN_TIMEOUT_MS follows SCRAPING_DEADLINE_MS, and a shutdown that could not outlast an extraction stops start-up', () => {
    expect(loadConfig({ SCRAPING_DEADLINE_MS: '60000' }).shutdownTimeoutMs).toBe(70000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '6000', SCRAPING_DEADLINE_MS: '1000' }).shutdownTimeoutMs).toBe(6000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS \(10000\) must be at least SCRAPING_DEADLINE_MS \(20000\) \+ 5000, so that an extraction running at SIGTERM can finish/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '30000', SCRAPING_DEADLINE_MS: '26000' })).toThrow(/raise SHUTDOWN_TIMEOUT_MS or lower SCRAPING_DEADLINE_MS/);
  });

  test('DATABASE_URL needs a strong API_KEY_SECRET', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/API_KEY_SECRET is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x', API_KEY_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x', API_KEY_SECRET: 'x'.repeat(32) })).toThrow(/postgres/);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x', API_KEY_SECRET: 'x'.repeat(32) }).databaseUrl).toBe('postgres://localhost/x');
  });

  test('DATABASE_READ_URL needs DATABASE_URL and a postgres:// URL', () => {
    const primary = { DATABASE_URL: 'postgres://localhost/x', API_KEY_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/x' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
    expect(() => loadConfig({ ...primary, DATABASE_READ_URL: 'http://replica/x' })).toThrow(/DATABASE_READ_URL must be a postgres/);
    expect(loadConfig({ ...primary, DATABASE_READ_URL: 'postgres://replica/x' }).databaseReadUrl).toBe('postgres://replica/x');
    expect(loadConfig(primary).databaseReadUrl).toBeUndefined();
  });

  test("each integer is refused outside the range its row gives, and each word outside its row's words; the written defaults are accepted", () => {
    for (const { env, range, values, computed, default: written } of settings) {
      if (range) {
        const [min, max] = range;
        // (SHUTDOWN_TIMEOUT_MS has a floor of its own, above.)
        if (env !== 'SHUTDOWN_TIMEOUT_MS') for (const n of [min, max]) expect(() => loadConfig({ [env]: String(n) })).not.toThrow();
        expect(() => loadConfig({ [env]: String(max + 1) })).toThrow(`${env} must be an integer from ${min} to ${max} (got "${max + 1}")`);
        expect(() => loadConfig({ [env]: String(min - 1) })).toThrow(`${env} must be an integer from ${min} to ${max}`);
        if (!computed) expect([env, Number(written) >= min && Number(written) <= max]).toEqual([env, true]);
      }
      if (values) {
        for (const word of values) expect(() => loadConfig({ [env]: word })).not.toThrow();
        expect(() => loadConfig({ [env]: 'maybe' })).toThrow(`${env} must be one of ${values.join(', ')} (got "maybe")`);
        if (!computed) expect(values).toContain(written);
      }
    }
  });

  test('every variable read is listed in the settings table', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '../config.ts'), 'utf8') as string;
    const read = [...source.matchAll(/(?:value|text|integer|oneOf)\('([A-Z_]+)'/g)].map((m) => m[1]);
    expect(new Set(read)).toEqual(new Set(settings.map((s) => s.env)));
  });
  test('falls back to the default its table row shows, for every setting whose default is written there', () => {
    const defaults = loadConfig({});
    const written = settings.filter((s) => !s.computed);
    expect(written.length).toBeGreaterThan(10);
    for (const s of written) {
      // Setting the variable to its documented default changes nothing: what the code falls
      // back to is what the README says.
      expect({ env: s.env, config: loadConfig({ [s.env]: s.default }) }).toEqual({ env: s.env, config: defaults });
    }
  });
});

describe('the README', () => {
  test('has the settings table as its configuration table, row for row', () => {
    const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8') as string;
    const lines = readme.split('\n');
    const header = lines.indexOf('| Variable | Default | Meaning |');
    expect(header).toBeGreaterThan(-1);
    const rows: string[] = [];
    for (let i = header + 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
    // On a difference: copy the expected rows (src/platform/config.ts `settings`) into the README.
    expect(rows).toEqual(settings.map((s) => `| \`${s.env}\` | ${s.default} | ${s.description} |`));
  });
});
