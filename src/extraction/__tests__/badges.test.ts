/**
 * Badges written in or beside a name heading ('PRO ✔', 'Vérifié', 'Premium', '(41 avis)',
 * '4,8 ★') are never part of the company's name; a name's own short last word is.
 */
import { parse } from 'node-html-parser';
import { extractCompanies } from '../extract';
import { isBadge, withoutEdgeBadges } from '../badges';

const PAGE = 'https://annuaire.test/boutiques?page=1';

const el = (html: string) => parse(html).firstChild as unknown as import('node-html-parser').HTMLElement;

/** A listing of cards whose `<h3>` is written by `heading`, with a phone each. */
function listing(headings: string[]): string {
  const phones = ['0550 12 34 56', '0661 23 45 67', '0770 34 56 78', '021 45 67 89'];
  const cards = headings.map((h, i) => `<li class="shop"><h3 class="shop-name">${h}</h3><p class="shop-loc">El Oued</p><p class="shop-phone">${phones[i]}</p></li>`);
  return `<!doctype html><html><head><title>Boutiques</title></head><body><header>Annuaire — 023 99 88 77</header>
<main><h1>Boutiques pro</h1><ul class="shops">${cards.join('\n')}</ul></main><footer>contact@annuaire.test</footer></body></html>`;
}

const names = (html: string) => extractCompanies(html, PAGE).map((c) => c.name);

describe('isBadge', () => {
  test.each([
    '<span class="sa-pro" title="Boutique vérifiée">PRO ✔</span>',
    '<span class="statut">Vérifié</span>',
    '<span class="niveau-or">Premium</span>',
    '<span class="x">Membre Premium</span>',
    '<em class="v">Certifiée</em>',
    '<mark>Nouveau</mark>',
    '<b class="rang">Top</b>',
    '<small>(41 avis)</small>',
    '<span class="note">4,8 ★</span>',
    '<span class="note">4,2/5</span>',
    '<span class="n">(37)</span>',
    '<span>✅</span>',
    '<span>★★★★☆</span>',
    '<span>✓ Vérifié</span>',
    '<span class="b">موثق</span>',
    '<small>(grossiste)</small>',
    '<small class="text-muted">(توزيع بالجملة)</small>',
  ])('%s is a badge', (html) => {
    expect(isBadge(el(html))).toBe(true);
  });

  test.each([
    // A part of the name a site set in a span of its own, without any style.
    '<span>Nouvelle</span>',
    '<span>PRO</span>',
    // Words that are not a badge's.
    '<span class="c">Centrale</span>',
    '<span class="x">Pro Services</span>',
    '<span class="x">Boutique</span>',
    // A number alone is not a count or a rating.
    '<span class="x">24/24</span>',
    '<span class="x">2000</span>',
    '<span class="x">&amp;</span>',
    '<span class="x">Une boutique vérifiée depuis 2015 par notre équipe</span>',
    // Brackets in a span of the name's own, or small print not wholly in brackets.
    '<span class="x">(Chez Ali)</span>',
    '<small>Fils (et Cie)</small>',
    '<small>(24/24)</small>',
  ])('%s is not a badge', (html) => {
    expect(isBadge(el(html))).toBe(false);
  });
});

describe('withoutEdgeBadges', () => {
  test('a badge at either end is left out, one in the middle is kept', () => {
    expect(withoutEdgeBadges(['Smart Souf', ' ', 'PRO ✔', ' '], new Set([2])).trim()).toBe('Smart Souf');
    expect(withoutEdgeBadges([' ', 'Nouveau', ' ', 'Ghout Tech'], new Set([1])).trim()).toBe('Ghout Tech');
    expect(withoutEdgeBadges(['Pizzeria ', 'New', ' York'], new Set([1]))).toBe('Pizzeria New York');
  });

  test('kept when the rest would not read as a name', () => {
    expect(withoutEdgeBadges(['Hôtel Le ', 'Pro'], new Set([1]))).toBe('Hôtel Le Pro');
    expect(withoutEdgeBadges(['SARL', ' ', 'Top'], new Set([2]))).toBe('SARL Top');
    expect(withoutEdgeBadges([' ', 'Top'], new Set([1])).trim()).toBe('Top');
  });
});

describe('a name heading with a badge', () => {
  test('the badge after the name link, before it, or as a rating or count, is not the name', () => {
    const html = listing([
      '<a href="/boutique/smart-souf">Smart Souf</a> <span class="sa-pro" title="Boutique vérifiée">PRO ✔</span>',
      '<mark>Nouveau</mark> <a href="/boutique/ghout-tech">Ghout Tech</a>',
      '<a href="/boutique/erg-electro">Erg Electro</a> <span class="note">4,8 ★</span> <small>(41 avis)</small>',
      '<a href="/boutique/souf-phone">Souf Phone</a> <span class="etat">Vérifié</span>',
    ]);
    expect(names(html)).toEqual(['Smart Souf', 'Ghout Tech', 'Erg Electro', 'Souf Phone']);
  });

  test('a name ending with a short word of its own stays whole', () => {
    const html = listing([
      'Hôtel Le <span class="accent">Pro</span>',
      '<span class="forme">SARL</span> <span class="accent">TOP</span>',
      'Pharmacie <span class="accent">Centrale</span>',
      '<a href="/boutique/ny">Pizzeria <span class="accent">New</span> York</a>',
    ]);
    expect(names(html)).toEqual(['Hôtel Le Pro', 'SARL TOP', 'Pharmacie Centrale', 'Pizzeria New York']);
  });

  test('a plain name with badge-like words is untouched', () => {
    const html = listing(['Auto-École Le Pro', 'SARL Top Formation', 'Nouveau Monde Voyages', 'Premium Services']);
    expect(names(html)).toEqual(['Auto-École Le Pro', 'SARL Top Formation', 'Nouveau Monde Voyages', 'Premium Services']);
  });

  test('in a table cell, a badge between the name and its line break is skipped, whatever its class', () => {
    const html = `<!doctype html><html><body><main><table><tr><th>Raison sociale</th><th>Téléphone</th></tr>
      <tr><td><b>SARL Souf Froid</b> <span class="etiquette">Vérifié ✔</span><br><em>Climatisation</em></td><td>032 21 45 78</td></tr>
      <tr><td><b>EURL Debila Net</b><br><em>Informatique</em></td><td>032 22 56 89</td></tr>
      <tr><td><b>Ets Robbah Gsm</b><br><em>Téléphonie</em></td><td>0661 45 78 12</td></tr></table></main></body></html>`;
    expect(names(html)).toEqual(['SARL Souf Froid', 'EURL Debila Net', 'Ets Robbah Gsm']);
  });
});

describe('a qualifier in brackets set in small print after a name', () => {
  test("a wholesaler's or a branch's mark ('<small>(توزيع بالجملة)</small>', '(grossiste)') is not the name", () => {
    const html = listing([
      'شركة النخلة لتوزيع الأدوية <small>(توزيع بالجملة)</small>',
      'Sud Matériaux <small class="text-muted">(grossiste)</small>',
      'صيدلية الأمل',
      '<a href="/b/4">Boulangerie du Port</a> <small>(succursale)</small>',
    ]);
    expect(names(html)).toEqual(['شركة النخلة لتوزيع الأدوية', 'Sud Matériaux', 'صيدلية الأمل', 'Boulangerie du Port']);
  });
});

describe("a member's latest status written in its title", () => {
  test("BuddyPress Legacy's members list: the status after the member's link (span.update) is not the name; a number it gives is the member's", () => {
    const member = (slug: string, name: string, update: string, field: string) => `<li class="odd"><div class="item-avatar"><a href="/membres/${slug}/"><img src="/avatars/${slug}.png" class="avatar" alt="Photo de profil de ${name}" /></a></div>
      <div class="item"><div class="item-title"><a href="/membres/${slug}/">${name}</a>
        ${update ? `<span class="update"> &ldquo;${update}&rdquo; <a href="/activite/p/1/" class="view" title="Afficher le statut">Afficher</a></span>` : ''}</div>
        <div class="item-meta"><span class="activity">Actif il y a 1 jour</span></div><div class="member-field activite">${field}</div></div>
      <div class="action"><div class="generic-button"><a href="/membres/${slug}/friends/add-friend/" class="friendship-button">Ajouter aux amis</a></div></div></li>`;
    const html = `<!doctype html><html><body><main><div id="buddypress"><ul id="members-list" class="item-list">
      ${member('tassili-web', 'Tassili Web', 'Pour vos devis, appelez le 0550 12 34 56', 'Tél. 029 21 45 78')}
      ${member('oasis-data', 'Oasis Data', '', 'Tél. 029 22 56 89')}
      ${member('ksar-soft', 'Ksar Soft', 'Nouvelle offre de maintenance.', 'Tél. 029 23 67 90')}</ul></div></main></body></html>`;
    expect(extractCompanies(html, PAGE).map((c) => [c.name, c.phones])).toEqual([
      ['Tassili Web', ['+213550123456', '+21329214578']],
      ['Oasis Data', ['+21329225689']],
      ['Ksar Soft', ['+21329236790']],
    ]);
  });
});
