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

});
