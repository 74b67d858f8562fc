/**
 * A listing whose entries come from the page's JSON state (an SPA with an empty root element)
 * follows the next page that state names beside its entries, then that JSON endpoint's own
 * pagination (the "load more" reading of a JSON answer).
 */
import { readListing } from '../extract';

const PAGE = 'https://annuaire.test/entreprises?secteur=textile&wilaya=48';

const spa = (global: string, state: unknown, body = '') =>
  `<!doctype html><html><head><title>Annuaire</title></head><body><div id="app"></div>${body}<script>window.${global} = ${JSON.stringify(state)};</script></body></html>`;

const entries = [
  { id: 1, raison_sociale: 'Confection Mina', contact: { telephone: '046 71 22 38', email: 'mina@confection.dz' } },
  { id: 2, raison_sociale: 'Tissage Oued Rhiou', contact: { mobile: '0772 56 31 08' } },
];

describe('next page named by the JSON state a listing is read from', () => {
  test("the list's holder's meta.next, a root-relative API path: resolved on the page's host", () => {
    const state = { site: { telephone: '046 70 00 48' }, entreprises: { items: entries, meta: { page: 1, last_page: 2, next: '/api/v1/entreprises?wilaya=48&page=2' } } };
    const listing = readListing(spa('__INITIAL_STATE__', state), PAGE);
    expect(listing.companies.map((c) => c.name)).toEqual(['Confection Mina', 'Tissage Oued Rhiou']);
    expect(listing.next).toBe('https://annuaire.test/api/v1/entreprises?wilaya=48&page=2');
  });

  test("links.next, next_page_url, pagination.nextPage, a JSON:API link object: each shape, two levels above the list too", () => {
    const shapes: [unknown, string][] = [
      [{ directory: { results: entries, links: { next: 'api/annuaire?page=2' } } }, 'https://annuaire.test/api/annuaire?page=2'],
      [{ data: { list: entries, next_page_url: 'https://annuaire.test/api/list?page=2' } }, 'https://annuaire.test/api/list?page=2'],
      [{ search: { hits: { rows: entries }, pagination: { nextPage: '/recherche?p=2' } } }, 'https://annuaire.test/recherche?p=2'],
      [{ companies: { data: entries, links: { next: { href: '/api/companies?page%5Bnumber%5D=2' } } } }, 'https://annuaire.test/api/companies?page%5Bnumber%5D=2'],
    ];
    for (const [state, next] of shapes) expect(readListing(spa('__PRELOADED_STATE__', state), PAGE).next).toBe(next);
  });

  test('only page numbers (meta.current_page / last_page): this page with the next number; none on the last page', () => {
    const at = (current: number) => ({ listing: { items: entries, meta: { current_page: current, last_page: 3 } } });
    expect(readListing(spa('__INITIAL_STATE__', at(1)), PAGE).next).toBe(`${PAGE}&page=2`);
    expect(readListing(spa('__INITIAL_STATE__', at(2)), `${PAGE}&page=2`).next).toBe(`${PAGE}&page=3`);
    expect(readListing(spa('__INITIAL_STATE__', at(3)), `${PAGE}&page=3`).next).toBeUndefined();
    expect(readListing(spa('__INITIAL_STATE__', { listing: { items: entries, meta: { next: null, prev: '/api?page=1' } } }), PAGE).next).toBeUndefined();
  });

  test("the page's own next link comes first; a bare cursor (meant for an endpoint this page does not name) is not followed", () => {
    const state = { entreprises: { items: entries, meta: { next: '/api/v1/entreprises?page=2' } } };
    expect(readListing(spa('__INITIAL_STATE__', state, '<a rel="next" href="/entreprises?page=2">Suivant</a>'), PAGE).next).toBe('https://annuaire.test/entreprises?page=2');
    expect(readListing(spa('__INITIAL_STATE__', { entreprises: { items: entries, pageInfo: { endCursor: 'YXJ0LTQ', hasNextPage: true } } }), PAGE).next).toBeUndefined();
  });

  test("pagination of another part of the state (a sidebar's, the root's far above the list) is not the list's", () => {
    const state = { app: { shell: { widgets: { news: { items: [{ title: 'Salon du textile' }], links: { next: '/actualites?page=2' } } } } }, pages: { annuaire: { bloc: { liste: { items: entries } } } }, links: { next: '/autre?page=2' } };
    expect(readListing(spa('__INITIAL_STATE__', state), PAGE).next).toBeUndefined();
  });

  test("the JSON endpoint then pages by its own pagination: page numbers only, then the last page's null next", () => {
    const api = 'https://annuaire.test/api/v1/entreprises?wilaya=48&page=2';
    const second = readListing(JSON.stringify({ data: entries, meta: { current_page: 2, last_page: 3 } }), api, {}, { contentType: 'application/json' });
    expect(second.companies.map((c) => c.name)).toEqual(['Confection Mina', 'Tissage Oued Rhiou']);
    expect(second.next).toBe('https://annuaire.test/api/v1/entreprises?wilaya=48&page=3');
    expect(readListing(JSON.stringify({ data: entries, links: { next: null }, meta: { current_page: 3, last_page: 3 } }), second.next!, {}, { contentType: 'application/json' }).next).toBeUndefined();
  });
});

describe("an open-data portal's datastore API (CKAN's datastore_search)", () => {
  const rec = (i: number) => ({ _id: i + 1, 'Raison sociale': `Conserverie Mitidja ${i + 1}`, Commune: 'Blida', Téléphone: `025 41 22 3${i}`, Email: `contact${i}@conserverie${i}.dz` });
  const answer = (records: unknown[], offset: number) =>
    JSON.stringify({ help: 'https://data.test/api/3/action/help_show?name=datastore_search', success: true, result: { resource_id: 'f1c2', records, _links: { start: '/api/3/action/datastore_search?resource_id=f1c2', next: `/api/3/action/datastore_search?offset=${offset}&resource_id=f1c2` }, total: 7 } });
  const API = 'https://data.test/api/3/action/datastore_search?resource_id=f1c2';

  test("its records, then the next batch result._links.next names; a batch without records ends the list (CKAN names a next one even past the end)", () => {
    const first = readListing(answer([0, 1, 2, 3, 4].map(rec), 5), API, {}, { contentType: 'application/json' });
    expect(first.companies.map((c) => [c.name, c.phones])).toEqual([0, 1, 2, 3, 4].map((i) => [`Conserverie Mitidja ${i + 1}`, [`+2132541223${i}`]]));
    expect(first.next).toBe('https://data.test/api/3/action/datastore_search?offset=5&resource_id=f1c2');
    const last = readListing(answer([5, 6].map(rec), 10), first.next!, {}, { contentType: 'application/json' });
    expect(last.companies).toHaveLength(2);
    expect(last.next).toBe('https://data.test/api/3/action/datastore_search?offset=10&resource_id=f1c2');
    const past = readListing(answer([], 15), last.next!, {}, { contentType: 'application/json' });
    expect(past.companies).toEqual([]);
    expect(past.next).toBeUndefined();
  });
});
