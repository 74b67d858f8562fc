/**
 * Hard cases met on holdout-63: fax labels written every way (a plural 'Télécopies' over two faxes),
 * a next page's link written 'page 2 →', numbers behind a reveal button in attributes of the site's
 * own naming, an e-mail typed backwards under a bidi override, a company whose block gives the
 * directory's lines in a sentence. Pages of our own making.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';

const read = (html: string, url: string) =>
  Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe('fax labels', () => {
  const block = (name: string, lines: string) => `<div class="membre"><h3>${name}</h3><p>Zone industrielle, Annaba</p><p>${lines}</p></div>`;
  const page =
    `<html><body><main><h1>Nos adhérents</h1>` +
    block('Tréfilerie Seybouse', 'Standard : 038 11 22 33<br>Télécopies : 038 44 55 66 / 038 77 88 99') +
    block('Fonderie Edough', 'Tél : 038 12 13 14<br>Fax : 038 15 16 17') +
    block('Verrerie Bouni', 'Tél : 038 21 22 23') +
    `</main></body></html>`;

  test("'Télécopies', the plural over two faxes, labels both as faxes, never phones", () => {
    expect(read(page, 'https://club.test/membres')['Tréfilerie Seybouse']).toEqual({ phones: ['+21338112233'], emails: [], faxes: ['+21338445566', '+21338778899'] });
  });

  test("'télécopies' in a list of services, no colon after it, labels no fax: the shop's number stays its phone", () => {
    const services = `<html><body><main><h1>Commerces</h1>${block('Librairie Ennour', 'Photocopies, télécopies 038 22 33 44')}${block('Cyber Edough', 'Saisie, impression et télécopies 038 55 66 77')}${block('Papeterie Bouni', 'Tél : 038 21 22 23')}</main></body></html>`;
    expect(read(services, 'https://club.test/commerces')['Librairie Ennour']).toEqual({ phones: ['+21338223344'], emails: [], faxes: [] });
  });
});

describe("a next page's number written with its word", () => {
  const page = (pager: string) => `<html><body><main><h1>Membres</h1><div class="m"><h3>Tréfilerie Seybouse</h3><p>Tél : 038 11 22 33</p></div><p class="pg">${pager}</p></main></body></html>`;

  test("'page 2 →' alone in its link, on page 1, leads to page 2 (a bare number as the path's last segment)", () => {
    expect(findNextPage(parse(page('Page 1 — <a href="/membres/metallurgie/2">page 2 →</a>')), 'https://club.test/membres/metallurgie')).toBe('/membres/metallurgie/2');
  });

  test("on page 2, 'page 1' back is no next page, nor is a page word without a number", () => {
    expect(findNextPage(parse(page('<a href="/membres/metallurgie">← page 1</a> — Page 2')), 'https://club.test/membres/metallurgie/2')).toBeUndefined();
    expect(findNextPage(parse(page('<a href="/membres/metallurgie/infos">page des infos</a>')), 'https://club.test/membres/metallurgie')).toBeUndefined();
  });
});

describe("a reveal button's attributes named in the site's own words", () => {
  const card = (name: string, button: string, mail = '') =>
    `<div class="pro"><h3>${name}</h3><p class="ville">Es Senia, Oran</p><div class="tel"><span>041 55 XX XX</span> ${button}</div>${mail ? `<p><a href="mailto:${mail}">${mail}</a></p>` : ''}</div>`;
  const page = (b1: string, b2: string, b3: string) =>
    `<html><body><main><h1>Garages à Oran</h1><div class="liste">` +
    card('Garage Senia Pneus', b1, 'senia.pneus@mail.test') +
    card('Carrosserie Bir El Djir', b2) +
    card('Lavage Auto Gambetta', b3, 'lavage@gambetta.test') +
    `</div></main></body></html>`;

  test("a button saying 'Afficher le numéro' holds its numbers in data-ligne / data-ligne-2 (national or +213), read as phones", () => {
    const html = page(
      '<button type="button" class="btn" data-ligne="041551122" data-ligne-2="0661223344" data-ref="G120">Afficher le numéro</button>',
      '<button type="button" class="btn" data-ligne="+21341556677" data-ref="G121">Voir le téléphone</button>',
      '<a href="#" class="btn" data-ligne="0770112233" data-ref="G122">Appeler</a>',
    );
    expect(read(html, 'https://auto.test/pros?p=1')).toEqual({
      'Garage Senia Pneus': { phones: ['+21341551122', '+213661223344'], emails: ['senia.pneus@mail.test'], faxes: [] },
      'Carrosserie Bir El Djir': { phones: ['+21341556677'], emails: [], faxes: [] },
      'Lavage Auto Gambetta': { phones: ['+213770112233'], emails: ['lavage@gambetta.test'], faxes: [] },
    });
  });

  test("an Arabic 'إظهار الرقم' or 'اتصل', and 'Voir le n°', are reveal controls too", () => {
    const html = page(
      '<button type="button" data-raqm="0550112233">إظهار الرقم</button>',
      '<button type="button" data-khat="041556677">اتصل</button>',
      '<button type="button" data-ligne="0770112233">Voir le n°</button>',
    );
    const found = read(html, 'https://auto.test/pros?p=1');
    expect(found['Garage Senia Pneus'].phones).toEqual(['+213550112233']);
    expect(found['Carrosserie Bir El Djir'].phones).toEqual(['+21341556677']);
    expect(found['Lavage Auto Gambetta'].phones).toEqual(['+213770112233']);
  });

  test("a value written with its prefix and the trunk zero in brackets ('+213 (0) 661 22 33 44') is one whole number", () => {
    const html = page('<button type="button" data-ligne="+213 (0) 661 22 33 44">Afficher le numéro</button>', '<button type="button" data-ligne="00213 41 55 66 77">Afficher le numéro</button>', '');
    const found = read(html, 'https://auto.test/pros?p=1');
    expect(found['Garage Senia Pneus'].phones).toEqual(['+213661223344']);
    expect(found['Carrosserie Bir El Djir'].phones).toEqual(['+21341556677']);
  });

  test("the same attributes on a control that says nothing of a number, or holding a reference, are no phones", () => {
    const html = page(
      '<button type="button" class="btn" data-ligne="041551122" data-ref="G120">Ajouter aux favoris</button>',
      '<button type="button" class="btn" data-ref="0412" data-ligne="3">Afficher le numéro</button>',
      '<button type="button" class="btn" data-ligne="041551199">Partager</button>',
    );
    const found = read(html, 'https://auto.test/pros?p=1');
    expect(Object.keys(found)).toContain('Garage Senia Pneus');
    for (const c of Object.values(found)) expect(c.phones).toEqual([]);
  });
});

describe('text typed backwards, shown the right way round by a bidi override', () => {
  const member = (name: string, mail: string) => `<div class="avocat"><h4>${name}</h4><p>Rue Emir Abdelkader, Annaba</p><p>Tél. 038 12 34 56</p><p>Courriel : ${mail}</p></div>`;
  const page = (a: string, b: string, c: string) =>
    `<html><body><main><h1>Avocats</h1><div class="liste">${member('Cabinet Maître Bouzid', a)}${member('Étude Maître Sahraoui', b)}${member('Cabinet Maître Laib', c)}</div></main></body></html>`;

  test('an inline unicode-bidi:bidi-override with direction:rtl, or a <bdo dir="rtl">, shows the address reversed: read as shown', () => {
    const html = page(
      '<span style="unicode-bidi: bidi-override; direction: rtl">rf.liam@dizuobertiam</span>',
      '<bdo dir="rtl">zd.iuoarhas-ehtet@tcatnoc</bdo>',
      '<span style="direction:rtl;unicode-bidi:bidi-override">moc.liam@bial.ertiam</span>',
    );
    const found = read(html, 'https://barreau.test/annuaire?p=1');
    expect(found['Cabinet Maître Bouzid'].emails).toEqual(['maitrebouzid@mail.fr']);
    expect(found['Étude Maître Sahraoui'].emails).toEqual(['contact@tethe-sahraoui.dz']);
    expect(found['Cabinet Maître Laib'].emails).toEqual(['maitre.laib@mail.com']);
  });

  test('an override inheriting its direction, from `<html dir="rtl">` or a styled block, shows the address reversed; an ancestor saying ltr keeps it', () => {
    const rtlPage = page(
      '<span style="unicode-bidi:bidi-override">rf.liam@dizuobertiam</span>',
      '<span style="unicode-bidi: bidi-override">zd.iuoarhas-ehtet@tcatnoc</span>',
      '<span dir="ltr"><span style="unicode-bidi:bidi-override">maitre.laib@mail.com</span></span>',
    ).replace('<html>', '<html dir="rtl" lang="ar">');
    const found = read(rtlPage, 'https://barreau.test/annuaire?p=1');
    expect(found['Cabinet Maître Bouzid'].emails).toEqual(['maitrebouzid@mail.fr']);
    expect(found['Étude Maître Sahraoui'].emails).toEqual(['contact@tethe-sahraoui.dz']);
    expect(found['Cabinet Maître Laib'].emails).toEqual(['maitre.laib@mail.com']);
    const styled = page('<span style="unicode-bidi:bidi-override">rf.liam@dizuob</span>', 'contact@sahraoui.dz', 'laib@mail.com')
      .replace('<div class="liste">', '<div class="liste" style="text-align:right; direction: rtl">');
    expect(read(styled, 'https://barreau.test/annuaire?p=1')['Cabinet Maître Bouzid'].emails).toEqual(['bouzid@mail.fr']);
  });

  test('under `dir="auto"` or a `<bdi>` (the text decides its own direction) in a right-to-left page, a Latin address is left as written', () => {
    const html = page(
      '<span dir="auto"><span style="unicode-bidi:bidi-override">bouzid@mail.fr</span></span>',
      '<bdi><span style="unicode-bidi:bidi-override">contact@sahraoui.dz</span></bdi>',
      'laib@mail.com',
    ).replace('<html>', '<html dir="rtl" lang="ar">');
    const found = read(html, 'https://barreau.test/annuaire?p=1');
    expect(found['Cabinet Maître Bouzid'].emails).toEqual(['bouzid@mail.fr']);
    expect(found['Étude Maître Sahraoui'].emails).toEqual(['contact@sahraoui.dz']);
  });

  test('an override without direction rtl (a PDF converter\'s glyph runs), or right-to-left text, is left as written', () => {
    const html = page('<span style="unicode-bidi:bidi-override">bouzid@mail.fr</span>', '<bdo dir="ltr">contact@sahraoui.dz</bdo>', 'laib@mail.com <span style="unicode-bidi:bidi-override;direction:rtl">مكتب المحاماة</span>');
    const found = read(html, 'https://barreau.test/annuaire?p=1');
    expect(found['Cabinet Maître Bouzid'].emails).toEqual(['bouzid@mail.fr']);
    expect(found['Étude Maître Sahraoui'].emails).toEqual(['contact@sahraoui.dz']);
    expect(found['Cabinet Maître Laib'].emails).toEqual(['laib@mail.com']);
  });
});

describe("a company of the list that sends the reader to the directory's lines", () => {
  const entry = (name: string, town: string, body: string) => `<div class="fiche"><h3>${name}</h3><p class="commune">${town}</p>${body}</div>`;
  const page = (odd: string) =>
    `<html><body><header><p>Annuaire du conseil · Standard 025 40 50 60 · contact@annuaire-conseil.test</p></header><main><h1>Cabinets de conseil</h1><div class="fiches">` +
    entry('Cabinet Audit Chiffa', 'Chiffa', '<p>Tél. : 025 11 22 33<br>Mobile : 0661 11 22 33</p>') +
    entry('Conseil RH Larbaa', 'Larbaa', '<p>Tél. : 025 21 22 23<br><a href="mailto:rh@larbaa.test">rh@larbaa.test</a></p>') +
    entry('Bureau Fiscal Meftah', 'Meftah', '<p>Tél. : 025 31 32 33</p>') +
    odd +
    entry('Stratégie Bougara', 'Bougara', '<p>Mobile : 0770 41 42 43</p>') +
    `</div></main><footer><p>Standard : 025 40 50 60 — contact@annuaire-conseil.test</p></footer></body></html>`;

  test("its sentence giving the directory's standard and address is no contact of its own, and no reason to drop it", () => {
    const html = page(entry('Expertise Comptable Soumaa', 'Soumaa', '<p class="note">Ce cabinet ne diffuse pas ses coordonnées : pour le joindre, appelez notre standard au 025 40 50 60 ou écrivez à contact@annuaire-conseil.test.</p>'));
    const found = read(html, 'https://conseil.test/blida');
    expect(found['Expertise Comptable Soumaa']).toEqual({ phones: [], emails: [], faxes: [] });
    expect(Object.keys(found)).toHaveLength(5);
  });

  test("the directory's own card among the entries, its lines written as fields, is still no company", () => {
    // (A name unlike the site's: only the card's field lines tell it is the directory's.)
    const html = page(entry('Cabinet Ouled Yaich', 'Blida', '<p>Standard : 025 40 50 60<br>E-mail : contact@annuaire-conseil.test</p>'));
    expect(Object.keys(read(html, 'https://conseil.test/blida'))).toEqual(['Cabinet Audit Chiffa', 'Conseil RH Larbaa', 'Bureau Fiscal Meftah', 'Stratégie Bougara']);
  });

  test("the directory's own card written as an entry, its name in the entries' classed name element, its sentence giving the standard: no company (a name is no field of words)", () => {
    const card = (name: string, body: string) => `<div class="fiche"><span class="nom">${name}</span>${body}</div>`;
    const html =
      `<html><body><header><p>Annuaire Conseil Blida · 025 40 50 60</p></header><main><h1>Cabinets</h1><div class="fiches">` +
      card('Cabinet Audit Chiffa', '<p>Tél. : 025 11 22 33</p>') +
      card('Conseil RH Larbaa', '<p>Tél. : 025 21 22 23</p>') +
      card('Bureau Fiscal Meftah', '<p>Tél. : 025 31 32 33</p>') +
      card('Annuaire Conseil Blida', "<p>Vous ne trouvez pas le cabinet qu'il vous faut ? Appelez notre standard au 025 40 50 60, nous vous orientons.</p>") +
      card('Stratégie Bougara', '<p>Tél. : 025 41 42 43</p>') +
      `</div></main><footer><p>Standard : 025 40 50 60</p></footer></body></html>`;
    expect(Object.keys(read(html, 'https://conseil.test/blida'))).toEqual(['Cabinet Audit Chiffa', 'Conseil RH Larbaa', 'Bureau Fiscal Meftah', 'Stratégie Bougara']);
  });
});
