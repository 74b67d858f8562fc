/**
 * Misfires found by the review of the holdout-73 rules: a company's row whose second cell holds
 * its offices, people or departments in bold read as a plot's label beside its tenants; the same
 * run in a paragraph wrapped in `<font>` or `<span>` read through; a Vue 2 widget's `data:` list
 * taking the place of a server-rendered list; DataTables rows read under another table's header,
 * or under none when a `<tfoot>` repeats it.
 * Pages of our own making, three or four alike entries a page.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) =>
  Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), faxes: [...(c.faxes ?? [])].sort(), emails: [...c.emails].sort() }]));
const just = (phones: string[]) => ({ phones: [...phones].sort(), faxes: [], emails: [] });

describe("a company's row whose second cell names its offices, people or departments in bold", () => {
  const firms = ['SARL Omega Assurances', 'EURL Beta Transports', 'SPA Gamma Services'];
  const table = (cell: (i: number) => string) =>
    `<html><body><table border=1>${firms.map((f, i) => `<tr><td>${f}</td><td><font>${cell(i)}</font></td></tr>`).join('')}</table></body></html>`;

  test.each([
    ['agencies', (i: number) => `<b>Agence Oran</b> Tél 041 1${i} 22 33 ; <b>Agence Sétif</b> Tél 036 4${i} 55 66`, (i: number) => [`+213411${i}2233`, `+213364${i}5566`]],
    ['bureaux', (i: number) => `<b>Bureau Oran</b> Tél 041 1${i} 22 33 ; <b>Bureau Sétif</b> Tél 036 4${i} 55 66`, (i: number) => [`+213411${i}2233`, `+213364${i}5566`]],
    ['people', (i: number) => `<b>M. Karim Bensalem</b> 0661 1${i} 22 33 ; <b>Mme Nadia Ouali</b> 0770 4${i} 55 66`, (i: number) => [`+2136611${i}2233`, `+2137704${i}5566`]],
    ['departments', (i: number) => `<b>Urgences</b> 031 1${i} 22 33 ; <b>Standard</b> 031 4${i} 55 66`, (i: number) => [`+213311${i}2233`, `+213314${i}5566`]],
    ['services', (i: number) => `<b>Service commercial</b> 031 1${i} 22 33 ; <b>Service technique</b> 031 4${i} 55 66`, (i: number) => [`+213311${i}2233`, `+213314${i}5566`]],
  ])('its %s are its contacts: the row stays one company', (_, cell, phones) => {
    expect(read(table(cell), 'https://annuaire.test/assurances.htm')).toEqual(Object.fromEntries(firms.map((f, i) => [f, just(phones(i))])));
  });
});

describe('a paragraph wrapped in <font> or <span>, a company then its offices or people in bold', () => {
  const firms = ['SARL Omega Assurances', 'EURL Beta Transports', 'SPA Gamma Services'];
  const page = (open: string, close: string, body: (f: string, i: number) => string) =>
    `<html><body>${firms.map((f, i) => `<p>${open}${body(f, i)}${close}</p>`).join('')}</body></html>`;
  const wrappers = [['<font face="Arial">', '</font>'], ['<span>', '</span>']];

  test.each(wrappers)('offices in bold after its phone are its own (%s)', (open, close) => {
    const body = (f: string, i: number) => `<b>${f}</b> — Tél 021 1${i} 22 33 — <b>Agence Oran</b> Tél 041 1${i} 22 33 — <b>Agence Sétif</b> Tél 036 4${i} 55 66`;
    expect(read(page(open, close, body), 'https://annuaire.test/liste.htm')).toEqual(Object.fromEntries(firms.map((f, i) => [f, just([`+213211${i}2233`, `+213411${i}2233`, `+213364${i}5566`])])));
  });

  test.each(wrappers)("a manager in bold, or a person's name after a label, is the company's contact (%s)", (open, close) => {
    const expected = Object.fromEntries(firms.map((f, i) => [f, just([`+213311${i}2233`, `+2136612${i}3344`])]));
    const gerant = (f: string, i: number) => `<b>${f}</b> — Tél 031 1${i} 22 33 — <b>Gérant</b> M. Karim 0661 2${i} 33 44`;
    expect(read(page(open, close, gerant), 'https://annuaire.test/liste.htm')).toEqual(expected);
    const directeur = (f: string, i: number) => `<b>${f}</b> — Tél 031 1${i} 22 33 — Directeur : <b>Karim Bensalem</b> 0661 2${i} 33 44`;
    expect(read(page(open, close, directeur), 'https://annuaire.test/liste.htm')).toEqual(expected);
  });

  test.each(wrappers)("a factory in bold after the showroom's phone keeps its phone with the company (%s)", (open, close) => {
    const body = (f: string, i: number) => `<b>${f}</b> Showroom : Tél 031 1${i} 22 33 — <b>Usine</b> Zone industrielle, Tél 031 1${i} 22 44`;
    expect(read(page(open, close, body), 'https://annuaire.test/liste.htm')).toEqual(Object.fromEntries(firms.map((f, i) => [f, just([`+213311${i}2233`, `+213311${i}2244`])])));
  });

  test('opening hours or a website in bold after the phone stay the 3 companies', () => {
    for (const tail of ['<b>Fermé le vendredi</b>', '<b>Ouvert 24h/24</b>', '<a href="http://www.omega.test">www.omega.test</a>']) {
      const body = (f: string, i: number) => `<b>${f}</b> — Tél 021 1${i} 22 33 — ${tail}`;
      expect(Object.keys(read(page('<font face="Arial">', '</font>', body), 'https://annuaire.test/liste.htm')).sort()).toEqual([...firms].sort());
    }
  });
});

describe("a Vue 2 widget's data: list beside a server-rendered list", () => {
  const firms = ['SARL Alpha Bâtiment', 'EURL Beta Meubles', 'SNC Gamma Travaux', 'ETS Delta Négoce'];
  const cards = firms.map((f, i) => `<div class="fiche"><h3>${f}</h3><p>Tél : 031 1${i} 22 33</p></div>`).join('');
  const widget = (script: string) =>
    `<html><body><div class="container"><h1>Entreprises</h1>${cards}</div>` +
    `<div id="widget"><ul><li v-for="a in agences" @click="active = a">{{ a.nom }} — {{ a.tel }}</li></ul></div>` +
    `<script src="/js/vue.min.js"></script><script>\n${script}\n</script></body></html>`;
  const expected = Object.fromEntries(firms.map((f, i) => [f, just([`+213311${i}2233`])]));

  test('the cards are the entries, not the directory\'s agencies', () => {
    const script =
      `new Vue({ el: '#widget', data: { active: null, agences: [ {nom:'Annuaire DZ — Agence Alger', tel:'021 60 60 60'}, {nom:'Annuaire DZ — Agence Oran', tel:'041 60 60 60'} ] },\n` +
      `  methods: { choisir: function (a) { this.active = a; } } });`;
    expect(read(widget(script), 'https://annuaire.test/entreprises')).toEqual(expected);
  });

  test("a data: key that is no option of new Vue({…}) is not read (a call's parameters in a method)", () => {
    const html =
      `<html><body><div id="app"><p>Chargement…</p></div><script>\nnew Vue({ el: '#app', methods: { envoyer: function () {\n` +
      `  $.ajax({ url: '/contact', type: 'POST', success: function (r) { $('#app').html(r); }, data: { liste: [ {nom:'Annuaire DZ — Agence Alger', tel:'021 60 60 60'}, {nom:'Annuaire DZ — Agence Oran', tel:'041 60 60 60'} ] } }); } } });\n</script></body></html>`;
    expect(read(html, 'https://annuaire.test/contact')).toEqual({});
  });
});

describe("a Vue 2 page's next page named in its data option", () => {
  test("the data's suivant is the listing's next page", () => {
    const html =
      `<html><body><div id="app"><h1>Producteurs</h1><div class="fiche" v-for="p in producteurs"><b>{{ p.nom }}</b>` +
      `<div v-if="p.tel">Tél : {{ p.tel }}</div></div><button v-if="suivant" @click="plus">Afficher plus</button></div>` +
      `<script src="/js/vue.min.js"></script><script>\nnew Vue({\n  el: '#app',\n  data: {\n    producteurs: [\n` +
      `      { nom: 'Huilerie Zitouna', tel: '026 11 22 33' },\n      { nom: 'Conserverie Sahel', tel: '0661 40 50 60' },\n      { nom: 'Minoterie Sebaou', tel: '026 44 55 66' }\n    ],\n` +
      `    suivant: '/api/producteurs.php?page=2'\n  },\n  methods: { plus: function () { fetch(this.suivant).then(function (r) { return r.json(); }); } }\n});\n</script></body></html>`;
    const listing = readListing(html, 'https://dcw.test/producteurs.php');
    expect(listing.companies.map((c) => c.name)).toEqual(['Huilerie Zitouna', 'Conserverie Sahel', 'Minoterie Sebaou']);
    expect(listing.next).toBe('https://dcw.test/api/producteurs.php?page=2');
  });
});

describe('DataTables rows and the header of the table they are drawn into', () => {
  const rows = [
    `["SARL Alpha Bâtiment","Tél : 031 11 22 33","Fax : 031 11 22 34","alpha@mail.test"]`,
    `["EURL Beta Meubles","Tél : 031 55 66 77","Fax : 031 55 66 78","beta@mail.test"]`,
    `["SNC Gamma Travaux","Tél : 031 88 99 00","Fax : 031 88 99 01","gamma@mail.test"]`,
  ];
  const expected = {
    'SARL Alpha Bâtiment': { phones: ['+21331112233'], faxes: ['+21331112234'], emails: ['alpha@mail.test'] },
    'EURL Beta Meubles': { phones: ['+21331556677'], faxes: ['+21331556678'], emails: ['beta@mail.test'] },
    'SNC Gamma Travaux': { phones: ['+21331889900'], faxes: ['+21331889901'], emails: ['gamma@mail.test'] },
  };

  test("another table's header (a legend) does not label the rows", () => {
    const html =
      `<html><body><table class="legende"><thead><tr><th>Horaires</th><th>Fax</th><th>Lun-Jeu</th><th>Ven</th></tr></thead></table>` +
      `<table id="entreprises" class="display"></table><script>\nvar lignes = [\n${rows.join(',\n')}\n];\n` +
      `$(function () { $('#entreprises').DataTable({ data: lignes, columns: [{title:'Nom'},{title:'Téléphone'},{title:'Fax'},{title:'E-mail'}] }); });\n</script></body></html>`;
    expect(read(html, 'https://annuaire.test/entreprises.php')).toEqual(expected);
  });

  const plain = [
    `["SARL Alpha Bâtiment","031 11 22 33","031 11 22 34","alpha@mail.test"]`,
    `["EURL Beta Meubles","031 55 66 77","031 55 66 78","beta@mail.test"]`,
    `["SNC Gamma Travaux","031 88 99 00","031 88 99 01","gamma@mail.test"]`,
  ];
  const dataTable = (table: string, before = '') =>
    `<html><body>${before}${table}<script>\nvar lignes = [\n${plain.join(',\n')}\n];\n` +
    `$(function () { $('#entreprises').DataTable({ data: lignes }); });\n</script></body></html>`;
  const head = '<tr><th>Raison sociale</th><th>Téléphone</th><th>Fax</th><th>E-mail</th></tr>';

  test('a <tfoot> repeating the header (column search) still labels the fax column', () => {
    expect(read(dataTable(`<table id="entreprises"><thead>${head}</thead><tfoot>${head}</tfoot></table>`), 'https://annuaire.test/entreprises.php')).toEqual(expected);
  });

  test('a two-row grouped header labels by its last row', () => {
    const grouped = `<tr><th></th><th colspan="2">Numéros</th><th></th></tr>${head}`;
    expect(read(dataTable(`<table id="entreprises"><thead>${grouped}</thead></table>`), 'https://annuaire.test/entreprises.php')).toEqual(expected);
  });

  test('the empty table is found on a page laid out in more than 20 tables', () => {
    const layout = Array.from({ length: 22 }, (_, i) => `<table class="cadre"><tr><td>Rubrique ${i + 1}</td></tr></table>`).join('');
    expect(read(dataTable(`<table id="entreprises"><thead>${head}</thead></table>`, layout), 'https://annuaire.test/entreprises.php')).toEqual(expected);
  });
});
