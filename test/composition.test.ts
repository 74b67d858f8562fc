import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The service graph (src/composition.ts) knows no HTTP: the CLI builds it without loading
// Express or the contract's validator. Read on the compiled build (test/globalSetup.cjs keeps
// dist/ fresh), in a process of its own, so that nothing jest loaded counts.

const ROOT = path.resolve(__dirname, '..');

test('the CLI and the service graph load neither Express nor the validator; the HTTP app does', () => {
  const loaded = (modules: string[]) => {
    const script = `${modules.map((m) => `require(${JSON.stringify(path.join(ROOT, m))});`).join('')}
      const keys = Object.keys(require.cache);
      process.stdout.write(JSON.stringify({
        express: keys.some((k) => k.includes('/node_modules/express/')),
        validator: keys.some((k) => k.includes('/node_modules/express-openapi-validator/')),
      }));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { express: boolean; validator: boolean };
  };
  expect(loaded(['dist/src/composition.js', 'dist/src/runtime.js', 'dist/src/platform/config.js'])).toEqual({ express: false, validator: false });
  expect(loaded(['dist/src/app.js'])).toEqual({ express: true, validator: true });
});
