/**
 * Hard cases met on holdout-70: a list whose entries were left open (a card's end tags
 * forgotten), so that every later entry nests inside it; a rich-text list whose name lines carry
 * a hotel's stars after the bold name; a forum topic whose members add companies as lines named
 * before a colon after a bold one. Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe('entries left open are read one by one', () => {
  test("a grid's cards of which some never close their body and column: each card keeps its own contacts", () => {
    const card = (name: string, lines: string, closed: boolean) =>
      `<div class="col-sm-6"><div class="panel panel-default"><div class="panel-heading"><h3 class="panel-title">${name}</h3></div>` +
      `<div class="panel-body"><p class="text-muted">Azazga</p>${lines}</div>` +
      (closed ? '</div></div>' : '');
    const page =
      `<html><body><div class="container"><h1>Textile à Tizi Ouzou</h1><div class="row">` +
      card('Tissage Amraoui', '<p><strong>Tél</strong> 026 11 22 33</p>', true) +
      card('Couture Iferhounene', '<p><strong>Mob.</strong> 0661 22 33 44</p><p><strong>Email</strong> contact@iferhounene.test</p>', false) +
      card('Broderie Tala', '<p><strong>Tél</strong> 026 44 55 66</p>', true) +
      card('Tricotage Ait Yahia', '<p><strong>GSM</strong> 0770 11 22 33</p>', false) +
      card('Confection Makouda', '<p><strong>Tél</strong> 026 77 88 99</p><p><strong>Email</strong> info@makouda.test</p>', true) +
      `<footer><p>Annuaire — 026 99 00 11</p></footer></body></html>`;
    expect(read(page, 'https://textile.test/annuaire?page=1')).toEqual({
      'Tissage Amraoui': { phones: ['+21326112233'], emails: [] },
      'Couture Iferhounene': { phones: ['+213661223344'], emails: ['contact@iferhounene.test'] },
      'Broderie Tala': { phones: ['+21326445566'], emails: [] },
      'Tricotage Ait Yahia': { phones: ['+213770112233'], emails: [] },
      'Confection Makouda': { phones: ['+21326778899'], emails: ['info@makouda.test'] },
    });
  });

  test("an entry whose info block is left open: the next entries are not its own", () => {
    const entry = (slug: string, name: string, line: string, closed: boolean) =>
      `<div class="entreprise"><h4><a href="../fiches/${slug}.html">${name}</a></h4><div class="info">Zone industrielle<br>${line}\n` +
      (closed ? '</div></div>\n' : '\n</div>\n');
    const page =
      `<html><body><div id="content"><h2>Entreprises</h2>` +
      entry('a', 'Chaudronnerie Medjana', 'Tél. 035 11 22 33', true) +
      entry('b', 'Fonderie El Anasser', 'GSM 0550 11 22 33', false) +
      entry('c', 'Plasturgie Ras El Oued', 'Tél. 035 44 55 66', true) +
      entry('d', 'Mécanique Bordj Ghedir', 'Port. 0771 44 55 66', false) +
      entry('e', 'Emballage El Achir', 'Tél. 035 77 88 99', true) +
      `</div></body></html>`;
    expect(read(page, 'https://bba.test/annuaire/industrie/liste.html')).toEqual({
      'Chaudronnerie Medjana': { phones: ['+21335112233'], emails: [] },
      'Fonderie El Anasser': { phones: ['+213550112233'], emails: [] },
      'Plasturgie Ras El Oued': { phones: ['+21335445566'], emails: [] },
      'Mécanique Bordj Ghedir': { phones: ['+213771445566'], emails: [] },
      'Emballage El Achir': { phones: ['+21335778899'], emails: [] },
    });
  });

  test("a sub-menu's items and a thread's replies, alone in their wrapper, stay where they are", () => {
    const page =
      `<html><body><ul class="menu"><li class="menu-item"><a href="/a">Annuaire</a><ul class="sub"><li class="menu-item"><a href="/b">Textile</a></li></ul></li></ul>` +
      `<div class="grid"><div class="card"><h3>Atelier Boghni</h3><p>Tél 026 12 34 56</p></div><div class="card"><h3>Atelier Tigzirt</h3><p>Tél 026 65 43 21</p></div><div class="card"><h3>Atelier Azeffoun</h3><p>Tél 026 33 44 55</p></div></div></body></html>`;
    expect(Object.keys(read(page, 'https://t.test/liste'))).toEqual(['Atelier Boghni', 'Atelier Tigzirt', 'Atelier Azeffoun']);
  });
});

describe("a name line's rating is no part of it", () => {
  test('bold name lines of a rich-text list, some followed by stars, all lead their entries (the stars not in the name)', () => {
    const entry = (name: string, stars: string, town: string, contacts: string) =>
      `<p><span style="font-size: 18px;"><strong>${name}</strong></span>${stars}</p><p>${town}</p><p>${contacts}</p><hr />`;
    const page =
      `<html><body><div class="j-module j-text"><h1>Où dormir à Tipaza</h1>` +
      `<div class="j-module j-text">` +
      entry('Villa Chenoua', ' ★★★', 'Face à la mer, Tipaza', 'Tél 024 11 22 33&nbsp;&nbsp;&nbsp;GSM 0555 11 22 33') +
      entry('Hôtel Corniche', '', 'Corniche, Koléa', 'Tél 024 44 55 66') +
      entry('Résidence Fouka', ' ★★', 'RN 11, Fouka', 'Mob. 0770 44 55 66&nbsp;&nbsp;&nbsp;E-mail contact@fouka.test') +
      entry('Auberge Cherchell', '', 'Port, Cherchell', 'Tél 024 77 88 99') +
      entry('Camping Sidi Ghiles', '', 'Plage, Sidi Ghiles', 'GSM 0661 77 88 99') +
      `</div></div></body></html>`;
    expect(read(page, 'https://tipaza.test/ou-dormir/')).toEqual({
      'Villa Chenoua': { phones: ['+21324112233', '+213555112233'], emails: [] },
      'Hôtel Corniche': { phones: ['+21324445566'], emails: [] },
      'Résidence Fouka': { phones: ['+213770445566'], emails: ['contact@fouka.test'] },
      'Auberge Cherchell': { phones: ['+21324778899'], emails: [] },
      'Camping Sidi Ghiles': { phones: ['+213661778899'], emails: [] },
    });
  });
});

describe("a forum member's '- NAME : Tél …' line after a bold company is a company, as in the topic's other posts", () => {
  const post = (id: number, member: string, body: string) =>
    `<div id="p${id}" class="post has-profile bg${(id % 2) + 1}"><div class="inner">` +
    `<dl class="postprofile"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=${id}" class="username">${member}</a></dt><dd class="profile-posts"><strong>Messages :</strong> 12</dd></dl>` +
    `<div class="postbody"><div id="post_content${id}"><h3><a href="#p${id}">Re: Garages à Médéa</a></h3>` +
    `<p class="author">par <strong><a href="./memberlist.php?mode=viewprofile&amp;u=${id}" class="username">${member}</a></strong> » mar. 12 mars 2019</p>` +
    `<div class="content">${body}</div><div id="sig${id}" class="signature">Médéa 🌹</div></div></div></div></div><hr class="divider" />`;
  const page =
    `<html><body><div id="page-body" class="page-body"><h2 class="topic-title"><a href="./viewtopic.php?t=7">Garages à Médéa</a></h2>` +
    post(1, 'karim', '<strong class="text-strong">Garage Tamesguida</strong><br>Fixe 025 11 22 33<br>Mail garage@tamesguida.test<br><br>- CARROSSERIE OUZERA : Tel 025 44 55 66 , Port. 0550 11 22 33<br><br><strong class="text-strong">Pièces Berrouaghia</strong><br>Tél 025 77 88 99') +
    post(2, 'amine', '<strong class="text-strong">Auto Service Benchicao</strong><br>Tél: 025 12 34 56<br>Port. 0556 12 34 56<br><br>- SARL VULCANISATION SIDI NAAMANE : TEL. 025 65 43 21') +
    post(3, 'rym', '<blockquote><div><cite>karim a écrit :</cite><strong class="text-strong">Pièces Berrouaghia</strong><br>Tél 025 77 88 99</div></blockquote>je confirme, très sérieux.<br><br>- GARAGE EL OMARIA : Téléphone 025 98 76 54 , E-Mail : contact@omaria.test') +
    `</div></body></html>`;

  test('each line of the kind is its own company, not the bold one before it', () => {
    const got = read(page, 'https://forum.test/viewtopic.php?t=7');
    expect(got['Auto Service Benchicao']).toEqual({ phones: ['+21325123456', '+213556123456'], emails: [] });
    expect(got['SARL VULCANISATION SIDI NAAMANE']).toEqual({ phones: ['+21325654321'], emails: [] });
    expect(got['GARAGE EL OMARIA']).toEqual({ phones: ['+21325987654'], emails: ['contact@omaria.test'] });
    expect(got['Pièces Berrouaghia']).toEqual({ phones: ['+21325778899'], emails: [] });
  });
});
