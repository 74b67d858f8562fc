/**
 * A "Suivant" control that is no link but carries its URL.
 */
import { parse } from 'node-html-parser';
import { findNextPage } from '../items';

const URL = 'https://guide.test/formation/oran?page=1';

describe('a "Suivant" control that is no link', () => {
  const nav = (html: string) => parse(`<html><body><main><ul><li>x</li></ul><div class="pages">${html}</div></main></body></html>`);

  test('its data-href (or data-url …) is the next page; a "Précédent" one or a disabled one is not', () => {
    expect(findNextPage(nav('<span class="suiv" role="link" tabindex="0" data-href="/formation/oran?page=2" onclick="location.href=this.dataset.href">Suivant ›</span>'), URL)).toBe('/formation/oran?page=2');
    expect(findNextPage(nav('<button type="button" data-url="/formation/oran/page/3" aria-label="Page suivante">›</button>'), URL)).toBe('/formation/oran/page/3');
    expect(findNextPage(nav('<span class="prec" role="link" data-href="/formation/oran?page=1">‹ Précédent</span>'), 'https://guide.test/formation/oran?page=2')).toBeUndefined();
    expect(findNextPage(nav('<span class="suiv is-disabled" role="link" data-href="/formation/oran?page=3">Suivant ›</span>'), 'https://guide.test/formation/oran?page=3')).toBeUndefined();
    expect(findNextPage(nav('<button class="slick-next" data-url="#slide-2">Suivant</button>'), URL)).toBeUndefined();
  });

  test('beside a page select whose options are bare numbers (its script builds the URL): the control gives the page', () => {
    const html = `<label>Page <select onchange="location.href='?page='+this.value"><option value="1" selected>1</option><option value="2">2</option><option value="3">3</option></select> sur 3</label> <span role="link" data-href="/formation/oran?page=2">Suivant ›</span>`;
    expect(findNextPage(nav(html), URL)).toBe('/formation/oran?page=2');
  });
});
