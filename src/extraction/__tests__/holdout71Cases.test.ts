/**
 * Hard cases met on holdout-71: a PDF list converted by plain pdftohtml (no positions), each
 * text line ended by <br/>, a table row's cells joined by no-break spaces, <hr/> between PDF
 * pages with a running header after each; a social page's post listing its entries numbered
 * 'N- Name' over <br> lines in one paragraph. Pages of our own making.
 */
import { extractDetail, readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe('a PDF list converted by plain pdftohtml', () => {
  test("rows 'N&#160;<b>Name</b>&#160;Commune' lead their lines; the running header after a page's <hr/> is no record's", () => {
    const header = 'DIRECTION DES SERVICES AGRICOLES<br/>\nBureau des agréments — Tél : 033 40 11 22 — Fax : 033 40 11 23<br/>\n';
    const row = (n: number, name: string, commune: string, lines: string) => `${n}&#160;<b>${name}</b>&#160;${commune}<br/>\n${lines}`;
    const page =
      `<HTML><HEAD><TITLE>liste</TITLE><META name="generator" content="pdftohtml 0.40"></HEAD><BODY bgcolor="#A0A0A0">\n` +
      `<a name=1></a>${header}<b>LISTE DES PEPINIERES AGREEES</b><br/>\nN°&#160;Dénomination&#160;Commune&#160;Contacts<br/>\n` +
      row(1, 'Pépinière El Nakhil', 'Sidi Khaled', 'Tél : 0661 12 34 56<br/>\nnakhil@mail.test<br/>\n') +
      row(2, 'Pépinière Ouled Harkat', 'Doucen', 'Tél : 033 41 22 33 / 0770 22 33 44<br/>\n') +
      row(3, 'Plants du Zab', 'Chaiba', 'Tél : 0550 98 76 54<br/>\nzab@mail.test<br/>\n') +
      `Page 1<br/>\n<hr/>\n<a name=2></a>${header}` +
      row(4, 'Serres Ras El Miaad', 'Besbes', 'Tél : 0699 11 22 33<br/>\n') +
      row(5, 'Pépinière Oasis Verte', 'Doucen', 'Tél : 033 42 55 66<br/>\nverte@mail.test<br/>\n') +
      `Page 2<br/>\n<hr/>\n</BODY></HTML>`;
    expect(read(page, 'https://dsa.test/documents/liste_pepinieres.html')).toEqual({
      'Pépinière El Nakhil': { phones: ['+213661123456'], emails: ['nakhil@mail.test'] },
      'Pépinière Ouled Harkat': { phones: ['+21333412233', '+213770223344'], emails: [] },
      'Plants du Zab': { phones: ['+213550987654'], emails: ['zab@mail.test'] },
      'Serres Ras El Miaad': { phones: ['+213699112233'], emails: [] },
      'Pépinière Oasis Verte': { phones: ['+21333425566'], emails: ['verte@mail.test'] },
    });
  });

  test('a bold name followed by a sentence, with no record number before it, is still no name line', () => {
    const page =
      `<html><body><div class="post">` +
      ['Alpha', 'Beta', 'Gamma'].map((n) => `<b>Atelier ${n}</b>&#160;est ouvert le samedi<br/>\nTél : 0661 12 34 5${n.length}<br/>\n`).join('') +
      `</div></body></html>`;
    expect(Object.keys(read(page, 'https://x.test/blog/ateliers'))).not.toContain('Atelier Alpha');
  });
});

describe("a post's list numbered 'N- Name' over <br> lines", () => {
  const post = (list: string) =>
    `<html><body><div id="objects_container"><div class="story_body_container"><header><h3><strong><a href="/PageInfo">Page Info</a></strong></h3></header>` +
    `<div class="_5rgt"><span><p>📢 Liste des ateliers de la wilaya, partagée à la demande de nos abonnés 🙏</p><p>${list}</p>` +
    `<p>Pour ajouter votre atelier, appelez la page au 0770 41 28 63.</p><p><a href="/hashtag/ateliers">#ateliers</a> <a href="/hashtag/sud">#sud</a></p></span></div></div></div></body></html>`;

  test('each numbered line opens a company, with the lines under it; the hashtags and the closing sentence are none', () => {
    const list =
      '1- Atelier Tassili<br>📞 0661 12 34 56<br><br>' +
      '2- ورشة الواحة ☎️ 0770123456 / 0550654321<br>📧 waha@mail.test<br><br>' +
      '3- Menuiserie Djanet<br>📞 029-41-22-33<br>📧 contact@menuiserie.test<br><br>' +
      '4- Forge Erg ☎️ 0699.11.22.33';
    expect(read(post(list), 'https://m.facebook.com/PageInfo/posts/1')).toEqual({
      'Atelier Tassili': { phones: ['+213661123456'], emails: [] },
      'ورشة الواحة': { phones: ['+213550654321', '+213770123456'], emails: ['waha@mail.test'] },
      'Menuiserie Djanet': { phones: ['+21329412233'], emails: ['contact@menuiserie.test'] },
      'Forge Erg': { phones: ['+213699112233'], emails: [] },
    });
  });

  test('numbers out of a run (a year, a list starting elsewhere) open nothing', () => {
    const list = '2019- Bilan Tassili<br>📞 0661 12 34 56<br>2021- Bilan Djanet<br>📞 0770 12 34 56<br>2023- Bilan Erg<br>📞 0550 12 34 56';
    expect(Object.keys(read(post(list), 'https://m.facebook.com/PageInfo/posts/2'))).not.toContain('Bilan Djanet');
  });
});

describe('a fiche whose WhatsApp number is shown after the logo alone', () => {
  test("an <i class=\"fa fa-whatsapp\"> before a number, after the e-mail's line, labels it as the word 'WhatsApp' does", () => {
    const page = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Ets Tassili Négoce | Annuaire Pro</title></head><body>
<nav class="navbar navbar-default"><div class="container"><a class="navbar-brand" href="/">Annuaire Pro</a><p class="navbar-text">Service client : 021 64 30 30</p></div></nav>
<div class="container"><ol class="breadcrumb"><li><a href="/">Accueil</a></li><li><a href="/import-export">Import-Export</a></li></ol><div class="fiche"><h1 itemprop="name">Ets Tassili Négoce</h1><p class="cat">Import-Export — Illizi</p><ul class="contacts list-unstyled">
<li class="tel"><i class="fa fa-phone"></i> 029.75.08.96</li>
<li class="mob"><i class="fa fa-mobile"></i> 0675.89.16.97</li>
<li class="mail"><i class="fa fa-envelope"></i> <a href="mailto:tassili@mail.test">tassili@mail.test</a></li>
<li class="wa"><i class="fa fa-whatsapp"></i> 0781.87.32.95</li></ul><p><a href="/import-export">« Retour à la liste</a></p></div></div>
<footer class="footer"><div class="container">© 2026 Annuaire Pro — Tél. 021 64 30 30</div></footer></body></html>`;
    const c = extractDetail(page, 'https://annuaire.test/entreprise/ets-tassili-12');
    expect([...(c?.phones ?? [])].sort()).toEqual(['+21329750896', '+213675891697', '+213781873295']);
  });
});

describe('a link page of name blocks and buttons, a break line after each', () => {
  test("the page's closing block after the last break is no restaurant's", () => {
    const resto = (name: string, buttons: string[]) =>
      `<div class="block-text"><div class="text-block"><h3>${name}</h3></div></div>\n` +
      buttons.map((b) => `<div class="block-item"><a href="${b}" class="btn-link"><div class="btn-link-title">${b.startsWith('tel:') ? '📞 ' + b.slice(5) : '✉️ Écrire'}</div></a></div>\n`).join('') +
      `<div class="block-break"><div class="break-line"></div></div>\n`;
    const page =
      `<html><body><div class="main"><div class="page"><div class="blocks">\n` +
      `<div class="block-text"><div class="text-block"><p>Tous les restos au même endroit. Contact : <a href="tel:+213662053418">0662 05 34 18</a></p></div></div>\n<div class="block-break"><div class="break-line"></div></div>\n` +
      resto('Restaurant Tassili', ['tel:0775088108']) +
      resto('Pizzeria Azalai', ['tel:029464635', 'tel:0562298017', 'tel:0661432546', 'mailto:azalai@mail.test']) +
      resto('Grill Aharhar', ['tel:029902520', 'tel:0550112233']) +
      resto('Café Ihrir', ['tel:029902521']) +
      `<div class="block-text"><div class="text-block"><p>Vous êtes restaurateur ? Écrivez à <a href="mailto:page@mail.test">page@mail.test</a></p></div></div>\n` +
      `</div></div></div></body></html>`;
    const got = read(page, 'https://taplink.test/manger');
    expect(got['Café Ihrir']).toEqual({ phones: ['+21329902521'], emails: [] });
  });
});

describe('a PDF table row without contacts', () => {
  test("a row 'N&#160;<b>Name</b>&#160;Address' with the next row right under it is a member all the same", () => {
    const row = (n: number, name: string, lines: string) => `${n}&#160;<b>${name}</b>&#160;Rue Emir Abdelkader<br/>\n${lines}`;
    const page =
      `<HTML><BODY>\n<a name=1></a>LISTE DES PHARMACIES<br/>\n` +
      row(1, 'Pharmacie El Nour', 'Tél : 0661 12 34 56<br/>\n') +
      row(2, 'Pharmacie Ibn Rochd', '') +
      row(3, 'Pharmacie Oasis', 'Tél : 0550 98 76 54<br/>\n') +
      row(4, 'Pharmacie Tamerna', 'Tél : 029 41 22 33<br/>\n') +
      `Page 1<br/>\n<hr/>\n</BODY></HTML>`;
    expect(Object.keys(read(page, 'https://dsp.test/documents/pharmacies.html'))).toEqual(['Pharmacie El Nour', 'Pharmacie Ibn Rochd', 'Pharmacie Oasis', 'Pharmacie Tamerna']);
  });
});
