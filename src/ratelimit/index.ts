/** Rate limits per client address and per account, in-process or in Redis. */
export { createRateLimits, type RateLimitOptions, type RateLimits } from './rateLimit';
