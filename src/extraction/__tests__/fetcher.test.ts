import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRetryAfter, PoliteFetcher, sameHost, type FetcherOptions } from '../fetcher';
import { never, slow, startSite, type Route, type Site } from '../../../test/helpers/fixtureServer';

const UA = 'ProspectingBot/0.1 (+https://prospecting.test/bot)';
const sites: Site[] = [];

async function site(...args: Parameters<typeof startSite>): Promise<Site> {
  const s = await startSite(...args);
  sites.push(s);
  return s;
}

function fetcher(options: Partial<FetcherOptions> = {}): PoliteFetcher {
  // Short, but not so short that a loaded CI machine makes a live fixture site look dead.
  return new PoliteFetcher({ userAgent: UA, timeoutMs: 1000, backoffMs: 20, ...options });
}

afterEach(async () => {
  await Promise.all(sites.splice(0).map((s) => s.close()));
});

describe('PoliteFetcher', () => {
  test('robots.txt is fetched once per origin, obeyed for our token, and the User-Agent is sent', async () => {
    const s = await site({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: ProspectingBot\nDisallow: /prive\n\nUser-agent: *\nDisallow: /\n' },
      '/a': '<p>a</p>',
      '/b?x=1': '<p>b</p>',
    });
    const f = fetcher();
    const log: string[] = [];
    const [a, b] = await Promise.all([f.get(`${s.origin}/a`, { log }), f.get(`${s.origin}/b?x=1`, { log })]);
    expect(a).toEqual({ ok: true, status: 200, url: `${s.origin}/a`, body: '<p>a</p>', contentType: 'text/html; charset=utf-8', encoding: 'UTF-8' });
    expect(b).toMatchObject({ ok: true, body: '<p>b</p>' });
    expect(await f.get(`${s.origin}/prive/x`)).toMatchObject({ ok: false, kind: 'robots', url: `${s.origin}/prive/x` });
    expect(log[0]).toBe(`${s.origin}/robots.txt`);
    expect(new Set(log.slice(1))).toEqual(new Set([`${s.origin}/a`, `${s.origin}/b?x=1`]));
    expect(f.log).toHaveLength(3);
    expect(s.hits.filter((h) => h === '/robots.txt')).toHaveLength(1);
    expect(new Set(s.userAgents)).toEqual(new Set([UA]));
  });

  test('no robots.txt (404) or a forbidden one (403) allows everything', async () => {
    const s404 = await site({ '/p': 'ok' });
    const s403 = await site({ '/robots.txt': { status: 403 }, '/p': 'ok' });
    const f = fetcher();
    expect(await f.get(`${s404.origin}/p`)).toMatchObject({ ok: true });
    expect(await f.get(`${s403.origin}/p`)).toMatchObject({ ok: true });
    expect(f.log).toEqual([`${s404.origin}/robots.txt`, `${s404.origin}/p`, `${s403.origin}/robots.txt`, `${s403.origin}/p`]);
  });

  test('a robots.txt over 500 KiB is read up to 500 KiB, not refused', async () => {
    const robots = `User-agent: *\nDisallow: /prive\n${'# remplissage\n'.repeat(60_000)}`;
    const s = await site({ '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: robots }, '/p': 'ok', '/prive': 'non' });
    const f = fetcher({ timeoutMs: 2000 });
    expect(await f.get(`${s.origin}/p`)).toMatchObject({ ok: true });
    expect(await f.get(`${s.origin}/prive`)).toMatchObject({ ok: false, kind: 'robots' });
  });

  test('a deadline already past: nothing is requested', async () => {
    const f = fetcher();
    expect(await f.get('http://127.0.0.1:9/p', { deadline: Date.now() - 1 })).toMatchObject({ ok: false, kind: 'timeout', deadline: true });
    expect(f.log).toEqual([]);
  });

  test('a robots.txt answering 5xx disallows everything (after its retries); the failure is cached', async () => {
    const s = await site({ '/robots.txt': { status: 503 }, '/p': 'ok' });
    const f = fetcher();
    const res = await f.get(`${s.origin}/p`);
    expect(res).toMatchObject({ ok: false, kind: 'http', status: 503, url: `${s.origin}/p`, message: 'robots.txt: answered 503, so everything is treated as disallowed' });
    expect(await f.get(`${s.origin}/q`)).toMatchObject({ ok: false, kind: 'http', status: 503 });
    expect(s.hits).toEqual(['/robots.txt', '/robots.txt', '/robots.txt']);
  });

  test('a robots.txt that does not answer: timeout, the page is not fetched, nor robots.txt asked again', async () => {
    const s = await site({ '/robots.txt': never, '/p': 'ok' });
    const f = fetcher({ timeoutMs: 200 });
    const started = Date.now();
    expect(await f.get(`${s.origin}/p`)).toMatchObject({ ok: false, kind: 'timeout', message: 'robots.txt: no complete answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await f.get(`${s.origin}/q`)).toMatchObject({ ok: false, kind: 'timeout' });
    expect(s.hits).toEqual(['/robots.txt']);
  });

  test('5xx is retried with backoff, other 4xx is not', async () => {
    const s = await site({ '/err': { status: 500, body: 'boom' }, '/gone': { status: 410 } });
    const f = fetcher({ backoffMs: 50 });
    const started = Date.now();
    expect(await f.get(`${s.origin}/err`)).toEqual({ ok: false, kind: 'http', status: 500, url: `${s.origin}/err`, message: 'answered 500' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140); // 50 + 100 ms of backoff
    expect(await f.get(`${s.origin}/gone`)).toMatchObject({ ok: false, kind: 'http', status: 410 });
    expect(s.hits).toEqual(['/robots.txt', '/err', '/err', '/err', '/gone']);
  });

  test('429 with a Retry-After beyond the deadline is not waited for', async () => {
    const s = await site({ '/busy': { status: 429, headers: { 'retry-after': '120' } } });
    const f = fetcher();
    const started = Date.now();
    expect(await f.get(`${s.origin}/busy`, { deadline: Date.now() + 2000 })).toMatchObject({ ok: false, kind: 'http', status: 429 });
    expect(Date.now() - started).toBeLessThan(1500); // not the 2 s deadline, let alone 120 s
    expect(s.hits).toEqual(['/robots.txt', '/busy']);
  });

  test('429 then 200: retried after Retry-After', async () => {
    const s = await site({
      '/busy': (_req, res, hit) => {
        if (hit === 1) res.writeHead(429, { 'retry-after': '0' }).end();
        else res.writeHead(200, { 'content-type': 'text/html' }).end('enfin');
      },
    });
    expect(await fetcher({ backoffMs: 5000 }).get(`${s.origin}/busy`, { deadline: Date.now() + 2000 })).toMatchObject({ ok: true, body: 'enfin' });
    expect(s.hits).toEqual(['/robots.txt', '/busy', '/busy']);
  });

  test('a timeout is not retried; a network error is', async () => {
    const s = await site({ '/slow': never });
    const f = fetcher({ timeoutMs: 200 });
    expect(await f.get(`${s.origin}/slow`)).toMatchObject({ ok: false, kind: 'timeout', message: 'no complete answer within 200 ms' });
    expect(s.hits).toEqual(['/robots.txt', '/slow']);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const g = fetcher();
    expect(await g.get(`http://127.0.0.1:${port}/p`)).toMatchObject({ ok: false, kind: 'network', message: 'robots.txt: ECONNREFUSED' });
    expect(g.log).toEqual(Array(3).fill(`http://127.0.0.1:${port}/robots.txt`));
  });

  test('the deadline (a signal or a time) stops a request and a backoff wait', async () => {
    const s = await site({ '/slow': slow(2000, 'late'), '/err': { status: 500 } });
    const f = fetcher({ timeoutMs: 5000, backoffMs: 5000 });
    let started = Date.now();
    expect(await f.get(`${s.origin}/slow`, { deadline: AbortSignal.timeout(150) })).toMatchObject({ ok: false, kind: 'timeout', deadline: true });
    expect(Date.now() - started).toBeLessThan(1500); // not the 2 s answer
    started = Date.now();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    expect(await f.get(`${s.origin}/err`, { deadline: controller.signal })).toMatchObject({ ok: false, kind: 'timeout', deadline: true });
    expect(Date.now() - started).toBeLessThan(1500); // not the 5 s backoff
    started = Date.now();
    // With a time, a 5 s backoff that would end after the deadline is not started.
    expect(await f.get(`${s.origin}/err`, { deadline: Date.now() + 3000 })).toMatchObject({ ok: false, kind: 'http', status: 500 });
    expect(Date.now() - started).toBeLessThan(2000); // not the 3 s deadline
  });

  test('the size cap: by Content-Length, and while streaming', async () => {
    const big = 'x'.repeat(3000);
    const s = await site({
      '/declared': { headers: { 'content-length': '3000' }, body: big },
      '/streamed': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write(big);
        res.end(big);
      },
      '/small': 'x'.repeat(1000),
    });
    const f = fetcher({ maxBytes: 1000 });
    expect(await f.get(`${s.origin}/declared`)).toMatchObject({ ok: false, kind: 'too_large', message: '3000 bytes (limit 1000)' });
    expect(await f.get(`${s.origin}/streamed`)).toMatchObject({ ok: false, kind: 'too_large', message: 'larger than 1000 bytes' });
    expect(await f.get(`${s.origin}/small`)).toMatchObject({ ok: true });
  });

  test('only http(s): nothing is requested for other schemes', async () => {
    const f = fetcher();
    expect(await f.get('ftp://127.0.0.1/x')).toMatchObject({ ok: false, kind: 'not_http' });
    expect(await f.get('mailto:a@b.dz')).toMatchObject({ ok: false, kind: 'not_http' });
    expect(await f.get('/relative')).toMatchObject({ ok: false, kind: 'not_http' });
    expect(f.log).toEqual([]);
  });

  test('redirects: followed on the same host (robots.txt checked), refused to another host or scheme', async () => {
    const other = await site({ '/x': 'elsewhere' });
    const s = await site({
      '/robots.txt': 'User-agent: *\nDisallow: /interdit\n',
      '/old': { status: 301, headers: { location: '/new' } },
      '/new': 'moved here',
      '/away': { status: 302, headers: { location: `${other.origin}/x` } },
      '/ftp': { status: 302, headers: { location: 'ftp://127.0.0.1/x' } },
      '/sneaky': { status: 302, headers: { location: '/interdit/page' } },
    });
    const f = fetcher();
    expect(await f.get(`${s.origin}/old`)).toMatchObject({ ok: true, url: `${s.origin}/new`, body: 'moved here' });
    expect(await f.get(`${s.origin}/away`)).toMatchObject({ ok: false, kind: 'redirect', message: `redirect to another host refused: ${other.origin}/x` });
    expect(await f.get(`${s.origin}/ftp`)).toMatchObject({ ok: false, kind: 'not_http' });
    expect(await f.get(`${s.origin}/sneaky`)).toMatchObject({ ok: false, kind: 'robots', url: `${s.origin}/interdit/page` });
    expect(s.hits).toEqual(['/robots.txt', '/old', '/new', '/away', '/ftp', '/sneaky']);
    expect(other.hits).toEqual([]);
  });

  test('at most 2 requests at a time per host (robots.txt included), other hosts not held up', async () => {
    // Every answer takes 100 ms; `inFlight` counts the requests of both hosts together.
    let inFlight = 0;
    let maxInFlight = 0;
    const delayed: Route = (_req, res) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { 'content-type': 'text/html' }).end('page');
      }, 100);
    };
    const routes = { '/robots.txt': delayed, ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`/p${i}`, delayed])) };
    const a = await site(routes);
    const b = await site(routes);
    const f = fetcher({ timeoutMs: 3000 });
    const results = await Promise.all([a, b].flatMap((s) => [1, 2, 3, 4, 5, 6].map((i) => f.get(`${s.origin}/p${i}`))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(a.maxConcurrent).toBe(2);
    expect(b.maxConcurrent).toBe(2);
    expect(maxInFlight).toBe(4);
  });

  test('the body is decoded with the declared charset', async () => {
    const s = await site({ '/latin1': { headers: { 'content-type': 'text/html; charset=iso-8859-1' }, body: Buffer.from('<p>Béjaïa</p>', 'latin1') } });
    expect(await fetcher().get(`${s.origin}/latin1`)).toMatchObject({ ok: true, body: '<p>Béjaïa</p>', encoding: 'windows-1252' });
  });

  test('a page that declares windows-1252 after its first 1024 bytes is decoded from it (decode.ts)', async () => {
    const html = `<html><head><title>Annuaire</title><style>${'.c{margin:0}'.repeat(100)}</style><meta charset="windows-1252"></head><body><h1>Société Générale – Béjaïa</h1></body></html>`;
    const s = await site({ '/late': { headers: { 'content-type': 'text/html' }, body: Buffer.from(html.replace('–', '\x96'), 'latin1') } });
    expect(await fetcher().get(`${s.origin}/late`)).toMatchObject({ ok: true, body: html, encoding: 'windows-1252' });
  });
});

describe('helpers', () => {
  test('parseRetryAfter: seconds, an HTTP date, garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  test('sameHost: port counts, www. does not', () => {
    expect(sameHost('https://www.annuaire.dz/a', 'http://annuaire.dz/b')).toBe(true);
    expect(sameHost('http://127.0.0.1:8080/a', 'http://127.0.0.1:8081/a')).toBe(false);
    expect(sameHost('https://annuaire.dz/a', 'https://autre.dz/a')).toBe(false);
  });
});
