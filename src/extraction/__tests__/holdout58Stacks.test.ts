/**
 * Markup of stacks that are not WordPress (holdout-58), each page invented in the general shape of
 * the stack's own, read by readListing or readDetail with no selector.
 */
import { readDetail, readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: c.emails }]));

describe("HubSpot CMS's drag-and-drop grid", () => {
  test("its cells classed 'widget-span widget-type-custom_widget' are the page's content, no sidebar widgets", () => {
    const cell = (name: string, tel: string, mail: string) =>
      `<div class="span6 widget-span widget-type-custom_widget dnd-module" data-widget-type="custom_widget"><div class="hs_cos_wrapper hs_cos_wrapper_widget hs_cos_wrapper_type_module" data-hs-cos-type="module"><div class="partner-tile"><h3>${name}</h3><span class="hs_cos_wrapper hs_cos_wrapper_widget hs_cos_wrapper_type_rich_text" data-hs-cos-type="rich_text"><p>Tél : ${tel}</p><p><a href="mailto:${mail}">${mail}</a></p></span></div></div></div>`;
    const html = `<html><body><div class="body-wrapper"><header class="header"><a href="/">Chambre de commerce</a></header>
      <main id="main-content" class="body-container-wrapper"><div class="container-fluid body-container"><div class="row-fluid-wrapper"><div class="row-fluid"><div class="span12 widget-span widget-type-cell" data-widget-type="cell">
      <div class="row-fluid-wrapper dnd-section"><div class="row-fluid">${cell('Tiaret Céréales', '046 41 22 33', 'contact@tiaret-cereales.test')}${cell('Sersou Semences', '046 41 22 44', 'info@sersou.test')}</div></div>
      <div class="row-fluid-wrapper dnd-section"><div class="row-fluid">${cell('Frenda Minoterie', '0550 12 34 56', 'frenda.minoterie@gmail.test')}${cell('Sougueur Agro', '0661 22 33 44', 'sougueur@agro.test')}</div></div>
      </div></div></div></div></main>
      <footer class="footer"><p>Tél : 046 40 00 00 · cci@tiaret.test</p></footer></div></body></html>`;
    expect(byName(html, 'https://cci-tiaret.test/adherents')).toEqual({
      'Tiaret Céréales': { phones: ['+21346412233'], emails: ['contact@tiaret-cereales.test'] },
      'Sersou Semences': { phones: ['+21346412244'], emails: ['info@sersou.test'] },
      'Frenda Minoterie': { phones: ['+213550123456'], emails: ['frenda.minoterie@gmail.test'] },
      'Sougueur Agro': { phones: ['+213661223344'], emails: ['sougueur@agro.test'] },
    });
  });

  test("a sidebar's widget ('widget widget_text') is still the sidebar's", () => {
    const card = (name: string, tel: string) => `<div class="entry"><h3>${name}</h3><p>Tél : ${tel}</p></div>`;
    const html = `<html><body><div class="content">${card('Tiaret Céréales', '046 41 22 33')}${card('Sersou Semences', '046 41 22 44')}${card('Frenda Minoterie', '0550 12 34 56')}</div>
      <div class="widget widget_text"><div class="entry"><h3>Nous joindre</h3><p>Tél : 046 40 00 00</p></div></div></body></html>`;
    expect(Object.keys(byName(html, 'https://cci-tiaret.test/adherents'))).toEqual(['Tiaret Céréales', 'Sersou Semences', 'Frenda Minoterie']);
  });
});

describe("a breadcrumb's links in a page's JSON state", () => {
  test("PrestaShop's var prestashop breadcrumb is no list: the page's cards are read", () => {
    const state = { shop: { name: 'Boutique' }, breadcrumb: { links: [{ title: 'Accueil', url: '/' }, { title: 'Nos points de vente', url: '/magasins' }], count: 2 } };
    const store = (id: number, name: string, tel: string) =>
      `<article id="store-${id}" class="store-item card"><div class="store-description"><p class="h3 card-title">${name}</p><address>${name}<br>Rue ${id}<br>Oran</address></div><footer id="about-${id}" class="collapse"><ul class="card-block"><li><span class="sr-only">Téléphone :</span> ${tel}</li></ul></footer></article>`;
    const html = `<html><head><script>var prestashop = ${JSON.stringify(state)};</script></head><body><main><section id="wrapper"><section id="content" class="page-content page-stores">
      ${store(1, 'Oran Tissus', '041 33 44 55')}${store(2, 'Es Senia Mode', '041 33 44 66')}${store(3, 'Arzew Textile', '041 33 44 77')}</section></section></main></body></html>`;
    expect(byName(html, 'https://boutique.test/magasins')).toEqual({
      'Oran Tissus': { phones: ['+21341334455'], emails: [] },
      'Es Senia Mode': { phones: ['+21341334466'], emails: [] },
      'Arzew Textile': { phones: ['+21341334477'], emails: [] },
    });
  });

  test("a state's 'mainMenu' items are no list either; its 'entreprises' are", () => {
    const state = { mainMenu: [{ title: 'Accueil', url: '/' }, { title: 'Annuaire', url: '/annuaire' }, { title: 'Contact', url: '/contact' }], entreprises: [{ name: 'Oran Tissus', url: '/e/1' }, { name: 'Es Senia Mode', url: '/e/2' }] };
    const html = `<html><head><script id="state" type="application/json">${JSON.stringify(state)}</script></head><body><div id="app"></div></body></html>`;
    expect(readListing(html, 'https://boutique.test/annuaire').companies.map((c) => c.name)).toEqual(['Oran Tissus', 'Es Senia Mode']);
  });
});

/** A post's entry: a numbered heading, its activity, its labelled lines, a rule after it. */
const postEntry = (n: number, name: string, tel: string, mail: string) => `<h2>${n}. ${name}</h2><p>Conseil et accompagnement.</p><p><strong>Tél :</strong> ${tel}</p><p><strong>Email :</strong> <a href="mailto:${mail}">${mail}</a></p><hr>`;

describe('a toggle card among the entries of a post', () => {
  test('named by its own heading beside its button, it is an entry of its own, not the end of the one before', () => {
    const toggle = (name: string, tel: string) => `<div class="toggle-card"><div class="toggle-heading"><h4><span>${name}</span></h4><button class="toggle-icon" aria-label="Ouvrir"><svg viewBox="0 0 24 24"><path d="M0 0"></path></svg></button></div><div class="toggle-content"><p><strong>Tél :</strong> ${tel}</p></div></div><hr>`;
    const html = `<html><body><article><h1>Les cabinets de Bouira</h1><section class="post-content">
      <p>Notre liste, mise à jour chaque année.</p>
      ${postEntry(1, 'Cabinet Amrani', '026 93 11 22', 'amrani@cabinet.test')}${postEntry(2, 'Djurdjura Audit', '026 93 11 33', 'contact@djurdjura-audit.test')}
      ${toggle('Fiduciaire Sour El Ghozlane', '026 93 44 55')}
      ${postEntry(4, 'Bureau Lakhdaria Conseil', '026 93 11 66', 'lakhdaria@conseil.test')}${postEntry(5, 'Haizer Expertise', '0550 66 77 88', 'haizer@expertise.test')}
      </section></article></body></html>`;
    const found = byName(html, 'https://bouira-eco.test/cabinets/');
    expect(Object.keys(found).sort()).toEqual(['Bureau Lakhdaria Conseil', 'Cabinet Amrani', 'Djurdjura Audit', 'Fiduciaire Sour El Ghozlane', 'Haizer Expertise']);
    expect(found['Djurdjura Audit'].phones).toEqual(['+21326931133']);
    expect(found['Fiduciaire Sour El Ghozlane'].phones).toEqual(['+21326934455']);
  });

  test("a toggle that only shows the entry's contacts ('Coordonnées') stays the entry's", () => {
    const html = `<html><body><article><h1>Les cabinets de Bouira</h1><section class="post-content">
      <p>Notre liste, mise à jour chaque année.</p>
      ${postEntry(1, 'Cabinet Amrani', '026 93 11 22', 'amrani@cabinet.test')}${postEntry(2, 'Djurdjura Audit', '026 93 11 33', 'contact@djurdjura-audit.test')}
      <h2>3. Fiduciaire Sour El Ghozlane</h2><p>Audit légal.</p><div class="toggle-card"><div class="toggle-heading"><h4>Coordonnées</h4><button aria-label="Ouvrir">+</button></div><div class="toggle-content"><p><strong>Tél :</strong> 026 93 44 55</p></div></div><hr>
      ${postEntry(4, 'Bureau Lakhdaria Conseil', '026 93 11 66', 'lakhdaria@conseil.test')}${postEntry(5, 'Haizer Expertise', '0550 66 77 88', 'haizer@expertise.test')}
      </section></article></body></html>`;
    const found = byName(html, 'https://bouira-eco.test/cabinets/');
    expect(Object.keys(found).sort()).toEqual(['Bureau Lakhdaria Conseil', 'Cabinet Amrani', 'Djurdjura Audit', 'Fiduciaire Sour El Ghozlane', 'Haizer Expertise']);
    expect(found['Fiduciaire Sour El Ghozlane'].phones).toEqual(['+21326934455']);
  });
});

describe("an ad callout closing a post's entry", () => {
  test("its emoji before its text hides no 'Publicité' badge: the ad is the page's, the entry before it is kept", () => {
    const callout = `<div class="callout-card"><div class="callout-emoji">📢</div><div class="callout-text"><b><strong>Publicité</strong></b> — Logiciel de paie : démo gratuite au 0554 00 11 22 ou vente@paie.test</div></div>`;
    const html = `<html><body><article><h1>Les cabinets de Bouira</h1><section class="post-content">
      ${postEntry(1, 'Cabinet Amrani', '026 93 11 22', 'amrani@cabinet.test')}${postEntry(2, 'Djurdjura Audit', '026 93 11 33', 'contact@djurdjura-audit.test')}
      <h2>3. Cabinet Bechloul</h2><p>Tenue de comptabilité.</p><p><em>Coordonnées non communiquées.</em></p><hr>${callout}
      ${postEntry(4, 'Bureau Lakhdaria Conseil', '026 93 11 66', 'lakhdaria@conseil.test')}${postEntry(5, 'Haizer Expertise', '0550 66 77 88', 'haizer@expertise.test')}
      </section></article></body></html>`;
    const found = byName(html, 'https://bouira-eco.test/cabinets/');
    expect(Object.keys(found).sort()).toEqual(['Bureau Lakhdaria Conseil', 'Cabinet Amrani', 'Cabinet Bechloul', 'Djurdjura Audit', 'Haizer Expertise']);
    expect(found['Cabinet Bechloul']).toEqual({ phones: [], emails: [] });
    expect(Object.values(found).some((c) => c.emails.includes('vente@paie.test'))).toBe(false);
  });
});

describe("a site builder's page title written as its entries' names are", () => {
  test("Weebly's title heading, styled unlike every name under it, over an introduction, is no entry", () => {
    const member = (name: string, lines: string) => `<h2 class="wsite-content-title"><font size="4"><strong>${name}</strong></font></h2><div class="paragraph">${lines}</div><div class="wsite-spacer" style="height:20px;"></div>`;
    const html = `<html><body><div id="wsite-content" class="wsite-elements wsite-not-footer"><div class="wsite-section-elements">
      <h2 class="wsite-content-title"><font size="6">Nos membres</font></h2><div class="paragraph">La liste des commerçants adhérents, à jour de leur cotisation.</div>
      ${member('Boucherie El Baraka', 'Boucherie — Relizane<br />Tél : 046 91 22 33')}
      ${member('Droguerie Mina', 'Droguerie — Relizane<br />Mob : 0661 22 33 44')}
      ${member('Librairie Oued Rhiou', 'Papeterie — Oued Rhiou<br />Tél : 046 97 11 22<br />Email : <a href="mailto:librairie@rhiou.test">librairie@rhiou.test</a>')}
      ${member('Superette Yellel', 'Supérette — Yellel')}
      </div></div></body></html>`;
    expect(Object.keys(byName(html, 'https://commercants-relizane.test/membres.html'))).toEqual(['Boucherie El Baraka', 'Droguerie Mina', 'Librairie Oued Rhiou', 'Superette Yellel']);
  });
});

describe("a company's contact person on its own page", () => {
  test("the number under an 'Interlocuteur' heading ('M. X, gérant — 0662 …') is the company's, beside its tel: links", () => {
    const html = `<html><body><div class="card"><div class="card-header"><h1>Tipaza Nettoyage</h1></div><div class="card-body">
      <table class="table"><tr><th>Téléphone</th><td><a href="tel:024471122">024 47 11 22</a></td></tr><tr><th>E-mail</th><td><a href="mailto:contact@tipaza-nettoyage.test">contact@tipaza-nettoyage.test</a></td></tr></table>
      <h2 class="h6">Interlocuteur</h2><p>Mme Rahmoun, gérante — 0662 45 67 89</p></div></div></body></html>`;
    const { company } = readDetail(html, 'https://portail.test/entreprises/fiche/7');
    expect(company?.phones.sort()).toEqual(['+21324471122', '+213662456789']);
  });
});
