// Prints jest's totals as one plain closing line, `N passed, N failed` (with `, N skipped`
// when some were), and, when JEST_SUMMARY_FILE is set, writes them there as JSON for .ci/run.
const fs = require('node:fs');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    // A suite that fails to load counts as a failure even though it ran no test.
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    if (process.env.JEST_SUMMARY_FILE) {
      fs.writeFileSync(process.env.JEST_SUMMARY_FILE, JSON.stringify({ passed, failed, skipped }));
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}

module.exports = SummaryReporter;
