import type { RequestHandler } from 'express';

/**
 * The Content-Type the contract's validator is shown: `application/json` for a JSON body
 * (whatever its parameters: the body was parsed already, its charset checked), one stand-in for
 * any other media type (which the validator then refuses with 415 on an operation that takes a
 * body), none when none was sent. express-openapi-validator compiles and keeps a middleware per
 * Content-Type it meets, parameters included, so the client's own header would let every new
 * `application/json; x=<n>` cost a compilation and grow the heap for good.
 */
export function canonicalContentType(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return header.split(';')[0].trim().toLowerCase() === 'application/json' ? 'application/json' : 'application/octet-stream';
}

/** Shows the validator the canonical Content-Type (see {@link canonicalContentType}); the body parser has read the real one. */
export const canonicalizeContentType: RequestHandler = (req, _res, next) => {
  const canonical = canonicalContentType(req.headers['content-type']);
  if (canonical !== undefined) req.headers['content-type'] = canonical;
  next();
};
