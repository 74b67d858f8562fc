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
