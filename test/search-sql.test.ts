// The search tests again, answered by SQL alone (SEARCH_INDEX=off, and what answers while the
// index loads): both paths must give the same answers.
process.env.TEST_SEARCH_INDEX = 'off';
require('./search.test');
