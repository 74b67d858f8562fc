/**
 * A "load more" button read as the site's own script would send it: WordPress's admin-ajax pattern
 * (the button names an action and its parameters, the page's localized script the endpoint and the
 * nonce), and the answers such endpoints give (`wp_send_json_success` envelopes holding an HTML
 * string, their `has_more` / page / offset; raw HTML fragments).
 */
import { readListing } from '../extract';

const PAGE = 'https://annuaire-sud.test/annuaire/tourisme/ghardaia/';
const AJAX = 'https://annuaire-sud.test/wp-admin/admin-ajax.php';
const json = { contentType: 'application/json; charset=UTF-8' };

const card = (name: string, phone: string) => `<div class="fiche"><h3 class="fiche-nom">${name}</h3><p class="fiche-tel"><a href="tel:${phone.replace(/ /g, '')}">${phone}</a></p></div>`;
const cards = [card('Hôtel Tassili', '029 88 14 20'), card('Agence Mzab Voyages', '0661 20 48 75'), card('Gîte Beni Isguen', '0772 31 09 64')].join('');
const page = (head: string, more: string) => `<!doctype html><html><head><title>Tourisme</title>${head}</head><body><main><h1>Tourisme à Ghardaïa</h1><div class="fiches">${cards}</div>${more}</main></body></html>`;
const localized = (obj: string) => `<script type="text/javascript">/* <![CDATA[ */ var sud_vars = ${obj}; /* ]]> */</script>`;

describe('a load-more button naming an AJAX action', () => {
  test("the endpoint and nonce of the page's localized script, the action and parameters of the button: a GET, values as written", () => {
    const html = page(localized('{"ajax_url":"\\/wp-admin\\/admin-ajax.php","nonce":"7f3a9c21de","per_page":3}'), '<button class="load-more" data-action="sud_load_more" data-cat="tourisme" data-wilaya="47" data-page="2">Afficher plus</button>');
    const listing = readListing(html, PAGE);
    expect(listing.companies.map((c) => c.name)).toEqual(['Hôtel Tassili', 'Agence Mzab Voyages', 'Gîte Beni Isguen']);
    expect(listing.next).toBe(`${AJAX}?action=sud_load_more&cat=tourisme&page=2&wilaya=47&nonce=7f3a9c21de`);
    // The parameters in name order: the same button whatever the order of its attributes.
    const shuffled = html.replace('data-action="sud_load_more" data-cat="tourisme" data-wilaya="47" data-page="2"', "data-page='2' data-wilaya=47 data-action=\"sud_load_more\" data-cat=\"tourisme\"");
    expect(shuffled).not.toBe(html);
    expect(readListing(shuffled, PAGE).next).toBe(listing.next);
  });

  test("`var ajaxurl = '…'`, an absolute URL; the button's own nonce beats the script's; a hyphenated parameter with an underscore; its texts and toggles left out", () => {
    const head = `<script>var ajaxurl = 'https://annuaire-sud.test/wp-admin/admin-ajax.php'; var sud = {"security":"0000000000"};</script>`;
    const more = '<a href="#" class="btn voir-plus" data-action="more_listings" data-post-type="fiche" data-offset="3" data-security="b41c77e092" data-loading-text="Chargement…" data-toggle="tooltip">Voir plus</a>';
    expect(readListing(page(head, more), PAGE).next).toBe(`${AJAX}?action=more_listings&offset=3&post_type=fiche&security=b41c77e092`);
  });

  test("the button's own endpoint (data-ajax-url) gets its action; a data-url that already holds one is taken as written", () => {
    expect(readListing(page('', '<button class="charger-plus" data-ajax-url="/wp-admin/admin-ajax.php" data-action="fiches_suivantes" data-paged="2">Charger plus</button>'), PAGE).next).toBe(`${AJAX}?action=fiches_suivantes&paged=2`);
    expect(readListing(page('', '<button class="charger-plus" data-url="/wp-admin/admin-ajax.php?action=lm&amp;page=2" data-action="lm" data-page="2">Charger plus</button>'), PAGE).next).toBe(`${AJAX}?action=lm&page=2`);
  });

  test("not an AJAX action: a Stimulus descriptor, a button that is no load-more control, a page naming no endpoint", () => {
    const head = localized('{"ajaxurl":"\\/wp-admin\\/admin-ajax.php"}');
    expect(readListing(page(head, '<button class="load-more" data-action="click->liste#suivante" data-page="2">Afficher plus</button>'), PAGE).next).toBeUndefined();
    expect(readListing(page(head, '<button class="favori" data-action="add_favorite" data-id="12">♥</button>'), PAGE).next).toBeUndefined();
    expect(readListing(page('', '<button class="load-more" data-action="sud_load_more" data-page="2">Afficher plus</button>'), PAGE).next).toBeUndefined();
  });
});

describe('answers of an AJAX endpoint', () => {
  // As PHP's json_encode writes it: accents as \uXXXX, slashes escaped.
  const php = (v: unknown) => JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/\//g, '\\/');
  const envelope = (data: unknown) => php({ success: true, data });

  test("wp_send_json_success's envelope: the HTML string under data (\\uXXXX escapes), its next link; none when has_more is false", () => {
    const url = `${AJAX}?action=sud_load_more&offset=3`;
    const first = readListing(envelope({ html: cards, offset: 6, has_more: true, next: '/wp-admin/admin-ajax.php?action=sud_load_more&offset=6' }), url, {}, json);
    expect(first.companies.map((c) => c.name)).toEqual(['Hôtel Tassili', 'Agence Mzab Voyages', 'Gîte Beni Isguen']);
    expect(first.companies[0].phones).toEqual(['+21329881420']);
    expect(first.next).toBe(`${AJAX}?action=sud_load_more&offset=6`);
    expect(readListing(envelope({ html: cards, has_more: false, next: '/wp-admin/admin-ajax.php?action=sud_load_more&offset=9' }), url, {}, json).next).toBeUndefined();
  });

  test('an answer naming no next link: has_more steps the page parameter, an offset it gives is put in the offset parameter', () => {
    const paged = `${AJAX}?action=sud_load_more&page=2&nonce=7f3a9c21de`;
    expect(readListing(envelope({ html: cards, page: 2, has_more: true }), paged, {}, json).next).toBe(`${AJAX}?action=sud_load_more&page=3&nonce=7f3a9c21de`);
    expect(readListing(envelope({ html: cards, page: 3, has_more: false }), paged, {}, json).next).toBeUndefined();
    expect(readListing(envelope({ html: cards, next_offset: 6 }), `${AJAX}?action=m&offset=3`, {}, json).next).toBe(`${AJAX}?action=m&offset=6`);
    // has_more beside an offset parameter: the entries just read are skipped.
    expect(readListing(JSON.stringify({ html: cards, has_more: true }), `${AJAX}?action=m&offset=3`, {}, json).next).toBe(`${AJAX}?action=m&offset=6`);
    // An answer without entries is the end, whatever it says.
    expect(readListing(envelope({ html: '<p>Aucun résultat</p>', has_more: true }), paged, {}, json).next).toBeUndefined();
  });

  test('a raw HTML fragment answered to an action request: the next page or offset while it has entries; the button it carries first', () => {
    const paged = `${AJAX}?action=sud_load_more&page=2`;
    expect(readListing(cards, paged).next).toBe(`${AJAX}?action=sud_load_more&page=3`);
    expect(readListing('<p class="fin">Plus de résultats</p>', paged).next).toBeUndefined();
    const withButton = `${cards}<button class="load-more" data-action="sud_load_more" data-page="5">Afficher plus</button>`;
    expect(readListing(withButton, paged).next).toBe(`${AJAX}?action=sud_load_more&page=5`);
    // A whole page (not a fragment) without a next link is the last one.
    expect(readListing(page('', ''), `https://annuaire-sud.test/index.php?action=liste&page=2`).next).toBeUndefined();
  });
});
