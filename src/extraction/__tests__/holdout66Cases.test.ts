/**
 * Hard cases met on holdout-66: an Ember FastBoot page whose data is only in its shoebox.
 * Pages of our own making.
 */
import { readListing } from '../extract';

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
