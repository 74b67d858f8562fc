/**
 * Hard cases met on holdout-73: a table left empty in the HTML and filled by jQuery DataTables
 * from an inline array of rows (its fax column known only by its header); a Vue 2 page whose
 * first records are the `data:` option of `new Vue({…})`, an options object holding methods; a
 * FrontPage table whose rows are a plot's label beside its tenants written in a run in one
 * `<font>` ('<b>X</b> — Tél … ; <b>Y</b> — Tél …').
 * Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) =>
  Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), faxes: [...(c.faxes ?? [])].sort(), emails: [...c.emails].sort() }]));

describe('an empty table filled by DataTables from an array of rows', () => {
  const page = (header: string, body: string, rows: string) =>
    `<html><body><div class="container"><h3>Coopératives agréées</h3>` +
    `<table id="liste" class="display"><thead><tr>${header}</tr></thead>${body}</table></div>` +
    `<script src="js/jquery.dataTables.min.js"></script><script>\nvar lignes = [\n${rows}\n];\n` +
    `$(document).ready(function () { $('#liste').DataTable({ data: lignes, pageLength: 25 }); });\n</script></body></html>`;
  const rows =
    `  [ "Coopérative Tazrout", "Apiculture", "0661 22 33 44 / 031 20 30 40", "031 20 30 41", "tazrout@mail.test" ],\n` +
    `  [ "Ruchers du Djurdjura", "Apiculture", "031 55 66 77", "", "" ],\n` +
    `  [ "Miellerie El Yasmine", "Conditionnement", "0770 12 12 12", "031 88 99 00", "" ]`;

  test("each row's cells are read under the table's header: the 'Fax' column's numbers are faxes", () => {
    const header = '<th>Raison sociale</th><th>Activité</th><th>Téléphone</th><th>Télécopie</th><th>E-mail</th>';
    expect(read(page(header, '', rows), 'https://dsa.test/cooperatives.php')).toEqual({
      'Coopérative Tazrout': { phones: ['+21331203040', '+213661223344'], faxes: ['+21331203041'], emails: ['tazrout@mail.test'] },
      'Ruchers du Djurdjura': { phones: ['+21331556677'], faxes: [], emails: [] },
      'Miellerie El Yasmine': { phones: ['+213770121212'], faxes: ['+21331889900'], emails: [] },
    });
  });

  test('a header of another width, or a table that already holds its rows, labels no cell', () => {
    // Six columns over rows of five: which header goes with which cell is unknown.
    const wide = '<th>N°</th><th>Raison sociale</th><th>Activité</th><th>Téléphone</th><th>Fax</th><th>E-mail</th>';
    expect(read(page(wide, '', rows), 'https://dsa.test/cooperatives.php')['Miellerie El Yasmine']).toEqual({ phones: ['+21331889900', '+213770121212'], faxes: [], emails: [] });
    // A table with its own data rows is not the one the script fills.
    const header = '<th>Raison sociale</th><th>Activité</th><th>Téléphone</th><th>Fax</th><th>E-mail</th>';
    const body = '<tbody><tr><td>Bureau</td><td>Accueil</td><td>—</td><td>—</td><td>—</td></tr></tbody>';
    expect(read(page(header, body, rows), 'https://dsa.test/cooperatives.php')['Miellerie El Yasmine']).toEqual({ phones: ['+21331889900', '+213770121212'], faxes: [], emails: [] });
  });
});

describe("a Vue 2 page's records in the data option of new Vue({…})", () => {
  const page = (data: string) =>
    `<html><body><div id="app"><h1>Producteurs</h1><div class="fiche" v-for="p in producteurs"><b>{{ p.nom }}</b>` +
    `<div v-if="p.tel">Tél : {{ p.tel }}</div><div v-if="p.fax">Fax : {{ p.fax }}</div></div></div>` +
    `<script src="/js/vue.min.js"></script><script>\nnew Vue({\n  el: '#app',\n  data: ${data},\n` +
    `  methods: { plus: function () { var self = this; fetch(this.suite).then(function (r) { return r.json(); }); } }\n});\n</script></body></html>`;

  test('the data literal is read although the options object around it, holding methods, is no literal', () => {
    const data = `{\n    producteurs: [\n      { nom: 'Huilerie Zitouna', tel: '026 11 22 33', fax: '026 11 22 34', email: 'zitouna@mail.test' },\n      { "nom": "Conserverie Sahel", "tel": "0661 40 50 60", "fax": "", "email": "" },\n      { nom: 'Minoterie Sebaou', tel: '', fax: '', email: 'sebaou@mail.test' }\n    ],\n    suite: null\n  }`;
    expect(read(page(data), 'https://dcw.test/producteurs.php')).toEqual({
      'Huilerie Zitouna': { phones: ['+21326112233'], faxes: ['+21326112234'], emails: ['zitouna@mail.test'] },
      'Conserverie Sahel': { phones: ['+213661405060'], faxes: [], emails: [] },
      'Minoterie Sebaou': { phones: [], faxes: [], emails: ['sebaou@mail.test'] },
    });
  });
});

describe("a table row of a group's label beside its companies written in a run", () => {
  const table = (rows: string) =>
    `<html><body><p><font face="Arial" size="2">Zone d'activités — Tél : 031 00 11 22</font></p>` +
    `<table border="1" id="AutoNumber1">${rows}</table></body></html>`;
  const row = (label: string, run: string) => `<tr><td width="12%"><font face="Arial" size="2"><b>${label}</b></font></td><td><font face="Arial" size="2">${run}</font></td></tr>`;

  test('the second cell is cut before each bold name that follows a contact; the label is no company', () => {
    const page = table(
      row('Lot 1', '<b>SARL Forge Rhumel</b> — Tél 031 12 34 56 — forge@mail.test ; <b>EURL Béton Ksar</b> — 0661 10 20 30 — Fax 031 12 34 57') +
        row('Lot 2', '<b>ETS Câblerie Zouaghi</b> — Tél 031 22 33 44 ; <b>SNC Emballages Chaab</b> — Tél 031 55 66 77 — 0770 00 11 22'),
    );
    expect(read(page, 'https://zi.test/entreprises.htm')).toEqual({
      'SARL Forge Rhumel': { phones: ['+21331123456'], faxes: [], emails: ['forge@mail.test'] },
      'EURL Béton Ksar': { phones: ['+213661102030'], faxes: ['+21331123457'], emails: [] },
      'ETS Câblerie Zouaghi': { phones: ['+21331223344'], faxes: [], emails: [] },
      'SNC Emballages Chaab': { phones: ['+21331556677', '+213770001122'], faxes: [], emails: [] },
    });
  });

  test("a company's row, its contacts before a bold person or office, stays one company", () => {
    const page = table(
      row('SARL Forge Rhumel', 'Tél 031 12 34 56 — <b>M. Salah</b> 0661 10 20 30 ; <b>Mme Amel</b> 0770 00 11 22') +
        row('EURL Béton Ksar', 'Tél 031 22 33 44 — <b>Usine</b> 031 55 66 77 ; <b>Dépôt</b> 031 55 66 78'),
    );
    expect(read(page, 'https://zi.test/entreprises.htm')).toEqual({
      'SARL Forge Rhumel': { phones: ['+21331123456', '+213661102030', '+213770001122'], faxes: [], emails: [] },
      'EURL Béton Ksar': { phones: ['+21331223344', '+21331556677', '+21331556678'], faxes: [], emails: [] },
    });
  });
});
