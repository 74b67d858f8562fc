/**
 * Hard cases met on holdout-66: an Ember FastBoot page whose data is only in its shoebox.
 * Pages of our own making.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';

const read = (html: string, url: string) =>
  readListing(html, url).companies.map((c) => [c.name, [...c.phones].sort(), [...(c.faxes ?? [])].sort(), [...c.emails].sort()]);

describe("Ember FastBoot's shoebox (<script type=\"fastboot/shoebox\">)", () => {
  const doc = {
    'store-liste': {
      data: [
        { id: '7', type: 'societe', attributes: { 'raison-sociale': 'Atlas Réseaux', telephones: ['031 40 50 60', '0661 70 80 90'], telecopie: '031 40 50 61', courriel: 'atlas@reseaux.dz' } },
        { id: '8', type: 'societe', attributes: { 'raison-sociale': 'Rhumel Logiciels', telephones: ['0770 12 34 56'], telecopie: null, courriel: null } },
      ],
      meta: { 'page-courante': 1, 'pages-total': 1 },
    },
  };
  const page =
    `<html><body><script type="x/boundary" id="fastboot-body-start"></script><main><h1>Annuaire</h1>` +
    `<ul><li class="ember-view"><h3>Atlas Réseaux</h3><button>Voir les coordonnées</button></li>` +
    `<li class="ember-view"><h3>Rhumel Logiciels</h3><button>Voir les coordonnées</button></li></ul></main>` +
    `<script type="x/boundary" id="fastboot-body-end"></script>` +
    `<script type="fastboot/shoebox" id="shoebox-liste">${JSON.stringify(doc).replace(/</g, '\\u003c')}</script></body></html>`;

  test('its JSON is read as the page state: the companies and the numbers only the shoebox holds', () => {
    expect(read(page, 'https://annuaire.test/liste')).toEqual([
      ['Atlas Réseaux', ['+21331405060', '+213661708090'], ['+21331405061'], ['atlas@reseaux.dz']],
      ['Rhumel Logiciels', ['+213770123456'], [], []],
    ]);
  });
});

describe('a table filled by its script from a JSON endpoint (a WordPress table plugin in ajax mode)', () => {
  const rows = [
    { options: { classes: '' }, value: { ___id___: 1, n: '1', cabinet: 'Cabinet Mekki & Associés', adresse: 'Rue Emir Abdelkader, Oran', telephone: '041 20 30 40 / 0661 50 60 70', fax: '041 20 30 41', email: 'mekki@cabinet.dz' } },
    { options: { classes: '' }, value: { ___id___: 2, n: '2', cabinet: 'Fiduciaire Sig', adresse: 'Sig', telephone: '0550 11 22 33', fax: '—', email: '—' } },
  ];

  test("FooTable rows ({options, value}): each value is the record; a 'cabinet' column (a professional's firm) is its name", () => {
    expect(read(JSON.stringify(rows), 'https://ordre.test/wp-admin/admin-ajax.php?action=rows&table_id=4')).toEqual([
      ['Cabinet Mekki & Associés', ['+21341203040', '+213661506070'], ['+21341203041'], ['mekki@cabinet.dz']],
      ['Fiduciaire Sig', ['+213550112233'], [], []],
    ]);
  });
});

describe("an empty table's rows fetched from the URL its settings object names", () => {
  const settings = (url: string) => `<script>var tbl_cfg_3 = {"table_id":3,"columns":[{"name":"Cabinet","key":"cabinet"}],"render_type":"ajax_table","data_request_url":"${url}"};</script>`;
  const page = (table: string, scripts: string) =>
    `<html><body><main><h1>Tableau des membres</h1>${table}</main>` +
    `<script>var themeVars = {"ajaxurl":"\\/wp-admin\\/admin-ajax.php"};</script>${scripts}</body></html>`;
  const emptyTable = '<table data-instance="tbl_cfg_3"><thead><tr><th>Cabinet</th><th>Téléphone</th><th>E-mail</th></tr></thead><tbody></tbody></table>';
  const url = '\\/wp-admin\\/admin-ajax.php?action=table_rows&table_id=3&nonce=ab12';

  test('a header without rows: the URL (its escaped slashes read back) is the listing\'s data', () => {
    expect(readListing(page(emptyTable, settings(url)), 'https://ordre.test/membres/').data).toBe('https://ordre.test/wp-admin/admin-ajax.php?action=table_rows&table_id=3&nonce=ab12');
  });

  test('no empty table, another host, or two different URLs: none (nor the theme\'s bare ajaxurl)', () => {
    const filled = '<table><thead><tr><th>Cabinet</th><th>Téléphone</th></tr></thead><tbody><tr><td>Cabinet Mekki</td><td>041 20 30 40</td></tr></tbody></table>';
    expect(readListing(page(filled, settings(url)), 'https://ordre.test/membres/').data).toBeUndefined();
    expect(readListing(page(emptyTable, settings('https:\\/\\/cdn.other.test\\/rows.json')), 'https://ordre.test/membres/').data).toBeUndefined();
    expect(readListing(page(emptyTable, settings(url) + settings('\\/rows-2.json')), 'https://ordre.test/membres/').data).toBeUndefined();
    expect(readListing(page(emptyTable, ''), 'https://ordre.test/membres/').data).toBeUndefined();
  });
});

describe("a sponsor's slot among the entries ('Sponsor officiel')", () => {
  const block = (name: string, lines: string, badge = '') => `<div class="el">${badge}<h3><strong>${name}</strong></h3><p>${lines}</p></div>`;
  const page =
    `<html><body><main><h1>Exposants</h1>` +
    block('Tôlerie Babors', 'Stand 1 — Chaudronnerie<br>Tél. 036 80 90 10<br>Mob. 0661 22 33 44') +
    block('Plasturgie Djemila', 'Stand 2 — Plasturgie<br>Tél. 036 80 90 20') +
    block('Banque des Hauts Plateaux', 'Crédit d\'équipement : 036 80 90 30', '<p><strong>Sponsor officiel</strong></p>') +
    block('Forge El Eulma', 'Stand 3 — Forge<br>Mob. 0770 55 66 77') +
    `</main></body></html>`;

  test('is an ad: the sponsor is no company, the exhibitors around it are', () => {
    expect(read(page, 'https://salon.test/exposants').map((c) => c[0])).toEqual(['Tôlerie Babors', 'Plasturgie Djemila', 'Forge El Eulma']);
  });
});

describe('a list split over pages named by a letter or a number, linked by a button with the next title', () => {
  const block = (name: string, tel: string) => `<div class="el"><h3>${name}</h3><p>Tél. ${tel}</p></div>`;
  const page = (h1: string, button: string) =>
    `<html><body><nav><a href="/exposants-a">Hall A</a> <a href="/exposants-b">Hall B</a></nav><main><h1>${h1}</h1>` +
    block('Tôlerie Babors', '036 80 90 10') + block('Plasturgie Djemila', '036 80 90 20') + block('Forge El Eulma', '036 80 90 40') +
    `<div class="el"><a class="btn" href="${button.split('|')[0]}">${button.split('|')[1]}</a></div></main></body></html>`;

  test("'Exposants Hall B →' on 'Exposants — Hall A' is the next page; 'Liste 3' after 'Liste 2' too", () => {
    expect(findNextPage(parse(page('Exposants — Hall A', '/exposants-b|Exposants Hall B →')), 'https://salon.test/exposants-a')).toBe('/exposants-b');
    expect(findNextPage(parse(page('Liste 2', '/liste-3|Liste 3 »')), 'https://salon.test/liste-2')).toBe('/liste-3');
  });

  test('the previous part, another title, a part skipped or another host: none', () => {
    expect(findNextPage(parse(page('Exposants — Hall B', '/exposants-a|← Exposants Hall A')), 'https://salon.test/exposants-b')).toBeUndefined();
    expect(findNextPage(parse(page('Exposants — Hall A', '/programme-b|Programme Hall B →')), 'https://salon.test/exposants-a')).toBeUndefined();
    expect(findNextPage(parse(page('Exposants — Hall A', '/exposants-c|Exposants Hall C →')), 'https://salon.test/exposants-a')).toBeUndefined();
    expect(findNextPage(parse(page('Exposants — Hall A', 'https://autre.test/b|Exposants Hall B →')), 'https://salon.test/exposants-a')).toBeUndefined();
  });

  test("the button to another part, in a block of the entries' shape, is no company", () => {
    const names = (h1: string, button: string, url: string) => readListing(page(h1, button), url).companies.map((c) => c.name);
    expect(names('Exposants — Hall B', '/exposants-a|← Exposants Hall A', 'https://salon.test/exposants-b')).toEqual(['Tôlerie Babors', 'Plasturgie Djemila', 'Forge El Eulma']);
    expect(names('Exposants — Hall A', '/exposants-b|Exposants Hall B →', 'https://salon.test/exposants-a')).toEqual(['Tôlerie Babors', 'Plasturgie Djemila', 'Forge El Eulma']);
  });
});

describe("a data table's last page of one row, its rows classed only by their zebra stripes", () => {
  const row = (i: number, name: string, tel: string) => `<tr class="${i % 2 ? 'odd' : 'even'}"><td><span>${name}</span></td><td><span>Akbou</span></td><td><span>${tel}</span></td></tr>`;
  const page = (rows: string) =>
    `<html><body><div id="contenu"><h1>Adhérents : Transport</h1><table class="liste-donnees"><thead><tr class="headers"><th>Raison sociale</th><th>Commune</th><th>Téléphone</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div></body></html>`;
  const first = readListing(page(row(1, 'SARL TRANSPORTS AKBOU', '034 35 10 20') + row(2, 'EURL LOGISTIQUE SOUMMAM', '0661 40 50 60') + row(3, 'SNC FRERES AMRANI', '034 35 30 40')), 'https://cci.test/adherents?p=1');

  test("the list's shape is its table's rows ('.liste-donnees>TBODY'), and the one row of the last page is read by it", () => {
    expect(first.companies).toHaveLength(3);
    expect(first.shape).toBeDefined();
    const last = readListing(page(row(1, 'ETS TRANSPORTS OUZELLAGUEN', '0770 10 20 30')), 'https://cci.test/adherents?p=3', {}, { shape: first.shape });
    expect(last.companies.map((c) => [c.name, c.phones])).toEqual([['ETS TRANSPORTS OUZELLAGUEN', ['+213770102030']]]);
  });

  test("a row of another table (unclassed, or classed otherwise) is not of that shape", () => {
    const other = `<html><body><div id="contenu"><h1>Contact</h1><table class="horaires"><tbody>${row(1, 'Accueil', '034 35 99 99')}</tbody></table></div></body></html>`;
    expect(readListing(other, 'https://cci.test/adherents?p=3', {}, { shape: first.shape }).companies).toEqual([]);
  });
});
