/**
 * A listing whose entries come in several shapes, one per subscription tier (rich cards, plain
 * rows, bare names with a link to their page): every tier is read, the page's furniture is not
 * (a carousel repeating listed names, a menu of sectors, WhatsApp links). And a "Suivant"
 * control that is no link but carries its URL.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';
import { linkTemplate } from '../tiers';

const URL = 'https://guide.test/formation/oran?page=1';

const page = (body: string) => `<!doctype html><html><head><title>Guide</title></head><body>
  <header class="top"><a href="/">Guide</a> <span>Service client : 041 99 88 77</span></header>
  <main>${body}</main>
  <footer><p>Guide – contact@guide.test</p></footer>
</body></html>`;

const gold = (id: number, name: string, tel: string, mail: string) => `<div class="carte-or"><img src="/logo/${id}.png" alt=""><h3><a href="/etab/${id}-x">${name}</a></h3><p>Un établissement agréé depuis 2009, cours du soir.</p><p>Tél. ${tel}</p><p><a href="mailto:${mail}">${mail}</a></p><a class="bouton" href="/etab/${id}-x">Fiche complète</a></div>`;
const classic = (id: number, name: string, tel: string) => `<tr><td><a href="/etab/${id}-x">${name}</a></td><td>Es Senia</td><td><a href="tel:${tel.replace(/\s/g, '')}">${tel}</a></td></tr>`;
const free = (id: number, name: string) => `<p class="libre"><b>${name}</b> · Bir El Djir · <a href="/etab/${id}-x">voir</a></p>`;

const tiers = page(`<h1>Écoles à Oran</h1>
  <div class="defile"><div class="diapo"><a href="/etab/1-x">École Ibn Rochd</a> <span>Oran</span></div><div class="diapo"><a href="/etab/2-x">Institut Lumière</a> <span>Oran</span></div></div>
  <div class="rubriques"><div class="rub"><a href="/formation/oran/langues">Langues</a> <span>(12)</span></div><div class="rub"><a href="/formation/oran/informatique">Informatique</a> <span>(7)</span></div><div class="rub"><a href="/formation/oran/soutien">Soutien scolaire</a> <span>(9)</span></div></div>
  <section class="abonnes">${gold(1, 'École Ibn Rochd', '041 22 33 44', 'contact@ibnrochd.dz')}${gold(2, 'Institut Lumière', '041 55 66 77', 'info@lumiere.dz')}</section>
  <table class="standard"><tr><th>Établissement</th><th>Commune</th><th>Téléphone</th></tr>${classic(3, 'Centre Avenir', '0550 11 22 33')}${classic(4, 'École Nadjah', '0661 44 55 66')}${classic(5, 'Institut Horizon', '041 77 88 99')}</table>
  <div class="gratuits">${free(6, 'Centre El Bahia')}${free(7, 'École Es Salem')}${free(8, 'Institut Santa Cruz')}</div>`);

describe('tiers of one listing', () => {
  test('rich cards, table rows and bare names linking to pages of one template are all entries, in page order', () => {
    const { companies } = readListing(tiers, URL);
    expect(companies.map((c) => c.name)).toEqual(['École Ibn Rochd', 'Institut Lumière', 'Centre Avenir', 'École Nadjah', 'Institut Horizon', 'Centre El Bahia', 'École Es Salem', 'Institut Santa Cruz']);
    expect(companies[0]).toMatchObject({ phones: ['+21341223344'], emails: ['contact@ibnrochd.dz'], detailUrl: 'https://guide.test/etab/1-x' });
    expect(companies[3]).toMatchObject({ phones: ['+213661445566'], detailUrl: 'https://guide.test/etab/4-x' });
    expect(companies[7]).toMatchObject({ phones: [], emails: [], detailUrl: 'https://guide.test/etab/8-x' });
  });

  test('a carousel repeating listed names and a menu of sectors with counts are not tiers', () => {
    const names = readListing(tiers, URL).companies.map((c) => c.name);
    expect(names.filter((n) => n === 'École Ibn Rochd')).toHaveLength(1);
    expect(names).not.toContain('Langues');
    expect(names).not.toContain('Informatique');
  });

  test('two cards, two rows and two names outscore together a menu of sectors with counts that outscores each of them', () => {
    const html = page(`<div class="rubriques"><div class="rub"><a href="/formation/oran/langues">Langues</a> <span>(12)</span></div><div class="rub"><a href="/formation/oran/informatique">Informatique</a> <span>(7)</span></div><div class="rub"><a href="/formation/oran/soutien">Soutien scolaire</a> <span>(9)</span></div><div class="rub"><a href="/formation/oran/couture">Couture</a> <span>(4)</span></div></div>
      <section class="abonnes">${gold(1, 'École Ibn Rochd', '041 22 33 44', 'contact@ibnrochd.dz')}${gold(2, 'Institut Lumière', '041 55 66 77', 'info@lumiere.dz')}</section>
      <table class="standard"><tr><th>Établissement</th><th>Commune</th><th>Téléphone</th></tr>${classic(3, 'Centre Avenir', '0550 11 22 33')}${classic(4, 'École Nadjah', '0661 44 55 66')}</table>
      <div class="gratuits">${free(6, 'Centre El Bahia')}${free(7, 'École Es Salem')}</div>`);
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['École Ibn Rochd', 'Institut Lumière', 'Centre Avenir', 'École Nadjah', 'Centre El Bahia', 'École Es Salem']);
  });

  test("whole-card links of a results list, each ending with its wilaya's code in brackets, are entries, not a menu of categories with counts", () => {
    const card = (id: number, name: string, commune: string, activity: string) =>
      `<a href="/entreprises/${id}-x/" class="list-group-item list-group-item-action py-3"><div class="d-flex w-100 justify-content-between"><h5 class="mb-1">${name}</h5><small>${commune}</small></div><p class="mb-1">${activity}</p><small>Commerce · Jijel (18)</small></a>`;
    const html = page(`<h1>Commerce à Jijel</h1><div class="list-group">${card(1, 'Ets Grossiste Jijel Plage', 'El Aouana', 'Commerce de gros')}${card(2, 'SNC Dépôt Taher', 'Chekfa', 'Distribution de boissons')}${card(3, 'SARL Supérette Kotama', 'Jijel', 'Commerce de détail')}</div>
      <aside><div class="card"><div class="card-header">Publicité</div><div class="card-body"><h6>Transports Kotama</h6><p>Livraison sous froid. 0550 48 40 94</p></div></div><div class="card"><div class="card-body"><h6>Votre entreprise n'est pas listée ?</h6><a href="/entreprises/ajouter/">Inscrivez-la</a></div></div></aside>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Ets Grossiste Jijel Plage', 'https://guide.test/entreprises/1-x/'],
      ['SNC Dépôt Taher', 'https://guide.test/entreprises/2-x/'],
      ['SARL Supérette Kotama', 'https://guide.test/entreprises/3-x/'],
    ]);
  });

  test('a menu of sub-categories with counts whose pages share the entries\' path (a Joomla directory\'s SEF URLs) is not a tier', () => {
    const entry = (slug: string, name: string, tel: string) => `<div class="fiche-resume"><h3><a href="/guide/imprimerie/${slug}">${name}</a></h3><p>Zone industrielle, Oran</p><p>Téléphone : ${tel}</p></div>`;
    const html = page(`<h1>Imprimerie</h1><div class="sous-rubriques"><ul><li><a href="/guide/imprimerie/offset">Offset</a> <span>(14)</span></li><li><a href="/guide/imprimerie/serigraphie">Sérigraphie</a> <span>(6)</span></li><li><a href="/guide/imprimerie/numerique">Numérique</a> (3)</li></ul></div>
      <div class="fiches">${entry('imprimerie-el-bahia', 'Imprimerie El Bahia', '041 33 20 10')}${entry('sarl-print-oran', 'SARL Print Oran', '0550 20 30 11')}${entry('atelier-graphique-sidi-el-houari', 'Atelier Graphique Sidi El Houari', '041 40 50 12')}</div>`);
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['Imprimerie El Bahia', 'SARL Print Oran', 'Atelier Graphique Sidi El Houari']);
  });

  test('a group linking elsewhere (WhatsApp, another site) or to one page for all is not a tier', () => {
    const html = page(`${'<div class="carte-or"><h3><a href="/etab/1-x">École Ibn Rochd</a></h3><p>Oran</p><p>Tél. 041 22 33 44</p></div>'}<div class="carte-or"><h3><a href="/etab/2-x">Institut Lumière</a></h3><p>Oran</p><p>Tél. 041 55 66 77</p></div>
      <ul class="reseaux"><li><a href="https://wa.me/213550112233">Écrire sur WhatsApp</a> <span>réponse rapide</span></li><li><a href="https://www.facebook.com/guide">Page Facebook</a> <span>actualités</span></li></ul>
      <ul class="aide"><li><a href="/etab/aide">Inscrire mon école</a> <span>gratuit</span></li><li><a href="/etab/aide">Modifier ma fiche</a> <span>en ligne</span></li></ul>`);
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['École Ibn Rochd', 'Institut Lumière']);
  });

  test('pages at the site\'s root are of no template: a listing of /x.html entries takes no other group', () => {
    const html = page(`<div class="carte"><h3><a href="/ibn-rochd.html">École Ibn Rochd</a></h3><p>Tél. 041 22 33 44</p></div><div class="carte"><h3><a href="/lumiere.html">Institut Lumière</a></h3><p>Tél. 041 55 66 77</p></div>
      <ul class="liens"><li><a href="/inscription.html">Inscription</a> <span>gratuite</span></li><li><a href="/tarifs.html">Tarifs</a> <span>2026</span></li></ul>`);
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['École Ibn Rochd', 'Institut Lumière']);
  });

  test('partner cards then a table of the other members, neither linking to pages of their own: every card and row whose each entry is a name with a contact is an entry', () => {
    const card = (name: string, tel: string, mail: string) => `<div class="col-md-6"><div class="card partenaire"><img src="/logo.png" alt=""><h4>${name}</h4><p>Transit et dédouanement.</p><ul><li>Tél : ${tel}</li><li><a href="mailto:${mail}">${mail}</a></li></ul></div></div>`;
    const row = (name: string, tel: string) => `<tr><td>${name}</td><td>CD-21-58</td><td>${tel}</td></tr>`;
    const html = page(`<h1>Annuaire des membres</h1><h2>Membres partenaires</h2><div class="row">${card('Rusicade Transit', '038 26 30 48', 'direction@rusicade.dz')}${card('Stora Logistique', '038 97 82 76', 'contact@stora.dz')}</div>
      <h2>Autres membres</h2><table><thead><tr><th>Raison sociale</th><th>Agrément</th><th>Téléphone</th></tr></thead><tbody>${row('Ets Hamidi', '038 80 05 14')}${row('EURL Larbi', '038 18 18 20')}${row('Transit Aouadi', '038 99 56 07')}</tbody></table>
      <div class="faq"><div class="q"><b>Comment adhérer ?</b><p>Déposez votre dossier au siège.</p></div><div class="q"><b>Qui peut adhérer ?</b><p>Tout commissionnaire agréé.</p></div></div>
      <div class="similaires"><div class="sim"><b>Ets Hamidi</b><p>038 80 05 14</p></div><div class="sim"><b>EURL Larbi</b><p>038 18 18 20</p></div></div>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => c.name)).toEqual(['Rusicade Transit', 'Stora Logistique', 'Ets Hamidi', 'EURL Larbi', 'Transit Aouadi']);
    expect(companies[1]).toMatchObject({ phones: ['+21338978276'], emails: ['contact@stora.dz'] });
  });

  test("blocks of one shape far apart, the site's name and number at the top and its subscribers' service at the bottom, are not a tier of entries without pages", () => {
    const card = (name: string, tel: string) => `<div class="carte"><h3>${name}</h3><p>Ouargla</p><p>Tél. ${tel}</p></div>`;
    const html = `<html><body><div class="k1"><b>Guide Sud</b> · 029 60 00 40</div>
      <section><h1>Opticiens</h1>${card('Optique Sidi Khouiled', '029 71 20 30')}${card('Optique El Bahdja', '0661 20 30 40')}${card('Optique Nakhla', '029 71 55 66')}</section>
      <div class="k2"><b>Service abonnés</b> · 029 60 00 41</div></body></html>`;
    expect(readListing(html, URL).companies.map((c) => c.name)).toEqual(['Optique Sidi Khouiled', 'Optique El Bahdja', 'Optique Nakhla']);
  });

  test("a post's list items, then records typed as paragraphs (a bold name, its lines after <br>) between paragraphs of prose: the paragraphs' run of records is a tier too, the prose and the closing notice are not", () => {
    const item = (name: string, tel: string, mail: string) => `<li><strong>${name}</strong> – Khenchela – ☎ ${tel} – ✉ ${mail}</li>`;
    const para = (name: string, tel: string, mail: string) => `<p><strong>${name}</strong> (Centre-ville)<br>Tél. : <del>${tel.replace(/\d\d$/, '00')}</del> nouveau numéro : ${tel}<br>Email : ${mail}</p>`;
    const html = page(`<article><h1>Annuaire santé</h1><div class="entry-content"><h2>Spécialistes</h2><p>Liste complétée en avril 2024 avec l’aide de nos lecteurs.</p>
      <ul>${item('Centre d’Hémodialyse Amina', '032 17 91 90', 'contact@amina.dz')}${item('Cabinet de Cardiologie Saïdi', '032 50 04 02', 'saidi@yahoo.fr')}${item('Centre El Wiam', '0782 82 52 85', 'wiam@yahoo.fr')}</ul>
      <h2>Mise à jour 2025</h2><p>Plusieurs cabinets ont changé de numéro de téléphone fixe en janvier 2025 :</p>
      ${para('Cabinet de Pédiatrie Benkhelifa', '032 87 74 43', 'benkhelifa.kh@hotmail.com')}${para('Centre de Kinésithérapie Bouhmama', '032 40 22 35', 'contact@bouhmama.dz')}${para('Centre Dentaire Babar Smile', '032 45 93 51', 'babar@smile.dz')}
      <p>Vous êtes responsable d’un établissement de santé ? Contactez notre service publicité : <a href="mailto:pub@journal.dz">pub@journal.dz</a>.</p></div></article>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => c.name)).toEqual(['Centre d’Hémodialyse Amina', 'Cabinet de Cardiologie Saïdi', 'Centre El Wiam', 'Cabinet de Pédiatrie Benkhelifa', 'Centre de Kinésithérapie Bouhmama', 'Centre Dentaire Babar Smile']);
    expect(companies[3]).toMatchObject({ emails: ['benkhelifa.kh@hotmail.com'] });
  });

  test('a link\'s template: its path without the last segment and its query\'s keys, on the page\'s own host only', () => {
    expect(linkTemplate('/fiche/20170-hotel', URL)).toBe('/fiche/');
    expect(linkTemplate('https://www.guide.test/fiche/12/', URL)).toBe('/fiche/');
    expect(linkTemplate('fiche.php?id=3&ref=liste', URL)).toBe('/formation/fiche.php?id&ref');
    expect(linkTemplate('/annuaire?secteur=btp&page=2', URL)).toBe('/annuaire?page&secteur');
    expect(linkTemplate('https://wa.me/213550112233', URL)).toBeUndefined();
    expect(linkTemplate('mailto:a@b.dz', URL)).toBeUndefined();
    expect(linkTemplate('#top', URL)).toBeUndefined();
  });
});

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
