/**
 * Stacks met on holdout-59: a Bubble.io app whose repeating group's things are only in its inline
 * page-load data, keyed the Bubble way (`nom_text`, `t_l_phone_text`), and an app shell whose
 * content is written in a `<noscript>` (Discourse's view without scripts). Pages of our own making.
 */
import { readListing } from '../extract';
import { classText, parsePage } from '../parse';

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

describe("an app shell's view without scripts", () => {
  const card = (name: string, tel: string) => `<li class="entry"><h3>${name}</h3><p>Atelier de réparation et d'entretien, centre-ville, ouvert du samedi au jeudi de 8 h à 17 h.</p><p>Tél : ${tel}</p></li>`;
  const view = `<div class="wrap"><h1>Nos adhérents</h1><ul class="list">${card('Atelier Kaci', '026 11 22 33')}${card('Menuiserie Ait Ali', '0770 12 34 56')}${card('Poterie Maatkas', '0661 22 33 44')}</ul><p>Annuaire tenu par les bénévoles de l'association, mis à jour chaque mois.</p></div>`;

  test('a <noscript> holding the page\'s content is read in its place', () => {
    const html = `<html><body><div id="app"></div><noscript>${view}</noscript><p>Propulsé par X.</p></body></html>`;
    expect(Object.keys(byName(html, 'https://asso.test/adherents'))).toEqual(['Atelier Kaci', 'Menuiserie Ait Ali', 'Poterie Maatkas']);
  });

  test('a <noscript> shorter than what the body shows (a fallback image, a notice) stays unread', () => {
    const html = `<html><body>${view.replace('Atelier Kaci', 'Atelier Kaci Fils')}<noscript><div><p>${'Activez JavaScript pour voir la carte des adhérents. '.repeat(3)}</p><img src="/logo.png" alt="Atelier Kaci"></div></noscript></body></html>`;
    expect(Object.keys(byName(html, 'https://asso.test/adherents'))).toEqual(['Atelier Kaci Fils', 'Menuiserie Ait Ali', 'Poterie Maatkas']);
  });
});

describe('class and id written inside another attribute', () => {
  test("are not the element's: a data holder stays unclassed chrome, its contacts none of the page's", () => {
    const state = JSON.stringify({ html: '<div class="site-footer" id="pied">contact.kaci@mail.dz</div>' }).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const page = parsePage(`<html><body><div class="hidden" id="state" data-state="${state}"></div></body></html>`);
    const holder = page.byTag('DIV')[0];
    expect([classText(holder), holder.id]).toEqual(['hidden', 'state']);
  });
});

describe("Discourse's topic", () => {
  const post = (n: number, body: string) =>
    `<div id="post_${n}" itemprop="comment" itemscope class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator" itemprop="author" itemscope><a itemprop="url" href="/u/membre${n}"><span itemprop="name">membre${n}</span></a></span><span class="crawler-post-infos"><time>0${n}/11/2025</time></span></div><div class="post" itemprop="text">${body}</div></div>`;
  const topic = (...bodies: string[]) => `<html><body><div id="main-outlet"><h1>Vos garages de confiance</h1>${bodies.map((b, i) => post(i + 1, b)).join('')}</div></body></html>`;
  const alpha = '<p><strong>Garage Alpha</strong> – très sérieux<br>Tél : 0556 73 60 28</p>';
  const delta = '<p><strong>Garage Delta</strong> – rapide<br>Tél : 0555 71 76 53<br><a href="mailto:delta@mail.dz">delta@mail.dz</a></p>';
  const gamma = '<ul><li><strong>Garage Gamma</strong></li><li>Mobile : 0552 11 22 33</li></ul>';

  test("the author schema.org marks (itemprop=author) is a post's furniture, no company's name", () => {
    const html = topic('<p>Donnez vos adresses, merci.</p>', alpha, gamma, delta);
    expect(Object.keys(byName(html, 'https://forum.test/t/garages/12'))).toEqual(['Garage Alpha', 'Garage Gamma', 'Garage Delta']);
  });

  test("a quote's title naming the quoted member is furniture", () => {
    const quote = '<aside class="quote no-group" data-username="membre2" data-post="2"><div class="title"><img class="avatar" src="/a.png"> membre2:</div><blockquote><p>Garage Alpha</p></blockquote></aside><p>Je confirme, très bon accueil. Son numéro : 0556 73 60 28</p>';
    const names = Object.keys(byName(topic('<p>Donnez vos adresses, merci.</p>', alpha, gamma, quote, delta), 'https://forum.test/t/garages/12'));
    expect(names).not.toContain('membre2:');
    expect(names).toEqual(expect.arrayContaining(['Garage Alpha', 'Garage Gamma', 'Garage Delta']));
  });

  test('a sentence leading to a bold name is no part of it', () => {
    const two = `${alpha}<p>Moi je vais chez <strong>Garage Beta</strong>, depuis 5 ans. Appelez le 0552 59 56 17 avant de passer.</p>`;
    expect(byName(topic('<p>Donnez vos adresses, merci.</p>', two, gamma, delta), 'https://forum.test/t/garages/12')).toEqual({
      'Garage Alpha': { phones: ['+213556736028'], emails: [], faxes: [] },
      'Garage Beta': { phones: ['+213552595617'], emails: [], faxes: [] },
      'Garage Gamma': { phones: ['+213552112233'], emails: [], faxes: [] },
      'Garage Delta': { phones: ['+213555717653'], emails: ['delta@mail.dz'], faxes: [] },
    });
  });
});
