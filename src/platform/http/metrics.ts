import crypto from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { errorHandler, notFound } from './problem';
import { requestId } from './requestId';

/** Routes outside the contract, answered as they are. */
const STATIC_ROUTES = new Set(['/healthz', '/readyz', '/docs', '/favicon.ico', '/favicon.svg', '/v1/openapi.yaml', '/v1/openapi.json', '/metrics']);
/** The docs page's files, one label for all of them. */
const DOCS_ASSETS = '/docs/assets/';

/**
 * The route template of a request path (`/v1/lists/{id}/leads`), from the contract's paths, or
 * `unmatched`: a metric label never carries a raw path (ids, or whatever a client sends).
 */
export function routeResolver(templates: readonly string[]): (path: string) => string {
  const compiled = templates.map((t) => ({ template: t, segments: t.split('/') }));
  return (path) => {
    if (STATIC_ROUTES.has(path)) return path;
    if (path.startsWith(DOCS_ASSETS) && path.length > DOCS_ASSETS.length) return `${DOCS_ASSETS}{file}`;
    const segments = path.split('/');
    for (const { template, segments: expected } of compiled) {
      if (expected.length !== segments.length) continue;
      if (expected.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i]))) return template;
    }
    return 'unmatched';
  };
}

/** Observes every answered request in the duration histogram, by method, route template and status. */
export function requestMetrics(metrics: Metrics, route: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      end({ method: req.method, route: route(req.originalUrl.split('?')[0]), status: String(res.statusCode) });
    });
    next();
  };
}

function sameToken(sent: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(sent), digest(expected));
}

/**
 * GET /metrics: the exposition text. With a token, only for `Authorization: Bearer <token>`; any
 * other request answers 404 as if there were no such route (it is not part of the API).
 */
export function metricsEndpoint(metrics: Metrics, token?: string): RequestHandler {
  return async (req: Request, res, next) => {
    if (token) {
      const sent = /^Bearer +(\S+) *$/i.exec(req.get('authorization') ?? '')?.[1];
      if (!sent || !sameToken(sent, token)) {
        next(new AppError('not_found', `${req.method} ${req.path} is not an operation of this API.`));
        return;
      }
    }
    const { contentType, body } = await metrics.scrape();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  };
}

/** The app of the metrics port (METRICS_PORT): GET /metrics, nothing else. */
export function createMetricsApp(metrics: Metrics, logger: Logger, token?: string): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestId);
  app.get('/metrics', metricsEndpoint(metrics, token));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
