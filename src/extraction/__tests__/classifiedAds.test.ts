/**
 * A classifieds site run by a WordPress classifieds plugin (WPAdverts' conventions: its list
 * `adverts-list` of `advert-item` rows, each ad's page with its author box and a contact box
 * printed hidden behind a "show the number" link). Pages invented in the general shape of the
 * plugin's own, read with no selector.
 */
import { readDetail, readListing } from '../extract';
import { PoliteFetcher } from '../fetcher';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

const fetcher = () => new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
const ORAN = { code: 31, nom: 'Oran' };

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
  test("its contact box, printed hidden behind 'Afficher le numéro', is the ad's; its author box names the advertiser", () => {
    const read = readDetail(adPage('Tracteur 85 ch révisé', 'Agro Matériel Es Senia', '0550 12 34 56', 'agro.senia@gmail.test'), 'https://annonces-oran.test/ads/tracteur/');
    expect(read.company?.phones).toEqual(['+213550123456']);
    expect(read.company?.emails).toEqual(['agro.senia@gmail.test']);
    expect(read.advertiser).toBe('Agro Matériel Es Senia');
  });

  test("a page that is no ad names no advertiser by its post's author, and a theme's lone 'advert' banner is still an advertisement", () => {
    const html = `<!doctype html><html><body class="single single-post"><div class="advert"><a href="/tarifs/"><img src="/b.gif" alt=""></a><p>Votre pub ici : 0770 99 88 77</p></div>
      <main><article class="post type-post"><h1>Tracteurs Ouest SARL</h1><div class="author-name"><a href="/author/redaction/">Rédaction</a></div><p>Tél : 041 22 33 44</p></article></main></body></html>`;
    const read = readDetail(html, 'https://annuaire-oran.test/tracteurs-ouest/');
    expect(read.company?.phones).toEqual(['+21341223344']);
    expect(read.advertiser).toBeUndefined();
  });

  test("a post filed under a category or tag named 'annonces' is no ad: its author box names no advertiser", () => {
    // (WordPress classes a post by its terms, category-annonces, tag-annonce: a directory's own posts, written by its editors.)
    const html = `<!doctype html><html><body class="single single-post"><main><article class="post type-post category-annonces tag-annonce">
      <h1>Tracteurs Ouest SARL</h1><div class="author-name"><a href="/author/redaction/">Rédaction</a></div><p>Tél : 041 22 33 44</p></article></main></body></html>`;
    const read = readDetail(html, 'https://annuaire-oran.test/tracteurs-ouest/');
    expect(read.company?.phones).toEqual(['+21341223344']);
    expect(read.advertiser).toBeUndefined();
  });
});

describe('a run on a classifieds list whose rows name only their ads', () => {
  test("each ad is its advertiser's, whom the ad's page names, and one advertiser's two ads are one company", async () => {
    const s = await startSite({
      '/ads/': listPage(row('tracteur', 'Tracteur 85 ch révisé') + row('moissonneuse', 'Moissonneuse-batteuse 2019') + row('semoir', 'Semoir pneumatique 6 rangs')),
      '/ads/tracteur/': adPage('Tracteur 85 ch révisé', 'Agro Matériel Es Senia', '0550 12 34 56', 'agro.senia@gmail.test'),
      '/ads/moissonneuse/': adPage('Moissonneuse-batteuse 2019', 'Ets Bensaïd Machinisme', '0661 22 33 44', 'bensaid.machinisme@gmail.test'),
      '/ads/semoir/': adPage('Semoir pneumatique 6 rangs', 'Agro Matériel Es Senia', '0550 12 34 56', 'agro.senia@gmail.test'),
    });
    try {
      const sources = parseSources(`sources:\n  - name: ads\n    search_url: "${s.origin}/ads/"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'Agriculture', wilaya: ORAN, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => ({ name: c.name, phones: c.phones, emails: c.emails }))).toEqual([
        { name: 'Agro Matériel Es Senia', phones: ['+213550123456'], emails: ['agro.senia@gmail.test'] },
        { name: 'Ets Bensaïd Machinisme', phones: ['+213661223344'], emails: ['bensaid.machinisme@gmail.test'] },
      ]);
    } finally {
      await s.close();
    }
  });

  test('one account posting every ad is the site\'s staff: the ads keep their titles', async () => {
    const s = await startSite({
      '/ads/': listPage(row('tracteur', 'Tracteur 85 ch révisé') + row('moissonneuse', 'Moissonneuse-batteuse 2019') + row('semoir', 'Semoir pneumatique 6 rangs')),
      '/ads/tracteur/': adPage('Tracteur 85 ch révisé', 'Équipe Annonces', '0550 12 34 56', 'agro.senia@gmail.test'),
      '/ads/moissonneuse/': adPage('Moissonneuse-batteuse 2019', 'Équipe Annonces', '0661 22 33 44', 'bensaid.machinisme@gmail.test'),
      '/ads/semoir/': adPage('Semoir pneumatique 6 rangs', 'Équipe Annonces', '0770 55 66 77', 'semoirs.oran@gmail.test'),
    });
    try {
      const sources = parseSources(`sources:\n  - name: ads\n    search_url: "${s.origin}/ads/"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'Agriculture', wilaya: ORAN, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => c.name)).toEqual(['Tracteur 85 ch révisé', 'Moissonneuse-batteuse 2019', 'Semoir pneumatique 6 rangs']);
    } finally {
      await s.close();
    }
  });
});
