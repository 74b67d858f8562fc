import { spawnSync } from 'node:child_process';
import path from 'node:path';

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
