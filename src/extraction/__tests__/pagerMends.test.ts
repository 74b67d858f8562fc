// What a pager's links say about the next page: a page-size selector is none, a next link's own title says next, a navy group is no menu.
import { readListing } from '../extract';

describe('next page', () => {
  test("a page-size selector ('Afficher : 20 50 100', ?par_page=N) is no strip of the list's pages", () => {
    const html = `<!doctype html><html><head><title>Annuaire des entreprises</title></head><body>
<header><a href="/">Accueil</a></header>
<main>
<h1>Annuaire des entreprises du BTP</h1>
<div class="toolbar">Afficher :
<ul class="list-inline">
<li><a class="px-2 font-bold text-blue-700" href="/annuaire/btp?par_page=20">20</a></li>
<li><a class="px-2" href="/annuaire/btp?par_page=50">50</a></li>
<li><a class="px-2" href="/annuaire/btp?par_page=100">100</a></li>
</ul></div>
<div class="results">
<div class="company"><h3>SARL Batimex</h3><p>Alger</p><p>Tél : 021 45 67 89</p><p>contact@batimex.dz</p></div>
<div class="company"><h3>EURL Constructa</h3><p>Oran</p><p>Tél : 041 22 33 44</p><p>info@constructa.dz</p></div>
<div class="company"><h3>SPA Beton Plus</h3><p>Sétif</p><p>Tél : 036 11 22 33</p><p>beton@betonplus.dz</p></div>
</div>
</main>
<footer>© Annuaire</footer>
</body></html>`;
    expect(readListing(html, 'https://annuaire.test/annuaire/btp').next).toBeUndefined();
    expect(readListing(html, 'https://annuaire.test/annuaire/btp?par_page=20').next).toBeUndefined();
  });

  test("a pager's next link titled in words ('Voir les entreprises suivantes') is followed: only a head's <link rel=next> names a document by its title", () => {
    const html = `<!doctype html><html><body>
<main><h1>Entreprises du BTP</h1>
<div class="results">
<div class="company"><h3>SARL Batimex</h3><p>Alger</p><p>Tél : 021 45 67 89</p></div>
<div class="company"><h3>EURL Constructa</h3><p>Oran</p><p>Tél : 041 22 33 44</p></div>
<div class="company"><h3>SPA Beton Plus</h3><p>Sétif</p><p>Tél : 036 11 22 33</p></div>
</div>
<div class="pages"><span class="current">1</span> <a href="/search.php?cat=12&amp;page=2" title="Aller à la page 2">2</a> <a href="/search.php?cat=12&amp;page=3" title="Aller à la page 3">3</a> <a href="/search.php?cat=12&amp;page=2" title="Voir les entreprises suivantes">Suivant »</a></div>
</main></body></html>`;
    expect(readListing(html, 'https://annuaire.test/categorie/btp/').next).toBe('https://annuaire.test/search.php?cat=12&page=2');
  });

  test("a group classed by its colour ('has-navy-background-color') is no site navigation: its tabs are the list's pages", () => {
    const html = `<html><body><main><div class="wp-block-group has-navy-background-color"><h2>Rôle des audiences</h2><ul class="truncate py-2"><li class="grid"><a class="font-medium px-3" href="/roll.php?court=a">Court A</a></li><li class="grid"><a class="font-medium" href="/roll.php?court=b">Court B</a></li><li class="grid"><a class="font-medium" href="/roll.php?court=c">Court C</a></li></ul></div></main></body></html>`;
    expect(readListing(html, 'https://chambre.test/roll.php?court=a').next).toBe('https://chambre.test/roll.php?court=b');
  });
});
