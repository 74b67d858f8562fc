/**
 * A paying member's tier written into a class word of its entry ('featured-link' beside the list's
 * 'link-item', BEM's 'card--premium'): the entry is one of the list, not a list of its own.
 * Pages of our own making.
 */
import { readListing } from '../extract';

const names = (html: string, url: string) => readListing(html, url).companies.map((c) => c.name);

describe("a tier written into an entry's class word", () => {
  const entry = (cls: string, id: number, name: string, extra = '') =>
    `<div class="${cls}"><table class="row-table"><tr><td class="thumb"><img src="/t/${id}.png" alt=""></td><td>` +
    `<a class="title" href="https://www.site-${id}.test/" rel="nofollow">${name}</a>${extra}<div class="desc">Maintenance informatique. Tél : 034 2${id} 11 22</div>` +
    `<div class="url">https://www.site-${id}.test/ - <a href="/detail/link-${id}.html">Détails</a></div></td></tr></table></div>`;

  test("premium links in their own class word above the plain ones are entries of the list ('featured-link link-item')", () => {
    const page =
      `<html><body><div id="main"><h2>Informatique » Béjaïa</h2><h3>Liens premium</h3>` +
      entry('featured-link link-item', 1, 'Bougie Web', ' <span class="featured-label">[Lien premium]</span>') +
      entry('featured-link link-item', 2, 'Soummam Info', ' <span class="featured-label">[Lien premium]</span>') +
      `<h3>Liens</h3>` +
      entry('link-item', 3, 'Gouraya Soft') + entry('link-item', 4, 'Yemma Net') + entry('link-item', 5, 'Tichy Dev') + entry('link-item', 6, 'Saket Hosting') +
      `</div></body></html>`;
    expect(names(page, 'http://annuaire.test/informatique/bejaia/')).toEqual(['Bougie Web', 'Soummam Info', 'Gouraya Soft', 'Yemma Net', 'Tichy Dev', 'Saket Hosting']);
  });


  test("a block whose only class word carries a tier ('listing-premium' among 'listing' entries) stays apart: the directory's upsell box is no company", () => {
    const card = (id: number, name: string) => `<div class="listing"><h3><a href="/fiche/${id}-x">${name}</a></h3><p>Oran</p><p>Tél : 041 3${id} 44 55</p></div>`;
    const page =
      `<html><body><main><h1>Climatisation à Oran</h1><div class="results">` +
      card(1, 'Oran Froid') + card(2, 'Clim Es Senia') +
      `<div class="listing-premium"><h3>Devenez membre Premium</h3><p>Votre entreprise en tête des résultats.</p><p>Appelez le 021 99 88 77</p></div>` +
      card(3, 'Bir El Djir Clim') + card(4, 'Froid Arzew') +
      `</div></main></body></html>`;
    expect(names(page, 'http://annuaire.test/oran/climatisation')).toEqual(['Oran Froid', 'Clim Es Senia', 'Bir El Djir Clim', 'Froid Arzew']);
  });
});
