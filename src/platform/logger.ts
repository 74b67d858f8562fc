import pino, { type Logger } from 'pino';
import { redactSecrets } from './secrets';

export type { Logger };

/** Paths that must never reach a log line: API keys travel in these. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'api_key',
  '*.api_key',
  'token',
];

/**
 * The JSON-lines logger. Besides the fixed paths above, every line is searched for token-shaped
 * strings (an API key pasted in a URL, a `Bearer ...`, a long random secret: see
 * src/platform/secrets.ts) just before it is written, whatever field holds them: the request
 * line's url, an error's message, a path.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'prospecting-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      hooks: { streamWrite: redactSecrets },
    },
    destination,
  );
}
