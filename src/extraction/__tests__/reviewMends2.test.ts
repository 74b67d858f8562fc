/**
 * Misfires a fresh-eyes review showed on pages of its own, after the rules of holdout-64 to -67:
 * each test failed before its mend.
 */
import { parse } from 'node-html-parser';
import { readListing } from '../extract';
import { findNextPage } from '../items';

const names = (html: string, url: string) => readListing(html, url).companies.map((c) => c.name);

test('a JSON row wrapped in {value} thousands of times deep is read without overflowing the stack (none of its wrappers unwrapped)', () => {
  // (Written as text: JSON.stringify itself would overflow on such a depth.)
  const row = `${'{"value":'.repeat(8000)}{"nom":"Ets Profond","tel":"0550112233"}${'}'.repeat(8000)}`;
  const html = `<html><body><h1>Liste</h1><div>rien</div><script type="application/json" id="state">[${row},${row}]</script></body></html>`;
  expect(() => readListing(html, 'https://annuaire.test/liste')).not.toThrow();
});

test("a brand's dealers badged 'Partenaire officiel' are its certified dealers, companies of the list, not ads", () => {
  const dealer = (name: string, tel: string, badge: boolean) => `<div class="dealer">${badge ? '<span class="badge">Partenaire officiel</span>' : ''}<h3>${name}</h3><p>Tél : ${tel}</p></div>`;
  const html = `<html><body><main><h1>Nos revendeurs agréés</h1>${dealer('Electro Bensalem', '0550 12 34 56', true)}${dealer('Froid Service Oran', '0551 12 34 56', true)}${dealer('Clim Plus', '0552 12 34 56', true)}${dealer('Boutique Amine', '0553 12 34 56', false)}</main></body></html>`;
  expect(names(html, 'https://marque.test/revendeurs')).toEqual(['Electro Bensalem', 'Froid Service Oran', 'Clim Plus', 'Boutique Amine']);
  // One block of four wearing it, among exhibitors: the fair's partner, a sponsor's slot.
  const fair = `<html><body><main><h1>Exposants</h1>${dealer('Tôlerie Babors', '0550 22 34 56', false)}${dealer('Plasturgie Djemila', '0551 22 34 56', false)}${dealer('Banque des Hauts Plateaux', '036 80 90 30', true)}${dealer('Forge El Eulma', '0553 22 34 56', false)}</main></body></html>`;
  expect(names(fair, 'https://salon.test/exposants')).toEqual(['Tôlerie Babors', 'Plasturgie Djemila', 'Forge El Eulma']);
});

test("links to a directory's other parts named like its title ('… Wilaya 15', '… Wilaya 17'), saying nothing of leading on, lead to no next part", () => {
  const card = (name: string, tel: string) => `<div class="card"><h3>${name}</h3><p>Tél : ${tel}</p></div>`;
  const html = `<html><body><h1>Annuaire des pharmacies — Wilaya 16</h1><nav class="wil"><a href="/pharmacies/wilaya-15">Annuaire des pharmacies Wilaya 15</a> <a href="/pharmacies/wilaya-17">Annuaire des pharmacies Wilaya 17</a></nav><div class="list">${card('Pharmacie El Amel', '023 45 67 89')}${card('Pharmacie Centrale', '023 11 22 33')}${card('Pharmacie Ibn Sina', '023 44 55 66')}</div></body></html>`;
  expect(findNextPage(parse(html), 'https://sante.test/pharmacies/blida')).toBeUndefined();
});

test("an article's part 1 of 3 with another series' part 2 in its aside ('Créer sa SARL (partie 2/3)'): no next part", () => {
  const html = `<html><body><article><h1>Les cliniques privées d'Alger (partie 1/3)</h1><h2>Clinique Es Salam</h2><p>Tél : 023 11 22 33</p></article><aside><h3>À lire aussi</h3><a href="/blog/creer-sarl-algerie-partie-2">Créer sa SARL en Algérie (partie 2/3)</a></aside></body></html>`;
  expect(findNextPage(parse(html), 'https://blog.test/blog/cliniques-alger-partie-1')).toBeUndefined();
});

test("shops named like an age ('24 H', '7 Jours') keep their names; a post's age said so ('16 sem.') names none", () => {
  const card = (name: string, tel: string) => `<div class="card"><h3>${name}</h3><p>Supérette</p><p>Tél : ${tel}</p></div>`;
  const html = `<html><body><main><h1>Supérettes</h1>${card('7 Jours', '041 45 67 89')}${card('24 H', '041 45 67 90')}${card('Supérette El Baraka', '041 45 67 91')}</main></body></html>`;
  expect(names(html, 'https://annuaire.test/superettes')).toEqual(['7 Jours', '24 H', 'Supérette El Baraka']);
});

test('cards shown on the page and kept again in templates for a filter script are read once', () => {
  const card = (name: string, tel: string) => `<div class="card"><h3>${name}</h3><p>Tél : ${tel}</p></div>`;
  const cards = [card('Pizzeria Nedjma', '026 11 22 33'), card('Café Bouchama', '026 11 22 34'), card('Traiteur Chergui', '026 11 22 35')];
  const html = `<html><body><main><h1>Restaurants</h1><div id="list">${cards.join('')}</div><div id="store" hidden>${cards.map((c) => `<template>${c}</template>`).join('')}</div></main></body></html>`;
  expect(readListing(html, 'https://resto.test/liste').companies.map((c) => c.name)).toEqual(['Pizzeria Nedjma', 'Café Bouchama', 'Traiteur Chergui']);
});
