/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting,
 * unreachable, out of connections) rather than a bug: such a request answers 503
 * `service_unavailable` with Retry-After, never 500, and the next one tries again (the pool
 * opens new connections once the server is back; nothing needs a restart).
 */

/** Network failures of the connection itself. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * SQLSTATEs of a server that is going away or not taking connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery),
 * 53300 too_many_connections; and class 08, connection exceptions.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says, without a code, when the connection ends under a query. */
const LOST_CONNECTION = /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout expired)$/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SERVER_STATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  // knex: no connection could be had from the pool in time.
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
