/**
 * Companies named in running prose: a news article or a blog post that presents a sector's
 * companies in sentences, each name in bold inside a paragraph and its contacts written after it
 * in the same sentence or the next ('… <strong>SARL X</strong> (joignable au 029 … ou au 0552 …,
 * par courriel à …) et <strong>Y</strong>, son bureau répond au …'). A paragraph may name two
 * companies or more, each with its own contacts; an intro, a dateline ('<strong>Ouargla</strong> —
 * Il y a dix ans …') and a bold label ('Lire aussi :') are none.
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
import { parseHtml } from './parse';

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
}

/** Whether a bold element's text stands as a company's name: letters, a capital first, not a label ('Lire aussi :', 'Fax'), a contact or a long phrase. */
function nameOf(el: HTMLElement): string | undefined {
  const raw = el.text;
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

/** The e-mails and numbers written in a text. */
function contactsOf(text: string): Set<string> {
  const { phones, faxes } = findPhonesAndFaxes(text);
  return new Set([...findEmails(text), ...phones, ...faxes]);
}

/**
 * A paragraph's segments: each bold name (its top-level `<strong>` / `<b>`) with the nodes after
 * it up to the next. What comes before the first name is the sentence leading to it; a bold
 * opening the paragraph and followed by a dash is a dateline, no name.
 */
function segmentsOf(p: HTMLElement): Segment[] {
  if (p.text.length > MAX_PARAGRAPH_TEXT) return [];
  const children = p.childNodes.slice(0, MAX_CHILDREN);
  const out: Segment[] = [];
  let before = '';
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    const name = isBold(node) ? nameOf(node) : undefined;
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
  const html = segments.map((s) => `<div class="prose-record">${s.nodes.map((n) => n.toString()).join('')}</div>`).join('');
  return parseHtml(`<div>${html}</div>`).querySelectorAll('div.prose-record');
}
