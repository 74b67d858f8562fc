// An entry's name in a toggle or a link's lines: a name set in a toggle is the name, a toggle saying what it opens is none; of a link's lines, the one its address names.
import { readListing } from '../extract';

const names = (html: string): string[] => readListing(html, 'https://annuaire.test/membres/').companies.map((c) => c.name);

describe('names in toggles', () => {
  test("an accordion's toggle holding the entry's bold name names it, not the badge before it", () => {
    const html = `<!doctype html><html><body>\n<main><h1>Entreprises adhérentes</h1>\n<div class="panel-group" id="acc">\n<div class="panel panel-default"><div class="panel-heading"><span class="label label-info">BTP</span> <a data-toggle="collapse" data-parent="#acc" href="#m1"><b>SARL Batimex</b></a></div><div id="m1" class="panel-collapse collapse"><div class="panel-body">Cité 20 août, Alger<br>Tél : 021 45 67 89<br>contact@batimex.dz</div></div></div>\n<div class="panel panel-default"><div class="panel-heading"><span class="label label-info">Industrie</span> <a data-toggle="collapse" data-parent="#acc" href="#m2"><b>EURL Plastica</b></a></div><div id="m2" class="panel-collapse collapse"><div class="panel-body">Zone industrielle, Sétif<br>Tél : 036 11 22 33<br>info@plastica.dz</div></div></div>\n<div class="panel panel-default"><div class="panel-heading"><span class="label label-info">Services</span> <a data-toggle="collapse" data-parent="#acc" href="#m3"><b>Nettoyage Pro Oran</b></a></div><div id="m3" class="panel-collapse collapse"><div class="panel-body">Bir El Djir, Oran<br>Tél : 041 22 33 44<br>oran@nettoyagepro.dz</div></div></div>\n</div></main></body></html>`;
    expect(names(html)).toEqual(['SARL Batimex', 'EURL Plastica', 'Nettoyage Pro Oran']);
  });

  test("a summary whose name begins with a disclosure word ('Informatique…', 'Contact Sécurité SARL', 'Détails Déco') is a name", () => {
    const html = `<!doctype html><html><body>\n<main><h1>Annuaire des membres</h1>\n<div class="accordion">\n<details class="membre"><summary>Informatique Services Benali</summary><h4>Activité</h4><p>Maintenance informatique</p><p>Tél : 021 44 55 66</p><p>contact@isb.dz</p></details>\n<details class="membre"><summary>Détails Déco Intérieur</summary><h4>Activité</h4><p>Décoration d'intérieur</p><p>Tél : 021 77 88 99</p><p>info@detailsdeco.dz</p></details>\n<details class="membre"><summary>Contact Sécurité SARL</summary><h4>Activité</h4><p>Gardiennage</p><p>Tél : 031 22 11 00</p><p>contact@contactsecurite.dz</p></details>\n<details class="membre"><summary>Atlas Transit</summary><h4>Activité</h4><p>Transit</p><p>Tél : 031 22 11 01</p><p>contact@atlastransit.dz</p></details>\n</div></main></body></html>`;
    expect(names(html)).toEqual(['Informatique Services Benali', 'Détails Déco Intérieur', 'Contact Sécurité SARL', 'Atlas Transit']);
  });

  test("a card link's category line above its name: the line the link's address names is the name", () => {
    const html = `<!doctype html><html><body>
<main><h1>Restaurants à Alger</h1>
<ul class="grid gap-4">
<li class="rounded border p-4"><a href="/lieu/le-jardin-des-saveurs" class="block"><div class="text-xs uppercase text-gray-500">Restaurant traditionnel</div><div class="text-lg">Le Jardin des Saveurs</div></a><p>Hydra, Alger</p><p>023 45 12 78</p></li>
<li class="rounded border p-4"><a href="/lieu/pizzeria-napoli" class="block"><div class="text-xs uppercase text-gray-500">Pizzeria</div><div class="text-lg">Pizzeria Napoli</div></a><p>Kouba, Alger</p><p>023 55 12 90</p></li>
<li class="rounded border p-4"><a href="/lieu/el-bahdja-grill" class="block"><div class="text-xs uppercase text-gray-500">Grillades</div><div class="text-lg">El Bahdja Grill</div></a><p>Bab Ezzouar, Alger</p><p>023 65 44 10</p></li>
</ul></main></body></html>`;
    expect(readListing(html, 'https://annuaire.test/restaurants/').companies.map((c) => c.name)).toEqual(['Le Jardin des Saveurs', 'Pizzeria Napoli', 'El Bahdja Grill']);
  });
});
