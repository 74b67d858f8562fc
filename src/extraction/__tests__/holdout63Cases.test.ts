/**
 * Hard cases met on holdout-63: fax labels written every way (a plural 'Télécopies' over two faxes),
 * and more. Pages of our own making.
 */
import { readListing } from '../extract';

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
});
