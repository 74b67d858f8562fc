import type { RequestHandler } from 'express';

/**
 * The deprecation policy, as the server applies it (README, "Changes and deprecation"): an
 * operation the contract marks `deprecated: true` carries `x-deprecated-at` (when it was
 * deprecated) and `x-sunset` (when it may be removed, at least {@link MIN_NOTICE_MONTHS}
 * months later), and every answer to it says so:
 *   Deprecation: @<unix time of x-deprecated-at>   (RFC 9745, a structured-field date)
 *   Sunset: <x-sunset as an HTTP-date>              (RFC 8594)
 * A deprecated operation without both dates, or with less notice, stops the app from being
 * built: the contract cannot promise less than the policy does.
 */
export const MIN_NOTICE_MONTHS = 6;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export interface DeprecatedOperation {
  method: string;
  path: string;
  deprecatedAt: Date;
  sunset: Date;
}

type Operation = { deprecated?: boolean; 'x-deprecated-at'?: unknown; 'x-sunset'?: unknown };

/** A YAML date may arrive parsed (a Date) or as text; only a full RFC 3339 date or date-time is taken. */
function dateOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2}))?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Every operation the document marks deprecated, with its dates; throws when the policy is not met. */
export function deprecatedOperations(document: { paths?: Record<string, Record<string, unknown>> }): DeprecatedOperation[] {
  const found: DeprecatedOperation[] = [];
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op?.deprecated) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const deprecatedAt = dateOf(op['x-deprecated-at']);
      const sunset = dateOf(op['x-sunset']);
      if (!deprecatedAt || !sunset) {
        problems.push(`${name} is deprecated but lacks ${!deprecatedAt ? 'x-deprecated-at' : 'x-sunset'} (an RFC 3339 date)`);
        continue;
      }
      const earliest = new Date(deprecatedAt);
      earliest.setUTCMonth(earliest.getUTCMonth() + MIN_NOTICE_MONTHS);
      if (sunset < earliest) {
        problems.push(`${name}: x-sunset ${sunset.toISOString()} gives less than ${MIN_NOTICE_MONTHS} months' notice after x-deprecated-at ${deprecatedAt.toISOString()}`);
        continue;
      }
      found.push({ method: method.toUpperCase(), path, deprecatedAt, sunset });
    }
  }
  if (problems.length > 0) throw new Error(`the contract breaks the deprecation policy: ${problems.join('; ')}`);
  return found;
}

/**
 * Sends `Deprecation` and `Sunset` on every answer to a deprecated operation (errors
 * included), matched by method (HEAD as GET) and path template, literal segments first
 * (`/v1/entreprises/facets` before `/v1/entreprises/{id}`), on the request's full path.
 */
export function deprecationHeaders(document: { paths?: Record<string, Record<string, unknown>> }): RequestHandler {
  const deprecated = deprecatedOperations(document).map((op) => ({
    ...op,
    headers: { Deprecation: `@${Math.floor(op.deprecatedAt.getTime() / 1000)}`, Sunset: op.sunset.toUTCString() },
  }));
  const templates = Object.keys(document.paths ?? {})
    .map((path) => ({ path, segments: path.split('/'), params: path.split('/').filter((s) => s.startsWith('{')).length }))
    .sort((a, b) => a.params - b.params);
  if (deprecated.length === 0) return (_req, _res, next) => next();
  return (req, res, next) => {
    const segments = req.originalUrl.split('?')[0].split('/');
    // The request's route: the first template it matches, literal segments first.
    const route = templates.find(
      (t) => t.segments.length === segments.length && t.segments.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i])),
    );
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const op = route && deprecated.find((d) => d.path === route.path && d.method === method);
    if (op) res.set(op.headers);
    next();
  };
}
