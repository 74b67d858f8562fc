/**
 * Hard cases met on holdout-69 (contacts on the companies' own pages): a list of links each the
 * whole entry, a shop's numbers only in its map marker's popup, numbers behind a LiveView
 * button's `phx-value-*`, rows of a contact list marked by unnamed icons. Pages of our own making.
 */
import { readDetail, readListing } from '../extract';

describe('an entry that is itself a link', () => {
  const page =
    `<html><body><div class="container"><h2>Commerces — Biskra</h2><div class="list-group">` +
    `<a class="list-group-item" href="/commerce/fiche/11">Droguerie Tolga <span class="badge">Tolga</span></a>` +
    `<a class="list-group-item" href="/commerce/fiche/12">Boutique Ourlal <span class="badge">Ourlal</span></a>` +
    `<a class="list-group-item" href="/commerce/fiche/13">Superette Chetma <span class="badge">Chetma</span></a>` +
    `</div></div></body></html>`;

  test('links its own page: the href of the entry', () => {
    const companies = readListing(page, 'https://annuaire.test/commerce/liste/0').companies;
    expect(companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Droguerie Tolga', 'https://annuaire.test/commerce/fiche/11'],
      ['Boutique Ourlal', 'https://annuaire.test/commerce/fiche/12'],
      ['Superette Chetma', 'https://annuaire.test/commerce/fiche/13'],
    ]);
  });
});

describe("a map marker's popup on a company's own page", () => {
  const page = (script: string) =>
    `<html><body><h1>Droguerie Tolga</h1><p>Droguerie, Tolga</p><p>E-mail : <a href="mailto:droguerie@tolga.test">droguerie@tolga.test</a></p>` +
    `<div id="carte"></div><script>var map = L.map('carte').setView([34.7, 5.3], 15);\n${script}</script></body></html>`;

  test("its numbers, written only in the bindPopup string, are the company's (a fax a fax)", () => {
    const got = readDetail(page(`L.marker([34.7, 5.3]).addTo(map).bindPopup("<b>Droguerie Tolga<\\/b><br>Tél : 033 71 22 33<br>Tél : 0661 22 33 44<br>Fax : 033 71 22 34").openPopup();`), 'https://annuaire.test/commerce/fiche/11').company;
    expect(got?.phones.sort()).toEqual(['+21333712233', '+213661223344']);
    expect(got?.faxes).toEqual(['+21333712234']);
    expect(got?.emails).toEqual(['droguerie@tolga.test']);
  });

  test("of several markers' popups, only the one naming the page's company is read", () => {
    const got = readDetail(
      page(
        `L.marker([34.7, 5.3]).addTo(map).bindPopup('<b>Boutique Ourlal</b><br>Tél : 0770 11 22 33');\n` +
          `L.marker([34.7, 5.3]).addTo(map).bindPopup('<b>Droguerie Tolga</b><br>Tél : 0661 22 33 44');`,
      ),
      'https://annuaire.test/commerce/fiche/11',
    ).company;
    expect(got?.phones).toEqual(['+213661223344']);
  });

  test('a popup built with a substitution is code, not text: not read', () => {
    const got = readDetail(page('L.marker([34.7, 5.3]).addTo(map).bindPopup(`<b>${nom}</b><br>Tél : 0661 22 33 44`);'), 'https://annuaire.test/commerce/fiche/11').company;
    expect(got?.phones ?? []).toEqual([]);
  });
});

describe("numbers a LiveView button sends as its event's params", () => {
  const card = (id: number, name: string, numbers: string) =>
    `<li id="pros-${id}" class="rounded border p-4"><h2 class="font-semibold">${name}</h2><p class="text-sm">Constantine</p>` +
    `<button type="button" class="underline" phx-click="reveler" phx-value-id="${id}" phx-value-numeros="${numbers}">Afficher le numéro</button></li>`;
  const page =
    `<html><body><main><h1>Santé — Constantine</h1><ul id="pros" phx-update="stream">` +
    card(600, 'Cabinet Médical Bensaci', '0541 22 33 44') +
    card(601, 'Clinique El Riadh', '031 21 62 07;0661268693') +
    card(602, 'Laboratoire Ziadi', '0770 11 22 33') +
    `</ul></main></body></html>`;

  test('phx-value-numeros is read as data-numeros is: the numbers behind the button', () => {
    const got = Object.fromEntries(readListing(page, 'https://annuaire.test/pros?page=1').companies.map((c) => [c.name, [...c.phones].sort()]));
    expect(got).toEqual({
      'Cabinet Médical Bensaci': ['+213541223344'],
      'Clinique El Riadh': ['+21331216207', '+213661268693'],
      'Laboratoire Ziadi': ['+213770112233'],
    });
  });
});

describe("a company page's contact rows marked by pictograms only", () => {
  const icon = (cls: string) => `<svg class="${cls}" viewBox="0 0 24 24" aria-hidden="true"><path d="M1 1h2v2z"/></svg>`;
  const page =
    `<html><body><header><a href="/">Transport 06</a></header><main><article><h1>Transports Amizour</h1><p>Logistique</p><ul class="rows">` +
    `<li class="row">${icon('icon')}<span>Amizour, Béjaïa</span></li>` +
    `<li class="row">${icon('icon')}<a href="tel:+21334640011">+213 34 64 00 11</a></li>` +
    `<li class="row">${icon('icon')}<span>0661 42 85 40</span></li>` +
    `<li class="row">${icon('icon icon-fax')}<span>034 64 00 12</span></li>` +
    `<li class="row">${icon('icon')}<a href="mailto:contact@amizour.test">contact@amizour.test</a></li>` +
    `</ul><p>Agrément n° 2019/06</p></article></main><footer>${icon('icon')} 034 12 80 40</footer></body></html>`;

  test('a number alone in a row beside the linked one is a phone too; the fax row stays a fax', () => {
    const got = readDetail(page, 'https://annuaire.test/transporteurs/12').company;
    expect(got?.phones.sort()).toEqual(['+21334640011', '+213661428540']);
    expect(got?.faxes).toEqual(['+21334640012']);
  });
});
