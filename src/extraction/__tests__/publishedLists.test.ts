/**
 * Lists as three common stacks publish them: a blog's ranked post ('Top 20 …', one heading per
 * company with an in-article ad slot between two of them), a bilingual register's grid (the
 * French name with its Arabic translation on a line of its own in the same cell), and an
 * Angular app's TransferState whose contact object holds numbers under qualified keys
 * (phoneSales, phoneService). Each page is read by readListing with no selector.
 */
import { readListing } from '../extract';

const URL = 'https://annuaire.test/liste';

const byName = (html: string, url = URL) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: c.emails, faxes: c.faxes ?? [] }]));

/** An AdSense in-article unit as a blog's HTML card holds it between two paragraphs of a post. */
const AD_CARD = '<div class="kg-card kg-html-card"><div class="ad-unit"><span class="ad-unit__label">Publicité</span><ins class="adsbygoogle" style="display:block; text-align:center;" data-ad-layout="in-article" data-ad-format="fluid" data-ad-client="ca-pub-1111111111111111" data-ad-slot="2222222222"></ins><script>(adsbygoogle = window.adsbygoogle || []).push({});</script></div></div>';

describe("a blog's ranked post", () => {
  const entry = (rank: number, name: string, phone: string, mail: string) =>
    `<h2 id="${rank}-x">${rank}. ${name}</h2><p>Une agence appréciée de ses clients.</p><ul><li><strong>Adresse :</strong> Rue ${rank}, Constantine</li><li><strong>Téléphone :</strong> ${phone}</li><li><strong>E-mail :</strong> <a href="mailto:${mail}">${mail}</a></li></ul>`;
  const post = (body: string) =>
    `<html><body><header class="gh-head"><a href="/">Le Blog B2B</a></header><main class="site-main"><article class="article post"><header class="article-header gh-canvas"><h1 class="article-title">Top 4 des agences à Constantine</h1></header><section class="gh-content gh-canvas"><p>Notre sélection.</p>${body}<h2 id="choisir">Comment choisir son agence ?</h2><p>Demandez un devis.</p></section></article></main></body></html>`;
  const ENTRIES = [entry(1, 'Studio Alpha', '031 11 22 33', 'contact@alpha.dz'), entry(2, 'SARL Beta Com', '0550 12 34 56', 'info@betacom.dz'), entry(3, 'Gamma Print', '031 44 55 66', 'gamma@print.dz'), entry(4, 'EURL Delta Média', '0661 23 45 67', 'delta@media.dz')];

  test('an ad slot between two entries is no mark on the entry it follows', () => {
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${AD_CARD}${ENTRIES[2]}${ENTRIES[3]}`));
    expect(got).toEqual({
      'Studio Alpha': { phones: ['+21331112233'], emails: ['contact@alpha.dz'], faxes: [] },
      'SARL Beta Com': { phones: ['+213550123456'], emails: ['info@betacom.dz'], faxes: [] },
      'Gamma Print': { phones: ['+21331445566'], emails: ['gamma@print.dz'], faxes: [] },
      'EURL Delta Média': { phones: ['+213661234567'], emails: ['delta@media.dz'], faxes: [] },
    });
  });

  test('a sponsored entry, its badge under its own heading, is still dropped', () => {
    const sponsored = '<h2 id="p">Bouna Leasing</h2><span class="badge">Sponsorisé</span><p>Leasing de matériel.</p><ul><li><strong>Téléphone :</strong> 031 99 88 77</li></ul>';
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${sponsored}${ENTRIES[2]}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'Gamma Print', 'SARL Beta Com', 'Studio Alpha']);
  });

  test('a sponsored entry whose mark is a block of its own under its heading is dropped whole', () => {
    const sponsored = '<h2 id="p">Bouna Leasing</h2><div class="sponsored">Sponsorisé</div><p>Leasing de matériel.</p><ul><li><strong>Téléphone :</strong> 031 99 88 77</li></ul>';
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${sponsored}${ENTRIES[2]}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'Gamma Print', 'SARL Beta Com', 'Studio Alpha']);
    expect(Object.values(got).flatMap((c) => c.phones)).not.toContain('+21331998877');
  });

  test('a sponsored entry whose mark closes it, right before the next heading, is dropped whole: only an ad network\'s unit is a slot of the page', () => {
    const sponsored = '<h2 id="3-p">3. Bouna Leasing</h2><p>Leasing de matériel.</p><ul><li><strong>Téléphone :</strong> 031 99 88 77</li></ul><div class="sponsored">Sponsorisé</div>';
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${sponsored}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'SARL Beta Com', 'Studio Alpha']);
    expect(Object.values(got).flatMap((c) => c.phones)).not.toContain('+21331998877');
  });

  test('a Google Publisher Tag slot (div-gpt-ad-…) between two entries is no mark on the entry it follows', () => {
    const gpt = '<div class="kg-card kg-html-card"><div id="div-gpt-ad-1700000000000-0" style="min-width:300px;min-height:250px;"><script>googletag.cmd.push(function(){googletag.display("div-gpt-ad-1700000000000-0");});</script></div></div>';
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${gpt}${ENTRIES[2]}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'Gamma Print', 'SARL Beta Com', 'Studio Alpha']);
  });

  test("a native ad between two entries (its 'Publicité' badge, then its advertiser's words and number) is no mark on the entry it follows", () => {
    const native = '<div class="native-ad" data-sponsored="true"><span class="native-ad__label">Publicité</span><p><strong>Imprimerie Cirta</strong> : cartes de visite en 24 h. Renseignements au 031 90 90 90.</p></div>';
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${native}${ENTRIES[2]}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'Gamma Print', 'SARL Beta Com', 'Studio Alpha']);
    expect(got['SARL Beta Com'].phones).toEqual(['+213550123456']);
  });

  test('the ranks are no part of the names when one ranked entry is not read (a sponsored one)', () => {
    const sponsored = ENTRIES[2].replace('</h2>', '</h2><span class="badge">Sponsorisé</span>');
    const got = byName(post(`${ENTRIES[0]}${ENTRIES[1]}${sponsored}${ENTRIES[3]}`));
    expect(Object.keys(got).sort()).toEqual(['EURL Delta Média', 'SARL Beta Com', 'Studio Alpha']);
  });

  test('a gap in the ranks is allowed only among three or more entries ranked alike, the one after the gap too', () => {
    const named = (n: string, phone: string) => `<h2>${n}</h2><ul><li><strong>Téléphone :</strong> ${phone}</li></ul>`;
    const three = (a: string, b: string, c: string) => Object.keys(byName(post(`${named(a, '031 11 22 33')}${named(b, '031 44 55 66')}${named(c, '031 77 88 99')}`))).sort();
    expect(three('1. Auto Plus', '2. Garage Benali', '5 - Étoiles Auto')).toEqual(['1. Auto Plus', '2. Garage Benali', '5 - Étoiles Auto']);
    expect(three('1. Auto Plus', '2. Garage Benali', '4. Étoiles Auto')).toEqual(['Auto Plus', 'Garage Benali', 'Étoiles Auto']);
    expect(three('1) Auto Plus', '2. Garage Benali', '3 - Étoiles Auto')).toEqual(['Auto Plus', 'Garage Benali', 'Étoiles Auto']);
    const two = Object.keys(byName(post(`${named('1. Auto Plus', '031 11 22 33')}${named('3. Garage Benali', '031 44 55 66')}`))).sort();
    expect(two).toEqual(['1. Auto Plus', '3. Garage Benali']);
  });

  test('numbers that do not follow each other are kept (a name that begins with a number)', () => {
    const named = (n: string, phone: string) => `<h2>${n}</h2><ul><li><strong>Téléphone :</strong> ${phone}</li></ul>`;
    const got = byName(post(`${named('1. Groupe Alpha', '031 11 22 33')}${named('7. Avenue Services', '031 44 55 66')}${named('3. Bureau Centre', '031 77 88 99')}`));
    expect(Object.keys(got).sort()).toEqual(['1. Groupe Alpha', '3. Bureau Centre', '7. Avenue Services']);
  });
});

describe("a news article's list with ads between its entries", () => {
  // A press article (a Next.js or WordPress news theme): a heading per school, then its fields as a list or a paragraph.
  const school = (name: string, fixe: string, mail: string, asList: boolean) =>
    asList
      ? `<h3>${name}</h3><ul><li>Adresse : Centre-ville</li><li>Fixe : ${fixe}</li><li>Courriel : ${mail}</li></ul>`
      : `<h3>${name}</h3><p><strong>Adresse :</strong> Centre-ville. <strong>Tél. :</strong> ${fixe}. <strong>E-mail :</strong> ${mail}.</p>`;
  const article = (body: string) =>
    `<html><body><header class="site-header"><a href="/">Le Quotidien</a></header><main><article><h1>Rentrée : les écoles privées agréées</h1><div class="article-body"><p>La direction de l'éducation publie la liste.</p>${body}<p class="signature"><em>A. B.</em></p></div></article></main><footer class="site-footer">Rédaction : 041 00 00 01</footer></body></html>`;
  const SCHOOLS = [
    school('École Les Iris', '041 75 21 73', 'lesiris@gmail.com', true),
    school('Groupe scolaire El Feth', '041 75 21 74', 'elfeth@gmail.com', false),
    school('École Ibn Khaldoun', '041 75 21 75', 'ibnkhaldoun@gmail.com', true),
    school('École La Pépinière', '041 75 21 76', 'pepiniere@gmail.com', false),
  ];
  const GPT = '<div class="ad-slot ad-slot--inarticle" id="div-gpt-ad-inread-1" data-slot="/1234/site/article_inread"><span class="ad-slot__label">Publicité</span></div>';
  const NATIVE = '<div class="native-ad" data-sponsored="true"><span class="native-ad__label">Contenu sponsorisé</span><p><strong>Institut Réussite</strong> : cours de soutien, groupes réduits. Renseignements au 041 79 16 59.</p></div>';
  const THEME_AD = '<div class="jeg_ad jeg_ad_article"><div class="ads-wrapper"><div class="ads_code"><div class="ad-native"><span>إعلان</span><p><strong>مدرسة ألفا للغات</strong> – دورات مكثفة. <a href="tel:0798698772">0798 69 87 72</a></p></div></div></div></div>';

  test.each([
    ['a Google Publisher Tag slot', GPT],
    ['a native ad, its badge then its advertiser\'s words and number', NATIVE],
    ['a theme\'s ad box holding a native ad behind its wrappers', THEME_AD],
  ])('%s after an entry is the page\'s, not the entry\'s: the entry is read, the ad gives it nothing', (_, ad) => {
    const got = byName(article(`${SCHOOLS[0]}${SCHOOLS[1]}${ad}${SCHOOLS[2]}${SCHOOLS[3]}`));
    expect(Object.keys(got).sort()).toEqual(['Groupe scolaire El Feth', 'École Ibn Khaldoun', 'École La Pépinière', 'École Les Iris']);
    expect(got['Groupe scolaire El Feth']).toEqual({ phones: ['+21341752174'], emails: ['elfeth@gmail.com'], faxes: [] });
  });

  test('a sponsored entry whose only mark closes it is still dropped whole', () => {
    const got = byName(article(`${SCHOOLS[0]}${SCHOOLS[1]}<div class="sponsored">Sponsorisé</div>${SCHOOLS[2]}${SCHOOLS[3]}`));
    expect(Object.keys(got).sort()).toEqual(['École Ibn Khaldoun', 'École La Pépinière', 'École Les Iris']);
  });
});

describe("a bilingual register's grid", () => {
  const row = (key: number, fr: string, ar: string, phone: string) =>
    `<tr data-key="${key}"><td>${key}</td><td>${fr}<div class="text-muted small" dir="rtl" lang="ar">${ar}</div></td><td>Transport de marchandises</td><td>${phone}</td><td><a href="/entreprise/view?id=${key}" title="Voir" aria-label="Voir" data-pjax="0"><svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 576 512"><path fill="currentColor" d="M288 400a144 144 0 11144-144 143.93 143.93 0 01-144 144zm0-240a95.31 95.31 0 00-25.31 3.79 47.85 47.85 0 01-66.9 66.9A95.78 95.78 0 10288 160z"/></svg></a></td></tr>`;
  const grid = (rows: string) =>
    `<html><body><main><h1>Registre des transporteurs</h1><div id="w0" class="grid-view"><div class="summary">Affichage de <b>1-3</b> sur <b>3</b> éléments.</div><table class="table table-striped table-bordered"><thead><tr><th>#</th><th><a href="/entreprise/index?sort=nom" data-sort="nom">Raison sociale / الاسم التجاري</a></th><th>Activité / النشاط</th><th>Téléphone / الهاتف</th><th class="action-column">&nbsp;</th></tr></thead><tbody>${rows}</tbody></table></div></main></body></html>`;

  test('the name is the first line; the line under it in another script is its translation', () => {
    const got = byName(grid(row(1, 'SARL Transit El Djazair', 'ش.ذ.م.م العبور الجزائر', '048 11 22 33') + row(2, 'EURL Trans Mekerra', 'ش.ذ.ش.و ترانس مكرة', '0550 98 76 54') + row(3, 'Logistique Tessala', 'مؤسسة اللوجستيك تسالة', '048 44 55 66')));
    expect(got).toEqual({
      'SARL Transit El Djazair': { phones: ['+21348112233'], emails: [], faxes: [] },
      'EURL Trans Mekerra': { phones: ['+213550987654'], emails: [], faxes: [] },
      'Logistique Tessala': { phones: ['+21348445566'], emails: [], faxes: [] },
    });
  });

  test("an address written first in a cell, above a line in another script, is no name", () => {
    const got = byName(grid(row(1, 'SARL Transit El Djazair', 'ش.ذ.م.م العبور الجزائر', '048 11 22 33') + row(2, '<a href="mailto:trans.mekerra@gmail.com">trans.mekerra@gmail.com</a>', 'ش.ذ.ش.و ترانس مكرة', '0550 98 76 54') + row(3, 'Logistique Tessala', 'مؤسسة اللوجستيك تسالة', '048 44 55 66')));
    expect(Object.keys(got)).not.toContain('trans.mekerra@gmail.com');
  });

  test('a second line in the same script, small print in a block of its own under the name (a group, a commune), is no part of it either', () => {
    const got = byName(grid(row(1, 'SARL Transit El Djazair', 'Groupe Nord', '048 11 22 33') + row(2, 'EURL Trans Mekerra', 'Groupe Sud', '0550 98 76 54') + row(3, 'Logistique Tessala', 'Groupe Est', '048 44 55 66')));
    expect(Object.keys(got).sort()).toEqual(['EURL Trans Mekerra', 'Logistique Tessala', 'SARL Transit El Djazair']);
  });
});

describe("an Angular app's TransferState", () => {
  test('numbers under qualified keys (phoneSales, phoneService, phoneParts) are phones', () => {
    const state = {
      '2726200': {
        b: {
          items: [
            { id: 1, name: 'SARL Auto Hall Es Senia', type: 'Concessionnaire', contact: { phoneSales: '041 11 22 33', phoneService: '041 44 55 66', mobile: ['0661 12 34 56'], fax: '041 77 88 99', email: 'ventes@autohall.dz' } },
            { id: 2, name: 'Garage Bir El Djir', type: 'Atelier agréé', contact: { phoneService: '041 22 33 44', email: null } },
            { id: 3, name: 'EURL Pièces Oranie', type: 'Pièces', contact: { phoneParts: '041 55 66 77', mobile: [] } },
          ],
        },
        h: {}, s: 200, st: 'OK', u: 'https://api.marque.test/v2/dealers?region=31', rt: 'json',
      },
    };
    const cards = state['2726200'].b.items.map((d) => `<app-dealer-card _ngcontent-ng-c1 _nghost-ng-c2><h3 _ngcontent-ng-c2>${d.name}</h3><p _ngcontent-ng-c2>${d.type}</p><button _ngcontent-ng-c2 type="button">Afficher les coordonnées</button></app-dealer-card>`).join('');
    const html = `<html><body><app-root ng-version="17.3.0" ng-server-context="ssr"><main><h1>Nos concessionnaires</h1>${cards}</main></app-root><script id="ng-state" type="application/json">${JSON.stringify(state)}</script></body></html>`;
    expect(byName(html)).toEqual({
      'SARL Auto Hall Es Senia': { phones: ['+21341112233', '+21341445566', '+213661123456'], emails: ['ventes@autohall.dz'], faxes: ['+21341778899'] },
      'Garage Bir El Djir': { phones: ['+21341223344'], emails: [], faxes: [] },
      'EURL Pièces Oranie': { phones: ['+21341556677'], emails: [], faxes: [] },
    });
  });
});
