/**
 * Hard cases met on holdout-63: fax labels written every way (a plural 'Télécopies' over two faxes),
 * a next page's link written 'page 2 →'. Pages of our own making.
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
