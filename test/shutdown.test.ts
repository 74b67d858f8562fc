import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { PoliteFetcher } from '../src/extraction/fetcher';
import type { ScrapingSetup } from '../src/extraction/extractionService';
import { createTestContext } from './helpers/app';
import { createStore, eventually, ServerProcess, type Store } from './helpers/operator';
import { slow, startSite, type Site } from './helpers/fixtureServer';
import { BLIDA_LISTING, BLIDA_PAGE, ficheSources, writeFicheSources } from './helpers/ficheDirectory';
import { testPageReader } from './helpers/pages';

// SIGTERM and SIGKILL while a paid extraction runs, on the real server (`node dist/src/server.js`)
// reading a slow fixture directory on 127.0.0.1: nothing is lost, nothing is charged twice, and
// the client's retry with the same Idempotency-Key is served after the restart.

jest.setTimeout(180_000);

const stores: Store[] = [];
const servers: ServerProcess[] = [];
const sites: Site[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const site of sites) await site.close();
  for (const store of stores) await store.remove();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A directory whose listing answers after `delayMs`, and a sources file naming it. */
async function slowDirectory(delayMs: number): Promise<{ site: Site; sourcesFile: string }> {
  const site = await startSite({ [BLIDA_LISTING]: slow(delayMs, BLIDA_PAGE) });
  sites.push(site);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-shutdown-'));
  dirs.push(dir);
  return { site, sourcesFile: writeFicheSources(dir, site.origin, 'annuaire-lent') };
}

function startServer(store: Store, env: Record<string, string>): ServerProcess {
  const server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'true', SEARCH_INDEX: 'off', ...env });
  servers.push(server);
  return server;
}

/** What a test starts from: a fresh store, a directory whose listing answers after `delayMs`, and a server on both with `env`. */
async function serverOnSlowDirectory(delayMs: number, env: Record<string, string>) {
  const store = await createStore();
  stores.push(store);
  const { site, sourcesFile } = await slowDirectory(delayMs);
  const serverEnv = { SCRAPING_SOURCES: sourcesFile, ...env };
  const server = startServer(store, serverEnv);
  const demo = await server.banner();
  return { store, site, env: serverEnv, server, demo, port: await server.listeningPort() };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  replayed: string | null;
}

async function run(port: number, apiKey: string, idempotencyKey: string): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/scraping/run`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify({ secteur: 'BTP', wilaya: 'Blida' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, replayed: res.headers.get('idempotent-replayed') };
}

async function balance(port: number, apiKey: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { Authorization: `Bearer ${apiKey}` } });
  return ((await res.json()) as { credit_balance: number }).credit_balance;
}

const listingHits = (site: Site) => site.hits.filter((h) => h === BLIDA_LISTING).length;

test('with the default settings, SIGTERM lets a running extraction finish and be billed, exits 0, and the retry after the restart replays it', async () => {
  // The listing takes 12 s: longer than the old 10 s shutdown timeout, within the 20 s deadline.
  const { store, site, env, server, demo, port } = await serverOnSlowDirectory(12_000, { SCRAPING_TIMEOUT_MS: '15000' });
  const key = crypto.randomUUID();

  const answer = run(port, demo.api_key, key);
  await eventually(async () => listingHits(site) === 1, 30_000, 20);
  server.child.kill('SIGTERM');
  await server.waitFor(/"msg":"stopping[^"]*"/, 10_000);

  const first = await answer;
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ status: 'completed', results_found: 2, credits_used: 2, credit_balance: 998 });
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.logLines().at(-1)).toMatchObject({ msg: 'stopped', forced: false });

  const again = startServer(store, env);
  const againPort = await again.listeningPort();
  const retry = await run(againPort, demo.api_key, key);
  expect(retry).toMatchObject({ status: 200, replayed: 'true', body: { task_id: first.body.task_id, credits_used: 2 } });
  expect(listingHits(site)).toBe(1); // the retry fetched nothing
  expect(await balance(againPort, demo.api_key)).toBe(998); // charged once
  expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
});

test('after a SIGKILL mid-run, the key is not stuck: it is refused as running only until its lease ends (deadline + 30 s), then the retry runs, charged once', async () => {
  const { store, site, env, server, demo, port } = await serverOnSlowDirectory(1_000, { SCRAPING_DEADLINE_MS: '8000' });
  const key = crypto.randomUUID();

  const answer = run(port, demo.api_key, key).catch((err: unknown) => err);
  await eventually(async () => listingHits(site) === 1, 30_000, 5);
  const killedAt = Date.now();
  await server.kill(); // SIGKILL, mid-run
  expect(String(await answer)).toMatch(/fetch failed/); // the connection died with the process

  const again = startServer(store, env);
  const againPort = await again.listeningPort();
  const early = await run(againPort, demo.api_key, key);
  expect(early.status).toBe(409);
  expect(early.body.code).toBe('idempotency_in_progress');
  // Free once the lease is over: 8 s + 30 s after the request began (not five minutes).
  const retry = await eventually(async () => {
    const res = await run(againPort, demo.api_key, key);
    if (res.status === 409) return undefined;
    return res;
  }, 60_000, 1_000);
  expect(Date.now() - killedAt).toBeLessThan(8_000 + 30_000 + 15_000);
  if (retry.status !== 200) console.error('the retry answered', retry.status, JSON.stringify(retry.body)); // its detail names the sources' outcomes
  expect(retry).toMatchObject({ status: 200, replayed: null, body: { status: 'completed', credits_used: 2 } });
  expect(await balance(againPort, demo.api_key)).toBe(998);
  expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
});

test('an extraction the server can wait for no longer (its shutdown timeout) is rolled back: 503 with Retry-After, nothing charged, no task, its key released', async () => {
  const { site } = await slowDirectory(1_000);
  const cancel = new AbortController();
  const setup: ScrapingSetup = {
    sources: ficheSources(site.origin, 'annuaire-lent'),
    fetcher: new PoliteFetcher({ userAgent: 'ShutdownTest/1.0', timeoutMs: 5000 }),
    deadlineMs: 5000,
    pages: testPageReader(),
    cancel: cancel.signal,
  };
  const ctx = await createTestContext({ scraping: setup });
  try {
    const acct = await ctx.account({ credits: 10 });
    const post = () =>
      request(ctx.app).post('/v1/scraping/run').set('Authorization', `Bearer ${acct.api_key}`).set('Idempotency-Key', 'cut-at-shutdown').send({ secteur: 'BTP', wilaya: 'Blida' });
    const pending = post().then((r) => r);
    await eventually(async () => listingHits(site) === 1, 10_000, 5);
    cancel.abort(); // what the server does when SHUTDOWN_TIMEOUT_MS is up
    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'service_unavailable' });
    expect(res.body.detail).toMatch(/nothing was charged/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const knex = ctx.database.knex;
    expect((await knex('accounts').where({ id: acct.account_id }).first()).credit_balance).toBe(10);
    expect(await knex('credit_ledger').where({ account_id: acct.account_id, reason: 'scraping' })).toEqual([]);
    expect(await knex('scraping_tasks').where({ account_id: acct.account_id })).toEqual([]);
    expect(await knex('idempotency_keys').where({ account_id: acct.account_id })).toEqual([]);
  } finally {
    await ctx.close();
  }
});
