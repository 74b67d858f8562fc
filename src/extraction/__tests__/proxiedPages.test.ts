import { readListing } from '../extract';

/** A listing as a translating proxy serves it: the original site's <base>, relative links carrying the proxy's parameters. */
function proxied(pager: string, base = 'https://www.annuaire-origine.dz/'): string {
  const card = (n: number) => `<div class="fiche"><h3>Atelier Numéro ${n}</h3><p>Téléphone : <span dir="ltr">049 20 1${n} 4${n}</span></p></div>`;
  return `<!doctype html><html class="translated-ltr"><head><base href="${base}"><title>Répertoire</title></head><body>
<main>${[1, 2, 3].map(card).join('')}<div class="pages">${pager}</div></main></body></html>`;
}

const PROXY = 'https://www-annuaire--origine-dz.translate.goog/liste?page=1&_x_tr_sl=ar&_x_tr_tl=fr';

describe('a page served through a proxy that keeps the original site\'s <base>', () => {
  test('its next page is read on the proxy\'s host, path and query kept', () => {
    const listing = readListing(proxied('<a href="/liste?page=2&_x_tr_sl=ar&_x_tr_tl=fr">Suivant »</a>'), PROXY);
    expect(listing.companies.map((c) => c.name)).toEqual(['Atelier Numéro 1', 'Atelier Numéro 2', 'Atelier Numéro 3']);
    expect(listing.next).toBe('https://www-annuaire--origine-dz.translate.goog/liste?page=2&_x_tr_sl=ar&_x_tr_tl=fr');
  });

  test('a next link written whole to a third host, and a base on the page\'s own host, are left as they are', () => {
    expect(readListing(proxied('<a href="https://autre-site.dz/liste?page=2">Suivant »</a>'), PROXY).next).toBe('https://autre-site.dz/liste?page=2');
    expect(readListing(proxied('<a href="liste?page=2">Suivant »</a>', 'https://annuaire.test/fr/'), 'https://annuaire.test/fr/liste?page=1').next).toBe('https://annuaire.test/fr/liste?page=2');
  });

  test('a link back to the page itself through the base is no next page', () => {
    expect(readListing(proxied('<a href="/liste?page=1&_x_tr_sl=ar&_x_tr_tl=fr">Suivant »</a>'), PROXY).next).toBeUndefined();
  });
});
