/**
 * The general rules found by the metamorphic harness (test/helpers/metamorphic.ts,
 * `npm run bench:metamorphic`): each test is a page whose meaning a reader gets without the
 * site's class names, tags or wording that the extractor used to need. Each failed before its rule.
 */
import { parse } from 'node-html-parser';
import { extractDetail, readListing } from '../extract';
import { findNextPage } from '../items';


const URL = 'https://annuaire.test/annuaire?q=btp&page=1';
const names = (html: string, url = URL) => readListing(html, url).companies.map((c) => c.name);

describe('pages whose class names mean nothing', () => {
  test("hashed class names (CSS modules) with digits still tell the entries' shape from another block's", () => {
    const card = (name: string, phone: string) => `<div class="Card_card__x7Gh2"><h3 class="Card_title__a1B2c">${name}</h3><p class="Card_addr__Zz9Yy">Alger</p><p>Tél : ${phone}</p></div>`;
    const html = `<html><body><div class="List_grid__9kLm2">${card('Numidia Bâtiment', '0550 12 34 56')}${card('Atlas Travaux', '0661 22 33 44')}${card('Tassili Construction', '021 23 45 67')}
      <div class="Help_box__a8Kd3"><b>Annuaire DZ</b><p>Une question ? Appelez le 021 99 88 77</p></div></div></body></html>`;
    expect(names(html)).toEqual(['Numidia Bâtiment', 'Atlas Travaux', 'Tassili Construction']);
  });

  test('entries written as <dt>/<dd> runs win over a classless banner and menu that repeat beside them', () => {
    const html = `<html><head><title>Soummam Éco</title></head><body><div>
      <div><h1>Soummam Éco</h1><p>Rédaction : 034 10 20 30</p></div>
      <div><ul><li><a href="/">Accueil</a></li><li><a href="/annuaire.html">Annuaire</a></li></ul></div>
      <dl><dt>Céramique de la Soummam</dt><dd>Akbou</dd><dd>Tél. : 034 22 33 44</dd>
      <dt>Huilerie Ifri</dt><dd>Ouzellaguen</dd><dd>Tél. : 0661 57 46 35</dd>
      <dt>Société Béjaïa Plastiques</dt><dd>Béjaïa</dd><dd>Tél. : 0550 68 79 80</dd></dl></div></body></html>`;
    expect(names(html)).toEqual(['Céramique de la Soummam', 'Huilerie Ifri', 'Société Béjaïa Plastiques']);
  });

  test("a banner of the rows' shape above the listing is not a grid's last row", () => {
    const row = (name: string, phone: string) => `<div class="w-full"><div class="p-4"><h2>${name}</h2><p>Maintenance informatique</p><p>Tél : ${phone}</p></div></div>`;
    const html = `<html><body>
      <div class="items-center"><div class="w-full"><ul><li><a href="tel:+21336900150">036 90 01 50</a></li></ul><a href="/">Accueil</a> <a href="/prestataires/">Prestataires</a></div></div>
      <div class="items-center">${row('Hodna Informatique', '036 84 12 07')}${row('Sétif Réseaux', '0661 45 23 90')}${row('Djemila Soft', '0770 11 22 33')}</div>
      <div class="items-center"><div class="w-full"><div class="p-4"><h2>Babor Data</h2><p>Sauvegarde</p><p>Tél : 0550 44 55 66</p></div></div></div>
    </body></html>`;
    expect(names(html)).toEqual(['Hodna Informatique', 'Sétif Réseaux', 'Djemila Soft', 'Babor Data']);
  });

  test('the current page of a letter-range pagination, an unmarked span among links, leads to the next range', () => {
    const root = parse('<div>Hôtels de : <span class="x1">A–F</span> | <a href="/hotels?de=g&a=m">G–M</a> | <a href="/hotels?de=n&a=z">N–Z</a></div>');
    expect(findNextPage(root, 'https://annuaire.test/hotels?de=a&a=f')).toBe('/hotels?de=g&a=m');
  });

  test("a microdata organisation named as the site (its title's last part, its home link) is the directory's, whatever its block's class", () => {
    const html = `<html><head><title>Opticiens à Ouargla - Guide Sud</title></head><body>
      <div class="k1"><a href="/">Guide Sud</a> · 029 60 00 40</div>
      <section><h1>Opticiens à Ouargla</h1>
        <article class="r" itemscope itemtype="http://schema.org/Optician"><h2 itemprop="name">Optique Sidi Khouiled</h2><span itemprop="telephone">029 71 20 30</span></article>
        <article class="r" itemscope itemtype="http://schema.org/Optician"><h2 itemprop="name">Optique El Bahdja</h2><span itemprop="telephone">0661 20 30 40</span></article>
      </section>
      <div class="k2" itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Guide Sud</span> · <span itemprop="telephone">029 60 00 40</span></div>
    </body></html>`;
    expect(names(html)).toEqual(['Optique Sidi Khouiled', 'Optique El Bahdja']);
  });

  test('a card of plain paragraphs (no heading, bold or name class) is named by its first line', () => {
    const card = (name: string, phone: string) =>
      `<div class="a1 b2"><div class="c3"><img src="/logo.png" alt=""></div><div class="d4"><p class="e5">${name}</p><p class="f6">Khenchela · Garage</p><ul><li><a href="tel:${phone}"><span>${phone}</span></a></li><li>Fax : 032 64 50 85</li></ul></div></div>`;
    const html = `<html><body><div class="g7">${card('Garage Dib', '+21332376213')}${card('Location de voitures Guerfi', '+21332309186')}</div></body></html>`;
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones])).toEqual([
      ['Garage Dib', ['+21332376213']],
      ['Location de voitures Guerfi', ['+21332309186']],
    ]);
  });

  test("a card's first line is not its name when it is a field's label or a contact", () => {
    const card = (phone: string) => `<div class="a1"><p>Tél : ${phone}</p><p>Khenchela</p></div>`;
    expect(names(`<html><body><div>${card('0550 12 34 56')}${card('0661 22 33 44')}</div></body></html>`)).toEqual([]);
  });

  test("a stacked table's cell labels (each cell repeating its column's header) are not part of the name", () => {
    const row = (name: string, phone: string) =>
      `<tr><td><span class="q1">Concessionnaire / garage</span> <strong>${name}</strong></td><td><span class="q1">Commune</span> Es Senia</td><td><span class="q1">Téléphone</span> ${phone}</td></tr>`;
    const html = `<html><body><table><thead><tr><th>Concessionnaire / garage</th><th>Commune</th><th>Téléphone</th></tr></thead><tbody>${row('SPA Bounab Car Services', '0669 53 57 66')}${row('Kebir Pneus', '0698 06 44 70')}</tbody></table></body></html>`;
    expect(names(html)).toEqual(['SPA Bounab Car Services', 'Kebir Pneus']);
  });

  test("an hCard tel without a type element is read with its own label: 'Fax bureau' is a fax", () => {
    const entry = (name: string, phone: string, fax: string) =>
      `<div class="vcard k1"><span class="org fn">${name}</span><span class="tel x1"><span class="y1">Portable</span><span>:</span> <span>${phone}</span></span><span class="tel x2"><span class="y1">Fax bureau</span><span>:</span> <span>${fax}</span></span></div>`;
    const html = `<html><body><div>${entry('Cabinet Berrezoug', '0796 30 30 70', '043 21 83 62')}${entry('Cabinet Benamar', '0661 47 23 68', '043 47 23 69')}</div></body></html>`;
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.faxes])).toEqual([
      ['Cabinet Berrezoug', ['+213796303070'], ['+21343218362']],
      ['Cabinet Benamar', ['+213661472368'], ['+21343472369']],
    ]);
  });

  test("an entry's own link before its bold text names it: the bold words after it are its category", () => {
    const entry = (slug: string, name: string, phone: string) => `<li><a href="/fiche/${slug}.html">${name}</a> <b>Conseil</b> <strong>Annaba</strong><br>Tél : ${phone}</li>`;
    const html = `<html><body><ul>${entry('seybouse', 'Cabinet Comptable Seybouse', '038 86 12 34')}${entry('hippone', 'Bureau de Conseil Hippone', '0661 22 33 44')}</ul></body></html>`;
    expect(names(html)).toEqual(['Cabinet Comptable Seybouse', 'Bureau de Conseil Hippone']);
    // Bold first, then a category link: the bold text is the name.
    const bold = (name: string, phone: string) => `<li><b>${name}</b> <a href="/categorie/conseil">Conseil</a><br>Tél : ${phone}</li>`;
    expect(names(`<html><body><ul>${bold('Cabinet Seybouse', '038 86 12 34')}${bold('Bureau Hippone', '0661 22 33 44')}</ul></body></html>`)).toEqual(['Cabinet Seybouse', 'Bureau Hippone']);
  });

  test("a card's own <footer> inside its <section> (the card a div, not an article) holds the card's phone, not the directory's", () => {
    const card = (name: string, phone: string) => `<div class="bi"><section class="bi-content"><h3>${name}</h3><p>Alger Centre</p><footer class="bi-footer"><span>${phone}</span> <a href="/pros/1">Voir la fiche</a></footer></section></div>`;
    const html = `<html><body><main>${card('SARL Bâtir El Djazaïr', '023 69 63 33')}${card('EURL Haddad Travaux Publics', '0793 51 09 97')}</main><footer>Annuaire · 021 99 88 77</footer></body></html>`;
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Bâtir El Djazaïr', ['+21323696333']],
      ['EURL Haddad Travaux Publics', ['+213793510997']],
    ]);
  });

  test('field values set in bold (a number, an e-mail) are not names: each card stays one company', () => {
    const card = (name: string, phone: string, email: string) => `<div class="m"><h4>${name}</h4><p>البلدية: الجلفة</p><p>الهاتف: <b dir="ltr">${phone}</b></p><p>النقال: <b dir="ltr">0776 13 34 10</b></p><p>البريد الإلكتروني: <b dir="ltr">${email}</b></p></div>`;
    const html = `<html><body><main>${card('تعاونية النخيل للفلاحة', '027 75 14 10', 'ouali.djelfa@gmail.com')}${card('مزرعة السلام للفلاحة', '027 90 60 58', 'salam@gmail.com')}</main></body></html>`;
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['تعاونية النخيل للفلاحة', ['+21327751410', '+213776133410'], ['ouali.djelfa@gmail.com']],
      ['مزرعة السلام للفلاحة', ['+21327906058', '+213776133410'], ['salam@gmail.com']],
    ]);
  });

  test('a number written across line breaks and tabs (rendered as spaces) still makes its row an entry with a contact', () => {
    const row = (name: string, phone: string) => `<tr><td>${name}</td><td>Blida</td><td>${phone.replace(/ /g, '\n      ')}</td></tr>`;
    const html = `<html><body><table><tr><th>Entreprise</th><th>Ville</th><th>Tél</th></tr>${row('SARL Laiterie Mitidja', '025 47 12 30')}${row('Conserverie Chiffa', '025 49 33 02')}</table></body></html>`;
    const { companies } = readListing(html, URL);
    expect(companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Laiterie Mitidja', ['+21325471230']],
      ['Conserverie Chiffa', ['+21325493302']],
    ]);
  });

  test('a sidebar of three featured companies does not hide a <dl> listing richer in contacts', () => {
    const side = (name: string, phone: string) => `<li><a href="#">${name}</a><br><span>${phone}</span></li>`;
    const dt = (name: string, phone: string) => `<dt>${name}</dt><dd>Akbou</dd><dd>Tél. : ${phone}</dd>`;
    const html = `<html><body><div class="q"><div class="r"><h3>Entreprises à la une</h3><ul>${side('Céramique de la Soummam', '034 22 33 44')}${side('Huilerie Ifri', '0661 57 46 35')}${side('Emballages Sidi Aïch', '034 28 39 40')}</ul></div>
      <dl>${dt('Céramique de la Soummam', '034 22 33 44')}${dt('Huilerie Ifri', '0661 57 46 35')}${dt('Société Béjaïa Plastiques', '0550 68 79 80')}${dt('Tôlerie Kherrata', '0770 79 80 91')}${dt('Emballages Sidi Aïch', '034 28 39 40')}</dl></div></body></html>`;
    expect(names(html)).toEqual(['Céramique de la Soummam', 'Huilerie Ifri', 'Société Béjaïa Plastiques', 'Tôlerie Kherrata', 'Emballages Sidi Aïch']);
  });

  test("a company's own page: a block headed 'À la une' / 'Nos partenaires' lists other companies, not its contacts", () => {
    for (const title of ['À la une', 'Entreprises à la une', 'Les plus consultées', 'Nos partenaires']) {
      const html = `<html><body><div class="k"><h3>${title}</h3><ul><li><a href="/fiche/a">Hôtel Atlas</a><br>034 11 22 33</li><li><a href="/fiche/b">Hôtel Zianides</a><br>0661 11 22 33</li></ul></div>
        <div class="m"><h1>Cabinet Seybouse</h1><p>Tél : 038 86 12 34</p></div></body></html>`;
      expect(extractDetail(html, 'https://annuaire.test/fiche/seybouse')?.phones).toEqual(['+21338861234']);
    }
  });

  test("a field's label in bold ('Téléphone:') is never an entry's name: the entry's term is", () => {
    const dt = (name: string, phone: string) => `<dt>${name}</dt><dd>Akbou</dd><dd><b>Téléphone:</b> ${phone}</dd><dd><strong>Mél :</strong> contact@x.dz</dd>`;
    const html = `<html><body><dl>${dt('Céramique de la Soummam', '034 22 33 44')}${dt('Huilerie Ifri', '0661 57 46 35')}${dt('Emballages Sidi Aïch', '034 28 39 40')}</dl></body></html>`;
    expect(names(html)).toEqual(['Céramique de la Soummam', 'Huilerie Ifri', 'Emballages Sidi Aïch']);
  });

  test("an hCard tel typed 'Télécopie' (not 'fax') is a fax", () => {
    const entry = (name: string, phone: string, fax: string) =>
      `<div class="vcard"><span class="org fn">${name}</span><span class="tel"><span class="type">cell</span> <span class="value">${phone}</span></span><span class="tel"><span class="type">Télécopie</span> <span class="value">${fax}</span></span></div>`;
    const { companies } = readListing(`<html><body><div>${entry('Cabinet Berrezoug', '0796 30 30 70', '043 21 83 62')}${entry('Cabinet Benamar', '0661 47 23 68', '043 47 23 69')}</div></body></html>`, URL);
    expect(companies.map((c) => [c.phones, c.faxes])).toEqual([
      [['+213796303070'], ['+21343218362']],
      [['+213661472368'], ['+21343472369']],
    ]);
  });

  test("a company's own page: 'Entreprises  similaires' written in bold, alone in a wrapper, still opens the block of other companies", () => {
    const html = `<html><body><div class="m"><h1>SARL Numidia Bâtiment</h1><p>Tél : 0550 12 34 56</p></div>
      <div class="s"><div class="w"><strong>Entreprises  similaires</strong></div><ul><li><a href="/e/hamidi">ETS Hamidi</a><br><small>Tél : 0661 45 78 12</small></li><li><a href="/e/sahel">Sahel CM</a><br><small>Tél : 0555 87 65 43</small></li></ul></div></body></html>`;
    expect(extractDetail(html, 'https://annuaire.test/e/numidia')?.phones).toEqual(['+213550123456']);
  });

  test("a block titled as the site's own ('Nous écrire', 'Mentions légales', 'Espace publicitaire', 'Nos partenaires') is never a company, whatever its markup", () => {
    const row = (name: string, phone: string) => `<div class="border p-4"><h3>${name}</h3><p>Maintenance informatique</p><p>Tél : ${phone}</p></div>`;
    for (const title of ['Nous écrire', 'Mentions légales', 'Espace publicitaire', 'Annonce', 'Nos partenaires', 'Partenaires', 'Sponsors']) {
      const html = `<html><body><div>${row('Hodna Informatique', '036 84 12 07')}${row('Sétif Réseaux', '0661 45 23 90')}${row(title, '036 90 01 50')}</div></body></html>`;
      expect(names(html)).toEqual(['Hodna Informatique', 'Sétif Réseaux']);
    }
  });

  test("a site's widget title ('Liens utiles', 'Les plus consultés', 'Agenda du blog', 'Catégories') over its links is never a company, in columns classed by utility classes only", () => {
    // The list and the footer's columns written alike (a grid framework's row of plain columns): one shape.
    const card = (slug: string, name: string, phone: string) => `<div><a href="/listing/${slug}/"><h3>${name}</h3></a><p>Tél. : ${phone}</p></div>`;
    const column = (title: string, links: string) => `<div><h4>${title}</h4><ul class="mt-2">${links}</ul></div>`;
    const links = (...names: string[]) => names.map((n) => `<li><a href="/${n.toLowerCase().replace(/\W+/g, '-')}/">${n}</a></li>`).join('');
    const html = `<html><body><div class="h-16"><a href="/">Escapade</a></div><div class="gap-4 mt-2">${card('hotel-gacem', 'Hôtel Gacem', '034 29 24 00')}${card('auberge-adrar', 'Auberge Adrar', '034 69 41 37')}${card('residence-belaid', 'Résidence Belaïd', '034 29 30 62')}</div>
      <div class="gap-4 mt-2">${column('Les plus consultés', links('Hôtel Gacem', 'Résidence Belaïd'))}${column('Agenda du blog', links('Octobre 2025', 'Septembre 2025'))}${column('Catégories', links('Hébergement', 'Restaurants'))}${column('Liens utiles', links('Mentions légales', 'Publicité'))}</div></body></html>`;
    expect(names(html)).toEqual(['Hôtel Gacem', 'Auberge Adrar', 'Résidence Belaïd']);
  });

  test("a page number, a pagination control or an ad's label before its text ('إعلان: …') is never a company's name", () => {
    const row = (name: string, phone: string) => `<div class="r"><h3>${name}</h3><p>Laghouat</p><p>Tél : ${phone}</p></div>`;
    for (const title of ['1', '« Page précédente', '« Page précédente : Nord &amp; Est', 'Page suivante : Hauts Plateaux »', 'إعلان: مكتب الترجمة المعتمد', 'Annonce : Location de bureaux']) {
      const html = `<html><body><div>${row('Atlas Import', '029 12 34 56')}${row('Sahara Export', '0661 45 23 90')}${row(title, '029 90 01 50')}</div></body></html>`;
      expect(names(html)).toEqual(['Atlas Import', 'Sahara Export']);
    }
  });

  test("a question followed by its invitation ('Vous souhaitez devenir revendeur ? Écrivez-nous.') is never a company's name", () => {
    const row = (name: string, phone: string) => `<p><strong>${name}</strong><br>Laghouat<br>Tél : ${phone}</p>`;
    const html = `<html><body><div class="rte">${row('Atlas Import', '029 12 34 56')}${row('Sahara Export', '0661 45 23 90')}<p><em>Vous souhaitez figurer dans cette liste ? Écrivez-nous via la page <a href="/contact">Contact</a>.</em></p></div></body></html>`;
    expect(names(html)).toEqual(['Atlas Import', 'Sahara Export']);
  });

  test("an accordion entry whose <summary> is only unmarked spans is named by the first ('Académie Avenir', not its approval number)", () => {
    const entry = (name: string, phone: string) => `<details class="x"><summary><span class="a">${name}</span> <span class="b">agrément n° 38/2011</span></summary><div><p>Portable : ${phone}</p></div></details>`;
    expect(names(`<html><body><main>${entry('Académie Avenir', '0797 88 77 17')}${entry('Centre Rouabah Dib', '0664 78 37 45')}</main></body></html>`)).toEqual(['Académie Avenir', 'Centre Rouabah Dib']);
  });

  test('an ad marked data-sponsor on the card inside extra single wrappers is still an ad', () => {
    const card = (name: string, phone: string, sponsor = '') => `<div class="col"><div class="w1"><div class="card"${sponsor}><h3>${name}</h3><p>Batna</p><p>Tél : ${phone}</p></div></div></div>`;
    const html = `<html><body><div class="grid">${card('Plomberie Chelia', '033 85 12 34')}${card('Crédit Pro Banque des Aurès', '033 80 00 00', ' data-sponsor="1"')}${card('Électricité Timgad', '0661 22 33 44')}</div></body></html>`;
    const { companies, dropped } = readListing(html, URL);
    expect(companies.map((c) => c.name)).toEqual(['Plomberie Chelia', 'Électricité Timgad']);
    expect(dropped.advertisement).toBe(1);
  });

  test("an unmarked numbered pagination: the current page is the numbered link to the page itself ('/page,2'), the next is the one after", () => {
    const pager = '<ul><li><a href="/h">1</a></li><li><a href="/h/page,2">2</a></li><li><a href="/h/page,3">3</a></li></ul>';
    expect(findNextPage(parse(`<div>${pager}</div>`), 'https://annuaire.test/h/page,2')).toBe('/h/page,3');
    const other = '<p><a href="/h/liste">1</a> <a href="/h/liste-2">2</a> <a href="/h/liste-3">3</a></p>';
    expect(findNextPage(parse(`<div>${other}</div>`), 'https://annuaire.test/h/liste-2')).toBe('/h/liste-3');
  });
});
