import path from 'node:path';
import { readDetail, nextPageUrl, readListing } from '../extract';
import { PageReader } from '../pages';

// Pages are parsed and read in worker threads; a page over its budget has its thread ended.
// `spinning.cjs` is the real worker except for marked pages that never end or crash the thread.

const SPINNING = path.join(__dirname, 'workers', 'spinning.cjs');
const URL = 'https://annuaire.test/recherche?page=1';

const listing = `<html><body>
  <div class="fiche"><h2>Numidia Conseil</h2><a href="tel:0550123456">Appeler</a><a href="/e/numidia">Voir</a></div>
  <div class="fiche"><h2>Atlas BTP</h2><p>contact@atlas-btp.dz</p></div>
  <a rel="next" href="/recherche?page=2">Suivant</a>
</body></html>`;

const readers: PageReader[] = [];
afterAll(async () => {
  for (const r of readers) await r.close();
});
function reader(options: ConstructorParameters<typeof PageReader>[0] = {}): PageReader {
  const r = new PageReader({ threads: 1, ...options });
  readers.push(r);
  return r;
}

describe('PageReader', () => {
  test('reads a listing page in a worker thread: the same companies and next page as reading it here', async () => {
    const selectors = { item: 'div.fiche' };
    const outcome = await reader().read({ kind: 'listing', html: listing, url: URL, selectors });

    expect(outcome).toEqual({
      ok: true,
      result: { kind: 'listing', ...readListing(listing, URL, selectors) },
    });
    expect(outcome.ok && outcome.result.kind === 'listing' && outcome.result.companies.map((c) => c.name)).toEqual(['Numidia Conseil', 'Atlas BTP']);
    expect(outcome.ok && outcome.result.kind === 'listing' && outcome.result.next).toBe(nextPageUrl(listing, URL));
  });

  test('starts no thread until the first page, or until warm() (the server warms it once listening)', async () => {
    const lazy = reader({ threads: 2 });
    expect(lazy.load.threads).toBe(0);
    const warmed = reader({ threads: 2 });
    warmed.warm();
    expect(warmed.load.threads).toBe(2);
    const outcome = await warmed.read({ kind: 'listing', html: listing, url: URL, selectors: { item: 'div.fiche' } });
    expect(outcome.ok && outcome.result.kind === 'listing' && outcome.result.companies).toHaveLength(2);
    expect(lazy.load.threads).toBe(0);
  });

  test('reads a detail page, the directory contacts given as siteContacts left out', async () => {
    const html = '<html><body><h1>Atlas BTP</h1><p>Tél : 0550 12 34 56</p><p>contact@atlas-btp.dz</p><p>021 00 00 00</p></body></html>';
    const outcome = await reader().read({ kind: 'detail', html, url: 'https://annuaire.test/e/atlas', selectors: {}, siteContacts: ['+21321000000'] });

    expect(outcome).toEqual({
      ok: true,
      result: { kind: 'detail', ...readDetail(html, 'https://annuaire.test/e/atlas', {}, { siteContacts: new Set(['+21321000000']) }) },
    });
    expect(outcome.ok && outcome.result.kind === 'detail' && outcome.result.company?.phones).toEqual(['+213550123456']);
    // Every contact the page shows comes back too, the directory's with them (the run counts them over its detail pages).
    expect(outcome.ok && outcome.result.kind === 'detail' && outcome.result.seen).toEqual(['contact@atlas-btp.dz', '+213550123456', '+21321000000']);
  });

  test('a page that never ends is cut at its budget and reported over_budget; the next page is read by a new thread', async () => {
    const r = reader({ workerFile: SPINNING, budgetMs: 300 });
    const started = Date.now();
    const outcome = await r.read({ kind: 'listing', html: `${listing}<!-- spin -->`, url: URL, selectors: {} });
    const took = Date.now() - started;

    expect(outcome).toEqual({ ok: false, reason: 'over_budget', message: 'reading the page took more than 300 ms' });
    expect(took).toBeGreaterThanOrEqual(300);
    const after = await r.read({ kind: 'listing', html: listing, url: URL, selectors: { item: 'div.fiche' } });
    expect(after.ok && after.result.kind === 'listing' && after.result.companies).toHaveLength(2);
  });

  test('pages queued behind ended ones are read by the threads started in their place', async () => {
    // (A budget the fresh threads' first pages meet on a loaded machine: 300 ms was not, under a CI run beside other work.)
    const r = reader({ workerFile: SPINNING, threads: 2, budgetMs: 1_500 });
    const spin = { kind: 'listing' as const, html: '<!-- spin -->', url: URL, selectors: {} };
    const sane = { kind: 'listing' as const, html: listing, url: URL, selectors: { item: 'div.fiche' } };
    const outcomes = await Promise.all([r.read(spin), r.read(spin), r.read(sane), r.read(sane)]);

    expect(outcomes.map((o) => (o.ok ? o.result.kind === 'listing' && o.result.companies.length : o.reason))).toEqual(['over_budget', 'over_budget', 2, 2]);
  });

  test('the event loop keeps turning while a worker spins', async () => {
    const r = reader({ workerFile: SPINNING, budgetMs: 600 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const outcome = await r.read({ kind: 'listing', html: '<!-- spin -->', url: URL, selectors: {} });
    clearInterval(timer);

    expect(outcome.ok).toBe(false);
    // A blocked loop would have ticked at most once or twice in 600 ms.
    expect(ticks).toBeGreaterThan(10);
  });

  test("the caller's signal ends a page being read (reason aborted), and a page not yet started", async () => {
    const r = reader({ workerFile: SPINNING, budgetMs: 60_000 });
    const stop = new AbortController();
    const running = r.read({ kind: 'listing', html: '<!-- spin -->', url: URL, selectors: {} }, stop.signal);
    const waiting = r.read({ kind: 'listing', html: listing, url: URL, selectors: {} }, stop.signal);
    setTimeout(() => stop.abort(), 200);

    expect(await running).toEqual({ ok: false, reason: 'aborted', message: 'stopped while the page was read' });
    expect(await waiting).toMatchObject({ ok: false, reason: 'aborted' });
    expect(await r.read({ kind: 'listing', html: listing, url: URL, selectors: {} }, stop.signal)).toEqual({
      ok: false,
      reason: 'aborted',
      message: 'stopped before the page was read',
    });
  });

  test('a thread that dies is a failed page, not a failed process', async () => {
    const r = reader({ workerFile: SPINNING });
    const outcome = await r.read({ kind: 'listing', html: '<!-- crash -->', url: URL, selectors: {} });

    expect(outcome).toMatchObject({ ok: false, reason: 'failed' });
    const after = await r.read({ kind: 'listing', html: listing, url: URL, selectors: { item: 'div.fiche' } });
    expect(after.ok).toBe(true);
  });
});
