/**
 * Token-shaped strings: what an API key, a bearer credential or a generated secret looks like,
 * wherever a client pasted it (a path, a query, a body value, a request id). They are never
 * echoed in an answer (src/platform/http/problem.ts, src/platform/http/requestId.ts) nor written to a log line
 * (src/platform/logger.ts): {@link redactSecrets} replaces each with `[redacted]`.
 *
 * Shapes (each pattern linear: character classes and bounded repeats, no nesting):
 *  - a JWT (every API key is one): `eyJ` (base64url of `{"`) and at least one more
 *    `.`-separated base64url part, or any three base64url parts of 16+ characters;
 *  - a credential after `Bearer`, `Basic` or `Token` (a space, `%20` or `+` between);
 *  - a long random secret: a run of 32+ base64/base64url characters (`+`, `/` and `=` also
 *    URL-encoded; a literal `/` ends the run, so paths are read segment by segment) that mixes
 *    upper case, lower case and digits, or a run of 40+ hex digits. Ids are not secrets and
 *    stay: UUIDs (one case of hex, with dashes) and 32-hex trace ids are shorter or single-case.
 */

// Every pattern starts only where a run of its characters starts (the lookbehind), so the
// text is scanned a bounded number of times whatever it holds: 'eyJ' or letters 100,000 times.
const JWT = /(?<![A-Za-z0-9_-])(?:eyJ[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9_-]*){1,2}|[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,})/g;
const SCHEME = /\b(Bearer|Basic|Token)(?:\s|%20|\+){1,8}[A-Za-z0-9._~+/=%-]{8,}/gi;
const RUN = /(?<![A-Za-z0-9_+=%-])(?:[A-Za-z0-9_+=-]|%2[BbFf]|%3[Dd]){32,}/g;
const HEX = /^[0-9a-f]+$|^[0-9A-F]+$/;

export const REDACTED = '[redacted]';

/** Whether a run of base64-like characters is a random secret rather than an id or a word. */
function secretRun(run: string): boolean {
  const plain = run.replace(/%2[BbFf]|%3[Dd]/g, '+');
  if (HEX.test(plain)) return plain.length >= 40;
  return /[A-Z]/.test(plain) && /[a-z]/.test(plain) && /[0-9]/.test(plain) && !/^[0-9a-fA-F-]+$/.test(plain);
}

/** The text with every token-shaped string replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  if (text.length < 16) return text;
  return text
    .replace(JWT, REDACTED)
    .replace(SCHEME, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(RUN, (run) => (secretRun(run) ? REDACTED : run));
}

/** Whether the text holds a token-shaped string. */
export function containsSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}
