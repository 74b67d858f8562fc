/**
 * Hard cases met on holdout-74: a PDF table flattened by a document-sharing site's transcription,
 * one cell per line under a header line of the columns' titles, each row led by its number.
 * Pages of our own making.
 */
import { readListing } from '../extract';

const read = (html: string, url: string) =>
  Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), faxes: [...(c.faxes ?? [])].sort(), emails: [...c.emails].sort() }]));

const page = (blocks: string) =>
  `<html><body><div class="top"><a href="/">Docs.test</a></div><h1>Liste des pépinières agréées</h1>` +
  `<div class="text">${blocks}</div><div class="footer">Contact : aide@docs.test</div></body></html>`;

describe('a PDF table flattened one cell per line (a transcription)', () => {
  test("each numbered row is read under the header line's titles, across the document's pages", () => {
    const p1 =
      `<p>1 DIRECTION DES FORETS\nTél : 025 11 22 33 Fax : 025 11 22 34\nN° Raison Localité Téléphone Fax Courriel\n` +
      `1\nPépinière Ouled Yaich\nBlida\n025 40 50 60 / 0661 11 22 33\n025 40 50 61\n/\n` +
      `2\nEURL Jardins Chiffa\nChiffa\n/\n025 70 80 90\njardins.chiffa@mail.test\n</p>`;
    const p2 =
      `<p>2 N° Raison Localité Téléphone Fax Courriel\n3\nSARL Plants Mouzaia\nMouzaia\n0550.12.34.56\n/\n/\n` +
      `4\nETS Serres Bougara\nBougara\n/\n/\n/\nLe Directeur</p>`;
    expect(read(page(p1 + p2), 'https://docs.test/123-liste.html')).toEqual({
      'Pépinière Ouled Yaich': { phones: ['+21325405060', '+213661112233'], faxes: ['+21325405061'], emails: [] },
      'EURL Jardins Chiffa': { phones: [], faxes: ['+21325708090'], emails: ['jardins.chiffa@mail.test'] },
      'SARL Plants Mouzaia': { phones: ['+213550123456'], faxes: [], emails: [] },
      'ETS Serres Bougara': { phones: [], faxes: [], emails: [] },
    });
  });

  test('lines of numbers without a header naming a contact column are no table (a numbered FAQ)', () => {
    const faq =
      `<p>Questions fréquentes\nN° Question Réponse\n1\nComment s'inscrire ?\nEn ligne.\n2\nQuel délai ?\nUn mois.\n` +
      `3\nQui appeler ?\nLe 025 11 22 33.\n4\nOù déposer ?\nAu guichet.\n</p>`;
    expect(read(page(faq), 'https://docs.test/faq.html')).toEqual({});
  });

  test('rows whose cells do not fill the header stop the table: a misaligned text is not read', () => {
    const broken =
      `<p>N° Raison Localité Téléphone Fax Courriel\n1\nPépinière A\nBlida\n025 40 50 60\n2\nPépinière B\nChiffa\n025 70 80 90\n/\n/\n` +
      `3\nPépinière C\nMouzaia\n/\n/\n/\n4\nPépinière D\nBougara\n/\n/\n/\n</p>`;
    expect(read(page(broken), 'https://docs.test/liste.html')).toEqual({});
  });

  test("a last row missing its empty cells takes no line after the table (the signatory's phone) as its own", () => {
    const rows =
      `<p>N° Raison Localité Téléphone Fax Courriel\n1\nPépinière A\nBlida\n025 40 50 60\n/\n/\n2\nPépinière B\nChiffa\n025 70 80 90\n/\n/\n` +
      `3\nPépinière C\nMouzaia\n/\n/\n/\n4\nPépinière D\nBougara\n025 41 41 41\nDirection des forêts\nTél : 025 11 22 33\n</p>`;
    expect(read(page(rows), 'https://docs.test/liste.html')).toEqual({
      'Pépinière A': { phones: ['+21325405060'], faxes: [], emails: [] },
      'Pépinière B': { phones: ['+21325708090'], faxes: [], emails: [] },
      'Pépinière C': { phones: [], faxes: [], emails: [] },
    });
  });

  test("the page's own header and footer contacts are still the directory's", () => {
    const rows =
      `<p>N° Raison Localité Téléphone Fax Courriel\n1\nPépinière A\nBlida\n025 40 50 60\n/\n/\n2\nPépinière B\nChiffa\n025 70 80 90\n/\n/\n` +
      `3\nPépinière C\nMouzaia\n/\n/\n/\n</p>`;
    const html = page(rows).replace('<div class="footer">', '<div class="footer">Tél : 021 99 88 77 ');
    expect(readListing(html, 'https://docs.test/liste.html').chromeContacts).toContain('+21321998877');
  });
});
