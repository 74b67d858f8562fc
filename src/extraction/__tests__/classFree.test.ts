/**
 * Rules that read a listing by its structure where its class words are meaningless (utility
 * classes, Tailwind-like): the metamorphic `classes` mutation, and sites we have not seen that
 * name nothing. Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("a control's bold label inside a card", () => {
  const card = (id: string, name: string, tel: string) =>
    `<article class="gap-2 border"><div class="mt-2"><div class="px-3"><img src="/img/${id}.jpg" alt=""></div><div class="gap-2"><p class="w-full">${name}</p><address>${name}<br>Rue des Frères ${id}<br>Tlemcen</address>` +
    `<a data-toggle="collapse" href="#about-${id}" aria-expanded="false" aria-controls="about-${id}"><strong>À propos et contact</strong></a></div></div>` +
    `<footer id="about-${id}" class="w-full"><div class="p-4"><p>Boutique de quartier.<br>Mobile : ${tel}</p></div></footer></article>`;
  const html = `<html><body><main><h1>Nos magasins</h1><section class="border">${card('1', 'Boutique Lalla Setti', '0551 48 54 51')}${card('2', 'Hennaya Tissus', '0796 76 44 73')}${card('3', 'Sabra Fashion', '0661 22 33 44')}</section></main></body></html>`;

  test('names no entry: the entry is named by its first line', () => {
    expect(byName(html, 'https://shop.test/magasins')).toEqual({
      'Boutique Lalla Setti': { phones: ['+213551485451'], emails: [] },
      'Hennaya Tissus': { phones: ['+213796764473'], emails: [] },
      'Sabra Fashion': { phones: ['+213661223344'], emails: [] },
    });
  });

  test("an accordion's toggle leading its block still names it", () => {
    const block = (name: string, tel: string) => `<div class="p-2"><a data-toggle="collapse" href="#x" aria-expanded="false"><strong>${name}</strong></a><div class="mt-2"><p>Atelier de couture.</p><p>Tél : ${tel}</p></div></div>`;
    const page = `<html><body><main><div class="grid">${block('Atelier Kaci', '026 11 22 33')}${block('Menuiserie Ait Ali', '0770 12 34 56')}${block('Poterie Maatkas', '0661 22 33 44')}</div></main></body></html>`;
    expect(Object.keys(byName(page, 'https://asso.test/liste'))).toEqual(['Atelier Kaci', 'Menuiserie Ait Ali', 'Poterie Maatkas']);
  });
});
