/**
 * Client-rendered shells whose listing is the JSON their head preloads for fetch: the URL chosen
 * (preload as=fetch, a JSON prefetch; never a script, a style, an image, a font, another host, the
 * page itself), and a run reading it as the page's listing then following its next pointers.
 */
import { PoliteFetcher } from '../fetcher';
import { readListing } from '../extract';
import { preloadedData } from '../preload';
import { parsePage } from '../parse';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

const PAGE = 'https://annuaire.test/annuaire?secteur=BTP&wilaya=Oran';

/** A client-rendered page: `head` links, an empty #app with a skeleton, the directory's noscript line. */
function shell(head: string, app = '<div class="skeleton"></div><div class="skeleton"></div>'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>BTP à Oran</title>${head}<script type="module" src="/assets/index-4c1d.js"></script></head><body><div id="app">${app}</div><noscript>Activez JavaScript. Assistance : 041 20 30 40</noscript></body></html>`;
}

function dataOf(head: string, url = PAGE): string | undefined {
  const page = parsePage(shell(head));
  return preloadedData(page.byTag('LINK'), url, url, undefined);
}

describe('preloadedData: the JSON a shell preloads for fetch', () => {
  test('<link rel=preload as=fetch> names it, resolved against the page (entities, relative paths, any attribute order)', () => {
    expect(dataOf('<link rel="preload" as="fetch" href="/api/v1/entreprises?secteur=BTP&amp;wilaya=Oran&amp;page=1" crossorigin>')).toBe('https://annuaire.test/api/v1/entreprises?secteur=BTP&wilaya=Oran&page=1');
    expect(dataOf('<link crossorigin="anonymous" href="api/liste.json" as="FETCH" rel="Preload">')).toBe('https://annuaire.test/api/liste.json');
  });

  test('a prefetch is data when it is for fetch or JSON; a page prefetched for navigation is not', () => {
    expect(dataOf('<link rel="prefetch" as="fetch" href="/api/liste?page=1">')).toBe('https://annuaire.test/api/liste?page=1');
    expect(dataOf('<link rel="prefetch" type="application/json" href="/api/liste?page=1">')).toBe('https://annuaire.test/api/liste?page=1');
    expect(dataOf('<link rel="prefetch" href="/donnees/btp-oran.json">')).toBe('https://annuaire.test/donnees/btp-oran.json');
    expect(dataOf('<link rel="prefetch" href="/annuaire?secteur=BTP&amp;wilaya=Oran&amp;page=2">')).toBeUndefined();
    expect(dataOf('<link rel="prefetch" as="document" href="/api/liste.json">')).toBeUndefined();
  });

  test('never a module, script, style, image or font, nor a preload of another kind, nor a type that is not JSON', () => {
    expect(dataOf('<link rel="modulepreload" href="/assets/index-4c1d.js"><link rel="preload" as="script" href="/api/bootstrap"><link rel="preload" as="style" href="/api/theme"><link rel="preload" as="image" href="/api/logo"><link rel="preload" as="font" href="/fonts/inter.woff2" crossorigin>')).toBeUndefined();
    expect(dataOf('<link rel="preload" as="fetch" href="/assets/index-4c1d.js"><link rel="preload" as="fetch" href="/img/carte.webp"><link rel="preload" as="fetch" href="/wasm/geo.wasm">')).toBeUndefined();
    expect(dataOf('<link rel="preload" as="fetch" type="text/css" href="/api/theme">')).toBeUndefined();
    expect(dataOf('<link rel="dns-prefetch" href="//api.annuaire.test"><link rel="preconnect" href="/api/liste.json">')).toBeUndefined();
  });

  test('never another host, the page itself, nor its next page (read as such)', () => {
    expect(dataOf('<link rel="preload" as="fetch" href="https://api.autre.test/v1/entreprises?page=1" crossorigin>')).toBeUndefined();
    expect(dataOf('<link rel="preload" as="fetch" href="/annuaire?secteur=BTP&amp;wilaya=Oran">')).toBeUndefined();
    const page = parsePage(shell('<link rel="prefetch" as="fetch" href="/api/liste?page=2">'));
    expect(preloadedData(page.byTag('LINK'), PAGE, PAGE, 'https://annuaire.test/api/liste?page=2')).toBeUndefined();
  });

  test('of several preloads, the one that carries the page’s own search (its query values, its path) comes first; else the first', () => {
    const head = '<link rel="preload" as="fetch" href="/api/i18n/fr.json"><link rel="preload" as="fetch" href="/api/wilayas/oran"><link rel="preload" as="fetch" href="/api/entreprises?secteur=btp&amp;wilaya=oran&amp;page=1">';
    expect(dataOf(head)).toBe('https://annuaire.test/api/entreprises?secteur=btp&wilaya=oran&page=1');
    // Accents, case and separators aside: 'Aïn Témouchent' is the slug 'ain-temouchent'.
    expect(dataOf('<link rel="preload" as="fetch" href="/api/config"><link rel="preload" as="fetch" href="/api/annuaire/tourisme-et-hotellerie/ain-temouchent">', 'https://annuaire.test/recherche?secteur=Tourisme%20et%20h%C3%B4tellerie&wilaya=A%C3%AFn%20T%C3%A9mouchent')).toBe('https://annuaire.test/api/annuaire/tourisme-et-hotellerie/ain-temouchent');
    expect(dataOf('<link rel="preload" as="fetch" href="/api/v2/liste"><link rel="preload" as="fetch" href="/api/v2/config">', 'https://annuaire.test/')).toBe('https://annuaire.test/api/v2/liste');
  });
});

describe('readListing of a shell', () => {
  test('an empty shell names the JSON it preloads as its data; a page that shows its companies does not', () => {
    const head = '<link rel="preload" as="fetch" href="/api/v1/entreprises?secteur=BTP&amp;wilaya=Oran&amp;page=1" crossorigin>';
    expect(readListing(shell(head), PAGE).data).toBe('https://annuaire.test/api/v1/entreprises?secteur=BTP&wilaya=Oran&page=1');
    const cards = '<div class="card"><h3>Hoggar Bâtiment</h3><p>Tél : 021 23 45 67</p></div><div class="card"><h3>Tassili Travaux</h3><p>Tél : 0661 22 33 44</p></div><div class="card"><h3>Atlas Génie Civil</h3><p>Tél : 023 45 67 89</p></div><div class="card"><h3>Ouarsenis Travaux</h3><p>Tél : 046 45 67 89</p></div>';
    expect(readListing(shell(head, cards), PAGE).data).toBeUndefined();
  });

  test('a <base href> resolves a relative preload', () => {
    expect(readListing(shell('<base href="/app/"><link rel="preload" as="fetch" href="api/liste.json">'), PAGE).data).toBe('https://annuaire.test/app/api/liste.json');
  });
});

describe('a run on a shell that preloads its listing', () => {
  const fetcher = () => new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
  const ORAN = { code: 31, nom: 'Oran' };
  const json = (body: object) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const routes = (robots: string, head: string) => ({
    '/robots.txt': robots,
    '/annuaire?wilaya=Oran': shell(head),
    '/api/i18n/fr.json': json({ fr: { suivant: 'Suivant', contact: 'Contacter' } }),
    '/api/entreprises?wilaya=oran&page=1': json({ data: [{ raison_sociale: 'Hoggar Bâtiment', contacts: [{ type: 'telephone', valeur: '041 23 45 67' }, { type: 'fax', valeur: '041 23 45 68' }] }, { raison_sociale: 'Tassili Travaux', contacts: [{ type: 'email', valeur: 'contact@tassili-travaux.dz' }] }], links: { next: '/api/entreprises?wilaya=oran&page=2' } }),
    '/api/entreprises?wilaya=oran&page=2': json({ data: [{ raison_sociale: 'Atlas Génie Civil', contacts: [{ type: 'mobile', valeur: '0661 22 33 44' }] }], links: { next: '/api/entreprises?wilaya=oran&page=3' } }),
    '/api/entreprises?wilaya=oran&page=3': json({ data: [{ raison_sociale: 'Ouarsenis Travaux', contacts: [{ type: 'mobile', valeur: '0770 12 34 56' }] }], links: { next: null } }),
  });
  const HEAD = '<link rel="preload" as="fetch" href="/api/i18n/fr.json"><link rel="preload" as="fetch" href="/api/entreprises?wilaya=oran&amp;page=1" crossorigin>';

  test('the preloaded JSON is read as the page’s listing, then its links.next, within max_pages', async () => {
    const s = await startSite(routes('User-agent: *\nDisallow: /admin\n', HEAD));
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire?wilaya={wilaya}"\n    max_pages: 2\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'BTP', wilaya: ORAN, fetcher: fetcher(), deadlineMs: 30_000 });
      // (The fax is no phone.)
      expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
        ['Hoggar Bâtiment', ['+21341234567'], []],
        ['Tassili Travaux', [], ['contact@tassili-travaux.dz']],
        ['Atlas Génie Civil', ['+213661223344'], []],
      ]);
      expect(s.hits).toEqual(['/robots.txt', '/annuaire?wilaya=Oran', '/api/entreprises?wilaya=oran&page=1', '/api/entreprises?wilaya=oran&page=2']);
      expect(report[0]).toMatchObject({ status: 'ok', pages_read: 3, companies_found: 3 });
    } finally {
      await s.close();
    }
  });

  test('a preload robots.txt disallows is never fetched; one on another host is never fetched', async () => {
    const other = await startSite({ '/api/entreprises': json({ data: [{ raison_sociale: 'Ailleurs SARL', contacts: [{ type: 'mobile', valeur: '0550 00 00 01' }] }] }) });
    const s = await startSite({ ...routes('User-agent: *\nDisallow: /api/\n', HEAD), '/autre': shell(`<link rel="preload" as="fetch" href="${other.origin}/api/entreprises" crossorigin>`) });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire?wilaya={wilaya}"\n  - name: autre\n    search_url: "${s.origin}/autre"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'BTP', wilaya: ORAN, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies).toEqual([]);
      expect(s.hits.filter((h) => h.startsWith('/api/'))).toEqual([]);
      expect(other.hits).toEqual([]);
    } finally {
      await s.close();
      await other.close();
    }
  });
});
