/**
 * Stacks met on holdout-64 (delivery layers and markup transforms): a list embedded as a document
 * framed inline (`<iframe srcdoc>`, its markup escaped in the attribute); an Alpine.js page whose
 * cards keep their contacts in their `x-data` state, shown only through bindings after a click;
 * cards kept whole in `<template>` elements a script clones into an empty list. Pages of our own
 * making.
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

  test("its head (title, styles) is no text of the page; the frame keeps its class, not its markup", () => {
    const parsed = parsePage(page(`<iframe class="liste" srcdoc="${escaped(framed)}"></iframe>`));
    expect(parsed.byTag('IFRAME')).toHaveLength(0);
    const holder = parsed.root.querySelector('main > div')!;
    expect([holder.getAttribute('class'), holder.getAttribute('srcdoc')]).toEqual(['liste', undefined]);
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

describe("an Alpine.js page's cards, their contacts in their x-data state", () => {
  const card = (state: string, name: string, masked: string) =>
    `<article x-data="${state}" class="card rounded border p-4"><h3 class="font-semibold" x-text="nom">${name}</h3><p class="text-sm">Kouba</p>` +
    `<p><span>Tél.</span> <span x-show="!vu">${masked}</span><a x-show="vu" x-cloak :href="'tel:' + mobile" x-text="mobile"></a></p>` +
    `<p x-show="vu" x-cloak>Fax : <span x-text="fax"></span></p><button type="button" @click="vu = true">Voir le numéro</button>` +
    `<a x-show="vu" x-cloak :href="'mailto:' + email" x-text="email"></a></article>`;
  const page = (cards: string) =>
    `<html><body><header x-data="{ menu: false }"><a href="/">Annuaire Info</a><button @click="menu = !menu">Menu</button></header><main><h1>Sociétés de services</h1><div class="grid">${cards}</div></main>` +
    `<footer><div x-data="{ tel: '021 60 70 80' }">© Annuaire Info · <a :href="'tel:' + tel" x-text="tel">021 60 70 80</a></div></footer></body></html>`;
  const three =
    card("{ nom: 'Atlas Réseaux', mobile: '0661 20 30 40', mobile2: '0770 11 22 33', fax: '021 55 66 77', email: 'contact@atlas-reseaux.dz', vu: false }", 'Atlas Réseaux', '0661 20 •• ••') +
    card("{ nom: 'Numidia Logiciels', mobile: '+213 552 10 20 30', vu: false }", 'Numidia Logiciels', '0552 10 •• ••') +
    card("{ nom: 'Tassili Informatique', vu: false }", 'Tassili Informatique', '');

  test("are read with their state: every number of it, one it never shows included, a fax key a fax; a card without contacts stays; the footer's state is no company", () => {
    expect(byName(page(three), 'https://info.test/societes')).toEqual({
      'Atlas Réseaux': { phones: ['+213661203040', '+213770112233'], emails: ['contact@atlas-reseaux.dz'], faxes: ['+21321556677'] },
      'Numidia Logiciels': { phones: ['+213552102030'], emails: [], faxes: [] },
      'Tassili Informatique': { phones: [], emails: [], faxes: [] },
    });
  });

  test('a state that is code (a method, a call) is not read: nothing is run', () => {
    const coded = three.replace("vu: false }\" class", "vu: false, voir() { this.vu = true } }\" class").replace("{ nom: 'Numidia Logiciels', mobile: '+213 552 10 20 30', vu: false }", "fiche({ nom: 'Numidia Logiciels', mobile: '+213 552 10 20 30' })");
    const found = byName(page(coded), 'https://info.test/societes');
    expect(Object.values(found).flatMap((c) => c.phones)).toEqual([]);
  });

  test("states without contacts (an FAQ's items, each with its title) give no company", () => {
    const faq = ['Comment s’inscrire ?', 'Quels tarifs ?', 'Qui contacter ?'].map((q) => `<div x-data="{ title: '${q}', open: false }" class="faq"><button @click="open = !open" x-text="title">${q}</button><p x-show="open">Réponse détaillée sur la page d'aide.</p></div>`).join('');
    expect(readListing(page(faq), 'https://info.test/aide').companies).toEqual([]);
  });
});

describe('cards kept in <template> elements a script clones into the page', () => {
  const card = (name: string, contact: string) => `<template class="fiche-data"><li class="fiche"><h3>${name}</h3><p>Rue des Oliviers, Béjaïa</p><p>${contact}</p></li></template>`;
  const page = (store: string) =>
    `<html><body><header><a href="/">Guide Béjaïa</a> 034 00 11 22</header><main><h1>Boulangeries</h1><ul id="liste"></ul><div id="store" hidden>${store}</div>` +
    `<script>document.querySelectorAll('#store template').forEach(function (t) { document.getElementById('liste').appendChild(document.importNode(t.content, true)); });</script></main><footer>© Guide Béjaïa</footer></body></html>`;
  const store = card('Boulangerie Yemma Gouraya', 'Tél : 034 21 10 20<br>Fax : 034 21 10 21') + card('Pâtisserie Soummam', 'Mobile : <a href="tel:+213661304050">0661 30 40 50</a>') + card('Fournil des Aiguades', 'Sur place uniquement');

  test('are read as the script shows them, a card without a contact included, a fax still a fax', () => {
    expect(byName(page(store), 'https://guide.test/boulangeries')).toEqual({
      'Boulangerie Yemma Gouraya': { phones: ['+21334211020'], emails: [], faxes: ['+21334211021'] },
      'Pâtisserie Soummam': { phones: ['+213661304050'], emails: [], faxes: [] },
      'Fournil des Aiguades': { phones: [], emails: [], faxes: [] },
    });
  });

  test('a template a script fills (placeholders, bindings, a directive on it) is a skeleton, no card', () => {
    const mustache = '<template class="fiche-data"><li class="fiche"><h3>{{ nom }}</h3><p>Tél : {{ tel }} — 034 21 10 20</p></li></template>';
    const bound = '<template class="fiche-data"><li class="fiche"><h3 x-text="nom">Boulangerie</h3><p>Tél : 034 21 10 20</p></li></template>';
    const looped = '<template x-for="f in fiches"><li class="fiche"><h3>Boulangerie</h3><p>Tél : 034 21 10 20</p></li></template>';
    for (const skeleton of [mustache, bound, looped]) expect(readListing(page(skeleton.repeat(3)), 'https://guide.test/boulangeries').companies).toEqual([]);
  });

  test('a lone template holding a contact (a dialog of the site) stays inert', () => {
    const dialog = '<template id="dialogue-contact"><div class="dialog"><h3>Écrivez-nous</h3><p>Service clients : 0550 60 70 80</p></div></template>';
    expect(parsePage(page(dialog)).byTag('TEMPLATE')).toHaveLength(1);
    expect(readListing(page(dialog), 'https://guide.test/boulangeries').companies).toEqual([]);
  });
});
