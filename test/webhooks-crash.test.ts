import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { callApi, createStore, eventually, ServerProcess, type Store } from './helpers/operator';
import { BLIDA_LISTING, writeFicheSources } from './helpers/ficheDirectory';
import { startReceiver, type Receiver } from './helpers/webhookReceiver';
import { startSite, type Site } from './helpers/fixtureServer';

// The real server (`node dist/src/server.js`) killed (SIGKILL) while it delivers a webhook:
// its attempt's job is left active. After the restart the attempt is made again, with the same
// webhook-id and a valid signature, and recorded once. Embedded store: the jobs found active at
// start are retried at once (one process at a time holds it). PostgreSQL: once the job expires
// (twice WEBHOOK_TIMEOUT_MS plus 5 s) and pg-boss's maintenance (every 10 s) retries it.

jest.setTimeout(180_000);

const PAGE = `<html><body><article class="fiche"><h2>Mitidja Construction</h2><a href="tel:0550112233">0550 11 22 33</a></article></body></html>`;

let store: Store | undefined;
let site: Site | undefined;
let dir: string | undefined;
let receiver: Receiver | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  await receiver?.close();
  await site?.close();
  await store?.remove();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('SIGKILL mid-delivery: after the restart the delivery is made again with the same webhook-id, and recorded once', async () => {
  store = await createStore();
  site = await startSite({ [BLIDA_LISTING]: PAGE });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-webhooks-crash-'));
  const sourcesFile = writeFicheSources(dir, site.origin, 'annuaire');

  // The receiver holds the first delivery (never answers it), and answers the next ones 204.
  receiver = await startReceiver(['hang', 204]);
  const { received, url: hooks } = receiver;

  const env = {
    ...store.env,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'true',
    SEARCH_INDEX: 'off',
    SCRAPING_SOURCES: sourcesFile,
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '5000', // the held attempt cannot time out before the kill; its job expires 15 s after it began
  };
  const first = ServerProcess.start(env);
  servers.push(first);
  const demo = await first.banner();
  const call = (port: number, method: string, url: string, body?: unknown) => callApi(port, demo.api_key, method, url, body);
  const port = await first.listeningPort();
  const endpoint = await call(port, 'POST', '/v1/webhook-endpoints', { url: hooks, events: ['scraping.task.completed'] });
  expect(endpoint.status).toBe(201);
  const run = await call(port, 'POST', '/v1/scraping/run', { secteur: 'BTP', wilaya: 'Blida' });
  expect(run.status).toBe(200);
  await eventually(async () => received.length >= 1, 30_000, 5); // the attempt is under way
  await first.kill(); // SIGKILL, mid-attempt
  const killedAt = Date.now();

  const again = ServerProcess.start(env);
  servers.push(again);
  const againPort = await again.listeningPort();
  const item = await eventually(async () => {
    const res = await call(againPort, 'GET', `/v1/webhook-endpoints/${endpoint.body.id}/deliveries`);
    const items = res.body.items as { status: string }[];
    return items[0]?.status === 'succeeded' ? items[0] : undefined;
  }, 90_000, 200);
  if (process.env.WEBHOOKS_CRASH_REPORT) process.stdout.write(`delivery made ${Date.now() - killedAt} ms after the SIGKILL (${store.kind})\n`);

  // Two POSTs of the same message: the dead instance's (never answered) and the new one's.
  expect(received).toHaveLength(2);
  expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id']);
  expect(received[1].body).toBe(received[0].body);
  const verifier = new Webhook(endpoint.body.secret as string);
  expect(verifier.verify(received[1].body, received[1].headers as Record<string, string>)).toMatchObject({ type: 'scraping.task.completed', data: { task_id: run.body.task_id } });
  // Recorded once: the dead attempt left no record; the one made again succeeded.
  expect(item).toMatchObject({ id: received[0].headers['webhook-id'], status: 'succeeded', next_attempt_at: null, attempts: [{ status_code: 204, error: null }] });
  await new Promise((r) => setTimeout(r, 1500));
  expect(received).toHaveLength(2);
  expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
});
