import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Knex } from 'knex';
import { pinoHttp } from 'pino-http';
import type { ResponseValidationMode } from './platform/config';
import { noReplica, type ReadYourWrites } from './platform/db/readYourWrites';
import { AppError } from './platform/errors';
import { getMe, listCreditLedger } from './accounts/accountHandlers';
import { createApiKey, listApiKeys, revokeApiKey } from './accounts/apiKeyHandlers';
import { getEntreprise, getEntrepriseFacets, getSecteurs, getWilayas, searchEntreprises } from './search/searchHandlers';
import { addLead, addLeads, addLeadsBulk, createList, deleteLead, deleteList, exportList, getList, listLeads, listLists, updateLead, updateList } from './lists/listHandlers';
import { cancelScrapingTask, createScrapingTask, getScrapingTask, listScrapingTasks, runScraping } from './extraction/extractionHandlers';
import { authenticate } from './accounts/auth';
import { databaseUnavailable, errorHandler, inputErrors, notFound, reportInputErrors, sendProblem } from './platform/http/problem';
import { createRateLimits, type RateLimits } from './ratelimit/rateLimit';
import { metricsEndpoint, requestMetrics, routeResolver } from './platform/http/metrics';
import { requestId } from './platform/http/requestId';
import { refuseControlCharacters, refuseHugeBodies } from './platform/http/controlCharacters';
import { canonicalizeContentType } from './platform/http/contentType';
import { contractChecks } from './platform/http/contractChecks';
import { deprecationHeaders } from './platform/http/deprecation';
import { parseQuery, refuseBracketSyntax } from './platform/http/query';
import { DOCS_ASSETS_DIR, DOCS_PATH, loadSpec, withHeadOperations, type LoadedSpec } from './platform/http/spec';
import type { Logger } from './platform/logger';
import { Metrics } from './platform/metrics';
import type { PrincipalCache } from './accounts/principalCache';
import type { ScrapingSetup } from './extraction/extractionService';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints } from './webhooks';
import { createServices, type AppServices } from './composition';
import type { CompanyIndex } from './search/companyIndex';

export interface AppDependencies {
  db: Knex;
  apiKeySecret: string;
  logger: Logger;
  validateResponses: ResponseValidationMode;
  spec?: LoadedSpec;
  docsPath?: string;
  trustProxy?: boolean;
  /** Rate-limit counters (and their store); default: in-process, 60-second windows. */
  rateLimits?: RateLimits;
  /** Where extractions read from; without it POST /v1/scraping/run answers 503. */
  scraping?: ScrapingSetup;
  /** Authentication rows kept between requests (started by the caller); without it, read every time. */
  principalCache?: PrincipalCache;
  /** Where searches read (a replica, behind a read-your-writes fence); without it, `db`. */
  reads?: ReadYourWrites;
  /** The in-memory search index (started by the caller); without it, searches use SQL alone. */
  searchIndex?: CompanyIndex;
  /** What is measured (GET /metrics); default: a registry of the app's own, without the process metrics. */
  metrics?: Metrics;
  /** When set, GET /metrics on this app answers `Authorization: Bearer <metricsToken>` (404 to anything else). */
  metricsToken?: string;
  /**
   * The services the routes call, built once by the caller with {@link createServices} (so that
   * the caller and the app share one graph); default: built here from the other dependencies.
   */
  services?: AppServices;
}

/** A URL fit for the logs: the values of query parameters that may carry a credential are hidden. */
export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  return url.replace(/([?&])([^=&]*(?:key|token|auth|secret|password|jwt)[^=&]*)=[^&]*/gi, '$1$2=[redacted]');
}

/** Builds the HTTP app from its dependencies; listening and shutdown live in server.ts. */
export function createApp(deps: AppDependencies): Express {
  const spec = deps.spec ?? loadSpec();
  const docsPath = deps.docsPath ?? DOCS_PATH;
  const reads = deps.reads ?? noReplica(deps.db);
  const metrics = deps.metrics ?? new Metrics({ defaultMetrics: false });
  metrics.observePool('primary', deps.db);
  const { accounts, apiKeys, search, scraping, lists, webhooks } = deps.services ?? createServices(deps.db, deps.apiKeySecret, { ...deps, reads, metrics });
  const rateLimits = deps.rateLimits ?? createRateLimits({ logger: deps.logger, metrics });
  const app = express();
  // Paths match exactly: `/V1/ME` and `/v1/me/` are not `/v1/me` (set before any route: the
  // app's router takes them when it is made; the contract's validator reads them too).
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  // Flat parameters, repeated once per value; no bracket syntax (see src/platform/http/query.ts).
  app.set('query parser', parseQuery);

  app.use(requestId);
  // Every request is timed by its route's template (the contract's paths), never its raw path.
  app.use(requestMetrics(metrics, routeResolver(Object.keys((spec.document() as { paths: Record<string, unknown> }).paths))));
  // One line per request at info; below that level the middleware would only cost time.
  if (deps.logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger: deps.logger,
        genReqId: (req) => (req as express.Request).requestId,
        customLogLevel: (_req, res, err) => (res.statusCode === 503 ? 'warn' : err || res.statusCode >= 500 ? 'error' : 'info'),
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        customSuccessMessage: (req, res, ms) =>
          `${req.method} ${redactUrl((req as express.Request).originalUrl ?? req.url)} ${res.statusCode} ${Math.round(ms)}ms`,
        customErrorMessage: (req, res) => `${req.method} ${redactUrl((req as express.Request).originalUrl ?? req.url)} ${res.statusCode} failed`,
      }),
    );
  }

  // Public: liveness, readiness, the contract and its docs. No key, no rate limit.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Ready when the primary answers. A replica that does not is reported, not fatal: searches
  // then read the primary (see src/platform/db/readYourWrites.ts).
  app.get('/readyz', async (req, res) => {
    if (deps.searchIndex && !deps.searchIndex.ready) {
      res.set('Retry-After', '5');
      sendProblem(req, res, new AppError('service_unavailable', 'The search index is loading; retry in a few seconds.'));
      return;
    }
    try {
      const [, replica] = await Promise.all([deps.db.raw('select 1'), reads.replicaStatus()]);
      res.json(replica ? { status: 'ready', replica: replica.status, replica_fallbacks: replica.fallbacks } : { status: 'ready' });
    } catch (err) {
      deps.logger.warn({ err, request_id: req.requestId }, 'database unreachable');
      sendProblem(req, res, databaseUnavailable());
    }
  });
  // Not public: only with a token here (or on the metrics port, see server.ts).
  if (deps.metricsToken) app.get('/metrics', metricsEndpoint(metrics, deps.metricsToken));
  app.get('/v1/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(spec.yaml);
  });
  app.get('/v1/openapi.json', (_req, res) => {
    res.type('application/json').send(spec.json);
  });
  app.get('/docs', (req, res) => {
    if (!fs.existsSync(docsPath)) {
      sendProblem(req, res, new AppError('service_unavailable', 'The docs are not built: run `npm run docs`.'));
      return;
    }
    res.sendFile(docsPath);
  });
  // Everything the docs page loads besides itself comes from here (scripts/build-docs.mjs
  // points the page at these paths and fails on any other host).
  app.get(['/favicon.ico', '/favicon.svg'], (_req, res) => {
    res.type('image/svg+xml').sendFile(path.join(DOCS_ASSETS_DIR, 'favicon.svg'), { maxAge: '1d' });
  });
  app.use('/docs/assets', express.static(DOCS_ASSETS_DIR, { index: false, redirect: false, maxAge: '1d' }));

  // The API: key first, then the rate limit (per client address for requests without a valid
  // key, per account otherwise), then the contract.
  const v1 = express.Router({ caseSensitive: true, strict: true });
  // Deprecation and Sunset on every answer to an operation the contract deprecates, errors included.
  v1.use(deprecationHeaders(spec.document()));
  v1.use(authenticate(apiKeys));
  v1.use(rateLimits.perClientAddress());
  v1.use(rateLimits.perAccount());
  v1.use(
    express.json({
      limit: '1mb',
      type: ['application/json', 'application/*+json'],
      // The parser reads an empty body as {}: noted, so that a required body is asked for.
      verify: (req, _res, buf) => {
        if (buf.length === 0) (req as express.Request).emptyJsonBody = true;
      },
    }),
  );
  v1.use((req, _res, next) => {
    if (req.emptyJsonBody) req.body = undefined;
    next();
  });
  // The validator sees a canonical Content-Type (it keeps a compiled middleware per value).
  // Checks of every request before the contract's validator. Refused at once: bodies of more
  // values than any operation takes, bracket syntax. Noted, then answered with whatever the
  // validator finds (each a 400 naming its field): control characters, integers not written
  // in digits, required bodies left empty.
  v1.use(canonicalizeContentType);
  v1.use(refuseHugeBodies);
  v1.use(refuseBracketSyntax);
  v1.use(refuseControlCharacters);
  v1.use(contractChecks(spec.document()));
  v1.use(
    OpenApiValidator.middleware({
      // HEAD is checked as the GET it mirrors (express answers it with the GET route, no body).
      apiSpec: withHeadOperations(spec.document()) as never,
      // allErrors: the schema is ours (trusted), and clients want every bad field at once.
      // Query and path parameters are always coerced from strings; bodies never are (12 is not "12").
      validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
      validateResponses:
        deps.validateResponses === 'off'
          ? false
          : deps.validateResponses === 'log'
            ? {
                onError: (err, body, req) =>
                  deps.logger.error({ err, request_id: (req as express.Request).requestId, path: req.path }, 'response breaks the contract'),
              }
            : true,
      validateSecurity: false,
      validateFormats: true,
      // A uuid is RFC 4122's string, as PostgreSQL reads it (ajv-formats also takes `urn:uuid:...`).
      formats: { uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i },
      ignoreUndocumented: false,
    }),
  );
  v1.use(inputErrors);
  v1.use(reportInputErrors);
  v1.get('/me', getMe(accounts));
  v1.get('/credits/ledger', listCreditLedger(accounts));
  v1.get('/api-keys', listApiKeys(apiKeys));
  v1.post('/api-keys', createApiKey(apiKeys));
  v1.delete('/api-keys/:key_id', revokeApiKey(apiKeys));
  v1.get('/entreprises', searchEntreprises(search));
  v1.get('/entreprises/facets', getEntrepriseFacets(search));
  v1.get('/entreprises/:id', getEntreprise(search));
  v1.get('/wilayas', getWilayas);
  v1.get('/secteurs', getSecteurs);
  v1.post('/scraping/run', runScraping(scraping));
  v1.post('/scraping/tasks', createScrapingTask(scraping));
  v1.get('/scraping/tasks', listScrapingTasks(scraping));
  v1.get('/scraping/tasks/:task_id', getScrapingTask(scraping));
  v1.post('/scraping/tasks/:task_id/cancel', cancelScrapingTask(scraping));
  v1.get('/webhook-endpoints', listWebhookEndpoints(webhooks));
  v1.post('/webhook-endpoints', createWebhookEndpoint(webhooks));
  v1.delete('/webhook-endpoints/:id', deleteWebhookEndpoint(webhooks));
  v1.get('/webhook-endpoints/:id/deliveries', listWebhookDeliveries(webhooks));
  v1.get('/lists', listLists(lists));
  v1.post('/lists', createList(lists));
  v1.get('/lists/:id', getList(lists));
  v1.patch('/lists/:id', updateList(lists));
  v1.delete('/lists/:id', deleteList(lists));
  v1.get('/lists/:id/leads', listLeads(lists));
  v1.post('/lists/:id/leads', addLeads(lists));
  v1.post('/lists/:id/leads/single', addLead(lists));
  v1.post('/lists/:id/leads/bulk', addLeadsBulk(lists));
  v1.patch('/lists/:id/leads/:lead_id', updateLead(lists));
  v1.delete('/lists/:id/leads/:lead_id', deleteLead(lists));
  v1.get('/lists/:id/export', exportList(lists));
  v1.use(notFound);
  app.use('/v1', v1);

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
