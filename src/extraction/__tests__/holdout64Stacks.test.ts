/**
 * Stacks met on holdout-64 (delivery layers and markup transforms): a list embedded as a document
 * framed inline (`<iframe srcdoc>`, its markup escaped in the attribute). Pages of our own making.
 */
import { readListing } from '../extract';
import { parsePage } from '../parse';

/** Markup escaped as a srcdoc attribute holds it (`&`, `<`, `>`, `"`). */
const escaped = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe('a document framed inline (<iframe srcdoc>)', () => {
  const row = (name: string, commune: string, contacts: string) => `<tr><td><b>${name}</b></td><td>${commune}</td><td>${contacts}</td></tr>`;
  const framed = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Liste</title><style>td{padding:2px}</style></head><body><table><thead><tr><th>Éleveur</th><th>Commune</th><th>Contact</th></tr></thead><tbody>${row('Élevage Ait Saïd', 'Akbou', 'Tél : 034 35 10 20<br>Fax : 034 35 10 21')}${row('Rucher Tazmalt', 'Tazmalt', 'Mobile : 0661 40 50 60<br>E-mail : rucher@tazmalt.dz')}${row('Ferme Amizour', 'Amizour', 'Tél : 034 22 33 44')}</tbody></table></body></html>`;
  const page = (frame: string) => `<html><body><header><p>Chambre d'agriculture — 034 10 20 30</p></header><main><h1>Éleveurs adhérents</h1><p>La liste ci-dessous est tenue par le service des adhésions.</p>${frame}</main><footer>© 2025 Chambre</footer></body></html>`;

  test('is read where the frame stands: its rows are the page\'s entries, a fax still a fax', () => {
    const html = page(`<iframe title="Liste" width="100%" height="900" srcdoc="${escaped(framed)}"></iframe>`);
    expect(byName(html, 'https://chambre.test/eleveurs')).toEqual({
      'Élevage Ait Saïd': { phones: ['+21334351020'], emails: [], faxes: ['+21334351021'] },
      'Rucher Tazmalt': { phones: ['+213661405060'], emails: ['rucher@tazmalt.dz'], faxes: [] },
      'Ferme Amizour': { phones: ['+21334223344'], emails: [], faxes: [] },
    });
  });

  test("its head (title, styles) is no text of the page, and the frame's attributes are gone", () => {
    const parsed = parsePage(page(`<iframe class="liste" srcdoc="${escaped(framed)}"></iframe>`));
    expect(parsed.byTag('IFRAME')).toHaveLength(0);
    expect(parsed.byTag('TITLE')).toHaveLength(0);
    expect(parsed.byTag('TABLE')).toHaveLength(1);
    expect(parsed.root.querySelector('main')!.text).not.toContain('padding');
  });

  test("a srcdoc without block markup or text (a video's poster and play button) stays a frame", () => {
    const poster = '<style>a{display:block}</style><a href="https://video.test/embed/x?autoplay=1"><img src="https://video.test/x.jpg" alt="Visite de la ferme"><span>▶</span></a>';
    const parsed = parsePage(page(`<iframe srcdoc="${escaped(poster)}"></iframe>`));
    expect(parsed.byTag('IFRAME')).toHaveLength(1);
    expect(parsed.byTag('IMG')).toHaveLength(0);
  });
});
