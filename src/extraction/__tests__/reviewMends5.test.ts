/**
 * Review mends (fifth round, holdout-71's rules): pages of our own making, each showing a misfire
 * of a rule added for holdout-71 (pdftohtml rows, a horizontal rule ending a record, numbered
 * lines as records, a WhatsApp logo as a label, white space between blocks).
 */
import { extractDetail, readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("a blog post's last entry with a textless block inside it", () => {
  const post = (inside: string) => {
    const garage = (name: string, address: string, phone: string, mid = '') => `<h3 class="wp-block-heading">${name}</h3>\n<p>${address}</p>\n${mid}<p>Tél : ${phone}</p>\n`;
    return (
      `<html><body><article><h1>Les garages de Maraval</h1><div class="entry-content">\n<p>Voici notre sélection des garages du quartier.</p>\n` +
      garage('Garage El Amel', 'Rue des Frères Bouadou, Maraval', '0550 11 22 33') +
      garage('Auto Service Benali', 'Cité Djamel, Maraval', '0661 22 33 44') +
      garage('Garage du Rond-Point', 'Rond-point de Maraval', '041 33 44 55') +
      garage('Centre Auto Maraval', 'Boulevard Millénium, Maraval', '0550 88 99 00', inside) +
      `</div></article></body></html>`
    );
  };
  const embedded = {
    ad: `<div class="code-block code-block-2"><script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script><ins class="adsbygoogle" style="display:block" data-ad-client="ca-pub-1"></ins><script>(adsbygoogle = window.adsbygoogle || []).push({});</script></div>\n`,
    figure: `<figure class="wp-block-image"><img src="/wp-content/uploads/garage.jpg" alt=""></figure>\n`,
    spacer: `<div class="wp-block-spacer" aria-hidden="true" style="height:20px"></div>\n`,
    map: `<iframe src="https://www.google.com/maps/embed?pb=1" width="600" height="300"></iframe>\n`,
    empty: `<p><br></p>\n`,
  };
  test.each(Object.entries(embedded))('the last garage keeps its phone after a %s', (_, inside) => {
    expect(read(post(inside), 'https://blog.test/garages-maraval/')['Centre Auto Maraval']).toEqual({ phones: ['+213550889900'], emails: [] });
  });
});

describe("a listing card holding a numbered list of the company's own departments", () => {
  const listing = (middle: string) =>
    `<html><body><div class="listing">\n` +
    `<div class="card"><h3><a href="/f/1">Sovac Alger</a></h3>\n<p class="desc">Concessionnaire / Tél : 021 54 10 10<br>Email : alger@sovac.test</p></div>\n` +
    `<div class="card"><h3><a href="/f/2">Sovac Blida</a></h3>\n<p class="desc">${middle}</p></div>\n` +
    `<div class="card"><h3><a href="/f/3">Sovac Oran</a></h3>\n<p class="desc">Concessionnaire / Tél : 041 33 20 20<br>Email : oran@sovac.test</p></div>\n` +
    `</div></body></html>`;
  test('the departments are the card\'s lines, not companies', () => {
    const got = read(listing('1- Service Commercial ☎️ 025 42 22 33<br>2- Service Après-Vente ☎️ 025 42 44 55<br>3- Pièces de Rechange ☎️ 025 42 66 77<br>Email : blida@sovac.test'), 'https://annuaire.test/concessionnaires');
    expect(got['Sovac Blida']).toEqual({ phones: ['+21325422233', '+21325424455', '+21325426677'], emails: ['blida@sovac.test'] });
    expect(Object.keys(got)).not.toContain('Pièces de Rechange');
  });
  test("the card's name over its numbered branches keeps them, whatever they are called", () => {
    const got = read(listing('1- Hydra ☎️ 025 42 22 33<br>2- Bab Ezzouar ☎️ 025 42 44 55<br>3- Chéraga ☎️ 025 42 66 77<br>Email : blida@sovac.test'), 'https://annuaire.test/concessionnaires');
    expect(got['Sovac Blida']).toEqual({ phones: ['+21325422233', '+21325424455', '+21325426677'], emails: ['blida@sovac.test'] });
  });
  test('departments under a name that is not set apart are no companies either', () => {
    const page = listing('1- Service Commercial ☎️ 025 42 22 33<br>2- Service Après-Vente ☎️ 025 42 44 55<br>3- Service Pièces ☎️ 025 42 66 77<br>Email : blida@sovac.test').replace('<h3><a href="/f/2">Sovac Blida</a></h3>\n<p class="desc">', '<p class="desc">Sovac Blida — concessionnaire agréé<br>');
    expect(Object.keys(read(page, 'https://annuaire.test/concessionnaires'))).not.toContain('Service Après-Vente');
  });
  test("the company's sites are its card's lines, not companies", () => {
    const got = read(listing('1- Siège Social, Zone industrielle ☎️ 025 42 22 33<br>2- Usine de Béton, Beni Mered ☎️ 025 42 44 55<br>3- Dépôt El Eulma ☎️ 025 42 66 77<br>Email : blida@sovac.test'), 'https://annuaire.test/concessionnaires');
    expect(got['Sovac Blida']).toEqual({ phones: ['+21325422233', '+21325424455', '+21325426677'], emails: ['blida@sovac.test'] });
    expect(Object.keys(got)).not.toContain('Dépôt El Eulma');
  });
});

describe("a directory's fiche with the site's own WhatsApp number outside the company's block", () => {
  const fiche = (extra: string) => `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Ets Tassili Négoce | Annuaire Pro</title></head><body>
<nav class="navbar navbar-default"><div class="container"><a class="navbar-brand" href="/">Annuaire Pro</a></div></nav>
<div class="container"><ol class="breadcrumb"><li><a href="/">Accueil</a></li><li><a href="/import-export">Import-Export</a></li></ol><div class="row"><div class="col-md-8"><div class="fiche"><h1 itemprop="name">Ets Tassili Négoce</h1><p class="cat">Import-Export — Illizi</p><ul class="contacts list-unstyled">
<li class="tel"><i class="fa fa-phone"></i> 029.75.08.96</li>
<li class="mail"><i class="fa fa-envelope"></i> <a href="mailto:tassili@mail.test">tassili@mail.test</a></li></ul><p><a href="/import-export">« Retour à la liste</a></p></div></div>
${extra}</div></div>
<footer class="footer"><div class="container">© 2026 Annuaire Pro</div></footer></body></html>`;
  test("a help box's WhatsApp logo number in an aside is no company's", () => {
    const c = extractDetail(fiche(`<aside class="sidebar col-md-4"><h4>Besoin d'aide ?</h4><p><i class="fa fa-whatsapp"></i> 0770.41.28.63</p></aside>`), 'https://annuaire.test/entreprise/ets-tassili-12');
    expect([...(c?.phones ?? [])].sort()).toEqual(['+21329750896']);
  });
  test("a floating WhatsApp bubble's number is no company's", () => {
    const c = extractDetail(fiche(`<div class="float-contact"><i class="fa fa-whatsapp"></i> 0770 41 28 63</div>`), 'https://annuaire.test/entreprise/ets-tassili-12');
    expect([...(c?.phones ?? [])].sort()).toEqual(['+21329750896']);
  });
});

describe('a rich-text post with a horizontal rule inside every entry', () => {
  test('the rule ends no entry: each keeps the phone after it', () => {
    const entry = (name: string, address: string, phone: string) => `<b>${name}</b><br>${address}<br><hr>Tél : ${phone}<br><br>`;
    const page =
      `<html><body><div class="post-outer"><div class="post-body entry-content">` +
      entry('Ets Amel', 'Rue X, Oran', '041 41 22 33') +
      entry('Sarl Nour', 'Bd de la Soummam, Oran', '041 42 22 33') +
      entry('Ets Baraka', 'Cité USTO, Oran', '041 43 22 33') +
      entry('Sarl Ikram', 'Haï Sabah, Oran', '041 44 22 33') +
      `</div></div></body></html>`;
    expect(read(page, 'https://blog.test/2024/01/entreprises-oran.html')).toEqual({
      'Ets Amel': { phones: ['+21341412233'], emails: [] },
      'Sarl Nour': { phones: ['+21341422233'], emails: [] },
      'Ets Baraka': { phones: ['+21341432233'], emails: [] },
      'Sarl Ikram': { phones: ['+21341442233'], emails: [] },
    });
  });
});

describe("a post's numbered list with a line whose name fails the name check", () => {
  const post = (list: string) =>
    `<html><body><div id="objects_container"><div class="story_body_container"><header><h3><strong><a href="/PageInfo">Page Info</a></strong></h3></header>` +
    `<div class="_5rgt"><span><p>📢 Liste des ateliers de la wilaya, partagée à la demande de nos abonnés 🙏</p><p>${list}</p>` +
    `<p>Pour ajouter votre atelier, appelez la page au 0770 41 28 63.</p><p><a href="/hashtag/ateliers">#ateliers</a> <a href="/hashtag/sud">#sud</a></p></span></div></div></div></body></html>`;
  const first3 = '1- Atelier Tassili<br>📞 0661 12 34 56<br><br>2- ورشة الواحة ☎️ 0770123456 / 0550654321<br>📧 waha@mail.test<br><br>3- Menuiserie Djanet<br>📞 029-41-22-33<br>📧 contact@menuiserie.test<br><br>';
  test.each(['sarl bati plus', '« Bati Plus »', '2M Informatique'])("'4- %s' takes nothing from the entry before it", (name) => {
    const got = read(post(`${first3}4- ${name}<br>📞 0699.11.22.33<br><br>5- Forge Erg<br>📞 0698.11.22.33`), 'https://m.facebook.com/PageInfo/posts/1');
    expect(got['Menuiserie Djanet']).toEqual({ phones: ['+21329412233'], emails: ['contact@menuiserie.test'] });
    expect(got['Forge Erg']?.phones).not.toContain('+213699112233');
  });
  test('a numbered list of steps names no company', () => {
    const got = read(
      post('1- Prenez rendez-vous<br>📞 021 71 22 33<br><br>2- Déposez le dossier à la CNAS<br>📞 021 71 44 55<br><br>3- Remplissez le formulaire<br>📞 021 71 66 77<br><br>4- Appelez le service<br>📞 021 71 88 99'),
      'https://m.facebook.com/PageInfo/posts/3',
    );
    expect(Object.keys(got).filter((n) => /^(Prenez|Déposez|Remplissez|Appelez)/.test(n))).toEqual([]);
  });
});

describe("a pdftohtml list's letterhead or title over its numbered rows", () => {
  const page = (top: string) =>
    `<HTML><HEAD><TITLE>liste</TITLE><META name="generator" content="pdftohtml 0.40"></HEAD><BODY bgcolor="#A0A0A0">\n<a name=1></a>${top}N°&#160;Dénomination&#160;Commune&#160;Contacts<br/>\n` +
    `1&#160;<b>Pépinière El Nakhil</b>&#160;Sidi Khaled<br/>\nTél : 0661 12 34 56<br/>\n` +
    `2&#160;<b>Pépinière Ouled Harkat</b>&#160;Doucen<br/>\nTél : 033 41 22 33<br/>\n` +
    `3&#160;<b>Plants du Zab</b>&#160;Chaiba<br/>\nTél : 0550 98 76 54<br/>\n` +
    `4&#160;<b>Serres Ras El Miaad</b>&#160;Besbes<br/>\nTél : 0699 11 22 33<br/>\n</BODY></HTML>`;
  const rows = ['Pépinière El Nakhil', 'Pépinière Ouled Harkat', 'Plants du Zab', 'Serres Ras El Miaad'];
  test("the publisher's letterhead with its phone and fax is no record", () => {
    const got = read(page('<b>Direction des Services Agricoles</b><br/>\nTél : 033 40 11 22 — Fax : 033 40 11 23<br/>\nListe des pépinières agréées<br/>\n'), 'https://dsa.test/documents/pepinieres.html');
    expect(Object.keys(got).sort()).toEqual([...rows].sort());
  });
  test("the document's bold title is no record", () => {
    const got = read(page('<b>PÉPINIÈRES AGRÉÉES — WILAYA DE BISKRA</b><br/>\nMise à jour : janvier 2026<br/>\n'), 'https://dsa.test/documents/pepinieres.html');
    expect(Object.keys(got).sort()).toEqual([...rows].sort());
  });
});

describe("a pdftohtml document's table of contents and a record cut by a page break", () => {
  const head = `<HTML><HEAD><TITLE>bilan</TITLE><META name="generator" content="pdftohtml 0.40"></HEAD><BODY bgcolor="#A0A0A0">\n<a name=1></a>`;
  test('rows of a table of contents, a name and its page number, are no records', () => {
    const page =
      head +
      `1&#160;<b>Présentation de la direction</b>&#160;3<br/>\n2&#160;<b>Bilan de la campagne</b>&#160;5<br/>\n3&#160;<b>Perspectives</b>&#160;9<br/>\n4&#160;<b>Annexes</b>&#160;12<br/>\n` +
      `1&#160;<b>Pépinière El Nakhil</b>&#160;Sidi Khaled<br/>\nTél : 0661 12 34 56<br/>\n2&#160;<b>Pépinière Ouled Harkat</b>&#160;Doucen<br/>\nTél : 033 41 22 33<br/>\n3&#160;<b>Serres Ras El Miaad</b>&#160;Besbes<br/>\nTél : 0699 11 22 33<br/>\n4&#160;<b>Plants du Zab</b>&#160;Chaiba<br/>\nTél : 0550 98 76 54<br/>\n</BODY></HTML>`;
    const got = Object.keys(read(page, 'https://dsa.test/documents/bilan.html'));
    expect(got.filter((n) => ['Présentation de la direction', 'Bilan de la campagne', 'Perspectives', 'Annexes'].includes(n))).toEqual([]);
  });
  test("the contact lines right after a page break with no running header are the record's before it", () => {
    const page =
      head +
      `1&#160;<b>Pépinière El Nakhil</b>&#160;Sidi Khaled<br/>\nTél : 0661 12 34 56<br/>\n2&#160;<b>Pépinière Ouled Harkat</b>&#160;Doucen<br/>\nTél : 033 41 22 33<br/>\n` +
      `3&#160;<b>Plants du Zab</b>&#160;Chaiba<br/>\n<hr/>\n<a name=2></a>Tél : 0550 98 76 54<br/>\nzab@mail.test<br/>\n` +
      `4&#160;<b>Serres Ras El Miaad</b>&#160;Besbes<br/>\nTél : 0699 11 22 33<br/>\n</BODY></HTML>`;
    expect(read(page, 'https://dsa.test/documents/liste.html')['Plants du Zab']).toEqual({ phones: ['+213550987654'], emails: ['zab@mail.test'] });
  });
});

describe("a post's numbered list as other editors write it", () => {
  const post = (list: string) =>
    `<html><body><div id="objects_container"><div class="story_body_container"><header><h3><strong><a href="/PageInfo">Page Info</a></strong></h3></header>` +
    `<div class="_5rgt"><span><p>📢 Liste des ateliers de la wilaya, partagée à la demande de nos abonnés 🙏</p><p>${list}</p>` +
    `<p>Pour ajouter votre atelier, appelez la page au 0770 41 28 63.</p><p><a href="/hashtag/ateliers">#ateliers</a> <a href="/hashtag/sud">#sud</a></p></span></div></div></div></body></html>`;
  const entries: [string, string][] = [['Atelier Tassili', '0661 12 34 56'], ['Menuiserie Djanet', '029 41 22 33'], ['Forge Erg', '0699 11 22 33']];
  const expected = { 'Atelier Tassili': ['+213661123456'], 'Menuiserie Djanet': ['+21329412233'], 'Forge Erg': ['+213699112233'] };
  const phonesOf = (html: string) => Object.fromEntries(Object.entries(read(html, 'https://m.facebook.com/PageInfo/posts/9')).filter(([n]) => n in expected).map(([n, c]) => [n, c.phones]));
  const shapes: Record<string, (n: number, name: string, phone: string) => string> = {
    'a newline after each <br>': (n, name, phone) => `${n}- ${name}<br>\n📞 ${phone}<br>\n<br>\n`,
    "'1-&nbsp;'": (n, name, phone) => `${n}-&nbsp;${name}<br>📞 ${phone}<br><br>`,
    "a bold '<b>1-</b>'": (n, name, phone) => `<b>${n}-</b> ${name}<br>📞 ${phone}<br><br>`,
    'an emoji before the number': (n, name, phone) => `📌 ${n}- ${name}<br>📞 ${phone}<br><br>`,
  };
  test.each(Object.keys(shapes))('%s', (shape) => {
    expect(phonesOf(post(entries.map(([name, phone], i) => shapes[shape](i + 1, name, phone)).join('')))).toEqual(expected);
  });
  test("a company after the numbered run, not numbered itself, keeps the block whole: no phone of it is lost", () => {
    const got = read(post(entries.map(([name, phone], i) => `${i + 1}- ${name}<br>📞 ${phone}<br><br>`).join('') + '<b>Ets Sahara</b><br>📞 0550 44 55 66'), 'https://m.facebook.com/PageInfo/posts/9');
    expect(Object.values(got).flatMap((c) => c.phones)).toContain('+213550445566');
  });
  test('numbers out of a run (1, 3, 7; 1, 1, 1) open nothing', () => {
    for (const ns of [[1, 3, 7], [1, 1, 1]]) {
      const got = read(post(entries.map(([name, phone], i) => `${ns[i]}- ${name}<br>📞 ${phone}<br><br>`).join('')), 'https://m.facebook.com/PageInfo/posts/9');
      expect(Object.keys(got)).not.toContain('Menuiserie Djanet');
    }
  });
});
