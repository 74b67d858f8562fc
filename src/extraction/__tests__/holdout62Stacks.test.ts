/**
 * Markup met on holdout-62: a React card grid whose classes are CSS Modules' (`Card_footer__x7Yq2`),
 * the card's call button in its <footer>, the cards in grid columns. Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("CSS Modules' hashed classes", () => {
  const card = (slug: string, name: string, tel?: string) =>
    `<div class="col-sm-6 col-md-4"><div class="Card_root__3kLmP"><div class="Card_body__9QwEr"><h3 class="Card_title__1aBcD"><a href="/annonce/${slug}/">${name}</a></h3><p class="Card_city__7xYzW">Tizi Ouzou</p></div>` +
    `<footer class="Card_footer__x7Yq2"><span class="Card_cat__4TtUu">Restauration</span>${tel ? `<a class="btn" href="tel:${tel.replace(/ /g, '')}">Appeler</a>` : ''}</footer></div></div>`;
  const page = `<html><body><header class="site-header"><p>Standard : 026 99 88 77</p></header><main><div class="row">${card('kaci', 'Restaurant Kaci', '026 11 22 33')}${card('ait-ali', 'Pizzeria Ait Ali')}${card('maatkas', 'Grill Maatkas', '0661 22 33 44')}</div></main><footer class="site-footer"><p>Contact : 026 99 88 77</p></footer></body></html>`;

  test("a card's footer named so with its hash is the card's part: its call button is the card's phone, not the directory's", () => {
    expect(byName(page, 'https://guide.test/annonces')).toEqual({
      'Restaurant Kaci': { phones: ['+21326112233'], emails: [] },
      'Pizzeria Ait Ali': { phones: [], emails: [] },
      'Grill Maatkas': { phones: ['+213661223344'], emails: [] },
    });
    expect(readListing(page, 'https://guide.test/annonces').chromeContacts).toEqual(['+21326998877']);
  });
});
