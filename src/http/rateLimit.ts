import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors';

const WINDOW_SECONDS = 60;

/**
 * Fixed 60-second windows per account, sized by the account's plan: exactly the plan's number
 * of requests succeed in a window. Announces the policy in the IETF RateLimit headers.
 */
export function rateLimitPerAccount(): RequestHandler {
  const limiters = new Map<number, RateLimiterMemory>();
  const limiterFor = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `plan${points}` });
      limiters.set(points, limiter);
    }
    return limiter;
  };

  return async (req, res, next) => {
    const principal = req.principal;
    if (!principal) return next();
    const limit = principal.plan.requests_per_minute;
    const setHeaders = (state: RateLimiterRes) => {
      const resetSeconds = Math.max(0, Math.ceil(state.msBeforeNext / 1000));
      res.setHeader('RateLimit-Policy', `"per-account";q=${limit};w=${WINDOW_SECONDS}`);
      res.setHeader('RateLimit', `"per-account";r=${Math.max(0, state.remainingPoints)};t=${resetSeconds}`);
      return resetSeconds;
    };
    try {
      setHeaders(await limiterFor(limit).consume(principal.accountId));
      next();
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) return next(err);
      const retryAfter = setHeaders(err);
      next(
        new AppError(
          'rate_limited',
          `This account may make ${limit} requests per ${WINDOW_SECONDS} seconds; retry in ${retryAfter} seconds.`,
          { headers: { 'Retry-After': String(retryAfter) } },
        ),
      );
    }
  };
}
