/**
 * A site builder's menu linking pages numbered like the listing's (holdout-34): no next page.
 * Invented markup of the same general shape as the site that showed it.
 */
import { readListing } from '../extract';

describe("a site builder's menu linking pages numbered like the listing's", () => {
  test("the menu's 'page5.html' is no next page of 'page4.html'", () => {
    const card = (name: string, tel: string) => `<div class="item"><div class="box"><h4><strong>${name}</strong></h4><p>Tél : ${tel}</p></div></div>`;
    const html = `<html><body><section class="menu"><nav class="navbar navbar-expand"><ul class="navbar-nav"><li class="nav-item"><a class="nav-link" href="index.html">Accueil</a></li><li class="nav-item"><a class="nav-link" href="page3.html">Adhérents</a></li><li class="nav-item"><a class="nav-link" href="page5.html">Événements</a></li></ul></nav></section>
      <section class="features"><div class="row">${card('Ferme Ouled Ali', '045 80 11 22')}${card('Élevage Sidi Kada', '045 80 11 33')}${card('Huilerie Sig', '045 80 11 44')}</div>
      <div class="btns"><a class="btn" href="page3.html">&lt; Page précédente</a></div></section></body></html>`;
    expect(readListing(html, 'https://chambre.test/page4.html').next).toBeUndefined();
    // The listing's own control still leads on.
    const first = html.replace('<a class="btn" href="page3.html">&lt; Page précédente</a>', '<a class="btn" href="page5.html">Page suivante &gt;</a>');
    expect(readListing(first, 'https://chambre.test/page4.html').next).toBe('https://chambre.test/page5.html');
  });
});
