/**
 * Stacks met on holdout-61: headless, documentation and enterprise CMSes (a page builder's
 * widgets classed by the site's views, …). Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe("a page builder's widgets", () => {
  const tile = (name: string, tel: string, mail: string) =>
    `<div class="col-sm-6"><article class="member-card widget-member-card"><h3 class="member-card__title">${name}</h3><p>Négoce de matériaux</p><ul><li>Tél. ${tel}</li><li>Courriel <a href="mailto:${mail}">${mail}</a></li></ul></article></div>`;

  test('classed by the component first, one per column, are a list\'s entries', () => {
    const html = `<html><body><header><a href="/">Chambre</a></header><main><div class="row">${tile('Matériaux Kaci', '038 11 22 33', 'kaci@mat.dz')}${tile('Sablière Ait Ali', '0661 22 33 44', 'aitali@sable.dz')}${tile('Briqueterie Maatkas', '0770 12 34 56', 'maatkas@brique.dz')}</div></main></body></html>`;
    expect(byName(html, 'https://cci.test/annuaire?page=1')).toEqual({
      'Matériaux Kaci': { phones: ['+21338112233'], emails: ['kaci@mat.dz'], faxes: [] },
      'Sablière Ait Ali': { phones: ['+213661223344'], emails: ['aitali@sable.dz'], faxes: [] },
      'Briqueterie Maatkas': { phones: ['+213770123456'], emails: ['maatkas@brique.dz'], faxes: [] },
    });
  });

  test("a sidebar's widgets, classed a widget first, stay the site's", () => {
    const side = (title: string, tel: string) => `<div class="col-sm-4"><section class="widget widget_text"><h3 class="widget-title">${title}</h3><p>Tél. ${tel}</p></section></div>`;
    const html = `<html><body><main><div class="row">${side('Accueil', '038 11 22 33')}${side('Formalités', '038 11 22 34')}${side('Formations', '038 11 22 35')}</div></main></body></html>`;
    expect(readListing(html, 'https://cci.test/annuaire').companies).toEqual([]);
  });
});

describe("a documentation generator's pager", () => {
  const entries = ['Matériaux Kaci|038 11 22 33', 'Sablière Ait Ali|0661 22 33 44', 'Briqueterie Maatkas|0770 12 34 56']
    .map((e) => e.split('|'))
    .map(([name, tel]) => `<h3>${name}</h3><ul><li>Tél. : ${tel}</li></ul>`)
    .join('');
  const doc = (head: string, pager: string) => `<html><head>${head}</head><body><main><article><h1>Membres</h1>${entries}</article>${pager}</main></body></html>`;
  const sublabelled = (href: string, sub: string, title: string) => `<nav class="pager"><a class="pager-link next" href="${href}"><span class="desc">${sub}</span><span class="title">${title}</span></a></nav>`;

  test('a direction written over the next page\'s title says next: a chapter of the same folder continues the list', () => {
    expect(readListing(doc('', sublabelled('/docs/annuaire/membres-suite', 'Suivant', 'Membres : partie 2')), 'https://club.test/docs/annuaire/membres').next).toBe('https://club.test/docs/annuaire/membres-suite');
  });

  test('the next chapter in another folder, named by the pager, is another part of the handbook', () => {
    expect(readListing(doc('', sublabelled('/guide/agrement', 'Page suivante', 'Agrément')), 'https://club.test/annuaire/ecoles').next).toBeUndefined();
    expect(readListing(doc('<link rel="next" title="Textes de référence" href="../textes.html">', ''), 'https://club.test/operateurs/eaux.html').next).toBeUndefined();
    const aria = '<link rel="next" href="../../deontologie/"><nav><a href="../../deontologie/" aria-label="Suivant: Déontologie">Suivant</a></nav>';
    expect(readListing(doc(aria, ''), 'https://club.test/repertoire/nouveaux/').next).toBeUndefined();
  });

  test('a next link without a title of its own, or one in the same folder, is followed as before', () => {
    expect(readListing(doc('<link rel="next" href="/membres/page/2">', ''), 'https://club.test/annuaire/membres').next).toBe('https://club.test/membres/page/2');
    expect(readListing(doc('<link rel="next" title="Opérateurs : eaux" href="eaux.html">', ''), 'https://club.test/operateurs/collecte.html').next).toBe('https://club.test/operateurs/eaux.html');
  });
});

describe("a documentation page's entries under their headings", () => {
  test("a details block that only says what it opens ('Coordonnées') leaves the name to the heading above it", () => {
    const tip = (name: string, tel: string) => `<h3 id="x">${name}</h3><div class="tip custom-block"><p class="custom-block-title">AGRÉÉ</p><ul><li>Tél. : ${tel}</li></ul></div>`;
    const details = (name: string, tel: string) => `<h3 id="y">${name}</h3><details class="details custom-block"><summary>Coordonnées</summary><ul><li>Tél. : ${tel}</li></ul></details>`;
    const html = `<html><body><main><div class="doc"><h1>Écoles</h1>${tip('École Kaci de Langues', '024 11 22 33')}${details('Institut Ait Ali', '024 11 22 44')}${tip('Centre Maatkas', '024 11 22 55')}${details('Académie Ouali', '024 11 22 66')}</div></main></body></html>`;
    expect(Object.keys(byName(html, 'https://reseau.test/annuaire/ecoles'))).toEqual(['École Kaci de Langues', 'Institut Ait Ali', 'Centre Maatkas', 'Académie Ouali']);
  });
});

describe("an Apex answer's records beside a partner locator's tiles", () => {
  test("Salesforce custom fields (`Mobile__c`, `Secondary_Email__c`) are read by their names", () => {
    const records = [
      { attributes: { type: 'Account' }, Id: '001A', Name: 'Kaci Télécom', Phone: '025 11 22 33', Mobile__c: '0661 22 33 44', Email__c: 'kaci@tel.dz', Secondary_Email__c: 'ventes@kacitel.com' },
      { attributes: { type: 'Account' }, Id: '001B', Name: 'Ait Ali Fibre', Phone: null, Mobile__c: '0770 12 34 56', Email__c: null, Secondary_Email__c: null },
    ];
    const tile = (name: string) => `<li><article class="slds-tile"><h3 class="slds-tile__title">${name}</h3><p>Blida</p></article></li>`;
    const html = `<html><body><ul>${tile('Kaci Télécom')}${tile('Ait Ali Fibre')}</ul><script type="application/json">${JSON.stringify({ totalSize: 2, records })}</script></body></html>`;
    expect(byName(html, 'https://partenaires.test/s/localisateur?page=1')).toEqual({
      'Kaci Télécom': { phones: ['+21325112233', '+213661223344'], emails: ['kaci@tel.dz', 'ventes@kacitel.com'], faxes: [] },
      'Ait Ali Fibre': { phones: ['+213770123456'], emails: [], faxes: [] },
    });
  });
});

describe("a menu's link drawn with an arrow before its title", () => {
  test('is no pager: the arrow block is no direction in words', () => {
    const html = `<html><body><nav class="side"><ul><li><a href="/agrements/liste" class="current"><span class="arrow">&rarr;</span><span class="text">Entreprises agréées</span></a></li></ul></nav><main><h3>Matériaux Kaci</h3><p>Tél. : 038 11 22 33</p><h3>Sablière Ait Ali</h3><p>Tél. : 0661 22 33 44</p><ul class="pagination"><li><a href="/agrements/liste?start=10">Suivant »</a></li></ul></main></body></html>`;
    expect(readListing(html, 'https://dir.test/agrements/liste').next).toBe('https://dir.test/agrements/liste?start=10');
  });
});
