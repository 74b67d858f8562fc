/**
 * Rules that read a listing by its structure where its class words are meaningless (utility
 * classes, Tailwind-like): the metamorphic `classes` mutation, and sites we have not seen that
 * name nothing. Pages of our own making.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';

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

describe("a name link's lines", () => {
  const card = (slug: string, name: string, category: string, tel: string) =>
    `<article class="bg-white mb-4"><div class="p-4"><a href="/item/${slug}/"><img src="/img/${slug}.jpg" alt=""></a></div>` +
    `<div class="border"><a href="/item/${slug}/"><div class="mt-2 relative"><div class="flex">${name}</div><div class="mt-2">${category}</div></div></a></div>` +
    `<div class="px-3"><p>Sur place et à emporter.</p><p>Tél : ${tel}</p></div></article>`;
  const html = `<html><body><main><h1>Restaurants</h1><div class="grid">${card('phare', 'Restaurant Le Phare', 'Poissons et fruits de mer', '0550 11 22 33')}${card('bella', 'Pizzeria Bella Mosta', 'Rôtisserie', '0661 22 33 44')}${card('corniche', 'Le Grill de la Corniche', 'Grillades', '045 21 32 43')}</div></main></body></html>`;

  test('a link writing the name and its category on two lines of blocks is named by its first line', () => {
    expect(Object.keys(byName(html, 'https://guide.test/restaurants'))).toEqual(['Restaurant Le Phare', 'Pizzeria Bella Mosta', 'Le Grill de la Corniche']);
  });

  test('a link writing its name inline keeps it whole', () => {
    const inline = html.replace(/<div class="flex">([^<]*)<\/div><div class="mt-2">([^<]*)<\/div>/g, '<span>$1</span> <span>$2</span>');
    expect(Object.keys(byName(inline, 'https://guide.test/restaurants'))).toEqual(['Restaurant Le Phare Poissons et fruits de mer', 'Pizzeria Bella Mosta Rôtisserie', 'Le Grill de la Corniche Grillades']);
  });
});

describe("a promoted listing's badge after its name", () => {
  const entry = (slug: string, name: string, badge: string, tel: string) =>
    `<div class="p-4 border"><h2 class="text-lg"><a class="font-bold" href="/annonces/${slug}.html">${name}</a>${badge}</h2><p>Agence immobilière, vente et location.</p><p>Tél : ${tel}</p></div>`;
  const page = (badge: string) =>
    `<html><body><main><h1>Agences</h1><div class="grid">${entry('a', 'Agence Les Zianides', badge, '0550 11 22 33')}${entry('b', 'Immo Sebdou', '', '0661 22 33 44')}${entry('c', 'Agence Imama', badge, '043 21 32 43')}</div></main></body></html>`;

  test.each(['Mise en avant', 'À la une', 'Partenaire'])("'%s' in a styled element is no part of the name", (word) => {
    expect(Object.keys(byName(page(`<span class="ml-2 px-1 text-xs">${word}</span>`), 'https://immo.test/liste'))).toEqual(['Agence Les Zianides', 'Immo Sebdou', 'Agence Imama']);
  });
});

describe("a name link's pieces and its address", () => {
  const card = (slug: string, name: string, stand: string, tel: string) =>
    `<div class="p-2"><a class="no-underline" href="/exposant/${slug}/"><span class="block"><span class="relative"><img src="/logo/${slug}.jpg" alt=""><span class="absolute">` +
    `<span class="text-lg">${name}</span> <span class="text-xs">${stand}</span></span></span></a><p>Tél : ${tel}</p></div>`;
  const page = (a: string, b: string, c: string) =>
    `<html><body><main><h1>Exposants</h1><div class="grid">${card('sarl-setif-plast', 'SARL Sétif Plast', a, '036 22 53 74')}${card('eurl-polyemballage', 'EURL Polyemballage', b, '0661 22 33 44')}${card('tube-plast-ain-arnat', 'Tube Plast Aïn Arnat', c, '036 19 44 71')}</div></main></body></html>`;

  test('the piece the address names is the name; the stand beside it is not', () => {
    expect(Object.keys(byName(page('Hall A – Stand A03', 'Hall A – Stand A07', 'Hall B – Stand B01'), 'https://salon.test/exposants/'))).toEqual(['SARL Sétif Plast', 'EURL Polyemballage', 'Tube Plast Aïn Arnat']);
  });

  test('pieces the address names together stay one name', () => {
    const html = page('', '', '')
      .replace('sarl-setif-plast/', 'sarl-setif-plast-industrie/')
      .replace('<span class="text-xs"></span>', '<span class="text-xs">Industrie</span>');
    expect(Object.keys(byName(html, 'https://salon.test/exposants/'))).toContain('SARL Sétif Plast Industrie');
  });
});

describe('a roll split over tabs whose classes say nothing', () => {
  const tabs = (active: number, extra = ' px-3') =>
    `<ul class="truncate py-2">${['a', 'b', 'c'].map((t, i) => `<li class="grid"><a class="font-medium${i === active ? extra : ''}" href="/roll.php?court=${t}">Court ${t.toUpperCase()}</a></li>`).join('')}</ul>`;
  const next = (html: string, url: string) => findNextPage(parse(html), url);

  test('the tab styled apart from the others is the current one: the next tab follows', () => {
    expect(next(tabs(0), 'https://roll.test/roll.php')).toBe('https://roll.test/roll.php?court=b');
    expect(next(tabs(1), 'https://roll.test/roll.php?court=b')).toBe('https://roll.test/roll.php?court=c');
    expect(next(tabs(2), 'https://roll.test/roll.php?court=c')).toBeUndefined();
  });

  test('none when no tab, or more than one, is styled apart, or the links lead elsewhere', () => {
    expect(next(tabs(-1), 'https://roll.test/roll.php')).toBeUndefined();
    expect(next(tabs(0).replace('font-medium"', 'font-medium x"'), 'https://roll.test/roll.php')).toBeUndefined();
    expect(next(tabs(0).replace('/roll.php?court=b', '/about.php'), 'https://roll.test/roll.php')).toBeUndefined();
  });

  test("not a menu of the site's articles, the current one styled apart", () => {
    expect(next(`<div class="bloc_menu"><h3>Énergies</h3>${tabs(0)}</div>`, 'https://roll.test/roll.php')).toBeUndefined();
    expect(next(`<aside>${tabs(0)}</aside>`, 'https://roll.test/roll.php')).toBeUndefined();
  });
});
