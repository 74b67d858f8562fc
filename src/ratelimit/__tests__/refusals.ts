import type request from 'supertest';

/**
 * Checks a refusal by a rate limit as every one must read: 429 problem+json `rate_limited`,
 * Retry-After within the window, the policy named with its quota and window, none left.
 * Returns Retry-After (seconds).
 */
export function expectRefused(res: request.Response, policy: 'per-account' | 'per-ip', quota: number, windowSeconds: number): number {
  expect(res.status).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ code: 'rate_limited', status: 429 });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['ratelimit-policy']).toBe(`"${policy}";q=${quota};w=${windowSeconds}`);
  expect(res.headers.ratelimit).toBe(`"${policy}";r=0;t=${retryAfter}`);
  return retryAfter;
}
