/**
 * What the service measures, in Prometheus' format (prom-client), on a registry of its own
 * (never prom-client's global one: each app built, in production or in a test, has its own).
 * Served by GET /metrics on its own port (METRICS_PORT) or behind a bearer token
 * (METRICS_TOKEN): see src/platform/http/metrics.ts.
 *
 * Labels are bounded: a route is its template (`/v1/lists/{id}`), never the raw path; a source
 * is a configured directory's name; outcomes and policies are short fixed lists.
 */
import type { Knex } from 'knex';
import client from 'prom-client';

/** How a request to POST /v1/scraping/run ended. */
export type ExtractionOutcome =
  | 'completed'
  | 'failed'
  | 'replayed'
  | 'insufficient_credits'
  | 'too_many_running'
  | 'rejected'
  | 'error';

export interface MetricsOptions {
  /** The default process metrics (CPU, memory, GC, event-loop lag...). Default true. */
  defaultMetrics?: boolean;
}

/** The pool methods of tarn (knex's pool) read on each scrape. */
interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max?: number;
}

export class Metrics {
  readonly registry = new client.Registry();
  /** Every answered request: by method, route template and status. */
  readonly httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  /** Requests to run an extraction, by how they ended. */
  readonly extractions: client.Counter<'outcome'>;
  /** How long the extractions that ran took (fetching, reading, writing), by outcome. */
  readonly extractionDuration: client.Histogram<'outcome'>;
  /** Each directory read by an extraction, by name and outcome (ok, empty, partial, failed). */
  readonly extractionSources: client.Counter<'source' | 'outcome'>;
  readonly extractionSourceDuration: client.Histogram<'source' | 'outcome'>;
  /** Credits charged by extractions. */
  readonly creditsCharged: client.Counter;
  /** Requests refused 429 by a rate limit, by policy (per-account, per-ip). */
  readonly rateLimitRefusals: client.Counter<'policy'>;
  /** Requests counted in-process because Redis did not answer, by policy. */
  readonly rateLimitFallbacks: client.Counter<'policy'>;
  private readonly pools = new Map<string, () => Pool | undefined>();

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) client.collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new client.Histogram({
      name: 'prospecting_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.extractions = new client.Counter({
      name: 'prospecting_extractions_total',
      help: 'Requests to run an extraction, by outcome: completed, failed (every directory failed), replayed (Idempotency-Key), insufficient_credits, too_many_running, rejected (other 4xx) or error.',
      labelNames: ['outcome'],
      registers,
    });
    this.extractionDuration = new client.Histogram({
      name: 'prospecting_extraction_duration_seconds',
      help: 'Time an extraction took, fetching to writing, by outcome (completed or failed).',
      labelNames: ['outcome'],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 60],
      registers,
    });
    this.extractionSources = new client.Counter({
      name: 'prospecting_extraction_sources_total',
      help: 'Directories read by extractions, by source name and outcome (ok, empty, partial, failed).',
      labelNames: ['source', 'outcome'],
      registers,
    });
    this.extractionSourceDuration = new client.Histogram({
      name: 'prospecting_extraction_source_duration_seconds',
      help: 'Time one directory took within an extraction, by source name and outcome.',
      labelNames: ['source', 'outcome'],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 60],
      registers,
    });
    this.creditsCharged = new client.Counter({
      name: 'prospecting_credits_charged_total',
      help: 'Credits charged by extractions.',
      registers,
    });
    this.rateLimitRefusals = new client.Counter({
      name: 'prospecting_rate_limit_refusals_total',
      help: 'Requests refused with 429 rate_limited, by policy (per-account, per-ip).',
      labelNames: ['policy'],
      registers,
    });
    this.rateLimitFallbacks = new client.Counter({
      name: 'prospecting_rate_limit_fallbacks_total',
      help: 'Requests whose rate limit was counted in-process because Redis did not answer, by policy.',
      labelNames: ['policy'],
      registers,
    });
    const pools = this.pools;
    new client.Gauge({
      name: 'prospecting_db_pool_connections',
      help: 'Database pool connections by pool (primary, replica) and state: used, free, pending (requests waiting for one), creating, max.',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const [name, get] of pools) {
          const pool = get();
          if (!pool) continue;
          this.set({ pool: name, state: 'used' }, pool.numUsed());
          this.set({ pool: name, state: 'free' }, pool.numFree());
          this.set({ pool: name, state: 'pending' }, pool.numPendingAcquires());
          this.set({ pool: name, state: 'creating' }, pool.numPendingCreates());
          if (typeof pool.max === 'number') this.set({ pool: name, state: 'max' }, pool.max);
        }
      },
    });
  }

  /** Reports a knex pool's use on each scrape. */
  observePool(name: string, knex: Knex): void {
    this.pools.set(name, () => (knex.client as { pool?: Pool }).pool);
  }

  /** The exposition text and its Content-Type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
