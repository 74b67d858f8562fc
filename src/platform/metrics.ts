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

/** Seconds: an extraction, and one directory within it, take from a fraction of a second to its deadline. */
const EXTRACTION_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 60];

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
    // Every metric is registered on this instance's registry only.
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
      new client.Counter<L>({ name, help, labelNames, registers });
    const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
      new client.Histogram<L>({ name, help, labelNames, buckets, registers });

    this.httpDuration = histogram(
      'prospecting_http_request_duration_seconds',
      'Time to answer a request, by method, route template and status.',
      ['method', 'route', 'status'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
    this.extractions = counter(
      'prospecting_extractions_total',
      'Requests to run an extraction, by outcome: completed, failed (every directory failed), replayed (Idempotency-Key), insufficient_credits, too_many_running, rejected (other 4xx) or error.',
      ['outcome'],
    );
    this.extractionDuration = histogram(
      'prospecting_extraction_duration_seconds',
      'Time an extraction took, fetching to writing, by outcome (completed or failed).',
      ['outcome'],
      EXTRACTION_BUCKETS,
    );
    this.extractionSources = counter(
      'prospecting_extraction_sources_total',
      'Directories read by extractions, by source name and outcome (ok, empty, partial, failed).',
      ['source', 'outcome'],
    );
    this.extractionSourceDuration = histogram(
      'prospecting_extraction_source_duration_seconds',
      'Time one directory took within an extraction, by source name and outcome.',
      ['source', 'outcome'],
      EXTRACTION_BUCKETS,
    );
    this.creditsCharged = counter('prospecting_credits_charged_total', 'Credits charged by extractions.');
    this.rateLimitRefusals = counter(
      'prospecting_rate_limit_refusals_total',
      'Requests refused with 429 rate_limited, by policy (per-account, per-ip).',
      ['policy'],
    );
    this.rateLimitFallbacks = counter(
      'prospecting_rate_limit_fallbacks_total',
      'Requests whose rate limit was counted in-process because Redis did not answer, by policy.',
      ['policy'],
    );
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
