/**
 * Embedded data beyond plain JSON blocks: Angular's escaped TransferState, typed contact lists,
 * records in data-* attributes joined to the cards, cursor-driven infinite scroll, and the
 * directory's own schema.org organisation told apart (its pages' publisher, its contacts all
 * in the page's chrome). Each page is read by readListing with no selector.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { dataAttributeJson, typedContact, unescapeTransferState } from '../embeddedState';
import { cursorNext, listEndpoint, pageCountNext, scrollSentinelNext } from '../cursor';
import { findNextPage } from '../items';

const URL = 'https://annuaire.test/liste?wilaya=16';

const byName = (html: string, url = URL) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: c.phones.sort(), emails: c.emails, faxes: c.faxes ?? [] }]));

describe("Angular's old TransferState", () => {
  test('is unescaped in one pass (&a;q; stays a written "&q;")', () => {
    expect(unescapeTransferState('{&q;a&q;:&q;x &a; y &l;b&g; l&s;&a;q;&q;}')).toBe('{"a":"x & y <b> l\'&q;"}');
  });

  test('its records are read like any JSON state', () => {
    const state = JSON.stringify({ 'G.https://api.test/v1/x?': { body: { items: [{ nom: 'Alpha & Fils', tel: '021 45 67 89' }, { nom: "L'Atelier", email: 'atelier@mail.dz' }] } } })
      .replace(/&/g, '&a;').replace(/"/g, '&q;').replace(/'/g, '&s;');
    const html = `<html><body><main><h3>Alpha &amp; Fils</h3><h3>L'Atelier</h3></main><script id="app-state" type="application/json">${state}</script></body></html>`;
    expect(byName(html)).toEqual({ 'Alpha & Fils': { phones: ['+21321456789'], emails: [], faxes: [] }, "L'Atelier": { phones: [], emails: ['atelier@mail.dz'], faxes: [] } });
  });
});

describe('typed contact lists', () => {
  test.each([
    [{ type: 'tel', valeur: '021 00 00 00' }, 'phone'],
    [{ kind: 'MOBILE', value: '0550' }, 'phone'],
    [{ nature: 'Télécopie', val: '021' }, 'fax'],
    [{ channel: 'e-mail', value: 'a@b.dz' }, 'email'],
    [{ label: 'Contact', value: 'a@b.dz' }, 'email'],
  ])('%j is a %s', (obj, kind) => expect(typedContact(obj)?.kind).toBe(kind));

  test.each([[{ type: 'site web', value: 'https://x.dz' }], [{ type: 'adresse', valeur: '12 rue X' }], [{ nom: 'Alpha', tel: '021' }], [{ type: 'tel' }]])('%j is none', (obj) => expect(typedContact(obj)).toBeUndefined());

  // A line named by what it serves ('Urgences', 'SAMU', 'Rendez-vous', 'Accueil') is a phone when its value is a whole number.
  test.each([
    [{ type: 'urgences', valeur: '024 91 46 50' }],
    [{ label: 'Rendez-vous', value: '+213 (0) 36 72 18 40' }],
    [{ canal: 'Accueil', numero: '0661.42.18.73' }],
  ])('%j is a phone', (obj) => expect(typedContact(obj)).toEqual({ kind: 'phone', value: Object.values(obj)[1] }));

  test.each([
    [{ type: 'rc', valeur: '16/00-0123456 B 12' }],
    [{ type: 'nif', valeur: '000216012345678' }],
    [{ type: 'horaires', valeur: '08:00 - 17:00' }],
    [{ type: 'urgences', valeur: '24h/24, 7j/7' }],
    [{ type: 'code postal', valeur: '42000' }],
  ])('%j is none (no whole number)', (obj) => expect(typedContact(obj)).toBeUndefined());

  test('a record keeps each by its type, faxes apart, under any key', () => {
    const state = { data: { rows: [
      { raisonSociale: 'Pharmacie Alpha', moyens: [{ type: 'tel', valeur: '025 41 22 33' }, { type: 'fax', valeur: '025 41 22 34' }, { type: 'email', valeur: 'alpha@pharma.dz' }] },
      { raisonSociale: 'Pharmacie Beta', moyens: [{ type: 'mobile', valeur: '0661 22 33 44' }, { type: 'site', valeur: 'https://beta.dz' }] },
    ] } };
    const html = `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(state)}</script></body></html>`;
    expect(byName(html)).toEqual({
      'Pharmacie Alpha': { phones: ['+21325412233'], emails: ['alpha@pharma.dz'], faxes: ['+21325412234'] },
      'Pharmacie Beta': { phones: ['+213661223344'], emails: [], faxes: [] },
    });
  });
});

describe('records in data-* attributes', () => {
  test('JSON arrays and objects of data-* attributes are read, other attributes not', () => {
    const root = parse(`<div data-markers='[{"title":"A","tel":"1"}]' data-props='{"x":1}' data-id="12"></div><div data-opts="{&quot;a&quot;:[1,2,3,4,5,6,7,8,9]}"></div><div data-bad="[not json at all, really]"></div>`);
    expect(dataAttributeJson(root.querySelectorAll('div'))).toEqual([[{ title: 'A', tel: '1' }], { a: [1, 2, 3, 4, 5, 6, 7, 8, 9] }]);
  });

  const page = `<html><body><header>Guide — 038 00 00 01</header><main>
    <div id="map" data-markers='[{"title":"Office du guide","tel":"038 00 00 01","mobile":"0661 00 00 02"},{"title":"Hôtel Alpha","tel":"038 11 22 33","email":"alpha@hotel.dz"},{"title":"Maison d&#39;hôtes Beta","mobile":"0770 11 22 33","fax":"038 11 22 34"},{"title":"Camping Gamma"}]'></div>
    <div class="list"><div class="poi"><h3>Hôtel Alpha</h3><p>Plage</p></div><div class="poi"><h3>Maison d'hôtes Beta</h3><p>Centre</p></div>
    <div class="poi"><h3>Camping Gamma</h3><p>Cap</p></div><div class="poi"><h3>Gîte Delta</h3><p>Tél. 0550 44 55 66</p></div></div></main></body></html>`;

  test("join the cards of the same names; a card without a record is kept, a record without a card (the directory's) is not", () => {
    expect(byName(page)).toEqual({
      'Hôtel Alpha': { phones: ['+21338112233'], emails: ['alpha@hotel.dz'], faxes: [] },
      "Maison d'hôtes Beta": { phones: ['+213770112233'], emails: [], faxes: ['+21338112234'] },
      'Camping Gamma': { phones: [], emails: [], faxes: [] },
      'Gîte Delta': { phones: ['+213550445566'], emails: [], faxes: [] },
    });
  });

  test('a menu in a data attribute (names and links, no contacts) is not a listing', () => {
    const html = `<html><body><div data-menu='[{"label":"Accueil","url":"/"},{"label":"Hôtels","url":"/hotels"}]'></div><main><div class="c"><h3>Hôtel Alpha</h3><p>Tél. 038 11 22 33</p></div><div class="c"><h3>Hôtel Beta</h3><p>Tél. 038 11 22 44</p></div></main></body></html>`;
    expect(Object.keys(byName(html)).sort()).toEqual(['Hôtel Alpha', 'Hôtel Beta']);
  });
});

describe("a page's JSON state beside the cards it renders", () => {
  // A store locator: the map's points in a script (one e-mail each), the list under it written by the server (all of them).
  const points = [
    { id: 1, nom: 'Alpha Électronique', telephones: ['033 11 22 33'], email: 'alpha@elec.dz' },
    { id: 2, nom: 'Beta Service', telephones: ['0550 11 22 33'], fax: '033 11 22 34', email: null },
    { id: 3, nom: 'Gamma Réparation', telephones: ['0661 22 33 44'], email: 'gamma@rep.dz' },
  ];
  const card = (name: string, lines: string) => `<li class="store-item"><h3 class="store-item__name">${name}</h3><ul class="store-item__contacts">${lines}</ul><button>Voir sur la carte</button></li>`;
  const html = `<html><body><header>Marque — 021 00 00 01</header><main><ul class="store-list">
    ${card('Alpha Électronique', '<li><a href="tel:+213331122 33">033 11 22 33</a></li><li><a href="mailto:alpha@elec.dz">alpha@elec.dz</a></li><li><a href="mailto:sav.alpha@elec.dz">sav.alpha@elec.dz</a></li>')}
    ${card('Beta Service', '<li>Mob. 0550 11 22 33</li><li>Fax 033 11 22 34</li>')}
    ${card('Gamma Réparation', '<li>0661 22 33 44</li><li>Tél. 033 44 55 66</li><li><a href="mailto:gamma@rep.dz">gamma@rep.dz</a></li>')}
    </ul><div id="map"></div></main><script>window.__POINTS__ = ${JSON.stringify(points)};</script></body></html>`;

  test('each record gets the contacts its card shows beside its own', () => {
    expect(byName(html)).toEqual({
      'Alpha Électronique': { phones: ['+21333112233'], emails: ['alpha@elec.dz', 'sav.alpha@elec.dz'], faxes: [] },
      'Beta Service': { phones: ['+213550112233'], emails: [], faxes: ['+21333112234'] },
      'Gamma Réparation': { phones: ['+21333445566', '+213661223344'], emails: ['gamma@rep.dz'], faxes: [] },
    });
  });
});

describe('infinite scroll with a cursor', () => {
  const next = (html: string) => scrollSentinelNext(parse(html).querySelectorAll('*'));

  test.each([
    ['<div id="feed" class="infinite-sentinel" data-endpoint="/api?x=1" data-next="/api?x=1&amp;after=abc"></div>', '/api?x=1&after=abc'],
    ['<div class="js-infinite" data-api="/api/v1/a?w=9&amp;cursor={cursor}" data-cursor="Yz0x"></div>', '/api/v1/a?w=9&cursor=Yz0x'],
    ['<div data-url="/api/list?w=9" data-after="c4"></div>', '/api/list?w=9&after=c4'],
    ['<section class="endless-scroll" data-source="/api/list"></section>', '/api/list'],
  ])('%s -> %s', (html, url) => expect(next(html)).toBe(url));

  test('a share button with a data-url is no sentinel', () => {
    expect(next('<button class="share" data-url="https://facebook.com/sharer?u=x">Partager</button>')).toBeUndefined();
  });

  test("a lazy-loaded picture is no sentinel: its data-src is the picture it loads (a lazy-loading plugin's class 'lazyload')", () => {
    expect(next(`<img alt="" src="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" data-src="/wp-content/uploads/shop-logo-200x200.jpg" class="avatar photo lazyload">`)).toBeUndefined();
    expect(next('<iframe class="lazyload" data-src="https://www.google.com/maps/embed?pb=1"></iframe>')).toBeUndefined();
    expect(next('<div class="lazyload" data-src="/uploads/banner.webp"></div>')).toBeUndefined();
  });

  test('findNextPage falls back to the sentinel', () => {
    const root = parse('<main><div class="c"><h3>A</h3></div><div id="feed" class="scroll-sentinel" data-endpoint="/api/f?p=1"></div></main>');
    expect(findNextPage(root, URL)).toBe('/api/f?p=1');
  });

  test.each([
    [{ results: [], meta: { after: 'Y3VyMTE', has_more: true } }, 'https://a.test/api?l=5&after=Y3VyNg', 'https://a.test/api?l=5&after=Y3VyMTE'],
    [{ data: [], pagination: { next_cursor: 'abc' } }, 'https://a.test/api?l=5', 'https://a.test/api?l=5&cursor=abc'],
    [{ data: [], pageInfo: { endCursor: 'e1', hasNextPage: true } }, 'https://a.test/api', 'https://a.test/api?after=e1'],
    [{ data: [], next: 'tok9' }, 'https://a.test/api?cursor=tok8', 'https://a.test/api?cursor=tok9'],
  ])('%j at %s -> %s', (value, url, expected) => expect(cursorNext(value, url)).toBe(expected));

  test('an endpoint whose cursor is a path segment (/page/{cursor}) gets it there, encoded as a path segment', () => {
    expect(next('<div class="js-infinite" data-api="/api/v1/artisans/page/{cursor}" data-cursor="Yz+0 1"></div>')).toBe('/api/v1/artisans/page/Yz%2B0%201');
  });

  test.each([
    [{ data: [], pagination: { next_cursor: 'Yz+2' } }, 'https://a.test/api/v1/artisans/page/Yz%2B1', 'https://a.test/api/v1/artisans/page/Yz%2B2'],
    [{ data: [], meta: { after: 'c2', has_more: true } }, 'https://a.test/api/fiches/after/c1?l=5', 'https://a.test/api/fiches/after/c2?l=5'],
    [{ data: [], meta: { after: 'c2' } }, 'https://a.test/api/fiches/cursor/c1/', 'https://a.test/api/fiches/cursor/c2/'],
    [{ data: [], next_cursor: 'c2' }, 'https://a.test/api/fiches/page/', 'https://a.test/api/fiches/page/c2'],
  ])('a batch read from a cursor in the path: %j at %s -> %s (the next cursor in the same segment)', (value, url, expected) => expect(cursorNext(value, url)).toBe(expected));

  test.each([
    [{ meta: { after: 'x', has_more: false } }],
    [{ meta: { after: null } }],
    [{ pagination: { next_cursor: '' } }],
    [{ items: [] }],
  ])('%j has no next batch', (value) => expect(cursorNext(value, 'https://a.test/api?after=w')).toBeUndefined());

  test('a JSON batch giving only a cursor is followed on the same endpoint', () => {
    const body = JSON.stringify({ results: [{ nom: 'Trans A', telephones: ['029 11 22 33'] }], meta: { after: 'c2', has_more: true } });
    const listing = readListing(body, 'https://annuaire.test/api/f?w=30&after=c1', {}, { contentType: 'application/json' });
    expect(listing.companies.map((c) => c.name)).toEqual(['Trans A']);
    expect(listing.next).toBe('https://annuaire.test/api/f?w=30&after=c2');
  });

  test("a GraphQL answer read by GET: its connection's pageInfo.endCursor goes into the cursor variable of the URL's `variables` JSON", () => {
    const vars = (after: string | null) => encodeURIComponent(JSON.stringify({ after, limit: 2, region: 'Kabylie' }));
    const endpoint = (after: string | null) => `https://guilde.test/api/gql?operationName=Artisans&variables=${vars(after)}&extensions=${encodeURIComponent('{"persistedQuery":{"version":1}}')}`;
    const answer = (hasNextPage: boolean, endCursor: string) => JSON.stringify({ data: { annuaire: { artisans: {
      pageInfo: { hasNextPage, endCursor },
      edges: [{ cursor: 'q1', node: { nom: 'Menuiserie Tala', contact: { tel: '026 11 20 30' } } }, { cursor: 'q2', node: { nom: 'Forge Aghbalou', contact: { tel: '026 11 20 31' } } }],
    } } } });
    const first = readListing(answer(true, 'Y3Vy:Mg=='), endpoint(null), {}, { contentType: 'application/json' });
    expect(first.companies.map((c) => c.name)).toEqual(['Menuiserie Tala', 'Forge Aghbalou']);
    const next = new globalThis.URL(first.next!);
    expect(next.pathname).toBe('/api/gql');
    expect(JSON.parse(next.searchParams.get('variables')!)).toEqual({ after: 'Y3Vy:Mg==', limit: 2, region: 'Kabylie' });
    expect(next.searchParams.get('extensions')).toBe('{"persistedQuery":{"version":1}}');
    expect(next.searchParams.get('after')).toBeNull();
    // The last batch says there is no next page.
    expect(readListing(answer(false, 'Y3Vy:NA=='), endpoint('Y3Vy:Mg=='), {}, { contentType: 'application/json' }).next).toBeUndefined();
    // Variables naming the cursor otherwise (cursor) keep that name.
    expect(cursorNext({ pageInfo: { endCursor: 'c9', hasNextPage: true } }, `https://a.test/graphql?variables=${encodeURIComponent('{"cursor":"c8"}')}`))
      .toBe(`https://a.test/graphql?variables=${encodeURIComponent('{"cursor":"c9"}')}`);
  });
});

describe('a list filled on the client from the JSON endpoint its container names', () => {
  const page = (list: string, after = '') => `<!doctype html><html><body><header><a href="/">Annuaire</a> 021 44 55 66 <a data-url="/api/panier?x=1">Panier</a></header><main><h1>Restaurants</h1>${list}${after}</main><footer>contact@annuaire.test</footer></body></html>`;
  const alpine = '<div id="listing" class="grid" data-url="/api/v1/etablissements?wilaya=42&amp;page=1" x-data="listing()"><template x-for="e in items"><article><h2 x-text="e.nom"></h2><a :href="\'tel:\' + e.mobile" x-text="e.mobile"></a></article></template><div class="animate-pulse h-40"></div><div class="animate-pulse h-40"></div></div>';

  test('an Alpine.js container (x-for template, skeletons) holding no entry: its data-url is the data of the page', () => {
    const listing = readListing(page(alpine, '<noscript><p>Activez JavaScript pour voir la liste.</p></noscript>'), 'https://resto.test/restaurants/tipaza');
    expect(listing.companies).toEqual([]);
    expect(listing.data).toBe('https://resto.test/api/v1/etablissements?wilaya=42&page=1');
  });

  test('a Stimulus value on a list showing only a loading line', () => {
    const html = page('<ol class="resultats" data-controller="annuaire" data-annuaire-url-value="/api/v2/ecoles.json?page=1" data-annuaire-page-value="1"><li aria-busy="true">Chargement des établissements…</li></ol>');
    expect(readListing(html, 'https://ecoles.test/el-oued').data).toBe('https://ecoles.test/api/v2/ecoles.json?page=1');
    expect(listEndpoint(parse(html).querySelectorAll('*'))).toBe('/api/v2/ecoles.json?page=1');
  });

  test.each([
    ['a page whose list is in the HTML', `<div data-url="/api/liste?page=2"></div>${['Numidia Conseil', 'Atlas BTP', 'Tassili Transit', 'Hoggar Froid'].map((n, i) => `<div class="fiche"><h3>${n}</h3><p>Tél : 021 23 45 6${i}</p></div>`).join('')}`],
    ['a container that shows text of its own', '<div class="liste" data-url="/api/liste"><p>Les établissements de la wilaya de Tipaza, classés par commune et par spécialité, mis à jour chaque semaine par notre équipe.</p></div>'],
    ['a container showing a contact', '<div class="liste" data-url="/api/liste"><p>Écrivez-nous : liste@annuaire.test</p></div>'],
    ['an image named by data-src, a link by data-href', '<div class="hero" data-src="/img/hero.webp"></div><div class="carte" data-href="/carte.jpg"></div><a data-url="/api/liste?page=1"></a>'],
    ['an endpoint only in the header', ''],
  ])('no data endpoint: %s', (_, body) => {
    expect(readListing(page(body), 'https://resto.test/restaurants').data).toBeUndefined();
  });

  test('beside a few companies shown elsewhere (a featured block), the empty list is read too; not beside a list of its own', () => {
    const featured = (n: number) => `<div class="une"><h2>À la une</h2>${['Atlas Grill', 'Numidia Café', 'Tassili Pizza', 'Hoggar Snack'].slice(0, n).map((name, i) => `<div class="une-item"><strong>${name}</strong><p>Tél : 024 46 10 2${i}</p></div>`).join('')}</div>`;
    const few = readListing(page(featured(3) + alpine), 'https://resto.test/restaurants');
    expect(few.companies.map((c) => c.name)).toEqual(['Atlas Grill', 'Numidia Café', 'Tassili Pizza']);
    expect(few.data).toBe('https://resto.test/api/v1/etablissements?wilaya=42&page=1');
    const many = readListing(page(featured(4) + alpine), 'https://resto.test/restaurants');
    expect(many.companies).toHaveLength(4);
    expect(many.data).toBeUndefined();
  });

  test('an endpoint that is the page’s next page (an infinite scroll sentinel) is read as the next page, not as its data', () => {
    const listing = readListing(page('<div class="infinite-scroll" data-url="/api/liste?page=1"></div>'), 'https://resto.test/restaurants');
    expect(listing.next).toBe('https://resto.test/api/liste?page=1');
    expect(listing.data).toBeUndefined();
  });

  test('Laravel API resources: data[] with a sponsored entry dropped, e-mail keys with a qualifier, links.next followed', () => {
    const body = JSON.stringify({
      data: [
        { id: 1, nom: 'Restaurant Port de Tipaza', type: 'Restaurant', sponsorise: false, telephone: null, mobile: '0778569632', email: null, email_reservation: 'resa@port-tipaza.dz' },
        { id: 9, nom: 'Tipaza Events Location', type: 'Annonce', sponsorise: true, mobile: '0778 08 16 34', email: 'reservation@tipaza-events.dz' },
        { id: 2, nom: 'Crêperie Gouraya', type: 'Restauration rapide', sponsorise: false, telephone: '024 10 63 46', mobile: null, email: 'info@creperie-gouraya.dz', email_verified: true },
      ],
      links: { first: '/api/v1/e?page=1', last: '/api/v1/e?page=2', prev: null, next: '/api/v1/e?page=2' },
      meta: { current_page: 1, last_page: 2, per_page: 3, total: 5 },
    });
    const listing = readListing(body, 'https://resto.test/api/v1/e?page=1', {}, { contentType: 'application/json' });
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Restaurant Port de Tipaza', ['+213778569632'], ['resa@port-tipaza.dz']],
      ['Crêperie Gouraya', ['+21324106346'], ['info@creperie-gouraya.dz']],
    ]);
    expect(listing.dropped.advertisement).toBe(1);
    expect(listing.next).toBe('https://resto.test/api/v1/e?page=2');
  });

  test.each([
    [{ meta: { current_page: 1, last_page: 3 } }, 'https://a.test/api/e?w=42&page=1', 'https://a.test/api/e?w=42&page=2'],
    [{ meta: { page: 2, pages: 3, count: 22 } }, 'https://a.test/api/ecoles.json?page=2', 'https://a.test/api/ecoles.json?page=3'],
    [{ pagination: { currentPage: '1', totalPages: '4' } }, 'https://a.test/api/e?p=1', 'https://a.test/api/e?p=2'],
    [{ meta: { current_page: 1, last_page: 2 } }, 'https://a.test/api/e', 'https://a.test/api/e?page=2'],
  ])('page numbers only: %j at %s -> %s', (value, url, expected) => expect(pageCountNext(value, url)).toBe(expected));

  test.each([
    [{ meta: { current_page: 3, last_page: 3 } }, 'https://a.test/api/e?page=3'],
    [{ meta: { page: 2 } }, 'https://a.test/api/e?page=2'],
    [{ meta: { current_page: 1, last_page: 2 } }, 'https://a.test/api/e?offset=0'],
    [{ meta: { current_page: 0, last_page: 2 } }, 'https://a.test/api/e?page=0'],
  ])('no next page: %j at %s', (value, url) => expect(pageCountNext(value, url)).toBeUndefined());

  test('a JSON batch with page numbers only is followed on the same endpoint', () => {
    const body = JSON.stringify({ ecoles: [{ raison_sociale: 'Institut Souf Formation', coordonnees: { tel_mobile: '0661 23 45 67', courriel_inscriptions: 'inscriptions@souf-formation.dz' } }], meta: { page: 1, pages: 2 } });
    const listing = readListing(body, 'https://ecoles.test/api/v2/ecoles.json?wilaya=39&page=1', {}, { contentType: 'application/json' });
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([['Institut Souf Formation', ['+213661234567'], ['inscriptions@souf-formation.dz']]]);
    expect(listing.next).toBe('https://ecoles.test/api/v2/ecoles.json?wilaya=39&page=2');
  });
});

describe("the directory's own schema.org organisation", () => {
  test('the publisher of its pages (by @id) is not a company; nodes identified by fragments of the root are', () => {
    const graph = { '@context': 'https://schema.org', '@graph': [
      { '@type': 'WebSite', '@id': 'https://immo.dz/#website', url: 'https://immo.dz/', publisher: { '@id': 'https://immo.dz/#org' } },
      { '@type': 'Organization', '@id': 'https://immo.dz/#org', name: 'Immo DZ', telephone: '026 00 00 01' },
      { '@type': 'RealEstateAgent', '@id': 'https://immo.dz/#agence-1', name: 'Agence Alpha', telephone: ['026 11 22 33', '0550 11 22 33'] },
      { '@type': 'RealEstateAgent', '@id': 'https://immo.dz/#agence-2', name: 'Agence Beta', email: 'beta@immo-beta.dz' },
    ] };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(graph)}</script></head><body></body></html>`;
    expect(Object.keys(byName(html)).sort()).toEqual(['Agence Alpha', 'Agence Beta']);
  });

  test('an organisation every contact of which is in the page header or footer is the directory', () => {
    const ld = [
      { '@context': 'https://schema.org', '@type': 'Organization', name: 'Pharma.dz', url: 'https://pharma.dz', telephone: '+213 45 00 00 01', email: 'contact@pharma.dz' },
      { '@context': 'https://schema.org', '@type': 'Pharmacy', name: 'Pharmacie Alpha', telephone: ['045 11 22 33', '0550 11 22 33'] },
      { '@context': 'https://schema.org', '@type': 'Pharmacy', name: 'Pharmacie Beta', telephone: '045 11 22 44' },
    ];
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><header>Pharma.dz — 045 00 00 01</header><footer>contact@pharma.dz</footer></body></html>`;
    expect(Object.keys(byName(html)).sort()).toEqual(['Pharmacie Alpha', 'Pharmacie Beta']);
  });
});

describe('a normalized GraphQL cache (Apollo, Relay): records joined by {__ref}', () => {
  test('each record is read with the entries its refs name, typed contacts by their type', () => {
    const cache = {
      ROOT_QUERY: { __typename: 'Query', 'officines({"ville":"oran"})': { __typename: 'OfficineListe', noeuds: [{ __ref: 'Officine:a7' }, { __ref: 'Officine:b2' }] } },
      'Officine:a7': { __typename: 'Officine', nom: 'Pharmacie El Bahia', ville: { __ref: 'Ville:31' }, moyens: [{ __ref: 'Moyen:1' }, { __ref: 'Moyen:2' }, { __ref: 'Moyen:3' }] },
      'Moyen:1': { __typename: 'Moyen', id: '1', kind: 'TELEPHONE', value: '041 33 21 09', prefere: true },
      'Moyen:2': { __typename: 'Moyen', id: '2', kind: 'TELECOPIE', value: '041 33 21 10', prefere: false },
      'Moyen:3': { __typename: 'Moyen', id: '3', kind: 'COURRIEL', value: 'bahia@officine.dz', prefere: false },
      'Officine:b2': { __typename: 'Officine', nom: 'Pharmacie du Front de Mer', ville: { __ref: 'Ville:31' }, moyens: [{ __ref: 'Moyen:4' }] },
      'Moyen:4': { __typename: 'Moyen', id: '4', kind: 'PORTABLE', value: '0770.41.52.63', prefere: true },
      'Ville:31': { __typename: 'Ville', id: '31', libelle: 'Oran' },
    };
    const html = `<html><body><main><article><h2>Pharmacie El Bahia</h2><button>Voir le numéro</button></article><article><h2>Pharmacie du Front de Mer</h2><button>Voir le numéro</button></article></main>
      <script>window.__APOLLO_STATE__ = ${JSON.stringify(cache)};</script></body></html>`;
    expect(byName(html)).toEqual({
      'Pharmacie El Bahia': { phones: ['+21341332109'], emails: ['bahia@officine.dz'], faxes: ['+21341332110'] },
      'Pharmacie du Front de Mer': { phones: ['+213770415263'], emails: [], faxes: [] },
    });
  });
});

describe('an opaque offset token (Airtable: {records, offset: "itr…/rec…"})', () => {
  test.each([
    [{ records: [], offset: 'itrA1b2/recC3d4' }, 'https://a.test/.netlify/functions/liste?view=Tous&pageSize=5', 'https://a.test/.netlify/functions/liste?view=Tous&pageSize=5&offset=itrA1b2%2FrecC3d4'],
    [{ records: [], offset: 'itrE5/recF6' }, 'https://a.test/api/liste?offset=itrA1b2%2FrecC3d4', 'https://a.test/api/liste?offset=itrE5%2FrecF6'],
  ])('%j at %s -> %s', (value, url, expected) => expect(cursorNext(value, url)).toBe(expected));

  test.each([[{ results: [], offset: 20 }], [{ results: [], offset: '20' }], [{ results: [], offset: '/api/x?o=2' }]])('a numeric offset or a link is no token: %j', (value) => {
    expect(cursorNext(value, 'https://a.test/api/liste?l=5')).toBeUndefined();
  });
});

describe("a Livewire page's nested components, each card's record in its wire:snapshot", () => {
  const snap = (data: object, name: string) => JSON.stringify({ data, memo: { id: Math.random().toString(36).slice(2, 10), name, path: 'liste', method: 'GET', children: {} }, checksum: 'abc' }).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const rows: [string, string | null, string | null, string | null][] = [
    ['Tassili Froid', '029 71 20 30', null, '029 71 20 31'],
    ['Oasis Clim Services', '0661 22 33 44', '0770 55 66 77', null],
    ['Sud Énergie Pro', null, null, null],
  ];
  const card = ([n, t, t2, f]: (typeof rows)[number], i: number) => `<div wire:snapshot="${snap({ itemId: i + 1, nom: n, telephone: t, telephone_2: t2, fax: f, tags: [['froid'], { s: 'arr' }], showPhone: false }, 'liste.carte')}" wire:effects="[]" wire:id="c${i}" class="rounded-xl bg-white p-5"><h3 class="font-semibold">${n}</h3><p>Ouargla</p>${i === 2 ? '<a href="mailto:contact@sudenergie.dz">contact@sudenergie.dz</a>' : ''}<button type="button" wire:click="$toggle('showPhone')">Afficher le numéro</button></div>`;
  const html = `<html><body><header><a href="/">Annuaire Sud</a> Hotline : 029 40 00 00</header><main><div wire:snapshot="${snap({ search: '', paginators: [{ page: 1 }, { s: 'arr' }] }, 'liste')}" wire:id="root"><h1>Frigoristes</h1><div class="grid">${rows.map(card).join('\n')}</div></div></main><footer>Hotline : 029 40 00 00</footer></body></html>`;

  test("each card gets the numbers of its component's properties, a fax kept a fax, and the contacts it shows", () => {
    expect(byName(html, 'https://annuaire-sud.test/frigoristes')).toEqual({
      'Tassili Froid': { phones: ['+21329712030'], emails: [], faxes: ['+21329712031'] },
      'Oasis Clim Services': { phones: ['+213661223344', '+213770556677'], emails: [], faxes: [] },
      'Sud Énergie Pro': { phones: [], emails: ['contact@sudenergie.dz'], faxes: [] },
    });
  });
});

describe("a map viewer's state serialised twice, JSON in a string variable (Google My Maps' `var _pageData = \"…\"`)", () => {
  const place = (id: string, name: string, description: string) => [id, [[[36.1, 1.3]]], null, null, 0, [['name', [name], 1], ['description', [description], 1]], null, 0];
  const state = [['mid1', 'Garages de Chlef', 'Carte tenue par la CCI.\nTél : 027 77 99 99', [[36.2, 1.4]], null, [
    ['layer0', 'Mécanique', null, [[null, null, null, null, null, null, [place('a1', 'Garage du Cheliff', 'Ouvert 7j/7.\nTél : 027 71 20 30\nFax : 027 71 20 31'), place('a2', 'Auto Ténès', 'Mob : 0661 22 33 44\nE-mail : auto.tenes@gmail.com')]]]],
    ['layer1', 'Carrosserie', null, [[null, null, null, null, null, null, [place('b1', 'Carrosserie Ouarsenis', 'Tél : 027 72 40 50')]]]],
  ]]];
  // As the viewer writes it: the JSON as a JS string, its quotes and line breaks escaped, its accents as \u escapes.
  const literal = JSON.stringify(JSON.stringify(state)).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const html = `<html><head><title>Garages de Chlef - Google My Maps</title></head><body><div id="map"></div><script nonce="x">var _pageData = ${literal};</script></body></html>`;

  test("every layer's placemarks are records: the name, and the contacts its description types (a fax a fax)", () => {
    expect(byName(html, 'https://www.google.com/maps/d/viewer?mid=abc')).toEqual({
      'Garage du Cheliff': { phones: ['+21327712030'], emails: [], faxes: ['+21327712031'] },
      'Auto Ténès': { phones: ['+213661223344'], emails: ['auto.tenes@gmail.com'], faxes: [] },
      'Carrosserie Ouarsenis': { phones: ['+21327724050'], emails: [], faxes: [] },
    });
  });
});
