/**
 * The "parse once" stage: a decoded page becomes one tree (node-html-parser), its depth capped
 * as browsers cap it, and every later stage reads that tree with the walks below instead of
 * asking the selector engine again and again.
 *
 * Why walks and not selectors: css-select compiles a selector at every call and visits the
 * whole subtree, and node-html-parser parses (and entity-decodes) all of an element's
 * attributes the first time one is asked for. Reading a 100 KB listing page with selectors cost
 * about ten times what parsing it cost. Here the page is walked once to list its elements by
 * tag, an item's subtree once to gather what its fields are read from ({@link ItemParts}), and
 * attributes are looked at in the raw attribute text before being parsed. Every walk uses an
 * explicit stack, so a page nested 40,000 deep costs what 40,000 siblings cost.
 */
import { parse, type HTMLElement, type Node, type TextNode } from 'node-html-parser';
import { applyStylesheetBold, COMPANY_NAME_LABEL, describedIconText, isDisclosureLabel, isInlineBold } from './labels';
import { divTables, isLabelCellText, pairedColumns, splitSideBySideRecords, transposeTables } from './tables';
import { revealCloakedEmails, showReversedText } from './cloak';
import { disclosedPanels } from './disclosure';
import { revealPopovers } from './popovers';
import { fold, isSpace } from '../platform/text';
import { balanceTags } from './nesting';
import { unnestUnclosedEntries } from './unclosed';
import { attachShadowRoots } from './shadow';
import { showNoscriptViews } from './noscript';
import { showFramedDocuments } from './srcdoc';
import { showCardTemplates } from './templates';
import { isDateElement, shortText } from './nodeText';

/** Deepest element nesting kept, as browsers do (Blink's parser stops nesting at 512). */
export const MAX_DEPTH = 512;

/** A parsed page: its root and its elements by (upper-case) tag name, in document order. */
export interface ParsedPage {
  root: HTMLElement;
  byTag(tag: string): HTMLElement[];
  /** Every element, in document order (as parsed: elements removed later are still listed). */
  elements: HTMLElement[];
}

/** Parses a page once: scripts, styles and `pre` kept as raw text, comments dropped, depth capped. */
export function parsePage(html: string): ParsedPage {
  let root = parse(html, PARSE_OPTIONS);
  // (Capped, listed, kept and grouped by tag in one walk.)
  let elements: HTMLElement[] = [];
  let tags = new Map<string, HTMLElement[]>();
  // (Each raw tag name upper-cased once per page.)
  const upper = new Map<string, string>();
  const walk = () => {
    elements = [];
    tags = new Map();
    capDepth(root, MAX_DEPTH, (el) => {
      elements.push(el);
      const raw = el.rawTagName;
      let tag = upper.get(raw);
      if (tag === undefined) {
        tag = el.tagName;
        upper.set(raw, tag);
      }
      keep(el, tag);
      const list = tags.get(tag);
      if (list) list.push(el);
      else tags.set(tag, [el]);
    });
  };
  walk();
  // A page typed by hand whose tags were left open or misnested lost its body, lists and cells in
  // the parse (node-html-parser drops every element left open): written again with the end tags a
  // browser implies, then parsed again (rare: once).
  if (!tags.has('BODY') && BODY_TAG.test(html)) {
    root = parse(balanceTags(html), PARSE_OPTIONS);
    walk();
  }
  // Entries left open (a card's `</div>`s forgotten), each later one nested in it, are put back one after the other, as the list shows them (rare: once).
  if (unnestUnclosedEntries(elements, classText)) walk();
  // Web components rendered on the server: each declarative shadow root shown in place of its host's children, as a browser shows it (rare: once).
  const templates = tags.get('TEMPLATE');
  if (templates && attachShadowRoots(templates)) walk();
  // Cards kept whole in `<template>` elements a script clones into the page are read as shown (rare: once).
  const cardTemplates = tags.get('TEMPLATE');
  if (cardTemplates && showCardTemplates(cardTemplates)) walk();
  // A document framed inline (`<iframe srcdoc="…">`, its markup escaped in the attribute) is read where the frame shows it (rare: once).
  const iframes = tags.get('IFRAME');
  if (iframes && showFramedDocuments(iframes, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // An app shell whose content is written in a `<noscript>` (Discourse's view without scripts) is read as a browser without scripts shows it (rare: once).
  const noscripts = tags.get('NOSCRIPT');
  if (noscripts && showNoscriptViews(noscripts, tags.get('BODY')?.[0], (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Tables of one company per column are rewritten one company per row, then the page walked again (rare: once).
  const tables = tags.get('TABLE');
  if (tables && transposeTables(tables, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Tables of several companies side by side in each row, each over several columns, are rewritten one company per row, then the page walked again (rare: once).
  if (tables && splitSideBySideRecords(tables, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Tables built of divs (a published database, a data grid) are rewritten as tables, then the page walked again (rare: once).
  if (divTables(elements, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Labels and values in two parallel lists lined up by the stylesheet are paired by position (rare: once).
  if (pairedColumns(elements, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Bold given by the page's stylesheet to a class (a site builder's name spans) is read as inline bold.
  const styles = tags.get('STYLE');
  if (styles) applyStylesheetBold(styles, elements);
  // E-mails a CMS cloaks (Joomla's script or hidden-mail element) become text where they stand.
  revealCloakedEmails([...(tags.get('SCRIPT') ?? []), ...(tags.get('JOOMLA-HIDDEN-MAIL') ?? [])]);
  // Text typed backwards and shown the right way round by a bidi override (an address against robots) is read as shown.
  showReversedText(elements);
  // What a popover or a tooltip shows (an agency's contacts behind a button) is content, written after its control.
  if (revealPopovers(elements, (fragment) => parse(fragment, PARSE_OPTIONS))) walk();
  // Panels a control opens (member modals, agency tab panes) are content, named by their control when they name nothing.
  const disclosed = disclosedPanels(elements);
  if (disclosed.named) walk();
  // (A panel inside another already marked is not walked again: panels nested deep cost one walk.)
  for (const panel of disclosed.panels) {
    const stack: HTMLElement[] = [panel];
    while (stack.length > 0) {
      const el = stack.pop()! as Kept;
      if (el !== panel && el.keptDisclosed) continue;
      el.keptDisclosed = true;
      for (const c of el.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
    }
  }
  // The widget around a control and its panel (a tabs widget classed 'nav-not-justified') is content too.
  for (const holder of disclosed.holders) (holder as Kept).keptHoldsDisclosed = true;
  return { root, elements, byTag: (tag) => tags.get(tag) ?? [] };
}

/**
 * node-html-parser's void elements, and `frame` (void in HTML, unknown to the parser: a
 * `<frameset>` of unclosed `<frame>`s lost every frame but the first).
 */
const VOID_TAGS = ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'frame'];
const PARSE_OPTIONS = { comment: false, blockTextElements: { script: true, noscript: true, style: true, pre: true }, voidTag: { tags: VOID_TAGS } };

/** A `<body>` start tag, in any case. */
const BODY_TAG = /<body[\s>]/i;

/** One descriptor for every element's own `tagName` ({@link keep}). */
const OWN_TAG = { value: '', writable: true, configurable: true, enumerable: false };

/**
 * Gives an element of a page being read its own upper-case `tagName` (`tag`) and the properties
 * {@link Kept} on it, unset: every element of a page then has one shape, and the stages' property
 * reads stay fast (monomorphic) instead of meeting elements of several shapes.
 */
export function keep(el: HTMLElement, tag: string): void {
  // node-html-parser upper-cases the raw tag name at every read of `tagName`, and the stages
  // read it tens of times per element: each element keeps its own (the same string).
  OWN_TAG.value = tag;
  Object.defineProperty(el, 'tagName', OWN_TAG);
  const kept = el as Kept;
  kept.keptClassText = undefined;
  kept.keptClassAndId = undefined;
  kept.keptClassWords = undefined;
  kept.keptShape = undefined;
  kept.keptRawLower = undefined;
  kept.keptRaw = undefined;
  kept.keptDisclosed = undefined;
  kept.keptHoldsDisclosed = undefined;
  const raw = el.rawAttrs;
  if (raw.length > MIN_NESTED_ATTRS && (repeats(raw, 'class') || repeats(raw, 'id'))) ownClassAndId(el);
  // node-html-parser adds these when an element's attributes are first asked for (it tests
  // them for truth): set on every element from the start, for the same shape.
  const lazy = el as unknown as { _attrs: unknown; _rawAttrs: unknown };
  lazy._attrs = undefined;
  lazy._rawAttrs = undefined;
}

/** Shortest raw attribute text that can hold a `class=` or `id=` inside another attribute's value. */
const MIN_NESTED_ATTRS = 30;

/** Whether a word occurs twice or more in a text. */
function repeats(text: string, word: string): boolean {
  const at = text.indexOf(word);
  return at !== -1 && text.indexOf(word, at + word.length) !== -1;
}

/**
 * Gives an element the class and id its own attributes hold. node-html-parser reads them with a
 * pattern run over all the raw attribute text and keeps the last match, so a `class="…"` or
 * `id="…"` written inside another attribute's value (HTML in a JSON state, Discourse's
 * `data-preloaded` with its posts' cooked markup) became the element's (a hidden data holder
 * classed 'custom-footer', read as the page's footer). Its attributes, parsed one after the other,
 * tell them right (rare: an element with either word twice in its attributes).
 */
function ownClassAndId(el: HTMLElement): void {
  const cls = el.getAttribute('class') ?? '';
  const own = cls.split(/\s+/).filter(Boolean);
  if (own.join(' ') !== el.classList.value.join(' ')) (el.classList as unknown as { _set: Set<string> })._set = new Set(own);
  el.id = el.getAttribute('id') ?? '';
}

/** The tree of a page (see {@link parsePage}). */
export function parseHtml(html: string): HTMLElement {
  const root = parse(html, PARSE_OPTIONS);
  capDepth(root, MAX_DEPTH);
  return root;
}

/**
 * Caps the tree's depth: the descendants of an element at depth `max` become its direct
 * children, in document order. Browsers build such pages the same way, and the selector
 * engine (recursive) then never meets a page nested 40,000 deep. One walk, in document order,
 * which hands each element under the root to `visit` when given (in the order {@link descendants}
 * would list them once capped), before its children.
 */
function capDepth(root: HTMLElement, max: number, visit?: (el: HTMLElement) => void): void {
  // Elements to visit, and beside each its depth (two arrays: no object per element).
  const stack: HTMLElement[] = [];
  const depths: number[] = [];
  const push = (el: HTMLElement, depth: number) => {
    const kids = el.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) {
      if (kids[i].nodeType !== 1) continue;
      stack.push(kids[i] as HTMLElement);
      depths.push(depth);
    }
  };
  push(root, 1);
  while (stack.length > 0) {
    const el = stack.pop()!;
    const depth = depths.pop()!;
    if (visit) visit(el);
    if (depth === max) flatten(el);
    push(el, depth + 1);
  }
}

/** Makes every node under `el` a direct child of it, in document order. */
function flatten(el: HTMLElement): void {
  const flat: Node[] = [];
  const pending = [...el.childNodes].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    flat.push(node);
    node.parentNode = el;
    if (node.nodeType === 1 && node.childNodes.length > 0) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) pending.push(node.childNodes[i]);
      node.childNodes = [];
    }
  }
  el.childNodes = flat;
}

/** The elements under `el` (not `el` itself), in document order. */
export function descendants(el: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  const stack: Node[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    out.push(node as HTMLElement);
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/**
 * Whether an element has an attribute. The raw attribute text is looked at first, so an element
 * whose attributes cannot hold the name is never parsed.
 */
export function hasAttr(el: HTMLElement, name: string): boolean {
  const raw = el.rawAttrs;
  if (raw.length < name.length) return false;
  if (!raw.includes(name)) {
    // Upper-case attribute names ('DATA-PHONE'): the raw text lower-cased, once per element.
    const kept = el as Kept;
    let lower = kept.keptRawLower;
    if (lower === undefined || kept.keptRaw !== raw) {
      lower = /[A-Z]/.test(raw) ? raw.toLowerCase() : raw;
      kept.keptRawLower = lower;
      kept.keptRaw = raw;
    }
    if (lower === raw || !lower.includes(name)) return false;
  }
  return el.hasAttribute(name);
}

/** An attribute's value (entities decoded), or undefined; see {@link hasAttr}. */
export function attrOf(el: HTMLElement, name: string): string | undefined {
  return hasAttr(el, name) ? el.getAttribute(name) : undefined;
}

/** Most rows looked back over for a cell spanning down onto a row (a record's rows are few). */
const MAX_SPAN_LOOKBACK = 8;

/**
 * The row whose cell spans down onto a details row (a table where each record takes two rows: the
 * N° cell of its first row spanning both, its second row one cell across the other columns with
 * the address and contacts): the nearest earlier row among the few before it (`rows`, its
 * siblings, `at` its position) with a `rowspan` reaching it, when that row has several cells and
 * the details row is one cell across columns (`colspan`). Undefined otherwise.
 */
export function spanningRowAbove(rows: readonly HTMLElement[], at: number): HTMLElement | undefined {
  const tdOf = (r: HTMLElement) => r.childNodes.filter((c): c is HTMLElement => (c as HTMLElement).tagName === 'TD' || (c as HTMLElement).tagName === 'TH');
  const own = rows[at] ? tdOf(rows[at]) : [];
  if (own.length !== 1 || !(Number.parseInt(attrOf(own[0], 'colspan') ?? '1', 10) > 1)) return undefined;
  for (let i = at - 1; i >= 0 && at - i <= MAX_SPAN_LOOKBACK; i--) {
    const list = tdOf(rows[i]);
    if (list.length < 2) continue;
    const reach = list.reduce((most, c) => Math.max(most, Math.min(50, Number.parseInt(attrOf(c, 'rowspan') ?? '1', 10) || 1)), 1);
    return i + reach > at ? rows[i] : undefined;
  }
  return undefined;
}

/**
 * An element's class words joined by single spaces, as written (`classList.value.join(' ')`).
 * Kept per element: the stages ask each element for its classes many times, node-html-parser
 * builds a new array at every `classList.value`, and classes never change while a page is read.
 */
export function classText(el: HTMLElement): string {
  if (el.classList.length === 0) return '';
  const kept = el as Kept;
  let text = kept.keptClassText;
  if (text === undefined) {
    text = el.classList.value.join(' ');
    kept.keptClassText = text;
  }
  return text;
}

/**
 * What is kept on an element while its page is read (own properties, set to undefined for every
 * element by {@link parsePage} so that all elements keep one shape; a WeakMap cost more than what
 * it saved, its look-ups and the collector's ephemeron work included).
 */
export interface Kept extends HTMLElement {
  keptClassText?: string;
  keptClassAndId?: string;
  keptClassWords?: readonly string[];
  /** Its shape among its siblings (tag and main class word: see repeatedItems). */
  keptShape?: string;
  /** Its raw attribute text lower-cased (the same string when it has no upper case), and the raw text it was made from. */
  keptRawLower?: string;
  keptRaw?: string;
  /** Set when it is, or stands in, a panel a control discloses (see disclosure.ts): content, whatever its classes say. */
  keptDisclosed?: boolean;
  /** Set when it holds such a panel and the control that opens it (a tabs widget): not chrome by its class words. */
  keptHoldsDisclosed?: boolean;
}

/** The raw `class` and `id` of an element, lower-cased, read without parsing its other attributes (kept per element, see {@link classText}). */
export function classAndId(el: HTMLElement): string {
  if (el.classList.length === 0 && !el.id) return '';
  const kept = el as Kept;
  let both = kept.keptClassAndId;
  if (both === undefined) {
    const cls = classText(el);
    both = (el.id ? `${cls} ${el.id}` : cls).toLowerCase();
    kept.keptClassAndId = both;
  }
  return both;
}

/** Elements node-html-parser's `structuredText` puts on lines of their own. */
const BLOCKS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HGROUP', 'DETAILS', 'DIALOG', 'DD', 'DIV', 'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'TABLE', 'TD', 'TR', 'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BR', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'UL']);

/** A text node's text, entities decoded only when it has any. */
function textOfNode(node: TextNode): string {
  const raw = node.rawText;
  return raw.includes('&') ? node.text : raw;
}

/**
 * The text of an element with block elements on lines of their own and whitespace runs as one
 * space: what node-html-parser's `structuredText` gives, from one iterative walk.
 */
export function blockText(el: HTMLElement): string {
  return readParts(el, false).text;
}

/** What one item's fields are read from, gathered in one walk of its subtree. */
export interface ItemParts {
  /** Links (`a[href]`) under the item, in document order. */
  anchors: HTMLElement[];
  /** The values of the item's and its descendants' data-* contact attributes, by attribute name. */
  data: Map<string, string[]>;
  /** The first heading (h1-h6), the first h1. */
  heading?: HTMLElement;
  h1?: HTMLElement;
  /** The first element that names itself the name (`itemprop=name`, a class with name/nom/title/titre/raison). */
  named?: HTMLElement;
  /** The first hCard / microformats name (class word `fn`, `org`, `p-name`, `p-org`): the name the entry declares; never its author's (a WordPress byline's `author vcard`). */
  card?: HTMLElement;
  /** hCard `tel` elements (class word `tel`), in document order. */
  tels: HTMLElement[];
  /** The first bold element. */
  bold?: HTMLElement;
  /** The first `<summary>`: an accordion entry's (`<details>`) visible line, its name. */
  summary?: HTMLElement;
  /** The first term of a definition list (an entry written `<dt>name</dt><dd>…</dd>`). */
  term?: HTMLElement;
  /**
   * The value of the first labelled name field of a label/value record: the element after a
   * `<dt>`, `<th>` or `<label>` that reads 'Raison sociale', 'Nom', 'Entreprise', 'Dénomination'...
   */
  labelledName?: HTMLElement;
  /** The value written as text after the first name label set inline ('<strong>Nom :</strong> X': 'X'; see {@link isInlineNameLabel}). */
  labelledText?: string;
  /** The first element whose class says activity/sector/category. */
  activity?: HTMLElement;
  /** The item's text, blocks on lines of their own (see {@link blockText}). */
  text: string;
  /** Its raw text and attributes (entities as written), where e-mails are looked for. */
  raw: string;
}

/** The prefix of a Phoenix LiveView control's event params (`phx-value-id`, `phx-value-numero`). */
const LIVEVIEW_VALUE = 'phx-value-';

/** Whether an element's raw attributes may hold a contact attribute ({@link contactAttr}): a data-* or a LiveView `phx-value-*` one. */
export function hasDataAttrs(rawAttrs: string): boolean {
  return rawAttrs.includes('data-') || rawAttrs.includes('DATA-') || rawAttrs.includes(LIVEVIEW_VALUE);
}

/** data-* attributes that hold a phone, a fax or an e-mail (a number behind an "Afficher le numéro" button). */
export const CONTACT_DATA_ATTRS = ['data-phone', 'data-tel', 'data-telephone', 'data-mobile', 'data-gsm', 'data-phone-number', 'data-numero', 'data-number', 'data-fax', 'data-email', 'data-mail'];

const VAGUE_CONTACT_WORD = /^(?:num|nums|numero|numeros|number|numbers|contact|contacts|coordonnee|coordonnees)\d?$/;
/** Words that rank or qualify a number without saying what it is (data-numero-alt, data-second-number). */
const RANK_WORDS = new Set(['alt', 'alternatif', 'alternative', 'alternate', 'autre', 'other', 'bis', 'ter', 'second', 'secondaire', 'secondary', 'deuxieme', 'troisieme', 'third', 'premier', 'first', 'principal', 'primary', 'main', 'direct', 'pro', 'perso', 'bureau', 'office', 'full', 'complet', 'value', 'val', 'reel', 'real', 'plain', 'clair']);

/**
 * The contact a data-* attribute holds, by its name: one of {@link CONTACT_DATA_ATTRS} as is;
 * others by their words, singular or plural (data-num-tel, data-phone2, data-phones, data-contact-mobile: 'data-phone'; data-fax2:
 * 'data-fax'; data-contact-email: 'data-email'); data-num, data-num-2, data-num_1, data-numero-alt, data-second-number,
 * data-contact, data-contact-autre, and a Stimulus value or action param of `el` named by a contact word
 * ({@link isStimulusContact}: data-reveal-number-param): 'data-contact' (a phone or an e-mail, by its value).
 * Undefined for any other attribute.
 */
export function contactAttr(attr: string, el?: HTMLElement): string | undefined {
  const lower = attr.toLowerCase();
  // A Phoenix LiveView control sends its `phx-value-*` attributes as its event's params (phx-value-numero on an
  // 'Afficher le numéro' button): read by their names as data-* attributes are.
  const name = lower.startsWith(LIVEVIEW_VALUE) ? `data-${lower.slice(LIVEVIEW_VALUE.length)}` : lower;
  if (!name.startsWith('data-')) return undefined;
  if (CONTACT_DATA_ATTRS.includes(name)) return name;
  const words = name.slice(5).split(/[-_]/);
  if (words.some((w) => /^(?:fax|telecopie)s?\d?$/.test(w))) return 'data-fax';
  if (words.some((w) => /^(?:e?mail|courriel)s?\d?$/.test(w))) return 'data-email';
  if (words.some((w) => /^(?:phone|tel|telephone|mobile|gsm|portable|numtel|numerotel|whatsapp|cellulaire)s?\d?$/.test(w))) return 'data-phone';
  // A number or a contact by a vaguer name (data-num, data-num-2, data-numero-alt, data-second-number, data-contact):
  // a phone or an e-mail by its value; its other words only say which one (a rank, 'alt', 'bis', 'autre' ...).
  if (words.some((w) => VAGUE_CONTACT_WORD.test(w)) && words.every((w) => VAGUE_CONTACT_WORD.test(w) || /^\d{1,2}$/.test(w) || RANK_WORDS.has(w))) return 'data-contact';
  const last = words.length - 1;
  if (el && last >= 2 && (words[last] === 'value' || words[last] === 'param') && VAGUE_CONTACT_WORD.test(words[last - 1]) && isStimulusContact(name, el)) return 'data-contact';
  if (el && revealsNumber(el, attr)) return 'data-contact';
  return undefined;
}

/** A data attribute's value written as one whole phone number: a leading 0 or +, then 8 to 24 digits, spaces, dots, dashes or brackets (`+213 (0) 661 22 33 44`). Bounded: linear. */
const WRITTEN_NUMBER = /^(?:\+|0)[\d .()-]{8,24}$/;
/** Folded text of a control that shows or dials the number it holds: 'Afficher le numéro', 'Voir le téléphone', 'Show phone number', 'Appeler', 'إظهار الرقم', 'اتصل' (folded: no hamza). Anchored, bounded words: linear. */
const REVEAL_TEXT = /^(?:(?:afficher|voir|montrer|reveler|devoiler|obtenir|show|view|see|reveal|display|get)(?: (?:le|la|les|son|ses|mon|the|this|phone|telephone)){0,2} (?:numero|numeros|n°|telephone|tel|number|numbers|phone|coordonnees)(?![\p{L}\p{N}])|(?:appeler|appelez|call|اتصل)(?![\p{L}\p{N}])|(?:اظهار|عرض) (?:ال)?رقم)/u;

/**
 * Whether a data attribute named in the site's own words (data-ligne, data-ligne-2) holds a number
 * behind a reveal control: its element a button or link (or role=button) whose short text says it
 * shows or dials a number ({@link REVEAL_TEXT}: 'Afficher le numéro', 'Appeler'), and its value
 * written as one whole number ({@link WRITTEN_NUMBER}: '0553648946', '+21341305099'; a reference
 * 'OA4300' or a row's index is none). Bounded: the value's 40 characters, the control's 60.
 */
function revealsNumber(el: HTMLElement, attr: string): boolean {
  const v = el.getAttribute(attr);
  if (v === undefined || v.length > 40 || !WRITTEN_NUMBER.test(v.trim())) return false;
  if (el.tagName !== 'BUTTON' && el.tagName !== 'A' && el.getAttribute('role') !== 'button') return false;
  const text = shortText(el, 60);
  return text !== undefined && text.length <= 60 && REVEAL_TEXT.test(fold(text));
}

/** Most ancestors looked at for the controller an action param belongs to. */
const MAX_CONTROLLER_DEPTH = 40;
/**
 * Words of a controller's identifier that name a numbered thing that is no contact: its 'number'
 * is an order's, an invoice's, a page's (data-order-number-value on an 'order' controller).
 */
const NUMBERED_THINGS = new Set(['order', 'orders', 'commande', 'invoice', 'facture', 'cart', 'panier', 'checkout', 'page', 'pages', 'pagination', 'pager', 'rc', 'registre', 'nif', 'nis', 'ticket', 'tracking', 'suivi', 'colis', 'shipment', 'quote', 'devis', 'step', 'etape', 'slide', 'slider', 'carousel', 'counter', 'compteur', 'quantity', 'quantite', 'account', 'compte', 'payment', 'paiement', 'version']);

/**
 * Whether a data attribute (lower case) is a Stimulus value or action param whose name is a contact
 * word alone: Stimulus reads data-<identifier>-<name>-value on the element that declares the
 * controller (`data-controller`, identifiers separated by spaces, '--' for a folder: 'admin--reveal')
 * and data-<identifier>-<name>-param on an action's element, the controller's or one under it. The
 * identifier is one declared there, stripped exactly; what is left must be only contact words
 * ('number', 'numero', 'contact': data-reveal-number-param on a 'reveal#show' button), not a
 * thing's number ('order-number'), and the controller no numbered thing of its own ({@link NUMBERED_THINGS}).
 * With no controller declared, Stimulus reads nothing and the attribute is no contact by this rule.
 */
function isStimulusContact(name: string, el: HTMLElement): boolean {
  const value = name.endsWith('-value');
  const body = name.slice(5, -6);
  let e: HTMLElement | null = el;
  for (let depth = 0; e !== null && depth < MAX_CONTROLLER_DEPTH; depth++, e = e.parentNode) {
    const declared = e.rawAttrs === '' ? undefined : attrOf(e, 'data-controller');
    if (declared) {
      for (const id of declared.slice(0, 300).toLowerCase().split(/\s+/)) {
        if (id === '' || !body.startsWith(`${id}-`)) continue;
        const rest = body.slice(id.length + 1).split('-');
        if (rest.every((w) => VAGUE_CONTACT_WORD.test(w)) && !id.split('-').some((w) => NUMBERED_THINGS.has(w))) return true;
      }
    }
    // (A value is read on the controller's own element only.)
    if (value) break;
  }
  return false;
}

const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const NAME_CLASS = /name|nom|title|titre|raison/;
/**
 * A class saying subtitle ('post-subtitle', 'entry-subtitle', 'sub-title', 'sous-titre', 'subheading', 'tagline'): the line
 * written under a name (its category, its slogan), never the name nor part of it. Linear: no nested quantifier.
 */
const SUBTITLE_CLASS = /(?:^|[^a-z])(?:sub[-_]?(?:title|heading)|sous[-_]?titre|tagline)(?![a-z])/i;

/** Whether an element is classed as a subtitle ({@link SUBTITLE_CLASS}): a name's element leaves it out. */
export function isSubtitle(el: HTMLElement): boolean {
  const cls = classText(el);
  return cls !== '' && SUBTITLE_CLASS.test(cls.length > 1000 ? cls.slice(0, 1000) : cls);
}
/** Most nodes of an element a name class names looked at ({@link isBlockContainer}). */
const MAX_NAMED_NODES = 40;

/**
 * Whether an element is a container of blocks, not a name: a block inside it holds blocks of its
 * own, or it has more than {@link MAX_NAMED_NODES} nodes (a card classed by its content type's
 * name, `sabai-entity-bundle-name-directory-listing`, inside a wrapper: its title is inside it).
 * A name's element holding its heading and link (`<div class="nom"><h3><a>…`) is none.
 */
function isBlockContainer(el: HTMLElement): boolean {
  if (el.childNodes.length > MAX_NAMED_NODES) return true;
  const stack: Node[] = [...el.childNodes];
  let nodes = 0;
  while (stack.length > 0) {
    const n = stack.pop()!;
    // (A node with more children than the bound would pass it: its children are not walked.)
    if (++nodes > MAX_NAMED_NODES || n.childNodes.length > MAX_NAMED_NODES) return true;
    if (n.nodeType !== 1) continue;
    const tag = (n as HTMLElement).tagName;
    if (BLOCKS.has(tag) && tag !== 'BR' && n.childNodes.some((c) => c.nodeType === 1 && BLOCKS.has((c as HTMLElement).tagName) && (c as HTMLElement).tagName !== 'BR')) return true;
    for (const c of n.childNodes) stack.push(c);
  }
  return false;
}
/** hCard (fn, org) and microformats2 (p-name, p-org) class words of a name. */
const CARD_NAME_WORDS = new Set(['fn', 'org', 'p-name', 'p-org']);
const ACTIVITY_CLASS = /activit|secteur|categor/;
/** Longest data-* value kept. */
const MAX_ATTR = 200;

const BLOCK_END = 1;
const INLINE_END = 2;

/** Elements icon fonts are written with (`<i class="fa fa-fax"></i>`, `<span class="icon-phone">`, an inline `<svg>`). */
const ICON_TAGS = new Set(['I', 'SPAN', 'EM', 'SVG']);
/** Class words of icon sets (Font Awesome, Bootstrap Icons, Glyphicons, Ionicons, Material Design Icons, Line Awesome, Tabler, Unicons...). */
const ICON_SETS = new Set(['fa', 'fas', 'far', 'fal', 'fab', 'fad', 'bi', 'icon', 'icons', 'glyphicon', 'ion', 'ionicons', 'mdi', 'la', 'las', 'lar', 'ti', 'uil', 'dashicons', 'ri', 'feather', 'lni']);
/** Longest class attribute read for an icon's meaning. */
const MAX_ICON_CLASS = 200;

/**
 * The label an icon stands for, by the words of its class names (Font Awesome `fa-fax`,
 * `fa-phone-alt`, `fa-mobile`, `fa-envelope-o`, a printer's `fa-print` for a fax; Bootstrap Icons `bi-telephone-fill`; `icon-fax`,
 * `glyphicon-earphone`..., a WhatsApp logo `fa-whatsapp`): 'Fax :', 'Tél :', 'E-mail :' or 'WhatsApp :', read as the label of the number (or
 * e-mail) written after it, the way a visible 'Fax :' is. Only an element with no text of its own
 * (an inline SVG's shapes aside) is an icon; undefined for any other element. A material icon
 * writes its meaning as text ('fax', 'phone'), which the text labels already read.
 */
export function iconLabel(el: HTMLElement): string | undefined {
  if (!ICON_TAGS.has(el.tagName)) return undefined;
  if (el.tagName === 'SVG') {
    const sprite = spriteLabel(el);
    if (sprite !== undefined) return sprite;
  }
  if (el.classList.length === 0) return undefined;
  if (el.tagName !== 'SVG' && el.childNodes.some((c) => c.nodeType === 1 || (c.nodeType === 3 && (c as TextNode).rawText.trim() !== ''))) return glyphLabel(el);
  const cls = classText(el).slice(0, MAX_ICON_CLASS).toLowerCase();
  const words = cls.split(/[\s_-]+/);
  // A <span> or <em> is an icon only by an icon set's class ('hidden-phone' on an empty span is not).
  if ((el.tagName === 'SPAN' || el.tagName === 'EM') && !words.some((w) => ICON_SETS.has(w))) return undefined;
  // A printer stands for the fax machine (Font Awesome has had `fa-fax` only since 4.5, and many lines keep `fa-print`):
  // an icon set's printer (`fa-print`, `bi-printer`), never a print-media class (`d-print-none`, `hidden-print`).
  if (words.some((w) => w === 'fax' || w === 'telecopie') || cls.split(/\s+/).some((t) => PRINTER_ICON.test(t))) return 'Fax :';
  if (words.some((w) => w === 'phone' || w === 'telephone' || w === 'mobile' || w === 'smartphone' || w === 'cellphone' || w === 'earphone' || w === 'tel')) return 'Tél :';
  if (words.some((w) => w === 'envelope' || w === 'email' || w === 'mail')) return 'E-mail :';
  // A WhatsApp logo before a number (Font Awesome's `fa-whatsapp`, `bi-whatsapp`) labels it as the word does,
  // but not outside the page's content: the site's own help box in an aside, its floating bubble.
  if (words.includes('whatsapp')) return siteWidget(el) ? undefined : 'WhatsApp :';
  return undefined;
}

/** Levels looked up from an icon for the site's own box around it ({@link siteWidget}). */
const MAX_WIDGET_DEPTH = 8;
/** The class of a site's floating or help box ('float-contact', 'sticky-whatsapp', 'chat-widget', 'help-box'). */
const WIDGET_CLASS = /(?:^|[\s_-])(?:float(?:ing)?|sticky|fixed|widget|bubble|chat|help|aide|support|sidebar)(?:$|[\s_-])/i;

/** Whether an icon stands in the site's own box rather than a page's content: an `<aside>`, a floating, sticky or help box. Bounded. */
function siteWidget(el: HTMLElement): boolean {
  let e: HTMLElement | null = el.parentNode;
  for (let depth = 0; e !== null && e.tagName !== undefined && depth < MAX_WIDGET_DEPTH; depth++, e = e.parentNode) {
    if (e.tagName === 'ASIDE' || WIDGET_CLASS.test(classText(e).slice(0, MAX_ICON_CLASS))) return true;
  }
  return false;
}

/** The label of an icon's name: a fax or a printer, a phone, an envelope ('Fax :', 'Tél :', 'E-mail :'), else undefined. */
function namedIconLabel(words: readonly string[]): string | undefined {
  if (words.some((w) => w === 'fax' || w === 'telecopie' || w === 'print' || w === 'printer' || w === 'printshop')) return 'Fax :';
  if (words.some((w) => w === 'phone' || w === 'telephone' || w === 'mobile' || w === 'smartphone' || w === 'cellphone' || w === 'call' || w === 'tel')) return 'Tél :';
  if (words.some((w) => w === 'envelope' || w === 'email' || w === 'mail')) return 'E-mail :';
  return undefined;
}

/**
 * Icon fonts' glyphs of a fax or printer, a phone, an envelope, by their code points: Material
 * Icons (print, local_printshop, fax; call, phone, local_phone, phone_android, phone_iphone,
 * smartphone, contact_phone, phone_in_talk; email, mail, mail_outline, alternate_email,
 * contact_mail) and Font Awesome (fax, print; phone, phone-alt, phone-square, mobile, mobile-alt;
 * envelope, envelope-o), each read only under its own set's class.
 */
const MATERIAL_GLYPHS = new Map<number, string>([
  [0xe8ad, 'Fax :'], [0xe555, 'Fax :'], [0xead8, 'Fax :'],
  [0xe0b0, 'Tél :'], [0xe0cd, 'Tél :'], [0xe551, 'Tél :'], [0xe324, 'Tél :'], [0xe325, 'Tél :'], [0xe32c, 'Tél :'], [0xe0cf, 'Tél :'], [0xe61d, 'Tél :'],
  [0xe0be, 'E-mail :'], [0xe158, 'E-mail :'], [0xe0e1, 'E-mail :'], [0xe0e6, 'E-mail :'], [0xe0d0, 'E-mail :'],
]);
const AWESOME_GLYPHS = new Map<number, string>([
  [0xf1ac, 'Fax :'], [0xf02f, 'Fax :'],
  [0xf095, 'Tél :'], [0xf879, 'Tél :'], [0xf098, 'Tél :'], [0xf10b, 'Tél :'], [0xf3cd, 'Tél :'],
  [0xf0e0, 'E-mail :'], [0xf003, 'E-mail :'],
]);
/** Longest text of an icon element read as a glyph or a ligature ('local_printshop'). */
const MAX_GLYPH_TEXT = 40;

/**
 * The label an icon font's element stands for by its text: a Material Icons / Symbols element
 * writes its glyph as a ligature (`<i class="material-icons">print</i>`) or as the glyph's code
 * point (`&#xE8AD;`), a Font Awesome one sometimes as its code point (`&#xf1ac;`). Only an element
 * of that set's class, whose whole text is one such name or code point; undefined otherwise.
 */
function glyphLabel(el: HTMLElement): string | undefined {
  if (el.childNodes.some((c) => c.nodeType === 1)) return undefined;
  const cls = classText(el).slice(0, MAX_ICON_CLASS).toLowerCase();
  const material = cls.includes('material');
  const words = cls.split(/[\s_-]+/);
  const awesome = words.some((w) => w === 'fa' || w === 'fas' || w === 'far' || w === 'fal' || w === 'fab' || w === 'fad' || w === 'fontawesome');
  if (!material && !awesome) return undefined;
  const raw = el.rawText;
  if (raw.length > MAX_GLYPH_TEXT * 8) return undefined;
  const text = el.text.trim();
  if (text.length === 0 || text.length > MAX_GLYPH_TEXT) return undefined;
  const code = text.codePointAt(0)!;
  if (text.length === 1 && code >= 0xe000 && code <= 0xf8ff) return (material ? MATERIAL_GLYPHS : AWESOME_GLYPHS).get(code);
  return material && /^[a-z_]{2,40}$/.test(text) ? namedIconLabel(text.split('_')) : undefined;
}

/** Most `<use>` elements of one SVG looked at. */
const MAX_SPRITE_USES = 4;

/**
 * The label an SVG sprite's icon stands for by the symbol it uses: `<svg><use
 * href="#icon-printer">` or `xlink:href="/sprite.svg#fax"` (the fragment's words, as an icon
 * class's). Undefined when it uses none, or one of another meaning.
 */
function spriteLabel(svg: HTMLElement): string | undefined {
  let seen = 0;
  for (const c of svg.childNodes) {
    if (c.nodeType !== 1) continue;
    if (++seen > MAX_SPRITE_USES) break;
    const use = c as HTMLElement;
    if (use.rawTagName.toLowerCase() !== 'use') continue;
    const href = (use.getAttribute('href') ?? use.getAttribute('xlink:href') ?? '').slice(0, MAX_ICON_CLASS);
    const hash = href.lastIndexOf('#');
    const name = (hash === -1 ? href.slice(href.lastIndexOf('/') + 1).replace(/\.svg$/i, '') : href.slice(hash + 1)).toLowerCase();
    const label = name === '' ? undefined : namedIconLabel(name.split(/[\s_.-]+/));
    if (label !== undefined) return label;
  }
  return undefined;
}

/** An icon set's printer class: `fa-print`, `bi-printer`, `glyphicon-print`, `las la-print`, `mdi-printer-outline`. */
const PRINTER_ICON = /^(?:fa[srlbd]?|bi|glyphicon|icon|la[sr]?|ti|ri|mdi|uil|bx|bxs|ion|zmdi|lni|feather)-print(?:er)?(?:-[a-z]{1,8})?$/;

/** Tags a label/value record writes its labels with. */
const FIELD_LABEL_TAGS = new Set(['DT', 'TH', 'LABEL']);

/**
 * A reference set in bold before an entry's text ('Réf. OA-58/03', 'Référence : 2024/117',
 * 'N° 9', 'المرجع: ١٢'): a reference word, then a code holding a digit, in capitals, digits and
 * punctuation only. A newsletter's business offers open so, the company named in bold inside the
 * sentence after it ('Réf. X — La société <b>Y</b>, …'): the reference is never the name.
 */
const REFERENCE_WORD = /^(?:r[ée]f(?:[ée]rence)?\.?|n[°º]|no\.|num[ée]ro|المرجع|مرجع)[ \t]?[:.]?[ \t]?/iu;
/** The code after a reference word: capitals, digits and their punctuation. */
const REFERENCE_CODE = /^[\p{Lu}\p{N} ./_–-]{1,24}$/u;

/** Whether an element's whole text is a reference ({@link REFERENCE_WORD}, then a code holding a digit). */
function isReference(el: HTMLElement): boolean {
  const text = el.text.slice(0, 60).trim();
  const word = text.length < 40 ? REFERENCE_WORD.exec(text) : null;
  const code = word ? text.slice(word[0].length) : '';
  return REFERENCE_CODE.test(code) && /\p{N}/u.test(code);
}

/** Longest label text read. */
const MAX_LABEL = 60;
/** A name field's label, alone (an optional colon): those of {@link COMPANY_NAME_LABEL} ('Raison sociale', 'Nom de l'établissement'...), and a bare 'Nom', 'Name', 'Company', 'الاسم'. */
const NAME_LABEL = new RegExp(String.raw`^(?:${COMPANY_NAME_LABEL}|nom|company|name|الاسم)[ \u00a0]{0,3}:?$`, 'iu');

/** Whether an element is a label of a name field (see {@link NAME_LABEL}); only short label elements are read. */
export function isNameLabel(el: HTMLElement): boolean {
  if (!FIELD_LABEL_TAGS.has(el.tagName)) return false;
  const text = el.rawText;
  if (text.length > MAX_LABEL * 4) return false;
  return NAME_LABEL.test(el.text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL));
}

/**
 * A company name's label set inline ({@link isInlineNameLabel}): those of {@link COMPANY_NAME_LABEL}, and
 * 'المؤسسة', 'الاسم'. A bare 'Nom :' / 'Name :' inline is a contact person's as often ('<b>Nom :</b>
 * Karim Benali <b>Fonction :</b> Gérant' under the company's own link) and names no record.
 */
const INLINE_NAME_LABEL = new RegExp(String.raw`^(?:${COMPANY_NAME_LABEL}|المؤسسة|الاسم)$`, 'iu');

/** Inline elements a field's label is set in before its value on the line ('<strong>Nom :</strong> X', '<span>Raison sociale :</span> X'). */
const INLINE_LABEL_TAGS = new Set(['STRONG', 'B', 'SPAN', 'LABEL', 'EM', 'I', 'U', 'FONT', 'SMALL']);

/**
 * Whether an element is a name field's label set inline before its value: an inline element (or one
 * made bold) whose whole text is a company name's label ending with a colon ({@link INLINE_NAME_LABEL}: 'Nom de
 * l'établissement :', 'Raison sociale :'), the next thing on its line a value with letters
 * (text, or an inline element's). A record of labelled fields names itself so, as a table's label cell does.
 */
export function isInlineNameLabel(el: HTMLElement): boolean {
  if (!INLINE_LABEL_TAGS.has(el.tagName) && !isInlineBold(el)) return false;
  const text = el.rawText;
  if (text.length > MAX_LABEL * 4) return false;
  if (!text.includes(':') && !text.includes('：')) return false;
  const label = el.text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL + 1);
  if (!/[:：]$/.test(label) || !INLINE_NAME_LABEL.test(label.slice(0, -1).trimEnd())) return false;
  return inlineLabelValue(el) !== undefined;
}

/** Longest value read after an inline label. */
const MAX_INLINE_VALUE = 200;
/** Most nodes beside an inline label for its value to be looked for after it. */
const MAX_LINE_NODES = 64;

/**
 * The value after an inline label on its line: the next text with letters (up to a line break), or
 * the next inline element or link when it comes first and has letters; undefined when none.
 */
function inlineLabelValue(el: HTMLElement): string | HTMLElement | undefined {
  const kids = el.parentNode?.childNodes ?? [];
  // (A field's line holds a few nodes: a longer run of them is a block of many fields, and the label is not looked up in it.)
  if (kids.length > MAX_LINE_NODES) return undefined;
  for (let i = kids.indexOf(el) + 1; i > 0 && i < kids.length; i++) {
    const n = kids[i];
    if (n.nodeType === 3) {
      const value = textOfNode(n as TextNode).slice(0, MAX_INLINE_VALUE).trim();
      if (value === '') continue;
      return /\p{L}{2}/u.test(value) ? value : undefined;
    }
    if (n.nodeType !== 1) continue;
    const next = n as HTMLElement;
    return (next.tagName === 'A' || (INLINE_LABEL_TAGS.has(next.tagName) && next.tagName !== 'LABEL')) && /\p{L}{2}/u.test(next.text.slice(0, MAX_INLINE_VALUE)) ? next : undefined;
  }
  return undefined;
}

/** Whether a table cell (`<td>`) reads as a name field's label ('Raison sociale', 'Dénomination :'). */
export function isNameLabelCell(el: HTMLElement): boolean {
  const text = el.rawText;
  if (text.length > MAX_LABEL * 4) return false;
  return NAME_LABEL.test(el.text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL));
}

/**
 * Whether an element has a class word of {@link CARD_NAME_WORDS} (its class words read in place:
 * `classList.value` makes an array). A microformats2 word ('p-name', 'p-org') counts only inside
 * an h-card or h-entry: elsewhere it is a site's own shorthand ('p-name', 'p-price' of a
 * product thumbnail in a seller's card), or the name of an h-product, never the company's.
 */
function isCardName(el: HTMLElement): boolean {
  for (const w of el.classList.values()) {
    if (CARD_NAME_WORDS.has(w)) return !w.startsWith('p-') || inCardRoot(el);
  }
  return false;
}

/** Ancestors looked at for a microformats2 root. */
const MAX_ROOT_DEPTH = 40;

/** Whether the nearest microformats2 root (a class word 'h-…') around an element, itself included, is an h-card or an h-entry. */
function inCardRoot(el: HTMLElement): boolean {
  let node: HTMLElement | null = el;
  for (let i = 0; node && i < MAX_ROOT_DEPTH; i++, node = node.parentNode) {
    if (!node.classList || node.classList.length === 0) continue;
    for (const w of node.classList.values()) if (w.startsWith('h-') && w.length > 2) return w === 'h-card' || w === 'h-entry';
  }
  return false;
}

/** Whether an element is the `type` of an hCard `tel` (`<span class="tel"><span class="type">fax</span>…`). */
export function isCardTelType(el: HTMLElement): boolean {
  return el.classList.length > 0 && el.classList.contains('type') && el.parentNode !== null && el.parentNode.classList?.contains('tel') === true;
}

/** The parts of an item (see {@link ItemParts}), from one walk of its subtree. */
export function itemParts(el: HTMLElement): ItemParts {
  return readParts(el, true);
}

/** Most ancestors looked at for the control a bold label is written in ({@link inDisclosureControl}). */
const MAX_CONTROL_DEPTH = 4;

/**
 * Whether an element is, or is inside (a few levels, below the entry), a control that shows or hides
 * a part of the page: a link or button carrying `aria-expanded`, `aria-controls`, or Bootstrap's
 * `data-toggle` / `data-bs-toggle` (PrestaShop's store card, `<a data-toggle="collapse"
 * aria-controls="about-2"><strong>À propos et contact</strong></a>` over its hidden contact part).
 * Its label says what the control opens, never whose the entry is.
 */
function inDisclosureControl(el: HTMLElement, entry: HTMLElement): boolean {
  let a: HTMLElement | null = el;
  for (let i = 0; a && a !== entry && i < MAX_CONTROL_DEPTH; i++) {
    if ((a.tagName === 'A' || a.tagName === 'BUTTON' || attrOf(a, 'role') === 'button') && a.rawAttrs !== '' && (hasAttr(a, 'aria-expanded') || hasAttr(a, 'aria-controls') || hasAttr(a, 'data-toggle') || hasAttr(a, 'data-bs-toggle'))) return true;
    a = a.parentNode as HTMLElement | null;
  }
  return false;
}

function readParts(el: HTMLElement, full: boolean): ItemParts {
  const parts: ItemParts = { anchors: [], tels: [], data: new Map(), text: '', raw: '' };
  const blocks: string[] = [];
  let line = '';
  let space = false;
  const raw: string[] = [];
  // (No closures here: a page reads its parts once per entry, and a closure is made at every call.)
  if (full) {
    readData(el, parts.data);
    if (el.rawAttrs) raw.push(el.rawAttrs);
  }
  // Entries: a node to visit, or an element's end: a block's ends its line, an inline one's is a space.
  const stack: (Node | typeof BLOCK_END | typeof INLINE_END)[] = [];
  for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === BLOCK_END) {
      if (line !== '') {
        endLine(line, blocks);
        line = '';
        space = false;
      }
      continue;
    }
    if (node === INLINE_END) {
      if (line !== '') space = true;
      continue;
    }
    if (node.nodeType === 3) {
      const rawText = (node as TextNode).rawText;
      if (full) raw.push(rawText);
      const text = textOfNode(node as TextNode);
      const trimmed = text.trim();
      if (trimmed === '') {
        if (line !== '') space = true;
      } else {
        // (Whitespace before or after it: its first or last character is one, as trim() reads them.)
        line += space || (line !== '' && isSpace(text.charCodeAt(0))) ? ` ${trimmed}` : trimmed;
        space = isSpace(text.charCodeAt(text.length - 1));
      }
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as HTMLElement;
    const tag = child.tagName;
    // An hCard tel's type ('work', 'fax', often hidden) is read by its tel, not as a label of the text after it.
    if (isCardTelType(child)) continue;
    if (full) {
      if (child.rawAttrs) raw.push(child.rawAttrs);
      readData(child, parts.data);
      if (tag === 'A' && hasAttr(child, 'href')) parts.anchors.push(child);
      if (HEADINGS.has(tag)) {
        // A date heading over a post's title (a blog's posts grouped by day) is no name: the block's heading is its first other one.
        if (parts.heading === undefined && !isDateElement(child)) parts.heading = child;
        if (tag === 'H1') parts.h1 ??= child;
      }
      // (A control's bold label after the entry's text that says what it opens, 'À propos et contact', names nothing; a toggle's bold name does.)
      if (parts.bold === undefined && (tag === 'STRONG' || tag === 'B' || isInlineBold(child)) && !isReference(child) && !((line !== '' || blocks.length > 0) && inDisclosureControl(child, el) && isDisclosureLabel(child.text.slice(0, 80)))) parts.bold = child;
      if (tag === 'SUMMARY') parts.summary ??= child;
      if (child.classList.length > 0 && child.classList.contains('tel')) parts.tels.push(child);
      if (parts.term === undefined && tag === 'DT') parts.term = child;
      if (parts.labelledName === undefined && FIELD_LABEL_TAGS.has(tag) && isNameLabel(child)) {
        // The value is the next sibling, unless that is a label too (a table's header row: 'Nom' then 'Tél').
        const value = child.nextElementSibling;
        if (value && !FIELD_LABEL_TAGS.has(value.tagName)) parts.labelledName = value;
      } else if (parts.labelledName === undefined && parts.labelledText === undefined && INLINE_LABEL_TAGS.has(tag) && isInlineNameLabel(child)) {
        // An inline label ('<strong>Nom :</strong> X'): its value is the text after it on its line, or the inline element after it.
        const value = inlineLabelValue(child);
        if (typeof value === 'string') parts.labelledText = value;
        else if (value) parts.labelledName = value;
      } else if (parts.labelledName === undefined && tag === 'TD' && isNameLabelCell(child)) {
        // A record table's label cell ('Raison sociale' | 'SARL X'): the next cell, unless it is a label too (a header row of plain cells).
        const value = child.nextElementSibling;
        if (value && value.tagName === 'TD' && !isLabelCellText(value.text.slice(0, 200))) parts.labelledName = value;
      }
      if (parts.named === undefined || parts.activity === undefined || parts.card === undefined) {
        const cls = classText(child);
        if (parts.card === undefined && cls !== '' && isCardName(child) && !inByline(child, el) && !holdsAuthorLink(child)) parts.card = child;
        if (parts.named === undefined && (NAME_CLASS.test(cls) || attrOf(child, 'itemprop') === 'name') && !isSubtitle(child) && !inByline(child, el) && !isBlockContainer(child)) parts.named = child;
        if (parts.activity === undefined && ACTIVITY_CLASS.test(cls)) parts.activity = child;
      }
    }
    // An icon font's fax, phone or envelope labels what follows it, as the word would; a picture of a number reads as the number.
    const icon = iconLabel(child) ?? describedIconText(child);
    if (icon !== undefined) {
      line += line !== '' ? ` ${icon}` : icon;
      space = true;
      continue;
    }
    if (BLOCKS.has(tag)) {
      if (line !== '') {
        endLine(line, blocks);
        line = '';
        space = false;
      }
      stack.push(BLOCK_END);
    } else if (tag === 'A' && isWordTelLink(child)) {
      // A tel: button showing a word ('Réservations', 'Appeler') names its own number: its line
      // ends with it, so that the word labels nothing after it ('Réservations' beside 'Fax · …').
      if (line !== '') space = true;
      stack.push(BLOCK_END);
    } else {
      if (line !== '') space = true;
      stack.push(INLINE_END);
    }
    const children = child.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  endLine(line, blocks);
  parts.text = blocks.join('\n');
  parts.raw = raw.join('\n');
  return parts;
}

/** Class words of a post's author line: who posted it (`message_owner_name`, `post-author`, `byline`; not `authorized-dealer` nor `authority-approved`). */
const BYLINE_CLASS = /author(?!i[sz]|it)|owner|byline/i;
/** Most ancestors looked at for an author line. */
const MAX_BYLINE_DEPTH = 8;

/**
 * Whether an element of an entry is, or is inside, the entry's author line (a class saying
 * author, owner or byline, or a `rel=author` link), below the entry's own element: a channel's
 * name on each of its posts (Telegram's web preview), a blog post's author. It names who posted
 * the entry, not the company the entry describes: never the entry's name (a seller written after
 * its label, 'Publié par X', is read as such before names are looked for).
 */
export function inByline(el: HTMLElement, entry: HTMLElement): boolean {
  let a: HTMLElement | null = el;
  for (let i = 0; a && a !== entry && i < MAX_BYLINE_DEPTH; i++) {
    if (BYLINE_CLASS.test(classText(a)) || (a.tagName === 'A' && /\bauthor\b/i.test(attrOf(a, 'rel') ?? ''))) return true;
    a = a.parentNode as HTMLElement | null;
  }
  return false;
}

/** Elements looked at, at most, for an author's link in an hCard name ({@link holdsAuthorLink}). */
const MAX_AUTHOR_WALK = 30;

/**
 * Whether an element is, or holds, a link to a post's author (`rel=author`, a WordPress `/author/x/`
 * page): Avada writes its byline `<span class="vcard"><span class="fn"><a rel="author">admin</a>`,
 * an hCard of who wrote the post, not of the company it describes. A bounded walk.
 */
function holdsAuthorLink(el: HTMLElement): boolean {
  const stack: HTMLElement[] = [el];
  for (let steps = 0; stack.length > 0 && steps < MAX_AUTHOR_WALK; steps++) {
    const e = stack.pop()!;
    if (e.tagName === 'A' && (/\bauthor\b/i.test(attrOf(e, 'rel') ?? '') || /\/author\//i.test(attrOf(e, 'href') ?? ''))) return true;
    for (const c of e.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  }
  return false;
}

/** Longest text of a tel: link looked at for digits. */
const MAX_TEL_LINK_TEXT = 200;

/** Whether a link is a tel: link whose text shows no number (a button's word or an icon). */
function isWordTelLink(a: HTMLElement): boolean {
  if (!a.rawAttrs.includes('tel:') && !a.rawAttrs.includes('TEL:')) return false;
  const href = a.getAttribute('href');
  if (href === undefined || !/^\s{0,3}tel:/i.test(href)) return false;
  if (a.rawText.length > MAX_TEL_LINK_TEXT) return false;
  return !/\d/.test(a.text);
}

/** Ends a line of {@link readParts}: its whitespace runs as one space, trimmed, kept unless empty. */
function endLine(line: string, blocks: string[]): void {
  const t = line.replace(/\s{2,}/g, ' ').trim();
  if (t !== '') blocks.push(t);
}

/** The data-* contact attributes of an element (see {@link ItemParts.data}) added to `data`. */
function readData(node: HTMLElement, data: Map<string, string[]>): void {
  const attrs = node.rawAttrs;
  if (!hasDataAttrs(attrs)) return;
  for (const [attr, v] of Object.entries(node.attributes)) {
    const name = contactAttr(attr, node);
    if (!name || !v) continue;
    const list = data.get(name);
    const value = v.length > MAX_ATTR ? v.slice(0, MAX_ATTR) : v;
    if (list) list.push(value);
    else data.set(name, [value]);
  }
}

/** Text written back into HTML a reader parses again (`&`, `<`, `>` escaped; attribute quotes are not needed there). */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
