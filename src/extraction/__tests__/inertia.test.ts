/**
 * Laravel + Inertia.js pages: the whole page is the JSON of the root element's `data-page`
 * attribute, its listing a Laravel paginator. The entries are read as the page's JSON state, and
 * the next page is the paginator's: `next_page_url`, else its link list (`links: [{url, label,
 * active}]`, Laravel's `linkCollection()`), wherever that state is found.
 */
import { readListing } from '../extract';
import { inertiaPages, paginatorLinksNext } from '../inertia';
import { parsePage } from '../parse';

const PAGE = 'https://annuaire.test/annuaire/tourisme/ghardaia';

const rows = [
  { id: 7, nom: 'Hôtel Rostemides', telephone: '029 88 41 20', email: 'contact@rostemides.dz' },
  { id: 8, nom: "Agence Mzab Voyages", telephone: '0661 30 72 15', mobile: '0770 11 48 26 / 0554 90 03 61' },
  { id: 9, nom: 'Gîte Beni Isguen', telephone: null, email: null },
];

const links = (current: number, last: number, next = 'Suivant &raquo;') => [
  { url: current > 1 ? `/annuaire/tourisme/ghardaia?page=${current - 1}` : null, label: '&laquo; Précédent', active: false },
  ...Array.from({ length: last }, (_, i) => ({ url: `/annuaire/tourisme/ghardaia?page=${i + 1}`, label: String(i + 1), active: i + 1 === current })),
  { url: current < last ? `/annuaire/tourisme/ghardaia?page=${current + 1}` : null, label: next, active: false },
];

/** The attribute as Laravel's @inertia directive writes it: PHP json_encode (\/ and \u escapes), then htmlspecialchars. */
const escaped = (v: unknown) =>
  JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');

const inertia = (props: unknown, url = '/annuaire/tourisme/ghardaia') =>
  `<!doctype html><html><head><title inertia>Annuaire</title><script type="module" src="/build/assets/app.js"></script></head><body><div id="app" data-page="${escaped({ component: 'Annuaire/Index', props, url, version: 'a1b2' })}"></div></body></html>`;

describe('Inertia.js page object (data-page)', () => {
  test("is read from the root element's data-page attribute, entities and JSON escapes decoded", () => {
    const page = parsePage(inertia({ fiches: { data: rows } }));
    const [value] = inertiaPages(page.elements) as { component: string; props: { fiches: { data: { nom: string }[] } } }[];
    expect(value.component).toBe('Annuaire/Index');
    expect(value.props.fiches.data.map((r) => r.nom)).toEqual(['Hôtel Rostemides', 'Agence Mzab Voyages', 'Gîte Beni Isguen']);
  });

  test("a load-more button's data-page=\"2\", or a data-page JSON that is not an Inertia page (no component and props), is not one", () => {
    const page = parsePage('<div><button class="more" data-page="2">Plus</button><div data-page="{&quot;items&quot;:[1,2]}"></div></div>');
    expect(inertiaPages(page.elements)).toEqual([]);
  });

  test('its paginated listing gives the companies, both numbers of a mobile joined by " / ", and the next page by next_page_url', () => {
    const paginator = { current_page: 1, data: rows, first_page_url: '/annuaire/tourisme/ghardaia?page=1', last_page: 2, links: links(1, 2), next_page_url: '/annuaire/tourisme/ghardaia?page=2', path: '/annuaire/tourisme/ghardaia', per_page: 3, total: 5 };
    const listing = readListing(inertia({ site: { telephone: '029 88 00 00' }, fiches: paginator }), PAGE);
    expect(listing.companies.map((c) => c.name)).toEqual(['Hôtel Rostemides', 'Agence Mzab Voyages', 'Gîte Beni Isguen']);
    expect(listing.companies[1].phones).toEqual(['+213661307215', '+213770114826', '+213554900361']);
    expect(listing.next).toBe('https://annuaire.test/annuaire/tourisme/ghardaia?page=2');
  });

  test('a paginator reduced to {data, links}: the next page is its link list\'s; none on the last page', () => {
    expect(readListing(inertia({ fiches: { data: rows, links: links(1, 3, 'Next &raquo;') } }), PAGE).next).toBe('https://annuaire.test/annuaire/tourisme/ghardaia?page=2');
    expect(readListing(inertia({ fiches: { data: rows, links: links(2, 3) } }), `${PAGE}?page=2`).next).toBe('https://annuaire.test/annuaire/tourisme/ghardaia?page=3');
    expect(readListing(inertia({ fiches: { data: rows, links: links(3, 3) } }), `${PAGE}?page=3`).next).toBeUndefined();
  });

  test('a script-held state (window.__INITIAL_STATE__) with such a paginator pages the same way', () => {
    const html = `<html><body><div id="root"></div><script>window.__INITIAL_STATE__ = ${JSON.stringify({ annuaire: { data: rows, links: links(1, 2) } })};</script></body></html>`;
    expect(readListing(html, PAGE).next).toBe('https://annuaire.test/annuaire/tourisme/ghardaia?page=2');
  });
});

describe('paginatorLinksNext', () => {
  test("the link labelled next ('Suivant &raquo;', 'Next &raquo;', '»', 'التالي'), whatever the order", () => {
    expect(paginatorLinksNext({ links: links(1, 3) })).toBe('/annuaire/tourisme/ghardaia?page=2');
    expect(paginatorLinksNext({ links: links(2, 3, 'Next &raquo;') })).toBe('/annuaire/tourisme/ghardaia?page=3');
    expect(paginatorLinksNext({ links: [{ url: '/x?page=4', label: '&raquo;', active: false }, { url: '/x?page=3', label: '3', active: true }] })).toBe('/x?page=4');
    expect(paginatorLinksNext({ links: [{ url: '/x?page=1', label: '1', active: true }, { url: '/x?page=2', label: 'التالي', active: false }] })).toBe('/x?page=2');
  });

  test('without a next label: the numbered link after the active one; none after the last', () => {
    const numbered = (active: number) => [1, 2, 3].map((n) => ({ url: `/x?page=${n}`, label: String(n), active: n === active }));
    expect(paginatorLinksNext({ links: numbered(1) })).toBe('/x?page=2');
    expect(paginatorLinksNext({ links: numbered(3) })).toBeUndefined();
  });

  test("a next link without a URL is the last page, even when a numbered link follows the active one (the '...' separator's null URL aside)", () => {
    const list = [{ url: '/x?page=1', label: '1', active: true }, { url: null, label: '...', active: false }, { url: '/x?page=9', label: '9', active: false }, { url: null, label: 'Suivant &raquo;', active: false }];
    expect(paginatorLinksNext({ links: list })).toBeUndefined();
  });

  test("an API resource's meta.links; not a list of other links (a menu: no label and active flag), nor links.next (read elsewhere)", () => {
    expect(paginatorLinksNext({ data: [], meta: { current_page: 1, links: links(1, 2) } })).toBe('/annuaire/tourisme/ghardaia?page=2');
    expect(paginatorLinksNext({ links: [{ url: '/contact', title: 'Contact' }, { url: '/aide', title: 'Aide' }] })).toBeUndefined();
    expect(paginatorLinksNext({ links: { next: '/x?page=2' } })).toBeUndefined();
  });
});
