// The search tests again, answered by SQL alone (SEARCH_INDEX=off, and what answers while the
// index loads): both paths must give the same answers.
process.env.TEST_SEARCH_INDEX = 'off';
// A require, not an import: it must run after the line above (imports are hoisted).
require('./search.test'); // eslint-disable-line @typescript-eslint/no-require-imports
