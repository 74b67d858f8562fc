/**
 * Hard cases met on holdout-67: a results card whose number is shown masked beside the button that
 * reveals it, a social network's posts dated by their age, a forum thread whose posts carry their
 * number as a link. Pages of our own making.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';
import { splitGroups } from '../groups';
import { isMaskedNumber, isRelativeTime } from '../nodeText';

const names = (html: string, url: string) => readListing(html, url).companies.map((c) => c.name);
const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));


/** A MyBB thread of three posts (a question, then two answers listing firms), each written by `post`. */
function thread(post: (id: number, member: string, body: string) => string): string {
  return (
    `<html><body><div id="content"><h1>Menuisiers sérieux à Médéa ?</h1>` +
    post(101, 'yacine26', 'Bonjour, je cherche un menuisier pour une cuisine.') +
    post(102, 'amine_md', 'Je conseille :<br><br><span style="font-weight: bold;" class="mycode_b">Menuiserie Tamesguida</span><br>Tél : 025 58 11 22<br>Email : contact@tamesguida-bois.test<br><br><span style="font-weight: bold;" class="mycode_b">Atelier Berrouaghia Bois</span><br>Mob : 0661 23 45 67') +
    post(103, 'rym.d', 'Pour l’aluminium :<br><br><span style="font-weight: bold;" class="mycode_b">Alu Ksar El Boukhari</span><br>Mob : 0770 98 76 54<br><br><span style="font-weight: bold;" class="mycode_b">Menuiserie Ouzera</span><br>Fixe : 025 59 33 44') +
    `</div></body></html>`
  );
}

describe('a masked number is never a name', () => {
  const card = (id: number, name: string, masked: string, whole: string) =>
    // (The name's row and the number's row share a class word: each row alone looks like an entry, the number's first line its name.)
    `<div class="box shadow result"><div class="flex items-start"><div><a href="/societe/${id}-x" class="lg bold">${name}</a><p class="muted">Plomberie · Centre</p></div></div>` +
    `<div class="flex items-center"><span class="mono">${masked}</span><button type="button" class="link" data-phone="${whole}">Afficher le numéro</button></div>` +
    `<a href="/societe/${id}-x" class="more">Voir la fiche →</a></div>`;
  const page =
    `<html><body><main><h1>Plombiers à Sétif</h1><div class="grid">` +
    card(1, 'Plomberie Ain Arnat', '036 81 XX XX', '036811122') +
    card(2, 'Sanitaire El Eulma', '0661 ** ** **', '0661334455') +
    card(3, 'Chauffage Bougaâ', '036 72 XX XX', '036724455') +
    `</div></main></body></html>`;

  test("the cards are the entries, named by their links, their numbers read from the reveal buttons ('036 81 XX XX' names nothing)", () => {
    expect(read(page, 'https://pros.test/recherche?q=plombier')).toEqual({
      'Plomberie Ain Arnat': { phones: ['+21336811122'], emails: [] },
      'Sanitaire El Eulma': { phones: ['+213661334455'], emails: [] },
      'Chauffage Bougaâ': { phones: ['+21336724455'], emails: [] },
    });
  });

  test('masked numbers are told from names and whole numbers', () => {
    for (const t of ['038 47 XX XX', '0550 ** ** **', '+213 6XX XX XX XX', '05xx.xx.xx.xx']) expect(isMaskedNumber(t)).toBe(true);
    for (const t of ['038 47 12 34', 'XX Auto', 'Garage 2000', 'Pièces XXL 24', 'X-Pro 3D']) expect(isMaskedNumber(t)).toBe(false);
  });
});

describe("a post's age is never a name", () => {
  const post = (id: number, author: string, age: string, text: string) =>
    `<article class="feed-post" data-post-id="${id}"><header class="feed-post__head"><div><a class="feed-post__author" href="/groupe/user/${id}">${author}</a>` +
    `<div class="feed-post__when"><time datetime="2026-05-01T10:00:00">${age}</time> · 🌍</div></div></header>` +
    `<div class="feed-post__text" dir="auto">${text}</div><footer class="feed-post__stats"><span>👍 12</span><span>4 commentaires</span></footer></article>`;
  const page =
    `<html><body><main><h1>Location Béjaïa</h1><div class="feed">` +
    post(1, 'Nadia B.', '12 sem.', 'F3 à louer, centre-ville<br>Immo Gouraya<br>Appelez au 0550112233<br>#location #bejaia') +
    post(2, 'Karim T.', '5 jours', 'Studio meublé<br>Agence Soummam<br>Appelez au 0661445566<br>#location #bejaia') +
    post(3, 'Samir O.', '2 wks', 'Villa avec jardin<br>Immo Tichy<br>Appelez au 0770778899<br>#location #bejaia') +
    `</div></main></body></html>`;

  test("posts dated '12 sem.', '5 jours', '2 wks' (the author, a member, taken away) give no company named by its age", () => {
    expect(names(page, 'https://groupes.test/g/location-bejaia')).not.toContain('12 sem.');
    expect(names(page, 'https://groupes.test/g/location-bejaia').filter((n) => isRelativeTime(n))).toEqual([]);
  });

  test('ages in French, English and Arabic are told from names', () => {
    for (const t of ['16 sem.', '6 sem.', '3 j', '2 h', 'il y a 5 jours', '4 wks', '2d ago', '1 an', 'منذ 3 أيام']) expect(isRelativeTime(t)).toBe(true);
    for (const t of ['Immo 2000', '3 Frères', 'Hôtel 4 Saisons', '24 Carats Bijouterie']) expect(isRelativeTime(t)).toBe(false);
  });
});

describe("a forum post's number is its furniture", () => {
  const post = (id: number, member: string, body: string) =>
    `<div class="post classic" id="post_${id}"><div class="post_author"><a href="member.php?action=profile&amp;uid=${id}">${member}</a><div class="author_statistics">Messages: 12</div></div>` +
    `<div class="post_content"><div class="post_head"><div class="float_right"><strong><a href="showthread.php?tid=7&amp;pid=${id}#pid${id}" title="RE: Menuisiers">#${id - 100}</a></strong></div>` +
    `<span class="post_date">3-5-2025, 10:12</span></div><div class="post_body" id="pid_${id}">${body}</div></div></div>`;
  const page = thread(post);

  test("'#2', a link to the post itself, names no company: the post's companies are read from its text", () => {
    const found = names(page, 'https://forum.test/showthread.php?tid=7');
    expect(found.filter((n) => /^#\d/.test(n))).toEqual([]);
    expect(found).toEqual(expect.arrayContaining(['Menuiserie Tamesguida', 'Alu Ksar El Boukhari']));
  });
});

describe("a post's announcing words before its list", () => {
  const post = (id: number, member: string, body: string) =>
    `<div class="post classic" id="post_${id}"><div class="post_author"><a href="member.php?action=profile&amp;uid=${id}">${member}</a></div>` +
    `<div class="post_content"><span class="post_date">3-5-2025, 10:12</span><div class="post_body" id="pid_${id}">${body}</div></div></div>`;
  const page = thread(post);

  test("'Je conseille :' is no field's label: the bold name under it opens the post's first record, each with its own contacts", () => {
    expect(read(page, 'https://forum.test/showthread.php?tid=7')).toEqual({
      'Menuiserie Tamesguida': { phones: ['+21325581122'], emails: ['contact@tamesguida-bois.test'] },
      'Atelier Berrouaghia Bois': { phones: ['+213661234567'], emails: [] },
      'Alu Ksar El Boukhari': { phones: ['+213770987654'], emails: [] },
      'Menuiserie Ouzera': { phones: ['+21325593344'], emails: [] },
    });
  });

  test("a post's body cut into its records: 'Je conseille :' announces the first, no field label holding back the bold name under it", () => {
    const body = parse(
      '<div class="post_body">\nJe conseille :<br />\n<br />\n<span style="font-weight: bold;" class="mycode_b">Menuiserie Tamesguida</span><br />\nTél : 025 58 11 22<br />\nEmail : contact@tamesguida-bois.test<br />\n<br />\n' +
        '<span style="font-weight: bold;" class="mycode_b">Atelier Berrouaghia Bois</span><br />\nMob : 0661 23 45 67<br />\n</div>',
    ).querySelector('div')!;
    const records = splitGroups([body], () => true);
    expect(records.map((r) => r.querySelector('b')?.text)).toEqual(['Menuiserie Tamesguida', 'Atelier Berrouaghia Bois']);
    expect(records[0].text).toContain('025 58 11 22');
    expect(records[0].text).not.toContain('0661 23 45 67');
  });

  test("outside a forum's posts, a bold line under a colon line ('Demandez :') stays the card's contact person, no record of its own", () => {
    const card = (name: string, person: string, tel: string) => `<div class="fiche"><h3>${name}</h3><p>Zone industrielle<br>Demandez :<br><b>${person}</b><br>Tél : ${tel}</p></div>`;
    const html = `<html><body><main><h1>Menuisiers</h1>${card('Menuiserie Tamesguida', 'M. Karim Saadi', '025 58 11 22')}${card('Alu Ouzera', 'Mme Nadia Bey', '025 59 33 44')}</main></body></html>`;
    expect(names(html, 'https://annuaire.test/menuisiers')).toEqual(['Menuiserie Tamesguida', 'Alu Ouzera']);
  });
});

describe('an article published in parts', () => {
  const article = (title: string, links: string) =>
    `<html><head><title>${title} | Blog</title></head><body><article><h1>${title}</h1>` +
    `<h2>1. Traiteur Es Senia</h2><p>Appelez le 041 55 66 77.</p><h2>2. Pâtisserie Gambetta</h2><p>Tél : 041 22 33 44.</p>${links}</article></body></html>`;

  test("the title says 'partie 1/3': the link naming 'partie 2/3', written in the prose, is the next page", () => {
    const html = article('Les meilleurs traiteurs d’Oran (partie 1/3)', '<p>👉 La suite : <a href="/@nadia/traiteurs-oran-partie-2-9f3a">Les meilleurs traiteurs d’Oran (partie 2/3)</a></p><p>Lire aussi : <a href="/@nadia/patisseries-partie-1-1c2d">Pâtisseries d’Oran (partie 1/2)</a></p>');
    expect(findNextPage(parse(html), 'https://blog.test/@nadia/traiteurs-oran-partie-1-7b2e')).toBe('/@nadia/traiteurs-oran-partie-2-9f3a');
  });

  test('on the last part, a link back to an earlier part is no next page; nor is a part of another count, nor one linked from a title that names no part', () => {
    expect(findNextPage(parse(article('Les meilleurs traiteurs d’Oran (partie 3/3)', '<p><a href="/p2">(partie 2/3)</a></p>')), 'https://blog.test/p3')).toBeUndefined();
    expect(findNextPage(parse(article('Les meilleurs traiteurs d’Oran (partie 1/3)', '<p><a href="/autre">Pâtisseries (partie 2/2)</a></p>')), 'https://blog.test/p1')).toBeUndefined();
    expect(findNextPage(parse(article('Les meilleurs traiteurs d’Oran', '<p><a href="/@nadia/traiteurs-tlemcen-5e1f">Traiteurs de Tlemcen (partie 2/3)</a></p>')), 'https://blog.test/@nadia/traiteurs-oran-3c4d')).toBeUndefined();
  });
});
