/**
 * Stacks met on holdout-61: headless, documentation and enterprise CMSes (a page builder's
 * widgets classed by the site's views, …). Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe("a page builder's widgets", () => {
  const tile = (name: string, tel: string, mail: string) =>
    `<div class="col-sm-6"><article class="member-card widget-member-card"><h3 class="member-card__title">${name}</h3><p>Négoce de matériaux</p><ul><li>Tél. ${tel}</li><li>Courriel <a href="mailto:${mail}">${mail}</a></li></ul></article></div>`;

  test('classed by the component first, one per column, are a list\'s entries', () => {
    const html = `<html><body><header><a href="/">Chambre</a></header><main><div class="row">${tile('Matériaux Kaci', '038 11 22 33', 'kaci@mat.dz')}${tile('Sablière Ait Ali', '0661 22 33 44', 'aitali@sable.dz')}${tile('Briqueterie Maatkas', '0770 12 34 56', 'maatkas@brique.dz')}</div></main></body></html>`;
    expect(byName(html, 'https://cci.test/annuaire?page=1')).toEqual({
      'Matériaux Kaci': { phones: ['+21338112233'], emails: ['kaci@mat.dz'], faxes: [] },
      'Sablière Ait Ali': { phones: ['+213661223344'], emails: ['aitali@sable.dz'], faxes: [] },
      'Briqueterie Maatkas': { phones: ['+213770123456'], emails: ['maatkas@brique.dz'], faxes: [] },
    });
  });

  test("a sidebar's widgets, classed a widget first, stay the site's", () => {
    const side = (title: string, tel: string) => `<div class="col-sm-4"><section class="widget widget_text"><h3 class="widget-title">${title}</h3><p>Tél. ${tel}</p></section></div>`;
    const html = `<html><body><main><div class="row">${side('Accueil', '038 11 22 33')}${side('Formalités', '038 11 22 34')}${side('Formations', '038 11 22 35')}</div></main></body></html>`;
    expect(readListing(html, 'https://cci.test/annuaire').companies).toEqual([]);
  });
});
