/**
 * A page's sidebar column beside the listing's column (holdout-34): its cards are no entries.
 * Invented markup of the same general shape as the site that showed it.
 */
import { readListing } from '../extract';

describe("a page's sidebar column beside the listing's column", () => {
  test('cards of the main column are the entries; the sidebar column\'s cards (an adviser, categories) are none', () => {
    const card = (id: number, name: string, tel: string) => `<div class="card mb-2 listing-card"><div class="card-body"><h2 class="h5"><a href="/societe/${id}-x">${name}</a></h2><p>Menuiserie · Blida</p><p><a href="tel:${tel}">${tel}</a></p></div></div>`;
    const html = `<html><body><div class="container"><div class="row"><div class="col-md-9">
      ${card(1, 'Menuiserie Atlas', '025411122')}${card(2, 'Bois du Chréa', '025411133')}${card(3, 'Ébénisterie Mitidja', '0770123456')}
      </div><div class="col-md-3">
      <div class="card mb-2 helper"><div class="card-body"><h5>Votre contact commercial</h5><p>0661 98 76 54</p><p>ventes@annuaire-blida.test</p></div></div>
      <div class="card mb-2"><div class="card-body"><h5>Rubriques</h5><ul><li>Menuiserie (3)</li><li>Bois (12)</li></ul></div></div>
      </div></div></div></body></html>`;
    const names = readListing(html, 'https://annuaire-blida.test/liste').companies.map((c) => c.name);
    expect(names).toEqual(['Menuiserie Atlas', 'Bois du Chréa', 'Ébénisterie Mitidja']);
  });
});
