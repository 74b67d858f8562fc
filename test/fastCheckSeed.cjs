/**
 * Every property test draws from one seed, so that the suite gives the same answer on every run
 * (CI must not fail on a case that the next run would not draw). FUZZ_SEED=<n> replays or explores
 * another seed; FUZZ_SEED=random draws a new one (printed by fast-check with any failure).
 * A case found that way is kept as a test of its own.
 */
const fc = require('fast-check');

const raw = process.env.FUZZ_SEED;
if (raw !== 'random') fc.configureGlobal({ seed: raw === undefined ? 20261127 : Number(raw) });
