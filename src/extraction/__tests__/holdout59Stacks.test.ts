/**
 * Stacks met on holdout-59: a Bubble.io app whose repeating group's things are only in its inline
 * page-load data, keyed the Bubble way (`nom_text`, `t_l_phone_text`), and an app shell whose
 * content is written in a `<noscript>` (Discourse's view without scripts). Pages of our own making.
 */
import { readListing } from '../extract';

const byName = (html: string, url: string) => Object.fromEntries(readListing(html, url).companies.map((c) => [c.name, { phones: [...c.phones].sort(), emails: [...c.emails].sort(), faxes: [...(c.faxes ?? [])].sort() }]));

describe("Bubble.io things' field keys", () => {
  const thing = (id: string, fields: Record<string, unknown>) => ({ _id: id, 'Created Date': 1746340121171, 'Modified Date': 1768737391343, ...fields });
  const page = (results: unknown[]) =>
    `<html><body><div class="bubble-element Page"><div class="bubble-element RepeatingGroup"><div class="bubble-element group-item"><div class="bubble-element Text"></div></div></div></div>` +
    `<script>window._bubble_page_load_data=${JSON.stringify({ app: { name: 'x' }, results })};</script></body></html>`;

  test("are read by the field's name: the type suffix off, an accented name given back", () => {
    const html = page([
      thing('1752631485447x550970338118885533', { nom_text: 'Atelier Kaci', t_l_phone_text: '026 11 22 33', mobile_text: '0661 22 33 44', fax_text: '026 11 22 34', e_mail_text: 'kaci@atelier.dz', note_number: 4 }),
      thing('1775819944757x757623283588081706', { nom_text: 'Menuiserie Ait Ali', mobile_text: '0770 12 34 56', commune_option_communes: 'azazga' }),
    ]);
    expect(byName(html, 'https://app.test/liste')).toEqual({
      'Atelier Kaci': { phones: ['+21326112233', '+213661223344'], emails: ['kaci@atelier.dz'], faxes: ['+21326112234'] },
      'Menuiserie Ait Ali': { phones: ['+213770123456'], emails: [], faxes: [] },
    });
  });

  test('only on Bubble things: an object without their built-in fields keeps its keys as written', () => {
    const html = page([{ id: 1, nom_text: 'Atelier Kaci', mobile_text: '0661 22 33 44' }, { id: 2, nom_text: 'Menuiserie Ait Ali', mobile_text: '0770 12 34 56' }]);
    expect(readListing(html, 'https://app.test/liste').companies).toEqual([]);
  });
});
