/**
 * A classifieds site run by a WordPress classifieds plugin (WPAdverts' conventions: its list
 * `adverts-list` of `advert-item` rows, each ad's page with its author box and a contact box
 * printed hidden behind a "show the number" link). Pages invented in the general shape of the
 * plugin's own, read with no selector.
 */
import { readDetail, readListing } from '../extract';

/** A row of the plugin's list: an ad's title linking its page, its date, place and price; no advertiser. */
const row = (slug: string, title: string, extra = '') =>
  `<div class="advert-item advert-item-col-1${extra}"><div class="advert-img"><img src="/up/${slug}.jpg" alt=""></div>
   <div class="advert-post-title"><span class="advert-link"><span class="advert-link-text">${title}</span></span><a href="/ads/${slug}/" class="advert-link-wrap" title="${title}"></a></div>
   <div class="advert-published"><span class="advert-date">il y a 3 jours</span><span class="advert-location">Es Senia</span><div class="advert-price">Prix sur demande</div></div></div>`;

const listPage = (rows: string) => `<!doctype html><html><head><title>Annonces</title></head><body class="page">
  <header class="site-header"><a href="/">Petites annonces d'Oran</a></header>
  <main><article class="page type-page"><h1>Matériel agricole</h1><div class="adverts-list">${rows}</div>
  <div class="adverts-pagination"><span class="current">1</span></div></article></main>
  <footer class="site-footer">Petites annonces d'Oran — 041 00 00 00</footer></body></html>`;

/** An ad's own page: its author box naming the advertiser, and its contact box printed hidden. */
const adPage = (title: string, author: string, tel: string, mail: string) => `<!doctype html><html><head><title>${title}</title></head>
  <body class="advert-template-default single single-advert">
  <header class="site-header"><a href="/">Petites annonces d'Oran</a></header>
  <main><article class="advert type-advert status-publish"><h1 class="entry-title">${title}</h1>
  <div class="adverts-single-box"><div class="adverts-single-author"><div class="adverts-single-author-name"><a href="/ads/author/${author.toLowerCase().replace(/\W+/g, '-')}/">${author}</a><br/>Publié le 02/03/2026</div></div></div>
  <div class="adverts-content"><p>${title}, livraison possible.</p></div>
  <div class="adverts-single-actions"><a href="#" class="adverts-button adverts-show-contact" data-id="12">Afficher le numéro</a></div>
  <div class="adverts-contact-box adverts-contact-box-toggle" style="display:none"><p><span class="adverts-contact-phone"><a href="tel:${tel.replace(/ /g, '')}">${tel}</a></span></p><p><span class="adverts-contact-email"><a href="mailto:${mail}">${mail}</a></span></p></div>
  </article></main>
  <footer class="site-footer">Petites annonces d'Oran — 041 00 00 00</footer></body></html>`;

describe("a classifieds plugin's list of 'advert-item' rows", () => {
  test('its rows are the entries, not advertisements, whatever the plugin calls them', () => {
    const html = listPage(row('tracteur', 'Tracteur 85 ch révisé') + row('moissonneuse', 'Moissonneuse-batteuse 2019') + row('semoir', 'Semoir pneumatique 6 rangs'));
    expect(readListing(html, 'https://annonces-oran.test/ads/').companies.map((c) => c.name)).toEqual(['Tracteur 85 ch révisé', 'Moissonneuse-batteuse 2019', 'Semoir pneumatique 6 rangs']);
  });

  test('a sponsored row among them is still an advertisement', () => {
    const html = listPage(row('tracteur', 'Tracteur 85 ch révisé') + row('credit', 'Crédit agricole en 60 mois', ' sponsored') + row('moissonneuse', 'Moissonneuse-batteuse 2019') + row('semoir', 'Semoir pneumatique 6 rangs'));
    const read = readListing(html, 'https://annonces-oran.test/ads/');
    expect(read.companies.map((c) => c.name)).toEqual(['Tracteur 85 ch révisé', 'Moissonneuse-batteuse 2019', 'Semoir pneumatique 6 rangs']);
    expect(read.dropped.advertisement).toBe(1);
  });
});

describe("a classified ad's own page", () => {
  test("its contact box, printed hidden behind 'Afficher le numéro', is the ad's", () => {
    const read = readDetail(adPage('Tracteur 85 ch révisé', 'Agro Matériel Es Senia', '0550 12 34 56', 'agro.senia@gmail.test'), 'https://annonces-oran.test/ads/tracteur/');
    expect(read.company?.phones).toEqual(['+213550123456']);
    expect(read.company?.emails).toEqual(['agro.senia@gmail.test']);
  });

  test("on a page that is no ad, a theme's lone 'advert' banner is still an advertisement", () => {
    const html = `<!doctype html><html><body class="single single-post"><div class="advert"><a href="/tarifs/"><img src="/b.gif" alt=""></a><p>Votre pub ici : 0770 99 88 77</p></div>
      <main><article class="post type-post"><h1>Tracteurs Ouest SARL</h1><div class="author-name"><a href="/author/redaction/">Rédaction</a></div><p>Tél : 041 22 33 44</p></article></main></body></html>`;
    const read = readDetail(html, 'https://annuaire-oran.test/tracteurs-ouest/');
    expect(read.company?.phones).toEqual(['+21341223344']);
  });
});
