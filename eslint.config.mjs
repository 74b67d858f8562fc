// ESLint (flat config): typescript-eslint's recommended rules (not type-aware: kept fast), the
// feature boundaries (eslint-plugin-boundaries) and no import cycles (import-x) over src/, the
// tests beside each feature (src/<feature>/__tests__/) included.
// `npm run lint`; test/boundaries.test.ts shows that the boundaries and the cycle rule bite.
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import tseslint from 'typescript-eslint';

/** ESLint's own recommended rules (what @eslint/js ships as `recommended`, read from ESLint itself). */
const jsRecommended = Object.fromEntries(
  [...builtinRules].filter(([, rule]) => rule.meta?.docs?.recommended).map(([name]) => [name, 'error']),
);

/** The feature folders of src/: each one used by the others only through its index.ts. */
export const FEATURES = ['accounts', 'billing', 'extraction', 'lists', 'ratelimit', 'search', 'webhooks'];

/** Node's globals, for the JavaScript files (TypeScript checks its own). */
const NODE_GLOBALS = Object.fromEntries(
  ['process', 'console', 'performance', 'Buffer', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'structuredClone', 'fetch', 'AbortController', 'TextDecoder', 'TextEncoder', 'SharedArrayBuffer', 'Atomics']
    .map((name) => [name, 'readonly']),
);

export default tseslint.config(
  { ignores: ['dist/**', 'generated/**', 'node_modules/**', 'coverage/**', 'bench-results/**', 'data/**', 'test/fixtures/**/*.js'] },
  // A disable comment that no longer silences anything fails the lint: they stay true.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { rules: jsRecommended },
  ...tseslint.configs.recommended,
  {
    rules: {
      // Off: refusing control characters is a contract rule (platform/text.ts), so patterns name them on purpose.
      'no-control-regex': 'off',
      // Taste: `cond ? a++ : b++;` as a statement is used on purpose in hot loops.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // Caught by tsc's noUnusedLocals already; `_`-prefixed arguments mark an unused position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `declare global { namespace Express { ... } }` is how Express's Request is augmented.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    // CommonJS files (jest config, the page worker's boot file, test workers, scripts) use require.
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...NODE_GLOBALS, require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // import-x reads the other files' imports as TypeScript (without these, no-cycle sees no .ts file).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      // eslint-plugin-boundaries resolves imports with the eslint-plugin-import resolver setting.
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      'boundaries/elements': [
        { type: 'platform', pattern: 'src/platform' },
        { type: 'feature', pattern: `src/(${FEATURES.join('|')})`, capture: ['feature'] },
        // Any other folder of src/ (a file left in a folder that moved): may import nothing.
        { type: 'stray', pattern: 'src/*' },
        // The composition root and the entry points: app.ts, server.ts, cli.ts, composition.ts, ...
        { type: 'root', pattern: 'src' },
        // What the tests share, outside src/: test/helpers (apps on compose, databases, fixture sites) and test/fixtures.
        { type: 'test-support', pattern: 'test' },
      ],
      // A feature's tests: src/<feature>/__tests__/ (they belong to the feature's element, so they reach its internals).
      'boundaries/files': [{ category: 'test', pattern: '**/__tests__/**' }],
    },
    rules: {
      // The server logs through pino (redacted, one JSON line each), never the console.
      'no-console': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/no-unknown-files': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Checked inside a feature too: a feature's code never imports its own tests.
          checkInternals: true,
          policies: [
            // Inside one element, anything.
            { allow: { dependency: { relationship: { to: 'internal' } } } },
            // Platform (config, db, http, errors, text) is used by everyone, and uses no feature.
            { from: { element: { types: ['feature', 'root'] } }, allow: { to: { element: { type: 'platform' } } } },
            // Another feature only through its index.ts.
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
            // The root files build the graph: they may reach anything.
            { from: { element: { type: 'root' } }, allow: { to: { element: { types: ['feature', 'root'] } } } },
            // No code is built on a test: nothing imports a test's file (but the tests beside it, below).
            { disallow: { to: { file: { categories: 'test' } } } },
            // A feature's tests (src/<feature>/__tests__/) also build the app (the root), use the shared test
            // helpers (test/helpers) and each other; another feature's tests and internals stay out of reach.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: ['root', 'test-support'] } } } },
            { from: { file: { categories: 'test' } }, allow: { dependency: { relationship: { to: 'internal' } }, to: { file: { categories: 'test' } } } },
          ],
        },
      ],
    },
  },
  {
    // A feature's tests may say on the console why they skip (no redis-server, no private cluster).
    files: ['src/**/__tests__/**'],
    rules: { 'no-console': 'off' },
  },
);
