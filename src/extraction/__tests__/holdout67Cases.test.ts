/**
 * Hard cases met on holdout-67: a results card whose number is shown masked beside the button that
 * reveals it, a social network's posts dated by their age, a forum thread whose posts carry their
 * number as a link. Pages of our own making.
 */
import { readListing } from '../extract';
import { isMaskedNumber, isRelativeTime } from '../nodeText';

const names = (html: string, url: string) => readListing(html, url).companies.map((c) => c.name);
const read = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

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
