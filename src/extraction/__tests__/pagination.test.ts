/**
 * Pagination by URL and pagination text (src/extraction/pagination.ts), and the listing rules
 * that use them: the next page found whatever its link says, a pagination block never read
 * as a company, row-striping classes in French, a repertory's several companies per <dl>,
 * a 'partenaire' entry among the others.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';
import { isPaginationText, steppedPageLink } from '../pagination';

const links = (html: string) => parse(html).querySelectorAll('a');

describe('steppedPageLink', () => {
  test('WordPress /page/2/ added to a first page without a number, whatever the link says', () => {
    const a = links('<a href="/categorie/x/">Catégorie</a><a href="/categorie/x/page/2/?r=Oran">← Articles plus anciens</a>');
    expect(steppedPageLink(a, 'https://d.test/categorie/x/?r=Oran')).toBe('/categorie/x/page/2/?r=Oran');
  });

  test('Weebly\'s blog pages: older posts at /blog/previous/N, linked as "<<Previous" from the first page', () => {
    expect(steppedPageLink(links('<a href="/blog/pizzeria-sahel">Pizzeria Sahel</a><a href="/blog/previous/2" class="blog-link">&lt;&lt;Previous</a>'), 'https://b.test/blog')).toBe('/blog/previous/2');
    expect(steppedPageLink(links('<a href="/blog/previous/3" class="blog-link">&lt;&lt;Previous</a><a href="/blog" class="blog-link">Next&gt;&gt;</a>'), 'https://b.test/blog/previous/2')).toBe('/blog/previous/3');
  });

  test('a page number in a query parameter: the current one + 1, not the last page', () => {
    const a = links('<a href="?w=13&p=5"><img alt=""></a><a href="?w=13&p=3"><i class="icon-right"></i></a><a href="?w=14&p=2">Oran</a>');
    expect(steppedPageLink(a, 'https://d.test/liste.php?w=13&p=2')).toBe('?w=13&p=3');
  });

  test('an offset parameter: the smallest offset after the current one', () => {
    const a = links('<a href="?q=btp&start=40">x</a><a href="?q=btp&start=20">y</a>');
    expect(steppedPageLink(a, 'https://d.test/r?q=btp')).toBe('?q=btp&start=20');
    expect(steppedPageLink(a, 'https://d.test/r?q=btp&start=20')).toBe('?q=btp&start=40');
  });

  test("SPIP's offset named after its loop ('debut_articles', '0 | 10 | 20'): the next offset", () => {
    const a = links('<strong class="on">0</strong> | <a href="spip.php?rubrique5&amp;debut_articles=15#pagination_articles">15</a> | <a href="spip.php?rubrique5&amp;debut_articles=30#pagination_articles">30</a>');
    expect(steppedPageLink(a, 'https://d.test/spip.php?rubrique5')).toBe('spip.php?rubrique5&debut_articles=15#pagination_articles');
    expect(steppedPageLink(a, 'https://d.test/spip.php?rubrique5&debut_articles=15')).toBe('spip.php?rubrique5&debut_articles=30#pagination_articles');
  });

  test('a numbered file name (page-1.html -> page-2.html), a path segment after a page word', () => {
    expect(steppedPageLink(links('<a href="btp-2.html">Suite</a><a href="btp-9.html">Fin</a>'), 'https://d.test/rep/btp-1.html')).toBe('btp-2.html');
    expect(steppedPageLink(links('<a href="/liste/p/3">more</a>'), 'https://d.test/liste/p/2')).toBe('/liste/p/3');
  });

  test('a number added to a first file name without one (an exported sheet split in parts: liste.htm -> liste-2.htm), whatever the link says', () => {
    const a = links('<a href="/">Accueil</a><a href="/docs/">Documents</a><a href="/docs/agrees-2.htm">Partie 2 &gt;&gt;</a><a href="/docs/agrees-3.htm">Partie 3</a>');
    expect(steppedPageLink(a, 'https://d.test/docs/agrees.htm')).toBe('/docs/agrees-2.htm');
    expect(steppedPageLink(links('<a href="liste2.php">Suite</a>'), 'https://d.test/liste.php')).toBe('liste2.php');
    expect(steppedPageLink(links('<a href="Liste_2.html">Feuille 2</a>'), 'https://d.test/Liste.html')).toBe('Liste_2.html');
    // Another file whose name only begins like the page's, or a number other than 2: not the next part.
    expect(steppedPageLink(links('<a href="agrees-annexe-2.htm">Annexe</a><a href="agrees-2024.htm">2024</a>'), 'https://d.test/agrees.htm')).toBeUndefined();
    // The second part's link back to the first is no next page; its next is the numbered file after it.
    expect(steppedPageLink(links('<a href="agrees.htm">Partie 1</a><a href="agrees-3.htm">Partie 3</a>'), 'https://d.test/agrees-2.htm')).toBe('agrees-3.htm');
    // A part word before the number ('-partie-2', '_page2', '-part-2'): a post or a sheet continued on a page of its own.
    const post = '/2025/10/liste-ecoles-batna.html';
    expect(steppedPageLink(links('<a href="/2025/10/autre-article.html">Article plus récent</a> La suite dans la <a href="/2025/10/liste-ecoles-batna-partie-2.html">partie 2</a>'), `https://b.test${post}`)).toBe('/2025/10/liste-ecoles-batna-partie-2.html');
    expect(steppedPageLink(links('<a href="membres_page2.htm">Suite</a>'), 'https://d.test/membres.htm')).toBe('membres_page2.htm');
  });

  test('a bare number in the path (a wilaya code, an id) is not a page unless the link shows it', () => {
    expect(steppedPageLink(links('<a href="/annuaire/btp/14">Wilaya suivante</a>'), 'https://d.test/annuaire/btp/13')).toBeUndefined();
    expect(steppedPageLink(links('<a href="/annuaire/btp/3">3</a>'), 'https://d.test/annuaire/btp/2')).toBe('/annuaire/btp/3');
  });

  test('Drupal numbers pages from 0: ?page=1 shown as 2 is the second page', () => {
    const a = links('<a href="?t=h&page=1">2</a><a href="?t=h&page=2">3</a>');
    expect(steppedPageLink(a, 'https://d.test/hebergements?t=h')).toBe('?t=h&page=1');
  });

  test('other parameters changed, another host, or no number: no next page', () => {
    const a = links('<a href="?cat=6">Cat 6</a><a href="https://autre.test/liste?page=2">2</a><a href="?page=x">x</a>');
    expect(steppedPageLink(a, 'https://d.test/liste?cat=5')).toBeUndefined();
  });
});

describe('the page saying which page it is ("Page X sur Y")', () => {
  const next = (html: string, url: string) => findNextPage(parse(html), url);
  /** An old PHP search: the page number nowhere in the URL (a session id), offsets in the links. */
  const pager = (current: number, last: number, shown: number[]) =>
    `<main><div class="res">…</div><div class="nav">${shown.map((n) => `<a href="resultats.php?sid=9f2c&amp;debut=${(n - 1) * 20}">${n}</a>`).join(' ')} <span>Page ${current} sur ${last}</span></div></main>`;

  test('the current page read from the text: the next is the numbered link after it, not page 2', () => {
    expect(next(pager(3, 7, [1, 2, 3, 4, 5, 6, 7]), 'https://cci.test/resultats.php?sid=9f2c')).toBe('resultats.php?sid=9f2c&debut=60');
  });

  test('the next page not shown among the numbered links: built from their URL pattern', () => {
    expect(next(pager(5, 9, [1, 2, 9]), 'https://cci.test/resultats.php?sid=9f2c')).toBe('https://cci.test/resultats.php?sid=9f2c&debut=100');
    const paths = `<p>الصفحة ٤ من ٦</p><a href="/annuaire/btp/liste-1.html">1</a> <a href="/annuaire/btp/liste-2.html">2</a> <a href="/annuaire/btp/liste-6.html">6</a>`;
    expect(next(paths, 'https://d.test/annuaire/btp/liste.php')).toBe('https://d.test/annuaire/btp/liste-5.html');
  });

  test('"Page 7 / 7": the last page has no next page', () => {
    expect(next(pager(7, 7, [1, 2, 3, 4, 5, 6, 7]).replace('Page 7 sur 7', 'Page 7 / 7'), 'https://cci.test/resultats.php?sid=9f2c')).toBeUndefined();
  });
});

describe('isPaginationText', () => {
  test.each(['Page suivante >>', '<< Page précédente', 'Page 1 sur 3', '« Précédent | 1 | 2 | Suivant »', 'التالي', 'Articles plus anciens'])('%s is pagination', (t) => {
    expect(isPaginationText(t)).toBe(true);
  });
  test.each(['Suite Hôtel El Djazair', 'Page Immobilier', '12 34', '', 'Garage de la Gare'])('%s is not', (t) => {
    expect(isPaginationText(t)).toBe(false);
  });
});

describe('listing rules', () => {
  const URL = 'https://rep.test/repertoire/page-1.html';

  test('"Suite du répertoire" and a numbered file are the next page', () => {
    expect(findNextPage(parse('<p><a href="page-2.html">Suite du répertoire</a></p>'), URL)).toBe('page-2.html');
  });

  test('"Partie suivante >>" of a list printed in parts is the next page; "Partie précédente" is not', () => {
    expect(findNextPage(parse('<p><a href="imprimer.php?liste=a&amp;partie=2">Partie suivante &gt;&gt;</a> | <a href="javascript:print()">Imprimer</a></p>'), URL)).toBe('imprimer.php?liste=a&partie=2');
    expect(findNextPage(parse('<p><a href="imprimer.php?liste=a&amp;partie=1">&lt;&lt; Partie précédente</a></p>'), URL)).toBeUndefined();
  });

  test('"Voir la suite de l\'annuaire →" (a site builder\'s button) is the next page; an entry\'s bare "Voir la suite" or "Lire la suite" is not', () => {
    expect(findNextPage(parse('<p><a href="/annuaire-suite" class="grid-button">Voir la suite de l&#39;annuaire →</a></p>'), URL)).toBe('/annuaire-suite');
    expect(findNextPage(parse('<p><a href="/annuaire-suite">Suite de la liste</a></p>'), URL)).toBe('/annuaire-suite');
    expect(findNextPage(parse('<div><a href="/article/12">Voir la suite</a> <a href="/article/13">Lire la suite</a></div>'), URL)).toBeUndefined();
  });

  test('a builder\'s button continuing the list and naming it ("Suite de la liste des adhérents →", "Voir la suite de la liste des exposants") is the next page; a menu\'s list link or an article\'s "Lire la suite de l\'article" is not', () => {
    expect(findNextPage(parse('<div class="s-section-content s-common-button-wrapper"><a class="s-common-button s-font-body s-action-button" href="/adherents-2" target="_self">Suite de la liste des adhérents →</a></div>'), URL)).toBe('/adherents-2');
    expect(findNextPage(parse('<p><a class="btn" href="/exposants-suite">Voir la suite de la liste des exposants</a></p>'), URL)).toBe('/exposants-suite');
    expect(findNextPage(parse('<p><a href="/annuaire/b">Suite du répertoire de nos partenaires »</a></p>'), URL)).toBe('/annuaire/b');
    expect(findNextPage(parse('<nav class="menu"><a href="/membres">Liste des membres</a> <a href="/adhesion">Suite à votre adhésion</a></nav><div><a href="/article/12">Lire la suite de l&#39;article</a> <a href="/article/13">Voir la suite</a></div>'), URL)).toBeUndefined();
  });

  test("a bare 'Voir la suite' to the page's own address with a number after it (a builder's list split over numbered pages) is the next page; to any other page it is not", () => {
    const page = 'https://labo.test/nos-distributeurs';
    const button = (href: string, text = 'Voir la suite (Aïn Touta, Arris, N&#39;Gaous…)') => `<main><div data-ux="ContentCard"><h4>Pharmacie X</h4></div><a data-ux="Button" data-aid="CONTENT_CTA" href="${href}">${text}</a></main>`;
    expect(findNextPage(parse(button('/nos-distributeurs-1')), page)).toBe('/nos-distributeurs-1');
    expect(findNextPage(parse(button('/nos-distributeurs/page2', 'La suite →')), page)).toBe('/nos-distributeurs/page2');
    expect(findNextPage(parse(button('/nos-distributeurs-2')), 'https://labo.test/nos-distributeurs-1')).toBe('/nos-distributeurs-2');
    expect(findNextPage(parse(button('/nos-distributeurs-3')), 'https://labo.test/nos-distributeurs-1')).toBeUndefined();
    expect(findNextPage(parse(button('/actualites/nouveau-site', 'Voir la suite')), page)).toBeUndefined();
    expect(findNextPage(parse(button('/nos-distributeurs-1', 'Nos distributeurs')), page)).toBeUndefined();
    // An article under the page's path (Joomla's category blog: '/avocats-mila/101'), whatever its link says.
    expect(findNextPage(parse(button('/nos-distributeurs/101', 'Voir la suite')), page)).toBeUndefined();
    expect(findNextPage(parse(button('/nos-distributeurs-1', 'Lire la suite')), page)).toBeUndefined();
  });

  test('"Distributeurs des autres wilayas →" leading below the listing\'s own path is its next page; one leading elsewhere, or a menu\'s "Autres régions", is not', () => {
    const page = 'https://peinture.test/revendeurs/';
    expect(findNextPage(parse('<main><ul><li>A</li></ul><a class="btn" href="/revendeurs/autres-regions/">Revendeurs des autres régions →</a></main>'), page)).toBe('/revendeurs/autres-regions/');
    expect(findNextPage(parse('<main><a class="btn" href="https://peinture.test/revendeurs/ouest/">Voir les autres wilayas</a></main>'), page)).toBe('https://peinture.test/revendeurs/ouest/');
    expect(findNextPage(parse('<main><a href="/blog/autres-regions/">Nos revendeurs des autres régions</a></main>'), page)).toBeUndefined();
    expect(findNextPage(parse('<main><a href="/revendeurs/autres/">Autres produits de la gamme</a></main>'), page)).toBeUndefined();
    expect(findNextPage(parse('<main><a href="/revendeurs/">Revendeurs des autres régions</a></main>'), 'https://peinture.test/revendeurs/autres-regions/')).toBeUndefined();
  });

  test("a WordPress post split in pages (<!--nextpage-->): its next page is its own page link, never the adjacent post that rel=next names; none after its last page", () => {
    const post = (pager: string) => `<html><head><link rel="next" title="Salon de l'artisanat" href="https://cam.test/2024/03/salon-artisanat/"></head><body class="single single-post">
<article class="post"><h1 class="entry-title">Liste des artisans agréés</h1><div class="entry-content">
<table><thead><tr><th>Artisan</th><th>Téléphone</th></tr></thead><tbody>
<tr><td>Poterie Ait Larbi</td><td>026 21 40 55</td></tr><tr><td>Bijouterie Tiferdoud</td><td>0661 72 10 48</td></tr><tr><td>Tapis Ath Hichem</td><td>026 33 18 07</td></tr>
</tbody></table>
${pager}</div></article>
<nav class="navigation post-navigation"><div class="nav-links"><div class="nav-previous"><a href="https://cam.test/2024/01/voeux/" rel="prev">Vœux</a></div><div class="nav-next"><a href="https://cam.test/2024/03/salon-artisanat/" rel="next">Salon de l'artisanat →</a></div></div></nav>
</body></html>`;
    const first = post('<div class="page-links">Pages : <span class="post-page-numbers current" aria-current="page">1</span> <a href="https://cam.test/2024/02/artisans-agrees/2/" class="post-page-numbers">2</a> <a href="https://cam.test/2024/02/artisans-agrees/3/" class="post-page-numbers">3</a></div>');
    expect(readListing(first, 'https://cam.test/2024/02/artisans-agrees/').next).toBe('https://cam.test/2024/02/artisans-agrees/2/');
    const last = post('<div class="page-links">Pages : <a href="https://cam.test/2024/02/artisans-agrees/" class="post-page-numbers">1</a> <a href="https://cam.test/2024/02/artisans-agrees/2/" class="post-page-numbers">2</a> <span class="post-page-numbers current" aria-current="page">3</span></div>');
    expect(readListing(last, 'https://cam.test/2024/02/artisans-agrees/3/').next).toBeUndefined();
  });

  test('a <dl> per letter holding several companies: one company per <dt>, none merged', () => {
    const html = `<html><body><h2>A</h2><dl class="rep"><dt>Alpha Béton</dt><dd>Koléa</dd><dd>Tél. : (024) 46 12 30</dd>
      <dt>Amrani Menuiserie</dt><dd>Cherchell</dd><dd>Port. : 0555 18 62 40</dd><dd>contact@amrani.dz</dd></dl>
      <h2>B</h2><dl class="rep"><dt>Bouchaoui TP</dt><dd>Bou Ismaïl</dd><dd>Tél. : (024) 39 48 02</dd></dl></body></html>`;
    const found = readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails]);
    expect(found).toEqual([
      ['Alpha Béton', ['+21324461230'], []],
      ['Amrani Menuiserie', ['+213555186240'], ['contact@amrani.dz']],
      ['Bouchaoui TP', ['+21324394802'], []],
    ]);
  });

  test('a <dl> per town where a town lists two, only one of them with a number: both are read, first town or last', () => {
    const dl = (...entries: [string, string?][]) => `<dl>${entries.map(([n, t]) => `<dt>Maître ${n}</dt><dd>2, rue X</dd>${t ? `<dd>Tél. : ${t}</dd>` : ''}`).join('')}</dl>`;
    const full = dl(['Alpha AMRANI', '031 58 06 02'], ['Beta BELKACEM', '031 98 61 65'], ['Gamma GHERBI', '031 90 61 52'], ['Delta DJEBBAR', '031 81 44 91']) + dl(['Omar OUALI', '031 12 68 85'], ['Samia SAADI', '031 49 09 58']);
    const half = dl(['Lynda LOUNES'], ['Nabil NACER', '031 44 26 83']);
    const page = (...lists: string[]) => `<html><body>${lists.map((l, i) => `<h3>Commune ${i}</h3>${l}`).join('')}</body></html>`;
    const last = readListing(page(full, half), URL).companies.map((c) => [c.name, c.phones]);
    expect(last.slice(-2)).toEqual([['Maître Lynda LOUNES', []], ['Maître Nabil NACER', ['+21331442683']]]);
    const first = readListing(page(half, full), URL).companies.map((c) => c.name);
    expect(first.slice(0, 2)).toEqual(['Maître Lynda LOUNES', 'Maître Nabil NACER']);
  });

  test("a company's own <dl> of field labels is not split", () => {
    const html = `<html><body><div class="card"><h3>Alpha SARL</h3><dl><dt>Téléphone :</dt><dd>021 45 12 30</dd><dt>Fax :</dt><dd>021 45 12 31</dd></dl></div>
      <div class="card"><h3>Beta SARL</h3><dl><dt>Téléphone :</dt><dd>021 46 22 30</dd><dt>E-mail :</dt><dd>b@beta.dz</dd></dl></div></body></html>`;
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['Alpha SARL', 'Beta SARL']);
  });

  test('table rows striped "impaire" / "paire" are one list', () => {
    const rows = ['SARL UN', 'SARL DEUX', 'SARL TROIS', 'SARL QUATRE']
      .map((n, i) => `<tr class="${i % 2 ? 'paire' : 'impaire'}"><td>${n}</td><td>Oran</td><td>041 33 45 1${i}</td></tr>`)
      .join('');
    const html = `<html><body><table><tr><th>Raison sociale</th><th>Ville</th><th>Tél</th></tr>${rows}</table></body></html>`;
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['SARL UN', 'SARL DEUX', 'SARL TROIS', 'SARL QUATRE']);
  });

  test('a pagination paragraph like the entries, and a "partenaire" entry, are not companies', () => {
    const entry = (n: string, t: string) => `<p><font><b>${n}</b><br>Bouira<br>Tél : ${t}</font></p>`;
    const html = `<html><body>${entry('Garage Un', '026 90 12 44')}${entry('Garage Deux', '026 90 12 45')}${entry('Garage Trois', '026 90 12 46')}
      <p><a href="?page=2"><font>Page suivante &gt;&gt;</font></a></p></body></html>`;
    expect(readListing(html, 'https://g.test/garages.asp?page=1').companies.map((c) => c.name)).toEqual(['Garage Un', 'Garage Deux', 'Garage Trois']);
    const cards = `<html><body><div class="views-row"><a href="/n/1">Hôtel Un</a><span>029 60 32 98</span></div>
      <div class="views-row views-row-partenaire"><span class="label">Partenaire</span> <strong>Voyages X</strong> billets dès 9 900 DA</div>
      <div class="views-row"><a href="/n/2">Hôtel Deux</a><span>029 60 32 99</span></div>
      <div class="views-row"><a href="/n/3">Hôtel Trois</a><span>029 60 33 00</span></div></body></html>`;
    expect(readListing(cards, URL).companies.map((c) => c.name)).toEqual(['Hôtel Un', 'Hôtel Deux', 'Hôtel Trois']);
  });
});

describe('findNextPage: what a last page holds is no next page', () => {
  test("a cookie banner told by its id only ('cookieConsent') and its 'Learn more' link, on the last page of a numbered list", () => {
    const html =
      '<main><ul class="pagination"><li><a href="?page=1">&laquo; Previous</a></li><li><a href="?page=1">1</a></li><li class="active"><span>2</span></li></ul></main>' +
      '<div id="cookieConsent" class="position-fixed bottom-0 bg-light p-3"><span class="small">We use cookies to measure the audience. <a href="/en/privacy-policy">Learn more</a></span></div>';
    expect(findNextPage(parse(html), 'https://d.test/en/list?page=2')).toBeUndefined();
  });

  test("an entry's Arabic 'read more' link ('اقرأ المزيد', Drupal's node__links) on the last page of a numbered pager leads to its own page, not to more entries", () => {
    const teaser = (id: number, name: string) => `<div class="views-row"><article about="/ar/node/${id}" class="node node--view-mode-teaser"><h2><a href="/ar/node/${id}" rel="bookmark">${name}</a></h2>
      <div class="field"><div class="field__label">الهاتف</div><div class="field__item"><a href="tel:+21336412${id}">036 41 2${id}</a></div></div>
      <div class="node__links"><ul class="links inline"><li class="node-readmore"><a href="/ar/node/${id}" rel="tag" hreflang="ar">اقرأ المزيد<span class="visually-hidden"> حول ${name}</span></a></li></ul></div></article></div>`;
    const html = `<main><div class="view-content">${teaser(438, 'مؤسسة الأمل')}${teaser(441, 'شركة النور')}</div>
      <nav class="pager" role="navigation"><ul class="pager__items"><li class="pager__item pager__item--first"><a href="?page=0">« الأولى</a></li>
      <li class="pager__item pager__item--previous"><a href="?page=0" rel="prev">‹ السابق</a></li><li class="pager__item"><a href="?page=0">1</a></li>
      <li class="pager__item is-active"><a href="?page=1" title="الصفحة الحالية">2</a></li></ul></nav></main>`;
    expect(findNextPage(parse(html), 'https://d.test/ar/operateurs?page=1')).toBeUndefined();
  });

  test("a news block's 'المزيد' in the page's complementary region (Drupal's featured-bottom `<aside role=\"complementary\">`) opens another list, not the listing's next page", () => {
    const html = `<main><div class="view-content"><div class="views-row"><h2><a href="/ar/node/438">مؤسسة الأمل</a></h2><p>036 41 24 38</p></div></div>
      <nav class="pager" role="navigation"><ul class="pager__items"><li class="pager__item"><a href="?page=0">1</a></li><li class="pager__item is-active"><a href="?page=1">2</a></li></ul></nav></main>
      <div class="featured-bottom"><aside class="layout-container" role="complementary"><div class="block block-views"><h2>آخر المستجدات</h2>
      <ul><li><a href="/ar/actualites/612">حملة تحسيسية</a></li><li><a href="/ar/actualites/608">اجتماع تنسيقي</a></li></ul><div class="more-link"><a href="/ar/actualites">المزيد</a></div></div></aside></div>`;
    expect(findNextPage(parse(html), 'https://d.test/ar/operateurs?page=1')).toBeUndefined();
    // A region told by its role only is the page's complementary region too.
    expect(findNextPage(parse(html.replace('<aside class="layout-container" role="complementary">', '<div class="layout-container" role="complementary">').replace('</aside>', '</div>')), 'https://d.test/ar/operateurs?page=1')).toBeUndefined();
  });

  test("'Learn more' and 'Read more' links outside any banner lead to a page about something, not to more entries", () => {
    const html = '<main><p>Our members. <a class="btn" href="/en/about-membership">Learn more</a> <a href="/en/blog/post-1">Read more</a></p></main>';
    expect(findNextPage(parse(html), 'https://d.test/en/members')).toBeUndefined();
  });
});

describe('lists read newest first: the older entries are the rest of the list', () => {
  const post = (name: string, phone: string) =>
    `<div class="msg_wrap"><div class="msg"><div class="msg_text">🏭 <b>${name}</b><br>📍 Tébessa<br>☎️ ${phone}</div></div></div>`;
  const feed = (head: string, more: string) =>
    `<html><head>${head}</head><body><section class="history">${more}${post('SARL Un', '037 41 20 10')}${post('SARL Deux', '037 41 20 11')}${post('SARL Trois', '037 41 20 12')}</section></body></html>`;

  test("a channel's preview that names only its older posts (rel=prev with a 'before' cursor) continues there", () => {
    const html = feed('<link rel="prev" href="/s/canal?before=372">', '');
    expect(readListing(html, 'https://t.test/s/canal').next).toBe('https://t.test/s/canal?before=372');
  });

  test("without the link, its loader's data-before cursor gives the older posts' page", () => {
    const html = feed('', '<div class="messages_more js-messages_more" data-before="372"></div>');
    expect(readListing(html, 'https://t.test/s/canal').next).toBe('https://t.test/s/canal?before=372');
  });

  test("a numbered list's rel=prev (the page before, no cursor) is no next page", () => {
    const html = feed('<link rel="prev" href="/liste?page=2">', '');
    expect(readListing(html, 'https://t.test/liste?page=3').next).toBeUndefined();
  });

  test("a newsletter's link to its previous issue continues its list; its archive of past issues does not", () => {
    const html =
      '<table><tr><td><a href="/home/?u=1&amp;id=9">Voir les numéros précédents</a></td></tr>' +
      '<tr><td><b>SARL Un</b><br>☎ 045 80 12 10</td><td><b>SARL Deux</b><br>☎ 045 80 12 11</td></tr>' +
      '<tr><td><a href="/?u=1&amp;id=41">Lire le numéro précédent</a></td></tr></table>';
    expect(findNextPage(parse(html), 'https://m.test/?u=1&id=42')).toBe('/?u=1&id=41');
    expect(findNextPage(parse('<p><a href="/issues/41">Previous issue</a></p>'), 'https://m.test/issues/42')).toBe('/issues/41');
    expect(findNextPage(parse('<p><a href="/archive">Voir les numéros précédents</a> <a href="/p/1">« Précédent</a></p>'), 'https://m.test/issues/42')).toBeUndefined();
    // An A-Z list's previous letter, a fair's previous edition, lead back.
    expect(findNextPage(parse('<p><a href="/annuaire/b">« Lettre précédente</a> <a href="/salon/2025">Édition précédente</a></p>'), 'https://m.test/annuaire/c')).toBeUndefined();
  });
});

describe("a pager's '»' that leads to its last page ('« 1 2 3 »': first and last, not previous and next)", () => {
  // Spring Data's zero-based pages (?page=0 shown as '1'), as a Thymeleaf template writes them; Kaminari, django-bootstrap and
  // many hand-written pagers alike: '«' the first page, '»' the last, the numbers between.
  const pager = (current: number, last: number, url: (n: number) => string, active: 'link' | 'span' = 'link') => {
    const items = [];
    for (let n = 1; n <= last; n++)
      items.push(n === current && active === 'span' ? `<li class="page-item active"><span class="page-link">${n}</span></li>` : `<li class="page-item${n === current ? ' active' : ''}"><a class="page-link" href="${url(n)}">${n}</a></li>`);
    return `<ul class="pagination"><li class="page-item${current === 1 ? ' disabled' : ''}"><a class="page-link" href="${url(1)}">&laquo;</a></li>${items.join('')}<li class="page-item${current === last ? ' disabled' : ''}"><a class="page-link" href="${url(last)}">&raquo;</a></li></ul>`;
  };
  const zeroBased = (n: number) => `/annuaire?secteur=btp&page=${n - 1}&size=10`;

  test('the next page is the numbered one after the current, not the last the arrow leads to', () => {
    expect(findNextPage(parse(pager(1, 4, zeroBased)), 'https://g.test/annuaire?secteur=btp&page=0&size=10')).toBe(zeroBased(2));
    expect(findNextPage(parse(pager(2, 4, zeroBased)), 'https://g.test/annuaire?secteur=btp&page=1&size=10')).toBe(zeroBased(3));
    // The current page shown as text, not as a link: its number read there.
    expect(findNextPage(parse(pager(2, 4, (n) => `/liste?p=${n}`, 'span')), 'https://g.test/liste?p=2')).toBe('/liste?p=3');
  });

  test("on the page before the last, and where '»' is the next page ('« 1 2 3 »' stepping one page), the arrow is followed", () => {
    expect(findNextPage(parse(pager(3, 4, zeroBased)), 'https://g.test/annuaire?secteur=btp&page=2&size=10')).toBe(zeroBased(4));
    const stepping = '<ul class="pagination"><li><a href="/liste?p=1">&laquo;</a></li><li><a href="/liste?p=1">1</a></li><li class="active"><span>2</span></li><li><a href="/liste?p=3">3</a></li><li><a href="/liste?p=3">&raquo;</a></li></ul>';
    expect(findNextPage(parse(stepping), 'https://g.test/liste?p=2')).toBe('/liste?p=3');
    // An arrow to the next block of pages ('1 … 5 »' leading to 6) is not a numbered page: followed as before.
    const block = '<ul class="pagination"><li class="active"><span>1</span></li><li><a href="/liste?p=2">2</a></li><li><a href="/liste?p=5">5</a></li><li><a href="/liste?p=6">&raquo;</a></li></ul>';
    expect(findNextPage(parse(block), 'https://g.test/liste?p=1')).toBe('/liste?p=6');
  });

  test('a listing read over the pager: its next page is the one after the current', () => {
    const rows = ['SARL Un', 'SARL Deux', 'SARL Trois'].map((n, i) => `<tr><td><strong>${n}</strong></td><td>038-76-12-3${i}</td></tr>`).join('');
    const html = `<html><body><table><tr><th>Raison sociale</th><th>Téléphone</th></tr>${rows}</table><nav>${pager(1, 3, zeroBased)}</nav></body></html>`;
    expect(readListing(html, 'https://g.test/annuaire?secteur=btp&page=0&size=10').next).toBe(`https://g.test${zeroBased(2)}`);
  });
});

describe("a zero-based page number in the URL ('?page=0' shown as '1': Spring Data, Drupal)", () => {
  const url = (n: number) => `/annuaire?secteur=btp&page=${n - 1}&size=10`;
  const numbersOnly = (current: number) =>
    `<ul class="pagination">${[1, 2, 3].map((n) => `<li class="page-item${n === current ? ' active' : ''}"><a class="page-link" href="${url(n)}">${n}</a></li>`).join('')}</ul>`;

  test('a pager of numbers only: the current page is the number its link to this very URL shows, and the next the one after', () => {
    expect(findNextPage(parse(numbersOnly(1)), `https://g.test${url(1)}`)).toBe(url(2));
    expect(findNextPage(parse(numbersOnly(2)), `https://g.test${url(2)}`)).toBe(url(3));
    const rows = ['SARL Un', 'SARL Deux', 'SARL Trois'].map((n, i) => `<tr><td><strong>${n}</strong></td><td>038-76-12-3${i}</td></tr>`).join('');
    const last = `<html><body><table><tr><th>Raison sociale</th><th>Téléphone</th></tr>${rows}</table><nav>${numbersOnly(3)}</nav></body></html>`;
    expect(readListing(last, `https://g.test${url(3)}`).next).toBeUndefined();
  });
});
