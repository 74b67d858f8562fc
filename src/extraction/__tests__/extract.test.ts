import { extractCompanies, extractDetail, isOrgType, nextPageUrl, readDetail, readListing } from '../extract';

/** Cloudflare's encoding, written independently of the decoder: key byte, then each UTF-8 byte XOR key. */
function cfEncode(email: string, key: number): string {
  return [key, ...Buffer.from(email, 'utf8').map((b) => b ^ key)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const PAGE = 'https://annuaire.test/recherche?page=1';

/** A page with the directory's own contacts in its header and footer. */
function page(body: string, head = ''): string {
  return `<!doctype html><html><head><title>Annuaire</title>${head}</head><body>
<header><a href="mailto:contact@annuaire-dz.net">Nous écrire</a> Tél. 021 99 88 77</header>
<nav><a href="tel:+213 21 99 88 76">Assistance</a></nav>
<main>${body}</main>
<footer role="contentinfo">Annuaire DZ — <span>support [at] annuaire-dz.net</span> — 0770 99 88 77</footer>
</body></html>`;
}

describe('extractCompanies with selectors.item', () => {
  test('fields by selector; the header, nav and footer contacts are not attributed', () => {
    const html = page(`
      <div class="fiche"><h2>SARL Numidia Conseil</h2><p class="activite">Conseil en management</p>
        <span class="email">contact@numidia-conseil.dz</span><span class="tel">0550 12 34 56 / 021 23 45 67</span>
        <a class="details" href="/entreprise/numidia">Voir</a></div>
      <div class="fiche"><h2>Atlas BTP</h2><a class="details" href="https://annuaire.test/entreprise/atlas">Voir</a></div>`);
    const companies = extractCompanies(html, PAGE, { item: 'div.fiche', name: 'h2', activity: '.activite', email: '.email', phone: '.tel', detailLink: 'a.details' });
    expect(companies).toEqual([
      {
        name: 'SARL Numidia Conseil',
        activity: 'Conseil en management',
        emails: ['contact@numidia-conseil.dz'],
        phones: ['+213550123456', '+21321234567'],
        detailUrl: 'https://annuaire.test/entreprise/numidia',
        sourceUrl: PAGE,
      },
      { name: 'Atlas BTP', emails: [], phones: [], detailUrl: 'https://annuaire.test/entreprise/atlas', sourceUrl: PAGE },
    ]);
  });

  test('cards with mailto:/tel: links and no field selector', () => {
    const html = page(`
      <article class="card"><h3><a href="/e/1">Ets Benali &amp; Fils</a></h3>
        <a href="mailto:Benali.Fils@Gmail.com?subject=Devis">Écrire</a> <a href="tel:+213661223344">Appeler</a>
        <a href="tel:0661%2022%2033%2044">Appeler (bis)</a></article>`);
    expect(extractCompanies(html, PAGE, { item: 'article.card' })).toEqual([
      { name: 'Ets Benali & Fils', emails: ['benali.fils@gmail.com'], phones: ['+213661223344'], detailUrl: 'https://annuaire.test/e/1', sourceUrl: PAGE },
    ]);
  });

  test('contacts written as text: [at]/(at), data-cfemail, Arabic-Indic digits, several numbers', () => {
    const html = page(`
      <li class="r"><b>Atlas BTP</b> — Tél : ٠٥٥٠ ١١ ٢٢ ٣٣ ou 021-23-45-67 — E-mail : info [at] atlas-btp [dot] dz</li>
      <li class="r"><b>Sahara Trans</b> Contact: sahara(at)trans.dz, +213 (0) 41 33 44 55</li>
      <li class="r"><b>Kabyle Bois</b> <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode('ventes@kabyle-bois.dz', 0x5a)}">[email&#160;protected]</a></li>`);
    expect(extractCompanies(html, PAGE, { item: 'li.r' }).map(({ name, emails, phones }) => ({ name, emails, phones }))).toEqual([
      { name: 'Atlas BTP', emails: ['info@atlas-btp.dz'], phones: ['+213550112233', '+21321234567'] },
      { name: 'Sahara Trans', emails: ['sahara@trans.dz'], phones: ['+21341334455'] },
      { name: 'Kabyle Bois', emails: ['ventes@kabyle-bois.dz'], phones: [] },
    ]);
  });

  test('schema.org data in an item comes first; the entry\'s other addresses and numbers are kept beside it', () => {
    const html = page(`
      <div class="fiche" itemscope itemtype="https://schema.org/LocalBusiness">
        <h2 itemprop="name">Numidia Conseil</h2>
        <meta itemprop="email" content="contact@numidia-conseil.dz">
        <a href="mailto:autre@numidia-conseil.dz">mail</a>
        <p>Standard : 0550 12 34 56</p>
      </div>`);
    expect(extractCompanies(html, PAGE, { item: '.fiche' })).toEqual([
      { name: 'Numidia Conseil', emails: ['contact@numidia-conseil.dz', 'autre@numidia-conseil.dz'], phones: ['+213550123456'], sourceUrl: PAGE },
    ]);
  });

  test('an item inside the chrome is ignored; a <header> inside an item is the item\'s', () => {
    const html = `<body><header><div class="fiche"><h2>Annuaire DZ</h2>0550 00 11 22</div></header>
      <div class="fiche"><header><h2>Tassili Import</h2></header><p>0661 22 33 44</p></div>
      <footer><div class="fiche"><h2>Partenaire</h2></div></footer></body>`;
    expect(extractCompanies(html, PAGE, { item: '.fiche' })).toEqual([
      { name: 'Tassili Import', emails: [], phones: ['+213661223344'], sourceUrl: PAGE },
    ]);
  });

  test('site-wide contacts are subtracted; the entry\'s own text contacts are read beside its links', () => {
    const html = page(`
      <div class="fiche"><h2>Atlas BTP</h2><a href="mailto:moderation@annuaire-dz.net">Signaler</a>
        <p>info [at] atlas-btp.dz — 0550 11 22 33</p><a href="tel:0770998800">Hotline annuaire</a></div>`);
    const siteContacts = new Set(['moderation@annuaire-dz.net', '+213770998800']);
    // Unknown as the directory's, they are read beside the entry's own (its text's address and number).
    expect(extractCompanies(html, PAGE, { item: '.fiche' })[0]).toMatchObject({ emails: ['moderation@annuaire-dz.net', 'info@atlas-btp.dz'], phones: ['+213770998800', '+213550112233'] });
    expect(extractCompanies(html, PAGE, { item: '.fiche' }, { siteContacts })[0]).toMatchObject({ emails: ['info@atlas-btp.dz'], phones: ['+213550112233'] });
  });

  test("an e-mail on the directory's own domain is the directory's", () => {
    const html = `<div class="fiche"><h2>Atlas BTP</h2>annonces@annuaire.test info@atlas-btp.dz</div>`;
    expect(extractCompanies(html, PAGE, { item: '.fiche' })[0].emails).toEqual(['info@atlas-btp.dz']);
    expect(extractCompanies(html, 'https://www.annuaire.test/', { item: '.fiche' })[0].emails).toEqual(['info@atlas-btp.dz']);
  });

  test("a page reached at another address than its site's (a mirror, a hosting address) keeps its site's domain: e-mails on it and its subdomains (a contact form's relay address) are the directory's", () => {
    const fiche = (head: string) => `<html><head><title>Transit Sahel | Annuaire Pro</title>${head}</head><body>
      <main><article class="fiche"><h1>Transit Sahel</h1><ul><li><a href="tel:+21324891936">024 89 19 36</a></li><li><a href="mailto:transitsahel@yahoo.fr">transitsahel@yahoo.fr</a></li></ul>
      <h2>Écrire à cette entreprise</h2><p>Votre message lui est transmis depuis l'adresse relais <a href="mailto:pro-4850@relais.annuaire-pro.dz">pro-4850@relais.annuaire-pro.dz</a>.</p>
      <p>Une question ? <a href="mailto:equipe@annuaire-pro.dz">equipe@annuaire-pro.dz</a></p></article></main></body></html>`;
    const url = 'https://annuaire-pro.hebergeur.test/fiche/4850-transit-sahel';
    const website = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Annuaire Pro","url":"https://www.annuaire-pro.dz/"}</script>';
    const canonical = '<link rel="canonical" href="https://www.annuaire-pro.dz/fiche/4850-transit-sahel">';
    for (const head of [website, canonical]) expect(extractDetail(fiche(head), url)).toMatchObject({ emails: ['transitsahel@yahoo.fr'], phones: ['+21324891936'] });
    // A page that declares no other site keeps every address it shows.
    expect(extractDetail(fiche(''), url)?.emails).toEqual(['transitsahel@yahoo.fr', 'pro-4850@relais.annuaire-pro.dz', 'equipe@annuaire-pro.dz']);
  });

  test("a canonical URL that is not this page's own address elsewhere (a company's vitrine, its own site) and a mailbox provider's site declare no directory's domain", () => {
    const fiche = (head: string, mail: string) => `<html><head><title>Numidia Conseil</title>${head}</head><body><main><h1>Numidia Conseil</h1><p>Tél : 021 63 44 55</p><p><a href="mailto:${mail}">${mail}</a></p></main></body></html>`;
    const url = 'https://annuaire.test/fiche/12-numidia-conseil';
    expect(extractDetail(fiche('<link rel="canonical" href="https://www.numidia-conseil.dz/">', 'contact@numidia-conseil.dz'), url)?.emails).toEqual(['contact@numidia-conseil.dz']);
    expect(extractDetail(fiche('<link rel="canonical" href="https://www.numidia-conseil.dz/contact">', 'contact@numidia-conseil.dz'), url)?.emails).toEqual(['contact@numidia-conseil.dz']);
    const provider = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","url":"https://www.orange.fr/"}</script>';
    expect(extractDetail(fiche(provider, 'numidia.conseil@orange.fr'), url)?.emails).toEqual(['numidia.conseil@orange.fr']);
  });

  test('a field selector that finds nothing falls back; items without a name are dropped', () => {
    const html = `<div class="fiche"><h3>Atlas BTP</h3><a href="tel:0550112233">t</a></div><div class="fiche"><p>0661 22 33 44</p></div>`;
    expect(extractCompanies(html, PAGE, { item: '.fiche', name: '.nom', phone: '.tel' })).toEqual([
      { name: 'Atlas BTP', emails: [], phones: ['+213550112233'], sourceUrl: PAGE },
    ]);
  });

  test('detail links only on the same host, never the page itself', () => {
    const html = `
      <div class="f"><h2><a href="https://ailleurs.test/x">A</a></h2></div>
      <div class="f"><h2><a href="#top">B</a></h2></div>
      <div class="f"><a href="/b/c"><h2>C</h2></a></div>
      <div class="f"><h2>D</h2><a class="d" href="javascript:void(0)">x</a></div>`;
    expect(extractCompanies(html, PAGE, { item: '.f', detailLink: 'a.d' }).map((c) => [c.name, c.detailUrl])).toEqual([
      ['A', undefined],
      ['B', undefined],
      ['C', 'https://annuaire.test/b/c'],
      ['D', undefined],
    ]);
  });

  test('relative links resolve against <base href>', () => {
    const html = `<html><head><base href="https://annuaire.test/fr/"></head><body><div class="f"><h2><a href="e/1">A</a></h2></div></body></html>`;
    expect(extractCompanies(html, PAGE, { item: '.f' })[0].detailUrl).toBe('https://annuaire.test/fr/e/1');
  });

  test('an htmx card\'s hx-get (a button that loads the entry\'s contacts into a dialog) is its detail page; hx-post is not', () => {
    const card = (n: number) => `<article class="membre"><h2>Coopérative Tell ${n}</h2><p>Céréales · Sétif</p>
      <button hx-post="/favoris/${n}">☆</button><button class="secondary" hx-get="/adherents/${40 + n}/contact" hx-target="#modal">Contact</button></article>`;
    const html = `<form hx-get="/adherents" hx-target="#liste"><input name="q"></form><div id="liste">${[1, 2, 3].map(card).join('')}</div><dialog id="modal"></dialog>`;
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.detailUrl])).toEqual([1, 2, 3].map((n) => [`Coopérative Tell ${n}`, `https://annuaire.test/adherents/${40 + n}/contact`]));
  });
});

describe('extractCompanies without selectors.item: schema.org organisations', () => {
  test('JSON-LD @graph, arrays, ItemList entries; the directory itself and publishers excluded', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': 'https://annuaire.test/#website', publisher: { '@type': 'Organization', name: 'Éditeur', telephone: '021 11 11 11' } },
        { '@type': 'Organization', '@id': 'https://annuaire.test/#org', name: 'Annuaire DZ', email: 'contact@annuaire-dz.net' },
        {
          '@type': 'ItemList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, item: { '@type': 'ProfessionalService', name: 'Numidia Conseil', telephone: ['0550 12 34 56', '021 23 45 67'], url: '/entreprise/numidia' } },
            { '@type': 'ListItem', position: 2, item: { '@type': ['Thing', 'https://schema.org/HomeAndConstructionBusiness'], name: { '@value': 'Atlas BTP' }, contactPoint: { '@type': 'ContactPoint', email: 'mailto:info@atlas-btp.dz' } } },
          ],
        },
      ],
    };
    const array = [
      { '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Le Tassili', telephone: '+213 (0) 21 23 45 68', description: '  Cuisine   traditionnelle ' },
      { '@type': 'Person', name: 'Pas une entreprise', telephone: '0661 22 33 44' },
    ];
    const html = page('<p>liste</p>', `<script type="application/ld+json">${JSON.stringify(graph)}</script>
      <script type="application/ld+json">${JSON.stringify(array).replace('traditionnelle', 'tradi\ntionnelle')}</script>
      <script type="application/ld+json">{ broken json </script>`);
    expect(extractCompanies(html, PAGE)).toEqual([
      { name: 'Numidia Conseil', emails: [], phones: ['+213550123456', '+21321234567'], detailUrl: 'https://annuaire.test/entreprise/numidia', sourceUrl: PAGE },
      { name: 'Atlas BTP', emails: ['info@atlas-btp.dz'], phones: [], sourceUrl: PAGE },
      { name: 'Le Tassili', activity: 'Cuisine tradi tionnelle', emails: [], phones: ['+21321234568'], sourceUrl: PAGE },
    ]);
  });

  test('microdata cards, nested contactPoint; organisations in the footer are the directory', () => {
    const html = page(`
      <div itemscope itemtype="http://schema.org/Store"><span itemprop="name">Sahara Trans</span>
        <span itemprop="telephone">+213 (0)5 50 12 34 56</span>
        <div itemprop="contactPoint" itemscope itemtype="https://schema.org/ContactPoint"><a itemprop="email" href="mailto:fret@sahara-trans.dz">écrire</a>
          <span itemprop="name">Service fret</span></div>
        <a itemprop="url" href="/e/sahara">fiche</a>
      </div>
      <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Quelqu'un</span></div>`).replace(
      '</footer>',
      '<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Annuaire DZ</span><span itemprop="telephone">021 99 88 77</span></div></footer>',
    );
    expect(extractCompanies(html, PAGE)).toEqual([
      { name: 'Sahara Trans', emails: ['fret@sahara-trans.dz'], phones: ['+213550123456'], detailUrl: 'https://annuaire.test/e/sahara', sourceUrl: PAGE },
    ]);
  });

  test("a JSON-LD organisation named as the site (a newspaper's own NewsMediaOrganization, its title's last part) is the directory: its posts are the companies", () => {
    const post = (slug: string, name: string, phone: string) => `<article class="post"><h3><a href="/annuaire/${slug}/">${name}</a></h3><p>Établissement situé à Tichy. Réception : ${phone}.</p><a href="/annuaire/${slug}/">Lire la suite</a></article>`;
    const html = `<html><head><title>Annuaire : hôtellerie – Soummam Info</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsMediaOrganization","name":"Soummam Info"}</script></head>
      <body><div class="top"><a href="/">Soummam <b>Info</b></a></div><div class="posts">${post('gouraya', 'Hôtel Gouraya', '034 24 37 79')}${post('aiguades', 'Hôtel Les Aiguades', '034 77 72 80')}${post('saket', 'Résidence Saket', '034 57 71 80')}</div></body></html>`;
    const detail = `<html><head><title>Hôtel Gouraya – Soummam Info</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsMediaOrganization","name":"Soummam Info"}</script></head>
      <body><article><h1>Hôtel Gouraya</h1><ul><li>Réception : 034 24 37 79</li></ul></article></body></html>`;
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['Hôtel Gouraya', ['+21334243779']],
      ['Hôtel Les Aiguades', ['+21334777280']],
      ['Résidence Saket', ['+21334577180']],
    ]);
    expect(extractDetail(detail, 'https://annuaire.test/annuaire/gouraya/')?.name).toBe('Hôtel Gouraya');
  });

  test("a JSON-LD organisation whose url is the root of the page's canonical host (the site reached at another address) is the directory: its blog items are the companies", () => {
    const item = (slug: string, name: string, phone: string) => `<div class="com-content-category-blog__item blog-item" itemprop="blogPost" itemscope itemtype="https://schema.org/BlogPosting"><div class="page-header"><h2 itemprop="name"><a href="/index.php/ar/agrees/${slug}" itemprop="url">${name}</a></h2></div><p>الهاتف: <span dir="ltr">${phone}</span></p><p class="readmore"><a href="/index.php/ar/agrees/${slug}">اقرأ المزيد: ${name}</a></p></div>`;
    const html = `<html dir="rtl"><head><title>المؤسسات المعتمدة</title><link href="https://environnement-wilaya.dz/index.php/ar/agrees" rel="canonical">
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"GovernmentOrganization","name":"مديرية البيئة","url":"https://environnement-wilaya.dz/"}</script></head>
      <body><main><div class="blog-items">${item('21-a', 'شركة بوضياف لرسكلة البلاستيك', '0561 77 60 52')}${item('22-b', 'مؤسسة منصوري لجمع النفايات', '0688 54 87 34')}${item('23-c', 'شركة بلقاسم للتنظيف والتطهير', '(045) 29 24 79')}</div></main></body></html>`;
    expect(extractCompanies(html, 'http://127.0.0.1:8080/index.php/ar/agrees').map((c) => [c.name, c.phones])).toEqual([
      ['شركة بوضياف لرسكلة البلاستيك', ['+213561776052']],
      ['مؤسسة منصوري لجمع النفايات', ['+213688548734']],
      ['شركة بلقاسم للتنظيف والتطهير', ['+21345292479']],
    ]);
  });

  test("a JSON-LD organisation named as the site's logo (the alt of the one image its home link shows) is the directory: its cards are the companies", () => {
    const card = (slug: string, name: string, phone: string) => `<div class="col-md-6 col-lg-4 mb-4"><div class="card company-card h-100"><div class="card-body"><h3 class="card-title h5"><a href="/annuaire/${slug}.html">${name}</a></h3>
      <ul class="list-unstyled"><li><i class="fa fa-phone"></i> <a href="tel:${phone.replace(/ /g, '')}">${phone}</a></li></ul></div>
      <div class="card-footer"><a href="/annuaire/${slug}.html" class="btn btn-sm">Fiche entreprise</a></div></div></div>`;
    const html = `<html><head><base href="/" /><title>Annuaire des adhérents | UPI Tlemcen</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Union des Producteurs Industriels","url":"https://www.upi-tlemcen.dz/","logo":"https://www.upi-tlemcen.dz/assets/img/logo.png"}</script></head>
      <body><nav class="navbar"><a class="navbar-brand" href="/"><img src="/assets/img/logo.png" height="48" alt="Union des Producteurs Industriels"></a></nav>
      <main class="container"><div class="row">${card('sarl-tafna-plast', 'SARL Tafna Plast', '043 27 11 52')}${card('eurl-remchi-metal', 'EURL Remchi Métal', '043 31 64 08')}${card('sarl-sebdou-bois', 'SARL Sebdou Bois', '043 29 85 17')}</div></main></body></html>`;
    expect(extractCompanies(html, 'http://127.0.0.1:8080/annuaire.html').map((c) => [c.name, c.phones])).toEqual([
      ['SARL Tafna Plast', ['+21343271152']],
      ['EURL Remchi Métal', ['+21343316408']],
      ['SARL Sebdou Bois', ['+21343298517']],
    ]);
  });

  test('a page with no organisation and no item selector gives nothing', () => {
    expect(extractCompanies(page('<p>Atlas BTP 0550 11 22 33</p>'), PAGE)).toEqual([]);
  });
});

describe('extractDetail', () => {
  test('JSON-LD of the company (not of the directory), chrome ignored', () => {
    const html = page(
      '<h1>Numidia Conseil</h1><p>Autres numéros en bas de page</p>',
      `<script type="application/ld+json">${JSON.stringify([
        { '@type': 'Organization', name: 'Annuaire DZ', url: 'https://annuaire.test/', telephone: '021 99 88 77' },
        { '@type': 'LocalBusiness', name: 'SARL Numidia Conseil', telephone: '0550 12 34 56', email: 'contact@numidia-conseil.dz', knowsAbout: 'Conseil' },
      ])}</script>`,
    );
    expect(extractDetail(html, 'https://annuaire.test/entreprise/numidia')).toEqual({
      name: 'SARL Numidia Conseil',
      activity: 'Conseil',
      emails: ['contact@numidia-conseil.dz'],
      phones: ['+213550123456'],
      sourceUrl: 'https://annuaire.test/entreprise/numidia',
    });
  });

  test('no schema.org data: h1, then links and text outside the chrome', () => {
    const html = page('<section><header><h1>Atlas BTP</h1></header><p>Tél. 0550 11 22 33</p><a href="mailto:info@atlas-btp.dz">mail</a></section>');
    expect(extractDetail(html, 'https://annuaire.test/e/atlas')).toEqual({
      name: 'Atlas BTP',
      emails: ['info@atlas-btp.dz'],
      phones: ['+213550112233'],
      sourceUrl: 'https://annuaire.test/e/atlas',
    });
  });

  test("selectors apply to the page; the title, without the site's name after it, is the last name fallback", () => {
    const html = `<html><head><title>Tassili Import | Annuaire</title></head><body><div class="coord"><span class="t">0661 22 33 44</span></div></body></html>`;
    expect(extractDetail(html, 'https://annuaire.test/e/t', { phone: '.t' })).toEqual({
      name: 'Tassili Import',
      emails: [],
      phones: ['+213661223344'],
      sourceUrl: 'https://annuaire.test/e/t',
    });
  });
});

describe('nextPageUrl', () => {
  test('a[rel=next], link[rel=next], a custom selector; absolute; never the page itself', () => {
    expect(nextPageUrl('<a rel="next" href="?page=2">Suivant</a>', PAGE)).toBe('https://annuaire.test/recherche?page=2');
    expect(nextPageUrl('<head><link rel="prev next" href="/p/3"></head>', PAGE)).toBe('https://annuaire.test/p/3');
    expect(nextPageUrl('<li class="suivant"><a href="/p/2">›</a></li>', PAGE, '.suivant')).toBe('https://annuaire.test/p/2');
    expect(nextPageUrl('<a rel="next" href="#">x</a>', PAGE)).toBeUndefined();
    expect(nextPageUrl('<a rel="next" href="mailto:x@y.dz">x</a>', PAGE)).toBeUndefined();
    expect(nextPageUrl('<a href="?page=2">2</a>', PAGE)).toBeUndefined();
  });
});

describe('isOrgType', () => {
  test.each(['Organization', 'https://schema.org/LocalBusiness', 'schema:Store', 'ProfessionalService', 'Restaurant', 'AutoDealer', 'Dentist', 'Corporation', 'NGO', 'RealEstateAgent'])(
    '%s is a company',
    (t) => expect(isOrgType(t)).toBe(true),
  );
  test.each(['Person', 'Thing', 'Service', 'WebSite', 'ListItem', 'Place', 'PostalAddress', ''])('%s is not', (t) => expect(isOrgType(t)).toBe(false));
});

describe('fax labels written as one letter', () => {
  test('"T : … F : …" gives the T number as a phone and the F number as a fax only; an initial "F." is no label', () => {
    const rows = [1, 2, 3].map((n) => `<div class="member"><h3><a href="/m/${n}">Membre ${n}</a></h3><p>T : 023.30.97.5${n} &nbsp; F : 023.30.97.6${n}</p><p>Gérant : F. Benali</p></div>`).join('');
    const found = extractCompanies(page(`<div class="members">${rows}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`Membre ${n}`, [`+2132330975${n}`], [`+2132330976${n}`]]));
  });
});

describe("a number's type in brackets after it, one number a line (Chamber Dashboard's phone types)", () => {
  test("'(Fax)' names the number of its own line only: the numbers on the lines above it, typed '(Bureau)', '(Direction commerciale)', are phones", () => {
    const business = (n: number) => `<div class="business"><h3><a href="/business/membre-${n}/">Membre ${n}</a></h3><div class="locations"><div class="location"><p class="location-name">Siège social</p>
      <p class="phone">038 30 60 4${n}&nbsp;<span class="phone-type">(Bureau)</span><br />0777 93 60 1${n}&nbsp;<span class="phone-type">(Direction commerciale)</span><br />038 30 60 5${n}&nbsp;<span class="phone-type">(Fax)</span></p></div></div></div>`;
    const found = extractCompanies(page(`<div id="businessdirectory">${[1, 2, 3].map(business).join('')}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`Membre ${n}`, [`+2133830604${n}`, `+21377793601${n}`], [`+2133830605${n}`]]));
  });
});

describe("a tel: button's word", () => {
  test("names its own number, not a fax written right after it ('Réservez' then 'Fax · …' on one line)", () => {
    const cards = [1, 2, 3].map((n) => `<li class="gite"><h3>Gîte des Cèdres ${n}</h3><div class="btns"><a class="b" href="tel:+21326120${n}10"><i class="ico"></i><span>Réservez</span></a><span class="b" title="Fax">Fax · 026 12 0${n} 19</span><a class="b" href="mailto:gite${n}@cedres.dz">Écrire</a></div></li>`).join('');
    const found = extractCompanies(page(`<ul class="gites">${cards}</ul>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`Gîte des Cèdres ${n}`, [`+21326120${n}10`], [`+21326120${n}19`]]));
  });
});

describe('numbers in a description', () => {
  test('"appelez … au 0798 18 16 71 (dimanche à jeudi)" on a company\'s own page is its phone: the bracket after it is not part of it', () => {
    const html = page(`<h1>EURL Rhumel Logiciels</h1><p>Tél : 0665 32 85 43</p>
      <div class="description"><p>Pour un devis gratuit, appelez directement notre chef de projet au 0798 18 16 71 (dimanche à jeudi).</p></div>`);
    expect(extractDetail(html, 'https://annuaire.test/fiche/rhumel')?.phones).toEqual(['+213665328543', '+213798181671']);
  });

  test('"pour nous joindre : …" and the Arabic "للاتصال : … أو …" of an ad\'s description label its phones, beside the advertiser\'s tel: link', () => {
    const html = page(`<h1>Traduction officielle – Béjaïa</h1><div id="description"><p>Agence Ithri propose ses traductions agréées.</p>
      <p>Pour nous joindre : 07 71 26 40 13.<br>Fax : 034 11 62 90</p><p dir="rtl" lang="ar">ترجمة رسمية.<br>للاتصال : 0658 31 22 04 أو 034116291</p></div>
      <div class="seller"><p>Annonceur : <a href="/profil/7">Agence Ithri</a></p><p><a href="tel:+213550914477">0550 91 44 77</a></p></div>`);
    const detail = extractDetail(html, 'https://annuaire.test/annonce/traduction_i88');
    expect(detail?.phones).toEqual(['+213550914477', '+213771264013', '+213658312204', '+21334116291']);
    expect(detail?.faxes).toEqual(['+21334116290']);
  });
});

describe("a company's own page: a WhatsApp link, a switchboard's or a front desk's line", () => {
  test('the number of a wa.me or api.whatsapp.com link is a phone, beside the tel: link and an e-mail', () => {
    const html = page(`<h1>Gîte Les Oliviers</h1><div class="desc"><p>Gîte familial au calme, vue sur le lac.</p></div>
      <ul class="contact"><li><a href="tel:+21326214455">026 21 44 55</a></li><li><a href="mailto:gite.oliviers@mail.dz">gite.oliviers@mail.dz</a></li>
      <li><i class="icon-wa"></i> <a href="https://wa.me/213661402718">Discuter sur WhatsApp</a></li><li><a href="https://api.whatsapp.com/send?phone=213771330912&text=Bonjour">Réserver</a></li></ul>`);
    expect(extractDetail(html, 'https://annuaire.test/gite/oliviers')?.phones).toEqual(['+21326214455', '+213661402718', '+213771330912']);
  });

  test('"Standard :", "Réception :", "Accueil :", "Secrétariat :" in a description label phones; the fax stays a fax', () => {
    const html = page(`<h1>Clinique Ennakhil</h1><p><a href="tel:+21329851010">029 85 10 10</a></p>
      <div class="desc"><p>Standard : 0661 50 72 19<br>Réception : 0770.88.41.06<br>Accueil : 029 85 10 12<br>Secrétariat : 0552 31 47 60<br>Fax : 029.85.10.11</p></div>`);
    const detail = extractDetail(html, 'https://annuaire.test/clinique/ennakhil');
    expect(detail?.phones).toEqual(['+21329851010', '+213661507219', '+213770884106', '+21329851012', '+213552314760']);
    expect(detail?.faxes).toEqual(['+21329851011']);
  });
});

describe('other companies on a company\'s own page', () => {
  const others = (heading: string) => `<div class="bas"><h3>${heading}</h3>${[1, 2, 3].map((n) => `<div class="mini"><h4><a href="/o/${n}">Pharmacie Autre ${n}</a></h4><span>0661 22 33 4${n}</span></div>`).join('')}</div>`;
  const own = '<div class="fiche"><h1>Pharmacie des Ziban</h1><ul><li>Tél : 033 74 12 30</li><li>Fax : 033 74 12 31</li></ul></div>';

  test('cards beside the title\'s block, under any heading (French, Arabic, or none a list knows), are other companies\'', () => {
    for (const heading of ['Dans le même quartier', 'Ils ont aussi consulté', 'قد يعجبك أيضا', 'صيدليات ذات صلة', '']) {
      const found = extractDetail(page(`${own}${others(heading)}`), 'https://annuaire.test/o/9');
      expect([heading, found?.phones, found?.faxes]).toEqual([heading, ['+21333741230'], ['+21333741231']]);
    }
  });

  test('a contact list of labelled tel: links beside the title (MyListing) is the company\'s own, not two cards named by their labels', () => {
    const contact = '<div class="contact-details-block"><div class="pf-head"><h5>Contact</h5></div><div class="pf-body"><ul class="details-list social-nav"><li><a href="tel:+21336414856" rel="nofollow"><i class="icon-phone-outgoing"></i><span>Téléphone : 036.41.48.56</span></a></li><li><a href="tel:+213549536197" rel="nofollow"><i class="icon-phone-outgoing"></i><span>Mobile : 0549 536 197</span></a></li></ul></div></div>';
    const found = extractDetail(page(`<div class="fiche"><h1>EURL Fergani Sécurité</h1><p>Gardiennage, Aïn Oulmene</p></div>${contact}`), 'https://annuaire.test/o/9');
    expect(found?.phones).toEqual(['+21336414856', '+213549536197']);
  });

  test('cards inside the title\'s own block are the company\'s branches and stay', () => {
    const branches = [1, 2].map((n) => `<section class="succursale"><h3>Agence ${n === 1 ? 'principale' : 'de Tolga'}</h3><p>Tél : 033 74 12 4${n}</p></section>`).join('');
    const found = extractDetail(page(`<article class="fiche"><h1>Agence Ziban Immo</h1><h2>Nos 2 agences</h2>${branches}</article>`), 'https://annuaire.test/o/9');
    expect(found?.phones).toEqual(['+21333741241', '+21333741242']);
  });
});

describe("an advertiser's block on a company's own page", () => {
  const ad = (open: string) => `${open}<small>Publicité</small><p><b>Béton Plus Location</b></p><p>Réservations : 023.33.95.10 · location@betonplus-dz.com</p></div>`;
  const card = (contacts: string) => `<section class="fiche" itemscope itemtype="https://schema.org/LocalBusiness"><h1 itemprop="name">SARL Atlas Construction</h1><p>Bab Ezzouar</p>${contacts}</section>`;

  test("a block labelled 'Publicité' / 'Sponsorisé' or classed as an ad gives nothing to a company that shows no contact, nor to one that does", () => {
    for (const open of ['<div class="side-box">', '<div class="encart">', '<div class="pub-banner">']) {
      const label = open.includes('pub') ? ad(open).replace('<small>Publicité</small>', '') : ad(open);
      expect(extractDetail(page(`${card('<p>Coordonnées non renseignées.</p>')}<aside>${label}</aside>`), 'https://annuaire.test/fiche/1')?.phones ?? []).toEqual([]);
      const found = extractDetail(page(`${card('<p>Tél : <span itemprop="telephone">021 20 30 40</span></p>')}<div>${label}</div>`), 'https://annuaire.test/fiche/1');
      expect([found?.phones, found?.emails]).toEqual([['+21321203040'], []]);
    }
  });

  test("a company's own card marked sponsored (a paying member) keeps its contacts", () => {
    const found = extractDetail(page('<div class="fiche sponsored"><small>Sponsorisé</small><h1>SARL Atlas Construction</h1><p>Tél : 021 20 30 40</p></div>'), 'https://annuaire.test/fiche/1');
    expect(found?.phones).toEqual(['+21321203040']);
  });
});

describe('hCard tel types', () => {
  test('a tel whose hidden type is fax is a fax, even with no visible label, and does not label the number after it', () => {
    const tel = (value: string, ...types: string[]) => `<span class="tel"><span class="value">${value}</span>${types.map((t) => `<span class="type" style="display:none">${t}</span>`).join('')}</span>`;
    const card = (n: number) => `<div class="vcard"><span class="fn org">Cabinet ${n}</span> ${tel(`043 45 30 8${n}`, 'work', 'voice')} ${tel(`043 45 30 9${n}`, 'work', 'fax')} ${tel(`0550 12 34 5${n}`, 'cell')}</div>`;
    const found = extractCompanies(page(`<div class="list">${card(1)}${card(2)}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2].map((n) => [`Cabinet ${n}`, [`+2134345308${n}`, `+21355012345${n}`], [`+2134345309${n}`]]));
  });

  test("a tel whose visible type says Fax ('<span class=type>Fax</span>: <span class=value>…'), as WordPress Connections writes it, is a fax, never a phone", () => {
    const tel = (type: string, value: string) => `<span class="tel cn-phone-number"><span class="type">${type}</span>: <span class="value">${value}</span></span>`;
    const card = (n: number) => `<div class="cn-list-row vcard"><h3 class="cn-entry-name"><span class="fn n">CABINET ${n} Hocine</span></h3><span class="title">Avocat à la Cour</span><span class="phone-number-block">${tel('Bureau', `026 25 24 2${n}`)}<br>${tel('Fax', `026 85 30 9${n}`)}</span></div>`;
    const found = extractCompanies(page(`<div class="cn-list-body">${card(1)}${card(2)}${card(3)}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`CABINET ${n} Hocine`, [`+2132625242${n}`], [`+2132685309${n}`]]));
  });
});

describe('numbers written as a range', () => {
  test('"Téléphone : 023 86 40 10/11" is two phones; the fax after it stays a fax; RC and dates are no range', () => {
    const rows = [1, 2].map((n) => `<div class="member"><h3><a href="/m/${n}">Membre ${n}</a></h3><p>Téléphone : 023 86 40 1${n}/2${n} — Fax : 023 86 40 3${n}</p><p>RC 16/00-0035660 B 2${n} · mise à jour le 12/05/2023</p></div>`).join('');
    const found = extractCompanies(page(`<div class="members">${rows}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2].map((n) => [`Membre ${n}`, [`+2132386401${n}`, `+2132386402${n}`], [`+2132386403${n}`]]));
  });
  test('"031 57 64 20 / 21 / 22" is three phones; a suffix not above the one before it makes no range', () => {
    const rows = [1, 2].map((n) => `<div class="member"><h3><a href="/m/${n}">Membre ${n}</a></h3><p>Tél. : 031 57 64 2${n} / 3${n} / 4${n}</p><p>Mobile : 0661 27 43 9${n} / 1${n}</p></div>`).join('');
    const found = extractCompanies(page(`<div class="members">${rows}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones])).toEqual([1, 2].map((n) => [`Membre ${n}`, [`+2133157642${n}`, `+2133157643${n}`, `+2133157644${n}`, `+21366127439${n}`]]));
  });
  test('"(038) 19 30 81 / 82": an area code in parentheses before a range', () => {
    const rows = [1, 2].map((n) => `<div class="member"><h3><a href="/m/${n}">Membre ${n}</a></h3><p>Tél : (038) 19 30 8${n} / 9${n}</p></div>`).join('');
    const found = extractCompanies(page(`<div class="members">${rows}</div>`), PAGE);
    expect(found.map((c) => c.phones)).toEqual([1, 2].map((n) => [`+2133819308${n}`, `+2133819309${n}`]));
  });
});

describe('tables whose companies take two rows', () => {
  const title = (name: string) => `<tr bgcolor="#7B3F00"><td colspan="3"><font color="#FFFFFF"><b>${name}</b></font></td></tr>`;
  const fields = (activity: string, phones: string, email: string) => `<tr bgcolor="#FAF3E8"><td>${activity}<br>Zone industrielle</td><td>${phones}</td><td>${email}</td></tr>`;
  const spacer = '<tr><td colspan="3"><img src="/px.gif" width="1" height="6"></td></tr>';

  test('a title row of the name across the columns, then the row of its fields (and a spacer row): one company each, a company without contacts included', () => {
    const html = page(`<table>${title('SARL Fonderie Bordj')}${fields('Fonderie', 'Tél : 035 68 20 11<br>Fax : 035 68 20 12', '<a href="mailto:fonderie@bordj.dz">fonderie@bordj.dz</a>')}${spacer}
      ${title('EURL Mécanique Medjana')}${fields('Usinage', 'Mobile : 0661 40 22 18', '&nbsp;')}${spacer}
      ${title('ETS Tolerie Hasnaoua')}${fields('Tôlerie', '&nbsp;', '&nbsp;')}${spacer}
      ${title('SNC Boukhari & Zerrouk')}${fields('Chaudronnerie', 'Tél : (035) 73 10 40 / 41', '&nbsp;')}${spacer}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Fonderie Bordj', ['+21335682011'], ['+21335682012'], ['fonderie@bordj.dz']],
      ['EURL Mécanique Medjana', ['+213661402218'], [], []],
      ['ETS Tolerie Hasnaoua', [], [], []],
      ['SNC Boukhari & Zerrouk', ['+21335731040', '+21335731041'], [], []],
    ]);
  });

  test('a heading row over a group of rows (a category) is not joined to the row below it', () => {
    const row = (name: string, phone: string) => `<tr><td><b>${name}</b></td><td>${phone}</td></tr>`;
    const html = page(`<table><tr><td colspan="2">Fonderie</td></tr>${row('SARL Fonderie Bordj', '035 68 20 11')}${row('EURL Coulée Medjana', '035 68 30 22')}${row('ETS Moules Hasnaoua', '035 68 40 33')}
      <tr><td colspan="2">Usinage</td></tr>${row('SNC Tours Zerrouk', '035 73 10 40')}${row('EURL Fraisage Ain Taghrout', '035 73 20 50')}</table>`);
    // (The heading rows themselves, without contacts, are left to the other rules: here they are not joined to the row below.)
    expect(extractCompanies(html, PAGE).filter((c) => c.phones.length > 0).map((c) => c.name)).toEqual(['SARL Fonderie Bordj', 'EURL Coulée Medjana', 'ETS Moules Hasnaoua', 'SNC Tours Zerrouk', 'EURL Fraisage Ain Taghrout']);
  });

  test('a heading row (a town) over every row of a table with a name column: the row names itself, the heading is not its name', () => {
    const town = (name: string) => `<tr class="ville"><td colspan="4"><b>${name.toUpperCase()}</b></td></tr>`;
    const row = (n: number, name: string, phone: string) => `<tr><td>${n}</td><td><b>${name}</b></td><td>${phone}</td><td>-</td></tr>`;
    const html = page(`<table border="1"><tr><th>N°</th><th>Raison sociale</th><th>Téléphone</th><th>E-mail</th></tr>
      ${town('Medjana')}${row(4, 'SARL Fonderie Bordj', '035 68 20 11')}${town('Hasnaoua')}${row(5, 'EURL Coulée Hasnaoua', '035 68 30 22')}
      ${town('El Anasser')}${row(6, 'ETS Moules Anasser', '035 68 40 33')}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['SARL Fonderie Bordj', ['+21335682011']],
      ['EURL Coulée Hasnaoua', ['+21335683022']],
      ['ETS Moules Anasser', ['+21335684033']],
    ]);
  });

  test('a one-column layout table: a row of the bold name, then one cell of labelled lines (and a spacer row): one company each; the list\'s title, a bold heading over a note and the pagination are none', () => {
    const name = (n: string) => `<tr><td bgcolor="#D9E4F0" class="nom">&nbsp;<img src="/puce.gif"> <b>${n}</b></td></tr>`;
    const lines = (...l: string[]) => `<tr><td class="txt"><u>Activité</u> : Transformation<br>${l.join('<br>')}</td></tr><tr><td height="1"><img src="/spacer.gif"></td></tr>`;
    const html = page(`<table width="100%">
      <tr><td class="titre">Annuaire &raquo; Secteur : <b>Industrie</b></td></tr>
      <tr><td><b>Liste arrêtée au 31 décembre</b></td></tr><tr><td>Les informations sont communiquées par les adhérents.</td></tr>
      ${name('SARL PLASTURGIE DES BIBANS')}${lines('<u>Tél</u> : 035 68 41 20 &nbsp; <u>Fax</u> : 035 68 41 21', '<u>Contact</u> : M. HAMDI Karim (DG) : 0661 40 22 18', '<u>E-mail</u> : plasturgie.bibans@gmail.com ; direction@bibans.dz')}
      ${name('EURL CARTON MEDJANA')}${lines('<u>Tél/Fax</u> : 035 73 10 40', '<u>RC</u> : 34/00-0889647 B 98')}
      ${name('ETS TOLERIE HASNAOUA')}${lines('<u>Adresse</u> : Zone d’activités, Hasnaoua', '<u>Tél</u> : -- &nbsp; <u>Fax</u> : --')}
      ${name('SNC FRERES ZERROUK')}${lines('<u>Tél</u> : 035 73 20 50')}
      <tr><td class="pagination">Pages : [1] <a href="?page=2">2</a> <a href="?page=2">Suivante &raquo;</a></td></tr></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL PLASTURGIE DES BIBANS', ['+21335684120', '+213661402218'], ['+21335684121'], ['plasturgie.bibans@gmail.com', 'direction@bibans.dz']],
      ['EURL CARTON MEDJANA', ['+21335731040'], ['+21335731040'], []],
      ['ETS TOLERIE HASNAOUA', [], [], []],
      ['SNC FRERES ZERROUK', ['+21335732050'], [], []],
    ]);
  });
});

describe('icon fonts as labels', () => {
  test('a number after a fax icon is a fax, never a phone; after a phone or mobile icon, a phone', () => {
    const li = (icon: string, text: string) => `<li><i class="fa ${icon}" aria-hidden="true"></i> ${text}</li>`;
    const card = (n: number) => `<li class="company"><h3>Société ${n}</h3><ul>${li('fa-map-marker', `${n}, rue des Frères`)}${li('fa-mobile', `0781-58-07-8${n}`)}${li('fa-fax', `036-39-88-6${n}`)}${li('fa-phone', `036-11-08-6${n}`)}</ul></li>`;
    const found = extractCompanies(page(`<ul class="companies">${[1, 2, 3].map(card).join('')}</ul>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`Société ${n}`, [`+21378158078${n}`, `+2133611086${n}`], [`+2133639886${n}`]]));
  });
});

describe('label/value records', () => {
  test('one <dl> per company: the name is the value after a "Raison sociale" term, and distinct companies stay apart', () => {
    const fiche = (n: number) => `<dl class="fiche"><dt>Raison sociale</dt><dd>SARL Fiche ${n}</dd><dt>Adresse</dt><dd>${n}, rue X, Tlemcen</dd><dt>Tél.</dt><dd>043.68.67.8${n}</dd><dt>Fax.</dt><dd>043.98.91.0${n}</dd></dl>`;
    const found = extractCompanies(page(`<div id="wrap">${[1, 2, 3].map(fiche).join('\n')}</div>`), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([1, 2, 3].map((n) => [`SARL Fiche ${n}`, [`+2134368678${n}`], [`+2134398910${n}`]]));
  });

  test('a name label inside a run-on paragraph beats the heading (an activity): the value up to the next separator', () => {
    const seps = [' — ', ' | ', ' · ', ' ; '];
    const labels = ['Raison sociale', 'Dénomination', "Nom de l'entreprise", 'Société'];
    const post = (n: number) => `<article class="post"><h2>Grossiste en quincaillerie</h2><p>${labels[n]} : <strong>SARL Nom ${n}</strong>${seps[n]}Adresse : ${n}, rue X${seps[n]}Tél : 045 21 33 4${n}${seps[n]}Fax : 045 21 44 5${n}</p></article>`;
    const found = extractCompanies(page([0, 1, 2, 3].map(post).join('\n')), PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes])).toEqual([0, 1, 2, 3].map((n) => [`SARL Nom ${n}`, [`+2134521334${n}`], [`+2134521445${n}`]]));
    // (A bare "Nom :" may be a person's: see below.)
    expect(found).toHaveLength(4);
  });

  test('tables nested in a layout table: each inner table is one company, its label/value rows fields, spacer and title rows not entries', () => {
    const record = (rows: string) => `<tr><td><table width="100%" border="1">${rows}</table></td></tr><tr><td><img src="/s.gif" height="6"></td></tr>`;
    const field = (k: string, v: string) => `<tr><td>${k}</td><td>${v}</td></tr>`;
    const html = page(`<table><tr><td><font size="4"><b>Entreprises — Tébessa</b></font></td></tr>
      ${record(`<tr><td colspan="2"><font><b>SARL Dyr</b></font></td></tr>${field('Téléphone', '037 42 38 25')}${field('Fax', '037 42 38 26')}`)}
      ${record(`${field('Raison sociale', 'Carrière Chéria')}${field('Mobile', '0556 82 30 65')}${field('E-mail', 'cheria@carriere.dz')}`)}
      ${record(`<tr><td colspan="2"><b>Sablière Ouenza</b></td></tr>${field('Adresse', 'Ouenza')}${field('GSM', '0698 69 55 27')}`)}
      <tr><td>Page : <b>1</b> <a href="?p=2">2</a></td></tr></table>`);
    const found = extractCompanies(html, PAGE);
    expect(found.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Dyr', ['+21337423825'], ['+21337423826'], []],
      ['Carrière Chéria', ['+213556823065'], [], ['cheria@carriere.dz']],
      ['Sablière Ouenza', ['+213698695527'], [], []],
    ]);
  });

  test('tables nested in a layout table whose generator writes their attributes in another order or quoting each time: still one template, one company each', () => {
    const attrs = ['width="100%" border="1" cellspacing="0"', "border='1' cellspacing='0' width='100%'", 'cellspacing="0" width=\'100%\' border=1'];
    const record = (n: number, rows: string) => `<tr><td><table ${attrs[n]}>${rows}</table></td></tr>`;
    const field = (k: string, v: string) => `<tr><td>${k}</td><td>${v}</td></tr>`;
    const html = page(`<table><tr><td><font size="4"><b>Marbreries — Khenchela</b></font></td></tr>
      ${record(0, `<tr><td colspan="2"><b>Marbrerie Chélia</b></td></tr>${field('Téléphone', '032 72 10 11')}`)}
      ${record(1, `<tr><td colspan="2"><b>Granit Aurès</b></td></tr>${field('Mobile', '0661 72 10 12')}`)}
      ${record(2, `<tr><td colspan="2"><b>Pierres de Kais</b></td></tr>${field('E-mail', 'pierres.kais@gmail.com')}`)}
      <tr><td>Page : <b>1</b> <a href="?p=2">2</a></td></tr></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Marbrerie Chélia', ['+21332721011'], []],
      ['Granit Aurès', ['+213661721012'], []],
      ['Pierres de Kais', [], ['pierres.kais@gmail.com']],
    ]);
  });

  test("label cells written as editors write them ('Tél. fixe :', 'Cell', 'Fax. :', 'Mél', 'N° de téléphone') are fields of their table, not companies", () => {
    const field = (k: string, v: string) => `<tr><td>${k}</td><td>${v}</td></tr>`;
    const record = (name: string, rows: string) => `<tr><td><table width="100%" border="1"><tr><td colspan="2"><b>${name}</b></td></tr>${rows}</table></td></tr>`;
    const html = page(`<table><tr><td><font size="4"><b>Tuileries — Mila</b></font></td></tr>
      ${record('Tuilerie Ferdjioua', `${field('Adresse', 'Ferdjioua')}${field('Tél. fixe :', '031 47 10 21')}${field('Cell', '0661 47 10 22')}${field('Fax. :', '031 47 10 23')}`)}
      ${record('Briqueterie Grarem', `${field('N° de téléphone', '031 47 20 31')}${field('Mél', 'grarem.briques@gmail.com')}`)}
      ${record('Céramique Tassadane', `${field('Tél. mobile', '0770 47 30 41')}`)}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Tuilerie Ferdjioua', ['+21331471021', '+213661471022'], ['+21331471023'], []],
      ['Briqueterie Grarem', ['+21331472031'], [], ['grarem.briques@gmail.com']],
      ['Céramique Tassadane', ['+213770473041'], [], []],
    ]);
  });

  test('a bare "Nom :" label may be a person\'s: the heading stays the name', () => {
    const person = extractCompanies(page([1, 2].map((n) => `<div class="c"><h3>Cabinet ${n}</h3><p>Nom : M. Benali ${n} — Tél : 045 21 33 4${n}</p></div>`).join('')), PAGE);
    expect(person.map((c) => c.name)).toEqual(['Cabinet 1', 'Cabinet 2']);
  });
});

describe("tables of people with their company's column", () => {
  test("a members' table of first name, last name and company (Dolibarr's public list): each row is named by its company, its link its card", () => {
    const member = (id: number, first: string, last: string, company: string, town: string) =>
      `<tr class="oddeven"><td><a href="public_card.php?id=${id}&amp;entity=1">${first}</a></td><td><a href="public_card.php?id=${id}&amp;entity=1">${last}</a></td><td>${company}</td><td>${town}</td></tr>`;
    const html = page(`<table class="public_border centpercent"><tr class="liste_titre"><th><a href="public_list.php?sortfield=d.firstname">Prénom</a></th><th><a href="public_list.php?sortfield=d.lastname">Nom</a></th><th><a href="public_list.php?sortfield=d.societe">Société</a></th><th>Ville</th></tr>
      ${member(12, 'Karim', 'Bouzid', 'SARL Imprimerie Rouiba', 'Rouiba')}
      ${member(15, 'Nadia', 'Cherif', 'Cabinet Conseil Reghaïa', 'Reghaïa')}
      ${member(19, 'Sofiane', 'Mekki', 'EURL Transit Dar El Beida', 'Dar El Beida')}</table>`);
    expect(extractCompanies(html, 'https://club.test/public/members/public_list.php?entity=1').map((c) => [c.name, c.detailUrl])).toEqual([
      ['SARL Imprimerie Rouiba', 'https://club.test/public/members/public_card.php?id=12&entity=1'],
      ['Cabinet Conseil Reghaïa', 'https://club.test/public/members/public_card.php?id=15&entity=1'],
      ['EURL Transit Dar El Beida', 'https://club.test/public/members/public_card.php?id=19&entity=1'],
    ]);
  });

  test("a person's column ('Nom et prénom') before an 'Entreprise' or 'Organisme' column: the company names the row, the person's name when the company cell is empty", () => {
    const html = page(`<table><thead><tr><th>Nom et prénom</th><th>Entreprise</th><th>Téléphone</th><th>E-mail</th></tr></thead><tbody>
      <tr><td>Benali Yacine</td><td>SARL Froid Industriel Mitidja</td><td>025 41 22 10</td><td>froid.mitidja@gmail.com</td></tr>
      <tr><td>Haddad Amina</td><td>Laboratoire Analyses Blida</td><td>0661 30 40 50</td><td></td></tr>
      <tr><td>Ouali Samir</td><td></td><td>0770 11 22 33</td><td></td></tr></tbody></table>
      <table><thead><tr><th>Nom</th><th>Organisme</th><th>Wilaya</th><th>Tél.</th></tr></thead><tbody>
      <tr><td>Mme Slimani</td><td>Centre de Formation El Amel</td><td>Blida</td><td>025 43 10 20</td></tr>
      <tr><td>M. Touati</td><td>Institut Technique Boufarik</td><td>Blida</td><td>025 47 30 40</td></tr></tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['SARL Froid Industriel Mitidja', ['+21325412210'], ['froid.mitidja@gmail.com']],
      ['Laboratoire Analyses Blida', ['+213661304050'], []],
      ['Ouali Samir', ['+213770112233'], []],
      ['Centre de Formation El Amel', ['+21325431020'], []],
      ['Institut Technique Boufarik', ['+21325473040'], []],
    ]);
  });

  test("a company's own name column ('Raison sociale') stays the name beside a manager's column and a 'Type d'entreprise' column", () => {
    const html = page(`<table><thead><tr><th>Raison sociale</th><th>Gérant</th><th>Type d'entreprise</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>SARL Meunerie Soummam</td><td>Amrani Lyes</td><td>Privée</td><td>034 21 10 20</td></tr>
      <tr><td>Eurl Béjaïa Emballage</td><td>Kaci Nora</td><td>Privée</td><td>034 22 30 40</td></tr></tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['SARL Meunerie Soummam', 'Eurl Béjaïa Emballage']);
  });
});

describe('vCard links and names set apart in a cell', () => {
  test('a row’s .vcf link (or a link typed text/x-vcard) is its vCard, never its detail page; the bold name without the title under it', () => {
    const html = page(`<table><tr><th>Professionnel</th><th>Commune</th><th>Carte</th></tr>
      <tr><td><b>Cabinet Bensaber</b><br><em>Expert-comptable agréé</em></td><td>Tlemcen</td><td><a href="/cartes/bensaber.vcf">Carte</a></td></tr>
      <tr><td><strong>Fiduciaire Mansourah</strong><br>Commissaire aux comptes</td><td>Mansourah</td><td><a href="/fiche/7">Fiche</a> <a href="/vcard.php?id=14" type="text/x-vcard">Carte</a></td></tr>
      <tr><td>Audit <b>Lalla</b> Setti</td><td>Tlemcen</td><td><a href="https://ailleurs.test/x.vcf">Carte</a></td></tr></table>`);
    const found = extractCompanies(html, PAGE).map((c) => [c.name, c.detailUrl, c.vcardUrl]);
    expect(found).toEqual([
      ['Cabinet Bensaber', undefined, 'https://annuaire.test/cartes/bensaber.vcf'],
      ['Fiduciaire Mansourah', 'https://annuaire.test/fiche/7', 'https://annuaire.test/vcard.php?id=14'],
      // A bold word inside the name is not a name of its own; a vCard on another host is not read.
      ['Audit Lalla Setti', undefined, undefined],
    ]);
  });

  test("a cell's name set apart before its line break with a rating's star images or a small status after it ('non classé') is the name", () => {
    const star = '<img src="img/etoile.gif" width="10" height="10" alt="*">';
    const html = page(`<table width="100%">
      <tr><td><a href="gite.php?id=4"><img src="mini_4.jpg" alt="Gîte des Babors"></a></td><td><span class="nom_gite">Gîte des Babors</span> ${star}${star}<br>
        <span class="txt">Commune : Kherrata<br>Tél : 034 41 20 30<br><a href="gite.php?id=4">&raquo; Voir la fiche</a></span></td></tr>
      <tr><td><a href="gite.php?id=9"><img src="mini_9.jpg" alt="Auberge Ziama"></a></td><td><span class="nom_gite">Auberge Ziama</span> <span class="petit">non classé</span><br>
        <span class="txt">Commune : Ziama Mansouriah<br>Tél : 034 47 11 52<br><a href="gite.php?id=9">&raquo; Voir la fiche</a></span></td></tr>
      <tr><td><a href="gite.php?id=12"><img src="mini_12.jpg" alt="Relais de Souk El Tenine"></a></td><td><span class="nom_gite">Relais de Souk El Tenine</span> ${star}${star}${star}<br>
        <span class="txt">Commune : Souk El Tenine<br>Tél : 0550 61 72 83<br><a href="gite.php?id=12">&raquo; Voir la fiche</a></span></td></tr>
    </table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.detailUrl])).toEqual([
      ['Gîte des Babors', ['+21334412030'], 'https://annuaire.test/gite.php?id=4'],
      ['Auberge Ziama', ['+21334471152'], 'https://annuaire.test/gite.php?id=9'],
      ['Relais de Souk El Tenine', ['+213550617283'], 'https://annuaire.test/gite.php?id=12'],
    ]);
  });
});

test("a cell's name written as its text, its commune in a small block under it ('Arzew Câblerie<div class=\"text-xs\">Sidi Chami</div>'), is the text", () => {
  const row = (stand: string, name: string, commune: string, phone: string) => `<tr class="hover:bg-slate-50"><td class="px-4 py-2">${stand}</td><td class="px-4 py-2 font-medium">${name}<div class="text-xs text-slate-500">${commune}</div></td><td class="px-4 py-2">Câbles électriques</td><td class="px-4 py-2">Mob. ${phone}</td></tr>`;
  const html = page(`<table class="min-w-full"><thead><tr><th>Stand</th><th>Exposant</th><th>Activité</th><th>Contact</th></tr></thead><tbody>
    ${row('B49', 'Arzew Câblerie', 'Sidi Chami', '0646 95 87 24')}${row('B11', 'Bir El Djir Emballages', 'Sidi Chami', '0651 70 67 11')}${row('B12', 'EURL Oranie Mécanique', 'Es Senia', '0794 40 53 16')}</tbody></table>`);
  expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
    ['Arzew Câblerie', ['+213646958724']],
    ['Bir El Djir Emballages', ['+213651706711']],
    ['EURL Oranie Mécanique', ['+213794405316']],
  ]);
});

describe('tables whose companies span rows', () => {
  test('a name cell spanning rows (rowspan) makes one company of them: a label cell and its value per row, no row of a label a company', () => {
    const row = (n: string, name: string, k: number, first: string, rest: string[]) =>
      `<tr><td rowspan="${k}">${n}</td><td rowspan="${k}">${name}</td><td rowspan="${k}">Blida</td>${first}</tr>${rest.map((r) => `<tr>${r}</tr>`).join('')}`;
    const html = page(`<table><tr><th>N°</th><th>Entreprise</th><th>Ville</th><th>Moyen</th><th>Valeur</th></tr>
      ${row('1', 'Laiterie Mitidja', 3, '<td>Tél</td><td>025 47 12 30</td>', ['<td>Fax</td><td>025 47 12 31</td>', '<td>E-mail</td><td><a href="mailto:laiterie@gmail.com">laiterie@gmail.com</a></td>'])}
      ${row('2', 'Conserverie Chiffa', 1, '<td>Mobile</td><td>0661 52 08 14</td>', [])}
      ${row('3', 'Moulins de Blida', 2, '<td>Fax</td><td>025 41 90 78</td>', ['<td>Mobile</td><td>0770 21 64 09</td>'])}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual([
      ['Laiterie Mitidja', ['+21325471230'], ['laiterie@gmail.com'], ['+21325471231']],
      ['Conserverie Chiffa', ['+213661520814'], [], []],
      ['Moulins de Blida', ['+213770216409'], [], ['+21325419078']],
    ]);
  });

  test("a number cell spanning two rows over a row of one cell across the others (the holder's address and contacts): one company per pair", () => {
    // Rows striped per holder: the first row the N° (rowspan) and the name with its other fields,
    // the second one cell (colspan) of 'Siège : … — Tél : … — Fax : …'.
    const holder = (n: number, name: string, detail: string) =>
      `<tr><td rowspan="2">${n}</td><td><strong>${name}</strong></td><td>Permis n° ${n}04/2019</td><td>Argile</td><td>12,5</td></tr><tr><td colspan="4">${detail}</td></tr>`;
    const html = page(`<table><thead><tr><th>N°</th><th>Titulaire</th><th>Titre</th><th>Substance</th><th>Superficie (ha)</th></tr></thead><tbody>
      ${holder(1, 'Sarl Carrière Oued Sebt', 'Siège : Cité 50 Logements, Tipaza — Tél : 024 41 57 19 — Fax : 024 69 49 09')}
      ${holder(2, 'Eurl Agrégats Sidi Amar', 'Siège : Route nationale, Sidi Amar — Tél : 024 82 70 62 — Mob : 0784 68 74 70 — E-mail : <a href="mailto:agregats@gmail.com">agregats@gmail.com</a>')}
      ${holder(3, 'Sarl Sables de Hadjout', 'Siège : Zone industrielle, Hadjout — Tél : 024 96 53 78')}</tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.emails, c.faxes ?? []])).toEqual([
      ['Sarl Carrière Oued Sebt', ['+21324415719'], [], ['+21324694909']],
      ['Eurl Agrégats Sidi Amar', ['+21324827062', '+213784687470'], ['agregats@gmail.com'], []],
      ['Sarl Sables de Hadjout', ['+21324965378'], [], []],
    ]);
  });

  test('a commune cell spanning the rows of several companies (a group) joins none of their rows', () => {
    const html = page(`<table><tr><th>Commune</th><th>Entreprise</th><th>Téléphone</th></tr>
      <tr><td rowspan="3">Tipaza</td><td>Sarl Carrière Oued Sebt</td><td>024 41 57 19</td></tr>
      <tr><td>Eurl Agrégats Sidi Amar</td><td>024 82 70 62</td></tr>
      <tr><td>Sarl Sables de Hadjout</td><td>024 96 53 78</td></tr></table>`);
    // (Each row stays a company of its own number; the short rows' names are another matter.)
    expect(extractCompanies(html, PAGE).map((c) => c.phones)).toEqual([['+21324415719'], ['+21324827062'], ['+21324965378']]);
  });

  test("the rows under a commune cell spanning them (a Word table) read each cell under its own column: the name under the name's header, the fax under Fax", () => {
    const row = (n: string, name: string, address: string, tel: string, fax: string) => `<td><p>${n}</p></td><td><p><b>${name}</b></p><p><i>Agrément n° ${n}/2024</i></p></td><td><p>${address}</p></td><td><p>${tel}</p></td><td><p>${fax}</p></td>`;
    const html = page(`<table class="MsoTableGrid" border="1"><tr><td><p><b>N°</b></p></td><td><p><b>Commune</b></p></td><td><p><b>Raison sociale</b></p></td><td><p><b>Adresse</b></p></td><td><p><b>Téléphone</b></p></td><td><p><b>Fax</b></p></td></tr>
      <tr>${row('01', 'SARL Pharma Cirta', 'Cité El Bir, local 26', '031 28 38 71', '031 41 38 24').replace('</td>', '</td><td rowspan="2"><p><b>Constantine</b></p></td>')}</tr>
      <tr>${row('02', 'EURL Boudjemaa Médical', 'Zone industrielle Palma, lot 34', '031 72 24 53', '031 88 16 76')}</tr>
      <tr>${row('03', 'SARL El Khroub Pharma', 'Cité 1650 logements', '031 53 03 31', '031 53 03 32').replace('</td>', '</td><td><p><b>El Khroub</b></p></td>')}</tr></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['SARL Pharma Cirta', ['+21331283871'], ['+21331413824']],
      ['EURL Boudjemaa Médical', ['+21331722453'], ['+21331881676']],
      ['SARL El Khroub Pharma', ['+21331530331'], ['+21331530332']],
    ]);
  });

  test('a header over two rows (colspan, rowspan) and heading rows of sections: each firm spans its rows, each number under its own column', () => {
    // Sections of unequal length under heading rows (a commune, a daïra): never cut into runs of
    // one period, never companies; the worksite rows' mobiles are the firm's phones, not the fax
    // written in the head-office cell before them.
    const firm = (n: number, name: string, office: string, sites: string[]) =>
      `<tr><td rowspan="${sites.length}">${n}</td><td rowspan="${sites.length}"><b>${name}</b></td><td rowspan="${sites.length}">${office}</td><td rowspan="${sites.length}">—</td>${sites[0]}</tr>${sites
        .slice(1)
        .map((r) => `<tr>${r}</tr>`)
        .join('')}`;
    const site = (place: string, mobile: string) => `<td>${place}</td><td>${mobile}</td>`;
    const section = (name: string) => `<tr><td colspan="6"><strong>Commune de ${name}</strong></td></tr>`;
    const html = page(`<table><thead><tr><th rowspan="2">N°</th><th rowspan="2">Raison sociale</th><th colspan="2">Siège</th><th colspan="2">Chantiers</th></tr>
      <tr><th>Tél / Fax</th><th>E-mail</th><th>Lieu</th><th>Chef de chantier</th></tr></thead><tbody>
      ${section('Aflou')}
      ${firm(1, 'SARL Forages Mzi', 'Tél : 029 63 26 13', [site('Oued Mzi', '0696 58 51 45'), site('Kheneg', '0661 74 28 33'), site('Tadjemout', '—')])}
      ${firm(2, 'EURL Hydro-Forage Aflou', 'Tél : 029 40 98 82<br>Fax : 029 95 90 39', [site('Hassi Delaa', '0550 45 53 10'), site('El Assafia', '0770 96 55 87'), site('Bordj Snouci', '0779 12 34 56')])}
      ${firm(3, 'SNC Puits Ksar Benaissa', 'Tél : 029 49 31 54', [site('Mekhlouf', '0560 81 72 44')])}
      ${section('Laghouat')}
      ${firm(4, 'SARL Sondages du Djebel Amour', 'Tél : 029 73 38 23', [site('El Haouita', '0560 31 46 71'), site('Kheneg', '0779 58 65 95')])}
      ${firm(5, 'EURL Captage Ain Madhi', 'Tél : 029 11 22 33<br>Fax : 029 11 22 34', [site('Tadjemout', '0550 49 17 78')])}
      ${section('Ksar El Hirane')}
      ${firm(6, 'SARL Tubage Mekhlouf', 'Tél : 029 22 33 44', [site('Oued Mzi', '0550 84 70 96'), site('Mekhlouf', '0770 74 11 40')])}
      </tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['SARL Forages Mzi', ['+21329632613', '+213696585145', '+213661742833'], []],
      ['EURL Hydro-Forage Aflou', ['+21329409882', '+213550455310', '+213770965587', '+213779123456'], ['+21329959039']],
      ['SNC Puits Ksar Benaissa', ['+21329493154', '+213560817244'], []],
      ['SARL Sondages du Djebel Amour', ['+21329733823', '+213560314671', '+213779586595'], []],
      ['EURL Captage Ain Madhi', ['+21329112233', '+213550491778'], ['+21329112234']],
      ['SARL Tubage Mekhlouf', ['+21329223344', '+213550847096', '+213770741140'], []],
    ]);
  });

  test('a spreadsheet exported as a web page: a title row, a header of plain cells over two rows (rowspan, colspan over Tél / Fax / E-mail): a number in the Fax column is a fax', () => {
    // Excel and LibreOffice write every cell as <td>, the header's too (only a class makes it bold):
    // the row under the header row, covered by its rowspan cells, is the header's second row.
    const row = (n: number, name: string, tel: string, fax: string, mail: string) =>
      `<tr height=20><td class=xl70>${n}</td><td class=xl70>${name}</td><td class=xl70>Relizane</td><td class=xl70 x:str>${tel}</td><td class=xl70 x:str>${fax}</td><td class=xl70>${mail}</td><td class=xl70>AG/${n}/2022</td></tr>`;
    const html = page(`<table border=0 cellpadding=0 cellspacing=0 style='border-collapse:collapse'><col width=40><col width=220 span=2><col width=120 span=4>
      <tr><td colspan=7 class=xl66>TABLEAU DES PHARMACIES DE GARDE AGRÉÉES — 2024</td></tr>
      <tr><td rowspan=2 class=xl65>N°</td><td rowspan=2 class=xl65>Dénomination</td><td rowspan=2 class=xl65>Commune</td><td colspan=3 class=xl65>Contacts</td><td rowspan=2 class=xl65>Agrément</td></tr>
      <tr><td class=xl65>Tél.</td><td class=xl65>Fax</td><td class=xl65>Courriel</td></tr>
      ${row(1, 'Pharmacie Zemmoura', '046 92 11 20', '046 92 11 21', 'zemmoura@gmail.com')}
      ${row(2, 'Pharmacie El Matmar', '0661 20 30 41<br>046 97 40 12', '046 97 40 13', '/')}
      ${row(3, 'Pharmacie Oued Rhiou', '/', '046 93 55 07', 'oued.rhiou@yahoo.fr')}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Pharmacie Zemmoura', ['+21346921120'], ['+21346921121'], ['zemmoura@gmail.com']],
      ['Pharmacie El Matmar', ['+213661203041', '+21346974012'], ['+21346974013'], []],
      ['Pharmacie Oued Rhiou', [], ['+21346935507'], ['oued.rhiou@yahoo.fr']],
    ]);
  });

  test("a header row of plain bold cells named 'Télécopieur', 'Portable', 'البريد', 'الفاكس' is the header: its fax column gives faxes", () => {
    const row = (name: string, tel: string, fax: string, mail: string) => `<tr><td>${name}</td><td>Tamanrasset</td><td>${tel}</td><td>${fax}</td><td>${mail}</td></tr>`;
    for (const [telHead, faxHead, mailHead] of [['Portable', 'Télécopieur', 'البريد'], ['الهاتف', 'الفاكس', 'البريد الإلكتروني']]) {
      const html = page(`<table border="1"><tr><td><strong>Officine</strong></td><td><strong>Commune</strong></td><td><strong>${telHead}</strong></td><td><strong>${faxHead}</strong></td><td><strong>${mailHead}</strong></td></tr>
        ${row('Pharmacie du Hoggar', '029 34 22 61', '-', '-')}
        ${row('Pharmacie In Guezzam', '029 38 11 70', '029 38 11 71', '-')}
        ${row('Pharmacie Ilamane', '029 34 90 12', '029 34 90 13', 'ilamane.pharmacie@gmail.com')}</table>`);
      expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
        ['Pharmacie du Hoggar', ['+21329342261'], []],
        ['Pharmacie In Guezzam', ['+21329381170'], ['+21329381171']],
        ['Pharmacie Ilamane', ['+21329349012'], ['+21329349013']],
      ]);
    }
  });

  test('a number in a column whose header is no contact label (Chef de chantier) after the Fax column is a phone, not a fax', () => {
    const row = (name: string, tel: string, fax: string, chef: string) => `<tr><td>${name}</td><td>${tel}</td><td>${fax}</td><td>${chef}</td><td>Ouargla</td></tr>`;
    const html = page(`<table><tr><th>Entreprise</th><th>Téléphone</th><th>Fax</th><th>Chef de chantier</th><th>Commune</th></tr>
      ${row('SARL Forages du Sud', '029 71 20 30', '029 71 20 31', '029 71 20 32')}
      ${row('EURL Hassi Travaux', '029 72 11 40', '029 72 11 41', '0661 40 50 60')}
      ${row('ETB Nezla', '029 73 00 10', '—', '029 73 00 12')}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['SARL Forages du Sud', ['+21329712030', '+21329712032'], ['+21329712031']],
      ['EURL Hassi Travaux', ['+21329721140', '+213661405060'], ['+21329721141']],
      ['ETB Nezla', ['+21329730010', '+21329730012'], []],
    ]);
  });

  test("a company over several rows, a type cell then its value: 'Fax.', 'Télécopieur' or 'Fax bureau' name a fax under a 'Coordonnée' column", () => {
    const html = page(`<table><thead><tr><th>Raison sociale</th><th>Adresse</th><th>Type</th><th>Coordonnée</th></tr></thead><tbody>
      <tr><td rowspan="3"><b>EURL Taleb Déménagement</b></td><td rowspan="3">Taoura</td><td>Tél.</td><td>037 60 33 23</td></tr>
      <tr><td>Fax.</td><td>037 48 87 74</td></tr><tr><td>E-mail</td><td>taleb@gmail.com</td></tr>
      <tr><td rowspan="2"><b>SNC Guerfi Transport</b></td><td rowspan="2">Taoura</td><td>Télécopieur</td><td>037 94 62 35</td></tr>
      <tr><td>Mobile</td><td>0698 19 46 78</td></tr>
      <tr><td rowspan="2"><b>Transports Touati</b></td><td rowspan="2">Sedrata</td><td>Fax bureau</td><td>037 87 44 20</td></tr>
      <tr><td>Tél. agence</td><td>037 87 44 19</td></tr></tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['EURL Taleb Déménagement', ['+21337603323'], ['+21337488774']],
      ['SNC Guerfi Transport', ['+213698194678'], ['+21337946235']],
      ['Transports Touati', ['+21337874419'], ['+21337874420']],
    ]);
  });

  test("a name taken up on the next page ('(suite)', '(cont.)', '(تابع)') is the company's name without the mark; a name in brackets stays", () => {
    const row = (name: string, tel: string) => `<tr><td><b>${name}</b></td><td>${tel}</td></tr>`;
    const html = page(`<table><tr><th>Raison sociale</th><th>Téléphone</th></tr>
      ${row('SARL Hydraulique Kheneg Saidi (suite)', '029 41 98 55')}
      ${row('EURL Nappe Albienne (cont.)', '029 41 98 56')}
      ${row('مؤسسة الواحة (تابع)', '029 41 98 57')}
      ${row('Bureau d’études (BET) Rahmani', '029 41 98 58')}
      ${row('Agence El Amel (Suite Royale)', '029 41 98 59')}</table>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['SARL Hydraulique Kheneg Saidi', 'EURL Nappe Albienne', 'مؤسسة الواحة', 'Bureau d’études (BET) Rahmani', 'Agence El Amel (Suite Royale)']);
  });

  test('a header of column letters above the real header row (a published spreadsheet): the row of header words is the header', () => {
    const html = page(`<table><tr><th></th><th>A</th><th>B</th><th>C</th></tr>
      <tr><th>1</th><td colspan="3">Adhérents 2025 — chambre : 038 60 11 22</td></tr>
      <tr><th>2</th><td>Raison sociale / exploitant</td><td>Téléphone</td><td>E-mail</td></tr>
      <tr><th>3</th><td>Ferme Bouteldja</td><td>0661 20 30 40</td><td>bouteldja@gmail.com</td></tr>
      <tr><th>4</th><td>EAC El Kala</td><td>0770 12 34 56</td><td></td></tr>
      <tr><th>5</th><td>Pépinière Seybouse</td><td>0550 11 22 33</td><td></td></tr></table>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['Ferme Bouteldja', 'EAC El Kala', 'Pépinière Seybouse']);
  });
});

  test('tender minutes saved from Word: a first row of plain bold cells headed by the bidder\'s column is the header; a cell\'s bold first paragraph is the name, not its tax number line', () => {
    const cell = (inner: string) => `<td width=150 valign=top style='border:solid windowtext 1.0pt'>${inner}</td>`;
    const p = (text: string, bold = false) => `<p class=MsoNormal><span style='font-size:9.0pt'>${bold ? `<b>${text}</b>` : text}<o:p></o:p></span></p>`;
    const row = (n: number, name: string, lines: string[], note: string) =>
      `<tr style='mso-yfti-irow:${n}'>${cell(p(String(n).padStart(2, '0')))}${cell(p(name, true) + p(`RC : 0${n}/00-09876${n}B19`))}${cell(lines.map((l) => p(l)).join(''))}${cell(p(`35 120 44${n},50`))}${cell(p(note))}</tr>`;
    const head = `<tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>${['N°', 'Soumissionnaire', 'Adresse / contacts', 'Montant (DA HT)', 'Observations'].map((h) => cell(`<p class=MsoNormal align=center><b><span>${h}<o:p></o:p></span></b></p>`)).join('')}</tr>`;
    const html = page(`<div class=WordSection1><p class=MsoNormal><b>Lot n° 1 : forages</b></p><table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0>${head}
      ${row(1, 'SARL Hodna Forages', ['Cité 500 logements, Msila', 'Tél : 035 55 12 34 – Mob : 0661 40 50 60'], 'Offre conforme')}
      ${row(2, 'EURL Chott Hydraulique', ['Zone industrielle, Bou Saâda', 'Fax : 035 55 98 76', 'E-mail : <a href="mailto:chott.hydro@gmail.com">chott.hydro@gmail.com</a>'], 'Offre conforme')}
      ${row(3, 'ETB Frères Benali', ['Route de Biskra, Msila'], 'Non conforme : caution absente')}</table></div>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['SARL Hodna Forages', ['+21335551234', '+213661405060'], [], []],
      ['EURL Chott Hydraulique', [], ['+21335559876'], ['chott.hydro@gmail.com']],
      ['ETB Frères Benali', [], [], []],
    ]);
  });

  test("a register of titles or permits: the holder's column ('Attributaire', 'Bénéficiaire') names the company, not the permit's number before it; a person's column ('Pharmacien titulaire') does not", () => {
    const row = (ref: string, holder: string, tel: string) => `<tr class="odd"><td>${ref}</td><td>Concession forestière</td><td>${holder}</td><td>Aïn Beïda</td><td>12,5</td><td>Tél : ${tel}</td></tr>`;
    const html = page(`<table class="views-table"><thead><tr><th>Réf. de l'acte</th><th>Nature</th><th>Attributaire</th><th>Commune</th><th>Surface (ha)</th><th>Contact</th></tr></thead><tbody>
      ${row('0931 CFR', 'EURL Liège de l’Edough', '038 86 14 20')}${row('1207 CFR', 'SARL Bois Séraïdi', '0661 30 41 52')}${row('1544 CFR', 'Coopérative El Ghaba', '0770 52 63 74')}</tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['EURL Liège de l’Edough', 'SARL Bois Séraïdi', 'Coopérative El Ghaba']);
    const other = page(`<table><thead><tr><th>Code</th><th>Bénéficiaire de l'agrément</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>AG 17 B</td><td>Ets Transit Bouzid</td><td>041 22 10 10</td></tr><tr><td>AG 18 B</td><td>SARL Fret Arzew</td><td>041 22 20 20</td></tr></tbody></table>`);
    expect(extractCompanies(other, PAGE).map((c) => c.name)).toEqual(['Ets Transit Bouzid', 'SARL Fret Arzew']);
    const person = page(`<table><thead><tr><th>N°</th><th>Officine</th><th>Pharmacien titulaire</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>1</td><td>Pharmacie du Marché</td><td>Dr Amrani Leila</td><td>041 33 10 10</td></tr><tr><td>2</td><td>Pharmacie Es Salam</td><td>Dr Kaci Omar</td><td>041 33 20 20</td></tr></tbody></table>`);
    expect(extractCompanies(person, PAGE).map((c) => c.name)).toEqual(['Pharmacie du Marché', 'Pharmacie Es Salam']);
  });

  test("a list's role column ('Exposant', 'Adhérent', 'Fournisseur', 'Exhibitor') names the rows when no column is headed by a name word: not the stand or hall before it", () => {
    const row = (stand: string, hall: string, name: string, coords: string) => `<tr><td class="stand">${stand}</td><td>${hall}</td><td><b>${name}</b><br><small>Forage</small></td><td>Ouargla</td><td>${coords}</td></tr>`;
    const html = page(`<table class="liste" border="1"><thead><tr><th>Stand</th><th>Hall</th><th>Exposant</th><th>Ville</th><th>Coordonnées</th></tr></thead><tbody>
      ${row('C35', 'Hall C', 'SPA Forage Sud', 'Tél : 029 40 90 26<br>Mob : 0551 91 47 77')}${row('B22', 'Hall B', 'EURL Puits El Amel', '<a href="mailto:amel@puits.dz">amel@puits.dz</a>')}${row('A3', 'Hall A', 'SNC Frères Touati', '—')}</tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['SPA Forage Sud', ['+21329409026', '+213551914777'], []],
      ['EURL Puits El Amel', [], ['amel@puits.dz']],
      ['SNC Frères Touati', [], []],
    ]);
    const members = page(`<table><thead><tr><th>N° adhérent</th><th>Adhérents</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>118</td><td>Ets Transit Bouzid</td><td>041 22 10 10</td></tr><tr><td>119</td><td>SARL Fret Arzew</td><td>041 22 20 20</td></tr></tbody></table>`);
    expect(extractCompanies(members, PAGE).map((c) => c.name)).toEqual(['Ets Transit Bouzid', 'SARL Fret Arzew']);
  });

  test("a member column of counts ('Membres | 120') or a mobile operator's ('Opérateur | Mobilis') names no row: the organisation or the first name does", () => {
    const counts = page(`<table><thead><tr><th>Organisation</th><th>Membres</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>Association des Boulangers d'Oran</td><td>120</td><td>041 22 33 44</td></tr><tr><td>Union des Transporteurs</td><td>85</td><td>041 22 33 55</td></tr><tr><td>Club des Exportateurs</td><td>40</td><td>041 22 33 66</td></tr></tbody></table>`);
    expect(extractCompanies(counts, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ["Association des Boulangers d'Oran", ['+21341223344']],
      ['Union des Transporteurs', ['+21341223355']],
      ['Club des Exportateurs', ['+21341223366']],
    ]);
    const unnamed = page(`<table><thead><tr><th>N°</th><th>Adhérents</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>1</td><td>Boulangerie Es Salam</td><td>041 22 10 10</td></tr><tr><td>2</td><td>—</td><td>041 22 20 20</td></tr></tbody></table>`);
    expect(extractCompanies(unnamed, PAGE).map((c) => c.name)).toEqual(['Boulangerie Es Salam']);
    const operators = page(`<table><thead><tr><th>Transporteur</th><th>Opérateur</th><th>Téléphone</th></tr></thead><tbody>
      <tr><td>Transports Benali Ouargla</td><td>Mobilis</td><td>0661 22 33 44</td></tr><tr><td>Ets Hamdi Fret</td><td>Djezzy</td><td>0770 22 33 44</td></tr></tbody></table>`);
    expect(extractCompanies(operators, PAGE).map((c) => c.name)).toEqual(['Transports Benali Ouargla', 'Ets Hamdi Fret']);
  });

describe('a combined "Téléphone / Fax" column', () => {
  const row = (n: number, name: string, tel: string) => `<tr><td>${n}</td><td><b>${name}</b></td><td>Rue ${n}, Oran</td><td>${tel}</td><td>contact${n}@membre${n}.dz</td></tr>`;
  const html = page(`<table><tr><th>N°</th><th>Raison sociale</th><th>Adresse</th><th>Téléphone / Fax</th><th>E-mail</th></tr>
    ${row(1, 'SARL Oranaise des Peintures', '041 11 22 33 / 0550 12 34 56')}
    ${row(2, 'EURL Sidi El Houari Négoce', '041 44 55 66')}
    ${row(3, 'SNC Frères Kerrouche', 'Tél : 041 77 88 99<br>Fax : 041 77 88 98')}
    ${row(4, 'SARL Es Sénia Emballages', 'Tél : 041 30 30 31 – 041 30 30 32<br>Fax : 041 30 30 33')}</table>`);
  const read = () => extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []]);

  test('several numbers without a label of their own are phones, none of them a fax (the header does not say which is the fax)', () => {
    expect(read()[0]).toEqual(['SARL Oranaise des Peintures', ['+21341112233', '+213550123456'], []]);
  });

  test('one number under the combined header is a phone and the fax line, as "Tél/Fax : …" in a text is', () => {
    expect(read()[1]).toEqual(['EURL Sidi El Houari Négoce', ['+21341445566'], ['+21341445566']]);
  });

  test('labels inside the cell say which is which: the header never makes a labelled phone a fax', () => {
    expect(read()[2]).toEqual(['SNC Frères Kerrouche', ['+21341778899'], ['+21341778898']]);
    expect(read()[3]).toEqual(['SARL Es Sénia Emballages', ['+21341303031', '+21341303032'], ['+21341303033']]);
  });
});

describe('microdata on some entries only', () => {
  test('entries without microdata beside those with it are companies too; an Organization in a footer-classed div is the directory', () => {
    const html = page(`<section class="resultats">
      <article class="res" itemscope itemtype="http://schema.org/Optician"><h2 itemprop="name">Optique Sidi Khouiled</h2><p>Tél : <span itemprop="telephone" content="+21329712044">029 71 20 44</span></p></article>
      <article class="res"><h2>Lunetterie Hassi Messaoud</h2><p>Tél. 0661 83 27 50</p></article>
      <article class="res" itemscope itemtype="http://schema.org/Optician"><h2 itemprop="name">Optique El Ksar</h2><p>Téléphone : 029 70 58 13</p></article>
      <article class="res promo"><span>Publicité</span><h2>Verres Sahara</h2><p>Tél : 0550 29 29 29</p></article></section>
      <div class="pied-site" itemscope itemtype="http://schema.org/Organization"><span itemprop="name">Guide Sud</span> <span itemprop="telephone">029 60 00 40</span></div>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['Optique Sidi Khouiled', ['+21329712044']],
      ['Lunetterie Hassi Messaoud', ['+213661832750']],
      ['Optique El Ksar', ['+21329705813']],
    ]);
  });
});

describe('microdata around the contacts only', () => {
  test("an organisation's page is the link of its entry that bears its name, when the microdata block holds no link", () => {
    const entry = (n: number, name: string) => `<div class="row member"><div class="col-3"><a href="/partners/${n}"><img src="/img/${n}.png" alt="${name}"></a></div>
      <div class="col-9"><h5><a href="/partners/m-${n}">${name}</a></h5><p class="small">Communication</p>
      <address itemscope itemtype="http://schema.org/Organization"><span itemprop="name">${name}</span> <span itemprop="telephone">+213 24 34 46 6${n}</span></address></div></div>`;
    const html = page(`<h3>Membre Or</h3>${entry(1, 'Agence Nova')}${entry(2, 'Studio Delta')}<h3>Membre Argent</h3>${entry(3, 'Pixel Média')}<p><a href="/partners/m-9">Pixel</a></p>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.detailUrl])).toEqual([
      ['Agence Nova', 'https://annuaire.test/partners/m-1'],
      ['Studio Delta', 'https://annuaire.test/partners/m-2'],
      ['Pixel Média', 'https://annuaire.test/partners/m-3'],
    ]);
  });

  test('a link bearing the name outside the entry (another block of the page, a sidebar) is not its page', () => {
    const entry = (n: number, name: string) => `<div class="m"><address itemscope itemtype="http://schema.org/Organization"><span itemprop="name">${name}</span> <span itemprop="telephone">+213 24 34 46 6${n}</span></address></div>`;
    const html = page(`<div class="list">${entry(1, 'Agence Nova')}${entry(2, 'Studio Delta')}</div><aside><a href="/partners/9">Agence Nova</a></aside>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.detailUrl])).toEqual([
      ['Agence Nova', undefined],
      ['Studio Delta', undefined],
    ]);
  });
});

describe('microdata that gives no name (an address block only)', () => {
  test("a nameless organisation marks its entry's address: the entry is read, its name link the name and its page the detail page", () => {
    const entry = (n: number, name: string, city: string) => `<div class="media"><a href="/revendeurs/${n}"><img src="/img/${n}.png" alt="${name}"></a>
      <div class="body"><a href="/revendeurs/${n}"><span>${name}</span></a>
      <address itemscope itemtype="http://schema.org/Organization"><div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress"><span itemprop="streetAddress">Rue des Frères Bouadou<br>${city}<br>Algérie</span></div></address>
      <p>Revendeur agréé.</p></div></div>`;
    const html = page(`<h3>Or</h3>${entry(1, 'Droguerie Nour', 'Sétif')}${entry(2, 'SARL Teinte Plus', 'El Eulma')}<h3>Argent</h3>${entry(3, 'Ets Kaci Peintures', 'Aïn Arnat')}`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.detailUrl])).toEqual([
      ['Droguerie Nour', 'https://annuaire.test/revendeurs/1'],
      ['SARL Teinte Plus', 'https://annuaire.test/revendeurs/2'],
      ['Ets Kaci Peintures', 'https://annuaire.test/revendeurs/3'],
    ]);
  });

  test("a lone nameless organisation (the directory's address block in a footer that is no <footer>) is no list's entry: the page's wrapper is not read as one company", () => {
    const footer = `<div id="bas" class="zone-infos"><div class="row"><div class="col-lg-4"><h5>Nos coordonnées</h5><address itemscope itemtype="http://schema.org/Organization"><div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress"><span itemprop="streetAddress">12 rue Larbi Ben M'hidi, Alger</span></div>
      <span itemprop="telephone">+213 21 99 88 77</span><span itemprop="email">info@annuaire.test</span></address></div><div class="col-lg-4"><a href="/a-propos">À propos</a></div></div></div>`;
    const fiche = (n: number, name: string) => `<div class="fiche"><h3><a href="/partners/${n}">${name}</a></h3><p>Tél : 036 84 12 1${n}</p></div>`;
    const html = `<html><head><title>Revendeurs</title></head><body><div id="wrapwrap"><header><nav><a href="/">Accueil</a></nav></header><main>${fiche(1, 'Droguerie Nour')}${fiche(2, 'SARL Teinte Plus')}${fiche(3, 'Ets Kaci')}</main>${footer}</div></body></html>`;
    // (The entries' own numbers are never one company's.)
    expect(readListing(html, PAGE).companies.filter((c) => c.phones.length > 1)).toEqual([]);
  });

  test("an organisation under the site's 'Contactez-nous' heading (a footer that is no <footer>) is the directory's: the page's entries are read, and a page without any gives none", () => {
    const footer = `<div id="bas" class="zone-infos"><div class="row"><div class="col-lg-4"><h5>Contactez-nous</h5><address itemscope itemtype="http://schema.org/Organization"><div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress"><span itemprop="streetAddress">12 rue Larbi Ben M'hidi, Alger</span></div>
      <span itemprop="telephone">+213 21 99 88 77</span><span itemprop="email">info@annuaire.test</span></address></div></div></div>`;
    const wrap = (main: string) => `<html><head><title>Revendeurs</title></head><body><div id="wrapwrap"><header><nav><a href="/">Accueil</a></nav></header><main>${main}</main>${footer}</div></body></html>`;
    const fiche = (n: number, name: string) => `<div class="fiche"><h3><a href="/partners/${n}">${name}</a></h3><p>Tél : 036 84 12 1${n}</p></div>`;
    expect(readListing(wrap(`${fiche(1, 'Droguerie Nour')}${fiche(2, 'SARL Teinte Plus')}${fiche(3, 'Ets Kaci')}`), PAGE).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Droguerie Nour', ['+21336841211']],
      ['SARL Teinte Plus', ['+21336841212']],
      ['Ets Kaci', ['+21336841213']],
    ]);
    expect(readListing(wrap('<h1>Nos revendeurs</h1><p>Bientôt en ligne.</p>'), PAGE).companies).toEqual([]);
  });

  test('a nameless organisation holding the numbers gives them to its entry', () => {
    const entry = (n: number, name: string) => `<li class="partner"><h4><a href="/p/${n}">${name}</a></h4>
      <div itemscope itemtype="https://schema.org/LocalBusiness"><span itemprop="telephone">+213 36 84 12 1${n}</span></div></li>`;
    const html = page(`<ul>${entry(1, 'Droguerie Nour')}${entry(2, 'SARL Teinte Plus')}</ul>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['Droguerie Nour', ['+21336841211']],
      ['SARL Teinte Plus', ['+21336841212']],
    ]);
  });
});

describe('ranks of a numbered list', () => {
  test('ranks in sequence are not part of the names; a name that is a number keeps it', () => {
    const html = page(`<div class="post">
      <h2>1) Traiteur Mansourah</h2><p>Appelez le 043 26 14 58.</p>
      <h2>2) 3 Frères Traiteur</h2><p>Appelez le 0770 15 62 84.</p>
      <h2>3) Saveurs de Lalla Setti</h2><p>Appelez le 0698 52 30 17.</p></div>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['Traiteur Mansourah', '3 Frères Traiteur', 'Saveurs de Lalla Setti']);
  });

  test('numbers out of sequence are kept', () => {
    const html = page(`<div class="post">
      <h2>7 - Sept Merveilles Voyages</h2><p>Appelez le 043 26 14 58.</p>
      <h2>2 - Deux Rives Transport</h2><p>Appelez le 0770 15 62 84.</p></div>`);
    expect(extractCompanies(html, PAGE).map((c) => c.name)).toEqual(['7 - Sept Merveilles Voyages', '2 - Deux Rives Transport']);
  });
});

describe('a table\'s \'Téléphone / Fax\' column', () => {
  test('a mobile on the line under a cell\'s fax is a phone of the row, the fax a fax', () => {
    const html = page(`<table><thead><tr><th>N°</th><th>Raison sociale</th><th>Téléphone / Fax</th><th>E-mail</th></tr></thead><tbody>
      <tr><td>1</td><td><strong>SNC Hodna Recyclage</strong></td><td>Tél : 035 54 12 30 Fax : 035 54 12 31<br>0661 47 25 80</td><td>hodna.recyclage@gmail.com</td></tr>
      <tr><td>2</td><td><strong>EURL Maadid Environnement</strong></td><td>Fax : 035 56 40 12<br>0770 18 93 46</td><td>/</td></tr>
      <tr><td>3</td><td><strong>SARL Chott Propre</strong></td><td>035 55 71 09 / 0550 62 14 83</td><td>/</td></tr></tbody></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones, c.faxes ?? []])).toEqual([
      ['SNC Hodna Recyclage', ['+21335541230', '+213661472580'], ['+21335541231']],
      ['EURL Maadid Environnement', ['+213770189346'], ['+21335564012']],
      ['SARL Chott Propre', ['+21335557109', '+213550621483'], []],
    ]);
  });
});

describe('a paying member\'s row', () => {
  test('a row marked only by a tier class is an entry like the class-less rows; its badge and the RC number under the name are not the name', () => {
    const html = page(`<table border="1"><tr><th>Entreprise</th><th>Téléphone</th><th>Courriel</th></tr>
      <tr class="vip"><td><font size="2"><b>SARL Ain Fouara Informatique</b></font> <span class="vip-badge">Abonné VIP</span><br><font size="1">RC N° 19/00-4417823 B 09</font></td><td>Tél : 036 84 12 57</td><td>contact@ainfouara-info.dz</td></tr>
      <tr><td><font size="2"><b>EURL El Eulma Réseaux</b></font><br><font size="1">RC N° 19/00-5528710 B 12</font></td><td>Tél : <img src="/num.php?id=2" alt="Numéro"></td><td>eleulma.reseaux@gmail.com</td></tr>
      <tr><td><font size="2"><b>Ets Bouzid Bureautique</b></font><br><font size="1">RC N° 19/00-6634102 A 15</font></td><td>Tél : <img src="/num.php?id=3" alt="Numéro"></td><td>bouzid.bureautique@yahoo.fr</td></tr></table>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['SARL Ain Fouara Informatique', ['+21336841257']],
      ['EURL El Eulma Réseaux', []],
      ['Ets Bouzid Bureautique', []],
    ]);
  });
});

describe('a map search\'s result cards', () => {
  test('the name is the overlay link\'s aria-label, never a button link of every card (\'Itinéraire\', \'Site web\')', () => {
    const card = (name: string, slug: string, phone: string) => `<div class="Yk2Pa" role="listitem">
      <a class="Lh4rz" href="/lieu/${slug}" aria-label="${name}"></a>
      <div class="q9Lm"><span>${name}</span></div>
      <div class="r0Tx"><span>4,2</span> <span>(31)</span></div>
      <div class="r0Tx"><span>Pizzeria</span> · <span>Centre, Boghni</span></div>
      <div class="r0Tx"><span>Ouvert</span> · <span>${phone}</span></div>
      <div class="bt7"><a href="/itineraire?dest=${slug}"><span>Itinéraire</span></a> <a href="/lieu/${slug}#site">Site web</a></div></div>`;
    const html = page(`<div role="list">${card('Pizzeria Mekla Gourmet', 'mekla', '0771 20 93 64')}${card('Grill Maatkas', 'maatkas', '026 32 77 50')}${card('Snack Azeffoun', 'azeffoun', '0556 04 38 17')}</div>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['Pizzeria Mekla Gourmet', ['+213771209364']],
      ['Grill Maatkas', ['+21326327750']],
      ['Snack Azeffoun', ['+213556043817']],
    ]);
  });

  test('the card\'s own aria-label names it when its links are only actions; an action label is no name', () => {
    const card = (label: string, slug: string, phone: string) => `<article class="Yk2Pa" role="article" aria-label="${label}">
      <div class="q9Lm">${label === 'Partager' ? 'Fermé' : label}</div><div class="r0Tx">4,6 (190) · Restaurant</div>
      <div class="r0Tx">Fermé · Ouvre à 11:00 · ${phone}</div>
      <div class="bt7"><a href="/itineraire?dest=${slug}">Itinéraire</a> <a href="/partager/${slug}">Partager</a></div></article>`;
    const html = page(`<section>${card('Rôtisserie Ouadhias', 'ouadhias', '026 36 18 24')}${card('Traiteur Makouda Festin', 'makouda', '026 25 90 13')}${card('Partager', 'x', '0699 55 26 70')}</section>`);
    const names = extractCompanies(html, PAGE).map((c) => c.name);
    expect(names.slice(0, 2)).toEqual(['Rôtisserie Ouadhias', 'Traiteur Makouda Festin']);
    expect(names).not.toContain('Itinéraire');
    expect(names).not.toContain('Partager');
  });
});

describe('a name every entry of the page shares', () => {
  test('three or more entries named alike, each with contacts of its own, are not one company: they are dropped as entries without a name', () => {
    const card = (phone: string) => `<div class="res"><a href="/carte?x=${phone.replace(/ /g, '')}">Voir sur la carte</a><div class="l">Ouvert · ${phone}</div></div>`;
    const html = page(`<div class="liste">${card('0771 20 93 64')}${card('026 32 77 50')}${card('0556 04 38 17')}<div class="res"><a href="/carte?x=0">Voir sur la carte</a><div class="l">Fermé</div></div></div>`);
    const listing = readListing(html, PAGE);
    expect(listing.companies).toEqual([]);
    expect(listing.dropped.no_name).toBe(4);
  });

  test('a company listed three times with the same number is kept, and so are two branches of one name', () => {
    const html = page(`<div class="liste">
      <div class="res"><h3>Pharmacie Centrale</h3><p>Tél : 026 21 44 87</p></div>
      <div class="res"><h3>Pharmacie Centrale</h3><p>Tél : 026 21 44 87</p></div>
      <div class="res"><h3>Pharmacie Centrale</h3><p>Tél : 026 21 44 87 / 0661 48 22 90</p></div>
      <div class="res"><h3>Agence Djurdjura Voyages</h3><p>Tél : 026 29 61 05</p></div>
      <div class="res"><h3>Agence Djurdjura Voyages</h3><p>Tél : 026 36 18 24</p></div></div>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Pharmacie Centrale', 'Pharmacie Centrale', 'Pharmacie Centrale', 'Agence Djurdjura Voyages', 'Agence Djurdjura Voyages']);
  });
});

describe('a page of one entry (a search with one result, the first page of a small list)', () => {
  const chrome = (main: string) => page(`<header class="site-header"><a href="/">Annuaire DZ</a><nav><a href="/">Accueil</a> <a href="/contact">Contact</a></nav></header>
    <main><h1>Entreprises BTP à Blida</h1>${main}</main><footer>Annuaire DZ — contact@annuaire-dz.dz — 021 00 00 00</footer>`);

  test('the one entry of a list is read as its company, in the shapes a list has', () => {
    const card = `<div class="results"><div class="listing-card"><h3 class="listing-title"><a href="/fiche/12">SARL Batimex</a></h3><p>Rue des Martyrs, Blida</p><p class="phone">Tél : 025 41 22 33</p><p>batimex@gmail.com</p></div></div>`;
    const li = `<p>1 résultat</p><ul class="liste-entreprises"><li><strong>EURL Chrea Construction</strong><br>Ouled Yaïch<br>Mobile : 0661 22 33 44</li></ul>`;
    const fiche = `<section class="annuaire"><div class="fiche-entreprise"><h2>ETB Mitidja</h2><a href="tel:025401122">025 40 11 22</a> <a href="mailto:mitidja@gmail.com">Écrire</a></div></section>`;
    expect(extractCompanies(chrome(card), PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([['SARL Batimex', ['+21325412233'], ['batimex@gmail.com']]]);
    expect(extractCompanies(chrome(li), PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([['EURL Chrea Construction', ['+213661223344'], []]]);
    expect(extractCompanies(chrome(fiche), PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([['ETB Mitidja', ['+21325401122'], ['mitidja@gmail.com']]]);
  });

  test("an app shell whose state holds a list of one result ('results: [{…}]') reads it; the site's own object in the state is no result", () => {
    const state = (results: unknown[]) => page(`<div id="app"><p>Chargement…</p></div><script>window.__INITIAL_STATE__ = ${JSON.stringify({ site: { nom: 'Annuaire DZ', telephone: '021 00 00 09' }, recherche: { results, total: results.length } })};</script>`);
    const one = { raison_sociale: 'SARL Batimex', telephone: '025 41 22 33', email: 'batimex@gmail.com' };
    expect(extractCompanies(state([one]), PAGE).map((c) => [c.name, c.phones, c.emails])).toEqual([['SARL Batimex', ['+21325412233'], ['batimex@gmail.com']]]);
    expect(extractCompanies(state([]), PAGE)).toEqual([]);
    // An array of one under a key that names no list (the site's own contact person) is not a result.
    const own = page(`<div id="app"></div><script>window.__INITIAL_STATE__ = ${JSON.stringify({ footer: { equipe: [{ nom: 'Service client', telephone: '021 00 00 08' }] }, recherche: { results: [] } })};</script>`);
    expect(extractCompanies(own, PAGE)).toEqual([]);
  });

  test("a page without entries gives none: the site's own blocks (an invitation to list one's company, a contact box, an empty result) are not companies", () => {
    const invite = `<p>Aucun résultat pour votre recherche.</p><div class="cta-box"><h3>Inscrivez votre entreprise</h3><p>Appelez-nous au 021 00 00 01 ou écrivez à pub@annuaire-dz.dz</p></div>`;
    const box = `<div class="results"></div><aside class="widget"><h3>Annuaire DZ</h3><p>Tél : 021 00 00 02</p></aside>`;
    const prose = `<div class="content"><h2>À propos</h2><p>Annuaire DZ recense les entreprises du BTP. Service client : 021 00 00 03.</p></div>`;
    // Items of the site's menus and pagers ('menu-item', 'nav-item', Bootstrap's 'page-item') are no entries.
    const menu = `<div class="top-bar"><ul class="menu"><li class="menu-item"><a href="tel:021000004"><b>Appelez-nous</b></a></li></ul></div><p>Aucun résultat.</p>`;
    const pager = `<ul class="pagination"><li class="page-item"><a class="page-link" href="?page=1"><b>1</b></a> Standard : 021 00 00 05</li></ul>`;
    // An advertiser's card alone on an empty result page is no entry.
    const ad = `<p>Aucun résultat.</p><div class="results"><div class="listing-card sponsored"><span class="badge">Sponsorisé</span><h3>Assurauto Plus</h3><p>Tél : 021 00 00 06</p></div></div>`;
    for (const main of [invite, box, prose, menu, pager, ad]) expect(extractCompanies(chrome(main), PAGE)).toEqual([]);
  });
});

describe('a list in a frame', () => {
  test("a page without companies names the page it frames on its host as its list's data (an iframe, a frameset's main frame); maps, videos and other hosts' frames never", () => {
    const at = 'https://portail.test/pharmacies?page=1';
    const iframe = page(`<h1>Pharmacies</h1><iframe src="/app/liste.php?w=11&amp;p=1" width="100%" height="900"></iframe><iframe src="https://www.google.com/maps/embed?pb=1" width="600" height="300"></iframe>`);
    expect(readListing(iframe, at).data).toBe('https://portail.test/app/liste.php?w=11&p=1');
    const frameset = `<html><head><title>Annuaire</title></head><frameset cols="200,*"><frame src="menu.html" name="menu"><frame src="liste.php?page=1" name="principal"></frameset></html>`;
    expect(readListing(frameset, at).data).toBe('https://portail.test/liste.php?page=1');
    // Media, maps and widgets on the host itself are no list; nor is a frame of another host.
    for (const src of ['/media/visite.mp4', '/embed/carte?z=12', 'https://annuaire.example/liste.php', '/docs/liste.pdf']) expect(readListing(page(`<iframe src="${src}"></iframe>`), at).data).toBeUndefined();
    // A menu's links in blocks of one link each do not hide the framed list, and its 'Accueil' is no company.
    // (A portal read under the metamorphic bench's mutations: its menu became blocks of one link each.)
    const menu = `<div class="w-1"><article id="m"><div class="w-1"><article><a href="/">Accueil</a></article></div>
 <div class="w-1"><article><a href="/portail/etablissements">Établissements</a></article></div>
 <div class="w-1"><article><a href='/portail/pharmacies'>Pharmacies</a></article></div>
 <div class="w-1"><article><a href='/portail/garde'>Pharmacies de  garde</a></article></div></article></div>`;
    const framing = `<html><body><div class="w-1"><article>Direction — Standard : 029 34 00 50</article></div>${menu}<div class="w-1"><article id="c"><div class="w-2"><h1>Liste des pharmacies  agréées</h1></div>
      <p>Pour toute réclamation : 029 34 00 52.</p><iframe src="/app/liste.php?p=1" height="900" name="liste" width="100%"></iframe></article></div></body></html>`;
    expect(readListing(framing, at).companies.map((c) => c.name)).toEqual([]);
    expect(readListing(framing, at).data).toBe('https://portail.test/app/liste.php?p=1');
    // Two frames alike: which one holds the list is not known.
    expect(readListing(page('<iframe src="/a.php"></iframe><iframe src="/b.php"></iframe>'), at).data).toBeUndefined();
    // A page that shows its companies keeps them, frames or not.
    const shown = page(`<iframe src="/app/pub.php"></iframe><div class="fiche"><h3>Pharmacie A</h3>Tél : 029 34 12 01</div><div class="fiche"><h3>Pharmacie B</h3>Tél : 029 34 12 02</div><div class="fiche"><h3>Pharmacie C</h3>Tél : 029 34 12 03</div><div class="fiche"><h3>Pharmacie D</h3>Tél : 029 34 12 04</div>`);
    const listing = readListing(shown, at);
    expect(listing.companies).toHaveLength(4);
    expect(listing.data).toBeUndefined();
  });

  test("a workbook saved as a web page (Excel's frameset, its sheets named by <link id=\"shLink\">): its first sheet is the list's data, the other sheets more data; another host's sheet never", () => {
    const at = 'https://dlep.test/wp-content/uploads/liste.htm';
    const workbook = `<html xmlns:x="urn:schemas-microsoft-com:office:excel"><head><meta name="Excel Workbook Frameset"><meta name=ProgId content=Excel.Sheet>
<link rel=File-List href="liste_files/filelist.xml"><![if !supportTabStrip]><link id="shLink" href="liste_files/sheet001.htm"><link id="shLink" href="liste_files/sheet002.htm"><link id="shLink" href="https://cdn.example/sheet003.htm"><link id="shLink"><![endif]></head>
<frameset rows="*,39" border=0><frame src="liste_files/sheet001.htm" name="frSheet"><frame src="liste_files/tabstrip.htm" name="frTabs"></frameset></html>`;
    const listing = readListing(workbook, at);
    expect(listing.data).toBe('https://dlep.test/wp-content/uploads/liste_files/sheet001.htm');
    expect(listing.moreData).toEqual(['https://dlep.test/wp-content/uploads/liste_files/sheet002.htm']);
  });

  test("a PDF converted with pdftohtml's frames: the 'contents' frame (its first page) is the list's data, the outline frame more data; the outline's 'Page N' links opening in a frame name the document's pages", () => {
    const at = 'https://dsa.test/uploads/liste.html';
    const frameset = `<html><head><title>liste</title><meta name="generator" content="pdftohtml 0.36"/></head><frameset cols="100,*"><frame name="links" src="liste_ind.html"/><frame name="contents" src="liste-1.html"/></frameset></html>`;
    const listing = readListing(frameset, at);
    expect(listing.data).toBe('https://dsa.test/uploads/liste-1.html');
    expect(listing.moreData).toEqual(['https://dsa.test/uploads/liste_ind.html']);
    // The outline: its page links, in order (pdftohtml's simple mode points at anchors of one file: that file once).
    const outline = `<html><head><title></title></head><body><a href="liste-1.html" target="contents" >Page 1</a><br/><a href="liste-2.html" target="contents" >Page 2</a><br/><a href="liste-3.html" target="contents" >Page 3</a><br/></body></html>`;
    const pages = readListing(outline, 'https://dsa.test/uploads/liste_ind.html');
    expect(pages.companies).toEqual([]);
    expect(pages.data).toBe('https://dsa.test/uploads/liste-1.html');
    expect(pages.moreData).toEqual(['https://dsa.test/uploads/liste-2.html', 'https://dsa.test/uploads/liste-3.html']);
    const anchors = `<html><body><a href="listes.html#1" target="contents" >Page 1</a><br/><a href="listes.html#2" target="contents" >Page 2</a><br/></body></html>`;
    expect(readListing(anchors, 'https://dsa.test/uploads/liste_ind.html').data).toBe('https://dsa.test/uploads/listes.html');
    expect(readListing(anchors, 'https://dsa.test/uploads/liste_ind.html').moreData).toBeUndefined();
    // A portal's menu frame opening its sections in the main frame names no pages of a document.
    const menu = `<html><body><a href="accueil.htm" target="principal">Accueil</a><br><a href="liste.asp?page=1" target="principal">Annuaire</a><br><a href="contact.htm" target="principal">Contact</a></body></html>`;
    expect(readListing(menu, 'https://dsa.test/menu.htm').moreData).toBeUndefined();
    // A frameset of a menu and a main frame reads the main frame only.
    const portal = `<html><frameset cols="185,*"><frame name="menu" src="menu.htm"><frame name="principal" src="liste.asp?page=1"></frameset></html>`;
    expect(readListing(portal, 'https://dsa.test/index.htm')).toMatchObject({ data: 'https://dsa.test/liste.asp?page=1' });
    expect(readListing(portal, 'https://dsa.test/index.htm').moreData).toBeUndefined();
  });
});

describe("a navigation link is no company's name", () => {
  test("'← Retour à la page 1', 'Retour à la liste', 'Back to top', 'Page 2' in a block after the entries name none", () => {
    const member = (name: string, tel: string) => `<div class="j-module j-text"><p><strong>${name}</strong></p><p>Maçonnerie</p><p>Tél : ${tel}</p></div><div class="j-module j-hr"><hr/></div>`;
    for (const nav of ['← Retour à la page 1', 'Retour à la liste', 'Back to top', '« Page 2', 'العودة إلى القائمة']) {
      const html = page(`${member('SARL Youb Routes', '048 22 97 04')}${member('EURL Hasnaoui Étanchéité', '048 95 86 62')}${member('Entreprise Tahraoui', '0557 03 24 35')}
        <div class="j-module j-text"><p><a href="/adherents-btp/">${nav}</a></p><p>Votre entreprise souhaite rejoindre le Club ? <a href="/adherer/">Adhérer</a> — 048 66 45 17</p></div>`);
      expect(readListing(html, 'https://club.test/adherents-btp/suite/').companies.map((c) => c.name)).toEqual(['SARL Youb Routes', 'EURL Hasnaoui Étanchéité', 'Entreprise Tahraoui']);
    }
  });

  test("a link back to the list's first page ('« Retour à la première page', 'Back to first page') after a second page's entries names none", () => {
    const member = (name: string, tel: string) => `<div class="n module-type-text diyfeLiveArea"><p><strong>${name}</strong></p><p><em>Nettoyage</em> — Collo</p><p>Tél. ${tel}</p></div>`;
    for (const nav of ['« Retour à la première page', 'Retour à la première page', 'Back to first page']) {
      const html = page(`${member('SARL Safsaf Nettoyage', '038 71 20 11')}${member('EURL Oued Zhor Intérim', '038 72 31 22')}${member('Tamalous Gardiennage', '038 73 42 33')}
        <div class="n module-type-text diyfeLiveArea"><p><a href="/nos-membres/">${nav}</a></p></div>`);
      expect(readListing(html, 'https://club.test/nos-membres/suite/').companies.map((c) => c.name)).toEqual(['SARL Safsaf Nettoyage', 'EURL Oued Zhor Intérim', 'Tamalous Gardiennage']);
    }
  });
});

describe('a list loaded after the page', () => {
  const at = 'https://annuaire.test/secteurs/btp';
  const shell = (body: string) => page(`<h1>Entreprises du BTP</h1><p>Les entreprises inscrites, par ordre alphabétique.</p>${body}<footer>Contact : 021 00 00 01</footer>`);

  test("a page without companies names the fragment it loads on its host as its list's data: a lazy Turbo Frame, an include-fragment, an htmx element loaded on load or when revealed, a jQuery load()", () => {
    expect(readListing(shell('<turbo-frame id="entreprises" src="/secteurs/btp/entreprises?page=1" loading="lazy"><p>Chargement…</p></turbo-frame>'), at).data).toBe(
      'https://annuaire.test/secteurs/btp/entreprises?page=1',
    );
    expect(readListing(shell('<include-fragment src="/fragments/btp"><p>Chargement…</p></include-fragment>'), at).data).toBe('https://annuaire.test/fragments/btp');
    expect(readListing(shell('<div id="liste" hx-get="/partials/liste?secteur=btp&amp;page=1" hx-trigger="load" hx-swap="innerHTML"><span class="htmx-indicator">…</span></div>'), at).data).toBe(
      'https://annuaire.test/partials/liste?secteur=btp&page=1',
    );
    expect(readListing(shell('<section data-hx-get="/partials/liste" data-hx-trigger="revealed once"></section>'), at).data).toBe('https://annuaire.test/partials/liste');
    const jquery = `<div id="resultats"><img src="/img/loader.gif" alt=""></div><script src="/js/jquery.min.js"></script>
      <script>$(function () { $("#resultats").load("ajax/liste.php?secteur=3&page=1 #tableau"); });</script>`;
    expect(readListing(shell(jquery), 'https://annuaire.test/annuaire/').data).toBe('https://annuaire.test/annuaire/ajax/liste.php?secteur=3&page=1');
  });

  test('never a fragment loaded on a click, of another host, or beside companies already shown; a frame of the page itself neither', () => {
    expect(readListing(shell('<button hx-get="/partials/liste?page=2" hx-target="#liste">Voir plus</button><div id="liste"></div>'), at).data).toBeUndefined();
    expect(readListing(shell('<turbo-frame id="x" src="https://widgets.example/liste"></turbo-frame>'), at).data).toBeUndefined();
    expect(readListing(shell('<turbo-frame id="x" src="/secteurs/btp"></turbo-frame>'), at).data).toBeUndefined();
    expect(readListing(shell('<script>$(window).load(function () { init(); }); $("#panier").load(url);</script>'), at).data).toBeUndefined();
    // The page's header, menu and footer loaded by load() are its furniture: the list's load() is the one read, wherever it is.
    const includes = `<div id="header"></div><div id="resultats"></div><div id="footer"></div><script>$("#header").load("includes/header.php"); $("#menu").load("menu.php");
      $("#resultats").load("ajax/liste.php?secteur=3"); $("#footer").load("includes/footer.php");</script>`;
    expect(readListing(shell(includes), 'https://annuaire.test/annuaire/').data).toBe('https://annuaire.test/annuaire/ajax/liste.php?secteur=3');
    expect(readListing(shell('<div id="menu"></div><script>$("#menu").load("menu.php");</script>'), at).data).toBeUndefined();
    const shown = shell(`<turbo-frame id="pub" src="/pub/banniere" loading="lazy"></turbo-frame>${['A', 'B', 'C', 'D'].map((x, i) => `<div class="fiche"><h3>Entreprise ${x}</h3>Tél : 021 34 12 0${i}</div>`).join('')}`);
    const listing = readListing(shown, at);
    expect(listing.companies).toHaveLength(4);
    expect(listing.data).toBeUndefined();
  });
});

describe('a list published as a CSV file', () => {
  const at = 'https://data.wilaya.test/fr/datasets/pharmacies-de-garde/';
  const resource = (links: string) => page(`<h1>Officines agréées 2024</h1><p>Jeu de données publié par la direction de la santé.</p>
    <div class="resources"><div class="resource-card"><h4>officines.csv</h4><p>Format : CSV — 14 Ko</p>${links}</div></div>
    <div id="apercu"><table><thead><tr><th>nom</th><th>tel</th></tr></thead><tbody><tr><td colspan="2">Chargement de l'aperçu…</td></tr></tbody></table></div>`);

  test("a page without companies names the CSV file it links on its host as its list's data; a link of another host, two different files or a page showing companies do not", () => {
    const link = '<a class="btn" href="/fr/datasets/r/7c1e-officines.csv?v=3" title="Télécharger">Télécharger</a> <a href="/fr/datasets/r/7c1e-officines.csv?v=3">Lien direct</a>';
    expect(readListing(resource(link), at).data).toBe('https://data.wilaya.test/fr/datasets/r/7c1e-officines.csv?v=3');
    expect(readListing(resource('<a href="https://stockage.example/officines.csv">Télécharger</a>'), at).data).toBeUndefined();
    expect(readListing(resource('<a href="/a.csv">2023</a> <a href="/b.csv">2024</a>'), at).data).toBeUndefined();
    const shown = page(`<div class="fiche"><h3>Pharmacie A</h3>Tél : 029 34 12 01</div><div class="fiche"><h3>Pharmacie B</h3>Tél : 029 34 12 02</div><div class="fiche"><h3>Pharmacie C</h3>Tél : 029 34 12 03</div><a href="/export/liste.csv">Exporter</a>`);
    expect(readListing(shown, at).data).toBeUndefined();
  });

  test('a CSV answer is read as records: each row a company, its fields by their column (a fax column gives faxes), quoted fields, semicolons, CRLF', () => {
    const csv = '\ufeffOfficine;Pharmacien;Téléphone;Fax;Courriel;Adresse\r\n'
      + 'Pharmacie En-Nour;Dr Saïdi;"029 71 20 30 / 0661 10 20 30";029 71 20 31;en.nour@gmail.com;"Rue 1er Novembre; bloc ""A"""\r\n'
      + 'Pharmacie Tassili;Dr Bakhti;0770 40 50 60;;;"Cité 500 logements,\r\nIn Salah"\r\n'
      + 'Pharmacie du Hoggar;Dr Kaci;;;;Centre-ville\r\n';
    const listing = readListing(csv, 'https://data.wilaya.test/fr/datasets/r/7c1e-officines.csv?v=3', {}, { contentType: 'text/csv; charset=utf-8' });
    expect(listing.companies.map((c) => [c.name, c.phones, c.faxes ?? [], c.emails])).toEqual([
      ['Pharmacie En-Nour', ['+21329712030', '+213661102030'], ['+21329712031'], ['en.nour@gmail.com']],
      ['Pharmacie Tassili', ['+213770405060'], [], []],
      ['Pharmacie du Hoggar', [], [], []],
    ]);
  });
});

describe('a list published as a document exported to HTML', () => {
  const at = 'https://dsp.wilaya.test/index.php/fr/pharmacie/grossistes';
  const article = (body: string) => page(`<header><nav><a href="/index.html">Accueil</a></nav></header>
    <main><h1>Grossistes agréés</h1><p>La direction publie la liste des grossistes agréés.</p>${body}</main>
    <footer><p>Direction de la santé — Tél : 031 92 10 10</p><a href="/plan.html">Plan du site</a></footer>`);

  test("a page without companies names the HTML export it links from its files as its list's data; a contents file and chapters follow it in order", () => {
    const one = readListing(article('<p><a href="/images/documents/liste_grossistes_2025.htm">Consulter la liste (février 2025)</a> – <a href="/images/documents/liste_grossistes_2025.docx">Word</a></p>'), at);
    expect(one.data).toBe('https://dsp.wilaya.test/images/documents/liste_grossistes_2025.htm');
    expect(one.document).toBe(true);
    expect(one.moreData).toBeUndefined();
    const chapters = readListing(article('<ul><li><a href="annuaire/sommaire.htm">Sommaire</a></li><li><a href="annuaire/chapitre1.htm">Chapitre 1 – Plasturgie</a></li><li><a href="annuaire/chapitre2.htm">Chapitre 2 – Mécanique</a></li></ul>'), 'https://cci.test/publications/annuaire.php');
    expect([chapters.data, ...(chapters.moreData ?? [])]).toEqual(['https://cci.test/publications/annuaire/sommaire.htm', 'https://cci.test/publications/annuaire/chapitre1.htm', 'https://cci.test/publications/annuaire/chapitre2.htm']);
    // An attached document typed text/html (a CMS's 'Documents joints'), its icon and its title linking it twice.
    const attached = readListing(article('<div class="documents"><a href="IMG/htm/partie1.htm" type="text/html"><img src="icon.png" alt=""></a><a href="IMG/htm/partie1.htm" type="text/html">Partie 1</a><a href="IMG/htm/partie2.htm" type="text/html">Partie 2</a></div>'), 'https://drag.wilaya.test/spip.php?article77');
    expect([attached.data, ...(attached.moreData ?? [])]).toEqual(['https://drag.wilaya.test/IMG/htm/partie1.htm', 'https://drag.wilaya.test/IMG/htm/partie2.htm']);
  });

  test("a static site's own pages, another host's document, menus and footers, or a page showing companies, name no document", () => {
    expect(readListing(article('<p>Voir aussi <a href="/services.html">nos services</a> et <a href="/equipe.html">notre équipe</a>.</p>'), at).data).toBeUndefined();
    expect(readListing(article('<p><a href="https://stockage.example/docs/liste.htm">Consulter la liste</a></p>'), at).data).toBeUndefined();
    const shown = article(`<div class="fiche"><h3>Pharmacie A</h3>Tél : 029 34 12 01</div><div class="fiche"><h3>Pharmacie B</h3>Tél : 029 34 12 02</div><div class="fiche"><h3>Pharmacie C</h3>Tél : 029 34 12 03</div><div class="fiche"><h3>Pharmacie D</h3>Tél : 029 34 12 04</div><a href="/images/documents/liste.htm">Consulter la liste</a>`);
    expect(readListing(shown, at).data).toBeUndefined();
  });
});

describe("a card's own footer on a company's page", () => {
  const card = (footerClass: string) => `<div class="container"><div class="card shop-box">
    <div class="card-header"><h1>Garage Pièces Tebboune</h1></div>
    <div class="card-body"><p>Aïn Beïda</p></div>
    <div class="${footerClass}"><ul><li><button data-numbers="0661 42 18 73">Voir</button></li><li>WhatsApp : 0772 35 90 14</li><li><a href="mailto:contact@tebboune-pieces.dz">contact@tebboune-pieces.dz</a></li></ul></div>
  </div></div>`;
  const footer = '<div class="site-footer"><p>Service client : 032 56 11 00 · aide@annonces.test</p></div>';

  test.each(['card-footer', 'panel-footer shop-phone', 'box-footer'])('a component footer (%s) holds the company\'s contacts; the page\'s footer div stays the directory\'s', (cls) => {
    const found = extractDetail(`<html><body>${card(cls)}${footer}</body></html>`, 'https://annonces.test/vitrine/12');
    expect(found?.emails).toEqual(['contact@tebboune-pieces.dz']);
    expect(found?.phones).toEqual(expect.arrayContaining(['+213661421873', '+213772359014']));
    expect(found?.phones).not.toContain('+21332561100');
  });

  test('a footer classed both as a card part and as the page\'s (panel-footer site-footer) is the page\'s', () => {
    const found = extractDetail(`<html><body><h1>Garage X</h1><div class="panel-footer site-footer"><p>Tél : 032 56 11 00</p></div></body></html>`, 'https://annonces.test/vitrine/12');
    expect(found?.phones ?? []).toEqual([]);
  });
});

describe("a newsletter's business offers, each a sentence after its reference", () => {
  test("an offer's reference in bold ('Réf. BST-12/04', 'Référence : 2024/117', 'N° 9') is no name: the company in bold inside the sentence is", () => {
    const offer = (ref: string, company: string, rest: string) => `<p style="font-size:14px;"><span style="color:#225"><b>${ref}</b></span> – L'entreprise <b>${company}</b>, ${rest}</p>`;
    const html = page(`<div class="bulletin"><h2>Bourse de sous-traitance</h2>
${offer('Réf. BST-12/04', 'SARL Mécanique des Bibans', 'spécialisée dans l\'usinage, recherche des donneurs d\'ordre. Contact : M. Karim Lounis, tél. 035 68 41 27, courriel bibans.meca@gmail.com.')}
${offer('Référence : 2024/117', 'EURL Soudure Hodna', 'propose ses capacités de chaudronnerie. Contact : Mme Nadia Ferhat, mobile 0661 84 20 73.')}
${offer('N° 9', 'SPA Plasturgie Medjana', 'cherche un fournisseur de granulés. Contact : M. Ali Saidi, tél. 035 70 12 96, courriel achats@plasturgie-medjana.dz.')}
</div>`);
    expect(extractCompanies(html, PAGE).map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['SARL Mécanique des Bibans', '+21335684127', 'bibans.meca@gmail.com'],
      ['EURL Soudure Hodna', '+213661842073'],
      ['SPA Plasturgie Medjana', '+21335701296', 'achats@plasturgie-medjana.dz'],
    ]);
  });
});

describe("a store locator plugin's autoload request (WP Store Locator)", () => {
  const settings = (extra: string) =>
    `<script id="wpsl-js-js-extra">var wpslLabels = {"phone": "T\\u00e9l."};
var wpslSettings = {"autoLoad": "1", "maxResults": "30", "searchRadius": "25", "ajaxurl": "\\/wp-admin\\/admin-ajax.php", "startLatlng": "36.75,3.06"${extra}};</script>`;
  const locator = (extra: string) => page(`<h1>Nos points de vente</h1><div id="wpsl-wrap"><div id="wpsl-gmap"></div><div id="wpsl-stores"><ul></ul></div></div>`, settings(extra));

  test('the page names the GET its plugin sends on load, built from wpslSettings in the order the plugin builds it', () => {
    const at = 'https://magasins.test/points-de-vente/';
    expect(readListing(locator(''), at).data).toBe('https://magasins.test/wp-admin/admin-ajax.php?action=store_search&lat=36.75&lng=3.06&max_results=30&search_radius=25&autoload=1');
    expect(readListing(locator(', "categoryIds": "7"'), at).data).toBe('https://magasins.test/wp-admin/admin-ajax.php?action=store_search&lat=36.75&lng=3.06&max_results=30&search_radius=25&filter=7&autoload=1');
  });

  test('no autoload, no start point or another host: no request', () => {
    const at = 'https://magasins.test/points-de-vente/';
    expect(readListing(locator('').replace('"autoLoad": "1"', '"autoLoad": "0"'), at).data).toBeUndefined();
    expect(readListing(locator('').replace('"startLatlng": "36.75,3.06"', '"startLatlng": ""'), at).data).toBeUndefined();
    expect(readListing(locator('').replace('\\/wp-admin\\/admin-ajax.php', 'https:\\/\\/ailleurs.test\\/wp-admin\\/admin-ajax.php'), at).data).toBeUndefined();
  });
});

describe("a uMap map's data layers", () => {
  const settings = (urls: string) =>
    `<script type="module">!(function () { const MAP = new U.Map("map", {"type": "Feature", "geometry": {"type": "Point", "coordinates": [3.0, 36.7]}, "properties": {"name": "Artisans de Tipaza", "umap_id": 731, "datalayers": [{"name": "Potiers", "id": "a1b2-c3"}, {"name": "Tisserands", "id": "d4e5-f6"}], ${urls}}}) })()</script>`;

  test('the page names each layer the map fetches: datalayer_view with the map id and each layer id', () => {
    const at = 'https://cartes.test/fr/map/artisans-tipaza_731';
    const listing = readListing(page('<div id="map"></div>', settings('"urls": {"datalayer_view": "/fr/datalayer/{map_id}/{pk}/"}')), at);
    expect([listing.data, listing.moreData]).toEqual(['https://cartes.test/fr/datalayer/731/a1b2-c3/', ['https://cartes.test/fr/datalayer/731/d4e5-f6/']]);
  });

  test('without the URL pattern, or on another host: none', () => {
    const at = 'https://cartes.test/fr/map/artisans-tipaza_731';
    expect(readListing(page('<div id="map"></div>', settings('"urls": {}')), at).data).toBeUndefined();
    expect(readListing(page('<div id="map"></div>', settings('"urls": {"datalayer_view": "https://ailleurs.test/datalayer/{pk}/"}')), at).data).toBeUndefined();
  });
});

describe("a WordPress page's body is no list of one", () => {
  test("the post's body block ('entry-content', 'post-content') around an intro, an advertiser's box and a form is no company", () => {
    const body = `<article class="page type-page"><header class="entry-header"><h1>Nos agences</h1></header>
      <div class="entry-content"><p>Trouvez l'agence la plus proche.</p>
      <aside class="promo-box" data-sponsor="1"><span class="label">Sponsorisé</span><h4>CrédiPlus Auto</h4><p>Simulation au 0770 12 12 12 ou info@crediplus.dz</p></aside>
      <form><input name="q"><button>Rechercher</button></form></div></article>`;
    expect(readListing(page(body), PAGE).companies).toEqual([]);
    expect(readListing(page(body.replace('entry-content', 'post-content')), PAGE).companies).toEqual([]);
  });
});

describe('a list loaded by its script, one page per category shown as tabs', () => {
  const tabs = (current: 1 | 2) => `<ul class="locator-tabs"><li class="${current === 1 ? 'current-menu-item' : ''}"><a href="/agences/">Agences</a></li><li class="${current === 2 ? 'active' : ''}"><a href="/agences/relais/">Points relais</a></li></ul>`;
  const settings = `<script>var wpslSettings = {"autoLoad": "1", "ajaxurl": "\\/wp-admin\\/admin-ajax.php", "startLatlng": "36.75,3.06"};</script>`;
  test('the next tab after the current one is the next page; none after the last; in-page tabs never', () => {
    expect(readListing(page(`<h1>Agences</h1>${tabs(1)}<div id="wpsl-stores"><ul></ul></div>`, settings), 'https://reseau.test/agences/').next).toBe('https://reseau.test/agences/relais/');
    expect(readListing(page(`<h1>Relais</h1>${tabs(2)}<div id="wpsl-stores"><ul></ul></div>`, settings), 'https://reseau.test/agences/relais/').next).toBeUndefined();
    const inPage = '<ul class="nav-tabs"><li class="active"><a href="/agences/">Liste</a></li><li><a href="#carte">Carte</a></li></ul>';
    expect(readListing(page(`<h1>Agences</h1>${inPage}<div id="wpsl-stores"><ul></ul></div>`, settings), 'https://reseau.test/agences/').next).toBeUndefined();
  });
});

describe('a title row whose bold name has its small print beside it', () => {
  // An old health portal: each record two rows of one table, a coloured row of the name and its
  // approval number on one line, then a row of cells (the holder and address | numbers | e-mail).
  const records = [
    ['Pharmacie Ennakhil', 'N° 14/DSP/1998', 'Dr Samia Rahal<br>Rue des Palmiers<br>Touggourt', 'Tél : 029 68 21 40', 'ennakhil@yahoo.fr'],
    ['Dépôt Répartition Sud', 'Agr. 7/DSP/2006', 'Dr Lyes Ferhat<br>Zone industrielle<br>Touggourt', 'Tél : 029 68 55 12<br>Fax : 029 68 55 13', ''],
    ['Pharmacie du Souk', 'Agrément n° 22/DSP/2001', 'Dr Amel Kaci<br>Place du marché<br>Témacine', 'Mob : 0661 48 20 97', 'souk.pharma@gmail.com'],
  ];
  const html = page(`<table border="0" cellspacing="1">${records.map(([n, print, who, tel, mail]) => `
    <tr bgcolor="#1C6E3D"><td colspan="3"><font color="#FFFFFF"><b>${n}</b></font> &nbsp;<font size="1" color="#DDFFDD">${print}</font></td></tr>
    <tr bgcolor="#FFFFFF"><td>${who}</td><td>${tel}</td><td>${mail ? `<a href="mailto:${mail}">${mail}</a>` : '&nbsp;'}</td></tr>`).join('')}
  </table>`);

  test('the bold element is the name, not the small print nor the cell below (its holder and address)', () => {
    expect(readListing(html, PAGE).companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
      ['Pharmacie Ennakhil', ['+21329682140'], ['ennakhil@yahoo.fr']],
      ['Dépôt Répartition Sud', ['+21329685512'], []],
      ['Pharmacie du Souk', ['+213661482097'], ['souk.pharma@gmail.com']],
    ]);
  });

  test("an accordion whose heading is its toggle button: the button's name-classed part names the entry, not its badge or its town run on", () => {
    const entry = (i: number, name: string, town: string, badge: boolean, phone: string) =>
      `<div class="accordion-item"><h2 class="accordion-header" id="h${i}"><button class="accordion-button collapsed" type="button" data-bs-toggle="collapse" data-bs-target="#c${i}" aria-controls="c${i}">` +
      `<span class="exporter-name">${name}</span>${badge ? '<span class="badge rounded-pill text-bg-success ms-2">Certified exporter</span>' : ''}<span class="exporter-city ms-auto small text-muted">${town}</span></button></h2>` +
      `<div id="c${i}" class="accordion-collapse collapse"><div class="accordion-body"><ul><li>Phone: ${phone}</li></ul></div></div></div>`;
    const html = page(`<div class="accordion" id="exporters">${entry(1, 'SARL Tolga Dattes', 'Tolga', true, '+213 (0)33 71 22 41')}${entry(2, 'EURL Sidi Okba Primeurs', 'Sidi Okba', false, '+213 661 20 31 42')}${entry(3, 'SPA Ziban Conserves', 'Biskra', true, '00 213 33 74 55 10')}</div>`);
    expect(readListing(html, PAGE).companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Tolga Dattes', ['+21333712241']],
      ['EURL Sidi Okba Primeurs', ['+213661203142']],
      ['SPA Ziban Conserves', ['+21333745510']],
    ]);
  });
});

describe("a post's author line", () => {
  test("names who posted it (a channel's name on each of its posts), not the company the post describes", () => {
    const post = (name: string, phone: string, n: number) =>
      `<div class="message_wrap"><div class="message" data-post="canal/${n}"><div class="message_author"><a class="message_owner_name" href="/canal"><span>Carrières Pros</span></a></div>` +
      `<div class="message_text">🏭 <b>${name}</b><br>📍 Chéria<br>☎️ ${phone}</div><a class="message_date" href="/canal/${n}"><time>12:00</time></a></div></div>`;
    const html = `<html><body><section class="history">${post('SARL Sables Un', '037 41 20 10', 1)}${post('EURL Marbres Deux', '037 41 20 11', 2)}${post('ETS Granulats Trois', '037 41 20 12', 3)}</section></body></html>`;
    expect(readListing(html, 'https://t.test/s/canal').companies.map((c) => [c.name, c.phones])).toEqual([
      ['SARL Sables Un', ['+21337412010']],
      ['EURL Marbres Deux', ['+21337412011']],
      ['ETS Granulats Trois', ['+21337412012']],
    ]);
  });

  test("an authorized dealer's card is no author line: its link names it", () => {
    const card = (name: string, phone: string, n: number) => `<div class="dealer"><div class="authorized-dealer"><a href="/concessionnaires/${n}">${name}</a><span class="tag">Agréé</span></div><p>Tél : ${phone}</p></div>`;
    const html = `<html><body><div class="list">${card('Auto Souf', '032 41 20 10', 1)}${card('Garage Erg', '032 41 20 11', 2)}${card('Motors Oasis', '032 41 20 12', 3)}</div></body></html>`;
    expect(readListing(html, 'https://d.test/concessionnaires').companies.map((c) => c.name)).toEqual(['Auto Souf', 'Garage Erg', 'Motors Oasis']);
  });

  test("a WordPress byline's hCard (`author vcard`, `url fn n`) names the post's author, not the company the post describes", () => {
    const post = (id: number, name: string, phone: string) =>
      `<article id="post-${id}" class="post-${id} post type-post status-publish hentry"><header class="entry-header"><h2 class="entry-title"><a href="/${id}/" rel="bookmark">${name}</a></h2>` +
      `<div class="entry-meta"><span class="posted-on"><time>12 mars 2026</time></span> <span class="byline">par <span class="author vcard"><a class="url fn n" href="/author/redaction/">Rédaction</a></span></span></div></header>` +
      `<div class="entry-summary"><p>Entreprise de bâtiment à Chlef.</p></div><p>Tél : ${phone}</p></article>`;
    const html = `<html><body><main id="main" class="site-main">${post(41, 'Bâtiments Cheliff', '027 77 20 10')}${post(42, 'Ouarsenis Construction', '027 77 20 11')}${post(43, 'Ténès Travaux', '027 77 20 12')}</main></body></html>`;
    expect(readListing(html, 'https://wp.test/category/btp/').companies.map((c) => [c.name, ...c.phones])).toEqual([
      ['Bâtiments Cheliff', '+21327772010'],
      ['Ouarsenis Construction', '+21327772011'],
      ['Ténès Travaux', '+21327772012'],
    ]);
  });

  test("a blog's entries whose byline says 'Posté par <a>Admin</a>' (a link to the author's archive): named by their titles, the author no seller", () => {
    const post = (id: number, name: string, phone: string) =>
      `<article class="post blog_entry_${id}"><header><h2><a href="/archives/${id}-x.html">${name}</a></h2><p class="meta">Posté par <a href="/authors/1-Admin">Admin</a> le <time datetime="2025-10-01">1 octobre 2025</time></p></header>` +
      `<div class="teaser"><p>Une école de la wilaya. Renseignements au ${phone}.</p><a href="/archives/${id}-x.html#extended">Lire la suite</a></div></article>`;
    const html = `<html><body><main id="content">${post(41, 'École privée Les Oasis', '033 12 49 61')}${post(42, 'Institut Sidi Okba', '033 54 28 21')}${post(43, 'Crèche El Alia', '033 74 85 23')}</main></body></html>`;
    expect(readListing(html, 'https://blog.test/categories/3-ecoles').companies.map((c) => [c.name, ...c.phones])).toEqual([
      ['École privée Les Oasis', '+21333124961'],
      ['Institut Sidi Okba', '+21333542821'],
      ['Crèche El Alia', '+21333748523'],
    ]);
    // WordPress's author archive and a rel=author link alike.
    for (const author of ['<a href="/author/admin/">Admin</a>', '<a href="/equipe/admin" rel="author">Admin</a>']) {
      expect(readListing(html.replaceAll('<a href="/authors/1-Admin">Admin</a>', author), 'https://blog.test/categories/3-ecoles').companies.map((c) => c.name)).toEqual(['École privée Les Oasis', 'Institut Sidi Okba', 'Crèche El Alia']);
    }
  });

  test("Divi's blog module: posts inside `et_pb_ajax_pagination_container` are the paged content, not a pager", () => {
    const post = (id: number, name: string, phone: string) =>
      `<article id="post-${id}" class="et_pb_post clearfix et_pb_blog_item_0_${id} post-${id} post type-post status-publish hentry"><h2 class="entry-title"><a href="/${id}/">${name}</a></h2>` +
      `<p class="post-meta">par <span class="author vcard"><a href="/author/admin/" rel="author">admin</a></span> | <span class="published">Mar 12, 2026</span></p><div class="post-content"><div class="post-content-inner"><p>Tél : ${phone}</p></div></div></article>`;
    const html = `<html><body><main><div class="et_pb_module et_pb_blog_0 et_pb_blog_grid_wrapper"><div class="et_pb_ajax_pagination_container">${post(41, 'Bâtiments Cheliff', '027 77 20 10')}${post(42, 'Ouarsenis Construction', '027 77 20 11')}${post(43, 'Ténès Travaux', '027 77 20 12')}<div class="pagination clearfix"><div class="alignleft"><a href="/category/btp/page/2/">« Articles précédents</a></div></div></div></div></main></body></html>`;
    expect(readListing(html, 'https://wp.test/category/btp/').companies.map((c) => [c.name, ...c.phones])).toEqual([
      ['Bâtiments Cheliff', '+21327772010'],
      ['Ouarsenis Construction', '+21327772011'],
      ['Ténès Travaux', '+21327772012'],
    ]);
  });

  test("Ninja Tables: the table inside `ninja_table_pagination_wrapper` (paged client-side) is the paged content, not a pager", () => {
    const row = (i: number, name: string, phone: string, mail: string) =>
      `<tr data-row_id="${i}" class="ninja_table_row_${i - 1} nt_row_id_${1200 + i}"><td>${i}</td><td>${name}</td><td>Etude d’impact</td><td>Cité El Amel, Bouira</td><td>${phone}</td><td>/</td><td>${mail}</td><td>${100 + i}/DE/2021</td></tr>`;
    const head = ['N°', 'Bureau d’études', 'Domaine', 'Adresse', 'Téléphone', 'Fax', 'E-mail', 'N° agrément'].map((h, i) => `<th scope="col" class="ninja_column_${i}">${h}</th>`).join('');
    const html = `<html><body><div class="nv-content-wrap entry-content"><p>La direction publie la liste des bureaux agréés.</p>` +
      `<div id="footable_parent_1187" class="footable-loader ninja_table_wrapper_1187 loading_ninja_table ninja_table_wrapper ninja_table_pagination_wrapper ninja_table_search_wrapper colored_table">` +
      `<table data-ninja_table_instance="ninja_table_instance_0" id="footable_1187" class="foo-table ninja_footable foo_table_1187 ui table nt_type_ajax_table selectable striped"><thead><tr class="footable-header">${head}</tr></thead><tbody>` +
      row(1, 'EURL Merabet', '0799951544', 'accueil@merabet.com.dz') + row(2, 'BET Aouadi', '026.54.77.28 / 0697 83 77 87', 'direction@betaouadi.dz') + row(3, 'Cabinet Guettaf', '026.42.10.48', '/') +
      `</tbody></table></div></div></body></html>`;
    expect(readListing(html, 'https://wp.test/bureaux-agrees/').companies.map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['EURL Merabet', '+213799951544', 'accueil@merabet.com.dz'],
      ['BET Aouadi', '+21326547728', '+213697837787', 'direction@betaouadi.dz'],
      ['Cabinet Guettaf', '+21326421048'],
    ]);
  });

  test("SiteOrigin Page Builder: its widgets inside the post's body (`so-panel widget widget_sow-editor`) are the page's content; the sidebar's widgets stay chrome", () => {
    const member = (i: number, name: string, lines: string) =>
      `<div id="pgc-1301-${i}-0" class="panel-grid-cell"><div id="panel-1301-${i}-0-0" class="so-panel widget widget_sow-editor panel-first-child panel-last-child" data-index="${i}"><div class="so-widget-sow-editor so-widget-sow-editor-base"><h3 class="widget-title">${name}</h3><div class="siteorigin-widget-tinymce textwidget"><p><em>Transport de marchandises</em><br />${lines}</p></div></div></div></div>`;
    const row = (n: number, cells: string) => `<div id="pg-1301-${n}" class="panel-grid panel-has-style"><div class="panel-row-style"><div class="panel-grid-cell-container">${cells}</div></div></div>`;
    const html = `<html><body><div id="page" class="hfeed site"><div id="content" class="site-content"><div id="primary" class="content-area col-md-9"><main id="main" class="post-wrap" role="main"><article class="page type-page hentry"><header class="entry-header"><h1 class="entry-title">Liste des membres</h1></header><div class="entry-content"><div id="pl-1300" class="panel-layout">` +
      row(0, member(0, 'Transit Amizour', 'Zone industrielle, El Kseur<br />Gsm : +213 662 51 91 23') + member(1, 'EURL Logistique Brahimi', 'Kherrata<br />Tél. : (034) 37 86 22')) +
      row(1, member(2, 'Transports Drif et Fils', 'Amizour<br />Email : transportsdrif11@hotmail.fr') + member(3, 'SNC Kherrata', 'Tazmalt<br />Téléphone : 034.65.27.64')) +
      `</div></div></article></main></div><div id="secondary" class="widget-area col-md-3" role="complementary"><aside id="text-5" class="widget widget_text"><h3 class="widget-title">Nous contacter</h3><div class="textwidget"><p>Tél : 034 48 71 61</p></div></aside></div></div></div></body></html>`;
    // (Compared in name order: the richest row of the builder's grid is given first.)
    expect(readListing(html, 'https://wp.test/membres/').companies.map((c) => [c.name, ...c.phones, ...c.emails]).sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ['EURL Logistique Brahimi', '+21334378622'],
      ['SNC Kherrata', '+21334652764'],
      ['Transit Amizour', '+213662519123'],
      ['Transports Drif et Fils', 'transportsdrif11@hotmail.fr'],
    ]);
  });

  test("a profile's numbered field labels ('Téléphone 2 +213 (0)36 …', no colon): the label's ordinal is no digit of the number", () => {
    // Paid Memberships Pro's member profile: one field per row, its label in bold, its value after a space.
    const field = (key: string, label: string, value: string) => `<div class="pmpro_member_profile_field pmpro_member_profile_field-${key}"><strong>${label}</strong> ${value}</div>`;
    const html = `<html><body><main><article><div class="entry-content"><div class="pmpro_member_profile"><h2 class="pmpro_member_directory_display-name">Tubes Djemila</h2>` +
      field('adresse', 'Adresse', 'Cité 1er Novembre 15, El Eulma') + field('telephone', 'Téléphone', '+213 (0)36 93 20 84') + field('telephone_2', 'Téléphone 2', '+213 (0)36 67 16 51') +
      field('telephone_3', 'Tél. 3', '036 67 16 52') + field('mobile', 'Mobile 2', '0550 90 42 71') + field('user_email', 'E-mail', '<a href="mailto:info@tubesdjemila.dz">info@tubesdjemila.dz</a>') +
      `</div></div></article></main></body></html>`;
    expect(extractDetail(html, 'https://cci.test/profil-adherent/?pu=tubes-djemila')).toMatchObject({
      phones: ['+21336932084', '+21336671651', '+21336671652', '+213550904271'],
      emails: ['info@tubesdjemila.dz'],
    });
  });

  test("an 'authority-…' class (a regulator's approval badge) is no author line either", () => {
    const card = (name: string, phone: string, n: number) => `<div class="entry"><div class="authority-approved"><a href="/agences/${n}">${name}</a><span class="tag">Agréé ARPCE</span></div><p>Tél : ${phone}</p></div>`;
    const html = `<html><body><div class="list">${card('Télécom Souf', '032 41 20 20', 1)}${card('Réseaux Erg', '032 41 20 21', 2)}${card('Fibre Oasis', '032 41 20 22', 3)}</div></body></html>`;
    expect(readListing(html, 'https://d.test/agences').companies.map((c) => c.name)).toEqual(['Télécom Souf', 'Réseaux Erg', 'Fibre Oasis']);
  });
});

describe("a site's own notice among its entries", () => {
  test("a post titled 'Rappel', 'Important' or 'Attention' is the channel's notice, never a company", () => {
    const post = (body: string) => `<div class="msg"><div class="msg_text">${body}</div></div>`;
    const company = (name: string, phone: string) => post(`🏭 <b>${name}</b><br>📍 Chéria<br>☎️ ${phone}`);
    const html = `<html><body><section>${company('SARL Sables Un', '037 41 20 10')}${post("📢 <b>Rappel</b> : pour figurer dans l'annuaire, écrivez à l'administrateur par WhatsApp au 0778 12 55 53.")}${company('EURL Marbres Deux', '037 41 20 11')}${post('⚠️ <b>Important</b> : aucune inscription n\'est payante, signalez tout abus au 0778 12 55 54.')}${company('ETS Granulats Trois', '037 41 20 12')}</section></body></html>`;
    expect(readListing(html, 'https://t.test/s/canal').companies.map((c) => c.name)).toEqual(['SARL Sables Un', 'EURL Marbres Deux', 'ETS Granulats Trois']);
  });
});

describe('extractDetail: contacts written the hard way', () => {
  test("a tel: link written under a fax label only is a fax (a template links every number), a phone's beside it stays a phone", () => {
    const html = page('<main><h1>EURL Hataya Sécurité</h1><ul><li><strong>Tél</strong> : <a href="tel:+21331411532">031 41 15 32</a></li><li><strong>Fax</strong> : <a href="tel:+21331553936"><span class="ind">031</span> 55 39 36</a></li></ul></main>');
    const c = extractDetail(html, 'https://annuaire.test/entreprises/hataya/');
    expect([c?.phones, c?.faxes]).toEqual([['+21331411532'], ['+21331553936']]);
  });

  test('a tel: link whose number the text also labels a phone stays a phone', () => {
    const html = page('<main><h1>EURL Tamano Facility</h1><ul><li><strong>Tél/Fax</strong> : <a href="tel:+21331686151">031 68 61 51</a></li></ul></main>');
    const c = extractDetail(html, 'https://annuaire.test/entreprises/tamano/');
    expect(c?.phones).toEqual(['+21331686151']);
  });

  test("a number after a field named at its line's start ('Service après-vente : …') or after 'contactez le' in the company's own text is its phone, beside its tel: link", () => {
    const html = page(`<main><h1>SARL Djurdjura Électro</h1><p><a href="tel:+21323456701">023 45 67 01</a></p><div class="bio"><p>Magasin à Tizi Ouzou, livraison partout.</p><p>Service après-vente : 0794.11.22.33 (sauf vendredi).</p><p>Vente en gros pour les revendeurs, contactez le 0790 44 55 66.</p><p>Capital social : 1 000 000 DA</p></div></main>`);
    expect(extractDetail(html, 'https://annuaire.test/store/djurdjura/')?.phones).toEqual(['+21323456701', '+213794112233', '+213790445566']);
  });

  test("a number after a field named mid-line at a sentence's start in the store's description ('… toute la wilaya. Showroom : 037 …') is its phone, beside its icon-labelled tel: and mailto: rows", () => {
    const row = (icon: string, text: string) => `<div class="store-info-item"><div class="icon"><i class="rtcl-icon rtcl-icon-${icon}"></i></div><div class="text">${text}</div></div>`;
    const html = page(`<main><div class="store-name"><h2>SARL Djebel Onk Motors</h2></div><div class="store-information">${row('location', 'Avenue du 1er Novembre, El Ma Labiodh')}${row('phone', '<a href="tel:0672599363">06 72 59 93 63</a>')}${row('mail', '<a href="mailto:djebelonk@yahoo.fr">djebelonk@yahoo.fr</a>')}</div><div class="store-description"><h3>À propos</h3><p>Véhicules 4x4 et pick-up à El Ma Labiodh. Garantie sur toutes nos pièces. Showroom : 037 41 25 65.</p></div></main>`);
    const c = extractDetail(html, 'https://annonces.test/store/sarl-djebel-onk-motors/');
    expect(c?.phones).toEqual(['+213672599363', '+21337412565']);
    expect(c?.emails).toEqual(['djebelonk@yahoo.fr']);
  });

  test('an e-mail cut by HTML comments (an anti-spam habit) is read whole', () => {
    const html = page('<main><h1>SARL Sayamel Intérim</h1><ul><li><strong>Tél</strong> : 031 59 94 74</li><li><strong>E-mail</strong> : contact<!-- anti-spam -->@<!-- -->sayamel-services.dz</li></ul></main>');
    expect(extractDetail(html, 'https://annuaire.test/entreprises/sayamel/')?.emails).toEqual(['contact@sayamel-services.dz']);
  });
});

describe("the directory's own card among its entries", () => {
  /** A card of a name and lines. */
  const lined = (name: string, lines: string[]) => `<section class="bloc"><h3>${name}</h3><ul>${lines.map((l) => `<li>${l}</li>`).join('')}</ul></section>`;

  test('a card showing a number of the page\'s header or footer is the directory\'s (its other lines too), never a company', () => {
    const html = page(
      lined('Pépinière El Feth', ['045 80 11 22', 'pepiniere.elfeth@gmail.com']) +
        lined('Coopérative Ennakhil', ['0661 30 40 50']) +
        lined("Annuaire DZ – standard", ['021 99 88 77', 'WhatsApp : 0790 12 34 56']),
    );
    expect(readListing(html, PAGE).companies.map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Pépinière El Feth', '+21345801122', 'pepiniere.elfeth@gmail.com'],
      ['Coopérative Ennakhil', '+213661304050'],
    ]);
  });

  test('a number of the footer that every card repeats (the site\'s "claim this listing" line) leaves each card a company', () => {
    const card = (name: string, phone: string) => `<section class="bloc"><h3>${name}</h3><p>Tél : ${phone}</p><p class="claim">Vous êtes cette agence ? Réclamez-la au 0770 99 88 77</p></section>`;
    const html = page(card('Pépinière El Feth', '045 80 11 22') + card('Coopérative Ennakhil', '0661 30 40 50') + card('Agro Services', '0790 12 34 56'));
    expect(readListing(html, PAGE).companies.map((c) => [c.name, ...c.phones])).toEqual([
      ['Pépinière El Feth', '+21345801122'],
      ['Coopérative Ennakhil', '+213661304050'],
      ['Agro Services', '+213790123456'],
    ]);
  });

  test("a card giving the directory's line beside an address of its own (a tenant reached through the incubator that runs the site) is a company, the line set aside", () => {
    const html = page(
      lined('Pépinière El Feth', ['045 80 11 22', 'pepiniere.elfeth@gmail.com']) +
        lined('Ads Idir', ['Accueil de l’incubateur : 021 99 88 77', 'ads.idir@gmail.com']) +
        lined('Coopérative Ennakhil', ['0661 30 40 50']) +
        // The directory's own card still: its other address is on its own domain.
        lined('Annuaire DZ – standard', ['021 99 88 77', 'direction@annuaire-dz.net']),
    );
    expect(readListing(html, PAGE).companies.map((c) => [c.name, ...c.phones, ...c.emails])).toEqual([
      ['Pépinière El Feth', '+21345801122', 'pepiniere.elfeth@gmail.com'],
      ['Ads Idir', 'ads.idir@gmail.com'],
      ['Coopérative Ennakhil', '+213661304050'],
    ]);
  });

  test("a card linking its own page as the other entries do is an entry, even when the only line it shows is the directory's", () => {
    for (const link of [(id: number, slug: string) => `/startups/${id}-${slug}`, (id: number) => `/fiche.php?id=${id}`]) {
      const card = (id: number, name: string, line: string) => `<div class="startup-card"><h2><a href="${link(id, name.toLowerCase().replace(/\W+/g, '-'))}">${name}</a></h2><p>Événementiel</p><p>${line}</p></div>`;
      const html = page(card(1032, 'Marketing Rimal', 'Tél : 031 40 51 32') + card(1083, 'Ads Idir', "Contact via l'incubateur : 021 99 88 77") + card(1113, 'Ads Tafat', 'Tél : 0794 39 94 44'));
      expect(readListing(html, PAGE).companies.map((c) => [c.name, ...c.phones])).toEqual([['Marketing Rimal', '+21331405132'], ['Ads Idir'], ['Ads Tafat', '+213794399444']]);
    }
  });

  test("a block titled as the organisation's board ('Bureau exécutif', a Divi toggle) whose lines are its officers, persons with their roles, is the directory's, never a company; a member's card naming its officers stays a member", () => {
    // A Divi 'Nos membres' page: a toggle above the members' blurbs, three to a row, a text module's heading between rows.
    let n = 0;
    const column = (width: string, modules: string) => `<div class="et_pb_column et_pb_column_${width} et_pb_column_${n++}  et_pb_css_mix_blend_mode_passthrough">${modules}</div>`;
    const row = (columns: string) => `<div class="et_pb_row et_pb_row_${n}">${columns}</div>`;
    const text = (html: string) => `<div class="et_pb_module et_pb_text"><div class="et_pb_text_inner">${html}</div></div>`;
    const blurb = (name: string, lines: string[]) => column('1_3', `<div class="et_pb_module et_pb_blurb"><div class="et_pb_blurb_content"><div class="et_pb_blurb_container"><h4 class="et_pb_module_header"><span>${name}</span></h4><div class="et_pb_blurb_description"><p>${lines.join('<br />\n')}</p></div></div></div></div>`);
    const toggle = `<div class="et_pb_module et_pb_toggle et_pb_toggle_item et_pb_toggle_close"><h5 class="et_pb_toggle_title">Bureau exécutif</h5><div class="et_pb_toggle_content clearfix"><p><strong>Président :</strong> M. Bouchefa Rachid &#8211; 0662 68 61 01<br />\n<strong>Secrétaire général :</strong> M. Kerdoud Nabil &#8211; 0771 10 54 70<br />\n<strong>Trésorière :</strong> Mme Boulaares Samia</p></div></div>`;
    const html = page(
      `<div class="et_pb_section">${row(column('4_4', toggle + text('<h2>Membres du bureau</h2>')))}` +
        row(blurb('SARL Promotion Immobilière Kotama', ['Gérante : Mme Bouzid Lamia', 'Tél : 034.91.68.87', 'Mob : 0557338049']) + blurb('Promotion Immobilière Bouchefa &amp; Fils', ['Gérant : M. Bouchefa Rachid', 'Tél : 034 47 12 90']) + blurb('EURL Taher Bâtir', ['Gérant : M. Kerdoud Nabil', 'Mob : 0662 01 87 40'])) +
        row(blurb('SARL Résidences Ziama', ['Tél : 034 22 90 19']) + blurb("EURL Les Jardins d'El Aouana", ['Tél : 034 82 11 46']) + blurb('SARL Djen Djen Immobilier', ['Mob : 0661 20 30 40'])) +
        row(column('4_4', text('<h2>Membres adhérents</h2>'))) +
        // A member that is an association itself names its officers: a member still.
        row(blurb('SARL Djidjelli Habitat', ['Mob : 0557 89 52 10']) + blurb('Association des Artisans de Taher', ['Président : M. Ali Bey', 'Secrétaire général : M. Amrani Said', 'Tél : 034 50 11 22']) + blurb('SARL Les Falaises de Jijel', ['Tél : 034 36 02 98'])) +
        '</div>',
    );
    expect(readListing(html, PAGE).companies.map((c) => [c.name, ...c.phones])).toEqual([
      ['SARL Promotion Immobilière Kotama', '+21334916887', '+213557338049'],
      ['Promotion Immobilière Bouchefa & Fils', '+21334471290'],
      ['EURL Taher Bâtir', '+213662018740'],
      ['SARL Résidences Ziama', '+21334229019'],
      ["EURL Les Jardins d'El Aouana", '+21334821146'],
      ['SARL Djen Djen Immobilier', '+213661203040'],
      ['SARL Djidjelli Habitat', '+213557895210'],
      ['Association des Artisans de Taher', '+21334501122'],
      ['SARL Les Falaises de Jijel', '+21334360298'],
    ]);
  });

  test('a card showing only numbers of its own stays a company, whatever the header shows', () => {
    const card = (name: string, phone: string) => `<section class="bloc"><h3>${name}</h3><p>Tél : ${phone}</p></section>`;
    const html = page(card('Pépinière El Feth', '045 80 11 22') + card('Coopérative Ennakhil', '0661 30 40 50') + card('Annuaire Services', '0790 12 34 56'));
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Pépinière El Feth', 'Coopérative Ennakhil', 'Annuaire Services']);
  });
});

describe("a document's title over its list", () => {
  test('a Word document saved as a web page: its bold title naming the list and its update is no company; its entries are', () => {
    const p = (inner: string) => `<p class=MsoNormal style='margin-bottom:0cm'><span style='font-size:11.0pt'>${inner}<o:p></o:p></span></p>`;
    const entry = (n: number, name: string, phone: string) => p(`<b><span style='font-size:12.0pt'>${n}. ${name}</span></b>`) + p('Activité : Mécanique – ZI') + p(`Tél : ${phone}`) + p('&nbsp;');
    const html = `<html><body><div class=WordSection1>${p('<b><u>LISTE DES ENTREPRISES DE LA ZONE (mise à jour : mars 2026)</u></b>')}${p('Les fiches sont publiées avec l\'accord des entreprises.')}${p('&nbsp;')}${entry(1, 'SARL Méca Hodna', '035 11 22 33')}${entry(2, 'EURL Tôlerie du Hodna', '035 44 55 66')}${entry(3, 'SPA Plastiques Bou Saâda', '035 77 88 99')}</div></body></html>`;
    expect(readListing(html, 'https://zi.test/liste.htm').companies.map((c) => c.name)).toEqual(['SARL Méca Hodna', 'EURL Tôlerie du Hodna', 'SPA Plastiques Bou Saâda']);
  });
});

describe("a network's own office among its agencies", () => {
  const agency = (name: string, phone: string) => `<div class="agence-item"><h4 class="agence-nom">${name}</h4><p>Tél : ${phone}</p></div>`;

  test("an insurer's 'Direction régionale' written in its agencies' shape is the network's, never a company", () => {
    const html = page(
      agency('Direction régionale de Saïda', '048 40 10 11') +
        agency('Agence Saïda Centre', '048 40 20 21') +
        agency('Agence Aïn El Hadjar', '048 41 30 31') +
        agency('Agence générale Youb', '048 42 40 41') +
        agency('Agence Sidi Boubekeur', '048 43 50 51') +
        agency('Agence El Hassasna', '048 44 60 61'),
    );
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Agence Saïda Centre', 'Agence Aïn El Hadjar', 'Agence générale Youb', 'Agence Sidi Boubekeur', 'Agence El Hassasna']);
  });

  test('a directory of administrations, each a direction, is read whole', () => {
    const html = page(
      agency('Direction régionale des douanes de Saïda', '048 40 10 11') +
        agency('Direction régionale du commerce', '048 40 20 21') +
        agency('Agence nationale de l\'emploi', '048 41 30 31') +
        agency('Direction des impôts de wilaya', '048 42 40 41') +
        agency('Caisse nationale des retraites', '048 43 50 51'),
    );
    expect(readListing(html, PAGE).companies).toHaveLength(5);
  });
});

describe("a logo wall: the exhibitor named only by its logo's alt and title", () => {
  const card = (name: string, stand: string, phone: string, img = 'class="exh-logo"') =>
    `<li class="exh-card"><img ${img} src="/uploads/exposants/${name.length}.png" alt="${name}" title="${name}"><div class="exh-hover"><span class="exh-stand">${stand}</span><span class="exh-activity">Forage</span><ul><li><i class="icon-phone"></i> ${phone}</li></ul></div></li>`;

  test("the logo's alt names the card, not its first line of text (the stand)", () => {
    const html = page(`<ul class="wall">${card('SARL Forage Minier El Kouif', 'Hall A · Stand C-51', '037 78 02 76')}${card('SPA Marbre Ouenza', 'Hall B · Stand A-33', '037 78 02 77')}${card('EURL Concassage Chéria', 'Hall A · Stand B-30', '037 78 02 78')}</ul>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['SARL Forage Minier El Kouif', 'SPA Marbre Ouenza', 'EURL Concassage Chéria']);
  });

  test('a photo whose alt says only what it shows leaves the first line as the name', () => {
    const html = page(`<ul class="wall">${card('Logo', 'SARL Forage Minier El Kouif', '037 78 02 76')}${card('logo.png', 'SPA Marbre Ouenza', '037 78 02 77')}${card('Photo du dépôt', 'EURL Concassage Chéria', '037 78 02 78')}</ul>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['SARL Forage Minier El Kouif', 'SPA Marbre Ouenza', 'EURL Concassage Chéria']);
  });
});

describe("the site's own blocks where nothing marks its header, menu and footer", () => {
  test("a portal page framing its list: the banner whose logo names the site (its copyright line's owner) and the menu's 'Accueil' are no companies", () => {
    const block = (inner: string) => `<div class="w-x"><article>${inner}</article></div>`;
    const menu = ['<a href="/">Accueil</a>', '<a href="/portail/etablissements">Établissements</a>', '<a href="/portail/pharmacies">Pharmacies</a>'].map(block).join('');
    const html = `<html><body>${block('<img src="/img/logo-dsp.png" alt="DSP Tamanrasset"> Direction de la Santé — Standard : 029 34 00 50 — Fax : 029 34 00 51 — dsp.tamanrasset@sante.gov.dz')}
      ${block(menu)}${block('<h1>Liste des pharmacies agréées</h1><p>Réclamations : 029 34 00 52.</p><iframe src="/app/liste.php?w=11&amp;p=1" width="100%"></iframe>')}
      ${block('© 2024 DSP Tamanrasset — Cité administrative, Tamanrasset — Tél : 029 34 00 50')}</body></html>`;
    expect(readListing(html, 'https://dsp.test/portail/pharmacies').companies.map((c) => c.name)).toEqual([]);
  });
});

describe('names outside forums and logos that name no one', () => {
  test("a card classed by its content type's name ('sabai-entity-bundle-name-directory-listing') inside a wrapper of its own is no name: its title's link is", () => {
    const card = (slug: string, name: string, phone: string) => `<div class="w-item"><div class="sabai-entity sabai-entity-type-content sabai-entity-bundle-name-directory-listing sabai-clearfix"><div class="sabai-row">
      <div class="sabai-col-xs-9 sabai-directory-main"><div class="sabai-directory-featured-label"><span class="sabai-label">Recommandé</span></div>
      <div class="sabai-directory-title"><a href="/directory/listing/${slug}" class="sabai-entity-permalink">${name}</a></div>
      <div class="sabai-directory-rating"><span class="sabai-directory-rating-average">4.00</span> <a href="/directory/listing/${slug}/reviews">11 avis</a></div>
      <div class="sabai-directory-info"><div class="sabai-directory-location"><span>Route nationale 9, Aokas</span></div><div class="sabai-directory-contact"><div class="sabai-directory-contact-tel"><span>${phone}</span></div></div></div></div></div></div></div>`;
    const html = page(`<div class="sabai-directory-listings"><div class="w-list">${card('aokas-fish', 'Restaurant Aokas Fish', '034 37 24 82')}${card('le-dauphin', 'Restaurant Le Dauphin', '034 42 49 22')}${card('cap-carbon', 'Restaurant Cap Carbon', '0797 35 86 49')}</div></div>`);
    expect(readListing(html, PAGE).companies.map((c) => [c.name, c.phones])).toEqual([
      ['Restaurant Aokas Fish', ['+21334372482']],
      ['Restaurant Le Dauphin', ['+21334424922']],
      ['Restaurant Cap Carbon', ['+213797358649']],
    ]);
  });

  test("a card's sales copy introducing the company ('Notre société …', 'Nous sommes …') does not rename it outside a forum", () => {
    const card = (name: string, copy: string, phone: string) => `<div class="item"><p>${name}</p><p>${copy}</p><p>Tél : ${phone}</p></div>`;
    const html = page(`<div class="list">${card('Import Atlas', 'Notre société Atlas Import est spécialisée dans la distribution de matériel médical.', '021 23 45 60')}${card('Conseil Hodna', 'Nous sommes Leader du conseil en Algérie depuis 1990.', '035 55 31 90')}${card('Sahel Fret', 'Transport de marchandises.', '045 20 11 03')}</div>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Import Atlas', 'Conseil Hodna', 'Sahel Fret']);
  });

  test("a logo's placeholder alt ('Logo par défaut', 'Logo entreprise', a file's name) names no entry", () => {
    const card = (alt: string, name: string, phone: string) => `<div class="exp"><img class="logo" src="/l.png" alt="${alt}"><div class="ov"><span>${name}</span><span>Tél : ${phone}</span></div></div>`;
    const html = page(`<div class="wall">${card('Logo par défaut', 'Carrières Tébessa', '037 41 20 10')}${card('Logo entreprise', 'Marbres Chéria', '037 41 20 11')}${card('logo-granulats-300x200', 'Granulats Bir El Ater', '037 41 20 12')}</div>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Carrières Tébessa', 'Marbres Chéria', 'Granulats Bir El Ater']);
  });
});

describe("Drupal's 'promoted to front page' flag is no advertisement", () => {
  const node = (name: string, phone: string, mail: string) =>
    `<div class="node node-entreprise node-promoted node-full clearfix"><div class="content"><div class="field field-name-field-telephone field-label-inline"><div class="field-label">Téléphone:&nbsp;</div><div class="field-items"><div class="field-item even">${phone}</div></div></div><div class="field field-name-field-email field-label-inline"><div class="field-label">E-mail:&nbsp;</div><div class="field-items"><div class="field-item even"><a href="mailto:${mail}">${mail}</a></div></div></div></div></div>`;

  test("a company's node classed `node-promoted` (Drupal 7) or `node--promoted` (Drupal 8+) below its page's h1 keeps its contacts", () => {
    for (const html of [node('SARL Tinrhert Forage', '029 87 62 17', 'contact@tinrhert.dz'), node('SARL Tinrhert Forage', '029 87 62 17', 'contact@tinrhert.dz').replace('node-promoted', 'node--promoted')]) {
      const found = extractDetail(page(`<h1 class="title">SARL Tinrhert Forage</h1><div class="region region-content">${html}</div>`), 'https://annuaire.test/entreprises/sarl-tinrhert-forage');
      expect([found?.phones, found?.emails]).toEqual([['+21329876217'], ['contact@tinrhert.dz']]);
    }
  });

  test('teasers of a Views list, some promoted, are all entries', () => {
    const teaser = (name: string, phone: string, promoted: boolean) => `<div class="views-row"><div class="node node-teaser${promoted ? ' node-promoted' : ''}"><h2><a href="/entreprises/${name.toLowerCase().replace(/ /g, '-')}">${name}</a></h2><p>Tél : ${phone}</p></div></div>`;
    const html = page(`<div class="view-content">${teaser('Ohanet Forage', '029 20 11 01', true)}${teaser('Alrar Instrumentation', '029 20 11 02', false)}${teaser('Debdeb Soudure', '029 20 11 03', false)}</div>`);
    const listing = readListing(html, PAGE);
    expect(listing.companies.map((c) => c.name)).toEqual(['Ohanet Forage', 'Alrar Instrumentation', 'Debdeb Soudure']);
    expect(listing.dropped.advertisement).toBe(0);
  });
});

describe("a category menu whose counts are badges ('Poterie <span class=\"badge\">4</span>')", () => {
  test('is no list of companies beside the entries, even where the entries are fewer rows than the menu has cells', () => {
    const cat = (id: number, name: string, n: number) => `<div class="span4 cat-cell"><div class="cat-title"><a href="/index.php?option=com_dir&sid=${id}">${name}</a> <span class="badge">${n}</span></div></div>`;
    const entry = (id: number, name: string, phone: string) => `<div class="span6 entry-cell"><div class="entry-title"><a href="/index.php?option=com_dir&pid=54&sid=${id}">${name}</a></div><div class="field">Tamanrasset</div>${phone ? `<div class="field"><span class="label">Téléphone: </span>${phone}</div>` : ''}<div class="date">Ajouté le 03.11.2015</div></div>`;
    const html = page(`<div class="cats"><div class="row-fluid">${cat(60, 'Bijouterie en argent', 5)}${cat(61, 'Maroquinerie', 2)}${cat(62, 'Tissage et broderie', 4)}${cat(63, 'Poterie', 1)}${cat(64, 'Vannerie', 1)}${cat(65, 'Sculpture sur bois', 1)}</div></div>
      <div class="entries"><div class="row-fluid">${entry(150, 'Atelier Cuir Tazrouk', '0666 98 02 80')}${entry(154, 'Maison Tagmart', '0672 69 92 46')}</div>
      <div class="row-fluid">${entry(156, 'Vannerie In Amguel', '')}${entry(160, 'Atelier Chèche Indigo', '0771 39 25 77')}</div>
      <div class="row-fluid">${entry(162, 'Bijouterie Ilamane', '0552 41 17 58')}${entry(166, 'Coopérative Outoul', '029 33 81 08')}</div></div>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Atelier Cuir Tazrouk', 'Maison Tagmart', 'Vannerie In Amguel', 'Atelier Chèche Indigo', 'Bijouterie Ilamane', 'Coopérative Outoul']);
  });

  test("a number after an entry's name in an element not classed as a count (its reviews, its stand) is the entry's own: the entries are read", () => {
    const item = (i: number, n: string) => `<div class="item"><a href="/e/${i}">${n}</a> <span class="reviews">${i + 3}</span></div>`;
    const html = `<html><body><h1>Plombiers à Oran</h1><div class="list">${['SARL Amine Plomberie', 'Elec Bouzid', 'Menuiserie Chérif', 'Déco Peinture Hamid'].map((n, i) => item(i, n)).join('')}</div></body></html>`;
    expect(readListing(html, 'https://x.test/plombiers').companies.map((c) => [c.name, c.detailUrl])).toEqual(['SARL Amine Plomberie', 'Elec Bouzid', 'Menuiserie Chérif', 'Déco Peinture Hamid'].map((n, i) => [n, `https://x.test/e/${i}`]));
  });

  test("a table of titles and their hits (Joomla's category list: a count in a cell of its own) is a list of entries", () => {
    const row = (id: number, name: string, hits: number) => `<tr class="cat-list-row${id % 2}"><td class="list-title"><a href="/index.php/hebergement/${id}-x">${name}</a></td><td class="list-hits">${hits}</td></tr>`;
    const html = page(`<table class="category"><thead><tr><th>Titre</th><th>Clics</th></tr></thead><tbody>${row(14, 'Hôtel Dar Amenzou', 5136)}${row(18, 'Auberge Tagmart', 4772)}${row(21, 'Camping Assekrem', 3105)}</tbody></table>`);
    expect(readListing(html, PAGE).companies.map((c) => c.name)).toEqual(['Hôtel Dar Amenzou', 'Auberge Tagmart', 'Camping Assekrem']);
  });
});

describe("a JSON API's record that links its own resource (HAL's `_links.self`, JSON:API's `links.self`)", () => {
  const API = 'https://annuaire.test/api/v1/entreprises?secteur=telecom&page=1';
  const rec = (id: number, name: string, tel: string) => ({ id, raisonSociale: name, commune: 'Saïda', telephone: tel, _links: { self: { href: `/api/v1/entreprises/${id}` }, fiche: { href: `/entreprises/${id}` } } });

  test("a list's record is read with its own resource as its detail page", () => {
    const answer = { data: [rec(201, 'SARL Saïda Réseaux', '048 97 86 82'), rec(204, 'EURL Fibre Ouled Khaled', '048 88 42 80')], links: { next: null } };
    expect(readListing(JSON.stringify(answer), API, {}, { contentType: 'application/json' }).companies.map((c) => [c.name, c.detailUrl])).toEqual([
      ['SARL Saïda Réseaux', 'https://annuaire.test/api/v1/entreprises/201'],
      ['EURL Fibre Ouled Khaled', 'https://annuaire.test/api/v1/entreprises/204'],
    ]);
    const jsonApi = { data: [201, 204].map((id) => ({ type: 'entreprise', id: String(id), attributes: { nom: `Entreprise ${id}`, telephone: '048 97 86 82' }, links: { self: `https://annuaire.test/api/v1/entreprises/${id}` } })) };
    expect(readListing(JSON.stringify(jsonApi), API, {}, { contentType: 'application/json' }).companies.map((c) => c.detailUrl)).toEqual(['https://annuaire.test/api/v1/entreprises/201', 'https://annuaire.test/api/v1/entreprises/204']);
  });

  test("a JSON answer that holds no such record (an HTML fragment in WordPress's status envelope) is read as text, as any page", () => {
    const answer = { success: true, data: { html: '<div class="fiche"><h2>SARL Amine Plomberie</h2><p>Tél : 0661 11 22 33</p><p><a href="mailto:amine@plomberie.dz">amine@plomberie.dz</a></p></div>' } };
    const found = readDetail(JSON.stringify(answer), 'https://x.test/wp-admin/admin-ajax.php?action=fiche&id=3', {}, { contentType: 'application/json' });
    expect([found.company?.phones, found.company?.emails]).toEqual([['+213661112233'], ['amine@plomberie.dz']]);
  });

  test('that resource, a JSON answer, is read as the company\'s own page: its typed fields, a fax a fax', () => {
    const detail = { data: { id: 201, raisonSociale: 'SARL Saïda Réseaux', telephone: '048.97.86.82 / 048 74 61 19', mobile: '0557 13 03 38', fax: '048 89 31 64', email: 'contact@saidareseaux.dz', emailSecondaire: null, _links: { self: { href: '/api/v1/entreprises/201' }, liste: { href: '/api/v1/entreprises?page=1' } } } };
    const found = extractDetail(JSON.stringify(detail), 'https://annuaire.test/api/v1/entreprises/201', {}, { contentType: 'application/json' });
    expect([found?.name, found?.phones, found?.faxes, found?.emails]).toEqual([
      'SARL Saïda Réseaux',
      ['+21348978682', '+21348746119', '+213557130338'],
      ['+21348893164'],
      ['contact@saidareseaux.dz'],
    ]);
  });
});
