/**
 * Finding entries without selectors: JSON state, repeated blocks, tables, advertisements,
 * pagination. Each test is a page written the way a directory writes it, read by readListing
 * with no selector at all.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { extractDetail, readListing } from '../extract';
import { classWords, embeddedJson, findNextPage, jsLiteral, jsonItems, jsonNext, repeatedItems } from '../items';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';
import { normalizePhone } from '../../platform/contacts';

const phonesOf = (s: string): string[] => { const p = normalizePhone(s); return p === undefined ? [] : [p]; };

const URL = 'https://annuaire.test/annuaire?q=btp&page=1';

const chrome = (body: string) => `<!doctype html><html><head><title>Annuaire DZ</title></head><body>
  <header class="site-header"><a href="/">Annuaire DZ</a> <span>Service client : 021 99 88 77</span></header>
  <nav><ul><li><a href="/btp">BTP</a></li><li><a href="/conseil">Conseil</a></li><li><a href="/transport">Transport</a></li></ul></nav>
  <div class="cookie-banner">Nous utilisons des cookies. <a href="/cookies">En savoir plus</a></div>
  <main>${body}</main>
  <footer><p>Annuaire DZ – contact@annuaire-dz.com – 0550 99 88 77</p><p>© 2026</p></footer>
</body></html>`;

const names = (html: string, url = URL) => readListing(html, url).companies.map((c) => c.name);

describe('repeated blocks', () => {
  const cards = chrome(`<h1>Entreprises BTP à Alger</h1>
    <div class="results">
      <div class="card"><h3><a href="/entreprise/1">SARL Numidia Bâtiment</a></h3><p>Bab Ezzouar, Alger</p><p>Tél : 0550 12 34 56</p></div>
      <div class="card"><h3><a href="/entreprise/2">Atlas Travaux</a></h3><p>Hydra, Alger</p><p><a href="mailto:info@atlas-travaux.dz">info@atlas-travaux.dz</a></p></div>
      <div class="card sponsored"><span class="badge">Sponsorisé</span><h3><a href="/pub/9">Béton Express</a></h3><p>Tél : 0661 00 00 01</p></div>
      <div class="card"><h3><a href="/entreprise/3">Tassili Construction</a></h3><p>Kouba, Alger</p><p>Tél : 021 23 45 67 – Fax : 021 23 45 68</p></div>
      <div class="card"><span class="label">Annonce</span><h3>Location d'engins</h3><p>Tél : 0770 00 00 02</p></div>
    </div>`);

  test('sibling cards with a name and contacts are the entries; sponsored cards and ad badges are dropped and counted', () => {
    const { companies, dropped } = readListing(cards, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails, c.detailUrl])).toEqual([
      ['SARL Numidia Bâtiment', ['+213550123456'], [], 'https://annuaire.test/entreprise/1'],
      ['Atlas Travaux', [], ['info@atlas-travaux.dz'], 'https://annuaire.test/entreprise/2'],
      ['Tassili Construction', ['+21321234567'], [], 'https://annuaire.test/entreprise/3'],
    ]);
    expect(companies[2].faxes).toEqual(['+21321234568']);
    expect(dropped).toEqual({ no_name: 0, invalid_name: 0, advertisement: 2 });
  });

  test("an ad slot labelled in words of two ('Espace publicitaire', 'Encart publicitaire', 'Contenu sponsorisé') above an advertiser's name is an advertisement, a site builder's cell as any card", () => {
    // WebSite X5 text objects: one cell per restaurant, spans classed by font only; the guide's ad cell between them.
    const cell = (lines: string) => `<div class="imCell"><div class="text-tab-content"><div class="text-inner">${lines}</div></div></div>`;
    const name = (n: string) => `<div><b><span class="fs16lh1-5 cf1 ff1">${n}</span></b></div>`;
    const line = (t: string) => `<div><span class="fs11lh1-5">${t}</span></div>`;
    for (const label of ['Espace publicitaire', 'Encart publicitaire', 'Espace pub', 'Contenu sponsorisé', 'Lien sponsorisé', 'Annonce publicitaire']) {
      const html = chrome(`<div class="imContent">
        ${cell(name('Grill Le Berbère') + line('Grillades et brochettes') + line('Réservations : (048) 97 64 24'))}
        ${cell(name('Restaurant Aïn Skhouna') + line('Cuisine familiale') + line('Commandes : 0782 396 544'))}
        ${cell(`<div><span class="fs9lh1-5 cf3">${label}</span></div><div><b><span class="fs14lh1-5 cf4">Pâtisserie Les Délices</span></b></div>` + line('Gâteaux traditionnels, commandes pour fêtes : 0556 19 05 01'))}
        ${cell(name('Fast Food Le Quartier') + line('Fast-food, sandwichs') + line('☎ 048 25 03 79'))}
      </div>`);
      const { companies, dropped } = readListing(html, URL);
      expect([label, companies.map((c) => [c.name, ...c.phones])]).toEqual([label, [
        ['Grill Le Berbère', '+21348976424'],
        ['Restaurant Aïn Skhouna', '+213782396544'],
        ['Fast Food Le Quartier', '+21348250379'],
      ]]);
      expect(dropped.advertisement).toBe(1);
    }
  });

  test('the header and footer contacts are the directory\'s: reported, never given to an entry', () => {
    const { chromeContacts } = readListing(cards, URL);
    expect(new Set(chromeContacts)).toEqual(new Set(['+21321998877', 'contact@annuaire-dz.com', '+213550998877']));
  });

  test('data-* attributes named otherwise (data-num-tel, data-phone2, data-contact-email, data-fax2)', () => {
    const html = chrome(`<ul class="listing">
      <li class="item"><h2>Sahara Logistique</h2><span>Ouargla</span><a href="#" data-num-tel="0550123456" data-phone2="029 71 22 33">Voir</a></li>
      <li class="item"><h2>Oran Transit</h2><span>Oran</span><a href="#" data-contact-email="contact@oran-transit.dz" data-fax2="041 33 44 56">Écrire</a></li>
    </ul>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual([
      ['Sahara Logistique', ['+213550123456', '+21329712233'], [], []],
      ['Oran Transit', [], ['contact@oran-transit.dz'], ['+21341334456']],
    ]);
  });

  test('several numbers in one attribute: data-phones as a JSON array, data-phone as a comma list', () => {
    const html = chrome(`<ul class="listing">
      <li class="item"><h2>Clim Froid</h2><span>Oran</span><button data-phones='["0797 63 78 53","041 69 18 88"]'>Afficher le numéro</button></li>
      <li class="item"><h2>Oran Froid</h2><span>Oran</span><button data-phone="0797637854,041691889">Afficher le numéro</button></li>
    </ul>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Clim Froid', ['+213797637853', '+21341691888']],
      ['Oran Froid', ['+213797637854', '+21341691889']],
    ]);
  });

  test('cards whose phone hides behind a button: data-phone, data-tel, data-email', () => {
    const html = chrome(`<ul class="listing">
      <li class="item"><h2>Sahara Logistique</h2><span>Ouargla</span><button class="show-phone" data-phone="0550123456">Afficher le numéro</button></li>
      <li class="item"><h2>Oran Transit</h2><span>Oran</span><button data-tel="+213 41 33 44 55">Voir le téléphone</button><a href="#" data-email="contact@oran-transit.dz">E-mail</a></li>
      <li class="item"><h2>Kabylie Fret</h2><span>Tizi Ouzou</span><button data-phone="0770 12 34 56">Afficher</button><button data-fax="026 12 34 56">Fax</button></li>
    </ul>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Sahara Logistique', ['+213550123456'], []],
      ['Oran Transit', ['+21341334455'], ['contact@oran-transit.dz']],
      ['Kabylie Fret', ['+213770123456'], []],
    ]);
    expect(companies[2].faxes).toEqual(['+21326123456']);
  });


  test('a Stimulus reveal button: the number is its action param (data-reveal-number-param), the text shows it masked', () => {
    // Rails + Hotwire: <button data-action="reveal#show" data-reveal-number-param="…"> in a card whose controller is "reveal".
    const card = (id: number, name: string, masked: string, full: string) => `<article class="listing-card" id="listing_${id}" data-controller="reveal" data-reveal-listing-id-value="${id}">
        <h2><a data-turbo-frame="_top" href="/entreprises/${id}-x">${name}</a></h2><p>Annaba</p>
        <span data-reveal-target="masked">${masked}</span>
        <button type="button" data-action="reveal#show" data-reveal-number-param="${full}">Afficher le numéro</button></article>`;
    const html = chrome(`<turbo-frame id="listings">${card(101, 'SARL Seybouse Nettoyage', '038 61 •• ••', '038618221')}${card(102, 'EURL Edough Services', '0799 17 •• ••', '0799171529')}${card(103, 'Hippone Intérim', '038 95 •• ••', '038957337')}</turbo-frame>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Seybouse Nettoyage', ['+21338618221']],
      ['EURL Edough Services', ['+213799171529']],
      ['Hippone Intérim', ['+21338957337']],
    ]);
  });

  test("a Stimulus value is a contact only by its name after the declared controller's identifier: an order number is not a phone", () => {
    // A shop's cart controller keeps the order's number as a value (data-cart-order-number-value); the card's phone is in its text.
    const card = (id: number, name: string, phone: string) => `<article class="listing-card" data-controller="cart" data-cart-order-number-value="05501234${id}">
        <h2><a href="/entreprises/${id}-x">${name}</a></h2><p>Annaba — Tél : ${phone}</p>
        <button type="button" data-action="cart#add" data-cart-invoice-number-param="06601234${id}">Commander</button></article>`;
    const html = chrome(`<div class="listings">${card(11, 'SARL Seybouse Nettoyage', '038 61 82 21')}${card(12, 'EURL Edough Services', '0799 17 15 29')}${card(13, 'Hippone Intérim', '038 95 73 37')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Seybouse Nettoyage', ['+21338618221']],
      ['EURL Edough Services', ['+213799171529']],
      ['Hippone Intérim', ['+21338957337']],
    ]);
  });

  test('a number labelled Tél in the text is kept beside the one behind a button; the fax stays apart', () => {
    const html = chrome(`<div class="results">
      <div class="card"><h3><a href="/entreprise/1">SARL Numidia Bâtiment</a></h3><p class="tel">Tél : 0550 10 34 56 – Fax : 021 23 45 10</p>
        <div class="actions"><a href="/entreprise/1">Voir la fiche</a> <button data-phone="0550123401">Afficher</button></div></div>
      <div class="card"><h3><a href="/entreprise/2">Atlas Travaux</a></h3><p class="tel">Tél : 0661 20 34 56 – Fax : 021 23 45 20</p>
        <div class="actions"><a href="/entreprise/2">Voir la fiche</a> <button data-phone="0550123402">Afficher</button></div></div>
    </div>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.faxes])).toEqual([
      ['SARL Numidia Bâtiment', ['+213550123401', '+213550103456'], ['+21321234510']],
      ['Atlas Travaux', ['+213550123402', '+213661203456'], ['+21321234520']],
    ]);
  });
  test('cards with only a name and a link to their own page are entries; a list of category links is not', () => {
    const html = chrome(`<section><h2>Catégories</h2><ul class="cats"><li><a href="/c/1">Bâtiment</a></li><li><a href="/c/2">Conseil</a></li><li><a href="/c/3">Transport</a></li></ul></section>
      <div class="list">
        <article class="fiche"><h2><a href="/e/numidia">Numidia Conseil</a></h2><p>Alger centre</p></article>
        <article class="fiche"><h2><a href="/e/atlas">Atlas BTP</a></h2><p>Blida</p></article>
        <article class="fiche"><h2><a href="/e/tassili">Tassili Import</a></h2><p>Oran</p></article>
      </div>`);
    expect(names(html)).toEqual(['Numidia Conseil', 'Atlas BTP', 'Tassili Import']);
    expect(readListing(html, URL).companies.map((c) => c.detailUrl)).toEqual(['https://annuaire.test/e/numidia', 'https://annuaire.test/e/atlas', 'https://annuaire.test/e/tassili']);
  });

  test('a table with a header row: the name column, phones and faxes by their column headers', () => {
    const html = chrome(`<table class="annuaire">
      <thead><tr><th>Raison sociale</th><th>Activité</th><th>Téléphone</th><th>Fax</th><th>E-mail</th><th>Wilaya</th></tr></thead>
      <tbody>
        <tr><td>Alger</td><td>SARL Numidia Conseil</td><td></td><td></td><td></td><td></td></tr>
      </tbody></table>`);
    // A header names the columns: the name is read under 'Raison sociale', whatever its position.
    const table = chrome(`<table class="annuaire">
      <thead><tr><th>Wilaya</th><th>Raison sociale</th><th>Activité</th><th>Téléphone</th><th>Fax</th><th>E-mail</th></tr></thead>
      <tbody>
        <tr><td>Alger</td><td>SARL Numidia Conseil</td><td>Conseil</td><td>0550 12 34 56</td><td>021 23 45 68</td><td>contact@numidia.dz</td></tr>
        <tr><td>Oran</td><td>Atlas Transport</td><td>Transport</td><td>041 33 44 55</td><td></td><td>atlas@transport.dz</td></tr>
        <tr><td>Sétif</td><td>EURL Hodna Bois</td><td>Menuiserie</td><td>036 12 34 56</td><td>036 12 34 57</td><td></td></tr>
      </tbody></table>`);
    const { companies } = readListing(table, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual([
      ['SARL Numidia Conseil', ['+213550123456'], ['contact@numidia.dz'], ['+21321234568']],
      ['Atlas Transport', ['+21341334455'], ['atlas@transport.dz'], []],
      ['EURL Hodna Bois', ['+21336123456'], [], ['+21336123457']],
    ]);
    expect(names(html)).toEqual([]); // one row is not a listing
  });

  test('a table made of divs (a published database, a data grid): its header cells name the columns, a Fax column holds faxes', () => {
    // react-notion-x prints a database as class-named divs; data grids write ARIA roles instead.
    const cell = (cls: string, html: string) => `<div class="db-cell db-cell-${cls}">${html}</div>`;
    const row = (name: string, tel: string, fax: string, mail: string) =>
      `<div class="db-table-row">${cell('title', `<a href="/p/${name.length}"><span>${name}</span></a>`)}${cell('text', 'Oran')}${cell('phone', tel)}${cell('text', fax)}${cell('email', mail)}</div>`;
    const head = ['Établissement', 'Ville', 'Tél', 'Fax', 'Courriel'].map((h) => `<div class="db-table-th"><div class="db-head-inner"><svg class="db-icon"></svg><div>${h}</div></div></div>`).join('');
    const notionLike = chrome(`<div class="db-table"><div class="db-table-header"><div class="db-table-header-inner">${head}</div></div>
      <div class="db-table-body">
        ${row('Cabinet Ifri Santé', '041 22 33 44', '041.22.33.45', 'ifri@sante.dz')}
        ${row('Polyclinique Es-Sénia', '041 55 66 77', '', 'es@senia.dz')}
        ${row('Laboratoire Menaa', '', '041 90 80 71', 'labo@menaa.dz')}
      </div></div>`);
    const expected = [
      ['Cabinet Ifri Santé', ['+21341223344'], ['ifri@sante.dz'], ['+21341223345']],
      ['Polyclinique Es-Sénia', ['+21341556677'], ['es@senia.dz'], []],
      ['Laboratoire Menaa', [], ['labo@menaa.dz'], ['+21341908071']],
    ];
    expect(readListing(notionLike, URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual(expected);
    const aria = chrome(`<div role="table"><div role="rowgroup"><div role="row">${['Établissement', 'Ville', 'Tél', 'Fax', 'Courriel'].map((h) => `<span role="columnheader">${h}</span>`).join('')}</div></div>
      <div role="rowgroup">${[
        ['Cabinet Ifri Santé', '041 22 33 44', '041.22.33.45', 'ifri@sante.dz'],
        ['Polyclinique Es-Sénia', '041 55 66 77', '', 'es@senia.dz'],
        ['Laboratoire Menaa', '', '041 90 80 71', 'labo@menaa.dz'],
      ]
        .map(([n, t, f, m]) => `<div role="row"><span role="cell">${n}</span><span role="cell">Oran</span><span role="cell">${t}</span><span role="cell">${f}</span><span role="cell">${m}</span></div>`)
        .join('')}</div></div>`);
    expect(readListing(aria, URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual(expected);
  });

  test('thousands of div tables, each a header and rows, are read in bounded time', () => {
    const table = (t: number) => `<div class="x-table"><div class="x-table-th">Nom</div><div class="x-table-th">Tél</div><div class="x-table-th">Fax</div><div class="x-body">${Array.from({ length: 3 }, (_, r) => `<div class="x-table-row"><div>Société ${t} ${r}</div><div>0550 ${String(t % 90 + 10)} ${String(r + 10)} 11</div><div></div></div>`).join('')}</div></div>`;
    const page = chrome(Array.from({ length: 4_000 }, (_, t) => table(t)).join(''));
    const { ms } = cpuMs(() => readListing(page, URL));
    expectCpuWithin(ms, 10_000);
  }, 60_000);

  test('a page builder’s columns: a counter of figures and a call to action in the same columns as the members are no entries', () => {
    // Gutenberg + Spectra blocks: every block of the page is a column of one class; figures and an invitation to join beside the members.
    const col = (html: string) => `<div class="wp-block-uagb-column uagb-column__wrap">${html}</div>`;
    const counter = (n: number, what: string) => col(`<div class="wp-block-uagb-counter"><div class="wp-block-uagb-counter__number" data-end="${n}">0</div><div class="wp-block-uagb-counter__title">${what}</div></div>`);
    const member = (name: string, tel: string, mail: string) => col(`<h3 class="uagb-heading-text">${name}</h3><p>Zone industrielle</p><p><a href="tel:${tel}">${tel}</a><br><a href="mailto:${mail}">${mail}</a></p>`);
    const page = chrome(`<div class="wp-block-uagb-container">${counter(41, 'cliniques membres')}${counter(900, 'lits')}${counter(12, 'communes')}
      ${member('Clinique El Azhar', '+21338861122', 'contact@elazhar.dz')}${member('Clinique Les Orangers', '+21338862233', 'info@orangers.dz')}${member('Centre Médical Seraïdi', '+21338863344', 'seraidi@cms.dz')}</div>
      <div class="wp-block-uagb-container">${col(`<div class="wp-block-uagb-call-to-action"><h3 class="uagb-cta__title">Adhérer au syndicat</h3><p class="uagb-cta__desc">Votre clinique souhaite nous rejoindre ? Écrivez à <a href="mailto:adhesion@syndicat-cliniques.dz">adhesion@syndicat-cliniques.dz</a></p><a class="uagb-cta__button-link-wrapper" href="/adhesion/">Adhérer</a></div>`)}</div>`);
    expect(names(page)).toEqual(['Clinique El Azhar', 'Clinique Les Orangers', 'Centre Médical Seraïdi']);
  });

  test("a classic editor's paragraph left among a post's block groups (a bold name, a line break, its contacts) is an entry of the list, as is one opening it", () => {
    // (Gutenberg: each entry a group of columns; a few entries still as the classic editor wrote them, between or above the groups.)
    const group = (name: string, town: string, phone: string) =>
      `<div class="wp-block-group fiche"><div class="wp-block-columns"><div class="wp-block-column"><figure class="wp-block-image"><img src="/wp-content/uploads/${town}.jpg" alt=""></figure></div>` +
      `<div class="wp-block-column"><h3 class="wp-block-heading">${name}</h3><p>Consultations – ${town}</p><p>Tél : <a href="tel:${phone}">${phone}</a></p></div></div></div>`;
    const classic = (name: string, phone: string) => `<p><strong>${name}</strong><br>\nMobile : ${phone}</p>`;
    const page = chrome(`<div class="entry-content wp-block-post-content">${classic('Clinique Les Pins', '0661 20 30 40')}<hr class="wp-block-separator">
      ${group('Clinique El Azhar', 'Dellys', '+21324861122')}${group('Centre Médical Seraïdi', 'Thénia', '+21324862233')}${classic('Laboratoire Ibn Sina', '024 73 26 30')}<hr class="wp-block-separator">
      ${group('Cabinet Corso', 'Boudouaou', '+21324863344')}${group('Clinique Ennakhil', 'Isser', '+21324864455')}
      <p>Pour figurer dans l’annuaire, <a href="/contact/">écrivez-nous</a>.</p></div>`);
    expect(names(page)).toEqual(['Clinique Les Pins', 'Clinique El Azhar', 'Centre Médical Seraïdi', 'Laboratoire Ibn Sina', 'Cabinet Corso', 'Clinique Ennakhil']);
  });

  test('a line of links to the other pages ("Autres villes : A · B · C") among paragraph entries is no entry', () => {
    const page = chrome(`<div class="rte"><p>Nos distributeurs agréés, ville par ville.</p>
      <p>Voir aussi : <a href="/pages/setif">Sétif</a> | <a href="/pages/bejaia">Béjaïa</a> | <a href="/pages/jijel">Jijel</a></p>
      <h3>El Eulma</h3>
      <p><strong>Quincaillerie Ennour</strong><br>Rue de la gare, El Eulma<br>Tél. 036 87 11 22</p>
      <p><strong>Comptoir Hodna Bâtiment</strong><br>Cité 500 logements, El Eulma<br>Mobile : 0661 22 33 44</p>
      <p><strong>Droguerie Tinar</strong><br>Coordonnées à venir</p>
      <h3>Aïn Oulmene</h3>
      <p><strong>Matériaux Kasr El Abtal</strong><br>Route nationale 28, Aïn Oulmene<br>Tél. 036 72 44 55 / 0550 10 20 30</p></div>`);
    expect(names(page)).toEqual(['Quincaillerie Ennour', 'Comptoir Hodna Bâtiment', 'Droguerie Tinar', 'Matériaux Kasr El Abtal']);
  });

  test('French and Arabic bilingual cards with Arabic-Indic digits', () => {
    const html = chrome(`<div class="results" dir="rtl">
      <div class="entry"><h3>شركة الأطلس للبناء – Atlas Bâtiment</h3><p>هاتف: ٠٥٥٠ ١٢ ٣٤ ٥٦</p><p>فاكس: ٠٢١ ٢٣ ٤٥ ٦٨</p></div>
      <div class="entry"><h3>مؤسسة النخيل للنقل</h3><p>الهاتف : ٠٦٦١ ٢٢ ٣٣ ٤٤</p></div>
    </div>`);
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['شركة الأطلس للبناء – Atlas Bâtiment', ['+213550123456'], ['+21321234568']],
      ['مؤسسة النخيل للنقل', ['+213661223344'], []],
    ]);
  });

  test('40,000 nested blocks and 40,000 siblings are read in one walk', () => {
    const deep = `<html><body>${'<div>'.repeat(40_000)}x${'</div>'.repeat(40_000)}</body></html>`;
    expect(repeatedItems(parse(deep)).items).toEqual([]);
    const wide = `<html><body><div>${'<p><b>Nom</b> 0550 12 34 56</p>'.repeat(40_000)}</div></body></html>`;
    expect(repeatedItems(parse(wide)).items).toHaveLength(40_000);
  }, 30_000);
});

describe('entries marked first or last', () => {
  test("a table's first and last rows, classed 'views-row-first' / 'row_last' beside the zebra classes, are rows of the list", () => {
    const row = (cls: string, n: number) => `<tr class="${cls}"><td><a href="/n/${n}">Maître Notaire ${n}</a></td><td>Rue ${n}, Souk Ahras</td><td>037 32 76 1${n}</td></tr>`;
    const tables = [
      ['odd views-row-first', 'even', 'odd', 'even views-row-last'],
      ['row_first impaire', 'paire', 'impaire', 'row_last paire'],
    ];
    for (const classes of tables) {
      const html = chrome(`<table class="views-table"><thead><tr><th>Notaire</th><th>Adresse</th><th>Téléphone</th></tr></thead><tbody>${classes.map((c, i) => row(c, i + 1)).join('')}</tbody></table>`);
      expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([1, 2, 3, 4].map((n) => [`Maître Notaire ${n}`, [`+2133732761${n}`]]));
    }
  });
});

describe('entries named by their ARIA role', () => {
  test("a feed's role=article entries whose atomic class lists differ from one entry to the next are one list", () => {
    // (Atomic CSS, each class one declaration: an entry's class list is whatever its styles add up to, in any order.)
    const classes = ['x1n2onr6 xeuugli', 'x1lliihq x193iq5w xvq8zen', 'x193iq5w x1n2onr6', 'xeuugli x1lliihq x13faqbe', 'x9f619 x1n2onr6'];
    const article = (cls: string, n: number) => `<div role="article" class="${cls}"><div class="${classes[(n + 2) % 5]}"><a href="/p/page-${n}"><span>Restaurant ${n}</span></a>
      <div class="${classes[(n + 1) % 5]}"><span>Page · Restaurant</span></div><ul><li><span>Plage ${n}, Annaba</span></li><li><span>0550 12 34 5${n}</span></li></ul></div></div>`;
    const html = chrome(`<div role="feed" class="x1n2onr6 x1vvkbs">${classes.map(article).join('')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([0, 1, 2, 3, 4].map((n) => [`Restaurant ${n}`, [`+21355012345${n}`]]));
  });
});

describe('JSON state', () => {
  test('window.__INITIAL_STATE__ = {...}: the largest array of company-like objects; sponsored ones dropped', () => {
    const state = {
      user: { name: 'Visiteur', id: 1 },
      listings: {
        total: 3,
        items: [
          { id: 1, raisonSociale: 'SARL Numidia Conseil', telephone: '0550 12 34 56', email: 'contact@numidia.dz', wilaya: 'Alger', slug: 'numidia', url: '/entreprise/1' },
          { id: 2, raisonSociale: 'Atlas BTP', contact: { phone: '021 23 45 67', fax: '021 23 45 68' }, wilaya: 'Alger', url: '/entreprise/2' },
          { id: 3, raisonSociale: 'Pub Béton', telephone: '0661 00 00 01', sponsored: true },
        ],
      },
      categories: [{ name: 'BTP', url: '/btp' }],
    };
    const html = chrome(`<div id="app"></div><script>window.__INITIAL_STATE__ = ${JSON.stringify(state)};</script>`);
    const { companies, dropped } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? [], c.detailUrl])).toEqual([
      ['SARL Numidia Conseil', ['+213550123456'], ['contact@numidia.dz'], [], 'https://annuaire.test/entreprise/1'],
      ['Atlas BTP', ['+21321234567'], [], ['+21321234568'], 'https://annuaire.test/entreprise/2'],
    ]);
    expect(dropped.advertisement).toBe(1);
  });

  test('__NEXT_DATA__ and JSON.parse("...") literals', () => {
    const next = { props: { pageProps: { companies: [{ name: 'Oran Transit', phone: '041334455', mail: 'oran@transit.dz' }, { name: 'Sahara Logistique', phone: ['0550123456', '0661223344'] }] } } };
    const html = chrome(`<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Oran Transit', ['+21341334455'], ['oran@transit.dz']],
      ['Sahara Logistique', ['+213550123456', '+213661223344'], []],
    ]);
    const literal = JSON.stringify(JSON.stringify([{ nom: 'Hodna Bois', tel: '036123456' }, { nom: 'Sétif Métal', tel: '036123458' }]));
    const parsed = embeddedJson(parse(`<script>var data = JSON.parse(${literal});</script>`).querySelectorAll('script'));
    expect(jsonItems(parsed[0]).map((i) => i.name)).toEqual(['Hodna Bois', 'Sétif Métal']);
  });

  test("JSON.parse of a single-quoted JS string (\\' \\x \\u escapes) or a template literal; a name held by a company object ({societe: {denomination}})", () => {
    const state = [{ societe: { denomination: "L'Atelier Sétif", forme: null }, joindre: [{ canal: 'tel', valeur: '036123456' }] }, { societe: { denomination: 'Hodna Bois' }, joindre: [{ canal: 'email', valeur: 'hodna@bois.dz' }] }];
    const json = JSON.stringify(state);
    const single = `'${json.replace(/'/g, "\\'").replace(/é/g, '\\u00e9').replace(/\//g, '\\x2F')}'`;
    for (const literal of [single, `\`${json}\``]) {
      const parsed = embeddedJson(parse(`<script>window.__ANNUAIRE__ = JSON.parse(${literal});</script>`).querySelectorAll('script'));
      expect(jsonItems(parsed[0]).map((i) => [i.name, i.phones, i.emails])).toEqual([["L'Atelier Sétif", ['036123456'], []], ['Hodna Bois', [], ['hodna@bois.dz']]]);
    }
    // A template literal with a substitution is code: nothing.
    expect(embeddedJson(parse('<script>var s = JSON.parse(`[{"nom": "${x}"}]`);</script>').querySelectorAll('script'))).toEqual([]);
  });

  test('Next.js App Router flight data: client components\' props, references to rows resolved, chunks split anywhere, text rows skipped', () => {
    const rows = [
      '2:I["12",["app/page.js"],"Liste"]\n',
      '0:["$","main",null,{"children":["$","$L2",null,{"entreprises":"$4","titre":"$$5 offres"}]}]\n',
      `5:T${Buffer.byteLength('<p>Présentation</p>').toString(16)},<p>Présentation</p>`,
      '4:[{"nom":"Oran Transit","tel":"041334455"},{"nom":"Sahara Logistique","email":"info@sahara.dz"}]\n',
      '6:["$","$L2",null,{"fiche":{"nom":"Tlemcen Bois","telephones":["043 20 30 40"]},"cycle":"$7"}]\n7:{"x":"$7"}\n',
    ].join('');
    const cut = [rows.slice(0, 50), rows.slice(50, 200), rows.slice(200)];
    const scripts = cut.map((c) => `<script>self.__next_f.push([1,${JSON.stringify(c)}])</script>`).join('');
    const values = embeddedJson(parse(`<script>(self.__next_f=self.__next_f||[]).push([0])</script>${scripts}`).querySelectorAll('script'));
    const names = values.flatMap((v) => jsonItems(v).map((i) => i.name));
    expect(names).toEqual(['Oran Transit', 'Sahara Logistique']);
    const flat = values.find((v) => Array.isArray(v) && v.some((r) => typeof r === 'object' && r !== null && 'fiche' in r)) as Record<string, unknown>[];
    expect(flat.map((r) => r.nom ?? r.titre ?? r.fiche).filter((x) => typeof x === 'string')).toEqual(['$5 offres', 'Tlemcen Bois']);
  });

  test('JSON items with a slug and no URL get the detail link the page renders under their name', () => {
    const next = { props: { pageProps: { results: { items: [{ slug: 'oran-transit', name: 'Oran Transit', contact: { phone: '041334455' } }, { slug: 'sahara-log', name: 'Sahara Logistique', contact: { phone: '0550123456' } }] } } } };
    const html = chrome(`<div id="__next"><div class="card"><a href="/entreprise/oran-transit">Oran Transit</a></div><div class="card"><a href="/entreprise/sahara-log#devis">Devis</a><a href="/entreprise/sahara-log"> Sahara  Logistique </a></div></div>
      <script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Oran Transit', 'https://annuaire.test/entreprise/oran-transit'],
      ['Sahara Logistique', 'https://annuaire.test/entreprise/sahara-log'],
    ]);
  });

  test('a script of unbalanced brackets and broken literals is scanned once and gives nothing', () => {
    const hostile = `<script>var a = ${'{['.repeat(100_000)}; var b = ${'{"x":'.repeat(50_000)}</script>`;
    expect(embeddedJson(parse(hostile).querySelectorAll('script'))).toEqual([]);
  }, 30_000);

  test('a JSON "load more" answer: its items, and its next link resolved on the page', () => {
    const body = JSON.stringify({ items: [{ name: 'Numidia Conseil', phone: '0550 12 34 56' }, { name: 'Atlas BTP', email: 'info@atlas.dz' }], next: '/api/entreprises?page=3' });
    const listing = readListing(body, 'https://annuaire.test/api/entreprises?page=2', {}, { contentType: 'application/json' });
    expect(listing.companies.map((c) => c.name)).toEqual(['Numidia Conseil', 'Atlas BTP']);
    expect(listing.next).toBe('https://annuaire.test/api/entreprises?page=3');
    const html = JSON.stringify({ html: '<div class="c"><h3>Tassili</h3><p>0550 12 34 56</p></div><div class="c"><h3>Hodna</h3><p>0661 22 33 44</p></div>', next_page: 4 });
    const fragment = readListing(html, 'https://annuaire.test/api/entreprises?page=3', {}, { contentType: 'application/json; charset=utf-8' });
    expect(fragment.companies.map((c) => [c.name, c.phones])).toEqual([['Tassili', ['+213550123456']], ['Hodna', ['+213661223344']]]);
    expect(fragment.next).toBe('https://annuaire.test/api/entreprises?page=4');
  });
});

describe('JSON entries with plural contact keys', () => {
  test('a record\'s contacts listed by kind in plural keys ({contacts: {fixes, mobiles, fax, emails}}, a Nuxt 3 payload\'s agency) are all read: its fixed lines are phones', () => {
    const payload = JSON.stringify([['ShallowReactive', 1], { data: 2 }, { 'agence-ets-casbah-foncier': 3 }, { nom: 4, activite: 5, contacts: 6 }, 'Ets Casbah Foncier', 'Vente et location',
      { fixes: 7, mobiles: 10, fax: 12, emails: 13 }, [8, 9], '+21321637413', '+21323801618', [11], '+213666245830', [], [14], 'accueil@casbahfoncier-dz.com']);
    const html = `<html><body><header><a href="/">DzairImmo</a> <a href="tel:+21323463193">023 46 31 93</a></header><main><div class="card"><h1>Ets Casbah Foncier</h1><p>Vente et location</p>
      <ul><li class="flex"><span>Téléphone</span><a href="tel:+21321637413">021 63 74 13</a></li><li class="flex"><span>Téléphone 2</span><a href="tel:+21323801618">023.80.16.18</a></li>
      <li class="flex"><span>Mobile</span><a href="tel:+213666245830">0666 24 58 30</a></li><li class="flex"><span>E-mail</span><a href="mailto:accueil@casbahfoncier-dz.com">accueil@casbahfoncier-dz.com</a></li></ul></div></main>
      <script type="application/json" id="__NUXT_DATA__" data-ssr="true">${payload}</script></body></html>`;
    const company = extractDetail(html, 'https://annuaire.test/agence/ets-casbah-foncier');
    expect([company?.name, [...(company?.phones ?? [])].sort(), company?.emails, company?.faxes]).toEqual(['Ets Casbah Foncier', ['+21321637413', '+21323801618', '+213666245830'], ['accueil@casbahfoncier-dz.com'], undefined]);
    expect(jsonItems({ nom: 'Cabinet Cherif', telephonesFixes: ['021 12 11 79'], portables: ['0561 99 55 05'] }, true).map((i) => [i.name, i.phones])).toEqual([['Cabinet Cherif', ['021 12 11 79', '0561 99 55 05']]]);
  });
});

describe('JSON entries with abbreviated contact keys', () => {
  test('a contact holder ({coord: {t, m, f, e}}) keyed by initials, as business cards write T / M / F / E: phones, mobile, fax, e-mail', () => {
    const rows = [
      { denomination: 'Cabinet Atlas', coord: { t: ['033 12 82 58'], m: [], f: ['033 12 82 59'], e: ['info@atlas.dz'] } },
      { denomination: 'Fiduciaire Nour', coord: { t: [], m: ['0553 71 16 66'], f: [], e: [] } },
    ];
    expect(jsonItems({ ok: true, result: { page: 1, pages: 2, rows } }, false, 1).map((i) => [i.name, i.phones, i.faxes, i.emails])).toEqual([
      ['Cabinet Atlas', ['033 12 82 58'], ['033 12 82 59'], ['info@atlas.dz']],
      ['Fiduciaire Nour', ['0553 71 16 66'], [], []],
    ]);
  });

  test('a JSON page whose envelope\'s result gives only its page and the page count ({ok, result: {page, pages, rows}}): the next page is the next number', () => {
    const rows = [1, 2].map((n) => ({ denomination: `Cabinet ${n}`, coord: { t: [`033 12 82 5${n}`] } }));
    const body = JSON.stringify({ ok: true, result: { page: 1, pages: 2, rows } });
    const read = readListing(body, 'https://annuaire.test/api/v1/cabinets?wilaya=5&page=1', {}, { contentType: 'application/json' });
    expect(read.companies.map((c) => c.name)).toEqual(['Cabinet 1', 'Cabinet 2']);
    expect(read.next).toBe('https://annuaire.test/api/v1/cabinets?wilaya=5&page=2');
    const last = JSON.stringify({ ok: true, result: { page: 2, pages: 2, rows } });
    expect(readListing(last, 'https://annuaire.test/api/v1/cabinets?wilaya=5&page=2', {}, { contentType: 'application/json' }).next).toBeUndefined();
  });

  test('initials at the entry\'s own level are no contacts (an "e" or "f" there is anything)', () => {
    expect(jsonItems({ rows: [{ name: 'A', f: '033 12 82 59' }, { name: 'B', f: '033 12 82 60' }] }, false, 1)).toEqual([]);
  });
});

describe('JSON entries with a contact person', () => {
  test("the numbers and e-mail of an entry's manager ({responsable: {nom, fonction, mobile}}) are the company's, his name is not", () => {
    const items = [
      { raison_sociale: 'SARL Chelia Net', telephone: '032 73 21 74', responsable: { nom: 'Karima Taleb', fonction: 'Directrice', mobile: '0659 93 19 88' } },
      { raison_sociale: 'Aurès Computer', telephone: '032 73 40 12', gerant: { nom: 'Ali Hamou', portable: '0770 15 63 92', email: 'ali.hamou@gmail.com' } },
      { raison_sociale: 'Khenchela Soft', email: 'contact@khenchelasoft.dz', responsable: null },
    ];
    expect(jsonItems({ data: items }).map((i) => [i.name, i.phones, i.emails])).toEqual([
      ['SARL Chelia Net', ['032 73 21 74', '0659 93 19 88'], []],
      ['Aurès Computer', ['032 73 40 12', '0770 15 63 92'], ['ali.hamou@gmail.com']],
      ['Khenchela Soft', [], ['contact@khenchelasoft.dz']],
    ]);
  });
});

describe('JSON entries with contacts written in a free-text field', () => {
  test("numbers and e-mails in an entry's description (plain, markdown, a CMS's rich-text holder, rendered HTML) are its own; labels ('Fax :') still say which", () => {
    const items = [
      { nom: 'Atelier Soummam', tel: '034 21 10 40', description: 'Devis sous 48 h. Astreinte : **0661.20.30.40**, devis@soummam.dz' },
      { nom: 'Béton Sahel', tel: '034 21 10 41', remarques: { data: { remarques: 'Dépôt ouvert le samedi. Fax : 034 21 10 49' } } },
      { nom: 'Garage Yemma', email: 'garage.yemma@gmail.com', presentation: { rendered: '<p>Dépannage la nuit au <strong>0770 45 45 12</strong>.</p>' } },
      { nom: 'Transit Aokas', tel: '034 21 10 43', description: 'Agréé depuis 2009 (agrément n° 417/2015), 12 camions, 3 500 m² de dépôt.' },
    ];
    expect(jsonItems({ data: items }).map((i) => [i.name, i.phones.flatMap(phonesOf), i.faxes.flatMap(phonesOf), i.emails])).toEqual([
      ['Atelier Soummam', ['+21334211040', '+213661203040'], [], ['devis@soummam.dz']],
      ['Béton Sahel', ['+21334211041'], ['+21334211049'], []],
      ['Garage Yemma', ['+213770454512'], [], ['garage.yemma@gmail.com']],
      ['Transit Aokas', ['+21334211043'], [], []],
    ]);
  });
});

describe('pagination without a selector', () => {
  const page = (nav: string) => parse(`<html><body><div class="pagination">${nav}</div></body></html>`);

  test('rel=next first, then a "Suivant" / "Next" / "»" / "التالي" link, then the numbered link after the current page, then "load more"', () => {
    expect(findNextPage(page('<a href="?page=1">1</a><a href="?page=2">Suivant</a>'), URL)).toBe('?page=2');
    expect(findNextPage(page('<a href="/p/2" aria-label="Page suivante">›</a>'), URL)).toBe('/p/2');
    expect(findNextPage(page('<a href="/p/4">التالي</a>'), URL)).toBe('/p/4');
    expect(findNextPage(page('<a href="?page=1">1</a><a href="?page=2">2</a><a href="?page=3">3</a>'), 'https://annuaire.test/a?page=2')).toBe('?page=3');
    expect(findNextPage(page('<a href="/page/1">1</a><span class="current">2</span><a href="/page/3">3</a>'), 'https://annuaire.test/liste')).toBe('/page/3');
    expect(findNextPage(page('<button class="btn load-more" data-url="/api/entreprises?page=2">Voir plus</button>'), URL)).toBe('/api/entreprises?page=2');
    expect(findNextPage(page('<a href="?page=1">« Précédent</a>'), 'https://annuaire.test/a?page=2')).toBeUndefined();
  });

  test('a pager whose current page is only a bold number between its numbered links, over URLs of an offset and a session id (ColdFusion\'s `&startrow=11&CFID=…&CFTOKEN=…`), leads to the number after it', () => {
    const cf = 'https://annuaire.test/index.cfm?fuseaction=repertoire.liste&secteur=12&wilaya=23';
    const at = (row: number) => `${cf}&amp;startrow=${row}&amp;CFID=42636&amp;CFTOKEN=34892470`;
    const pager = (current: number) => page(`Résultats ${current * 5 - 4} à ${current * 5} sur 20<br>${current > 1 ? `<a href="${at(current * 5 - 9)}">&laquo; 5 précédents</a> | ` : ''}${
      [1, 2, 3, 4].map((n) => (n === current ? `<b>${n}</b>` : `<a href="${at(n * 5 - 4)}">${n}</a>`)).join(' ')}${current < 4 ? ` | <a href="${at(current * 5 + 1)}">5 suivants &raquo;</a>` : ''}`);
    const url = (row: number) => `${cf}&startrow=${row}&CFID=42636&CFTOKEN=34892470`;
    expect(findNextPage(pager(1), cf)).toBe(url(6));
    expect(findNextPage(pager(2), url(6))).toBe(url(11));
    expect(findNextPage(pager(3), url(11))).toBe(url(16));
    expect(findNextPage(pager(4), url(16))).toBeUndefined();
    // (A bold count beside the pager is no current page: '<b>20</b> résultats' then '1 2 3'.)
    expect(findNextPage(page(`<b>20</b> <a href="?page=1">1</a> <a href="?page=2">2</a>`), 'https://annuaire.test/a')).toBe('?page=2');
  });

  test('a "Page suivante : …" link that names what the next page holds (an article split in pages) leads to the next page', () => {
    const para = (link: string) => parse(`<html><body><article><p>Page 1 sur 2 — ${link}</p></article></body></html>`);
    expect(findNextPage(para('<a href="/guide/page-2/">Page suivante : les agences de Tigditt à La Marine »</a>'), URL)).toBe('/guide/page-2/');
    expect(findNextPage(para('<a href="/guide/page-2/">Next page: the offices from Oran to Mostaganem</a>'), URL)).toBe('/guide/page-2/');
    // (A link that only mentions a next page in a sentence is no pagination.)
    expect(findNextPage(para('<a href="/autre-guide/">Voir notre guide des agences de voyage de la page suivante du journal</a>'), URL)).toBeUndefined();
  });

  test('an entry\'s "…-more" link to its own page is not a "load more" control; the real one after the entries is', () => {
    const card = (n: number) => `<div class="company-card"><h3><a href="/entreprise/${n}">Entreprise ${n}</a></h3><a class="company-more" href="/entreprise/${n}">Voir la fiche →</a></div>`;
    const body = parse(`<html><body>${card(1)}${card(2)}<div><a class="btn load-more" href="/api/v1/entreprises?offset=8">Charger plus d'entreprises</a></div></body></html>`);
    expect(findNextPage(body, URL)).toBe('/api/v1/entreprises?offset=8');
    expect(findNextPage(parse(`<html><body>${card(1)}${card(2)}</body></html>`), URL)).toBeUndefined();
  });

  test("a Livewire paginator's buttons (wire:click nextPage / gotoPage) lead to the page's URL with its page parameter, as Livewire keeps it", () => {
    const v3 = (current: number, last: number) => parse(`<html><body><div wire:id="x1"><nav role="navigation" aria-label="Pagination">${
      current > 1 ? `<button type="button" wire:click="previousPage('page')">&lsaquo;</button>` : ''}${
      Array.from({ length: last }, (_, i) => i + 1).map((n) => (n === current ? `<span aria-current="page"><span>${n}</span></span>` : `<button type="button" wire:click="gotoPage(${n}, 'page')">${n}</button>`)).join('')}${
      current < last ? `<button type="button" wire:click="nextPage('page')" aria-label="Next">&rsaquo;</button>` : ''}</nav></div></body></html>`);
    expect(findNextPage(v3(1, 3), 'https://guide.test/artisans')).toBe('https://guide.test/artisans?page=2');
    expect(findNextPage(v3(2, 3), 'https://guide.test/artisans?ville=blida&page=2')).toBe('https://guide.test/artisans?ville=blida&page=3');
    expect(findNextPage(v3(3, 3), 'https://guide.test/artisans?page=3')).toBeUndefined();
    // Livewire 2's bare calls and modifiers, and a paginator of its own name (?annoncesPage=N).
    const v2 = parse('<html><body><ul class="pagination"><li class="active"><span>1</span></li><li><button wire:click.prevent="gotoPage(2)">2</button></li><li><button wire:click.prevent="nextPage">Next</button></li></ul></body></html>');
    expect(findNextPage(v2, 'https://guide.test/annonces')).toBe('https://guide.test/annonces?page=2');
    const named = parse(`<html><body><button wire:click="gotoPage(2, 'annoncesPage')">2</button></body></html>`);
    expect(findNextPage(named, 'https://guide.test/annonces')).toBe('https://guide.test/annonces?annoncesPage=2');
    // A disabled next button is the last page's.
    const last = parse(`<html><body><button wire:click="nextPage('page')" disabled>Suivant</button></body></html>`);
    expect(findNextPage(last, 'https://guide.test/annonces?page=4')).toBeUndefined();
  });

  test('readListing resolves the next page; rel=next wins', () => {
    const html = chrome('<div class="pagination"><a href="/annuaire?q=btp&page=2">2</a><a href="/annuaire?q=btp&page=3">Suivant</a></div><link rel="next" href="/annuaire?q=btp&page=2">');
    expect(readListing(html, URL).next).toBe('https://annuaire.test/annuaire?q=btp&page=2');
  });
});

describe('detail pages', () => {
  test('the company\'s contacts, not the directory\'s header, footer or "Contactez-nous" block; fax kept apart', () => {
    const html = chrome(`<article><h1>SARL Numidia Conseil</h1><p>Tél : 0550 12 34 56 · Fax : 021 23 45 68</p><p>E-mail : contact [at] numidia [dot] dz</p></article>
      <div class="sidebar"><div class="box"><h3>Contactez-nous</h3><p>Annuaire DZ : 0770 99 88 77, aide@annuaire-dz.com</p></div></div>`);
    const detail = extractDetail(html, 'https://annuaire.test/entreprise/1');
    expect(detail).toMatchObject({ name: 'SARL Numidia Conseil', phones: ['+213550123456'], emails: ['contact@numidia.dz'], faxes: ['+21321234568'] });
  });

  test('a "Nous contacter" section under the company\'s own title, in the block that holds its h1, is the company\'s: its numbers are read; the site\'s own stay out', () => {
    const widget = (inner: string) => `<div class="pb-widget"><div class="pb-widget-inner">${inner}</div></div>`;
    const html = chrome(`<div class="pb-section"><div class="pb-column">${widget('<h1>Menuiserie Aluminium Ghazaouet</h1>')}${widget('<p>Menuiserie aluminium et PVC, Ghazaouet. Devis sur place.</p>')}${widget('<h2>Nous contacter</h2>')}${widget('<ul class="icon-list"><li><a href="tel:+21343321870"><i class="icon-phone"></i> 043 32 18 70</a></li><li><a href="tel:+213771204455"><i class="icon-mobile"></i> 0771 20 44 55</a></li></ul>')}</div></div>
      <div class="pb-section"><div class="pb-column">${widget('<h3>Contactez-nous</h3>')}${widget('<p>Annuaire DZ : 0770 99 88 77, aide@annuaire-dz.com</p>')}</div></div>`);
    const detail = extractDetail(html, 'https://annuaire.test/entreprise/menuiserie-ghazaouet/');
    expect(detail).toMatchObject({ name: 'Menuiserie Aluminium Ghazaouet', phones: ['+21343321870', '+213771204455'], emails: [] });
  });

  test("a 'Nous contacter' section among the sections of the body written under the company's title (a generated page's markdown body: 'Qui sommes-nous ?', 'Références', 'Nous contacter') is the company's; a site's contact block after the body is not", () => {
    const page = (after: string) => chrome(`<main class="container"><div class="row"><div class="col-lg-8"><div class="d-flex"><img src="/logo.png" alt=""><div><h1 class="h2">Amizour ERP</h1><p>Amizour · membre depuis 2019</p></div></div>
      <div class="member-content"><h2 id="qui-sommes-nous">Qui sommes-nous ?</h2><p>Créée en 2019 à Amizour, Amizour ERP accompagne les entreprises de la région.</p><h2 id="references">Références</h2><ul><li>Des PME de la vallée</li></ul>
      <h2 id="nous-contacter">Nous contacter</h2><p>Candidatures et stages : <a href="mailto:rh@amizourerp.com">rh@amizourerp.com</a>. Support technique : 0668 85 73 02.</p></div>${after}</div>
      <aside class="col-lg-4"><ul class="list-group"><li class="list-group-item"><span class="visually-hidden">Téléphone : </span>034902215</li><li class="list-group-item"><span class="visually-hidden">E-mail : </span><a href="mailto:contact@amizour-erp.com">contact@amizour-erp.com</a></li></ul></aside></div></main>`);
    expect(extractDetail(page(''), 'https://club.test/membres/amizour-erp/')).toMatchObject({ name: 'Amizour ERP', phones: ['+213668857302', '+21334902215'], emails: ['rh@amizourerp.com', 'contact@amizour-erp.com'] });
    const help = '<div class="help"><p>Une question sur le club ?</p><h3>Contactez-nous</h3><p>Club : 0770 99 88 77, aide@club.dz</p></div>';
    expect(extractDetail(page(help), 'https://club.test/membres/amizour-erp/')).toMatchObject({ name: 'Amizour ERP', phones: ['+213668857302', '+21334902215'], emails: ['rh@amizourerp.com', 'contact@amizour-erp.com'] });
  });

  test("a site's widgets after a content block that holds the title and the company's lines are no section of its body, two headings of one tag among them or not", () => {
    const page = (widgets: string) => `<!doctype html><html><head><title>SARL Tassili Froid</title></head><body><div id="page"><div class="content"><h1>SARL Tassili Froid</h1><p>Froid industriel.</p><p>Tél : 029 87 62 17</p></div><div class="bottom-widgets">${widgets}<h4>Contactez-nous</h4><p>Annuaire DZ — Tél : 021 55 44 33 — support@annuaire-dz.net</p></div></div></body></html>`;
    for (const widgets of ['<p>x</p>', '<h4>Liens utiles</h4><p><a href="/a">Accueil</a></p>']) {
      expect(extractDetail(page(widgets), 'https://annuaire.test/entreprises/sarl-x')).toMatchObject({ name: 'SARL Tassili Froid', phones: ['+21329876217'], emails: [] });
    }
  });

  test("a copyright line at the foot of the page, in blocks of utility classes only (no footer tag, class or role), is the directory's: its contacts are no company's", () => {
    const foot = `<div class="mt-8 bg-slate-900 text-white"><p class="text-sm">© 2025 Annuaire Pro DZ — Contactez-nous : 00213 21 45 79 85 · <a href="mailto:contact@annuairepro-dz.com">contact@annuairepro-dz.com</a></p></div>`;
    const page = (body: string) => `<!doctype html><html><head><title>Annuaire Pro DZ</title></head><body><div class="max-w-5xl mx-auto">${body}</div>${foot}</body></html>`;
    const detail = extractDetail(page(`<h1>EURL Ouarsenis Négoce</h1><p>Négoce de céréales, Oued Fodda — Tél : 027 26 42 66 — Mobile : 0791 17 69 87 — <a href="mailto:ouarsenis.negoce@gmail.com">ouarsenis.negoce@gmail.com</a></p><p class="text-xs">© Photo : Ouarsenis Négoce</p>`), 'https://annuaire.test/fiche/ouarsenis');
    expect(detail).toMatchObject({ name: 'EURL Ouarsenis Négoce', phones: ['+21327264266', '+213791176987'], emails: ['ouarsenis.negoce@gmail.com'] });
    const card = (n: string, t: string) => `<div class="rounded border p-4"><h2 class="font-bold">${n}</h2><p>Tél : ${t}</p></div>`;
    const listing = readListing(page(`<h1>Négoce à Chlef</h1><div class="grid gap-4">${card('Comptoir Chélif', '027 71 12 01')}${card('Dahra Grains', '027 71 12 02')}${card('Moulins Ténès', '027 71 12 03')}</div>`), URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([['Comptoir Chélif', ['+21327711201'], []], ['Dahra Grains', ['+21327711202'], []], ['Moulins Ténès', ['+21327711203'], []]]);
    expect([...listing.chromeContacts].sort()).toEqual(['+21321457985', 'contact@annuairepro-dz.com']);
  });
});

describe('layouts found without selectors', () => {
  test('labelled field rows are fields of a card, not entries; a "Nom :" label is not part of the name', () => {
    const field = (cls: string, label: string, value: string) => `<div class="meta field-${cls}"><span class="meta-title">${label}: </span>${value}</div>`;
    const card = (name: string, tel: string, mail: string) => `<li class="place"><div class="meta field-name"><span class="field-label">Nom de l'entreprise:</span> <a href="/p/${tel}">${name}</a></div>
      ${field('phone', 'Téléphone', `<a href="tel:${tel}">${tel}</a>`)}${field('email', 'Email', `<a href="mailto:${mail}">${mail}</a>`)}${field('web', 'Site web', '<a href="https://x.dz">x.dz</a>')}</li>`;
    const html = chrome(`<ul class="places">${card('Numidia Soft', '0550617283', 'contact@numidiasoft.dz')}${card('Data Box', '0552143658', 'databox@gmail.com')}</ul>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Numidia Soft', ['+213550617283'], ['contact@numidiasoft.dz']],
      ['Data Box', ['+213552143658'], ['databox@gmail.com']],
    ]);
  });

  test('entries written as <dt>name</dt><dd>…</dd> runs, and as <h3>name</h3><p>…</p> runs', () => {
    const dl = chrome(`<dl><dt>Céramique de la Soummam</dt><dd>Akbou</dd><dd>Tél. : 034 22 33 44 – Télécopie : 034 22 33 45</dd>
      <dt>Emballages Sidi Aïch</dt><dd>Sidi Aïch</dd><dd>Tél. : 034 28 39 40</dd></dl>`);
    expect(readListing(dl, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['Céramique de la Soummam', ['+21334223344'], ['+21334223345']],
      ['Emballages Sidi Aïch', ['+21334283940'], []],
    ]);
    const headed = chrome(`<div class="content"><h3>Atlas Travaux</h3><p>Hydra</p><p>0661 20 34 56</p><h3>Tassili Construction</h3><p>Kouba</p><p>021 23 45 67</p></div>`);
    expect(readListing(headed, URL).companies.map((c) => c.name)).toEqual(['Atlas Travaux', 'Tassili Construction']);
  });

  test('JSON state: the array of companies with contacts wins over a longer menu of links', () => {
    const menu = Array.from({ length: 12 }, (_, i) => ({ name: `Secteur ${i}`, href: `/secteur/${i}` }));
    const state = { layout: { menu }, results: [{ raisonSociale: 'Laiterie Mitidja', coordonnees: { telephones: ['0661 77 88 99'] } }, { raisonSociale: 'Moulins de Boufarik', coordonnees: { email: 'commercial@moulins-boufarik.com' } }] };
    expect(jsonItems(state).map((i) => i.name)).toEqual(['Laiterie Mitidja', 'Moulins de Boufarik']);
  });

  test('JSON state: contacts in a nested holder under any key are the entry\'s, a nested named entity\'s are not', () => {
    const state = {
      results: [
        { raisonSociale: 'Laiterie Mitidja', joindre: { telephones: ['0661 77 88 99'], courriel: 'contact@laiterie-mitidja.dz' } },
        { raisonSociale: 'Moulins de Boufarik', moyens: [{ fixe: '025 41 22 33' }], siege: { nom: 'Groupe Agro Mitidja', telephone: '021 55 66 77' } },
      ],
    };
    expect(jsonItems(state).map((i) => [i.name, i.phones, i.emails])).toEqual([
      ['Laiterie Mitidja', ['0661 77 88 99'], ['contact@laiterie-mitidja.dz']],
      ['Moulins de Boufarik', ['025 41 22 33'], []],
    ]);
  });

  test('a "load more" answer holding a single entry gives it', () => {
    const answer = JSON.stringify({ html: '<div class="item"><div class="logo"><img src="/l.png"></div><div class="infos"><strong>Atelier Haïk</strong><br>☎ 0550 24 35 46</div><div class="more"><a href="/e?id=7">+ d\'infos</a></div></div>', next_page_url: null });
    expect(readListing(answer, URL, {}, { contentType: 'application/json' }).companies.map((c) => [c.name, c.phones])).toEqual([['Atelier Haïk', ['+213550243546']]]);
  });

  test('a table whose header is a first row of plain cells; names without their badges; a blog card with a date is not an entry', () => {
    const table = chrome(`<table><tr><td><b>Raison sociale</b></td><td><b>Tél</b></td><td><b>Fax</b></td></tr>
      <tr><td>Atlas Travaux <span class="badge">Vérifié</span></td><td>0661 20 34 56</td><td>021 23 45 20</td></tr>
      <tr><td>Tassili Construction <sup>★</sup></td><td>021 23 45 67</td><td>—</td></tr></table>`);
    expect(readListing(table, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['Atlas Travaux', ['+213661203456'], ['+21321234520']],
      ['Tassili Construction', ['+21321234567'], []],
    ]);
    const blog = chrome(`<div class="posts"><div class="post"><h3><a href="/blog/1">Salon du BTP 2026</a></h3><p>Publié le 12.03.2026</p></div>
      <div class="post"><h3><a href="/blog/2">Nouvelles normes</a></h3><p>Publié le 02.02.2026</p></div></div>
      <div class="cards"><div class="card"><h3>Numidia Bâtiment <span class="tag">Premium</span></h3><p>Tél : 0550 12 34 56</p></div><div class="card"><h3>Atlas Travaux</h3><p>Tél : 0661 20 34 56</p></div></div>`);
    expect(readListing(blog, URL).companies.map((c) => c.name)).toEqual(['Numidia Bâtiment', 'Atlas Travaux']);
  });

  test('JSON state with numbered or qualified contact keys (tel1, tel_fixe, email_pro, fax2)', () => {
    const items = jsonItems({ hits: [{ nom_entreprise: 'Oasis Agro', tel1: '025 41 22 33', tel_mobile: '0661 77 88 99', fax2: '025 41 22 34', email_pro: 'contact@oasis-agro.dz' }, { nom_entreprise: 'Laiterie Mitidja', tel1: '0550 47 58 69' }] });
    expect(items.map((i) => [i.name, i.phones, i.faxes, i.emails])).toEqual([
      ['Oasis Agro', ['025 41 22 33', '0661 77 88 99'], ['025 41 22 34'], ['contact@oasis-agro.dz']],
      ['Laiterie Mitidja', ['0550 47 58 69'], [], []],
    ]);
  });

  test('40,000 nested "load more" controls inside a cookie banner are looked at in linear time and are not a next page', () => {
    const nested = `<div class="cookie-banner">${'<div class="load-more" data-url="/x?page=2">Voir plus '.repeat(40_000)}${'</div>'.repeat(40_000)}</div>`;
    expect(readListing(chrome(nested), URL).next).toBeUndefined();
  });

  test('a cookie banner\'s "En savoir plus" is not a next page', () => {
    const html = chrome('<div class="results"></div>');
    expect(readListing(html, URL).next).toBeUndefined();
  });
});

describe('detail pages: other companies on the page', () => {
  test('"Annonces similaires" / "Entreprises similaires" blocks give nothing to the page\'s company', () => {
    const html = chrome(`<main><h1>Restaurant Le Corsaire</h1><div class="contact"><button data-tel="024 81 92 03">Afficher le numéro</button></div>
      <section class="more-ads"><h2>Annonces similaires</h2><div><h3>Pizzeria Bella Napoli</h3><p>Tél : 0550 92 03 14</p></div></section>
      <h2>Dans la même catégorie</h2><p>Grill Zemmouri : 024 88 99 00</p></main>`);
    expect(extractDetail(html, 'https://annuaire.test/annonce/300')).toMatchObject({ name: 'Restaurant Le Corsaire', phones: ['+21324819203'] });
  });

  test('an "Annonces similaires" heading after the company\'s own contact block, in the same section, takes only its own section', () => {
    const html = chrome(`<div class="cols"><section class="agency"><h1>Agence El Mansour</h1>
      <div class="agency-contact"><h2>Contacter l'agence</h2><ul><li>Téléphone : <a href="tel:+21345818388">045 81 83 88</a></li><li>E-mail : <a href="mailto:elmansour.immo@gmail.com">elmansour.immo@gmail.com</a></li></ul></div>
      <h2>Annonces similaires</h2><ul><li>Terrain — <a href="/agence/297">Agence Kharouba</a> — Tél. 045 77 12 96</li></ul>
      <h2>Nous trouver</h2><p>Boulevard Benyahia, Mostaganem</p></section></div>`);
    expect(extractDetail(html, 'https://annuaire.test/agence/270')).toMatchObject({ emails: ['elmansour.immo@gmail.com'], phones: ['+21345818388'] });
  });

  test('other companies\' cards under a heading no list knows, their numbers broken over indented lines by the template, give nothing to the page\'s company', () => {
    const card = (id: number, name: string, phone: string) => `<section class="mb-4">\n  <h4>\n    <a href="/opticien/${id}">${name}</a>\n  </h4>\n  <span>${phone}</span>\n</section>`;
    const html = chrome(`<div class="w-1"><section class="p-2"><h1>Optique Ziban</h1><p>Rue Hakim Saadane, Biskra</p><div><section>Tél : 033 71 20 10</section><section>E-mail : optique.ziban@gmail.com</section></div></section></div>
      <section class="grid"><h4>Dans la même rue</h4><div><section class="col">${card(21, 'Optique El Alia', '0661 23\n        45 67')}${card(22, 'Vision Sidi Okba', '033 71\n        20 22')}${card(23, 'Lunetterie Tolga', '0770\t\t\t\t 88 12 34')}</section></div></section>`);
    expect(extractDetail(html, 'https://annuaire.test/opticien/20')).toMatchObject({ name: 'Optique Ziban', phones: ['+21333712010'], emails: ['optique.ziban@gmail.com'] });
  });
});

describe('panels a control discloses (Bootstrap modals, tab panes): the content of the control that opens them', () => {
  const modal = (id: string, name: string, lines: string) => `<div class="modal fade" id="${id}" tabindex="-1" role="dialog" aria-labelledby="${id}-titre" aria-hidden="true"><div class="modal-dialog"><div class="modal-content">
    <div class="modal-header"><h4 class="modal-title" id="${id}-titre">${name}</h4><button type="button" class="close" data-dismiss="modal">&times;</button></div>
    <div class="modal-body"><p>${lines}</p></div><div class="modal-footer"><button type="button" class="btn" data-dismiss="modal">Fermer</button></div></div></div></div>`;
  const tile = (id: string, name: string) => `<div class="col-sm-4"><a class="adherent" href="#${id}" data-toggle="modal"><img src="/logos/${id}.png" alt="Logo ${name}"><span class="adherent-nom">${name}</span></a></div>`;

  test('logo tiles that open Bootstrap modals at the end of the body: each modal, named by its title, holds its member\'s contacts', () => {
    const members = [
      ['m-12', 'SARL Transit Hammadites', 'Tél : 034 21 18 40 – 0661 30 72 15<br>Fax : 034 21 18 41<br>E-mail : <a href="mailto:transit@hammadites.dz">transit@hammadites.dz</a>'],
      ['m-15', 'EURL Port Sec Akbou', 'Tél : 034 35 02 77<br>E-mail : <a href="mailto:contact@portsec-akbou.dz">contact@portsec-akbou.dz</a>'],
      ['m-19', 'Groupe Yemma Gouraya Logistique', 'Tél : 0770 12 45 96'],
    ];
    const page = `<html><body><div class="top-links">Union des transitaires · 021 63 40 10</div>
      <section class="members"><h1>Nos adhérents</h1><div class="row">${members.map(([id, name]) => tile(id, name)).join('')}</div></section>
      ${members.map(([id, name, lines]) => modal(id, name, lines)).join('')}
      <footer>Union des transitaires – Alger – 021 63 40 10 – <a href="mailto:union@transitaires.dz">union@transitaires.dz</a></footer></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Transit Hammadites', ['+21334211840', '+213661307215'], ['+21334211841'], ['transit@hammadites.dz']],
      ['EURL Port Sec Akbou', ['+21334350277'], [], ['contact@portsec-akbou.dz']],
      ['Groupe Yemma Gouraya Logistique', ['+213770124596'], [], []],
    ]);
  });

  test('tab buttons naming agencies whose panes name none (the name only in a photo\'s alt): each pane is named by the control that opens it, without its small print', () => {
    const agencies = [
      ['ag-1', 'Agence Rym Assurances', 'Skikda', '<i class="fa fa-phone" title="Téléphone"></i> <a href="tel:+21338751204">038 75 12 04</a><br><i class="fa fa-print" title="Fax"></i> 038 75 12 05'],
      ['ag-2', 'Cabinet Saf-Saf Courtage', 'Collo', '<i class="fa fa-mobile" title="Mobile"></i> <a href="tel:+213555403218">0555 40 32 18</a>'],
      ['ag-3', 'Agence El Hadaiek', 'Azzaba', '<i class="fa fa-envelope" title="E-mail"></i> <a href="mailto:elhadaiek@assur.dz">elhadaiek@assur.dz</a>'],
    ];
    const page = `<html><body><header class="site-header">Assurances Numidia – Siège : 021 44 50 50</header><div class="container"><h1>Réseau Skikda</h1><div class="row">
      <div class="col-4"><div class="list-group" role="tablist">${agencies.map(([id, name, town], i) => `<a class="list-group-item list-group-item-action${i === 0 ? ' active' : ''}" data-bs-toggle="list" href="#${id}" role="tab">${name}<br><span class="text-muted">${town}</span></a>`).join('')}</div></div>
      <div class="col-8"><div class="tab-content">${agencies.map(([id, name, , lines], i) => `<div class="tab-pane fade${i === 0 ? ' show active' : ''}" id="${id}" role="tabpanel"><img src="/img/${id}.jpg" alt="${name} – vitrine"><p>Agent agréé n° 21-0${i}7</p><p>${lines}</p></div>`).join('')}</div></div>
      </div></div><footer>Assurances Numidia SPA – 021 44 50 50</footer></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Agence Rym Assurances', ['+21338751204'], ['+21338751205'], []],
      ['Cabinet Saf-Saf Courtage', ['+213555403218'], [], []],
      ['Agence El Hadaiek', [], [], ['elhadaiek@assur.dz']],
    ]);
  });

  test('a newsletter modal opened by one button stays the site\'s own; tabs per commune over named cards are not named by the commune', () => {
    const newsletter = `<html><body><h1>Annuaire</h1><div class="list">
      <div class="card"><h3>SARL Oued Kebir</h3><p>Tél : 038 70 11 22</p></div><div class="card"><h3>EURL Filfila Bois</h3><p>Tél : 038 70 33 44</p></div></div>
      <button data-toggle="modal" data-target="#newsletter">Newsletter</button>
      ${modal('newsletter', 'Restez informé', 'Écrivez-nous : <a href="mailto:news@annuaire.dz">news@annuaire.dz</a> – 038 70 00 00')}</body></html>`;
    expect(readListing(newsletter, URL).companies.map((c) => [c.name, c.emails])).toEqual([['SARL Oued Kebir', []], ['EURL Filfila Bois', []]]);
    const communes = `<html><body><h1>Pharmacies</h1><div role="tablist"><button role="tab" aria-controls="p-collo">Collo</button><button role="tab" aria-controls="p-azzaba">Azzaba</button></div>
      <section role="tabpanel" id="p-collo"><div class="card"><h3>Pharmacie Ennour</h3><p>Tél : 038 72 10 10</p></div><div class="card"><h3>Pharmacie El Amel</h3><p>Tél : 038 72 20 20</p></div></section>
      <section role="tabpanel" id="p-azzaba" hidden><div class="card"><h3>Pharmacie Es-Salam</h3><p>Tél : 038 74 30 30</p></div><div class="card"><h3>Pharmacie Ibn Sina</h3><p>Tél : 038 74 40 40</p></div></section></body></html>`;
    expect(names(communes).sort()).toEqual(['Pharmacie El Amel', 'Pharmacie Ennour', 'Pharmacie Es-Salam', 'Pharmacie Ibn Sina']);
  });
});

describe('panels nested in panels', () => {
  test('500 panels each opened by its own control and nested in the one before are read in bounded time', () => {
    const depth = 500;
    const open = Array.from({ length: depth }, (_, i) => `<a data-toggle="collapse" href="#p${i}">Niveau ${i}</a><div class="collapse" id="p${i}">`).join('');
    const page = chrome(`<h1>Arbre</h1>${open}<p>Tél : 0550 12 34 56 — contact@arbre.dz</p>${'</div>'.repeat(depth)}`);
    const { ms } = cpuMs(() => readListing(page, URL));
    expectCpuWithin(ms, 10_000);
  }, 60_000);
});

describe('page chrome is told by where a block stands, not only by its class', () => {
  test('a body or main whose classes say footer or sidebar (WordPress themes) still holds the entries', () => {
    const page = `<html><body class="footer-top-visible ast-right-sidebar"><main class="site-main sidebar-layout">
      <div class="entry"><h3><a href="/f/1">SARL Cirta Réseaux</a></h3><p>Tél : 031 21 51 89</p></div>
      <div class="entry"><h3><a href="/f/2">EURL Rhumel Logiciels</a></h3><p>Tél : 0665 32 85 43</p></div>
      </main><footer>Annuaire – 031 00 00 01</footer></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Cirta Réseaux', ['+21331215189']],
      ['EURL Rhumel Logiciels', ['+213665328543']],
    ]);
    expect(listing.chromeContacts).toEqual(['+21331000001']);
  });

  test('a class saying what a block has beside it (has-footer, with-sidebar) is a layout state, not chrome: its entries are read', () => {
    const page = `<html><body><div class="app"><nav class="topnav"><a href="/">Guide Oran</a> <span>0550 00 00 07</span></nav>
      <div class="page-body has-footer"><div class="content-area with-sidebar">
      <div class="row-item"><a href="/o/1">Imprimerie El Bahia</a><span>Tél : 041 33 21 08</span></div>
      <div class="row-item"><a href="/o/2">Studio Santa Cruz</a><span>Tél : 0771 42 18 90</span></div>
      <div class="row-item"><a href="/o/3">Agence Sidi El Houari</a><span><a href="mailto:contact@sidielhouari.dz">contact@sidielhouari.dz</a></span></div>
      </div></div><div class="page-footer">Guide Oran – <a href="mailto:equipe@guide-oran.dz">equipe@guide-oran.dz</a></div></div></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Imprimerie El Bahia', ['+21341332108'], []],
      ['Studio Santa Cruz', ['+213771421890'], []],
      ['Agence Sidi El Houari', [], ['contact@sidielhouari.dz']],
    ]);
    expect(listing.chromeContacts.sort()).toEqual(['+213550000007', 'equipe@guide-oran.dz']);
  });

  test('a negation inside a class token drops only the words after it: `site-footer-not-fixed` is still the site\'s footer', () => {
    expect(classWords(parse('<div class="site-footer-not-fixed"></div>').firstChild as HTMLElement)).toEqual(['site', 'footer']);
    expect(classWords(parse('<div class="wsite-elements wsite-not-footer"></div>').firstChild as HTMLElement)).toEqual(['wsite', 'elements', 'wsite']);
    expect(classWords(parse('<div class="page-body has-footer without_sidebar"></div>').firstChild as HTMLElement)).toEqual(['page', 'body']);
    const page = `<!doctype html><html><head><title>EURL Ouarsenis Négoce - Annuaire Chlef</title></head><body><div class="site-wrap"><main class="site-main"><article class="fiche">
      <h1>EURL Ouarsenis Négoce</h1><p>Négoce de céréales, Oued Fodda.</p><p>Tél : 027 26 42 66 — <a href="mailto:ouarsenis.negoce@gmail.com">ouarsenis.negoce@gmail.com</a></p></article></main>
      <div class="site-footer-not-fixed">Annuaire — 027 00 00 09 — contact@annuaire-chlef.dz</div></div></body></html>`;
    expect(extractDetail(page, 'https://annuaire.test/fiche/ouarsenis')).toMatchObject({ name: 'EURL Ouarsenis Négoce', phones: ['+21327264266'], emails: ['ouarsenis.negoce@gmail.com'] });
  });

  test("an entry's own footer a few levels down its card (a theme's `<a class=\"card\"><div class=\"card__content\">…<footer class=\"card__footer\">`) is the entry's, not the page's", () => {
    const card = (slug: string, name: string, tel: string) => `<a href="/listings/${slug}/" class="card"><div class="card__content"><h2>${name}</h2>
      <footer class="card__footer"><span>Béjaïa</span> <span>Tél. ${tel}</span></footer></div></a>`;
    const page = `<html><body><header class="site-header">Guide — Tél. 034 00 00 01</header><div class="site-content"><div class="grid">
      ${card('a', 'Hôtel Cap Carbon', '034 21 10 01')}${card('b', 'Hôtel Tichy Plage', '034 21 10 02')}${card('c', 'Hôtel Saldae', '034 21 10 03')}</div></div>
      <div><footer class="site-footer">Guide — 034 00 00 02</footer></div></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['Hôtel Cap Carbon', ['+21334211001']],
      ['Hôtel Tichy Plage', ['+21334211002']],
      ['Hôtel Saldae', ['+21334211003']],
    ]);
    expect(listing.chromeContacts.sort()).toEqual(['+21334000001', '+21334000002']);
  });

  test("a class that measures the header or the menu beside a block (Listable's `js-header-height-padding-top`, `header-offset`, `below-header`) is a layout state, not chrome: its entries are read", () => {
    expect(classWords(parse('<div class="site-content js-header-height-padding-top"></div>').firstChild as HTMLElement)).toEqual(['site', 'content']);
    expect(classWords(parse('<div class="page below-header navbar-offset"></div>').firstChild as HTMLElement)).toEqual(['page']);
    // The header's own parts keep their words.
    expect(classWords(parse('<div class="header-top site-header"></div>').firstChild as HTMLElement)).toEqual(['header', 'top', 'site', 'header']);
    // A sub-menu ('sous-menu') and a menu's spacer are the menu's.
    expect(classWords(parse('<ul class="sous-menu menu-spacer"></ul>').firstChild as HTMLElement)).toEqual(['sous', 'menu', 'menu', 'spacer']);
    const card = (slug: string, name: string, tel: string) => `<a href="/listings/${slug}/" class="grid__item card card--listing"><div class="card__content"><h2 class="card__title">${name}</h2>
      <div class="card__tagline">Hôtel — Béjaïa</div><footer class="card__footer"><span class="address__city">Béjaïa</span> <span>Tél. ${tel}</span></footer></div></a>`;
    const page = `<html><body><div id="page" class="site"><header class="site-header"><a href="/">Guide</a> Tél. 034 00 00 01</header>
      <div id="content" class="site-content js-header-height-padding-top"><div class="page-header"><h1 class="page-title">Béjaïa</h1></div>
      <div class="grid list job_listings">${card('cap-carbon', 'Hôtel Cap Carbon', '034 21 10 01')}${card('tichy-plage', 'Hôtel Tichy Plage', '034 21 10 02')}${card('saldae', 'Hôtel Saldae', '034 21 10 03')}</div></div>
      <footer class="site-footer">Guide — 034 00 00 02</footer></div></body></html>`;
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Hôtel Cap Carbon', ['+21334211001']],
      ['Hôtel Tichy Plage', ['+21334211002']],
      ['Hôtel Saldae', ['+21334211003']],
    ]);
  });

  test('a class saying what a block is not (Weebly\'s `wsite-not-footer` on its whole content) is not chrome: its entries are read', () => {
    const post = (id: string, name: string, lines: string) => `<div id="blog-post-${id}" class="blog-post"><div class="blog-header">
      <h2 class="blog-title"><a class="blog-title-link blog-link" href="/blog/${id}">${name}</a></h2><p class="blog-date"><span class="date-text">3/4/2025</span></p></div>
      <div class="blog-content"><div><div class="paragraph">Une adresse testée.<br /><br /><strong>Adresse :</strong> Centre-ville<br />${lines}</div></div></div></div><div class="blog-divider"></div>`;
    const page = `<html><body class="no-header-page wsite-page-blog"><div class="wrapper"><div class="header-wrap"><div class="header"><span class="wsite-logo">Le Guide</span></div></div>
      <div class="main-wrap"><div class="container"><div id="wsite-content" class="wsite-elements wsite-not-footer"><div id="blogTable" class="blog-table"><div class="blog-body">
      ${post('pizzeria-sahel', 'Pizzeria Sahel', '<strong>Tél :</strong> 024 31 22 90')}
      ${post('grill-chenoua', 'Grill Chenoua', '<strong>Mobile :</strong> 0662 18 40 73')}
      ${post('creperie-roses', 'Crêperie des Roses', '<strong>Email :</strong> creperiedesroses@gmail.com')}
      </div></div></div></div></div>
      <div class="footer-wrap"><div class="footer"><div class="wsite-elements wsite-footer"><div class="paragraph">Le Guide – 024 00 00 09</div></div></div></div></div></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Pizzeria Sahel', ['+21324312290'], []],
      ['Grill Chenoua', ['+213662184073'], []],
      ['Crêperie des Roses', [], ['creperiedesroses@gmail.com']],
    ]);
    expect(listing.chromeContacts).toEqual(['+21324000009']);
  });

  test('a class saying what a block has not (JNews\'s `entry-content no-share`: a post body shown without share buttons) is not chrome: its entries are read', () => {
    expect(classWords(parse('<div class="entry-content no-share"></div>').firstChild as HTMLElement)).toEqual(['entry', 'content']);
    const agency = (n: number, name: string, lines: string) => `<h3>${n}. ${name}</h3><p><strong>العنوان:</strong> وسط المدينة<br /><strong>الهاتف:</strong> ${lines}</p>`;
    const page = `<html><body class="rtl"><div class="jeg_header"><a href="/">الجريدة</a> 033 00 00 01</div><div class="jeg_main"><div class="jeg_inner_content">
      <div class="entry-header"><h1 class="jeg_post_title">قائمة الوكالات المعتمدة</h1></div>
      <div class="entry-content no-share"><div class="content-inner "><p>تنشر الجريدة القائمة كاملة.</p>
      ${agency(1, 'وكالة الأمل للأسفار', '033 45 12 10')}${agency(2, 'وكالة النور للسياحة', '0661 23 45 67')}${agency(3, 'وكالة الفجر للأسفار', '033 45 12 30')}
      </div></div></div></div><div class="jeg_footer">الجريدة – 033 00 00 02</div></body></html>`;
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['وكالة الأمل للأسفار', ['+21333451210']],
      ['وكالة النور للسياحة', ['+213661234567']],
      ['وكالة الفجر للأسفار', ['+21333451230']],
    ]);
  });

  test('a blog engine\'s main widget holding the post body (Blogger\'s `widget Blog`) is the content; the sidebar\'s widgets stay chrome', () => {
    const entry = (name: string, tel: string) => `<div><b>${name}</b></div><div>Adresse : Centre-ville</div><div>Tél : ${tel}</div><div><br /></div>`;
    const page = (body: string) => `<html><body><div class="main section" id="main"><div class="widget Blog" data-version="1" id="Blog1"><div class="blog-posts hfeed">
      <div class="post hentry"><h3 class="post-title entry-title">Les pharmacies de Saïda</h3>${body}</div></div></div></div>
      <div class="sidebar section" id="sidebar-right-1"><div class="widget HTML" id="HTML1"><h2>Contact</h2><div class="widget-content"><b>Le blog</b><br>Tél : 048 00 00 01</div></div>
      <div class="widget PopularPosts" id="PopularPosts1"><h2>Populaires</h2><ul><li><b>Pharmacie du Parc</b> 048 00 00 02</li><li><b>Pharmacie Ennasr</b> 048 00 00 03</li></ul></div></div></body></html>`;
    const list = [entry('Pharmacie El Amel', '048 51 22 18'), entry('Pharmacie Rebahia', '0661 52 30 47'), entry('Pharmacie Ouled Khaled', '048 47 10 12')].join('');
    const expected = [['Pharmacie El Amel', ['+21348512218']], ['Pharmacie Rebahia', ['+213661523047']], ['Pharmacie Ouled Khaled', ['+21348471012']]];
    for (const body of [`<div class="post-body entry-content" id="post-body-1">${list}</div>`, `<div class="post-body-container"><div itemprop="description articleBody">${list}</div></div>`]) {
      expect(readListing(page(body), URL).companies.map((c) => [c.name, c.phones])).toEqual(expected);
    }
    // A widget holding no post's body (the sidebar's) is chrome.
    expect(readListing(page(`<div class="snippet">${list}</div>`), URL).companies).toEqual([]);
  });

  test('a blog\'s posts grouped under their date (Blogger\'s `date-outer`, `<h2 class="date-header">21 juin 2025</h2>` before each post\'s title) are named by their titles, never by the date', () => {
    const post = (date: string, slug: string, name: string, line: string) => `<div class="date-outer"><h2 class="date-header"><span>${date}</span></h2><div class="date-posts"><div class="post-outer">
      <div class="post hentry" itemprop="blogPost" itemscope="itemscope" itemtype="http://schema.org/BlogPosting">
      <h3 class="post-title entry-title"><a href="/2025/06/${slug}.html">${name}</a></h3>
      <div class="post-body entry-content"><p>${name} travaille à Ghardaïa depuis 1993.</p><p>${line}</p></div>
      <div class="jump-link"><a href="/2025/06/${slug}.html#more">Lire la suite »</a></div>
      <div class="post-footer"><span class="post-author vcard">Publié par <span class="fn">Artisans</span></span> <abbr class="published" title="2025-06-21T09:11:00+01:00">09:11</abbr></div></div></div></div></div>`;
    const page = `<html><body><header><h1 class="title"><a href="/">Artisans du M'zab</a></h1></header><div class="main section" id="main"><div class="widget Blog" id="Blog1"><div class="blog-posts hfeed">
      ${post('21 juin 2025', 'maroquinerie-guendouz', 'Maroquinerie Guendouz', 'Contact : 0662 10 58 92')}
      ${post('15 juin 2025', 'vannerie-saadi', 'Vannerie Saadi', 'Tél : 029 45 94 93')}
      ${post('28/05/2025', 'poterie-tirouche', 'Poterie Tirouche', 'E-mail : info@poterietirouche-dz.com')}
      </div></div></div></body></html>`;
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones, c.emails, c.detailUrl])).toEqual([
      ['Maroquinerie Guendouz', ['+213662105892'], [], 'https://annuaire.test/2025/06/maroquinerie-guendouz.html'],
      ['Vannerie Saadi', ['+21329459493'], [], 'https://annuaire.test/2025/06/vannerie-saadi.html'],
      ['Poterie Tirouche', [], ['info@poterietirouche-dz.com'], 'https://annuaire.test/2025/06/poterie-tirouche.html'],
    ]);
  });

  test('a card\'s own <header> and <footer> (and header/footer classes inside an article) hold its name and phone', () => {
    const card = (id: number, name: string, phone: string) => `<article class="result">
      <header class="result-header"><h3><a href="/pros/${id}">${name}</a></h3></header>
      <p>Alger</p>
      <footer class="result-footer"><span class="num">${phone}</span> <a href="/pros/${id}">Voir la fiche</a></footer></article>`;
    const listing = readListing(chrome(`<section class="results">${card(1, 'SARL Bâtir Sahel', '023 69 63 33')}${card(2, 'EURL Haddad TP', '0793 51 09 97')}${card(3, 'ETS Benali Carrelage', '05.51.27.60.54')}</section>`), URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Bâtir Sahel', ['+21323696333']],
      ['EURL Haddad TP', ['+213793510997']],
      ['ETS Benali Carrelage', ['+213551276054']],
    ]);
    expect(listing.chromeContacts).not.toContain('+21323696333');
  });

  test('a card-footer in each of a list\'s cards holds that card\'s phone and e-mail; the page\'s own footer class stays the directory\'s', () => {
    const card = (n: number, name: string, phone: string, email: string) => `<div class="col geodir-post post-${n}"><div class="card">
      <div class="card-body"><h2><a href="/places/${n}/">${name}</a></h2><p>Blida</p></div>
      <div class="card-footer"><a href="tel:${phone}">${phone}</a> <a href="mailto:${email}">${email}</a></div></div></div>`;
    const page = `<html><body><div class="site-content"><div class="row">${card(1, 'Clinique Les Orangers', '025451132', 'contact@orangers.dz')}${card(2, 'Laboratoire Ennour', '025600690', 'labo.ennour@gmail.com')}</div></div>
      <div class="site-footer"><p>Annuaire Santé – <a href="mailto:partenaires@sante.dz">partenaires@sante.dz</a> – 025 00 00 09</p></div></body></html>`;
    const listing = readListing(page, URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Clinique Les Orangers', ['+21325451132'], ['contact@orangers.dz']],
      ['Laboratoire Ennour', ['+21325600690'], ['labo.ennour@gmail.com']],
    ]);
    expect(listing.chromeContacts.sort()).toEqual(['+21325000009', 'partenaires@sante.dz']);
  });

  test('zebra rows (row / row-alternate, odd / even) are one list', () => {
    const row = (cls: string, name: string, phone: string) => `<div class="${cls}"><h4><a href="/m/${name.length}">${name}</a></h4><p>Tél : ${phone}</p></div>`;
    const page = chrome(`<div class="members">${row('member-row', 'Cabinet Tafna', '043 95 32 06')}${row('member-row-alternate', 'Cabinet Nedroma', '043 77 38 22')}${row('member-row', 'Cabinet Sebdou', '043 24 78 00')}${row('member-row-alternate', 'Cabinet Remchi', '043 17 01 58')}</div>`);
    expect(names(page)).toEqual(['Cabinet Tafna', 'Cabinet Nedroma', 'Cabinet Sebdou', 'Cabinet Remchi']);
  });

  test('a GridView\'s rows striped by camel-cased classes (gvRow / gvAltRow, GridRow / GridAlternatingRow), a leading word (odd-line / even-line) or two class lists that alternate are one list', () => {
    const firms = [['SARL Aurès Profilés', '033 80 12 41'], ['EURL Tébessa Câbles', '037 49 22 18'], ['SPA Ziban Verre', '033 74 60 05'], ['SARL Hodna Moulage', '035 55 31 90']];
    for (const [plain, alternate] of [['gvRow', 'gvAltRow'], ['GridRow', 'GridAlternatingRow'], ['odd-line', 'even-line'], ['px-2 text-sm', 'bg-slate-50 px-2']]) {
      const rows = firms.map(([name, phone], i) => `<tr class="${i % 2 === 0 ? plain : alternate}"><td>${i + 1}</td><td>${name}</td><td>Zone industrielle</td><td>${phone}</td></tr>`).join('');
      const page = chrome(`<table id="MainContent_gvMembres"><tr class="gvHeader"><th scope="col">N°</th><th scope="col">Raison sociale</th><th scope="col">Adresse</th><th scope="col">Téléphone</th></tr>${rows}</table>`);
      expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual(firms.map(([name, phone]) => [name, [`+213${phone.slice(1).replace(/ /g, '')}`]]));
    }
  });

  test('rows of one table aligned cell for cell are one list whatever class a few of them carry (a tier, a highlight), an ad row among them still an ad', () => {
    const firms = [['SARL Aurès Profilés', '033 80 12 41', 'bg-amber-50 font-medium'], ['EURL Tébessa Câbles', '037 49 22 18', ''], ['SPA Ziban Verre', '033 74 60 05', ''], ['SARL Hodna Moulage', '035 55 31 90', 'bg-amber-50 font-medium'], ['Ets Batna Joints', '033 85 11 42', ''], ['SARL Khenchela Tubes', '032 31 40 77', '']];
    const rows = firms.map(([name, phone, cls]) => `<tr${cls ? ` class="${cls}"` : ''}><td><b>${name}</b></td><td>Zone industrielle</td><td>${phone}</td></tr>`).join('');
    const ad = '<tr class="bg-amber-50 font-medium"><td><b>Crédit Équipement Pro</b> <span>Sponsorisé</span></td><td>Financement</td><td>021 99 88 77</td></tr>';
    const page = chrome(`<table><tr><th>Raison sociale</th><th>Adresse</th><th>Téléphone</th></tr>${rows}${ad}</table>`);
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual(firms.map(([name, phone]) => [name, [`+213${phone.slice(1).replace(/ /g, '')}`]]));
  });

  test('a table whose rows are written in two styles, one run after the other (plain rows, then rows and cells with classes: a table retyped in part), is one list when its rows have as many cells and their contacts in the same column', () => {
    const firms = [['SARL Aurès Profilés', '033 80 12 41'], ['EURL Tébessa Câbles', '037 49 22 18'], ['SPA Ziban Verre', '033 74 60 05'], ['SARL Hodna Moulage', '035 55 31 90'], ['Ets Batna Joints', '033 85 11 42'], ['SARL Khenchela Tubes', '032 31 40 77'], ['EURL Biskra Vannes', ''], ['SARL Mila Raccords', '031 57 20 64']];
    const plain = (i: number, [name, phone]: string[]) => `<tr><td><font size="2">${i + 1}</font></td><td><font size="2"><b>${name}</b></font></td><td><font size="2">Zone industrielle</font></td><td><font size="2">Tél : ${phone}</font></td></tr>`;
    const styled = (i: number, [name, phone]: string[]) => `<tr class="${i % 2 === 0 ? 'row-even' : 'row-odd'}"><td class="col-num">${i + 1}</td><td class="col-nom"><strong>${name}</strong></td><td class="col-ville">Zone industrielle</td><td class="col-contact">${phone === '' ? '—' : `<span class="ligne">Tél : ${phone}</span>`}</td></tr>`;
    // (A retyped row left without its contacts, '—', is an entry of the list all the same.)
    const rows = firms.map((f, i) => (i < 4 ? plain(i, f) : styled(i, f))).join('');
    const page = chrome(`<table border="1"><tbody><tr><td><b>N°</b></td><td><b>Raison sociale</b></td><td><b>Commune</b></td><td><b>Coordonnées</b></td></tr>${rows}</tbody></table>`);
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual(firms.map(([name, phone]) => [name, phone === '' ? [] : [`+213${phone.slice(1).replace(/ /g, '')}`]]));
  });

  test("a 'p-name' class outside a microformats2 card or entry (a product's name in a seller's card) names no company", () => {
    // 'p-name', 'p-price', 'p-moq': a marketplace's product thumbnails, not microformats2 (no h-card / h-entry root).
    const card = (n: number, seller: string, product: string) =>
      `<div class="seller"><h2 class="s-title"><a href="/fournisseur/${n}/contact">${seller}</a></h2><div class="s-loc">Skikda</div>` +
      `<div class="prods"><div class="prod"><div class="p-name">${product}</div><div class="p-price">4 350,00 DA</div></div><div class="prod"><div class="p-name">Savon</div><div class="p-price">850,00 DA</div></div></div>` +
      `<a href="/fournisseur/${n}/contact">Contacter le fournisseur</a></div>`;
    const page = chrome(`<div class="list">${card(1, 'Sarl Skikda Chimie', 'Détergent liquide 5 L')}${card(2, 'Eurl Javel Tamalous', 'Eau de Javel 12°')}${card(3, 'Colorants Salah', 'Résine polyester')}</div>`);
    expect(names(page)).toEqual(['Sarl Skikda Chimie', 'Eurl Javel Tamalous', 'Colorants Salah']);
    // In an h-card, p-name is the card's name.
    const hcard = (org: string, phone: string) => `<div class="h-card"><span class="p-name">${org}</span> <span class="p-category"><b>Audit</b></span> <span class="p-tel">${phone}</span></div>`;
    expect(names(chrome(`<div class="list">${hcard('Cabinet Berrezoug', '043 21 83 61')}${hcard('Cabinet Tabet Audit', '043 16 43 68')}</div>`))).toEqual(['Cabinet Berrezoug', 'Cabinet Tabet Audit']);
  });

  test("a site builder's text boxes, three to a row, each named by a span its stylesheet makes bold, an activity – commune line under it", () => {
    // (Each column's wrapper has a generated class of its own, as the builder writes them: the row is the repeated block.)
    const box = (name: string, activity: string, phone: string, col: number) =>
      `<div class="k${col}-Xw${col}q"><div class="txt"><p class="para"><span class="s1 s2">${name}</span></p><p class="para"><span class="s1"> </span><span class="s1">${activity}</span></p><p class="para"><span class="s1">Tél : </span><span class="s1">${phone}</span></p></div></div>`;
    const row = (...boxes: [string, string, string][]) => `<section class="row"><div class="grid">${boxes.map((b, i) => box(...b, i)).join('')}</div></section>`;
    const page = `<html><head><style>.s1{font-weight:400}.s2{font-weight:700}</style></head><body><div role="main">
      ${row(['Ferme Avicole Chetma', 'Élevage – Chetma', '033 71 27 98'], ['Pépinière Oumache', 'Irrigation – Oumache', '033 54 57 59'], ['Serres du Ziban', 'Élevage – Tolga', '0661 23 45 67'])}
      ${row(['Coopérative Ain Naga', 'Irrigation – Ain Naga', '033 37 88 11'], ['Dattes El Hadjeb', 'Élevage – El Hadjeb', '0770 12 34 56'], ['Moulin Sidi Khaled', 'Irrigation – Chetma', '033 29 59 23'])}
    </div></body></html>`;
    expect(names(page).sort()).toEqual(['Coopérative Ain Naga', 'Dattes El Hadjeb', 'Ferme Avicole Chetma', 'Moulin Sidi Khaled', 'Pépinière Oumache', 'Serres du Ziban']);
  });

  test("a block of the list's shape whose only link, without a contact, is the next page ('Suite sur la page Annuaire (2/2)') is no company", () => {
    const block = (name: string, phone: string) => `<section class="blk"><p><b>${name}</b></p><p>Tél : ${phone}</p></section>`;
    const page = chrome(`<section class="blk"><p>Liste des coopératives de la wilaya. Suite sur la page <a href="/annuaire-2">Annuaire (2/2)</a>.</p></section>
      ${block('Coopérative Oumache', '033 71 27 98')}${block('Ferme Chetma', '033 54 57 59')}${block('Pépinière Tolga', '0661 23 45 67')}`);
    const listing = readListing(page, 'https://annuaire.test/annuaire');
    expect(listing.next).toBe('https://annuaire.test/annuaire-2');
    expect(listing.companies.map((c) => c.name)).toEqual(['Coopérative Oumache', 'Ferme Chetma', 'Pépinière Tolga']);
  });

  test('an hCard entry is named by its fn / org, not by the title beside it', () => {
    const card = (org: string, title: string, phone: string) => `<div class="vcard"><div><strong><span class="fn org">${org}</span></strong></div><span class="title">${title}</span><span class="tel"><span class="value">${phone}</span></span></div>`;
    const page = chrome(`<div class="list">${card('Cabinet Berrezoug', 'Commissaire aux comptes', '043 21 83 61')}${card('Cabinet Tabet Audit', 'Audit légal', '043 16 43 68')}</div>`);
    expect(names(page)).toEqual(['Cabinet Berrezoug', 'Cabinet Tabet Audit']);
  });
});

describe('grids of rows', () => {
  test('a grid whose last row holds a single entry: that entry is found with the others', () => {
    const col = (n: number) => `<div class="views-col"><div class="title"><a href="/node/${n}">Société ${n}</a></div><div class="tel">Téléphone : 0550 12 34 ${10 + n}</div></div>`;
    const row = (...ns: number[]) => `<div class="views-row">${ns.map(col).join('')}</div>`;
    const html = chrome(`<div class="view-grid">${row(1, 2, 3)}${row(4, 5, 6)}${row(7)}</div>`);
    // (the best row first, then the others: order is not what is tested)
    expect(names(html).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Société ${n}`));
  });

  test("an accordion's panels each behind an inner wrapper (a commune's panel holding its installers' paragraphs): a panel holding a single installer is read with the others", () => {
    // (Bridge's q_accordion_holder: <h5> title, then <div class="accordion_content"><div class="accordion_content_inner"><p>…</p>…</div></div>.)
    const installer = (name: string, tel: string) => `<p><strong>${name}</strong><br />Cité des Oliviers, Telagh<br />Mob : ${tel}</p>`;
    const panel = (commune: string, ...installers: string[]) =>
      `<h5 class="clearfix title-holder"><span class="tab-title">${commune}</span></h5><div class="accordion_content no_icon"><div class="accordion_content_inner">${installers.join('')}</div></div>`;
    const html = chrome(`<div class="q_accordion_holder accordion boxed clearfix">${[
      panel('Telagh', installer('Froid Service Telagh', '0661 20 30 41'), installer('Clim Dahmani', '0770 21 31 42')),
      panel('Mostefa Ben Brahim', installer('SARL Bouziane Climatisation', '0550 22 32 43')),
      panel('Sfisef', installer('Ets Kaddour Froid', '0699 23 33 44'), installer('Sfisef Électroménager', '0661 24 34 45'), installer('Clim Plus Sfisef', '0770 25 35 46')),
    ].join('')}</div>`);
    expect(names(html).sort()).toEqual(['Clim Dahmani', 'Clim Plus Sfisef', 'Ets Kaddour Froid', 'Froid Service Telagh', 'SARL Bouziane Climatisation', 'Sfisef Électroménager']);
  });

  test('a grid whose rows are each behind a wrapper of their own, a column of every row without a number: each column is an entry with its own page', () => {
    // (A Drupal Views grid inside a theme's row wrapper: the row is no entry, its columns are.)
    const col = (n: number) => `<div class="views-col"><div class="views-field-title"><a href="/artisan/a${n}">Atelier ${n}</a></div><div class="views-field-metier">Métier ${n}</div>${n % 3 === 2 ? '' : `<div class="views-field-tel"><span class="views-label">Tél. : </span><a href="tel:05501234${10 + n}">0550 12 34 ${10 + n}</a></div>`}</div>`;
    const row = (...ns: number[]) => `<div class="row-wrap"><div class="views-row">${ns.map(col).join('')}</div></div>`;
    const html = chrome(`<div class="view-content">${row(1, 2, 3)}${row(4, 5, 6)}${row(7, 8, 9)}${row(10, 11, 12)}</div>`);
    const found = readListing(html, URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.detailUrl])).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1).map((n) => [`Atelier ${n}`, n % 3 === 2 ? [] : [`+2135501234${10 + n}`], `https://annuaire.test/artisan/a${n}`]),
    );
  });
});

describe('pagination by a page select', () => {
  const page = (body: string) => parse(`<html><body><form>${body}</form></body></html>`);
  const opts = (values: string[], selected: number) => values.map((v, i) => `<option value="${v}"${i === selected ? ' selected' : ''}>Page ${i + 1} / ${values.length}</option>`).join('');

  test('the option after the selected one, its value a URL or query; or a page number with the select\'s name', () => {
    expect(findNextPage(page(`<select onchange="location.search=this.value">${opts(['?w=Oran&amp;p=1', '?w=Oran&amp;p=2', '?w=Oran&amp;p=3'], 1)}</select>`), URL)).toBe('?w=Oran&p=3');
    expect(findNextPage(page(`<select>${opts(['/liste/1', '/liste/2'], 0)}</select>`), URL)).toBe('/liste/2');
    expect(findNextPage(page(`<select name="pg">${opts(['1', '2', '3'], 0)}</select>`), 'https://annuaire.test/liste?w=Oran')).toBe('https://annuaire.test/liste?w=Oran&pg=2');
  });

  test('no next page from the last option, nor from a select whose options are not pages', () => {
    expect(findNextPage(page(`<select>${opts(['?p=1', '?p=2'], 1)}</select>`), URL)).toBeUndefined();
    expect(findNextPage(page('<select><option value="/alger" selected>Alger</option><option value="/oran">Oran</option></select>'), URL)).toBeUndefined();
  });
});

describe('several records to a row', () => {
  test('a table with two companies per row (one per cell): each cell is a company, one without contacts and a lone last one included', () => {
    const cell = (n: number, contact = true) => `<td class="fiche"><b>Société ${n}</b><br>${n}, rue X, Médéa${contact ? `<br>Tél : 025 16 61 ${10 + n}<br>Email : s${n}@x.dz` : ''}</td>`;
    const rows = [`<tr>${cell(1)}${cell(2)}</tr>`, `<tr>${cell(3)}${cell(4, false)}</tr>`, `<tr>${cell(5)}${cell(6)}</tr>`, `<tr>${cell(7)}<td>&nbsp;</td></tr>`];
    const found = readListing(chrome(`<table class="annuaire">${rows.join('\n')}</table>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones]).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => [`Société ${n}`, n === 4 ? [] : [`+213251661${10 + n}`]]));
  });
});

describe('a builder’s page of sections, each a heading’s row then rows of blurbs (Divi)', () => {
  const blurb = (name: string, lines: string[]) => `<div class="et_pb_column et_pb_column_1_3"><div class="et_pb_module et_pb_blurb"><div class="et_pb_blurb_content"><div class="et_pb_blurb_container"><h4 class="et_pb_module_header"><span>${name}</span></h4><div class="et_pb_blurb_description"><p>${lines.join('<br>')}</p></div></div></div></div></div>`;
  const headingRow = (title: string) => `<div class="et_pb_row"><div class="et_pb_column et_pb_column_4_4"><div class="et_pb_module et_pb_text"><div class="et_pb_text_inner"><h2>${title}</h2></div></div></div></div>`;
  const section = (title: string, ...rows: string[][]) => `<div class="et_pb_section">${headingRow(title)}${rows.map((r) => `<div class="et_pb_row">${r.join('')}</div>`).join('')}</div>`;
  const page = chrome(`<h1>Nos membres</h1>
    ${section('Plasturgie et emballage', [blurb('SARL Plastimed Mitidja', ['Zone d’activités de Soumaa', 'Tél : 025 20 02 94', 'Fax : 025 20 02 79']), blurb('EURL Emballages Chiffa', ['Chiffa', 'Tél : 025 89 83 82']), blurb('SPA Polyflex Algérie', ['Soumaa', 'Standard : 025 53 67 18'])], [blurb('SARL Cartonnerie de Boufarik', ['Boufarik', 'Mob : 0667 40 42 20'])])}
    ${section('Métallurgie', [blurb('SARL Métal Atlas Blida', ['Blida', 'Tél : 025 44 25 27']), blurb('EURL Charpentes Oued El Alleug', ['Oued El Alleug', 'E-mail : contact@charpentes-oea.dz'])])}
    ${section('Matériaux de construction', [blurb('SARL Briqueterie Bouinan', ['Bouinan', 'Tél : 025 87 05 40']), blurb('EURL Peintures Larbaa', ['Larbaâ', 'Tél : 025 32 34 75'])])}
    ${section('Chimie', [blurb('SARL Détergents El Affroun', ['El Affroun', 'Tél : 025 71 12 36']), blurb('EURL Cosmétiques Rose des Sables', ['Blida', 'Mob : 0550 12 43 61'])])}
    ${section('Nos partenaires', [blurb('Banque El Khadra Finance', ['Partenaire financier du club', 'Centre d’affaires : 025 96 14 21'])])}`);

  test('each blurb is a member; the sections are none, their headings name no company; the partners’ section is advertising', () => {
    const { companies, dropped } = readListing(page, URL);
    expect(companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Plastimed Mitidja', ['+21325200294'], ['+21325200279'], []],
      ['EURL Emballages Chiffa', ['+21325898382'], [], []],
      ['SPA Polyflex Algérie', ['+21325536718'], [], []],
      ['SARL Cartonnerie de Boufarik', ['+213667404220'], [], []],
      ['SARL Métal Atlas Blida', ['+21325442527'], [], []],
      ['EURL Charpentes Oued El Alleug', [], [], ['contact@charpentes-oea.dz']],
      ['SARL Briqueterie Bouinan', ['+21325870540'], [], []],
      ['EURL Peintures Larbaa', ['+21325323475'], [], []],
      ['SARL Détergents El Affroun', ['+21325711236'], [], []],
      ['EURL Cosmétiques Rose des Sables', ['+213550124361'], [], []],
    ]);
    expect(dropped.advertisement).toBe(1);
  });

  test('a partners’ section titled by bold text, not a heading, is advertising too', () => {
    const bold = page.replace('<h2>Nos partenaires</h2>', '<strong>Nos partenaires</strong>');
    const { companies, dropped } = readListing(bold, URL);
    expect(companies.map((c) => c.name)).not.toContain('Banque El Khadra Finance');
    expect(companies).toHaveLength(10);
    expect(dropped.advertisement).toBe(1);
  });

  test('a card holding its offices in one row, its e-mail below them, stays one record', () => {
    const office = (name: string, lines: string[]) => `<div class="col-md-6 implantation"><h4>${name}</h4><p>${lines.join('<br>')}</p></div>`;
    const card = (name: string, offices: string[], email: string) => `<div class="membre card"><div class="card-header"><h3>${name}</h3></div><div class="card-body"><div class="row">${offices.join('')}</div><p>E-mail : <a href="mailto:${email}">${email}</a></p></div></div>`;
    const html = chrome(`<h1>Nos membres</h1>
      ${card('Cabinet Mekerra Courtage', [office('Siège social', ['Sidi Bel Abbès', 'Tél. : 048 25 36 38']), office('Bureau de Ben Badis', ['Ben Badis', 'Tél. : 048 22 18 87'])], 'mekerra@hotmail.com')}
      ${card('Cabinet Tessala Assurances', [office('Siège social', ['Sidi Bel Abbès', 'Tél. : 048 84 83 46']), office('Bureau de Mérine', ['Mérine', 'Tél. : 048 37 40 07'])], 'tessala@gmail.com')}
      ${card('Courtage Bel Abbès Risques', [office('Siège social', ['Sidi Bel Abbès', 'Tél. : 048 60 21 14']), office('Bureau de Tessala', ['Tessala', 'Tél. : 048 97 32 04'])], 'risques@yahoo.fr')}`);
    expect(names(html)).toEqual(['Cabinet Mekerra Courtage', 'Cabinet Tessala Assurances', 'Courtage Bel Abbès Risques']);
  });
});

describe('a post whose author wrote its entries in several styles', () => {
  // One rich-text body, no wrapper per entry: a heading then one <p> per line; a paragraph holding
  // only a bold name then its lines; a bold name followed by its activity in the same paragraph;
  // a coloured smaller heading. Section headings, a "Lire aussi" line and an ad block between.
  const post = (entries: string) => chrome(`<article><h1>Les imprimeries de Sétif</h1><div class="entry-content">
    <p>Voici notre sélection, mise à jour ce mois-ci. Appelez avant de passer.</p>
    <h2>Imprimeries offset</h2>${entries}
    <p>Vous n'êtes pas dans la liste ? Écrivez-nous.</p></div></article>`);
  const styles = [
    (n: string, t: string) => `<h3>${n}</h3><p>Adresse : 12, rue des Frères Bouchama, Sétif</p><p>Tél : ${t}</p>`,
    (n: string, t: string) => `<p><strong>${n}</strong></p><p>Impression numérique, cité 1014, El Eulma.<br>Mob : ${t}</p>`,
    (n: string, t: string) => `<p><strong>${n}</strong> — sérigraphie, zone d'activité, Aïn Arnat</p><p>📞 ${t}</p>`,
    (n: string, t: string) => `<h4><span style="color:#7a1f1f">${n}</span></h4><p>Route de Béjaïa, Sétif</p><p>الهاتف / Tél : <span dir="ltr">${t}</span></p>`,
  ];
  const firms = ['Imprimerie El Hidhab', 'Sétif Offset', 'Graphic Aïn Fouara', 'Sérigraphie Babor', 'Imprimerie Djemila', 'Atelier Mégriss', 'EURL Print Tinar', 'Papeterie Guedjel'];
  const phones = ['036 84 12 01', '0550 41 22 02', '+213 (0)5 61 33 44 03', '036-87-55-04', '036 84 12 05', '0770 41 22 06', '+213 (0)6 61 33 44 07', '036-87-55-08'];
  const order = [0, 1, 2, 3, 1, 0, 3, 2];

  test('every entry is found, whatever its style, with its own number; section headings and the "Lire aussi" line are none', () => {
    const body = firms.map((n, i) => styles[order[i]](n, phones[i]) + (i === 3 ? '<p><strong>Lire aussi :</strong> <a href="/papeteries-setif/">Les papeteries de Sétif</a></p><div class="code-block"><ins class="adsbygoogle"></ins></div>' : '') + (i === 4 ? '<h2>Sérigraphie et numérique</h2>' : '')).join('\n');
    const found = readListing(post(body), URL).companies;
    expect(found.map((c) => [c.name, c.phones.length])).toEqual(firms.map((n) => [n, 1]));
  });
});

describe("an editor's empty paragraphs between entries", () => {
  // A hosted builder's free page (e-monsite, CKEditor): one paragraph per hotel, a bold coloured
  // name then its lines cut by <br>, an empty paragraph (`<p>&nbsp;</p>`) after each, a photo now and then.
  test('the empty paragraphs are spacers, not entries short of a contact: every hotel is read', () => {
    const hotel = (n: string, lines: string) => `<p><span style="font-size:16px;"><strong><span style="color:#006699;">${n}</span></strong></span><br />\n${lines}</p>\n<p>&nbsp;</p>\n`;
    const html = chrome(`<div class="view view-pages"><h1>Hôtels de Jijel</h1><div id="site-module-page"><div class="content">
      <p>Voici la liste des hôtels de la wilaya que nous avons recensés.</p><p>&nbsp;</p>
      ${hotel('Hôtel El Kennar', 'Boulevard de l’ALN 7, Jijel<br />\nTél : (034) 47 57 04')}
      ${hotel('Résidence El Milia', 'Cité 1er Novembre, Sidi Abdelaziz<br />\nMobile : 0794 95 68 00')}
      <p><img alt="" src="/medias/images/plage-1.jpg" /></p><p>&nbsp;</p>
      ${hotel('Auberge Ghanem', 'Zone d’activités, El Aouana<br />\n<a href="mailto:auberge.ghanem@yahoo.com">auberge.ghanem@yahoo.com</a>')}
      ${hotel('Motel Les Dunes', 'Rue Hassiba Ben Bouali, Ziama Mansouriah<br />\nTél : 034 98 26 26')}
      <p><img alt="" src="/medias/images/plage-2.jpg" /></p><p>&nbsp;</p>
      <p>Vous êtes hôtelier ? Contactez l'association.</p>
    </div></div></div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Hôtel El Kennar', '+21334475704'],
      ['Résidence El Milia', '+213794956800'],
      ['Auberge Ghanem', 'auberge.ghanem@yahoo.com'],
      ['Motel Les Dunes', '+21334982626'],
    ]);
  });
});

describe('records grouped under headings', () => {
  const doc = (name: string, phone?: string) => `<div class="doc"><h3><a href="/medecin/${name.toLowerCase().replace(/ /g, '-')}">${name}</a></h3><p>Cabinet médical, Tlemcen</p>${phone ? `<p><span class="lbl">Cabinet</span> ${phone}</p>` : '<p>Numéro non communiqué</p>'}</div>`;

  test('a heading then a block of its entries, most blocks holding one: every entry is a record, never a group read as one', () => {
    const groups: [string, string[]][] = [['Cardiologie', [doc('Dr ALI Samir', '043 20 11 01')]], ['Pédiatrie', [doc('Dr ALI Nadia', '043 20 11 02'), doc('Dr BRAHIM Yacine', '0550 20 11 03'), doc('Dr CHERIF Lina')]], ['Dermatologie', [doc('Dr DRIF Omar', '043 20 11 05')]], ['ORL', [doc('Dr EZZINE Amel', '0661 20 11 06')]], ['Radiologie', [doc('Dr FODIL Karim', '043 20 11 07'), doc('Dr GUERFI Sofia', '0770 20 11 08')]]];
    const html = chrome(`<h1>Médecins à Tlemcen</h1>${groups.map(([h, docs]) => `<h2 class="spec">${h}</h2><div class="group">${docs.join('')}</div>`).join('\n')}`);
    const found = readListing(html, URL).companies;
    expect(found.map((c) => [c.name, c.phones.length])).toEqual([['Dr ALI Samir', 1], ['Dr ALI Nadia', 1], ['Dr BRAHIM Yacine', 1], ['Dr CHERIF Lina', 0], ['Dr DRIF Omar', 1], ['Dr EZZINE Amel', 1], ['Dr FODIL Karim', 1], ['Dr GUERFI Sofia', 1]]);
  });

  test("the same, each group's block and each heading behind wrappers of a builder's own (a div around the list, a div around the heading)", () => {
    const agency = (name: string, phone: string) => `<li class="ag"><strong class="ag-nom">${name}</strong><div class="w-a"><p class="ag-adr">Centre-ville</p></div><p class="ag-tel">Bureau : ${phone}</p></li>`;
    const groups: [string, string[]][] = [['Djelfa', [agency('Agence El Baraka', '027 87 41 16')]], ['Aïn Oussera', [agency('Immo Sahel', '027 82 10 55'), agency('Agence Nour El Houda', '027 82 10 56'), agency('Cabinet Benali', '027 82 33 71')]], ['Hassi Bahbah', [agency('Agence Les Hauts Plateaux', '027 84 11 20')]], ['Messaad', [agency('Immobilière Oasis', '027 86 52 08'), agency('Agence Dar Essalam', '027 86 52 09')]], ['Birine', [agency('Agence Tell Immobilier', '0541 87 26 13')]]];
    const html = chrome(`<h1>Agences</h1>${groups.map(([h, list]) => `<div class="w-h"><h3 class="ag-commune">${h}</h3></div>\n<div class="w-l"><ul class="ag-liste">${list.join('')}</ul></div>`).join('\n')}`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones.length])).toEqual(groups.flatMap(([, list]) => list.map((a) => [/ag-nom">([^<]+)/.exec(a)![1], 1])));
  });

  test('a table per company, then a table of another kind beside them (a grid of tenders under a header row): never an entry', () => {
    const table = (n: number) => `<table border="1" width="100%"><tr><td colspan="2" bgcolor="#336699"><b>SARL Travaux ${n}</b></td></tr><tr><td>Activité : VRD<br>Adresse : Haïzer</td><td>Tél : 026 91 80 ${10 + n}<br>Mob : 0669 70 20 ${10 + n}</td></tr></table>`;
    const tenders = `<table border="1" width="100%"><tr><td><b>Avis</b></td><td><b>Maître d'ouvrage / objet</b></td><td><b>Date</b></td></tr>${[47, 6, 50, 37].map((n) => `<tr><td><b>Avis d'appel d'offres national ouvert n° ${n}/2009</b></td><td>DUCH : fourniture de mobilier scolaire</td><td>24 juillet 2009</td></tr>`).join('')}</table>`;
    const found = readListing(chrome(`<h1>BTP</h1><div>${[1, 2, 3, 4].map(table).join('<p>&nbsp;</p>')}<p>&nbsp;</p><p><b>Derniers avis d'appels d'offres</b></p>${tenders}</div>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones.length])).toEqual([1, 2, 3, 4].map((n) => [`SARL Travaux ${n}`, 2]));
  });

  test("entries led by headings, then a closing section of prose under a heading of the same rank ('Un peu d’histoire'): not an entry; an entry without contact written like the others stays", () => {
    const entry = (name: string, contact?: string) =>
      `<h2>${name}</h2><p class="lieu">Centre-ville - Guelma</p><img class="photo" src="/p.jpg" alt=""><p>La salle est simple mais propre, le service rapide et souriant. Les prix sont raisonnables.</p><ul class="pratique"><li>Horaires : de 12h à 15h</li></ul>${contact ? `<p class="infos"><b>Tél.</b> ${contact}</p>` : ''}`;
    const history = `<h2>Un peu d'histoire</h2><p>La mise à jour de cet annuaire repose sur la bonne volonté des entreprises, qui sont invitées à nous signaler tout changement.</p><p>Depuis sa création, l'organisation s'efforce de rapprocher les entreprises des administrations.</p><p>Les statistiques publiées ici proviennent des services de la wilaya.</p>`;
    const html = chrome(`<div id="page">${entry('Restaurant El Djenane', '037 20 11 01')}${entry('Grill Hammam Debagh', '0661 20 11 02')}${entry('Pizzeria Calama')}${entry('Café Mermoura', '037 20 11 04')}${entry('Restaurant Seybouse', '0550 20 11 05')}${history}</div>`);
    expect(names(html)).toEqual(['Restaurant El Djenane', 'Grill Hammam Debagh', 'Pizzeria Calama', 'Café Mermoura', 'Restaurant Seybouse']);
  });

  test('entries whose only shared classed part is their contact line: the one without a contact (the template left the line out) stays', () => {
    const entry = (name: string, phone?: string) => `<li><strong>${name}</strong><br>Centre-ville${phone ? `<span class="tel">Tél : ${phone}</span>` : ''}</li>`;
    const html = chrome(`<ul class="annuaire">${entry('Atelier Un', '037 20 11 01')}${entry('Atelier Deux', '037 20 11 02')}${entry('Atelier Trois')}${entry('Atelier Quatre', '037 20 11 04')}${entry('Atelier Cinq', '037 20 11 05')}</ul>`);
    expect(names(html)).toEqual(['Atelier Un', 'Atelier Deux', 'Atelier Trois', 'Atelier Quatre', 'Atelier Cinq']);
  });

  test("an entry written as a one-row layout table (a logo's cell, then its name and its parts) among cards, without a contact, stays: its parts are in its cells", () => {
    const card = (n: number, name: string, phone: string) => `<div class="fiche"><h3><a href="fiche.php?id=${n}">${name}</a></h3><div class="adr">Centre-ville</div><div class="tel">Tél : ${phone}</div><div class="plus"><a href="fiche.php?id=${n}">Voir la fiche</a></div></div>`;
    const boxed = (n: number, name: string, phone?: string) => `<table width="100%" class="fiche"><tr><td width="70"><img src="img/logo_${n}.jpg" width="60"></td><td><a href="fiche.php?id=${n}" style="font-weight:bold">${name}</a><br>${phone ? `<div class="tel">Tél : ${phone}</div>` : ''}<div class="adr">Centre-ville</div></td></tr></table>`;
    const html = chrome(`<div id="contenu">${card(1, 'Garage Un', '033 20 11 01')}${card(2, 'Garage Deux', '033 20 11 02')}${boxed(3, 'Garage Trois', '033 20 11 03')}${card(4, 'Garage Quatre', '033 20 11 04')}${card(5, 'Garage Cinq', '033 20 11 05')}${boxed(6, 'Garage Six')}${card(7, 'Garage Sept', '033 20 11 07')}</div>`);
    expect(names(html)).toEqual(['Garage Un', 'Garage Deux', 'Garage Trois', 'Garage Quatre', 'Garage Cinq', 'Garage Six', 'Garage Sept']);
  });

  test('a card whose own name stands above sub-blocks (a company and its branches) stays one company', () => {
    const branch = (town: string, phone: string) => `<div class="site"><h4>Agence ${town}</h4><p>Zone industrielle</p><p>Tél : ${phone}</p></div>`;
    const card = (name: string, branches: string[]) => `<div class="card"><h3>${name}</h3>${branches.join('')}</div>`;
    const html = chrome(`<h1>Transporteurs</h1><div class="results">${card('Trans Oranie', [branch('Oran', '041 20 11 01'), branch('Arzew', '041 20 11 02')])}${card('Sahel Fret', [branch('Mostaganem', '045 20 11 03')])}${card('Atlas Logistique', [branch('Relizane', '046 20 11 04')])}</div>`);
    expect(names(html)).toEqual(['Trans Oranie', 'Sahel Fret', 'Atlas Logistique']);
  });

  test('a table per company, its name row then its fields row: one company per table, its contacts kept', () => {
    const table = (n: number) => `<table width="100%"><tr><td bgcolor="#eee"><b>SARL Fonderie ${n}</b></td></tr><tr><td>Adresse : Zone industrielle<br>Tél : 033 66 22 ${10 + n}<br><a href="fiche.php?id=${n}">» Voir la fiche</a></td></tr></table>`;
    const found = readListing(chrome(`<h1>Industrie</h1><div class="liste">${[1, 2, 3, 4].map(table).join('<br>')}</div>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones])).toEqual([1, 2, 3, 4].map((n) => [`SARL Fonderie ${n}`, [`+213336622${10 + n}`]]));
  });
});

describe('props in attributes', () => {
  test('an astro-island\'s props (HTML-escaped, Astro [type, value] encoding) are read as JSON state, plural keys (tels) included', () => {
    const enc = (n: number) => `[0,{"nom":[0,"Société ${n}"],"tels":[1,[[0,"055012345${n}"]]],"emails":[1,[[0,"s${n}@x.dz"]]]}]`;
    const props = `{"magasins":[1,[${[1, 2, 3].map(enc).join(',')}]]}`.replace(/"/g, '&quot;');
    const found = readListing(chrome(`<astro-island uid="a" props="${props}"></astro-island>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.emails])).toEqual([1, 2, 3].map((n) => [`Société ${n}`, [`+21355012345${n}`], [`s${n}@x.dz`]]));
  });

  test('an Alpine x-data object literal (unquoted keys, single quotes, passed to a component function) is read as state', () => {
    const agence = (n: number) => `{ ref: ${n}, libelle: 'Agence d\\'El Harrach ${n}', ville: 'Alger', gsm: '0661 22 33 4${n}', mail: '${n === 2 ? '' : `ag${n}@colis.dz`}' }`;
    const xdata = `carte({ filtre: '', agences: [ ${[1, 2, 3].map(agence).join(', ')} ] })`;
    const found = readListing(chrome(`<h1>Nos agences</h1><div x-data="${xdata}"><template x-for="a in agences"><div><h3 x-text="a.libelle"></h3><a :href="'tel:' + a.gsm" x-text="a.gsm"></a></div></template></div>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.emails])).toEqual([1, 2, 3].map((n) => [`Agence d'El Harrach ${n}`, [`+21366122334${n}`], n === 2 ? [] : [`ag${n}@colis.dz`]]));
  });

  test('a Cloudflare-protected e-mail link (/cdn-cgi/l/email-protection#…) is an e-mail of its entry: no entry of its own, no detail page', () => {
    const cf = (email: string, key: number) => key.toString(16).padStart(2, '0') + [...email].map((ch) => (ch.charCodeAt(0) ^ key).toString(16).padStart(2, '0')).join('');
    const col = (n: number, town: string) => `<div class="col col-4"><div class="widget"><img src="/img/${n}.jpg" alt=""></div><div class="widget"><h3 class="title">Pharmacie ${town}</h3></div>
      <ul class="icon-list"><li><span class="icon"><i class="fa fa-map"></i></span><span class="txt">${n}, rue Larbi Ben M'hidi</span></li>
      <li><a href="tel:+21338${n}00${n}1${n}"><span class="icon"><i class="fa fa-phone"></i></span><span class="txt">038 ${n}0 0${n} 1${n}</span></a></li>
      <li><a href="/cdn-cgi/l/email-protection#${cf(`${town.toLowerCase()}@pharma-est.dz`, 0x3c + n)}"><span class="icon"><i class="fa fa-envelope"></i></span><span class="txt"><span class="__cf_email__" data-cfemail="${cf(`${town.toLowerCase()}@pharma-est.dz`, 0x51 + n)}">[email&#160;protected]</span></span></a></li></ul></div>`;
    // (Rows of three columns, as a page builder's inner sections lay them out: each row is then read as a group of entries.)
    const found = readListing(chrome(`<h1>Nos officines</h1><section class="zone"><h2>Annaba ville</h2><section class="row">${col(1, 'Annaba')}${col(2, 'Seraidi')}${col(3, 'Chetaibi')}</section></section><section class="zone"><h2>Annaba sud</h2><section class="row">${col(4, 'Berrahal')}${col(5, 'Elhadjar')}${col(6, 'Oued')}</section></section>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.emails, c.detailUrl]).sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual(
      [[1, 'Annaba'], [2, 'Seraidi'], [3, 'Chetaibi'], [4, 'Berrahal'], [5, 'Elhadjar'], [6, 'Oued']].map(([n, t]) => [`Pharmacie ${t}`, [`+21338${n}00${n}1${n}`], [`${String(t).toLowerCase()}@pharma-est.dz`], undefined]),
    );
  });
});

describe('JavaScript literals read without running them', () => {
  test('single quotes, JS escapes, unquoted keys, trailing commas, comments, undefined', () => {
    expect(jsLiteral(`[{nom: 'L\\'Étoile', 'tel': "0550\\x2012 34 56", tél: 'T\\u00e9l', $id: 7, 2: 'x',}, // fin
      [-1.5e2, .5, true, false, null, undefined, '\\u{1F600}', 'a\\
b'], /* x */]`)).toEqual([
      { nom: "L'Étoile", tel: '0550 12 34 56', tél: 'Tél', $id: 7, 2: 'x' },
      [-150, 0.5, true, false, null, null, '😀', 'ab'],
    ]);
  });

  test('anything that is not a literal gives nothing: calls, variables, expressions, unterminated text', () => {
    for (const text of ["[foo(1), 'a']", '[a, 1]', '[1 + 2]', "['a", '{a: 1', "['a\nb']", '[1] [2]', "{'__proto__': 1}.x", '[\\x41]']) expect(jsLiteral(text)).toBeUndefined();
    // A key named __proto__ is an own key, not the object's prototype.
    const value = jsLiteral("{'__proto__': {polluted: 1}}") as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  test('nesting deeper than 40 levels, and 200,000 unclosed brackets, give nothing in linear time', () => {
    expect(jsLiteral(`${'['.repeat(50)}1${']'.repeat(50)}`)).toBeUndefined();
    const { ms, result } = cpuMs(() => [jsLiteral('['.repeat(200_000)), jsLiteral(`['${"\\'".repeat(100_000)}`)]);
    expect(result).toEqual([undefined, undefined]);
    expectCpuWithin(ms, 2_000);
  });
});

describe("state returned by a function of parameters (Nuxt 2's window.__NUXT__, devalue)", () => {
  const state = (body: string) => embeddedJson(parse(`<script>${body}</script>`).querySelectorAll('script'));

  test('!0, !1 and void 0 are literals; a name is one only when a scope gives it', () => {
    expect(jsLiteral('{a: !0, b: !1, c: void 0, d: [!0]}')).toEqual({ a: true, b: false, c: null, d: [true] });
    expect(jsLiteral('[a, 1]')).toBeUndefined();
    expect(jsLiteral('[a, 1]', new Map([['a', 'x']]))).toEqual(['x', 1]);
    for (const text of ['[!2]', '[void 1]', '[!0x]', '[voids]']) expect(jsLiteral(text)).toBeUndefined();
  });

  test('a page whose cards show names only: its contacts read from the parameters, the returned literal and the arguments', () => {
    const nuxt = `window.__NUXT__=(function(a,b,c,d,$,_){return {layout:"default",data:[{liste:{total:3,pharmacies:[`
      + `{id:7,raisonSociale:"Pharmacie Chenoua",ville:a,telFixe:"024 46 12 30",gsm:b,fax:c,courriel:"chenoua.pharma@gmail.com",garde:d},`
      + `{id:9,raisonSociale:"Pharmacie Es-Salam",ville:a,telFixe:c,gsm:"0772 40 11 52",fax:"024 46 77 01",courriel:c,garde:!1},`
      + `{id:12,raisonSociale:"Pharmacie du Port",ville:$,telFixe:'024 45 90 90',gsm:void 0,fax:c,courriel:"port@pharmacie-tipaza.dz",garde:_}]}}],`
      + `state:{site:{nom:"Officines Tipaza"}},serverRendered:!0}}("Tipaza","0550 33 21 08",null,!0,"Cherchell",false));`;
    const html = chrome(`<h1>Pharmacies</h1><div class="liste"><div class="fiche"><h3>Pharmacie Chenoua</h3><p>Tipaza</p></div><div class="fiche"><h3>Pharmacie Es-Salam</h3><p>Tipaza</p></div><div class="fiche"><h3>Pharmacie du Port</h3><p>Cherchell</p></div></div><script>${nuxt}</script>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones.sort(), c.emails, c.faxes ?? []])).toEqual([
      ['Pharmacie Chenoua', ['+21324461230', '+213550332108'], ['chenoua.pharma@gmail.com'], []],
      ['Pharmacie Es-Salam', ['+213772401152'], [], ['+21324467701']],
      ['Pharmacie du Port', ['+21324459090'], ['port@pharmacie-tipaza.dz'], []],
    ]);
  });

  test("devalue's shapes: })(…) and }(…)), repeated objects and arrays passed empty and filled by statements, a cycle cut", () => {
    const [value] = state(`window.__NUXT__=(function(a,b,c){a.nom="Atelier Sig";a["code-postal"]=29001;b[0]=a;b[1]={nom:"Mascara Bois",tel:c};a.moi=a;return {liste:b,premier:a}})(Object.create(null),Array(2),"045 80 11 22");`);
    const atelier = { nom: 'Atelier Sig', 'code-postal': 29001, moi: null };
    expect(value).toEqual({ liste: [atelier, { nom: 'Mascara Bois', tel: '045 80 11 22' }], premier: atelier });
    expect(state('var s=(function(){return {a:[1,2]}}());')).toContainEqual({ a: [1, 2] });
    expect(state('window.x=(function(a){return a}({nom:"Seul"}));')).toContainEqual({ nom: 'Seul' });
  });

  test('a function that assigns literal state fields (no parameters, no return) is read by those literals', () => {
    const list = { entreprises: [{ nom: 'Alpha Sarl', tel: '0550 11 22 33' }, { nom: 'Beta Eurl', tel: '0661 22 33 44' }] };
    const values = state(`window.__NUXT__={};(function(){window.__NUXT__.data=[${JSON.stringify(list)}];window.__NUXT__.serverRendered=!0})();`);
    expect(values.flatMap((v) => jsonItems(v).map((i) => i.name))).toEqual(['Alpha Sarl', 'Beta Eurl']);
  });

  test('code that is not state gives nothing from that function, and never throws', () => {
    for (const body of [
      'window.__NUXT__=(function(a){a.add(1);return {x:a}}(new Set));',
      'window.__NUXT__=(function(a){var b=a;return {x:b}}(1));',
      'window.__NUXT__=(function(a){return {x:a,y:b}}(1));',
      'window.__NUXT__=(function(a){a[5]="trou";return {x:a}}(Array(6)));',
      'window.__NUXT__=(function(a){a.x=1;return {x:a}}("texte"));',
      'window.__NUXT__=(function(a){return {x:a}}(1)',
      'window.__NUXT__=(function(a){return {x:a}',
      'window.__NUXT__=(function(a,1b){return {x:a}}(1,2));',
      '(function($){$.fn.modal=function(){return this}})(jQuery);',
    ]) expect(state(body).filter((v) => typeof v === 'object' && v !== null && 'x' in v)).toEqual([]);
  });

  test('nested functions, a long parameter list and unclosed bodies are read in linear time', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `p${i}`);
    const hostile = [
      `window.__NUXT__=(function(${names.join(',')}){return {v:[${names.join(',')}]}}(${names.map((_, i) => i).join(',')}));`,
      '(function(a){a.b=1;'.repeat(20_000),
      `(function(a){return {x:a}}(${'['.repeat(50_000)}`,
      `(function(a){${'a.b={c:'.repeat(20_000)}`,
    ];
    const { ms } = cpuMs(() => hostile.forEach((h) => state(h)));
    expectCpuWithin(ms, 3_000);
    const [long] = state(hostile[0]) as { v: number[] }[];
    expect(long.v.length).toBe(20_000);
  }, 30_000);
});

describe('map locators: companies in an unkeyed array of arrays', () => {
  const page = chrome(`<h1>Nos agences</h1><div id="map"></div>
    <script>
      var styles = [{"featureType":"water","stylers":[{"color":"#a0d6d1"}]}];
      var locations = [
        ['Hoggar Bâtiment', 36.75, 3.05, '<b>Hoggar Bâtiment</b><br>Tél : 021 23 45 67<br>Fax : 021 23 45 68<br><a href="mailto:contact@hoggar-batiment.dz">contact@hoggar-batiment.dz</a>', 1],
        ["Tassili Travaux", 36.7, 3.1, "<strong>Tassili Travaux</strong><br/>Mobile : <a href=\\"tel:0661223344\\">0661 22 33 44</a>", 2],
        [36.72, 3.2, '<h4>Atlas Génie Civil</h4><p>T\\u00e9l.: 023 45 67 89 / Fax: 023 45 67 90</p><a href="/agence/atlas">Voir</a>', 3],
        ['Dépôt central', 36.8, 3.0, '<b>Dépôt central</b><br>Horaires : 8h - 17h', 4],
      ];
    </script>`);

  test('each inner array with a name and contact-like strings is a company; labels read (a fax is a fax); records without contacts are not', () => {
    const { companies } = readListing(page, URL);
    expect(companies.map((c) => ({ name: c.name, phones: c.phones, faxes: c.faxes ?? [], emails: c.emails, detailUrl: c.detailUrl }))).toEqual([
      { name: 'Hoggar Bâtiment', phones: ['+21321234567'], faxes: ['+21321234568'], emails: ['contact@hoggar-batiment.dz'], detailUrl: undefined },
      { name: 'Tassili Travaux', phones: ['+213661223344'], faxes: [], emails: [], detailUrl: undefined },
      { name: 'Atlas Génie Civil', phones: ['+21323456789'], faxes: ['+21323456790'], emails: [], detailUrl: 'https://annuaire.test/agence/atlas' },
    ]);
  });

  test('the same records in JSON (double quotes, no trailing comma) are read the same way; arrays of numbers are not records', () => {
    const json = `<script>var markers = ${JSON.stringify([['Hoggar Bâtiment', 36.75, 3.05, 'Tél : 021 23 45 67 - E-mail : contact@hoggar-batiment.dz'], ['Tassili Travaux', 36.7, 3.1, 'Tél : 0661 22 33 44'], [36.7, 3.1, 12, 99]])};</script>`;
    expect(names(chrome(json))).toEqual(['Hoggar Bâtiment', 'Tassili Travaux']);
    expect(jsonItems([[1, 2], [3, 4]])).toEqual([]);
  });
});

describe('Gatsby pages whose listing is only in page-data.json', () => {
  const shell = (head: string, body = '') => `<!DOCTYPE html><html><head><meta name="generator" content="Gatsby 5.13.3"/>${head}</head><body><div id="___gatsby"><div id="gatsby-focus-wrapper"><header>Annuaire — 021 99 88 77</header><main><h1>Entreprises</h1>${body}<div class="skeleton"></div></main></div></div></body></html>`;

  test('the page-data.json its preload link names (not app-data.json nor a static query), else the one Gatsby’s path convention gives', () => {
    const named = shell('<link as="fetch" rel="preload" href="/page-data/app-data.json" crossorigin="anonymous"/><link as="fetch" rel="preload" href="/page-data/sq/d/123.json"/><link as="fetch" rel="preload" href="/page-data/annuaire/btp/page-data.json" crossorigin="anonymous"/>');
    expect(readListing(named, 'https://gatsby.test/annuaire/btp/').data).toBe('https://gatsby.test/page-data/annuaire/btp/page-data.json');
    expect(readListing(shell(''), 'https://gatsby.test/annuaire/btp/page/2/?x=1').data).toBe('https://gatsby.test/page-data/annuaire/btp/page/2/page-data.json');
    expect(readListing(shell(''), 'https://gatsby.test/').data).toBe('https://gatsby.test/page-data/index/page-data.json');
  });

  test('a page that shows its companies, or that Gatsby did not make, names no data file', () => {
    const cards = '<div class="card"><h3>Hoggar Bâtiment</h3><p>Tél : 021 23 45 67</p></div><div class="card"><h3>Tassili Travaux</h3><p>Tél : 0661 22 33 44</p></div>';
    expect(readListing(shell('', cards), 'https://gatsby.test/annuaire/').data).toBeUndefined();
    expect(readListing(chrome('<p>Aucun résultat</p>'), URL).data).toBeUndefined();
  });

  test('page-data.json: GraphQL edges/node records with nested contacts, a sponsored one dropped; the next page from pageContext.nextPagePath', () => {
    const data = {
      componentChunkName: 'component---src-templates-liste-js',
      path: '/annuaire/btp/',
      result: {
        data: {
          site: { siteMetadata: { title: 'Annuaire', telephone: '021 99 88 77' } },
          allEntreprise: {
            edges: [
              { node: { raisonSociale: 'Hoggar Bâtiment', coordonnees: { telephone: '021 23 45 67', fax: '021 23 45 68' } }, cursor: 'a' },
              { node: { raisonSociale: 'Tassili Travaux', coordonnees: { email: 'info@tassili.dz' } }, cursor: 'b' },
              { node: { raisonSociale: 'Crédit Express', sponsorise: true, coordonnees: { telephone: '0770 00 00 01' } }, cursor: 'c' },
            ],
          },
        },
        pageContext: { humanPageNumber: 1, numberOfPages: 2, previousPagePath: '', nextPagePath: '/annuaire/btp/page/2/' },
      },
    };
    expect(jsonNext(data)).toBe('/annuaire/btp/page/2/');
    const listing = readListing(JSON.stringify(data), 'https://gatsby.test/page-data/annuaire/btp/page-data.json', {}, { contentType: 'application/json' });
    expect(listing.companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Hoggar Bâtiment', ['+21321234567'], ['+21321234568'], []],
      ['Tassili Travaux', [], [], ['info@tassili.dz']],
    ]);
    expect(listing.dropped.advertisement).toBe(1);
    expect(listing.next).toBe('https://gatsby.test/annuaire/btp/page/2/');
  });
});

describe('text listings in <pre>', () => {
  const read = (pre: string) => readListing(chrome(`<h1>Liste</h1><pre>${pre}</pre>`), URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []]);

  test('indented blocks under a numbered name line are records; a running header found twice is not; a block without contacts is kept', () => {
    const header = 'CCI DU RHUMEL        Tél : 031 86 22 65\n=========================\n';
    const text = `${header}\nN° 001  EURL YOUSFI NEGOCE            RC : 43B08\n        Commerce de gros\n        Tél/Fax : 031 37 34 94   Mob : 0792187128\n        Email : yousfi (at) gmail (dot) com\n\n002 - SNC OUKIL ET NACERI\n        Route de Constantine\n        (coordonnées non déclarées)\n\f${header}\n3.  SARL MILEV\n        Fax : 031 76 12 13\n        Mob : 0661 74 02 35\n`;
    expect(read(text)).toEqual([
      // 'Tél/Fax' answers calls: a phone (also noted as a fax).
      ['EURL YOUSFI NEGOCE', ['+21331373494', '+213792187128'], ['yousfi@gmail.com'], ['+21331373494']],
      ['SNC OUKIL ET NACERI', [], [], []],
      ['SARL MILEV', ['+213661740235'], [], ['+21331761213']],
    ]);
  });

  test('blocks that are not indented are records when they have a contact line; one block alone is not a listing', () => {
    expect(read('Atlas Bâtiment\nTél : 021 23 45 67\n\nNumidia Conseil\ncontact@numidia.dz\n\nNote : liste mise à jour en mars\n').map((r) => r[0])).toEqual(['Atlas Bâtiment', 'Numidia Conseil']);
    expect(read('  Atlas Bâtiment\n      Tél : 021 23 45 67\n')).toEqual([]);
  });

  test('a <pre> of hostile whitespace is read in linear time', () => {
    expectCpuWithin(cpuMs(() => readListing(chrome(`<pre>${`a${' '.repeat(200_000)}b\n`.repeat(3)}${'\n    x'.repeat(50_000)}</pre>`), URL)).ms, 3_000);
  });
});

describe('page-builder blocks', () => {
  test('blocks classed "<builder>-widget" are content, a sidebar "widget" is chrome; the row holding the page title is not an entry', () => {
    const row = (inner: string) => `<div class="pb-row"><div class="pb-widget pb-widget-heading">${inner}</div></div>`;
    const html = chrome(`${row('<h1>Prestataires à Sétif</h1><p>Une erreur ? 0550 90 01 51</p>')}
      ${row('<h2>Hodna Informatique</h2><ul class="pb-icon-list"><li><a href="tel:036841207">Tél : 036 84 12 07</a></li><li>Fax : 036 84 12 08</li></ul>')}
      ${row('<h2>Babor Cloud</h2><ul class="pb-icon-list"><li><a href="mailto:info@babor.dz">info@babor.dz</a></li><li>Sétif</li></ul>')}
      ${row('<h2>Bureautique El Eulma</h2><p>Vente de copieurs</p><p>El Eulma</p>')}
      <div class="widget widget_text"><h3>Nous écrire</h3><p>Tél : 036 90 01 50</p></div><div class="widget widget_text"><h3>Partenaire</h3><p>Tél : 036 90 01 52</p></div>`);
    const found = readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []]);
    expect(found).toEqual([
      ['Hodna Informatique', ['+21336841207'], [], ['+21336841208']],
      ['Babor Cloud', [], ['info@babor.dz'], []],
      ['Bureautique El Eulma', [], [], []],
    ]);
  });

  test("a site builder's page made of widgets (GoDaddy's header, content and footer widgets): the content widget between the page's header and footer is content", () => {
    // GoDaddy Websites + Marketing writes every section of a page as a `widget widget-<kind>`, one under the other.
    const card = (name: string, lines: string[]) =>
      `<div data-ux="GridCell" class="x-el x-el-div c1-1"><div data-ux="ContentCard" class="x-el x-el-div c1-1"><h4 role="heading" aria-level="4" data-ux="ContentCardHeading" data-aid="CONTENT_CARD_TITLE_RENDERED" class="x-el x-el-h4 c1-1 c1-d">${name}</h4><div data-ux="ContentCardText" data-aid="CONTENT_CARD_TEXT_RENDERED" class="x-el c1-1 c1-g">${lines.map((l) => `<p style="margin:0">${l}</p>`).join('')}</div></div></div>`;
    const html = `<!DOCTYPE html><html lang="fr-DZ"><head><title>Nos revendeurs</title></head><body class="x x-fonts-montserrat"><div id="layout-1" class="layout layout-layout layout-layout-layout-13 locale-fr-DZ lang-fr"><div data-ux="Page" id="page-1" class="x-el x-el-div c1-1"><div data-ux="Block" class="x-el x-el-div c1-1">
      <div id="w-header" class="widget widget-header widget-header-header-9"><div data-ux="Header" role="main" data-aid="HEADER_WIDGET" class="x-el x-el-div c1-1"><nav data-ux="Navigation"><a data-ux="NavLink" href="/">Accueil</a><a data-ux="NavLink" href="/revendeurs">Revendeurs</a></nav><a data-ux="Link" data-aid="HEADER_PHONE_LINK" href="tel:+21338900150">038 90 01 50</a></div></div>
      <div id="w-content" class="widget widget-content widget-content-content-4"><div data-ux="Widget" class="x-el x-el-div c1-1"><div data-ux="Container" class="x-el x-el-div c1-1"><h2 data-ux="SectionHeading">Nos revendeurs à Annaba</h2><div data-ux="Grid" class="x-el x-el-div c1-1">
        ${card('Quincaillerie du Port', ['Revendeur – Annaba', 'Tél : 038 84 12 07', 'quincaillerie.port@gmail.com'])}
        ${card('SARL Seybouse Matériaux', ['Revendeur – El Bouni', 'Mob : 0661 20 44 55'])}
        ${card('Outillage Edough', ['Revendeur – Seraïdi', 'Tél : 038 84 12 09', 'Fax : 038 84 12 10'])}
      </div></div></div></div>
      <div id="w-footer" class="widget widget-footer widget-footer-footer-2"><div data-ux="Widget" role="contentinfo" class="x-el x-el-div c1-1"><p data-ux="FooterDetails">contact@marque-outils.dz</p></div></div>
      <div id="w-cookie" class="widget widget-cookie-banner widget-cookie-banner-cookie-1"><p data-ux="Text">Ce site utilise des cookies.</p></div>
    </div></div></div></body></html>`;
    const found = readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []]);
    expect(found).toEqual([
      ['Quincaillerie du Port', ['+21338841207'], ['quincaillerie.port@gmail.com'], []],
      ['SARL Seybouse Matériaux', ['+213661204455'], [], []],
      ['Outillage Edough', ['+21338841209'], [], ['+21338841210']],
    ]);
  });
});

describe('accordions and letter-range pages', () => {
  test('each <details> is one entry named by its <summary> (its small print aside); an FAQ question is not a company', () => {
    const html = chrome(`<h2>Morsott</h2>
      <details><summary>Hôtel Capritour <small>★★★</small></summary><ul><li>Téléphone : 034 21 45 10</li><li>Fax : 034 21 45 11</li></ul></details>
      <details><summary><span class="nom">Académie Avenir</span> <span class="agrement">agrément n° 38/2011</span></summary><p>Portable : 0797-88-77-17</p></details>
      <h2>El Aouinet</h2>
      <details><summary>Relais Souk El Tenine</summary><p>Souk El Tenine</p></details>
      <details><summary>Comment signaler une erreur ?</summary><p>Appelez le 0560 10 20 30.</p></details>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['Hôtel Capritour', ['+21334214510'], ['+21334214511']],
      ['Académie Avenir', ['+213797887717'], []],
      ['Relais Souk El Tenine', [], []],
    ]);
  });

  test('pages by letter range: the link right after the current range written as text', () => {
    const at = 'https://annuaire.test/hotels?de=a&a=f';
    const pager = (current: string) => `<p>Hôtels de : ${current === 'a' ? '<span class="courant">A–F</span>' : '<a href="/hotels?de=a&amp;a=f">A–F</a>'} | ${current === 'g' ? '<strong>G–M</strong>' : '<a href="/hotels?de=g&amp;a=m">G–M</a>'} | <a href="/hotels?de=n&amp;a=z">N–Z</a></p>`;
    expect(readListing(chrome(pager('a')), at).next).toBe('https://annuaire.test/hotels?de=g&a=m');
    expect(readListing(chrome(pager('g')), 'https://annuaire.test/hotels?de=g&a=m').next).toBe('https://annuaire.test/hotels?de=n&a=z');
    // A bold label before a link is not a pagination.
    expect(readListing(chrome('<p><b>Site</b> <a href="/hotels?id=4">Voir</a> <a href="/hotels?id=5">Plan</a></p>'), at).next).toBeUndefined();
  });

  test("a list split in two letter ranges ('A à K' | 'L à Z'): the range after the current one, though only one link stands beside it", () => {
    const at = (r: string) => `https://annuaire.test/annuaire/avocats.php?lettre=${r}`;
    const split = (current: 'a-k' | 'l-z', sep = 'à') =>
      `<div class="lettres">Nom : ${current === 'a-k' ? `<strong>A ${sep} K</strong> | <a href="/annuaire/avocats.php?lettre=l-z">L ${sep} Z</a>` : `<a href="/annuaire/avocats.php?lettre=a-k">A ${sep} K</a> | <strong>L ${sep} Z</strong>`}</div>`;
    expect(readListing(chrome(split('a-k')), at('a-k')).next).toBe(at('l-z'));
    expect(readListing(chrome(split('a-k', '–')), at('a-k')).next).toBe(at('l-z'));
    // The last range has no next page; a bold word beside one link is no range.
    expect(readListing(chrome(split('l-z')), at('l-z')).next).toBeUndefined();
    expect(readListing(chrome('<p><strong>Avocats</strong> | <a href="/annuaire/avocats.php?lettre=l-z">Notaires</a></p>'), at('a-k')).next).toBeUndefined();
  });

  test('an A-Z index with letters greyed: the link after the current letter is the next linked one, the current marked, odd among the unlinked, or showing the page\'s own value', () => {
    const index = (current: string, item: (l: string) => string) =>
      `<ul class="az">${'ABCDEFGH'.split('').map((l) => (l === current ? item(l) : 'ABEH'.includes(l) ? `<li><a href="/avocats/?lettre=${l}">${l}</a></li>` : `<li class="disabled"><span>${l}</span></li>`)).join('')}</ul>`;
    const at = (l: string) => `https://annuaire.test/avocats/?lettre=${l}`;
    // Marked active, then three greyed letters before the next link.
    expect(readListing(chrome(index('B', (l) => `<li class="active"><span>${l}</span></li>`)), at('B')).next).toBe(at('E'));
    // Unmarked but unlike the greyed ones (its own class), and with no class at all (its text is the page's own value).
    expect(readListing(chrome(index('B', (l) => `<li class="sel"><span>${l}</span></li>`)), at('B')).next).toBe(at('E'));
    expect(readListing(chrome(index('B', (l) => `<li><span>${l}</span></li>`)), at('B')).next).toBe(at('E'));
    // Greyed letters in bold (a bold item reads as a current page) do not outrank the marked one.
    const bold = '<p><a href="/avocats/?lettre=A">A</a> <b>B</b> <a href="/avocats/?lettre=C">C</a> <span aria-current="page">D</span> <a href="/avocats/?lettre=E">E</a></p>';
    expect(readListing(chrome(bold), at('D')).next).toBe(at('E'));
    // The last letter with entries: greyed letters after it, no next page.
    expect(readListing(chrome(index('H', (l) => `<li class="active"><span>${l}</span></li>`)), at('H')).next).toBeUndefined();
    // Greyed letters alike and no current one among them: no next page guessed.
    expect(readListing(chrome(index('', () => '')), 'https://annuaire.test/avocats/').next).toBeUndefined();
  });

  test('a page of one entry is read by the shape the list\'s other pages repeat; an A-Z index above and below the list is not an entry', () => {
    const lawyer = (name: string, phone: string) => `<div class="avocat"><h3>${name}</h3><p>Droit des affaires</p><p>Cabinet : ${phone}</p></div>`;
    const index = '<div class="lettres">' + 'ABCDEFGHIJ'.split('').map((l) => `<a href="/avocats/?lettre=${l}">${l}</a>`).join(' ') + '</div>';
    const page = (entries: string, list = 'colonne') => chrome(`<h1>Avocats</h1>${index}<div class="${list}">${entries}</div>${index}`);
    const first = readListing(page(lawyer('Maître Aït Ali Rachid', '026 28 83 79') + lawyer('Cabinet Amrouche', '026 21 40 50')), 'https://annuaire.test/avocats/?lettre=A');
    expect(first.companies.map((c) => c.name)).toEqual(['Maître Aït Ali Rachid', 'Cabinet Amrouche']);
    expect(first.shape).toBeDefined();
    // Classes that say nothing of a list: only the shape of the other pages finds its one entry.
    const lone = page(lawyer('Maître Djennadi Ferhat', '026 12 05 21'));
    expect(readListing(lone, 'https://annuaire.test/avocats/?lettre=D').companies).toEqual([]);
    expect(readListing(lone, 'https://annuaire.test/avocats/?lettre=D', {}, { shape: first.shape }).companies.map((c) => [c.name, c.phones])).toEqual([['Maître Djennadi Ferhat', ['+21326120521']]]);
    // A list classed as one ('liste') holding a single entry is a list of one, shape or not.
    expect(readListing(page(lawyer('Maître Djennadi Ferhat', '026 12 05 21'), 'liste'), 'https://annuaire.test/avocats/?lettre=D').companies.map((c) => c.name)).toEqual(['Maître Djennadi Ferhat']);
    // Blocks without contacts that repeat beside it (the site's own links) do not hide it.
    const links = (title: string) => `<div class="k9"><h5>${title}</h5><a href="/ordre">L'Ordre</a> <a href="/actes">Actes</a></div>`;
    const beside = chrome(`<h1>Avocats</h1>${index}<div class="colonne">${lawyer('Maître Djennadi Ferhat', '026 12 05 21')}</div>${links('Liens utiles')}${links('Services')}`);
    expect(readListing(beside, 'https://annuaire.test/avocats/?lettre=D', {}, { shape: first.shape }).companies.map((c) => c.name)).toEqual(['Maître Djennadi Ferhat']);
    // The template's classes name the shape: a lone entry written as a <section> where the repeated ones are <div>s is one.
    expect(readListing(page(lawyer('Maître Djennadi Ferhat', '026 12 05 21').replace('<div class="avocat">', '<section class="avocat">').replace(/<\/div>$/, '</section>')), 'https://annuaire.test/avocats/?lettre=D', {}, { shape: first.shape }).companies.map((c) => c.name)).toEqual(['Maître Djennadi Ferhat']);
    // Nor do the page's own blocks beside the one holding it (a top bar and a footer with the directory's numbers, classes that say nothing).
    const frame = `<html><body><div class="q1">Ordre des avocats · Standard : 026 20 10 00</div><div class="q2"><a href="/">Accueil</a> | <a href="/ordre">L'Ordre</a></div>
      <div class="q3"><h1>Avocats</h1><div class="colonne">${lawyer('Maître Djennadi Ferhat', '026 12 05 21')}</div></div><div class="q4">Ordre des avocats – Tél. : 026 20 10 01 – ordre@avocats.dz</div></body></html>`;
    expect(readListing(frame, 'https://annuaire.test/avocats/?lettre=D', {}, { shape: first.shape }).companies.map((c) => c.name)).toEqual(['Maître Djennadi Ferhat']);
  });

  test("a last page's few entries of the list's shape are its entries, beside a sidebar of featured companies with their numbers on every page", () => {
    const shop = (slug: string, name: string) => `<a class="group block bg-white rounded-xl" href="/boutique/${slug}"><div class="p-4"><h3 class="font-semibold">${name}</h3><p class="text-sm">Blida · Grossiste</p></div></a>`;
    const featured = (name: string, phone: string) => `<li class="py-2"><a href="#">${name}</a><br><span>${phone}</span></li>`;
    const sidebar = `<div class="lg:col-span-1"><p class="font-bold">À la une</p><ul class="mb-4">${featured('Grossiste Guendouz', '025 30 54 70')}${featured('Espace Mitidja', '0665 25 69 32')}${featured('Comptoir Taleb', '0550 11 22 33')}</ul></div>`;
    const page = (shops: string) => `<html><body><header class="bg-white"><a href="/">SouqDZ</a></header><main class="max-w-7xl mx-auto"><div class="lg:grid lg:grid-cols-4"><div class="lg:col-span-3"><div class="grid grid-cols-3 gap-6">${shops}</div></div>${sidebar}</div></main><footer>SouqDZ · 021 00 00 01</footer></body></html>`;
    const first = readListing(page(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((x) => shop(x, `Espace ${x.toUpperCase()}${x}${x}`)).join('')), 'https://souq.test/boutiques?page=1');
    expect(first.shape).toBeDefined();
    const last = page(shop('espace-hadjadj', 'Espace Hadjadj') + shop('espace-derradji', 'Espace Derradji'));
    expect(readListing(last, 'https://souq.test/boutiques?page=3', {}, { shape: first.shape }).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Espace Hadjadj', 'https://souq.test/boutique/espace-hadjadj'],
      ['Espace Derradji', 'https://souq.test/boutique/espace-derradji'],
    ]);
  });

  test("a last page's few entries of the list's shape are its entries, beside a news block of many dated links (a date is no contact)", () => {
    const shop = (id: number, name: string, phone: string) => `<div class="fiche"><h3><a href="/fiche.php?id=${id}">${name}</a></h3><p>Tél : ${phone}</p></div>`;
    const news = ['Salon de la PME', 'Journée export', 'Appel à adhésion', 'Bilan du trimestre', 'Nouveaux horaires', 'Formation TVA', 'Assemblée générale', 'Foire de printemps'].map((t, i) => `<li><a href="/news/${i}">${t}</a> (1${i}/0${i + 1}/2026)</li>`).join('');
    const page = (shops: string) => `<html><body><div class="top"><a href="/">Chambre</a></div><table><tr><td class="col-a"><div class="bloc"><div class="bloc-titre">Actualités</div><ul>${news}</ul></div></td><td class="col-b"><div class="liste">${shops}</div></td></tr></table></body></html>`;
    const first = readListing(page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => shop(i, `Comptoir ${'ABCDEFGHIJ'[i - 1]}ahmi`, `045 8${i - 1} 20 4${i - 1}`)).join('')), 'https://chambre.test/annuaire?page=1');
    expect(first.shape).toBeDefined();
    const last = page(shop(21, 'Ets Abbas Distribution', '045 71 20 33') + shop(22, 'Superette Bensalem', '045 72 20 34'));
    expect(readListing(last, 'https://chambre.test/annuaire?page=3', {}, { shape: first.shape }).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Ets Abbas Distribution', ['+21345712033']],
      ['Superette Bensalem', ['+21345722034']],
    ]);
  });

  test("a last page's one entry is read by the class words the list's entries share when their classes vary (zebra rows, a status word)", () => {
    const member = (cls: string, slug: string, name: string) => `<li class="${cls}"><div class="avatar"><a href="/membres/${slug}/"><img src="/a.png" alt=""></a></div><div class="titre"><a href="/membres/${slug}/">${name}</a></div><div class="meta">vu il y a 2 jours</div></li>`;
    const page = (entries: string) => chrome(`<h1>Adhérents</h1><ul class="annuaire-membres">${entries}</ul><div class="k7"><h4>Liens</h4><a href="/statuts">Statuts</a></div>`);
    const first = readListing(page(member('impair en-ligne', 'a', 'Poterie Maatkas') + member('pair en-ligne', 'b', 'Bijoux Beni Yenni') + member('impair en-ligne', 'c', 'Tissage Ait Hichem') + member('pair en-ligne', 'd', 'Vannerie Tigzirt')), 'https://artisans.test/membres/?p=1');
    expect(first.companies.map((c) => c.name)).toEqual(['Poterie Maatkas', 'Bijoux Beni Yenni', 'Tissage Ait Hichem', 'Vannerie Tigzirt']);
    expect(first.shape).toBeDefined();
    const last = page(member('impair en-ligne', 'e', 'Dinanderie Ouadhias'));
    expect(readListing(last, 'https://artisans.test/membres/?p=3').companies).toEqual([]);
    expect(readListing(last, 'https://artisans.test/membres/?p=3', {}, { shape: first.shape }).companies.map((c) => [c.name, c.detailUrl])).toEqual([['Dinanderie Ouadhias', 'https://artisans.test/membres/e/']]);
    // Another list's blocks under another parent are not of that shape.
    const other = chrome(`<h1>Adhérents</h1><ul class="partenaires">${member('impair', 'e', 'Dinanderie Ouadhias')}</ul>`);
    expect(readListing(other, 'https://artisans.test/membres/?p=3', {}, { shape: first.shape }).companies).toEqual([]);
  });

  test('a wide page of bold text and links is read in linear time', () => {
    expectCpuWithin(cpuMs(() => readListing(chrome(`<div>${'<b>x</b><a href="?p=1">y</a>'.repeat(20_000)}</div>`), URL)).ms, 5_000);
  });
});

describe('Nuxt 3 devalue payloads', () => {
  test('a flat array of indexes is revived (wrappers, shared entries, a cycle); its companies read, an entry without contacts kept beside the others, a promo entry dropped', () => {
    const flat = [
      ['ShallowReactive', 1], { data: 2, self: 1 }, { items: 3 }, [4, 9, 13, 16],
      { nom: 5, contact: 6, promo: 8 }, 'Garage Djurdjura', { tel: 7 }, [21], false,
      { nom: 10, contact: 11, promo: 8 }, 'Pneus Azazga', { tel: 12, email: -1 }, '026 34 58 70',
      { nom: 14, contact: 15, promo: 8 }, 'Auto-école Ain El Hammam', { tel: [] },
      { nom: 17, contact: 18, promo: 20 }, 'Location Kabylie', { tel: 19 }, '0550 26 00 26', true, '026 21 43 18',
    ];
    const html = chrome(`<div id="__nuxt"><h1>Garages</h1></div><script type="application/json" id="__NUXT_DATA__">${JSON.stringify(flat)}</script>`);
    const listing = readListing(html, URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['Garage Djurdjura', ['+21326214318']],
      ['Pneus Azazga', ['+21326345870']],
      ['Auto-école Ain El Hammam', []],
    ]);
    expect(listing.dropped.advertisement).toBe(1);
  });

  test('an array of plain numbers in application/json is not a payload; a payload of shared entries doubling at each level is revived in bounded time', () => {
    expect(readListing(chrome('<script type="application/json">[1,2,3]</script>'), URL).companies).toEqual([]);
    // Entry i holds entry i+1 twice, 60 levels deep: 2^60 paths, 60 entries.
    const flat: unknown[] = [['Reactive', 1]];
    for (let i = 1; i < 60; i++) flat.push({ nom: 61, a: i + 1, b: i + 1 });
    flat.push({ nom: 61, tel: 62 }, 'Garage', '026 21 43 18');
    expectCpuWithin(cpuMs(() => readListing(chrome(`<script type="application/json" id="__NUXT_DATA__">${JSON.stringify(flat)}</script>`), URL)).ms, 10_000);
  });
});

describe('JSON:API collections', () => {
  test('data[].attributes hold the name and field_* contacts; links.next.href is the next page', () => {
    const body = {
      data: [
        { type: 'node--societe', id: 'a1', links: { self: { href: '/api/societes/a1' } }, attributes: { title: 'Engrais de l’Est', field_tel_fixe: ['038 72 14 55'], field_fax: '038 72 14 56', field_e_mail: 'engrais.est@yahoo.fr', field_e_mail_secondaire: 'direction@engrais-est.dz' } },
        { type: 'node--societe', id: 'a2', attributes: { title: 'Gaz Industriels Collo', field_tel_fixe: [] } },
        { type: 'Feature', properties: { name: 'Détergents Filfila', phone: '0552 31 07 44' } },
      ],
      links: { next: { href: '/api/societes?page%5Bnumero%5D=3' } },
    };
    const listing = readListing(JSON.stringify(body), 'https://annuaire.test/api/societes?page%5Bnumero%5D=2', {}, { contentType: 'application/vnd.api+json' });
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual([
      ['Engrais de l’Est', ['+21338721455'], ['engrais.est@yahoo.fr', 'direction@engrais-est.dz'], ['+21338721456']],
      ['Gaz Industriels Collo', [], [], []],
      ['Détergents Filfila', ['+213552310744'], [], []],
    ]);
    expect(listing.next).toBe('https://annuaire.test/api/societes?page%5Bnumero%5D=3');
  });
});

describe('contacts only in vaguely named data attributes', () => {
  test('cards whose numbers are masked in the text and whole in data-num / data-num-2, the e-mail in data-contact', () => {
    const card = (name: string, attrs: string) => `<div class="carte"><h5>${name}</h5><p>Batna</p><button class="reveal" ${attrs} data-fiche="701">033 85 ** ** · Voir</button></div>`;
    const html = chrome(`<div class="row">${card('Aurès Nettoyage', 'data-num="033854120" data-num-2="0661472208"')}${card('Imprimerie Timgad', 'data-num="0552901426"')}${card('Traduction Medghassen', 'data-contact="medghassen@outlook.fr"')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Aurès Nettoyage', ['+21333854120', '+213661472208'], []],
      ['Imprimerie Timgad', ['+213552901426'], []],
      ['Traduction Medghassen', [], ['medghassen@outlook.fr']],
    ]);
  });
});

describe('ads marked by data attributes', () => {
  test('data-sponsor="1" on an entry or on the only card of its wrapper is an advertisement; data-sponsor="0" is not', () => {
    const col = (name: string, attr: string) => `<div class="col"><div class="carte" ${attr}><h5>${name}</h5><p>Tél : 0661 47 22 0${name.length % 10}</p></div></div>`;
    const html = chrome(`<div class="row">${col('Aurès Nettoyage', '')}${col('Crédit Pro Banque', 'data-sponsor="1"')}${col('Imprimerie Timgad', 'data-sponsor="0"')}${col('Chelia Sécurité', '')}</div>`);
    const listing = readListing(html, URL);
    expect(listing.companies.map((c) => c.name)).toEqual(['Aurès Nettoyage', 'Imprimerie Timgad', 'Chelia Sécurité']);
    expect(listing.dropped.advertisement).toBe(1);
  });
});

describe("ads marked by the class of a column's only card", () => {
  test("a grid column holding only a box classed as a partner's ('bloc-partenaire') among the members' columns is an advertisement, as its own class would say", () => {
    const col = (box: string, name: string, line: string) => `<div class="col medium-4"><div class="col-inner"><div class="${box}"><h4>${name}</h4><p>${line}</p></div></div></div>`;
    const html = chrome(`<div class="row">${col('bloc-membre', 'Aurès Nettoyage', 'Tél : 033 80 12 45')}${col('bloc-membre', 'Imprimerie Timgad', 'Tél : 033 81 23 56')}${col('bloc-partenaire', 'Banque du Sud', 'Agence centre : 033 82 34 67')}${col('bloc-membre', 'Chelia Sécurité', 'Tél : 033 83 45 78')}</div>`);
    const listing = readListing(html, URL);
    expect(listing.companies.map((c) => c.name)).toEqual(['Aurès Nettoyage', 'Imprimerie Timgad', 'Chelia Sécurité']);
    expect(listing.dropped.advertisement).toBe(1);
  });

  test("a row whose every column holds a partner's box is a tier of members ('Membres partenaires' above the others' table), no advertising", () => {
    const col = (name: string, line: string) => `<div class="col-md-6"><div class="card partenaire"><div class="card-body"><h4 class="card-title">${name}</h4><p>${line}</p></div></div></div>`;
    const html = chrome(`<h2>Membres partenaires</h2><div class="row">${col('Rusicade Transit', 'Tél : 038 26 30 48')}${col('Stora Logistique', 'Tél : 038 97 82 76')}</div>
      <h2>Autres membres</h2><table><tr><th>Raison sociale</th><th>Téléphone</th></tr><tr><td>Transit Aouadi</td><td>038 99 56 07</td></tr><tr><td>Ets Hamidi</td><td>038 80 05 14</td></tr><tr><td>Collo Maritime</td><td>038 71 22 40</td></tr></table>`);
    expect(names(html)).toEqual(['Rusicade Transit', 'Stora Logistique', 'Transit Aouadi', 'Ets Hamidi', 'Collo Maritime']);
  });
});

describe('marketplaces and classifieds: the seller is the company', () => {
  test('products each sold by a seller link: the seller is the name, its page the detail page (a bare "par" is an author)', () => {
    const html = chrome(`<h1>Pièces industrielles</h1><ul class="grid">
      <li class="product"><h3>Vanne papillon DN100</h3><p>12 000 DA</p><p class="seller">Vendu par <a href="/vendeur/ouarsenis-robinetterie">SARL Ouarsenis Robinetterie</a></p></li>
      <li class="product"><h3>Roulement 6205</h3><p>900 DA</p><dl><dt>Fournisseur</dt><dd><a href="/vendeur/chlef-roulements">EURL Chlef Roulements</a></dd></dl></li>
      <li class="product"><h3>Vanne papillon DN100</h3><p>11 500 DA</p><p class="seller">Sold by <a href="/vendeur/chlef-roulements">EURL Chlef Roulements</a></p></li>
    </ul>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['SARL Ouarsenis Robinetterie', 'https://annuaire.test/vendeur/ouarsenis-robinetterie'],
      ['EURL Chlef Roulements', 'https://annuaire.test/vendeur/chlef-roulements'],
      ['EURL Chlef Roulements', 'https://annuaire.test/vendeur/chlef-roulements'],
    ]);
    const posts = chrome(`<div class="post"><h2><a href="/blog/1">Atlas Travaux</a></h2><p>par <a href="/auteur/admin">Admin</a> · Tél : 0550 12 34 56</p></div>
      <div class="post"><h2><a href="/blog/2">Numidia Bâtiment</a></h2><p>par <a href="/auteur/admin">Admin</a> · Tél : 0550 12 34 57</p></div>`);
    expect(names(posts)).toEqual(['Atlas Travaux', 'Numidia Bâtiment']);
  });

  test("an ad whose advertiser is a link to his member profile ('Annonceur : <a>', 'Publié par <a>'): the advertiser names it, the ad's own page (where classifieds show his phone) is its detail page", () => {
    const ad = (id: number, title: string, user: number, seller: string, label: string) => `<div class="annonce-row"><a class="vignette" href="/offres/${id}-${title.toLowerCase().replace(/\W+/g, '-')}"><img src="/img/${id}.jpg" alt=""></a>
      <div class="corps"><a class="intitule" href="/offres/${id}-${title.toLowerCase().replace(/\W+/g, '-')}">${title}</a><div class="infos">Tlemcen - 03/03/2026<span class="prix">${id % 2 ? 4 : 2} 500 DA</span></div>
      <div class="par">${label} <a href="/membres/${user}">${seller}</a></div></div></div>`;
    const html = chrome(`<h1>Offres de services</h1><div class="resultats">
      ${ad(301, 'Installation de caméras de surveillance', 88, 'SARL Tafna Sécurité', 'Annonceur :')}
      ${ad(302, 'Comptabilité et déclarations G50', 91, 'Cabinet Mansourah Conseil', 'Publié par')}
      ${ad(303, 'Transport de marchandises toutes distances', 95, 'EURL Remchi Trans', 'Annonceur :')}
    </div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['SARL Tafna Sécurité', 'https://annuaire.test/offres/301-installation-de-cam-ras-de-surveillance'],
      ['Cabinet Mansourah Conseil', 'https://annuaire.test/offres/302-comptabilit-et-d-clarations-g50'],
      ['EURL Remchi Trans', 'https://annuaire.test/offres/303-transport-de-marchandises-toutes-distances'],
    ]);
    // The date and the price glued together ('03/03/2026' + '4 500 DA') are no phone: a number before a currency is an amount.
    expect(readListing(html, URL).companies.flatMap((c) => c.phones)).toEqual([]);
  });

  test('an ad whose seller line names the advertiser as text after its type ("Professionnel · X", "Pro – X"), no link: the advertiser is the company, the ad its detail page', () => {
    const ad = (id: number, title: string, seller: string) => `<li class="ad-card"><a class="ad-photo" href="/annonces/${id}-x"><img src="/p/${id}.jpg" alt="${title}"></a>
      <h3><a class="ad-title" href="/annonces/${id}-x">${title}</a></h3><div class="ad-meta"><span>Mostaganem</span> - 12/02/2026</div><p>Devis gratuit, tél. sur la fiche.</p>
      <div class="ad-vendeur">${seller}</div></li>`;
    const html = chrome(`<h1>Services aux entreprises</h1><ul class="ads">
      ${ad(11, 'Traduction officielle – Mostaganem', '<span class="type">Professionnel</span> · Agence Ithri Traduction')}
      ${ad(12, 'Location de bureaux équipés – Sidi Lakhdar', '<span class="type">Pro</span> – SARL Dahra Business Center')}
      ${ad(13, 'Traduction officielle – Hassi Mamèche', '<span class="type">Professionnel</span> · Cabinet Benkritly')}
    </ul>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Agence Ithri Traduction', 'https://annuaire.test/annonces/11-x'],
      ['SARL Dahra Business Center', 'https://annuaire.test/annonces/12-x'],
      ['Cabinet Benkritly', 'https://annuaire.test/annonces/13-x'],
    ]);
    // A seller-classed element that names no seller type or label (a rating, a 'best-seller' badge) is no name.
    const rated = chrome(`<ul class="ads">${[1, 2].map((i) => `<li class="ad-card"><h3><a href="/annonces/${i}-x">Ordinateurs reconditionnés lot ${i}</a></h3><span class="best-seller">Top ventes</span><div class="seller-rating">4,5 / 5</div><p>Tél : 0550 12 34 5${i}</p></li>`).join('')}</ul>`);
    expect(names(rated)).toEqual(['Ordinateurs reconditionnés lot 1', 'Ordinateurs reconditionnés lot 2']);
  });

  test('a classifieds site whose every entry is an "ad-item" lists ads, not paid placements; a sponsored one among them still is', () => {
    const html = chrome(`<div class="ads">
      <div class="ad-item"><a href="/annonce/1"><h2>Groupe électrogène 20 kVA</h2></a><div class="store">Annonceur : <a href="/annonce/1">SARL Mzab Négoce</a></div><p>Tél : 0550 11 22 33</p></div>
      <div class="ad-item"><a href="/annonce/2"><h2>Dattes Deglet Nour export</h2></a><div class="store">Annonceur : <a href="/annonce/2">Ets Oasis Export</a></div><p>Tél : 0661 11 22 33</p></div>
      <div class="ad-item"><a href="/annonce/3"><h2>Climatiseurs split</h2></a><div class="store">Annonceur : <a href="/annonce/3">SARL Mzab Négoce</a></div><p>Tél : 0550 11 22 34</p></div>
      <div class="ad-item sponsored"><span class="badge">Sponsorisé</span><h2>Crédit auto</h2><p>Tél : 0770 00 00 01</p></div>
    </div>`);
    const { companies, dropped } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['SARL Mzab Négoce', 'https://annuaire.test/annonce/1'],
      ['Ets Oasis Export', 'https://annuaire.test/annonce/2'],
      ['SARL Mzab Négoce', 'https://annuaire.test/annonce/3'],
    ]);
    expect(dropped.advertisement).toBe(1);
  });
});

describe('records written as runs of flat sibling blocks (a site builder’s grid, no element per record)', () => {
  const block = (inner: string) => `<div class="blk comp-${Math.random().toString(36).slice(2, 8)}">${inner}</div>`;
  const logo = () => block('<div class="img"><img src="/media/logo.png" alt="logo.png"></div>');
  const members: [string, string][] = [
    ['Électroménager Kebir', '<p>Négoce de céréales</p><p>Tél : 033 17 37 87</p><p><a href="mailto:kebir@hotmail.com">kebir@hotmail.com</a></p><p><em>Gérant : Amine Rezig</em></p>'],
    ['Tissus Amrani', '<p>Quincaillerie</p><p>113, Boulevard Krim Belkacem, El Kantara</p><p>Mob : 0772 94 26 26</p>'],
    ['SARL Ouled Djellal Dattes', '<p>Distribution de produits alimentaires</p><p>54, Rue Didouche Mourad, Biskra</p>'],
    ['Groupe Rahmani', '<p>Distribution</p><p>Tél : 033 67 10 34</p><p>Fax : 033 67 10 35</p>'],
  ];
  const read = (grid: string) => readListing(chrome(`<section><div class="grid">${block('<h1>Nos membres</h1>')}${block('<p>Retrouvez les coordonnées de nos adhérents.</p>')}${grid}</div></section>`), URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []]);
  const expected = [
    ['Électroménager Kebir', ['+21333173787'], ['kebir@hotmail.com'], []],
    ['Tissus Amrani', ['+213772942626'], [], []],
    ['SARL Ouled Djellal Dattes', [], [], []],
    ['Groupe Rahmani', ['+21333671034'], [], ['+21333671035']],
  ];

  test('[logo, name, text] per member (Wix): each logo, name block and text block are one company, the page title and intro none', () => {
    expect(read(members.map(([n, t]) => logo() + block(`<h4><span><span style="font-weight:bold;">${n}</span></span></h4>`) + block(t)).join(''))).toEqual(expected);
  });

  test('[name, text, divider or button] per member with group headings and a closing call to join (Squarespace): the headings and the closing block are no company', () => {
    const tail = (i: number) => (i % 2 ? block('<hr>') : block('<a class="btn" href="https://maps.google.com/?q=Biskra">Itinéraire</a>'));
    const grid = block('<h2>Commerce de gros</h2>') + members.slice(0, 2).map(([n, t], i) => block(`<h3>${n}</h3>`) + block(t) + tail(i)).join('') + block('<h2>Distribution</h2>') + members.slice(2).map(([n, t], i) => block(`<h3>${n}</h3>`) + block(t) + tail(i)).join('') + block('<p><strong>Vous souhaitez adhérer ?</strong> Appelez le club au 033 21 96 94 ou écrivez à adhesion@club.dz.</p>');
    expect(read(grid)).toEqual(expected);
  });

  test("[image, name and activity under it, contacts, 'Appeler' button] per member (Hostinger / Zyro): the heading is the name, the line under it no part of it", () => {
    const activity = ['Recyclage', 'Collecte', 'Assainissement', 'Distribution'];
    const grid = members.map(([n, t], i) => logo() + block(`<h3><span style="color:green">${n}</span></h3><p><em>${activity[i]}</em> · Biskra</p>`) + block(t) + block('<a class="grid-button" href="tel:+213550000000">Appeler</a>')).join('');
    expect(read(grid).map(([n, p, e, f]) => [n, (p as string[]).filter((x) => x !== '+213550000000'), e, f])).toEqual(expected);
  });

  test('a bold name whose first word is also a label (a phone shop\'s "Mobile …", "GSM …", "Portable …") leads its run like any other name', () => {
    const shops: [string, string][] = [
      ['Mobile Center Ouargla', '<p>Cité 200 logements, Ouargla<br>Tél : 0661 52 30 17</p>'],
      ['Kiosque Ennasr', '<p>Rue Emir Abdelkader, Touggourt<br>Tél : 029 67 41 08</p>'],
      ['GSM Plus Hassi Messaoud', '<p>Centre commercial, Hassi Messaoud<br>Mob : 0772 18 44 90</p>'],
      ['Portable Service Ngoussa', '<p>Place du marché, Ngoussa<br>Mob : 0550 73 21 64</p>'],
    ];
    const grid = shops.map(([n, t]) => block('<div class="shape"></div>') + block(`<div class="atom"><strong>${n}</strong></div>`) + block(t)).join('');
    expect(read(grid).map(([n, p]) => [n, (p as string[]).length])).toEqual(shops.map(([n]) => [n, 1]));
  });

  test('[name, text] per member: the text block’s first line (its activity) is not the name, the block before it is', () => {
    expect(read(members.map(([n, t]) => block(`<h3>${n}</h3>`) + block(t)).join(''))).toEqual(expected);
    expect(read(members.map(([n, t]) => block(`<p><strong>${n}</strong></p>`) + block(t)).join(''))).toEqual(expected);
  });

  test('a table of two rows per company (a name row, a row of field cells) and a spacer row: one company per name row', () => {
    const rows = members.map(([n, t]) => `<tr bgcolor="#1F4E79"><td colspan="2"><font color="#FFFFFF"><b>${n}</b></font></td></tr><tr bgcolor="#F2F2F2"><td>${t.replace(/<\/?p>/g, ' ')}</td><td>Skikda</td></tr><tr><td colspan="2"><img src="/spacer.gif"></td></tr>`).join('');
    expect(readListing(chrome(`<table>${rows}</table>`), URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual(expected);
  });

  test('no runs without a period or without contacts: a list of names, sections of prose, name blocks followed by other name blocks', () => {
    const names = ['Atlas', 'Numidia', 'Tassili', 'Hoggar'];
    // A menu of names only: nothing to read.
    expect(read(names.map((n) => block(`<h3>${n}</h3>`)).join(''))).toEqual([]);
    // Headings over prose without any contact: no company.
    expect(read(names.map((n) => block(`<h3>${n}</h3>`) + block('<p>Une histoire de la région et de ses paysages.</p>') + block('<p>Des sentiers balisés.</p>')).join(''))).toEqual([]);
  });
});

describe('entries written as runs of lines in one rich-text body (a blog post typed in its editor)', () => {
  const post = (body: string) => `<!doctype html><html><head><title>Le blog de Tiaret</title></head><body>
    <div class="main section" id="main"><div class="blog-posts hfeed"><div class="post hentry">
      <h3 class="post-title entry-title">Liste des plombiers de Tiaret</h3>
      <div class="post-body entry-content" id="post-body-1">${body}</div>
    </div></div></div>
    <div class="sidebar section" id="sidebar"><div class="widget Profile" id="Profile1"><h2>À propos</h2><p>Contact : blog.tiaret@gmail.com</p></div>
    <div class="widget HTML" id="HTML1"><h2>Partenaire</h2><p><b>Quincaillerie Centrale</b><br>Tél : 046 20 20 20</p></div></div>
  </body></html>`;
  const read = (html: string) => readListing(html, URL).companies.map((c) => [c.name, c.phones, c.emails, c.faxes ?? []]);

  test('bold name lines cut by <br> in one <div>: each name line and the lines after it, up to the next, are one company', () => {
    const body = `<div dir="ltr" style="text-align: left;">
      <span style="font-size: large;"><b>Bienvenue sur notre liste mise à jour.</b></span><br />Voici les artisans que nos lecteurs recommandent.<br />&nbsp;<br />
      <b><span style="color: #0b5394;">1- Plomberie El Amel</span></b><br /><span style="color: #38761d;">Sanitaire et chauffage</span><br />📍 Adresse : Cité Volani, Tiaret<br />☎️ الهاتف / Tél : 046.41.22.18 / 0661 52 30 47<br />📧 Email : plomberie.elamel@gmail.com<br /><br />
      <b><span style="color: #0b5394;">2- مؤسسة الوفاء للترصيص</span></b><br />📍 العنوان : حي 1000 مسكن<br />للاتصال 0771 25 46 13 أو alwafa.tiaret@gmail.com<br />📠 Fax : 046 41 80 92<br /><br />
      <b><span style="color: #0b5394;">3- Chauffage Sersou</span></b><br />📍 Adresse : Route de Frenda<br />☎️ الهاتف : (bientôt)<br />&nbsp;<br />
      <b><span style="color: #0b5394;">4- Thermo Services Tiaret</span></b><br />👤 Gérant : Karim Bensaïd – 0552 73 18 64<br />💬 WhatsApp : 0698 40 21 75<br /><br />
      Pour figurer dans la liste, appelez-nous au 0550 11 22 33.<br /></div>`;
    expect(read(post(body))).toEqual([
      ['Plomberie El Amel', ['+21346412218', '+213661523047'], ['plomberie.elamel@gmail.com'], []],
      ['مؤسسة الوفاء للترصيص', ['+213771254613'], ['alwafa.tiaret@gmail.com'], ['+21346418092']],
      ['Chauffage Sersou', [], [], []],
      ['Thermo Services Tiaret', ['+213552731864', '+213698402175'], [], []],
    ]);
  });

  test("an entry of paragraphs runs past the list's period over the paragraphs that each begin with a field's label and hold a contact ('Fax :', 'Mail :')", () => {
    // (Pasted from Word: a paragraph per line, an empty paragraph between entries; the last entry the only one with a fax and an e-mail.)
    const para = (html: string) => `<p class="MsoNormal" style="margin-bottom:0cm">${html}</p>`;
    const entry = (name: string, lines: string[]) => [para(`<b><span style="font-size:12.0pt">${name}</span></b>`), ...lines.map((l) => para(`<span style="font-family:Arial">${l}</span>`)), para('<o:p>&nbsp;</o:p>')].join('\n');
    const body = `<div class="entry-content">${para('Voici la liste des unités de la zone.')}
      ${entry('Unité Yaourt Sfisef', ['Adresse : Rue de la gare, Sfisef', 'Tél : 048 35 32 24'])}
      ${entry('Biscuiterie Tessala', ['Adresse : Route de Oran, Tessala', 'Tél : 048 25 02 14'])}
      ${entry('Moulin Mekerra', ['Adresse : Zone industrielle', 'GSM : 0661 20 30 40'])}
      ${entry('Chocolaterie El Bahia', ['Adresse : Lotissement 120 logements', 'Tél : 048 61 45 63', 'Fax : 048 87 03 29', 'Mail : direction@elbahia-choco.dz'])}
      ${para('Pour toute correction, écrivez-nous via la page Contact.')}</div>`;
    expect(read(post(body)).at(-1)).toEqual(['Chocolaterie El Bahia', ['+21348614563'], ['direction@elbahia-choco.dz'], ['+21348870329']]);
  });

  test("a list number typed before each bold name ('1) <b>Name</b>', '12. <b>Name</b>') in a printable page's <font> inside a layout table: one company per name line", () => {
    const entry = (n: number, name: string, lines: string[]) => `${n}) <b>${name}</b><br>\n${lines.map((l) => `&nbsp;&nbsp;&nbsp;${l}<br>`).join('\n')}<br>\n`;
    const html = `<html><body><table width="640"><tr><td><img src="logo.gif"></td><td><font size="2"><b>Direction de l'Agriculture</b><br>Tél : 046.63.00.58 &nbsp; Fax : 046.86.23.17</font></td></tr>
      <tr><td colspan="2"><font size="3"><b>Liste des vétérinaires agréés</b></font><br><br><font size="2">
      ${entry(1, 'Cabinet vétérinaire Dr Saidi Walid', ['Agrément n° 120/2010', 'Adresse : Centre-ville', 'Tél : 046 17 96 80', 'Fax : 046 58 58 59'])}
      ${entry(2, 'Clinique vétérinaire Amrani', ['Adresse : Cité 500 logements', 'Portable : 0781 38 85 49'])}
      ${entry(3, 'Dr Hadj Salim, vétérinaire', ['Adresse : Route de Frenda', 'E-mail : <a href="mailto:veto.hadj@gmail.com">veto.hadj@gmail.com</a>'])}
      4) <b>Cabinet vétérinaire Dr Kaci</b><br>&nbsp;&nbsp;&nbsp;Tél : 046 21 66 73
      </font></td></tr><tr><td colspan="2"><font size="1">DSA — dsa@agriculture.dz</font></td></tr></table></body></html>`;
    expect(read(html)).toEqual([
      ['Cabinet vétérinaire Dr Saidi Walid', ['+21346179680'], [], ['+21346585859']],
      ['Clinique vétérinaire Amrani', ['+213781388549'], [], []],
      ['Dr Hadj Salim, vétérinaire', [], ['veto.hadj@gmail.com'], []],
      ['Cabinet vétérinaire Dr Kaci', ['+21346216673'], [], []],
    ]);
  });

  test('a <div> or <p> per line, names in bold paragraphs under a heading per commune: the headings are no company', () => {
    const entry = (name: string, lines: string[]) => `<p><strong>🔸 ${name}</strong></p>${lines.map((l) => `<p>${l}</p>`).join('')}<p>&nbsp;</p>`;
    const body = `<p>Les plombiers de la wilaya, commune par commune.</p><h3>Tiaret</h3>${entry('Plomberie El Amel', ['Adresse : Cité Volani', 'Tél : 046 41 22 18 ou 0661 52 30 47'])}${entry('Sanitaire Rostom', ['Adresse : Centre-ville', 'E-mail : <a href="mailto:rostom.sanitaire@yahoo.fr">rostom.sanitaire@yahoo.fr</a>'])}
      <h3>Frenda</h3>${entry('Chauffage Sersou', ['Adresse : Route de Tiaret'])}${entry('Thermo Services Frenda', ['Tél : 046 49 12 07', 'Mobile : 0552 73 18 64'])}<p><em>Liste non exhaustive.</em></p>`;
    expect(read(post(body)).map(([n, p, e]) => [n, p, e])).toEqual([
      ['Plomberie El Amel', ['+21346412218', '+213661523047'], []],
      ['Sanitaire Rostom', [], ['rostom.sanitaire@yahoo.fr']],
      ['Chauffage Sersou', [], []],
      ['Thermo Services Frenda', ['+21346491207', '+213552731864'], []],
    ]);
  });

  test('a bullet typed before a name (🔹, ▶, •, *, », -) is no part of it; a name of symbols only is still no name', () => {
    const card = (name: string, tel: string) => `<div class="card"><h3>${name}</h3><p>Tél : ${tel}</p></div>`;
    const html = chrome(`<div class="results">${card('🔹 Plomberie El Amel', '046 41 22 18')}${card('▶&nbsp;Sanitaire Rostom', '046 41 22 19')}${card('• Chauffage Sersou', '046 41 22 20')}${card('* Thermo Services', '046 41 22 21')}${card('» 3 Frères Plomberie', '046 41 22 22')}${card('- Aqua Tiaret', '046 41 22 23')}${card('★★★', '046 41 22 24')}</div>`);
    expect(names(html)).toEqual(['Plomberie El Amel', 'Sanitaire Rostom', 'Chauffage Sersou', 'Thermo Services', '3 Frères Plomberie', 'Aqua Tiaret']);
  });

  test('no runs of lines without name lines leading contacts: bold subtitles over prose, a heading per company with bold branch lines', () => {
    // Bold subtitles over prose: nothing to read.
    const prose = ['Histoire', 'Paysages', 'Gastronomie', 'Artisanat'].map((t) => `<b>${t}</b><br />Une région riche de son passé et de ses traditions.<br /><br />`).join('');
    expect(read(post(`<div>${prose}</div>`))).toEqual([]);
    // A heading per company, its branches in bold lines under it: the headings lead the entries, not the bold lines.
    const branch = (town: string, tel: string) => `<p><b>Agence de ${town}</b></p><p>Tél : ${tel}</p>`;
    const body = `<h3>Plomberie El Amel</h3><p>Adresse : Cité Volani</p>${branch('Sougueur', '046 45 10 11')}${branch('Frenda', '046 49 10 12')}
      <h3>Sanitaire Rostom</h3><p>Adresse : Centre-ville</p>${branch('Ksar Chellala', '046 48 10 13')}${branch('Mahdia', '046 47 10 14')}`;
    expect(repeatedItems(parse(post(body))).items.map((el) => el.querySelector('h3')?.text)).toEqual(['Plomberie El Amel', 'Sanitaire Rostom']);
  });
});

describe('tables transposed: one company per column', () => {
  test('each column is one company named by its header; a row labelled Fax gives faxes, never phones', () => {
    const names3 = ['Atlas Conseil', 'Bureau Nour', 'Cabinet Ziane'];
    const row = (label: string, values: string[]) => `<tr><th scope="row">${label}</th>${values.map((v) => `<td>${v}</td>`).join('')}</tr>`;
    const table = `<table><thead><tr><th>Bureau</th>${names3.map((n) => `<th>${n}</th>`).join('')}</tr></thead><tbody>
      ${row('Ville', ['Tlemcen', 'Maghnia', 'Remchi'])}
      ${row('Tél.', ['043 20 11 01', '043 20 11 02', '—'])}
      ${row('Télécopie', ['043 20 11 91', '—', '043 20 11 93'])}
      ${row('Courriel', ['a@atlas.dz', '—', 'c@ziane.dz'])}</tbody></table>`;
    const found = readListing(chrome(table), URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails]).sort()).toEqual([
      ['Atlas Conseil', ['+21343201101'], ['+21343201191'], ['a@atlas.dz']],
      ['Bureau Nour', ['+21343201102'], [], []],
      ['Cabinet Ziane', [], ['+21343201193'], ['c@ziane.dz']],
    ]);
  });

  test('a table of companies by row (names in the first column) is not transposed', () => {
    const table = `<table><thead><tr><th>Nom</th><th>Téléphone</th><th>Fax</th></tr></thead><tbody>
      <tr><td>Atlas Conseil</td><td>043 20 11 01</td><td>043 20 11 91</td></tr>
      <tr><td>Bureau Nour</td><td>043 20 11 02</td><td>—</td></tr>
      <tr><td>Cabinet Ziane</td><td>043 20 11 03</td><td>—</td></tr></tbody></table>`;
    const found = readListing(chrome(table), URL).companies;
    expect(found.map((c) => [c.name, c.phones, c.faxes ?? []]).sort()).toEqual([
      ['Atlas Conseil', ['+21343201101'], ['+21343201191']],
      ['Bureau Nour', ['+21343201102'], []],
      ['Cabinet Ziane', ['+21343201103'], []],
    ]);
  });
});

describe('a social page’s post listing members numbered with keycap emoji', () => {
  // A page's post as Facebook renders it: every emoji an <img alt>, one paragraph of lines per member.
  const post = `<!doctype html><html><head><title>Boulangers de la Soummam | Facebook</title></head><body>
<div role="banner"><a href="/">facebook</a></div>
<div role="main">
<div class="intro"><h2>Intro</h2><ul><li><img alt="📞" src="/e/1f4de.png"> 034 11 22 33</li><li>Association des boulangers</li></ul></div>
<div role="feed">
<div role="article" class="post"><h2><a href="/BoulangersSoummam/"><strong>Boulangers de la Soummam</strong></a></h2>
<div class="story" data-ad-preview="message">
<div class="para"><div dir="auto"><img class="emoji" alt="🥖" src="/e/1f956.png"> Nos boulangeries partenaires, à commander directement</div></div>
<div class="para"><div dir="auto"><img class="emoji" alt="1️⃣" src="/e/31_20e3.png"> Boulangerie Imaghassen — Akbou</div><div dir="auto"><img class="emoji" alt="🍞" src="/e/1f35e.png"> Pain traditionnel</div><div dir="auto"><img class="emoji" alt="📞" src="/e/1f4de.png"> 0551 20 30 40</div></div>
<div class="para"><div dir="auto"><img class="emoji" alt="2️⃣" src="/e/32_20e3.png"> Pâtisserie Yemma Gouraya — Béjaïa</div><div dir="auto"><img class="emoji" alt="🍞" src="/e/1f35e.png"> Gâteaux de fête</div><div dir="auto"><img class="emoji" alt="📧" src="/e/1f4e7.png"> yemmagouraya@gmail.com</div></div>
<div class="para"><div dir="auto"><img class="emoji" alt="3️⃣" src="/e/33_20e3.png"> Fournil Tazmalt — Akbou</div><div dir="auto"><img class="emoji" alt="🍞" src="/e/1f35e.png"> Viennoiseries</div><div dir="auto"><img class="emoji" alt="📍" src="/e/1f4cd.png"> Face au marché couvert</div></div>
<div class="para"><div dir="auto"><img class="emoji" alt="4️⃣" src="/e/34_20e3.png"> Boulangerie Adekar — Sidi Aïch</div><div dir="auto"><img class="emoji" alt="🍞" src="/e/1f35e.png"> Pain de semoule</div><div dir="auto"><img class="emoji" alt="📞" src="/e/1f4de.png"> 034 35 12 12 / 0698 76 54 32</div></div>
<div class="para"><div dir="auto"><img class="emoji" alt="5️⃣" src="/e/35_20e3.png"> Pains du Djurdjura — Béjaïa</div><div dir="auto"><img class="emoji" alt="📱" src="/e/1f4f1.png"> 0770 44 55 66</div></div>
<div class="para"><div dir="auto">Partagez autour de vous, merci pour votre soutien à nos artisans.</div><div dir="auto">#Bejaia #Boulangerie</div></div>
</div></div>
</div></div>
<div role="contentinfo">Conditions · Confidentialité</div>
</body></html>
`;

  test('the numbered paragraphs are the companies, named without the town after the dash; the post’s title and closing lines are none', () => {
    const companies = readListing(post, 'https://social.test/BoulangersSoummam/').companies;
    expect(companies.map((c) => c.name)).toEqual(['Boulangerie Imaghassen', 'Pâtisserie Yemma Gouraya', 'Fournil Tazmalt', 'Boulangerie Adekar', 'Pains du Djurdjura']);
    expect(companies[3].phones).toEqual(['+21334351212', '+213698765432']);
  });

  test('names of one brand with a branch after the dash, and a few partnerships among other names, stay whole', () => {
    const agencies = chrome(`<div class="agences">${['Hodna', 'Medjana', 'Bibans', 'Ain Taghrout'].map((a, i) => `<div class="agence"><h3>Tafna Assurances — Agence ${a}</h3><p>Tél : 035 6${i} 12 34</p></div>`).join('')}</div>`);
    expect(names(agencies)).toEqual(['Tafna Assurances — Agence Hodna', 'Tafna Assurances — Agence Medjana', 'Tafna Assurances — Agence Bibans', 'Tafna Assurances — Agence Ain Taghrout']);
    const lawyers = chrome(`<div class="avocats">${['SCP Arab – Ziani', 'Maître Lyes Benali', 'SCP Hadj – Ziani', 'Maître Nora Kaci', 'Maître Amel Saadi'].map((n, i) => `<div class="avocat"><h3>${n}</h3><p>Tél : 026 2${i} 45 67</p></div>`).join('')}</div>`);
    expect(names(lawyers)).toEqual(['SCP Arab – Ziani', 'Maître Lyes Benali', 'SCP Hadj – Ziani', 'Maître Nora Kaci', 'Maître Amel Saadi']);
  });

  test('an intro sentence in italics between a heading and a dealer’s paragraph is no company', () => {
    const page = chrome(`<div class="rte"><h2>Grossiste</h2><p><em>Livraison dans toute la wilaya, stock permanent pour les professionnels.</em></p>
      <p><strong>Quincaillerie Benhadja</strong><br>Rue des Martyrs, Mascara<br>Tél : 045 80 11 22</p>
      <h2>Points de vente</h2>
      <p><strong>Bricolage Tighennif</strong><br>Cité 200 Logements<br>Mobile : 0661 22 33 44</p>
      <p><strong>Droguerie Sig Centre</strong><br>Boulevard de l'ALN<br>Mob : 0770 55 66 77</p></div>`);
    expect(names(page)).toEqual(['Quincaillerie Benhadja', 'Bricolage Tighennif', 'Droguerie Sig Centre']);
  });
});

describe('companies named in running prose (a news article)', () => {
  const article = chrome(`<article class="post"><h1>Transport de marchandises : qui appeler à Tamanrasset</h1>
    <div class="post-body" itemprop="articleBody">
      <p><b>Tamanrasset</b> - Les transporteurs de la wilaya ne manquent pas de travail depuis la réouverture de la route. Voici ceux que nous avons joints.</p>
      <h3>Les anciens</h3>
      <p>Sur la route d'In Salah, <b>SARL Tassili Fret</b> (on la joint au 029 31 40 50 ou au 0661 48 20 11, e-mail : contact@tassilifret.dz) côtoie <b>Transports Assekrem</b>, dont le dépôt répond au 029 32 77 10, fax : 029 32 77 11.</p>
      <p>Plus au sud, <b>EURL Hoggar Logistique</b> assure les liaisons vers In Guezzam ; « Nous roulons de nuit », confie son gérant, que l'on appelle au 0772 15 16 17.</p>
      <p><strong>Lire aussi :</strong> la nouvelle gare routière ouvrira en mars.</p>
      <h3>Les nouveaux</h3>
      <p>Installée à Abalessa, <b>Atakor Camions</b> n'a pas voulu donner ses coordonnées ; <b>Sahel Express Fret</b>, lui, se réserve au 0550 66 77 88 ou par courriel à devis@sahelexpress.dz.</p>
    </div></article>`);

  test('each bold name with the contacts written after it is a company, a paragraph naming two gives two; the dateline and a bold label are none', () => {
    const companies = readListing(article, URL).companies;
    expect(companies.map((c) => c.name)).toEqual(['SARL Tassili Fret', 'Transports Assekrem', 'EURL Hoggar Logistique', 'Atakor Camions', 'Sahel Express Fret']);
    expect(companies[0]).toMatchObject({ phones: ['+21329314050', '+213661482011'], emails: ['contact@tassilifret.dz'] });
    expect(companies[1]).toMatchObject({ phones: ['+21329327710'], faxes: ['+21329327711'] });
    expect(companies[3]).toMatchObject({ phones: [], emails: [] });
    expect(companies[4]).toMatchObject({ phones: ['+213550667788'], emails: ['devis@sahelexpress.dz'] });
  });

  test('paragraphs found as the list, each cut into the two companies it names: the first is named by its bold name, never by the words leading to it', () => {
    const page = chrome(`<article class="post"><h1>Boulangeries de Ghardaïa : les adresses</h1><div class="entry-content"><div class="content-inner">
      <p><strong>Ghardaïa</strong> — Le pain de la vallée se fait encore au feu de bois. Voici les boulangeries que nous avons jointes.</p>
      <h2>Dans la vallée</h2>
      <p>À Bounoura, deux boulangeries se partagent le quartier : <strong>Boulangerie Tafilelt</strong> (joignable au 029 88 10 20 ou au 0661 30 40 50) et <strong>Fournil El Atteuf</strong>, tél. : 029 88 10 30.</p>
      <p>À Beni Isguen, deux boulangeries se partagent le quartier : <strong>Boulangerie Tinemmirine</strong> (joignable au 029 88 20 20, e-mail : tinemmirine@gmail.com) et <strong>Pains du Mzab</strong>, tél. : 0550 60 70 80.</p>
      <p>Autre adresse à retenir : <strong>Fournil Melika</strong>, ouvert depuis 2019, joignable au 029 88 30 30.</p>
      <p>À Daya, deux boulangeries se partagent le quartier : <strong>Boulangerie Ben Smara</strong> (joignable au 0770 11 22 33) et <strong>Pâtisserie Oued Nechou</strong>, tél. : 029 88 40 40.</p>
    </div></div></article>`);
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Boulangerie Tafilelt', ['+21329881020', '+213661304050']],
      ['Fournil El Atteuf', ['+21329881030']],
      ['Boulangerie Tinemmirine', ['+21329882020']],
      ['Pains du Mzab', ['+213550607080']],
      ['Fournil Melika', ['+21329883030']],
      ['Boulangerie Ben Smara', ['+213770112233']],
      ['Pâtisserie Oued Nechou', ['+21329884040']],
    ]);
  });

  test('names not in bold: a link to the company page, a name after “l’entreprise” / “la société”, a paragraph opening with “Name (Place)”', () => {
    const page = chrome(`<article class="post"><h1>Foire du meuble : les exposants</h1><div class="entry-content">
      <p><strong>La foire du meuble a ouvert samedi. Voici les stands que nous avons visités, avec leurs coordonnées pour nos lecteurs.</strong></p>
      <p>Près de l'entrée, le stand de <a href="https://www.facebook.com/ebenisteriebouira">Ébénisterie Djebahia</a> attire les curieux. (Contact : tél. 026 93 40 11 / 0771 20 30 41)</p>
      <p>Venue de Lakhdaria, la société Menuiserie moderne El Esnam expose des cuisines sur mesure. « Nos délais ont baissé », dit Karim Aouchiche, son gérant. On la joint au 026 90 12 13, par fax au 026 90 12 14.</p>
      <p>Tapisserie Haizer Confort (Haizer) est un habitué de la foire et propose des salons en cuir. Son numéro : 0550 41 52 63, courriel : tapisserie.haizer@gmail.com.</p>
      <p>Au stand 7, <b>Bois du Djurdjura</b> présente des portes massives. Tél. 026 94 55 66, télécopie au 026 94 55 67.</p>
      <p>La foire ferme ses portes mardi soir ; l'entrée coûte 100 DA.</p>
    </div></article>`);
    const companies = readListing(page, URL).companies;
    expect(companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Ébénisterie Djebahia', ['+21326934011', '+213771203041'], [], []],
      ['Menuiserie moderne El Esnam', ['+21326901213'], ['+21326901214'], []],
      ['Tapisserie Haizer Confort', ['+213550415263'], [], ['tapisserie.haizer@gmail.com']],
      ['Bois du Djurdjura', ['+21326945566'], ['+21326945567'], []],
    ]);
  });

  test('an article with a few bold words and one number is not read as prose naming companies: its bold places are none', () => {
    const page = chrome(`<article><h1>La foire de l'artisanat</h1><div class="entry-content">
      <p>La <b>Chambre d'artisanat</b> organise sa foire annuelle. Renseignements au 029 34 56 78.</p>
      <p>Les exposants viennent de <b>Djanet</b>, d'<b>Illizi</b> et d'<b>Adrar</b>.</p></div></article>`);
    expect(names(page).filter((n) => ['Djanet', 'Illizi', 'Adrar'].includes(n))).toEqual([]);
  });

  test('a long article of many paragraphs, each naming many bold companies with numbers, is read in bounded time', () => {
    const paragraph = (p: number) => `<p>${Array.from({ length: 60 }, (_, i) => `Près du marché, <b>Société ${p} ${i} Transport</b> répond au 0550 ${String(10 + (p % 90)).padStart(2, '0')} ${String(10 + (i % 90)).padStart(2, '0')} 12 ou fax : 029 ${'1'.repeat(2)} 22 33 ; `).join('')}</p>`;
    const page = chrome(`<article><h1>Annuaire en prose</h1><div class="entry-content">${Array.from({ length: 150 }, (_, p) => paragraph(p)).join('')}</div></article>`);
    const { ms } = cpuMs(() => readListing(page, URL));
    expectCpuWithin(ms, 10_000);
  }, 60_000);
});

describe('records written two to a section of a site builder', () => {
  // A site builder's page (Google Sites, Wix strips): each section is a row of two text boxes, each
  // box one entry behind a few wrappers of its own; an empty background layer beside the row; a
  // group's heading alone in a section; the editor's own note in a last section.
  const box = (name: string, lines: string[]) => `<div class="kq7Lm"><div class="Wb2x"><div class="Wb2x-in"><div class="txt9"><p class="pz1"><span class="sp4 bb0">${name}</span></p>${lines.map((l) => `<p class="pz1"><span class="sp4">${l}</span></p>`).join('')}</div></div></div></div>`;
  const section = (inner: string) => `<section class="Qs1p"><div class="bgL"></div><div class="Zr8t"><div class="fl3x">${inner}</div></div></section>`;
  const vets: [string, string[]][] = [
    ['Clinique vétérinaire Oued Chiffa', ['Route nationale 1, Berrouaghia', 'Tél : 025 58 12 40 / 0661 40 22 81']],
    ['Cabinet vétérinaire Titteri', ['12, rue de la Gare, Médéa', 'Mob : 0770 31 44 92', 'E-mail : contact (at) titteri-vet.dz']],
    ['Vétérinaire El Omaria', ['Cité 300 logements, El Omaria', 'Tél : 025 60 71 13']],
    ['Centre vétérinaire Ksar El Boukhari', ['Boulevard du 1er Novembre', 'Mob : 0552 80 19 07']],
    ['Clinique Animalia Tablat', ['Rue Ben Boulaid, Tablat', 'Tél : 025 51 90 66', 'E-mail : animalia.tablat@gmail.com']],
    ['Cabinet Dr Mouzaia', ['Centre-ville, Ouzera']],
    ['Cabinet vétérinaire Seghouane', ['Place du marché, Seghouane', 'Tél : 025 62 40 19']],
    ['Cabinet vétérinaire Chahbounia', ['Rue principale, Chahbounia', 'Mob : 0550 81 36 74']],
    ['Clinique vétérinaire Beni Slimane', ['Route de Sour El Ghozlane', 'Mob : 0661 07 52 38']],
  ];
  const html = `<!doctype html><html><head><style>.sp4{font-weight:400}.bb0{font-weight:700}</style></head><body><header><a href="/">Vétos de Médéa</a></header><div role="main">
    ${section('<div class="txt9"><h1 class="pz1"><span class="sp4">Vétérinaires de Médéa</span></h1><p class="pz1"><span class="sp4">Liste tenue par des bénévoles.</span></p></div>')}
    ${section('<div class="txt9"><h2 class="pz1"><span class="sp4">Cliniques et cabinets</span></h2></div>')}
    ${section(box(...vets[0]) + box(...vets[1]))}
    ${section(box(...vets[2]) + box(...vets[3]))}
    ${section('<div class="kq7Lm"><div class="Wb2x"><div class="txt9"><h2 class="pz1"><span class="sp4">Autres communes</span></h2></div></div></div>')}
    ${section(box(...vets[4]) + box(...vets[5]))}
    ${section(box(...vets[6]) + box(...vets[7]))}
    ${section(box(...vets[8]))}
    ${section('<div class="txt9"><p class="pz1"><span class="sp4">Un oubli ? </span><a href="mailto:vetos.medea@gmail.com"><span class="sp4">vetos.medea@gmail.com</span></a><span class="sp4"> ou 0698 12 00 44</span></p></div>')}
  </div></body></html>`;

  test('each text box is an entry, the one without contacts and a last row\'s lone box included; headings (in a box or not) and the editor\'s note are none', () => {
    const found = readListing(html, URL).companies;
    expect(found.map((c) => [c.name, c.phones.length, c.emails])).toEqual([
      ['Clinique vétérinaire Oued Chiffa', 2, []],
      ['Cabinet vétérinaire Titteri', 1, ['contact@titteri-vet.dz']],
      ['Vétérinaire El Omaria', 1, []],
      ['Centre vétérinaire Ksar El Boukhari', 1, []],
      ['Clinique Animalia Tablat', 1, ['animalia.tablat@gmail.com']],
      ['Cabinet Dr Mouzaia', 0, []],
      ['Cabinet vétérinaire Seghouane', 1, []],
      ['Cabinet vétérinaire Chahbounia', 1, []],
      ['Clinique vétérinaire Beni Slimane', 1, []],
    ]);
  });
});

describe('entries each wrapped in a box-less element of its own class', () => {
  // A site builder's CMS list (Framer): each item sits in a wrapper styled display:contents whose
  // generated class is its own, the card inside it classed like every other card.
  const hash = (i: number) => ['q8lx2a', 'w03nde', 'k7ur5p', 'z2ybm1', 'h6fo9c'][i];
  const card = (name: string, inner: string) => `<div class="fr-c1a9" data-name="Revendeur"><div class="fr-t77" data-type="Text"><h4 class="fr-text">${name}</h4></div>${inner}</div>`;
  const shops: [string, string][] = [
    ['Bordj Froid Services', '<div class="fr-t80"><p class="fr-text">Rue de la République, Ras El Oued</p></div><a class="fr-l2" href="tel:+21335661420"><div class="fr-t80"><p class="fr-text">035 66 14 20</p></div></a>'],
    ['Medjana Clim', '<div class="fr-t80"><p class="fr-text">Cité 500 logements, Medjana</p></div><div class="fr-t80"><p class="fr-text">0661 70 31 22 · 0550 19 84 07</p></div>'],
    ['Hoggar Électroménager BBA', '<a class="fr-l2" href="mailto:hoggar.bba@gmail.com"><div class="fr-t80"><p class="fr-text">hoggar.bba@gmail.com</p></div></a>'],
    ['Mansourah Digital', '<div class="fr-t80"><p class="fr-text">Mansourah centre</p></div><a class="fr-l2" href="tel:+213770418863"><div class="fr-t80"><p class="fr-text">0770 41 88 63</p></div></a>'],
    ['El Achir Image et Son', '<div class="fr-t80"><p class="fr-text">Route nationale 5, El Achir</p></div>'],
  ];
  const html = chrome(`<h1>Revendeurs agréés</h1><section class="fr-s1"><div class="fr-grid">${shops.map(([n, t], i) => `<div class="fr-${hash(i)}" style="display: contents">${card(n, t)}</div>`).join('')}</div></section>`);

  test('the wrappers are one list of entries, read by the card each holds', () => {
    const found = readListing(html, URL).companies;
    expect(found.map((c) => [c.name, c.phones.length, c.emails])).toEqual([
      ['Bordj Froid Services', 1, []],
      ['Medjana Clim', 2, []],
      ['Hoggar Électroménager BBA', 0, ['hoggar.bba@gmail.com']],
      ['Mansourah Digital', 1, []],
      ['El Achir Image et Son', 0, []],
    ]);
  });
});

describe('a zone\'s heading in a block of the list\'s shape', () => {
  // A builder's grid (Squarespace Fluid Engine): every text box is a block of one shape; a zone's
  // heading is a box of its own holding an h3, the agencies' boxes an h4 name and their lines.
  const box = (inner: string) => `<div class="grid-block"><div class="blk html-blk"><div class="blk-content"><div class="rich">${inner}</div></div></div></div>`;
  const agency = (name: string, lines: string[]) => box(`<h4>${name}</h4>${lines.map((l) => `<p style="white-space:pre-wrap">${l}</p>`).join('')}`);
  const html = chrome(`<h1>Nos agences à Sétif</h1><div class="grid">
    ${box('<h3>Sétif centre</h3>')}
    ${agency('Cabinet Bouzid Assurances', ['Cité 1014 logements, Sétif', 'Tél. : 036 84 51 20'])}
    ${agency('Cabinet Ferhat', ['Avenue de l’ALN, Sétif', 'Mobile : 0661 25 80 14'])}
    ${box('<h3>El Eulma et Aïn Arnat</h3>')}
    ${agency('Cabinet Hamlaoui', ['Rue Larbi Ben M’hidi, El Eulma', 'Tél. : 036 87 12 09'])}
    ${agency('Cabinet Saadi', ['Centre-ville, Aïn Arnat'])}
    ${agency('Cabinet Zerrouki', ['Route de Béjaïa, El Eulma', 'E-mail : zerrouki.assur@gmail.com'])}
  </div>`);

  test('a block holding only a heading of a higher rank than the entries\' names is no entry; an entry without contacts stays', () => {
    expect(names(html)).toEqual(['Cabinet Bouzid Assurances', 'Cabinet Ferhat', 'Cabinet Hamlaoui', 'Cabinet Saadi', 'Cabinet Zerrouki']);
  });

  test('a block holding only a bold line (a builder’s fancy heading, `<strong class="title">`) above entries named by headings is no entry either', () => {
    const zone = (title: string) => box(`<div class="fancy_heading"><strong class="title">${title}</strong></div>`);
    const bold = chrome(`<h1>Nos agences à Sétif</h1><div class="grid">
      ${zone('Sétif centre')}
      ${agency('Cabinet Bouzid Assurances', ['Cité 1014 logements, Sétif', 'Tél. : 036 84 51 20'])}
      ${agency('Cabinet Ferhat', ['Avenue de l’ALN, Sétif', 'Mobile : 0661 25 80 14'])}
      ${zone('El Eulma et Aïn Arnat')}
      ${agency('Cabinet Hamlaoui', ['Rue Larbi Ben M’hidi, El Eulma', 'Tél. : 036 87 12 09'])}
      ${agency('Cabinet Saadi', ['Centre-ville, Aïn Arnat'])}
      ${agency('Cabinet Zerrouki', ['Route de Béjaïa, El Eulma', 'E-mail : zerrouki.assur@gmail.com'])}
    </div>`);
    expect(names(bold)).toEqual(['Cabinet Bouzid Assurances', 'Cabinet Ferhat', 'Cabinet Hamlaoui', 'Cabinet Saadi', 'Cabinet Zerrouki']);
  });
});

describe('SvelteKit hydration data (the page nodes passed to kit.start, written by devalue.uneval)', () => {
  const cards = '<main><h1>Traiteurs</h1><article><h2>Traiteur El Kseur</h2><button>Afficher le contact</button></article><article><h2>Saveurs de Tichy</h2><button>Afficher le contact</button></article></main>';
  test('SvelteKit 2: the data array of kit.start(app, element, {…}) is read node by node, a node that is no literal skipped', () => {
    const script = `<script>{ __sveltekit_9zq = { base: new URL(".", location).pathname.slice(0, -1) };
      const element = document.currentScript.parentElement;
      Promise.all([import("./_app/immutable/entry/start.js"), import("./_app/immutable/entry/app.js")]).then(([kit, app]) => {
        kit.start(app, element, { node_ids: [0, 4], data: [{type:"data",data:{quand:new Date(1700000000000)},uses:{}},{type:"data",data:{liste:[{nom:"Traiteur El Kseur",contact:{telephone:["034 12 40 77"],email:["contact@elkseur-traiteur.dz"]}},{nom:"Saveurs de Tichy",contact:{telephone:["0661 20 31 42"],email:[]}}]},uses:{url:1}}], form: null, error: null });
      }); }</script>`;
    const listing = readListing(chrome(`<div style="display: contents">${cards}${script}</div>`), URL);
    expect(listing.companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Traiteur El Kseur', ['+21334124077'], ['contact@elkseur-traiteur.dz']],
      ['Saveurs de Tichy', ['+213661203142'], []],
    ]);
  });

  test('SvelteKit 1: the data array under hydrate of start({…}) is read though the call holds code (target: document.querySelector(…))', () => {
    const script = `<script type="module" data-sveltekit-hydrate="1x7k">
      import { start } from "/_app/immutable/start-a1b2.js";
      start({ env: {}, paths: {"assets":"","base":""}, target: document.querySelector('[data-sveltekit-hydrate="1x7k"]').parentNode, version: "1700", hydrate: { node_ids: [0, 2], data: [null,{type:"data",data:{liste:[{nom:"Traiteur El Kseur",telephone:"034 12 40 77"},{nom:"Saveurs de Tichy",telephone:"0661 20 31 42"}]},uses:{}}], form: null, error: null } });
    </script>`;
    const listing = readListing(chrome(`<div>${cards}${script}</div>`), URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['Traiteur El Kseur', ['+21334124077']],
      ['Saveurs de Tichy', ['+213661203142']],
    ]);
  });

  test('a data: array in a script that is not SvelteKit is not read this way', () => {
    const script = '<script>chart.draw({ el: document.body, data: [{nom:"Traiteur El Kseur",telephone:"034 12 40 77"},{nom:"Saveurs de Tichy",telephone:"0661 20 31 42"}] });</script>';
    expect(embeddedJson(parse(script).querySelectorAll('script'))).toEqual([]);
  });
});

describe('contacts only in popover and tooltip attributes (Bootstrap, Tippy): what the popover would show is content', () => {
  test('a table whose rows open a Bootstrap 5 popover of HTML (data-bs-content), its labels read (a fax is a fax)', () => {
    const pop = (content: string) => `<button type="button" class="btn btn-sm" data-bs-toggle="popover" data-bs-html="true" data-bs-title="Réf. 31" data-bs-content="${content.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}">Contacts</button>`;
    const rows = [
      ['Pharmacie Ighil Ali', '<b>Tél. :</b> 034 70 11 52<br><b>Fax :</b> 034 70 11 53'],
      ['Pharmacie Tazmalt Centre', '<b>Tél. :</b> 0662 48 90 17<br><b>Courriel :</b> <a href="mailto:tazmalt.centre@officine.dz">tazmalt.centre@officine.dz</a>'],
      ['Pharmacie Allaghen', '<b>Tél. :</b> 034 70 22 08 / 0552 31 64 80'],
    ];
    const html = chrome(`<h1>Officines de garde</h1><table class="table"><thead><tr><th>Officine</th><th>Localité</th><th></th></tr></thead><tbody>
      ${rows.map(([name, content], i) => `<tr><td>${name}</td><td>Localité ${i + 1}</td><td>${pop(content)}</td></tr>`).join('')}</tbody></table>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Pharmacie Ighil Ali', ['+21334701152'], ['+21334701153'], []],
      ['Pharmacie Tazmalt Centre', ['+213662489017'], [], ['tazmalt.centre@officine.dz']],
      ['Pharmacie Allaghen', ['+21334702208', '+213552316480'], [], []],
    ]);
  });

  test('cards whose numbers are only in Bootstrap 3 tooltips (data-toggle="tooltip" title / data-original-title) and a Tippy content', () => {
    const cards = [
      ['Garage Oued Ghir', '<span data-toggle="tooltip" title="Tél : 034 16 20 41"><i class="fa fa-phone"></i></span> <span data-toggle="tooltip" data-original-title="Fax : 034 16 20 42"><i class="fa fa-info"></i></span>'],
      ['Garage Amizour', '<span data-toggle="tooltip" title="Tél : 0771 40 33 19"><i class="fa fa-phone"></i></span>'],
      ['Garage Barbacha', '<a href="#" data-tippy-content="Tél : 034 16 55 90">Appeler</a>'],
    ];
    const html = chrome(`<h1>Garages</h1><div class="list">${cards.map(([name, icons]) => `<div class="card"><h3>${name}</h3><p>Mécanique générale</p><p>${icons}</p></div>`).join('')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['Garage Oued Ghir', ['+21334162041'], ['+21334162042']],
      ['Garage Amizour', ['+213771403319'], []],
      ['Garage Barbacha', ['+21334165590'], []],
    ]);
  });

  test('a badge’s tooltip inside the name’s heading (MyListing’s "Promu") is not written into the name', () => {
    const badge = '<span class="promoted-badge" data-toggle="tooltip" data-placement="top" data-original-title="Promu"><i class="fa fa-bolt"></i></span>';
    const html = chrome(`<h1>Explorer</h1><div class="list">${['EURL Djebbar Business Center', 'SARL Fergani Sécurité', 'EURL Aïn Arnat Nettoyage'].map((n, i) => `<div class="lf-item"><h4 class="listing-preview-title">${n}${i === 0 ? ` ${badge}` : ''}</h4><h6>Gardiennage</h6><ul class="lf-contact"><li>0657.22.75.6${i}</li><li>Sétif</li></ul></div>`).join('')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['EURL Djebbar Business Center', ['+213657227560']],
      ['SARL Fergani Sécurité', ['+213657227561']],
      ['EURL Aïn Arnat Nettoyage', ['+213657227562']],
    ]);
  });

  test('a title that is no tooltip (a link title) is not read as content', () => {
    const html = chrome(`<h1>Garages</h1><div class="list">${['Garage Oued Ghir', 'Garage Amizour'].map((n, i) => `<div class="card"><h3>${n}</h3><p>Tél : 034 16 20 4${i}</p><a href="/g/${i}" title="Tél : 0550 00 00 0${i}">Fiche</a></div>`).join('')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Garage Oued Ghir', ['+21334162040']],
      ['Garage Amizour', ['+21334162041']],
    ]);
  });
});

describe('labels and values in two parallel lists, lined up only by CSS (a grid of two columns)', () => {
  test('each value is read under the label of its place: a fax is a fax, an absent row absent from both lists', () => {
    const member = (name: string, rows: [string, string][], tag = 'ul', item = 'li') => `<div class="membre"><h3>${name}</h3><div class="deux-colonnes">
      <${tag} class="gauche">${rows.map(([l]) => `<${item}>${l}</${item}>`).join('')}</${tag}>
      <${tag} class="droite">${rows.map(([, v]) => `<${item}>${v}</${item}>`).join('')}</${tag}></div></div>`;
    const html = chrome(`<h1>Membres</h1><div class="liste">
      ${member('SARL Verrerie Saida', [['Activité', 'Verre creux'], ['Téléphone', '048 51 20 30'], ['Fax', '048 51 20 31'], ['E-mail', '<a href="mailto:info@verrerie-saida.dz">info@verrerie-saida.dz</a>']])}
      ${member('EURL Solvants Maamora', [['Activité', 'Solvants'], ['Mobile', '0662 10 93 27'], ['Télécopie :', '048 51 44 08']])}
      ${member('SPA Engrais Hassasna', [['Adresse', 'Zone industrielle'], ['Tél.', '048 51 77 61'], ['Fax', '048 51 77 62']], 'div', 'p')}
    </div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Verrerie Saida', ['+21348512030'], ['+21348512031'], ['info@verrerie-saida.dz']],
      ['EURL Solvants Maamora', ['+213662109327'], ['+21348514408'], []],
      ['SPA Engrais Hassasna', ['+21348517761'], ['+21348517762'], []],
    ]);
  });

  test('two sibling lists that are not labels and values (two menus) are left as they are', () => {
    const html = chrome(`<h1>Membres</h1><div class="liste">${['A', 'B'].map((x, i) => `<div class="membre"><h3>Société ${x}</h3><ul><li>Chimie</li><li>Plastique</li></ul><ul><li>Tél : 048 51 20 4${i}</li><li>Oran</li></ul></div>`).join('')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Société A', ['+21348512040']],
      ['Société B', ['+21348512041']],
    ]);
  });
});

describe('SvelteKit: responses fetched while rendering, inlined for hydration (data-sveltekit-fetched)', () => {
  test('the JSON body a fetched script carries as a string is read as the page state', () => {
    const body = JSON.stringify({ resultats: [{ nom: 'Clinique Vétérinaire Aokas', telephone: '034 22 61 09' }, { nom: 'Cabinet Vétérinaire Souk El Tenine', telephone: '0550 73 18 24' }] });
    const script = `<script type="application/json" data-sveltekit-fetched data-url="/api/veterinaires?page=1">${JSON.stringify({ status: 200, statusText: '', headers: {}, body })}</script>`;
    const listing = readListing(chrome(`<h1>Vétérinaires</h1><div id="liste"></div>${script}`), URL);
    expect(listing.companies.map((c) => [c.name, c.phones])).toEqual([
      ['Clinique Vétérinaire Aokas', ['+21334226109']],
      ['Cabinet Vétérinaire Souk El Tenine', ['+213550731824']],
    ]);
  });
});

describe('records of a spreadsheet-like base (Airtable, NocoDB, Baserow): field names typed by its editors', () => {
  test("a name field qualified by what the rows are ('Nom du cabinet', 'Nom de l’école', 'Company name') names the row; a person's or a place's name field does not", () => {
    const records = [
      { id: 'rec1', fields: { 'Nom du gérant': 'Karim Saidi', 'Nom du cabinet': 'Cabinet Hodna Audit', Commune: 'Msila', 'Téléphone': '035 55 12 40' } },
      { id: 'rec2', fields: { 'Nom de la commune': 'Boussaada', 'Nom de l’école': 'École Nour Savoir', Email: 'nour@savoir.dz' } },
      { id: 'rec3', fields: { 'Company name': 'Zab Conseil', 'Contact name': 'Amel R.', Mobile: '0661 20 30 40' } },
    ];
    expect(jsonItems({ records }).map((i) => [i.name, i.phones, i.emails])).toEqual([
      ['Cabinet Hodna Audit', ['035 55 12 40'], []],
      ['École Nour Savoir', [], ['nour@savoir.dz']],
      ['Zab Conseil', ['0661 20 30 40'], []],
    ]);
  });
});

describe("Qwik's serialised state (<script type=\"qwik/json\">)", () => {
  // objs: a flat array; an object's or array's values are base-36 indexes into it, strings and numbers are themselves.
  const state = {
    refs: { a: '0 1' },
    ctx: {},
    objs: [
      { liste: '1', page: 'e' },
      ['2', '7'],
      { nom: '3', ville: '4', tel: '5', mails: '6' },
      'Optique Ziban', 'Biskra', '033 74 10 20', ['8'],
      { nom: '9', ville: '4', tel: 'a', tels: 'b', fax: 'd' },
      'ziban@optique.dz', 'Vision Plus Tolga', '0661 11 22 33', ['c'], '0770 44 55 66', '033 74 99 88',
      1,
    ],
    subs: [['0 #1']],
  };
  const page = chrome(`<h1>Opticiens</h1><div q:container="paused" q:version="1.5.0"><div class="r"><h3>Optique Ziban</h3><button on:click="q-x.js#s_reveal">Voir le numéro</button></div>
    <div class="r"><h3>Vision Plus Tolga</h3><button on:click="q-x.js#s_reveal">Voir le numéro</button></div></div>
    <script type="qwik/json">${JSON.stringify(state)}</script>`);

  test('read back with its references resolved: the companies and the numbers only the state holds', () => {
    expect(readListing(page, URL).companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Optique Ziban', ['+21333741020'], [], ['ziban@optique.dz']],
      ['Vision Plus Tolga', ['+213661112233', '+213770445566'], ['+21333749988'], []],
    ]);
  });
});

describe("a store's or a map point's free-text description", () => {
  test("a store locator's stores (WP Store Locator's {store, phone, fax, email, description}): the numbers written in the description HTML are the store's, by their labels", () => {
    const stores = [
      { store: 'Garage Tassili', phone: '021 54 10 10', fax: '', email: 'atelier@tassili.dz', description: '<p>Pièces et entretien.</p><p><strong>Tél. SAV :</strong> 0550 10 20 30</p>', lat: '36.7', lng: '3.1', distance: '1.2' },
      { store: 'Auto Hoggar', phone: '021 54 20 20', fax: '021 54 20 21', email: '', description: '<p>Fax commercial : 021 54 20 22</p>', lat: '36.8', lng: '3.2', distance: '2.4' },
    ];
    // (Empty fields are dropped when the contacts are normalised.)
    expect(jsonItems(stores, false, 1).map((i) => [i.name, i.phones, i.faxes.filter(Boolean), i.emails.filter(Boolean)])).toEqual([
      ['Garage Tassili', ['021 54 10 10', '+213550102030'], [], ['atelier@tassili.dz']],
      ['Auto Hoggar', ['021 54 20 20'], ['021 54 20 21', '+21321542022'], []],
    ]);
  });

  test('GeoJSON features (a uMap datalayer): each point named in its properties with the contacts of its description; a named point without any is a company showing none; an area (a polygon) without contacts is none', () => {
    const point = (name: string, description: string) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [5.1, 34.2] }, properties: { name, description } });
    const layer = {
      type: 'FeatureCollection',
      features: [
        point('Coopérative Zibane', '**Tolga** — dattes.\nTél : 033 70 11 22\nMob : 0661 30 40 50\nE-mail : zibane@coop.dz'),
        point('Serres du Sud', 'Primeurs sous serre.\n☎ 0770 80 90 10 – Fax 033 70 33 44'),
        point('Pépinière Lichana', 'Plants de palmiers.'),
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[5, 34], [5.1, 34], [5.1, 34.1], [5, 34]]] }, properties: { name: 'Périmètre irrigué Nord', description: 'Zone de 300 ha.' } },
      ],
    };
    expect(jsonItems(layer, false, 1).map((i) => [i.name, i.phones, i.faxes, i.emails])).toEqual([
      ['Coopérative Zibane', ['+21333701122', '+213661304050'], [], ['zibane@coop.dz']],
      ['Serres du Sud', ['+213770809010'], ['+21333703344'], []],
      ['Pépinière Lichana', [], [], []],
    ]);
  });
});

describe("links that only say 'voir'", () => {
  test("a long table of small ads each closed by a 'voir' link, no contact in any, does not outweigh the list of entries with contacts beside it", () => {
    const ads = Array.from({ length: 14 }, (_, i) => `<tr><td>Tracteur Cirta ${1990 + i}, bon état - ${30 + i} u - <a href="annonces.php?id=${300 + i}">voir</a></td></tr>`).join('\n');
    const html = chrome(`<h2>Les mécaniciens agricoles</h2>
      <ul>
        <li><b>Atelier Ouled Djellal</b> (moteurs)<br>Tel : 033 61 22 10</li>
        <li><b>Mécanique Sidi Khaled</b> (pompes)<br>Tel : 0661 40 50 60</li>
        <li><b>Hydraulique Tolga</b><br>Tel 033 70 11 12 ou 0770 22 33 44</li>
        <li><b>Garage Zeribet</b><br>email : zeribet.garage@example.dz</li>
      </ul>
      <b>PETITES ANNONCES</b>
      <table>${ads}</table>`);
    expect(names(html)).toEqual(['Atelier Ouled Djellal', 'Mécanique Sidi Khaled', 'Hydraulique Tolga', 'Garage Zeribet']);
  });
});

describe('a menu of categories with counts beside the entries', () => {
  // An old link-directory script: a left column of sections with their counts, the entries as small tables.
  const sections = ['Bâtiment', 'Commerce', 'Informatique', 'Santé', 'Tourisme', 'Transport', 'Industrie', 'Services', 'Textile', 'Médias', 'Sport', 'Culture', 'Énergie', 'Banques'];
  const entries = [
    ['Cabinet Rahmani Conseil', 'Conseil aux entreprises, création de sociétés. Joignable au 0661.40.52.18.'],
    ['Bureau Études Seddik', 'Études techniques et suivi de chantiers.'],
    ['Imprimerie Nour El Houda', 'Cartes de visite, affiches, dépliants.'],
    ['Agence Horizon Pub', 'Panneaux publicitaires et enseignes lumineuses. Tél : 0770 83 21 45.'],
  ];
  const page = (menu: (s: string, i: number) => string) => `<html><head><title>Guide Ouest</title></head><body>
    <table width="100%"><tr>
      <td width="170" valign="top"><b>Rubriques</b><br>${sections.map(menu).join('')}</td>
      <td valign="top">
        ${entries.map(([n, d], i) => `<table class="lien" width="100%"><tr><td class="t"><img src="img/puce.gif"> <a href="voir.php?lien=${40 + i}">${n}</a></td></tr><tr><td class="d">${d}</td></tr><tr><td class="i">Visites : ${120 + i * 7} | Inscrit le 0${i + 1}/02/2005 | <a href="voir.php?lien=${40 + i}">Fiche</a></td></tr></table>`).join('')}
      </td>
    </tr></table></body></html>`;

  test('its links and counts are no companies: the entries beside it are read', () => {
    for (const menu of [
      (s: string, i: number) => `<div class="rub"><a href="liste.php?rub=${i + 2}">${s}</a> <small>(${3 + i * 5})</small></div>`,
      (s: string, i: number) => `<p><a href="liste.php?rub=${i + 2}">${s}</a> [${3 + i * 5}]</p>`,
    ]) {
      expect(names(page(menu), 'https://guide-ouest.test/liste.php?rub=7&p=1')).toEqual(entries.map(([n]) => n));
    }
  });

  test('a list of names each with a count and a contact is still read', () => {
    const rows = entries.map(([n], i) => `<div class="org"><a href="voir.php?lien=${i}">${n}</a> (${i + 2}) <span>0661 20 30 4${i}</span></div>`).join('');
    expect(names(`<html><body><div>${rows}</div></body></html>`, 'https://guide-ouest.test/liste.php')).toEqual(entries.map(([n]) => n));
  });
});

describe("a SPIP section's articles boxed as a menu", () => {
  const agencies = ['Atelier Graphique Mansourah', 'Régie Affichage Tafna', 'Studio Vidéo Lalla Setti'];
  const section = (box: string) => `<html><body><div id="page">
    <div id="menu"><ul><li><a href="spip.php?rubrique1">Actualités</a></li><li><a href="spip.php?rubrique4">Annuaire</a></li></ul></div>
    <div id="contenu"><h1 class="titre">Annuaire</h1>
      <div class="${box}"><h2>Articles de cette rubrique</h2><ul>
        ${agencies.map((n, i) => `<li><h3 class="titre"><a href="spip.php?article${61 + i * 3}">${n}</a></h3><div class="introduction">Conception, impression et pose, devis sur demande.</div></li>`).join('')}
      </ul></div>
      <div class="menu"><h2>Dans la même rubrique</h2><ul><li><a href="spip.php?article12">Les nouveautés de l'été</a></li><li><a href="spip.php?article14">Le mot du président</a></li></ul></div>
    </div></div></body></html>`;

  test("SPIP's 'menu articles' (1.9) and 'menu menu_articles' (2.x) hold the section's list, not navigation", () => {
    for (const box of ['menu articles', 'menu menu_articles']) expect(names(section(box), 'https://tlemcen-com.test/spip.php?rubrique4')).toEqual(agencies);
  });

  test('a box classed menu alone is still navigation', () => {
    expect(names(section('menu'), 'https://tlemcen-com.test/spip.php?rubrique4')).toEqual([]);
  });
});

describe('a table holding two companies per row, each over several columns', () => {
  // A list typed in a word processor: the header names the columns of one company, twice
  // ('Raison sociale | Adresse | Contact | Raison sociale | Adresse | Contact'), each row two companies.
  const firms = ['SARL Affichage Chenoua', 'Agence Studio Tipasa', 'EURL Pub Koléa', 'Atelier Signalétique Fouka', 'SARL Events Cherchell'];
  const half = (i: number) => `<td><p><b>${firms[i]}</b></p></td><td><p>Rue ${i + 1}, Tipaza</p></td><td><p>Tél : 024 47 10 2${i}</p><p>Fax : 024 47 10 9${i}</p><p><a href="mailto:c${i}@firm${i}.dz">c${i}@firm${i}.dz</a></p></td>`;
  const empty = '<td><p>&nbsp;</p></td><td><p>&nbsp;</p></td><td><p>&nbsp;</p></td>';
  const head = (cols: string[]) => `<tr>${[...cols, ...cols].map((h) => `<td><p><b>${h}</b></p></td>`).join('')}</tr>`;
  const table = (cols: string[], last = empty) => `<table class="MsoTableGrid">${head(cols)}<tr>${half(0)}${half(1)}</tr><tr>${half(2)}${half(3)}</tr><tr>${half(4)}${last}</tr></table>`;

  test('each half of a row is one company with its own contacts, a row\'s empty half (its cells empty or merged) none', () => {
    for (const last of [empty, '<td colspan="3">&nbsp;</td>']) {
      const found = readListing(chrome(table(['Raison sociale', 'Adresse', 'Contact'], last)), URL).companies;
      expect(found.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual(firms.map((n, i) => [n, [`+2132447102${i}`], [`+2132447109${i}`], [`c${i}@firm${i}.dz`]]));
    }
  });

  test('a header whose columns do not repeat as a whole (one company, two offices) keeps its rows whole', () => {
    const rows = firms.slice(0, 3).map((n, i) => `<tr><td>${n}</td><td>024 47 11 0${i}</td><td>024 47 11 5${i}</td><td>024 47 12 0${i}</td><td>024 47 12 5${i}</td></tr>`).join('');
    const found = readListing(chrome(`<table><tr><th>Entreprise</th><th>Tél</th><th>Fax</th><th>Tél</th><th>Fax</th></tr>${rows}</table>`), URL).companies;
    expect(found.map((c) => [c.name, c.phones.length, (c.faxes ?? []).length])).toEqual(firms.slice(0, 3).map((n) => [n, 2, 2]));
  });
});

describe('cards named by a class under headings of their activity', () => {
  test.each(['company-name', 'card-title'])("each card's element classed '%s' names it, not the heading over it", (cls) => {
    const card = (n: string, t: string) => `<div class="card"><div class="${cls}">${n}</div><div class="adr">Cité 20 août, Tlemcen</div><div class="tel">Tél : ${t}</div></div>`;
    const html = `<html><body><h1>Artisans de Tlemcen</h1><div class="entry-content"><h3>Plomberie</h3>${card('SARL Amine Plomberie', '0661 11 22 33')}<h3>Électricité</h3>${card('Elec Bouzid', '0661 22 33 44')}<h3>Menuiserie</h3>${card('Menuiserie Chérif', '0661 33 44 55')}<h3>Peinture</h3>${card('Déco Peinture Hamid', '0661 44 55 66')}</div></body></html>`;
    expect(readListing(html, 'https://x.test/artisans').companies.map((c) => c.name)).toEqual(['SARL Amine Plomberie', 'Elec Bouzid', 'Menuiserie Chérif', 'Déco Peinture Hamid']);
  });
});

describe('a blog post of headed entries, each a heading, a photo and a paragraph of lines', () => {
  // A Blogger post: an introduction (the blogger's own address in it), then per restaurant an
  // <h3> name, a photo block and a <p> of pictogram lines closed by a link to its Facebook page.
  const entry = (n: string, lines: string) => `<h3 style="text-align: left;">${n}</h3>
    <div class="separator" style="clear: both;"><a href="https://img.example/${n.length}.jpg"><img alt="${n}" src="https://img.example/${n.length}-s.jpg" /></a></div>
    <p>📍 ${lines}<br />\n<a href="https://www.facebook.com/p${n.length}" rel="nofollow">Page Facebook</a></p>\n<p>&nbsp;</p>\n`;
  test('the headings name the entries: the paragraph under each, closed by a social link, names none, and the introduction above them is no entry', () => {
    const html = chrome(`<div class="post hentry"><h3 class="post-title entry-title">Restaurants à Chlef : adresses et numéros</h3>
      <div class="post-body entry-content">
      <p>Vous cherchez où manger à Chlef ? Voici ma sélection de restaurants.</p>
      <p><i>Mise à jour : si vous êtes restaurateur, écrivez-moi à chlef.gourmand@gmail.com.</i></p>
      ${entry('1. Restaurant El Bahia', 'Cité des 600 logements, Chlef<br />\n📞 0770 66 93 62<br />\n🕒 11h – 23h')}
      ${entry('2. Pizzeria Dolce Vita', 'Boulevard de la Soummam, Chlef<br />\n📞 0673707244 / 0658 62 93 58')}
      ${entry('3. Burger Factory', 'Cité Radar, Chlef<br />\nTél : 0557 21 03 25<br />\n📧 burgerfactory@gmail.com')}
      ${entry('4. Salon de Thé Rose des Sables', 'Cité Chorfa, Chlef<br />\nTél : en cours de changement')}
      <p>Bon appétit ! Laissez vos adresses préférées en commentaire.</p>
    </div></div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Restaurant El Bahia', '+213770669362'],
      ['Pizzeria Dolce Vita', '+213673707244', '+213658629358'],
      ['Burger Factory', '+213557210325', 'burgerfactory@gmail.com'],
      ['Salon de Thé Rose des Sables'],
    ]);
  });
});

describe('a lazy-loading fallback inside an entry', () => {
  // WC Vendors' vendors list: per shop a centred avatar link (a lazy-loading plugin's placeholder
  // <img> and its <noscript><img></noscript> fallback), then the shop's name as a button link.
  const shop = (slug: string, n: string) => `<div style="display:inline-block; margin-right:10%;"><center>
    <a href="/vendors/${slug}/"><img alt='' src='data:image/svg+xml,%3Csvg%3E%3C/svg%3E' data-src='/up/${slug}-logo.jpg' class='avatar avatar-200 photo lazyload'/><noscript><img alt='' src='/up/${slug}-logo.jpg' class='avatar avatar-200 photo'/></noscript></a><br />
    <a href="/vendors/${slug}/" class="button">${n}</a><br /><br /></center></div>`;
  test("the <noscript>'s markup is no text: each shop is named by its link, never by the fallback <img>", () => {
    const html = chrome(`<div class="wcv_vendorslist">${shop('huilerie', 'Huilerie Ath Laâziz')}${shop('moulin', 'Moulin Taghzout')}${shop('rucher', 'Rucher de Saharidj')}</div>`);
    expect(readListing(html, URL).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['Huilerie Ath Laâziz', 'https://annuaire.test/vendors/huilerie/'],
      ['Moulin Taghzout', 'https://annuaire.test/vendors/moulin/'],
      ['Rucher de Saharidj', 'https://annuaire.test/vendors/rucher/'],
    ]);
  });
});
