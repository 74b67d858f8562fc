import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  connectionRefused,
  createStore,
  eventually,
  freePort,
  operatorEnv,
  ServerProcess,
  type Store,
} from './helpers/operator';

// The server as an operator runs it: `node dist/src/server.js` (what `npm start` runs once the
// build is fresh) and, once, the real `npm start`, each a child process on a store of its own: a
// fresh DATA_DIR (embedded PostgreSQL) or, with DATABASE_URL, a fresh database.

jest.setTimeout(120_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BANNER_TITLE = 'A demo account was created on this fresh store';

const stores: Store[] = [];
const servers: ServerProcess[] = [];
const tempDirs: string[] = [];

async function freshStore(): Promise<Store> {
  const store = await createStore();
  stores.push(store);
  return store;
}

/** `node dist/src/server.js` on loopback; `extra` adds or overrides settings. */
function startServer(store: Store, extra: Record<string, string> = {}): ServerProcess {
  const server = ServerProcess.start({ ...store.env, HOST: '127.0.0.1', PORT: '0', ...demoSeeding(store), ...extra });
  servers.push(server);
  return server;
}

/** The demo account is seeded by default on the embedded store only; ask for it on PostgreSQL. */
function demoSeeding(store: Store): Record<string, string> {
  return store.kind === 'postgres' ? { SEED_DEMO: 'true' } : {};
}

afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const store of stores) await store.remove();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

/** The number of times `needle` occurs in `haystack`. */
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe('a first start on a fresh store', () => {
  let store: Store;
  let server: ServerProcess;
  let base: string;
  let port: number;
  let demo: { text: string; account_id: string; api_key: string; url: string };
  /** Keys that went over the wire during these tests, none of which may reach a log line. */
  const keysSent: string[] = [];

  beforeAll(async () => {
    store = await freshStore();
    server = startServer(store);
    demo = await server.banner();
    keysSent.push(demo.api_key);
  });

  test('prints the demo account banner once, with the account id and a key that works at once on the port it names', async () => {
    expect(demo.account_id).toMatch(UUID);
    expect(demo.api_key).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const url = new URL(demo.url);
    expect(url).toMatchObject({ hostname: 'localhost', pathname: '/v1/me' });
    port = Number(url.port);
    base = `http://127.0.0.1:${port}`;
    // As an operator would: straight from the banner to the API.
    const res = await get(`${base}/v1/me`, { Authorization: `Bearer ${demo.api_key}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: demo.account_id,
      name: 'Demo account',
      plan: { id: 'enterprise' },
      credit_balance: 1000,
    });
    expect(await server.listeningPort()).toBe(port);
    expect(occurrences(server.output, BANNER_TITLE)).toBe(1);
    expect(server.stdout.indexOf('"msg":"listening"')).toBeLessThan(server.stdout.indexOf(BANNER_TITLE));
  });

  test('answers /healthz and /readyz with 200 JSON', async () => {
    for (const [path, body] of [['/healthz', { status: 'ok' }], ['/readyz', { status: 'ready' }]] as const) {
      const res = await get(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(body);
    }
  });

  test('echoes a well-formed X-Request-Id and replaces a malformed one with an id of its own', async () => {
    const echoed = await get(`${base}/healthz`, { 'X-Request-Id': 'ops-check:2025.06_01-a' });
    expect(echoed.headers.get('x-request-id')).toBe('ops-check:2025.06_01-a');
    const replaced = await get(`${base}/healthz`, { 'X-Request-Id': 'not well formed!' });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  test('logs each request as one JSON line with its request id, status and duration, and never the key it carried', async () => {
    const tampered = `${demo.api_key.slice(0, -4)}AAAA`;
    keysSent.push(tampered);
    const ok = await get(`${base}/v1/me`, { Authorization: `Bearer ${demo.api_key}`, 'X-Request-Id': 'log-check-200' });
    expect(ok.status).toBe(200);
    const refused = await get(`${base}/v1/me`, { Authorization: `Bearer ${tampered}`, 'X-Request-Id': 'log-check-401' });
    expect(refused.status).toBe(401);

    // The log line is written as the response finishes: wait for it.
    await server.waitFor(/"id":"log-check-401"/, 10_000);
    const lines = server.logLines();
    for (const [id, status] of [['log-check-200', 200], ['log-check-401', 401]] as const) {
      const line = lines.find((l) => (l.req as { id?: string } | undefined)?.id === id);
      expect(line).toMatchObject({
        level: 30,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        req: { id, method: 'GET', url: '/v1/me' },
        res: { statusCode: status },
        responseTime: expect.any(Number),
        msg: expect.stringContaining(`GET /v1/me ${status}`),
      });
    }
    for (const key of keysSent) {
      expect(server.output.replace(demo.text, '')).not.toContain(key);
    }
  });

  test('on SIGTERM stops accepting connections, still completes the request in flight, then exits 0', async () => {
    // A POST whose body is held back: `Expect: 100-continue` makes the server answer
    // "100 Continue" once it has the request in hand, so the request is surely in flight when
    // SIGTERM is sent; the body follows only once the server has begun stopping.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (d: string) => (received += d));
    const closedByServer = new Promise<void>((resolve) => socket.once('end', resolve));
    const body = JSON.stringify({ name: 'in flight' });
    socket.write(
      [
        'POST /v1/api-keys HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${demo.api_key}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        'X-Request-Id: in-flight-1',
        '',
        '',
      ].join('\r\n'),
    );
    await eventually(async () => received.startsWith('HTTP/1.1 100 Continue\r\n\r\n'), 30_000, 10);

    server.child.kill('SIGTERM');
    await server.waitFor(/"msg":"stopping[^"]*"/, 30_000);
    await eventually(async () => (await connectionRefused(port)) || undefined, 10_000, 50);
    expect(server.running).toBe(true); // still finishing the request

    socket.write(body);
    await closedByServer;
    const response = received.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
    const [head, payload] = response.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(head).toMatch(/\r\nX-Request-Id: in-flight-1\r\n/i);
    // Told not to reuse the connection, so no keep-alive holds the exit up.
    expect(head).toMatch(/\r\nConnection: close\r\n/i);
    const created = JSON.parse(payload) as { id: string; name: string; api_key: string };
    expect(created).toMatchObject({ id: expect.stringMatching(UUID), name: 'in flight', api_key: expect.any(String) });
    keysSent.push(created.api_key);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const messages = server.logLines().map((l) => l.msg);
    expect(messages.slice(-3)).toEqual([
      expect.stringMatching(/^stopping/),
      expect.stringMatching(/^POST \/v1\/api-keys 201 \d+ms$/),
      'stopped',
    ]);
  });

  test('wrote only JSON log lines besides the banner, and no API key anywhere but in the banner', async () => {
    expect(server.running).toBe(false);
    const rest = server.stdout.replace(demo.text, '');
    for (const line of rest.split('\n').filter(Boolean)) {
      expect(() => JSON.parse(line)).not.toThrow();
    }
    expect(occurrences(server.output, demo.api_key)).toBe(2); // the api_key line and the curl line
    for (const key of keysSent) {
      expect(rest).not.toContain(key);
      expect(server.stderr).not.toContain(key);
      expect(rest).not.toContain(key.split('.')[2]); // not even the signature alone
    }
  });

  describe('then a second start on the same store', () => {
    let again: ServerProcess;
    beforeAll(async () => {
      await server.kill(); // only if a failed test above left it running: the store is exclusive
      again = startServer(store);
      base = `http://127.0.0.1:${await again.listeningPort()}`;
    });

    test('prints no key again, and the key printed by the first start still works', async () => {
      const res = await get(`${base}/v1/me`, { Authorization: `Bearer ${demo.api_key}` });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(demo.account_id);
      // A banner would be printed right after the listening line, before any request is served.
      expect(again.output).not.toContain(BANNER_TITLE);
      expect(again.output).not.toContain(demo.api_key);
    });

    test('exits 0 on SIGTERM with a kept-alive client connection still open', async () => {
      expect(await again.signal('SIGTERM')).toEqual({ code: 0, signal: null });
      expect(again.output).not.toContain(BANNER_TITLE);
      expect(again.logLines().at(-1)).toMatchObject({ msg: 'stopped' });
    });
  });
});

describe('SEED_DEMO=false with LOG_LEVEL=warn, on a fresh store and a chosen port', () => {
  let store: Store;
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    store = await freshStore();
    const port = await freePort();
    server = startServer(store, { SEED_DEMO: 'false', LOG_LEVEL: 'warn', PORT: String(port) });
    base = `http://127.0.0.1:${port}`;
    // No `listening` line at warn: wait until it answers.
    await eventually(async () => {
      if (!server.running) throw new Error(`the server ended:\n${server.output}`);
      return (await get(`${base}/healthz`)).ok;
    }, 90_000, 200);
  });

  test('answers, logs nothing at info (no request lines), prints no banner and exits 0 on SIGTERM', async () => {
    expect((await get(`${base}/readyz`, { 'X-Request-Id': 'quiet-1' })).status).toBe(200);
    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(server.stdout).not.toContain('quiet-1');
    expect(server.logLines().filter((l) => (l.level as number) < 40)).toEqual([]);
    expect(server.output).not.toContain(BANNER_TITLE);
  });

  test('created no account', async () => {
    await server.kill(); // only if the test above failed before stopping it: the store is exclusive
    const { database } = await store.open();
    try {
      expect(await database.knex('accounts').count<{ n: number }[]>({ n: '*' })).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });
});

describe('a bad configuration stops start-up with a non-zero exit and a message naming the variable', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['PORT=abc', { PORT: 'abc' }, /PORT must be an integer from 0 to 65535 \(got "abc"\)/],
    ['VALIDATE_RESPONSES=maybe', { VALIDATE_RESPONSES: 'maybe' }, /VALIDATE_RESPONSES must be one of error, log, off \(got "maybe"\)/],
    [
      'DATABASE_URL without API_KEY_SECRET',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' },
      /API_KEY_SECRET is required when DATABASE_URL is set/,
    ],
  ];
  const runs = new Map<string, ServerProcess>();

  // They fail before touching any store, so they run side by side.
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prospecting-badconfig-'));
    tempDirs.push(dataDir);
    for (const [name, env] of cases) {
      const server = ServerProcess.start(operatorEnv({ DATA_DIR: dataDir, ...env }));
      servers.push(server);
      runs.set(name, server);
    }
    await Promise.all([...runs.values()].map((s) => s.exited));
  });

  test.each(cases)('%s', async (name, _env, message) => {
    const server = runs.get(name)!;
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(server.stderr).toMatch(/Invalid configuration/);
    expect(server.stderr).toMatch(message);
    expect(server.stdout).toBe('');
  });
});

describe('npm start', () => {
  test('on a fresh DATA_DIR and a free PORT prints the demo key, serves /v1/me with it, and exits 0 on SIGTERM', async () => {
    const store = await freshStore();
    const port = await freePort();
    const server = ServerProcess.npmStart({ ...store.env, PORT: String(port), ...demoSeeding(store) });
    servers.push(server);

    const demo = await server.banner();
    expect(demo.url).toBe(`http://localhost:${port}/v1/me`);
    const res = await get(`http://127.0.0.1:${port}/v1/me`, { Authorization: `Bearer ${demo.api_key}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: demo.account_id, name: 'Demo account', plan: { id: 'enterprise' }, credit_balance: 1000 });

    expect(await server.signal('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(server.logLines().at(-1)).toMatchObject({ msg: 'stopped' });
    // Nothing was left behind serving the port.
    expect(await connectionRefused(port)).toBe(true);
  });
});
