/**
 * Fair queuing in the fetcher: a host's slots go to the accounts (flows) waiting for it in turn,
 * so a greedy account with many requests queued delays another account's request by at most one
 * page fetch, never by its whole queue. Asserted by what the directory received and in which
 * order: the directory holds every answer until the test lets it go.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PoliteFetcher } from '../fetcher';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { testPageReader } from '../../../test/helpers/pages';

jest.setTimeout(60_000);

/** A directory that answers robots.txt at once and holds every other answer until released, oldest first. */
async function gatedSite(page: (path: string) => string) {
  const held: { path: string; res: http.ServerResponse }[] = [];
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') {
      res.writeHead(404).end();
      return;
    }
    hits.push(path);
    held.push({ path, res });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    held,
    /** Answers the oldest request held. */
    releaseOldest(): boolean {
      const next = held.shift();
      if (!next) return false;
      next.res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(next.path));
      return true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Lets every pending callback run (a request queued for a slot is queued once this resolves). */
const settle = () => new Promise((r) => setTimeout(r, 50));

test('a request of another flow gets the next free slot, ahead of the greedy flow\'s queue; the greedy flow still gets every request, in its own order', async () => {
  const site = await gatedSite(() => '<html><body>ok</body></html>');
  try {
    const fetcher = new PoliteFetcher({ userAgent: 'FairnessTest/1.0', perHostConcurrency: 2 });
    const greedy = Array.from({ length: 10 }, (_, i) => fetcher.get(`${site.origin}/g${i}`, { flow: 'greedy' }));
    await until(() => site.held.length === 2); // g0 and g1 sent, g2..g9 queued
    const normal = fetcher.get(`${site.origin}/n0`, { flow: 'normal' });
    const normal2 = fetcher.get(`${site.origin}/n1`, { flow: 'normal' });
    await settle();
    expect(site.hits).toEqual(['/g0', '/g1']);

    site.releaseOldest(); // g0 answered: the free slot goes to the normal flow, not to g2
    await until(() => site.hits.length === 3);
    expect(site.hits[2]).toBe('/n0');
    site.releaseOldest(); // g1 answered: now the greedy flow's turn
    await until(() => site.hits.length === 4);
    expect(site.hits[3]).toBe('/g2');
    site.releaseOldest(); // n0 answered: the normal flow's turn again
    await until(() => site.hits.length === 5);
    expect(site.hits[4]).toBe('/n1');

    while (site.hits.length < 12 || site.held.length > 0) {
      if (!site.releaseOldest()) await settle();
    }
    for (const r of await Promise.all([...greedy, normal, normal2])) expect(r.ok).toBe(true);
    expect(site.hits.filter((h) => h.startsWith('/g'))).toEqual(Array.from({ length: 10 }, (_, i) => `/g${i}`));
  } finally {
    await site.close();
  }
});

describe('a greedy account beside a normal one, on one directory', () => {
  const listing = (prefix: string, n: number) =>
    `<html><body>${Array.from({ length: n }, (_, i) => `<article class="fiche"><h2>${prefix} Entreprise ${i}</h2><a class="fiche-lien" href="/fiche/${prefix}-${i}">voir</a></article>`).join('')}</body></html>`;
  const detail = (path: string) => {
    const n = path.length % 90;
    return `<html><body><h1>${path}</h1><a href="tel:05501234${String(n).padStart(2, '0')}">0550 12 34 ${String(n).padStart(2, '0')}</a></body></html>`;
  };

  test('each page of the normal account\'s extraction is fetched after at most one greedy fetch once it is asked for', async () => {
    const site = await gatedSite((path) => {
      if (path.startsWith('/recherche')) return listing(path.includes('Oran') ? 'N' : path.includes('Alger') ? 'G1' : 'G2', path.includes('Oran') ? 2 : 15);
      return detail(path);
    });
    try {
      const fetcher = new PoliteFetcher({ userAgent: 'FairnessTest/1.0', perHostConcurrency: 2 });
      const sources = parseSources(`sources:\n  - name: annuaire\n    search_url: "${site.origin}/recherche?wilaya={wilaya}"\n    selectors:\n      item: "article.fiche"\n      detail_link: "a.fiche-lien"\n`);
      const extraction = (wilaya: { code: number; nom: string }, flow: string) =>
        runExtraction({ sources, secteur: 'BTP', wilaya, fetcher, deadlineMs: 50_000, flow, pages: testPageReader() });
      // The greedy account runs two extractions at once (15 detail pages each)...
      const greedy = [extraction({ code: 16, nom: 'Alger' }, 'greedy'), extraction({ code: 9, nom: 'Blida' }, 'greedy')];
      // ...and has a queue of detail pages before the normal account asks for anything.
      let released = 0;
      while (site.hits.filter((h) => h.startsWith('/fiche/')).length < 4) {
        if (site.releaseOldest()) released++;
        await settle();
      }
      const before = site.hits.length;
      const normal = extraction({ code: 31, nom: 'Oran' }, 'normal');
      let normalDone = false;
      void normal.then(() => (normalDone = true));
      let allDone = false;
      void Promise.all([...greedy, normal]).then(() => (allDone = true));
      const isNormal = (h: string) => h.includes('Oran') || h.startsWith('/fiche/N-');
      // Where the directory's log stood when each request of the normal run was first seen
      // waiting for a slot (requests of a flow are granted in the order they were queued).
      const queuedAt: number[] = [];
      let seen = 0;
      // One answer at a time; never while the normal run is reading a page (nothing of it queued
      // or in flight), so that what it waits for is the fetcher, not the test.
      while (!allDone) {
        await settle();
        const waiting = fetcher.waiting('normal');
        const sent = site.hits.slice(before).filter(isNormal).length;
        while (seen < sent + waiting) {
          queuedAt.push(site.hits.length);
          seen++;
        }
        const busy = waiting > 0 || site.held.some((h) => isNormal(h.path));
        if (!normalDone && !busy) continue;
        if (site.releaseOldest()) released++;
      }
      await Promise.all(greedy);
      const result = await normal;
      expect(result.report[0]).toMatchObject({ status: 'ok', pages_read: 3, companies_found: 2 });

      // In the order the directory received them: from the moment a request of the normal run
      // was queued to the moment it was sent, at most one greedy request was sent.
      const normalAt = site.hits.map((h, i) => (isNormal(h) ? i : -1)).filter((i) => i >= before);
      expect(normalAt).toHaveLength(3); // its listing and its two detail pages
      expect(queuedAt).toHaveLength(3);
      const greedyWhileQueued = normalAt.map((at, k) => site.hits.slice(queuedAt[k], at).filter((h) => !isNormal(h)).length);
      for (const n of greedyWhileQueued) expect(n).toBeLessThanOrEqual(1);
      // The greedy account had a queue all along: first-come-first-served would have sent it all first.
      expect(site.hits.slice(normalAt[2]).filter((h) => !isNormal(h)).length).toBeGreaterThan(10);
      expect(released).toBe(35); // 2 x (1 listing + 15 detail pages), and 1 + 2 for the normal run
    } finally {
      await site.close();
    }
  });
});
