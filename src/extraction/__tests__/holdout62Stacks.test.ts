/**
 * Markup met on holdout-62: a React card grid whose classes are CSS Modules' (`Card_footer__x7Yq2`),
 * the card's call button in its <footer>, the cards in grid columns; and a form plugin's view of
 * entries written as labelled fields only, the name among them behind a bold label. Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort() }]));

describe("CSS Modules' hashed classes", () => {
  const card = (slug: string, name: string, tel?: string) =>
    `<div class="col-sm-6 col-md-4"><div class="Card_root__3kLmP"><div class="Card_body__9QwEr"><h3 class="Card_title__1aBcD"><a href="/annonce/${slug}/">${name}</a></h3><p class="Card_city__7xYzW">Tizi Ouzou</p></div>` +
    `<footer class="Card_footer__x7Yq2"><span class="Card_cat__4TtUu">Restauration</span>${tel ? `<a class="btn" href="tel:${tel.replace(/ /g, '')}">Appeler</a>` : ''}</footer></div></div>`;
  const page = `<html><body><header class="site-header"><p>Standard : 026 99 88 77</p></header><main><div class="row">${card('kaci', 'Restaurant Kaci', '026 11 22 33')}${card('ait-ali', 'Pizzeria Ait Ali')}${card('maatkas', 'Grill Maatkas', '0661 22 33 44')}</div></main><footer class="site-footer"><p>Contact : 026 99 88 77</p></footer></body></html>`;

  test("a card's footer named so with its hash is the card's part: its call button is the card's phone, not the directory's", () => {
    expect(byName(page, 'https://guide.test/annonces')).toEqual({
      'Restaurant Kaci': { phones: ['+21326112233'], emails: [] },
      'Pizzeria Ait Ali': { phones: [], emails: [] },
      'Grill Maatkas': { phones: ['+213661223344'], emails: [] },
    });
    expect(readListing(page, 'https://guide.test/annonces').chromeContacts).toEqual(['+21326998877']);
  });
});

describe('a record of labelled fields, its name label set inline', () => {
  const entry = (tag: string, label: string, name: string, tel: string, mail: string) =>
    `<div class="entree entree-${name.length}"><div class="champ"><${tag}>${label} :</${tag}> ${name}</div><div class="champ"><${tag}>Téléphone :</${tag}> ${tel}</div><div class="champ"><${tag}>E-mail :</${tag}> ${mail}</div></div>`;
  const page = (tag: string, label: string) =>
    `<html><body><header><p>Annuaire · 026 99 88 77</p></header><main><h1>Établissements agréés</h1><div class="liste">` +
    entry(tag, label, 'Ecole Kaci', '026 11 22 33', 'kaci@ecole.dz') +
    entry(tag, label, 'Institut Ait Ali', '0770 12 34 56', 'contact@aitali.dz') +
    entry(tag, label, 'Centre Maatkas', '0661 22 33 44', 'maatkas@centre.dz') +
    `</div></main></body></html>`;
  const expected = {
    'Ecole Kaci': { phones: ['+21326112233'], emails: ['kaci@ecole.dz'] },
    'Institut Ait Ali': { phones: ['+213770123456'], emails: ['contact@aitali.dz'] },
    'Centre Maatkas': { phones: ['+213661223344'], emails: ['maatkas@centre.dz'] },
  };

  test.each([
    ['strong', "Nom de l'établissement"],
    ['span', 'Raison sociale'],
    ['b', 'Dénomination'],
  ])('<%s>%s :</…> X: each entry is found and named by the value after its label', (tag, label) => {
    expect(byName(page(tag, label), 'https://annuaire.test/etablissements')).toEqual(expected);
  });

  test("the name labels of text share the vocabulary: 'Nom de l'établissement : X' in a line beats the heading", () => {
    const card = (activity: string, name: string, tel: string) => `<li class="fiche"><h3>${activity}</h3><p>Nom de l'établissement : ${name}<br>Tél : ${tel}</p></li>`;
    const html = `<html><body><ul class="fiches">${card('Formation', 'Ecole Kaci', '026 11 22 33')}${card('Langues', 'Institut Ait Ali', '0770 12 34 56')}</ul></body></html>`;
    expect(Object.keys(byName(html, 'https://annuaire.test/etablissements'))).toEqual(['Ecole Kaci', 'Institut Ait Ali']);
  });

  test("a bare 'Nom :' set inline is a contact person's: the entry keeps its own link's name", () => {
    const card = (slug: string, name: string, person: string, tel: string) =>
      `<div class="fournisseur"><h3><a href="/fournisseur/${slug}">${name}</a></h3><p><b>Nom :</b> ${person}<br><b>Fonction :</b> Gérant<br><b>Tél :</b> ${tel}</p></div>`;
    const html = `<html><body><main><div class="liste">${card('medipharm', 'SARL Medipharm', 'Karim Benali', '021 11 22 33')}${card('sanovet', 'EURL Sanovet', 'Amina Haddad', '021 44 55 66')}${card('algerie-labo', 'SPA Algérie Labo', 'Yacine Mansouri', '0770 12 34 56')}</div></main></body></html>`;
    expect(Object.keys(byName(html, 'https://annuaire.test/fournisseurs'))).toEqual(['SARL Medipharm', 'EURL Sanovet', 'SPA Algérie Labo']);
  });
});
