/**
 * Review mends of the map-popup and contact-row rules (holdout-69): a popup that names another
 * company or stands in the page's chrome, a date or a fax beside a tel: row. Pages of our own making.
 */
import { readDetail } from '../extract';

const url = 'https://annuaire.test/commerce/fiche/11';

describe("a map popup is the company's only when it names it, and not in the page's chrome", () => {
  test("a single popup of the directory's office, its map in the footer, is not the company's", () => {
    const page =
      `<html><body><main><h1>Droguerie Tolga</h1><p>Tél : <a href="tel:033712233">033 71 22 33</a></p></main>` +
      `<footer><h4>Nos bureaux</h4><div class="mini-map"></div></footer>` +
      `<script>var m=L.map(document.querySelector('.mini-map'));\nL.marker([36.7,3]).addTo(m).bindPopup("<b>Annuaire DZ</b><br>Tél : 021 23 45 67");</script></body></html>`;
    expect(readDetail(page, url).company?.phones).toEqual(['+21333712233']);
  });

  test("a single popup naming a neighbour is not the company's", () => {
    const page =
      `<html><body><main><h1>Droguerie Tolga</h1><p>Tél : <a href="tel:033712233">033 71 22 33</a></p><div class="m"></div>` +
      `<script>var m=L.map(document.querySelector('.m'));\nL.marker([34.7,5.3]).addTo(m).bindPopup("<b>Boutique Ourlal</b><br>Tél : 0770 11 22 33");</script></main></body></html>`;
    expect(readDetail(page, url).company?.phones).toEqual(['+21333712233']);
  });

  test.each(['aside', 'header'])('a popup whose map stands in an %s of the article is not read', (tag) => {
    const page =
      `<html><body><main><article><h1>Droguerie Tolga</h1><p>Tél : <a href="tel:033712233">033 71 22 33</a></p><${tag}><div id="carte"></div></${tag}></article></main>` +
      `<script>var map = L.map('carte');\nL.marker([34.7,5.3]).addTo(map).bindPopup("Tél : 0661 22 33 44");</script></body></html>`;
    expect(readDetail(page, url).company?.phones).toEqual(['+21333712233']);
  });

  test('of several popups, a name is compared wholly: Atlas is not Atlas Pneus nor Pharmacie Atlas', () => {
    const page =
      `<html><body><h1>Atlas</h1><p>Commerce, Biskra</p><div id="carte"></div><script>var map = L.map('carte');\n` +
      `L.marker([1,1]).addTo(map).bindPopup('<b>Atlas Pneus</b><br>Tél : 0770 11 22 33');\n` +
      `L.marker([1,2]).addTo(map).bindPopup('<b>Pharmacie Atlas</b><br>Tél : 0661 99 88 77');\n` +
      `L.marker([1,3]).addTo(map).bindPopup('<b>ATLAS</b><br>Tél : 0661 22 33 44');</script></body></html>`;
    expect(readDetail(page, url).company?.phones).toEqual(['+213661223344']);
  });

  test('a single popup naming nobody, opening with a contact line, is read (its script in the head)', () => {
    const page =
      `<html><head><script>document.addEventListener('DOMContentLoaded', function () { var map = L.map('carte');\n` +
      `L.marker([34.7,5.3]).addTo(map).bindPopup("Tél : 0661 22 33 44<br>Tolga"); });</script></head>` +
      `<body><h1>Droguerie Tolga</h1><p>Droguerie, Tolga</p><div id="carte"></div></body></html>`;
    expect(readDetail(page, url).company?.phones).toEqual(['+213661223344']);
  });
});

describe('a number alone in a row beside a tel: row', () => {
  const icon = `<i class="ic"></i>`;
  const page = (row: string, head = '') =>
    `<html><head>${head}</head><body><main><article><h1>Transports Amizour</h1><p>Logistique</p><ul class="rows">` +
    `<li class="row">${icon}<a href="tel:+21334640011">+213 34 64 00 11</a></li>${row}</ul></article></main></body></html>`;

  test.each(['12.05.2023', '2023/05/12', '12-05-2023'])('a date (%s) is no phone', (date) => {
    expect(readDetail(page(`<li class="row">${icon}<span>${date}</span></li>`), url).company?.phones).toEqual(['+21334640011']);
  });

  test('a number without an Algerian phone shape is no phone; one with it is', () => {
    expect(readDetail(page(`<li class="row">${icon}<span>1234 5678 90</span></li>`), url).company?.phones).toEqual(['+21334640011']);
    expect(readDetail(page(`<li class="row">${icon}<span>+213 (0) 661 42 85 40</span></li>`), url).company?.phones.sort()).toEqual(['+21334640011', '+213661428540']);
  });

  test('a fax row marked by an <img> icon is no phone', () => {
    const html =
      `<html><body><main><article><h1>Transports Amizour</h1><p>Logistique</p><ul class="rows">` +
      `<li class="row"><img src="/img/phone.png"><a href="tel:+21334640011">+213 34 64 00 11</a></li>` +
      `<li class="row"><img src="/img/fax.png" alt=""><span>034 64 00 12</span></li></ul></article></main></body></html>`;
    expect(readDetail(html, url).company?.phones).toEqual(['+21334640011']);
  });

  test('a row whose number the page gives as its fax elsewhere (schema.org faxNumber) is no phone', () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Transports Amizour","faxNumber":"034 64 00 12"}</script>`;
    const got = readDetail(page(`<li class="row">${icon}<span>034 64 00 12</span></li>`, ld), url).company;
    expect(got?.phones).toEqual(['+21334640011']);
    expect(got?.faxes).toEqual(['+21334640012']);
  });
});
