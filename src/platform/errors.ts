/**
 * The one catalog of error codes. Every error a client can receive carries one of these
 * codes; src/platform/__tests__/errors.test.ts checks that each is documented in openapi/v1.yaml.
 */
export const errorCatalog = {
  validation_failed: { status: 400, title: 'The request is not valid.' },
  malformed_json: { status: 400, title: 'The request body is not valid JSON.' },
  missing_api_key: { status: 401, title: 'An API key is required.' },
  invalid_api_key: { status: 401, title: 'The API key is not valid.' },
  expired_api_key: { status: 401, title: 'The API key has expired.' },
  revoked_api_key: { status: 401, title: 'The API key has been revoked.' },
  insufficient_credits: { status: 402, title: 'The account has no credit left.' },
  not_found: { status: 404, title: 'There is no such route.' },
  resource_not_found: { status: 404, title: 'The resource does not exist.' },
  method_not_allowed: { status: 405, title: 'The method is not allowed on this resource.' },
  idempotency_in_progress: { status: 409, title: 'A request with this Idempotency-Key is still running.' },
  lead_already_exists: { status: 409, title: 'The company is already in the list.' },
  task_not_cancellable: { status: 409, title: 'The task has already ended and cannot be cancelled.' },
  idempotency_key_reused: { status: 422, title: 'The Idempotency-Key was used with another request.' },
  payload_too_large: { status: 413, title: 'The request body is too large.' },
  unsupported_media_type: { status: 415, title: "The request body's media type is not supported." },
  rate_limited: { status: 429, title: 'Too many requests.' },
  too_many_running_extractions: { status: 429, title: 'The account already runs as many extractions as its plan allows.' },
  internal_error: { status: 500, title: 'Something went wrong on our side.' },
  sources_failed: { status: 502, title: 'Every directory failed.' },
  service_unavailable: { status: 503, title: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const PROBLEM_TYPE_BASE = 'https://prospecting-api.dz/problems/';

export interface FieldError {
  path: string;
  message: string;
  code?: string;
}

/** Most fields a validation error names: a body of 60,000 unknown fields gets a problem of a few kilobytes. */
export const MAX_FIELD_ERRORS = 50;

/**
 * A 400 naming each bad field (the first {@link MAX_FIELD_ERRORS}): the detail reads
 * `query per_page: must be <= 100; body nom: ...`, and ends `(and N more)` when some are left out.
 */
export function validationError(fields: FieldError[]): AppError {
  const shown = fields.slice(0, MAX_FIELD_ERRORS);
  const more = fields.length - shown.length;
  const detail = shown.map((f) => `${f.path.slice(1).replace('/', ' ')}: ${f.message}`).join('; ') + (more > 0 ? ` (and ${more} more)` : '');
  return new AppError('validation_failed', detail || 'The request is not valid.', { errors: shown });
}

/** An error meant for the client: its code picks the status and title from the catalog. */
export class AppError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; fields?: { task_id?: string } } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
    this.title = errorCatalog[code].title;
  }
}
