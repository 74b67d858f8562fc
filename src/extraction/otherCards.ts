/**
 * Other companies' cards on a company's own page: a "You may also like" carousel, "Ils ont aussi
 * consulté", "قد يعجبك أيضا", or cards under a heading no list of words knows ("Dans le même
 * quartier"). The page's own company is the block around its title (its h1); sibling cards of
 * one shape that each name a company of their own and show a contact are other companies'.
 *
 * Linear: the tree is walked once, each element's children grouped once, and each card's text
 * is read with a bounded walk.
 */
import type { HTMLElement } from 'node-html-parser';
import { isPageFrame } from './items';
import { descendants } from './parse';

/** Most nodes and characters of a card read to tell whether it names a company and shows a contact. */
const MAX_CARD_NODES = 400;
const MAX_CARD_TEXT = 4_000;

/** Tags that hold a card's name: a heading, a link, bold text. */
const CARD_NAME_TAGS = new Set(['H2', 'H3', 'H4', 'H5', 'H6', 'A', 'B', 'STRONG']);

/** A field label ('Tél :', 'Adresse', 'E-mail'): never a card's name. */
const LABEL = /(?:^|\s)(?:t[ée]l[ée]?(?:phone)?|tel|mobile|portable|gsm|fixe|fax|t[ée]l[ée]copie|e-?mail|courriel|adresse|address|site(?: web)?|horaires|whatsapp|viber|الهاتف|النقال|الفاكس|البريد|العنوان)\.?\s{0,3}:?$|:$/iu;

/** A field's label and its value ('Téléphone : 036 41 48 56', 'E-mail : x@y.dz'): a contact list's line, never a card's name. */
const LABELLED = /^(?:t[ée]l[ée]?(?:phone)?|tel|mobile|portable|gsm|fixe|fax|t[ée]l[ée]copie|e-?mail|courriel|whatsapp|viber|الهاتف|النقال|الفاكس|البريد(?: الإلكتروني)?)\.?\s{0,3}:/iu;

/**
 * A title a page gives its own sections ('Présentation', 'Coordonnées', 'Horaires d'ouverture', 'Informations pratiques',
 * 'À propos', 'Contact', 'Localisation', 'Galerie', 'Avis'): a block headed so is a part of the company's page (its
 * description beside its contact details, laid out as two columns), never another company's card.
 */
const SECTION_TITLE = /^(?:pr[ée]sentation|description|coordonn[ée]es|contacts?|contactez[- ]nous|nous contacter|infos?|informations?(?: (?:pratiques|utiles|de contact|g[ée]n[ée]rales))?|infos? pratiques|[àa] propos(?: de nous)?|qui sommes[- ]nous|horaires?(?: d['’]ouverture)?|localisation|plan d['’]acc[èe]s|acc[èe]s|carte|galerie(?: photos?)?|photos|vid[ée]os?|avis(?: clients)?|services|prestations|tarifs|d[ée]tails|caract[ée]ristiques|overview|about(?: us)?|contact (?:info(?:rmation)?|details)|opening hours|hours|location|map|gallery|photos|reviews|معلومات الاتصال|نبذة|الوصف|ساعات العمل|الموقع)\s?[.:]?$/iu;

/** A card read: its name (the first heading, link or bold text that is no label, nor a label and its value; none when that is a section's title) and whether it shows a contact. */
function readCard(card: HTMLElement): { name?: string; contact: boolean } {
  // (null: the card is headed by a section's title, it names no company.)
  let name: string | null | undefined;
  let text = '';
  let nodes = 0;
  let contact = false;
  const stack = [...card.childNodes].reverse();
  while (stack.length > 0 && nodes++ < MAX_CARD_NODES && text.length < MAX_CARD_TEXT) {
    const n = stack.pop()!;
    if (n.nodeType === 3) {
      text += ` ${n.text}`;
      continue;
    }
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (el.tagName === 'A') {
      const href = (el.getAttribute('href') ?? '').trim().toLowerCase();
      if (href.startsWith('tel:') || href.startsWith('mailto:')) contact = true;
    }
    if (name === undefined && CARD_NAME_TAGS.has(el.tagName)) {
      const t = el.text.slice(0, 200).replace(/\s+/g, ' ').trim();
      if (t.length >= 3 && t.length <= 120 && /\p{L}{2}/u.test(t) && !LABEL.test(t) && !LABELLED.test(t) && !t.includes('@')) name = SECTION_TITLE.test(t) ? null : t;
    }
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  // (Whitespace collapsed first: a template's indentation inside a number, '0661 23\n        45 67', still makes one.)
  if (!contact) contact = text.includes('@') || /\d(?:[\s.()-]{0,3}\d){7}/.test(asciiDigits(text).replace(/\s+/g, ' '));
  return { name: name ?? undefined, contact };
}

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII (the cards of Arabic pages). */
function asciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** An element's shape among its siblings: its tag and its first class word. */
function shape(el: HTMLElement): string {
  return `${el.tagName}.${el.classList.length > 0 ? el.classList.value[0] : ''}`;
}

/** Most levels climbed from a page's title through the wrappers of its heading ({@link titleBlock}). */
const MAX_TITLE_WRAPPERS = 3;
/** Longest text of a wrapper of a title's heading: the title, a subtitle, a badge. */
const MAX_TITLE_WRAPPER_TEXT = 300;

/**
 * The block a page's title (h1) heads: its parent, or, when that parent only wraps the heading
 * (a theme's `<header class="entry-header"><div class="header-content"><h1>…</h1><span class="entry-subtitle">`:
 * a header or hgroup, or a block of short text without a contact), the first block above such
 * wrappers (the post's `<article>`). Undefined when that is the page's body or main.
 */
function titleBlock(h1: HTMLElement): HTMLElement | undefined {
  let block = h1.parentNode;
  for (let i = 0; i < MAX_TITLE_WRAPPERS && block && !isPageFrame(block) && block.parentNode && wrapsTitle(block); i++) block = block.parentNode;
  return block && !isPageFrame(block) ? block : undefined;
}

/**
 * Whether a block only wraps a title's heading: a header or hgroup showing no contact, or short
 * text showing none inside one (`<header><div class="header-content"><h1>`). A `<div
 * class="page-title">` of its own is the title's block: the cards beside it are others'.
 */
function wrapsTitle(block: HTMLElement): boolean {
  const tag = block.tagName;
  const inHeader = block.parentNode?.tagName === 'HEADER' || block.parentNode?.tagName === 'HGROUP';
  if (tag !== 'HEADER' && tag !== 'HGROUP' && !inHeader) return false;
  if (readCard(block).contact) return false;
  return tag === 'HEADER' || tag === 'HGROUP' || block.text.length <= MAX_TITLE_WRAPPER_TEXT;
}

/**
 * Removes, from a company's own page, groups of two or more sibling cards of one shape that each
 * name a company (a heading, a link or bold text that is not a field label, names that differ)
 * and show a contact (a number, an e-mail, a tel: or mailto: link), when the page has a title
 * (h1) that is in none of them: the page's own company is the block around its title, the
 * cards beside it are other companies'. Cards inside the title's own block (the h1's parent, or
 * the block above the wrappers of its heading ({@link titleBlock}), unless that is the page's
 * body or main: an article holding the name and "Nos 2 agences") are
 * the company's branches and stay, and so do cards beside the title itself or beside a block
 * holding it (a page's 'Siège' and 'Agence de …' sections). A page without an h1 is left as it is.
 */
export function removeOtherCompanyCards(root: HTMLElement): void {
  const elements = descendants(root);
  const h1 = elements.find((el) => el.tagName === 'H1');
  if (!h1) return;
  const aroundTitle = new Set<HTMLElement>();
  for (let a: HTMLElement | null = h1; a; a = a.parentNode) aroundTitle.add(a);
  // The title's own block (an article, a 'fiche' div: not the page's body or main) is the company's: cards in it are its branches.
  const block = titleBlock(h1);
  const own = new Set(block ? [block, ...descendants(block)] : []);
  const remove: HTMLElement[] = [];
  for (const parent of [root, ...elements]) {
    // Cards beside the title itself, or beside a block holding it, are the page's own sections ('Siège', 'Agence de …').
    if (own.has(parent) || aroundTitle.has(parent)) continue;
    const byShape = new Map<string, HTMLElement[]>();
    for (const c of parent.childNodes) {
      if (c.nodeType !== 1) continue;
      const kid = c as HTMLElement;
      const key = shape(kid);
      const list = byShape.get(key);
      if (list) list.push(kid);
      else byShape.set(key, [kid]);
    }
    for (const group of byShape.values()) {
      if (group.length < 2) continue;
      const cards = group.map(readCard);
      const names = new Set(cards.map((c) => c.name?.toLowerCase()));
      if (cards.every((c) => c.name !== undefined && c.contact) && names.size === cards.length) remove.push(...group);
    }
  }
  for (const el of remove) el.remove();
}
