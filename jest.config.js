/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // A feature's tests live beside it (src/<feature>/__tests__/); what is cross-cutting lives in test/.
  // Only *.test.ts files are tests: the helpers and worker scripts beside them are not.
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Builds dist/ when a source changed: the operator tests run the compiled server and CLI.
  globalSetup: '<rootDir>/test/globalSetup.cjs',
  // Property tests draw from a fixed seed unless FUZZ_SEED says otherwise (test/fastCheckSeed.cjs).
  setupFiles: ['<rootDir>/test/fastCheckSeed.cjs'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  // openapi-fetch and encoding-sniffer (with its @exodus/bytes) ship ESM only; let swc turn them into CommonJS for jest.
  // src/composition.ts loads the rate limits with an ES import() naming the file (`./x.js`): the source is `./x.ts`.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transformIgnorePatterns: ['/node_modules/(?!(?:openapi-fetch|encoding-sniffer|@exodus/bytes)/)'],
  testTimeout: 60000,
  maxWorkers: 2,
  // Safety net: a test that fails before closing its embedded database must not hang CI.
  forceExit: true,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.js'],
};
