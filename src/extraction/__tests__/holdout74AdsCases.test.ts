/**
 * Held-out set 74's classifieds site: a list of ads (title, price, 'Shop · town · date') whose
 * companies are the advertisers, each ad's own page classed `ad-page` with its seller box (shop
 * name link, the number only in `data-phone`). Pages of our own in that general shape.
 */
import { readDetail } from '../extract';
import { PoliteFetcher } from '../fetcher';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

const fetcher = () => new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
const SETIF = { code: 19, nom: 'Sétif' };

const item = (slug: string, title: string, shop: string) =>
  `<li class="ad-item"><a class="ad-link" href="/annonce/${slug}"><div class="ad-body"><h2 class="ad-title">${title}</h2><p class="ad-price">Prix à débattre</p><p class="ad-meta">${shop} · El Eulma · il y a 3 j</p></div></a></li>`;

const list = (items: string) => `<!doctype html><html><head><title>Meubles – Annonces</title></head><body>
  <header class="topbar"><a class="logo" href="/">Souk Test</a></header>
  <main class="container"><h1>Meubles à El Eulma</h1><ul class="ad-list">${items}</ul></main>
  <footer class="site-footer"><p>Service client : 0770 11 22 33</p></footer></body></html>`;

/** An ad's own page: `mainClass` on its `<main>`, the seller box naming the shop, the number in data-phone. */
const adPage = (mainClass: string, title: string, shop: string, phone: string) => `<!doctype html><html><head><title>${title}</title></head><body>
  <header class="topbar"><a class="logo" href="/">Souk Test</a></header>
  <main class="${mainClass}"><h1>${title}</h1>
  <div class="seller-box"><a href="/boutique/x" class="seller-name">${shop}</a><span class="seller-since">Membre depuis 2020</span><button class="btn-show-phone" data-phone="${phone}">Afficher le numéro</button></div>
  <div class="ad-description"><p>Livraison possible.</p></div></main>
  <footer class="site-footer"><p>Service client : 0770 11 22 33</p></footer></body></html>`;

describe("a classified ad's own page classed 'ad-page'", () => {
  test('names its advertiser by its seller box, and gives the number of its data-phone', () => {
    const read = readDetail(adPage('container ad-page', 'Armoire 3 portes', 'Meubles Zitouni', '0661234567'), 'https://souk.test/annonce/armoire-1');
    expect(read.advertiser).toBe('Meubles Zitouni');
    expect(read.company?.phones).toEqual(['+213661234567']);
  });

  test("a bare 'ad' class without a page word ('ad-banner') makes no ad page: no advertiser", () => {
    const read = readDetail(adPage('container ad-banner', 'Meubles Zitouni', 'Vendeur du mois', '0661234567'), 'https://souk.test/boutique/zitouni');
    expect(read.advertiser).toBeUndefined();
  });

  test("'page' in another class token than 'ad' ('ad-wrap page') makes no ad page either", () => {
    const read = readDetail(adPage('ad-wrap page', 'Meubles Zitouni', 'Vendeur du mois', '0661234567'), 'https://souk.test/boutique/zitouni');
    expect(read.advertiser).toBeUndefined();
  });
});

/** A directory company's own page (not an ad): `bodyClass` on its `<body>`, `inner` its content. */
const companyPage = (bodyClass: string, inner: string) => `<!doctype html><html><head><title>Sarl Batimex</title></head><body class="${bodyClass}">
  <header class="topbar"><a class="logo" href="/">Annuaire Test</a></header>${inner}
  <footer class="site-footer"><p>Contact annuaire : 0770 11 22 33</p></footer></body></html>`;
const batimex = '<h1>Sarl Batimex</h1><p>Adresse : Cité 20 août, Sétif</p><p>Tél : 036 84 12 34</p>';

describe("'ad' with a page word is an ad's page only as the whole class token, and an article's only when it holds the title", () => {
  test("a theme's 'ad-' prefix ('ad-single-listing') makes no ad page: a reviewer's name is no advertiser", () => {
    const read = readDetail(companyPage('page', `<main class="ad-single-listing">${batimex}<section class="reviews"><h2>Avis</h2><div class="review"><span class="review-author-name">Karim B.</span><p>Très bon service.</p></div></section></main>`), 'https://annuaire.test/entreprise/batimex');
    expect(read.advertiser).toBeUndefined();
    expect(read.company?.name).toBe('Sarl Batimex');
  });

  test("a post's article classed by such a prefix ('ad-single-post-content') makes no ad page: its byline is no advertiser", () => {
    const read = readDetail(companyPage('single single-post', `<main class="site-main"><article class="post ad-single-post-content">${batimex}<p class="byline"><span class="author-name">Rédaction</span></p></article></main>`), 'https://annuaire.test/2024/batimex');
    expect(read.advertiser).toBeUndefined();
  });

  test("Drupal's path class ('page-ad', 'page-ad-view'), a template's ('page-template-page-ad') or a state's ('no-ad-view') makes no ad page", () => {
    for (const bodyClass of ['html not-front page-ad page-ad-view', 'page page-template-page-ad page-template-page-ad-php', 'page ad no-ad-view']) {
      const read = readDetail(companyPage(bodyClass, `<main>${batimex}<span class="author-name">Rédaction</span></main>`), 'https://annuaire.test/ad/batimex');
      expect(read.advertiser).toBeUndefined();
    }
  });

  test("an ad slot's article classed 'single-ad' beside the company's card makes no ad page: the banner's number stays out", () => {
    const read = readDetail(companyPage('page', `<main class="site-main"><article class="company">${batimex}</article><aside class="sidebar"><article class="single-ad"><div class="advert"><b>Promo Meubles Zitouni</b> Appelez le 0661 23 45 67</div></article></aside></main>`), 'https://annuaire.test/entreprise/batimex');
    expect(read.company?.phones).toEqual(['+21336841234']);
  });

  test("an ad's article classed 'ad-detail' that holds the page's title is an ad's page; so is a body classed 'single-ad' (WordPress's post type)", () => {
    const seller = '<div class="seller-box"><a href="/boutique/x" class="seller-name">Meubles Zitouni</a></div>';
    expect(readDetail(companyPage('page', `<main><article class="ad-detail"><h1>Armoire 3 portes</h1>${seller}</article></main>`), 'https://souk.test/annonce/1').advertiser).toBe('Meubles Zitouni');
    expect(readDetail(companyPage('single single-ad postid-12', `<main><h1>Armoire 3 portes</h1>${seller}</main>`), 'https://souk.test/annonce/1').advertiser).toBe('Meubles Zitouni');
  });
});

describe("an ad's page classed 'ad-page' keeps an advertising slot classed 'advert' out", () => {
  test("a sidebar banner `<div class=\"advert\">` is another advertiser's: its number is not the seller's", () => {
    const html = `<!doctype html><html><head><title>Armoire</title></head><body><header class="topbar"><a class="logo" href="/">Souk Test</a></header>
  <main class="container ad-page"><h1>Armoire 3 portes</h1><div class="seller-box"><a href="/boutique/x" class="seller-name">Meubles Zitouni</a><button class="btn-show-phone" data-phone="0661234567">Afficher le numéro</button></div>
  <aside class="sidebar"><div class="advert"><b>Promo Cuisines Benali</b> Appelez le 0550 98 76 54</div></aside></main>
  <footer class="site-footer"><p>Service client : 0770 11 22 33</p></footer></body></html>`;
    const read = readDetail(html, 'https://souk.test/annonce/armoire-1');
    expect(read.advertiser).toBe('Meubles Zitouni');
    expect(read.company?.phones).toEqual(['+213661234567']);
  });
});

describe('a run on a list of ads whose own pages are classed ad-page', () => {
  test('the companies are the advertisers, one advertiser with two ads one company, with their numbers', async () => {
    const s = await startSite({
      '/annonces': list(item('armoire-1', 'Armoire 3 portes', 'Meubles Zitouni') + item('salon-2', 'Salon marocain', 'Ebénisterie Ain Arnat') + item('table-3', 'Table en hêtre (2e annonce)', 'Meubles Zitouni')),
      '/annonce/armoire-1': adPage('container ad-page', 'Armoire 3 portes', 'Meubles Zitouni', '0661234567'),
      '/annonce/salon-2': adPage('container ad-page', 'Salon marocain', 'Ebénisterie Ain Arnat', '0550987654'),
      '/annonce/table-3': adPage('container ad-page', 'Table en hêtre (2e annonce)', 'Meubles Zitouni', '0661234567'),
    });
    try {
      const sources = parseSources(`sources:\n  - name: ads\n    search_url: "${s.origin}/annonces"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'Meubles', wilaya: SETIF, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => ({ name: c.name, phones: c.phones, emails: c.emails }))).toEqual([
        { name: 'Meubles Zitouni', phones: ['+213661234567'], emails: [] },
        { name: 'Ebénisterie Ain Arnat', phones: ['+213550987654'], emails: [] },
      ]);
    } finally {
      await s.close();
    }
  });
});
