// A seller's link to an author archive: after a blog's byline it names the post's writer; after an ad's 'Annonceur' its advertiser.
import { readListing } from '../extract';

test("an ad's 'Annonceur :' link to the advertiser's author archive names the company", () => {
  const html = `<!doctype html><html><body>
<main><h1>Annonces : matériel BTP</h1>
<div class="advert-list">
<div class="advert-item"><div class="advert-img"><img src="/img/1.jpg" alt=""></div><div class="advert-body"><a class="advert-link" href="/annonce/pelle-hydraulique-cat-320/">Pelle hydraulique CAT 320 – état neuf</a><div class="advert-meta">Annonceur : <a href="/author/sarl-engins-du-sud/">SARL Engins du Sud</a></div><div class="advert-price">7 500 000 DA</div><div>Tél : 029 71 22 10</div></div></div>
<div class="advert-item"><div class="advert-img"><img src="/img/2.jpg" alt=""></div><div class="advert-body"><a class="advert-link" href="/annonce/betonniere-350l/">Bétonnière 350 L électrique</a><div class="advert-meta">Annonceur : <a href="/author/eurl-batimat-setif/">EURL Batimat Sétif</a></div><div class="advert-price">95 000 DA</div><div>Tél : 036 84 10 22</div></div></div>
<div class="advert-item"><div class="advert-img"><img src="/img/3.jpg" alt=""></div><div class="advert-body"><a class="advert-link" href="/annonce/grue-a-tour-potain/">Grue à tour Potain MC 85</a><div class="advert-meta">Annonceur : <a href="/author/ets-levage-oran/">Ets Levage Oran</a></div><div class="advert-price">Prix sur demande</div><div>Tél : 041 33 20 18</div></div></div>
</div></main></body></html>`;
  expect(readListing(html, 'https://annonces.test/btp/').companies.map((c) => c.name).slice(0, 3)).toEqual(['SARL Engins du Sud', 'EURL Batimat Sétif', 'Ets Levage Oran']);
});
