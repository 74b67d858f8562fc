import request from 'supertest';
import { createMetricsApp } from '../src/platform/http/metrics';
import { createRateLimits } from '../src/ratelimit/rateLimit';
import { createLogger } from '../src/platform/logger';
import { Metrics } from '../src/platform/metrics';
import { PoliteFetcher } from '../src/extraction/fetcher';
import type { ScrapingSetup } from '../src/extraction/extractionService';
import { createTestContext, type TestContext } from './helpers/app';
import { createStore, eventually, freePort, ServerProcess, type Store } from './helpers/operator';
import { startSite, type Site } from './helpers/fixtureServer';
import { testPageReader } from './helpers/pages';
import { ficheSources } from './helpers/ficheDirectory';

// GET /metrics (Prometheus text format): not public (a token on the API port, or a port of its
// own), and its values move with what the service does.

jest.setTimeout(120_000);

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample of the exposition text: `name{labels}`, every given label equal. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total ?? 0;
}

describe('GET /metrics on the API port, behind METRICS_TOKEN', () => {
  let ctx: TestContext;
  let metrics: Metrics;
  let site: Site;
  const setup: ScrapingSetup = { sources: [], fetcher: new PoliteFetcher({ userAgent: 'MetricsTest/1.0', timeoutMs: 2000 }), deadlineMs: 5000, pages: testPageReader() };

  beforeAll(async () => {
    metrics = new Metrics();
    site = await startSite({
      '/recherche?secteur=BTP&wilaya=Tlemcen': `<html><body>
        <article class="fiche"><h2>Tlemcen Batiment</h2><a href="tel:0550123456">0550 12 34 56</a></article>
        <article class="fiche"><h2>Zianides Travaux</h2><a href="mailto:contact@zianides.dz">contact@zianides.dz</a></article>
        <article class="fiche"><h2>Mansourah Sans Contact</h2></article>
      </body></html>`,
    });
    setup.sources = ficheSources(site.origin, 'annuaire-metrics');
    ctx = await createTestContext({
      metrics,
      metricsToken: TOKEN,
      scraping: setup,
      rateLimits: createRateLimits({ logger: createSilentLogger(), unauthenticatedLimit: 2, metrics }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    await site.close();
  });

  const scrape = async () => {
    const res = await request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  test('answers 404, as an unknown route, without the token or with another one', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const req = request(ctx.app).get('/metrics');
      if (auth) req.set('Authorization', auth);
      const res = await req.expect(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
      expect(res.text).not.toContain('prospecting_');
    }
  });

  test('serves the default process metrics, the event-loop lag and the database pool', async () => {
    const text = await scrape();
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
    expect(text).toMatch(/^prospecting_db_pool_connections\{pool="primary",state="used"\} \d+$/m);
  });

  test('a request adds one to the duration histogram of its route template and status, never of its raw path', async () => {
    const acct = await ctx.account();
    const before = await scrape();
    const route = { route: '/v1/lists/{id}', status: '404', method: 'GET' };
    const id = '0b6f1a52-3c3e-4c55-9a4f-7f0d3b6b9d11';
    await request(ctx.app).get(`/v1/lists/${id}`).set('Authorization', `Bearer ${acct.api_key}`).expect(404);
    await request(ctx.app).get('/v1/me').set('Authorization', `Bearer ${acct.api_key}`).expect(200);
    await request(ctx.app).get('/no/such/route/0b6f1a52').expect(404);
    const after = await scrape();
    expect(sample(after, 'prospecting_http_request_duration_seconds_count', route) - sample(before, 'prospecting_http_request_duration_seconds_count', route)).toBe(1);
    const me = { route: '/v1/me', status: '200', method: 'GET' };
    expect(sample(after, 'prospecting_http_request_duration_seconds_count', me) - sample(before, 'prospecting_http_request_duration_seconds_count', me)).toBe(1);
    const unmatched = { route: 'unmatched', status: '404' };
    expect(sample(after, 'prospecting_http_request_duration_seconds_count', unmatched) - sample(before, 'prospecting_http_request_duration_seconds_count', unmatched)).toBe(1);
    expect(after).not.toContain(id);
    expect(after).not.toContain('/no/such');
  });

  test('a request refused by a rate limit adds one to its policy\'s refusals', async () => {
    const before = sample(await scrape(), 'prospecting_rate_limit_refusals_total', { policy: 'per-ip' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await request(ctx.app).get('/v1/me').set('Authorization', 'Bearer not.a.key')).status);
    expect(statuses).toEqual([401, 401, 429]);
    expect(sample(await scrape(), 'prospecting_rate_limit_refusals_total', { policy: 'per-ip' }) - before).toBe(1);
  });

  test('an extraction adds to the runs by outcome, the sources by name and outcome, their durations and the credits charged', async () => {
    const acct = await ctx.account({ credits: 10 });
    const poor = await ctx.account({ credits: 0 });
    const before = await scrape();
    const res = await request(ctx.app)
      .post('/v1/scraping/run')
      .set('Authorization', `Bearer ${acct.api_key}`)
      .set('Idempotency-Key', 'metrics-run-1')
      .send({ secteur: 'BTP', wilaya: 'Tlemcen' })
      .expect(200);
    expect(res.body.credits_used).toBe(2);
    await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${acct.api_key}`).set('Idempotency-Key', 'metrics-run-1').send({ secteur: 'BTP', wilaya: 'Tlemcen' }).expect(200);
    await request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${poor.api_key}`).send({ secteur: 'BTP', wilaya: 'Tlemcen' }).expect(402);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('prospecting_extractions_total', { outcome: 'completed' })).toBe(1);
    expect(delta('prospecting_extractions_total', { outcome: 'replayed' })).toBe(1);
    expect(delta('prospecting_extractions_total', { outcome: 'insufficient_credits' })).toBe(1);
    expect(delta('prospecting_extractions_total')).toBe(3);
    expect(delta('prospecting_extraction_duration_seconds_count', { outcome: 'completed' })).toBe(1);
    expect(delta('prospecting_extraction_sources_total', { source: 'annuaire-metrics', outcome: 'ok' })).toBe(1);
    expect(delta('prospecting_extraction_source_duration_seconds_count', { source: 'annuaire-metrics', outcome: 'ok' })).toBe(1);
    expect(delta('prospecting_credits_charged_total')).toBe(2);
  });
});

describe('the metrics port', () => {
  test('serves GET /metrics and nothing else; with a token, only to it', async () => {
    const metrics = new Metrics({ defaultMetrics: false });
    metrics.creditsCharged.inc(3);
    const open = createMetricsApp(metrics, createSilentLogger());
    const res = await request(open).get('/metrics').expect(200);
    expect(sample(res.text, 'prospecting_credits_charged_total')).toBe(3);
    expect((await request(open).get('/v1/me').expect(404)).body).toMatchObject({ code: 'not_found' });
    const guarded = createMetricsApp(metrics, createSilentLogger(), TOKEN);
    await request(guarded).get('/metrics').expect(404);
    await request(guarded).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  });
});

describe('the server with METRICS_PORT', () => {
  let store: Store;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    store = await createStore();
  });
  afterAll(async () => {
    await server?.kill();
    await store.remove();
  });

  test('serves the metrics on that port only, counts the API port\'s requests there, and exits 0 on SIGTERM', async () => {
    const metricsPort = await freePort();
    server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', METRICS_PORT: String(metricsPort), SEED_DEMO: 'true', SEARCH_INDEX: 'off' });
    const port = await server.listeningPort();
    const demo = await server.banner();
    await server.waitFor(/"msg":"metrics listening \(GET \/metrics\)"/);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { Authorization: `Bearer ${demo.api_key}` } })).status).toBe(200);
    const text = await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      const body = await res.text();
      return sample(body, 'prospecting_http_request_duration_seconds_count', { route: '/v1/me', status: '200' }) === 1 && body;
    }, 10_000);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
  });
});

function createSilentLogger() {
  return createLogger('silent');
}
