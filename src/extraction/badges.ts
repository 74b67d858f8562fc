/**
 * Badges written in or beside a name heading: a shop's 'PRO ✔', 'Vérifié', 'Premium',
 * 'Certifié', 'Nouveau', 'Top', a star rating ('4,8 ★', '4,2/5'), a count of reviews
 * ('(41 avis)'), a lone symbol ('✅'), a qualifier in brackets set in small print
 * ('<small>(grossiste)</small>', '<small>(توزيع بالجملة)</small>'). Directories style them as pills with classes of their own
 * ('sa-pro', 'statut', 'niveau-or') that say nothing of a badge, so they are told by their text.
 * A badge is never part of a company's name; a name's own last word ('Auto-École Le Pro',
 * 'SARL Top', 'Pharmacie Centrale') stays: only a whole element is a badge, only at either end
 * of the name, and only when what is left still reads as a name.
 *
 * The text read is bounded (shortText) before any pattern runs.
 */
import type { HTMLElement } from 'node-html-parser';
import { shortText } from './nodeText';
import { fold } from '../platform/text';

/** Longest text of a badge element. */
const MAX_BADGE = 40;

/** Words that make a badge on their own: a status, a tier, a novelty (folded: no accents, lower case). */
const BADGE_WORDS = new Set([
  'pro', 'verifie', 'verifiee', 'verified', 'certifie', 'certifiee', 'certified', 'premium', 'top', 'nouveau', 'nouvelle', 'new',
  'vip', 'gold', 'featured', 'recommande', 'recommandee', 'populaire', 'popular', 'officiel', 'officielle', 'official', 'trusted',
  'موثق', 'موثقة', 'مميز', 'مميزة', 'جديد', 'معتمد', 'معتمدة',
]);

/**
 * A paying member's placement said in a few words, a badge as a whole ('Mise en avant', 'À la une',
 * 'En vedette': a classifieds script's promoted listing), folded, words joined by single spaces.
 */
const BADGE_PHRASES = new Set(['mise en avant', 'a la une', 'en vedette', 'partenaire', 'partner', 'membre partenaire']);

/** Words of a badge that do not make one alone: 'Membre Premium', 'Boutique vérifiée', 'Top vendeur'. */
const QUALIFIERS = new Set(['membre', 'member', 'boutique', 'shop', 'store', 'compte', 'account', 'vendeur', 'seller', 'annonceur', 'magasin', 'partenaire', 'partner']);

/** Words of a count ('41 avis', '12 reviews', '9 votes', '5 étoiles'): a badge only with a number. */
const COUNT_WORDS = new Set(['avis', 'review', 'reviews', 'vote', 'votes', 'note', 'notes', 'evaluation', 'evaluations', 'etoile', 'etoiles', 'star', 'stars', 'annonces', 'ads', 'تقييم', 'تقييمات']);

/** Tags that set small print apart without any attribute. */
const SMALL_PRINT = new Set(['SMALL', 'MARK', 'SUB']);

/**
 * Whether an element is a badge by its text: symbols only ('✔', '★★★★☆', '✅'), or badge words
 * with at most symbols, qualifiers and a rating beside them ('PRO ✔', 'Membre Premium'), or a
 * count or rating ('(41 avis)', '4,8 ★', '4,2/5', '(37)'). Words need a styled element (any
 * attribute, or small print) or a symbol beside them: a bare `<span>Nouvelle</span>` is a part
 * of the name a site set in its own span.
 */
export function isBadge(el: HTMLElement): boolean {
  const text = shortText(el, MAX_BADGE);
  if (!text) return false;
  // Small print wholly in brackets after a name: its kind or trade ('(grossiste)', '(توزيع بالجملة)'), not its name.
  if (SMALL_PRINT.has(el.tagName) && /^\([^()]*\)$/.test(text) && /\p{L}{2}/u.test(text)) return true;
  const symbol = /\p{So}/u.test(text);
  const tokens = fold(text).match(/\p{L}+|\p{N}+/gu);
  if (!tokens) return symbol;
  if (BADGE_PHRASES.has(tokens.join(' '))) return symbol || SMALL_PRINT.has(el.tagName) || el.rawAttrs.trim() !== '';
  let badge = false;
  let count = false;
  let numbers = 0;
  for (const t of tokens) {
    if (/^\p{N}+$/u.test(t)) {
      if (t.length > 5) return false;
      numbers++;
    } else if (BADGE_WORDS.has(t)) badge = true;
    else if (COUNT_WORDS.has(t)) count = true;
    else if (!QUALIFIERS.has(t)) return false;
  }
  // A number is a badge's only as a count or a rating: '41 avis', '4,8 ★', '4,2/5', '(37)'.
  const rating = symbol || count || /\/\s?(?:5|10)$/.test(text) || /^\(\s?\p{N}+\s?\)$/u.test(text);
  if (numbers > 0 && !rating) return false;
  if (!badge && numbers === 0) return false;
  return symbol || SMALL_PRINT.has(el.tagName) || el.rawAttrs.trim() !== '';
}

/** Words that never end a name: 'Hôtel Le' + 'Pro' is one name. */
const DANGLING = new Set(['le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'el', 'al', 'au', 'aux', 'a', 'et', 'and', 'the', 'of', 'ou', 'en', 'sur']);
/** Legal forms: 'SARL' + 'Top' is one name. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set(['sarl', 'eurl', 'spa', 'snc', 'scs', 'sas', 'sa', 'ets', 'ei', 'entreprise', 'etablissement', 'etablissements', 'cabinet', 'groupe', 'societe', 'ste']);

/**
 * A name's text from its pieces (text nodes and element texts in order), the badges among them
 * (their indexes) left out when they stand at either end, with only blank pieces or other
 * badges between them and the end; kept when the rest would not read as a name (no word of two
 * letters, a dangling article, a legal form alone).
 */
export function withoutEdgeBadges(pieces: readonly string[], badges: ReadonlySet<number>): string {
  if (badges.size === 0) return pieces.join('');
  const drop = new Set<number>();
  const blank = (i: number) => drop.has(i) || pieces[i].trim() === '';
  for (let i = 0; i < pieces.length && (badges.has(i) || blank(i)); i++) if (badges.has(i)) drop.add(i);
  for (let i = pieces.length - 1; i >= 0 && (badges.has(i) || blank(i)); i--) if (badges.has(i)) drop.add(i);
  if (drop.size === 0) return pieces.join('');
  const rest = pieces.filter((_, i) => !drop.has(i)).join('');
  const words = fold(rest).match(/[\p{L}\p{N}]+/gu) ?? [];
  const stands = /\p{L}{2}/u.test(rest) && !DANGLING.has(words[words.length - 1]) && !words.every((w) => LEGAL_FORMS.has(w));
  return stands ? rest : pieces.join('');
}
