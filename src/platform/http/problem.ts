import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { redactSecrets } from '../secrets';
import { AppError, PROBLEM_TYPE_BASE, validationError, type FieldError } from '../errors';
import type { Logger } from '../logger';
import { patternMessage } from './textPatterns';
import type { Problem } from '../types';

/**
 * Sends a problem document. What it echoes of the request (the path in `instance`, values
 * named in `detail` and `errors[]`) never carries a token-shaped string: a key pasted in a
 * path or a field comes back as `[redacted]`.
 */
export function sendProblem(req: Request, res: Response, error: AppError): void {
  const body: Problem = {
    type: PROBLEM_TYPE_BASE + error.code,
    title: error.title,
    status: error.status,
    detail: redactSecrets(error.detail),
    instance: redactSecrets(req.originalUrl.split('?')[0]),
    code: error.code,
    request_id: req.requestId,
  };
  if (error.extra.errors) body.errors = error.extra.errors.map((e) => ({ ...e, path: redactSecrets(e.path), message: redactSecrets(e.message) }));
  if (error.extra.fields?.task_id) body.task_id = error.extra.fields.task_id;
  for (const [name, value] of Object.entries(error.extra.headers ?? {})) res.setHeader(name, value);
  res.status(error.status).type('application/problem+json').json(body);
}

/** The shape express-openapi-validator gives its errors. */
interface ValidatorError {
  status: number;
  message: string;
  path?: string;
  headers?: { Allow?: string };
  errors?: { path: string; message: string; errorCode?: string }[];
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === 'object' && err !== null && typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors)
  );
}

/** Body-parser errors carry a `type`. */
interface BodyParserError {
  type: string;
  status: number;
  message: string;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && typeof (err as BodyParserError).type === 'string' &&
    typeof (err as BodyParserError).status === 'number';
}

/** `.query.per_page`, `/query/per_page`, `/params/key_id` -> `/query/per_page`, `/path/key_id`. */
function toPointer(path: string): string {
  const segments = path.replace(/^[./]+/, '').split(/[./]/).filter(Boolean);
  if (segments[0] === 'params') segments[0] = 'path';
  return '/' + segments.join('/');
}

function fieldErrors(err: ValidatorError): FieldError[] {
  return (err.errors ?? []).map((e) => {
    const field: FieldError = { path: toPointer(e.path), message: patternMessage(e.message) ?? e.message };
    if (e.errorCode) field.code = e.errorCode.split('.')[0];
    return field;
  });
}


const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The validator's Allow list in the usual order (GET, HEAD, POST, PUT, PATCH, DELETE). */
function allowHeader(allow: string): string {
  const rank = (m: string) => (METHOD_ORDER.includes(m) ? METHOD_ORDER.indexOf(m) : METHOD_ORDER.length);
  return [...new Set(allow.split(/\s*,\s*/).map((m) => m.toUpperCase()).filter(Boolean))].sort((a, b) => rank(a) - rank(b)).join(', ');
}

/** Maps anything thrown to an AppError; unknown errors become a bare 500. */
export function toAppError(err: unknown, req: Request): AppError {
  if (err instanceof AppError) return err;
  if (isBodyParserError(err)) {
    switch (err.type) {
      case 'entity.parse.failed':
        return new AppError('malformed_json', 'The request body is not valid JSON.');
      case 'entity.too.large':
        return new AppError('payload_too_large', 'The request body may not exceed 1 MB.');
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return new AppError('unsupported_media_type', 'Send the body as UTF-8 application/json.');
    }
  }
  if (isValidatorError(err)) {
    switch (err.status) {
      case 400: {
        return validationError(fieldErrors(err));
      }
      case 404:
        return routeNotFound(req);
      case 405:
        return new AppError(
          'method_not_allowed',
          `${req.method} is not allowed on ${req.path}; allowed methods are in the Allow header.`,
          { headers: err.headers?.Allow ? { Allow: allowHeader(err.headers.Allow) } : {} },
        );
      case 413:
        return new AppError('payload_too_large', 'The request body may not exceed 1 MB.');
      case 415:
        return new AppError('unsupported_media_type', 'Send the body as application/json.');
    }
  }
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  return new AppError('internal_error', 'The error has been logged; quote the request id if you contact support.');
}

/** 503 while the database cannot be reached: the client retries, nothing was done. */
export function databaseUnavailable(): AppError {
  return new AppError('service_unavailable', `The database is unreachable; nothing was done. Retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`, {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

/** Fields found before the validator ran first, then the validator's own on other fields. */
function mergeFieldErrors(ours: FieldError[], theirs: FieldError[]): FieldError[] {
  const named = new Set(ours.map((e) => e.path));
  return [...ours, ...theirs.filter((e) => !named.has(e.path))];
}

/**
 * After the contract's validator: the fields the checks before it found wrong
 * (`req.inputErrors`) are answered with the validator's own, so that a client learns of every
 * bad field at once (each field once; ours first, as they say more).
 */
export const inputErrors: ErrorRequestHandler = (err, req, _res, next) => {
  const found = req.inputErrors ?? [];
  if (found.length === 0 || !isValidatorError(err) || err.status !== 400) return next(err);
  next(validationError(mergeFieldErrors(found, fieldErrors(err))));
};

/** When the contract's validator found nothing: the fields the checks before it found wrong, if any. */
export const reportInputErrors: RequestHandler = (req, _res, next) => {
  if (req.inputErrors && req.inputErrors.length > 0) throw validationError(req.inputErrors);
  next();
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const problem = toAppError(err, req);
    if (problem.code === 'service_unavailable') {
      // Expected while the database restarts: a warning, not an error (it is not a bug).
      logger.warn({ err: { message: err instanceof Error ? err.message : String(err) }, request_id: req.requestId, method: req.method, path: req.path }, 'service unavailable');
    } else if (problem.status >= 500) {
      logger.error({ err, request_id: req.requestId, method: req.method, path: req.path }, 'request failed');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(req, res, problem);
  };
}

function routeNotFound(req: Request): AppError {
  return new AppError('not_found', `${req.method} ${req.path} is not an operation of this API.`);
}

export const notFound: RequestHandler = (req) => {
  throw routeNotFound(req);
};
