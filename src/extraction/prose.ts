/**
 * Companies named in running prose: a news article or a blog post that presents a sector's
 * companies in sentences, each name in bold inside a paragraph and its contacts written after it
 * in the same sentence or the next ('… <strong>SARL X</strong> (joignable au 029 … ou au 0552 …,
 * par courriel à …) et <strong>Y</strong>, son bureau répond au …'). A paragraph may name two
 * companies or more, each with its own contacts; an intro, a dateline ('<strong>Ouargla</strong> —
 * Il y a dix ans …') and a bold label ('Lire aussi :') are none.
 *
 * Articles do not always set names in bold. In a paragraph with no bold name, a link the name
 * is written as (the company's page or Facebook page: 'le stand de <a>X</a>') is the name; in a
 * paragraph with neither and with contacts, a name is read from the words: after a word that
 * introduces one ("l'entreprise X mise sur …", 'la société X'), or opening the paragraph before
 * its place in brackets ('X (Tolga) propose …'), as the press writes a company and its town.
 *
 * Read only where nothing else gave a company. Each record is handed back as an element of its
 * own, `<div class="prose-record"><b>name</b> what follows …</div>`, read by the ordinary field
 * reader (labels such as 'fax :' and 'tél. :' included).
 *
 * Everything here reads text the directory controls: paragraphs and their text are bounded
 * before they are looked at, walks are bounded, patterns linear.
 */
import type { HTMLElement, Node } from 'node-html-parser';
import { findEmails, findPhonesAndFaxes } from '../platform/contacts';
import { FIELD_LABEL } from './groups';
import { isInlineBold } from './labels';
import { escapeHtml, parseHtml } from './parse';

/** Most paragraphs read, and longest paragraph text read (an article's paragraph is short). */
const MAX_PARAGRAPHS = 400;
const MAX_PARAGRAPH_TEXT = 5_000;
/** Most child nodes of a paragraph read. */
const MAX_CHILDREN = 200;
/** Longest bold text read as a name, and most words in it. */
const MAX_NAME = 100;
const MAX_NAME_WORDS = 8;
/** Fewest records with contacts for a page to be read as prose naming companies. */
const MIN_RECORDS = 3;

interface Segment {
  name: string;
  /** The paragraph's nodes from the bold name up to the next one (or the paragraph's end). */
  nodes: Node[];
  contacts: Set<string>;
  /** The record's HTML when the name is read from plain words: the name in bold, then the text after it. */
  html?: string;
}

/** Whether a bold element's text stands as a company's name: letters, a capital first, not a label ('Lire aussi :', 'Fax'), a contact or a long phrase. */
function nameOf(el: HTMLElement): string | undefined {
  return nameOfText(el.text);
}

/** Whether a text stands as a company's name (see {@link nameOf}): the name, or undefined. */
function nameOfText(raw: string): string | undefined {
  if (raw.length > MAX_NAME * 2) return undefined;
  const name = raw.replace(/\s+/g, ' ').trim();
  if (name.length < 2 || name.length > MAX_NAME || !/^[\p{Lu}\p{N}]/u.test(name) || !/\p{L}{2}/u.test(name)) return undefined;
  if (/[:：]$/u.test(name) || FIELD_LABEL.test(name) || name.includes('@') || /\d{4}/.test(name.replace(/\s/g, ''))) return undefined;
  return name.split(' ').length <= MAX_NAME_WORDS ? name : undefined;
}

/** Whether an element sets its text in bold (`<strong>`, `<b>`, an inline bold style). */
function isBold(node: Node): node is HTMLElement {
  if (node.nodeType !== 1) return false;
  const el = node as HTMLElement;
  return el.tagName === 'STRONG' || el.tagName === 'B' || isInlineBold(el);
}

/** Whether a node is a link a name is written as: an `<a>` to a page (not a mailto: or tel: link). */
function isNameLink(node: Node): node is HTMLElement {
  if (node.nodeType !== 1 || (node as HTMLElement).tagName !== 'A') return false;
  const raw = (node as HTMLElement).rawAttrs;
  return raw.length < 2_000 && !/\b(?:mailto|tel|callto):/i.test(raw);
}

/** Longest paragraph text a plain-words name is looked for in. */
const MAX_PLAIN_TEXT = 1_000;
/** A word that introduces a company's name in a sentence ("l'entreprise X", 'la société X', 'le groupe X'), then the name's first capital. */
const INTRODUCER = /(?:^|[\s,;(])(?:[Ll]['’](?:entreprise|enseigne|exploitation|[ée]tablissement)|[Ll]a (?:soci[ée]t[ée]|firme|marque|coop[ée]rative|maison)|[Ll]e (?:groupe|complexe|domaine)) (?=\p{Lu})/u;
/** A paragraph opening with a name, then its place in brackets ('X (Tolga) propose …'): the name's words and the place's, bounded. */
const NAME_THEN_PLACE = /^(\p{Lu}[^\s(),.;:!?«»"]{0,30}(?: [^\s(),.;:!?«»"]{1,30}){0,7}) \(\p{Lu}[^()]{0,40}\)/u;
/** Words a sentence opens with, never a name's first ('Le salon (Biskra) …', 'Un exposant (Tolga) …'). */
const SENTENCE_OPENER = /^(?:le|la|les|l['’]|un|une|des|du|au|aux|ce|cette|ces|il|elle|ils|elles|nous|on|en|dans|pour|par|sur|avec|plus|deux|trois)$/iu;
/** Small words inside a name, between its capitalized words ('Rucher des Ziban', 'Coopérative agricole de Sidi Okba'). */
const NAME_JOINER = /^(?:de|des|du|d['’]\S{0,20}|la|le|les|l['’]\S{0,20}|el|et|&|à|en|sur|ben|bou|ou)$/iu;

/**
 * A name written in plain words after an introducing word (see {@link INTRODUCER}): its words up
 * to the last capitalized one before the sentence goes on (a lower-case word not followed, past
 * small joining words, by a capitalized one: 'X agricole de Sidi Okba mise cette année' ends at
 * 'Okba'), at most {@link MAX_NAME_WORDS}. Returns the name and where it ends in the text.
 */
function introducedName(text: string): { name: string; end: number } | undefined {
  const at = INTRODUCER.exec(text);
  if (!at) return undefined;
  const start = at.index + at[0].length;
  const words = text.slice(start, start + MAX_NAME * 2).split(/(?=[\s,.;:!?()«»"])/u, MAX_NAME_WORDS * 2 + 2);
  const kept: string[] = [];
  let last = 0;
  for (let i = 0; i < words.length && kept.length < MAX_NAME_WORDS * 2; i++) {
    const raw = words[i];
    if (i > 0 && !/^\s/u.test(raw)) break; // punctuation ends the name
    const word = raw.trim();
    kept.push(raw);
    if (/^\p{Lu}/u.test(word) || /^\p{N}/u.test(word)) {
      last = kept.length;
      continue;
    }
    if (NAME_JOINER.test(word)) continue;
    // A lower-case word goes on the name only when a capitalized word follows it past joiners.
    let j = i + 1;
    while (j < words.length && /^\s/u.test(words[j]) && NAME_JOINER.test(words[j].trim())) j++;
    if (j >= words.length || !/^\s/u.test(words[j]) || !/^\p{Lu}/u.test(words[j].trim())) break;
  }
  const name = kept.slice(0, last).join('').replace(/\s+/g, ' ').trim();
  if (name.split(' ').length > MAX_NAME_WORDS || !/\p{L}{2}/u.test(name)) return undefined;
  return { name, end: start + kept.slice(0, last).join('').length };
}

/** A paragraph's name written in plain words: after an introducing word, else opening the paragraph before its place in brackets. */
function plainName(text: string): { name: string; end: number } | undefined {
  const introduced = introducedName(text);
  if (introduced) return introduced;
  const opening = NAME_THEN_PLACE.exec(text);
  if (!opening || SENTENCE_OPENER.test(opening[1].split(' ')[0])) return undefined;
  return { name: opening[1], end: opening[1].length };
}

/** The e-mails and numbers written in a text. */
function contactsOf(text: string): Set<string> {
  const { phones, faxes } = findPhonesAndFaxes(text);
  return new Set([...findEmails(text), ...phones, ...faxes]);
}

/**
 * A paragraph's segments: each bold name (its top-level `<strong>` / `<b>`) with the nodes after
 * it up to the next. What comes before the first name is the sentence leading to it; a bold
 * opening the paragraph and followed by a dash is a dateline, no name. With no bold name, its
 * links that read as names stand for them; with neither, one name read from its plain words
 * ({@link plainName}) when it holds contacts.
 */
function segmentsOf(p: HTMLElement): Segment[] {
  if (p.text.length > MAX_PARAGRAPH_TEXT) return [];
  const children = p.childNodes.slice(0, MAX_CHILDREN);
  const bold = segmentsBy(children, isBold);
  if (bold.length > 0) return bold;
  const linked = segmentsBy(children, isNameLink);
  if (linked.length > 0) return linked;
  const text = p.text.slice(0, MAX_PLAIN_TEXT).replace(/\s+/g, ' ').trim();
  const plain = plainName(text);
  if (!plain || nameOfText(plain.name) === undefined) return [];
  const rest = text.slice(plain.end);
  const contacts = contactsOf(rest);
  if (contacts.size === 0) return [];
  return [{ name: plain.name, nodes: [], contacts, html: `<b>${escapeHtml(plain.name)}</b>${escapeHtml(rest)}` }];
}

/** A paragraph's segments named by the children `isName` tells (see {@link segmentsOf}). */
function segmentsBy(children: Node[], isName: (node: Node) => node is HTMLElement): Segment[] {
  const out: Segment[] = [];
  let before = '';
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    const name = isName(node) ? nameOf(node) : undefined;
    const dateline = name !== undefined && before.trim() === '' && /^\s*[—–-]/u.test(children[i + 1]?.text ?? '');
    if (name !== undefined && !dateline) {
      out.push({ name, nodes: [node], contacts: new Set() });
      continue;
    }
    before += node.text;
    if (out.length > 0) out[out.length - 1].nodes.push(node);
  }
  for (const s of out) s.contacts = contactsOf(s.nodes.slice(1).map((n) => n.text).join(''));
  return out;
}

/**
 * The companies a page's paragraphs name in prose, as elements of their own: every bold name
 * followed by its contacts, when three or more are, no contact is written for two of them, and
 * those without a contact are fewer than those with (a company the article names without its
 * numbers is one; bold words of a few paragraphs are no list). Empty otherwise.
 */
export function proseRecords(paragraphs: readonly HTMLElement[]): HTMLElement[] {
  const segments = paragraphs.slice(0, MAX_PARAGRAPHS).flatMap(segmentsOf);
  const withContacts = segments.filter((s) => s.contacts.size > 0);
  if (withContacts.length < MIN_RECORDS || (segments.length - withContacts.length) * 2 >= withContacts.length) return [];
  const seen = new Set<string>();
  for (const s of withContacts) {
    for (const c of s.contacts) {
      if (seen.has(c)) return [];
      seen.add(c);
    }
  }
  const html = segments.map((s) => `<div class="prose-record">${s.html ?? s.nodes.map((n) => n.toString()).join('')}</div>`).join('');
  return parseHtml(`<div>${html}</div>`).querySelectorAll('div.prose-record');
}
