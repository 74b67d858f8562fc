/**
 * A contact person's line on a company's own page (holdout-34): his mobile is the company's phone.
 * Invented markup of the same general shape as the site that showed it.
 */
import { readDetail } from '../extract';

describe("a contact person's line on a company's own page", () => {
  test("'Contact : Name (role) — mobile' after an e-mail or a fax line is the company's phone, the fax left a fax", () => {
    const html = `<html><body><main><article><h1>Pépinière Les Orangers</h1>
      <section><h2>Coordonnées</h2><ul><li>Tél. : <a href="tel:048512233">048 51 22 33</a></li><li>Fax : 048 51 22 34</li></ul>
      <p class="person">Contact : Mme Rym Hadj (gérante) — 0661 45 78 12</p></section></article></main></body></html>`;
    const company = readDetail(html, 'https://guide.test/fiche/12').company!;
    expect(company.phones).toEqual(['+21348512233', '+213661457812']);
    expect(company.faxes).toEqual(['+21348512234']);
    const mail = html.replace('<li>Fax : 048 51 22 34</li>', '<li>E-mail : <a href="mailto:contact@orangers.test">contact@orangers.test</a></li>');
    expect(readDetail(mail, 'https://guide.test/fiche/12').company!.phones).toEqual(['+21348512233', '+213661457812']);
  });
});
