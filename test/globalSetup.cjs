// Before any test file: the compiled server and CLI are rebuilt when a source changed, so the
// tests that start them as child processes (test/helpers/operator.ts) run today's code the way
// `npm start` and `npm run cli` do.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = function globalSetup() {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build.mjs'), '--if-stale', '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] });
};
