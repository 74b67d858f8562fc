/**
 * The bounded text of a small element, shared by the readers of items and of record tables.
 * (A module of its own: items.ts and tables.ts both use it, and tables.ts is imported by items.ts.)
 */
import type { HTMLElement, Node } from 'node-html-parser';
import { collapseSpaces, isSpace } from '../platform/text';

export { collapseSpaces, isSpace };

/**
 * The text of a small element, or undefined when it holds more than `max` characters or more
 * than a few dozen nodes: a bounded walk, so asking every link of a deeply nested page for its
 * text stays linear.
 */
export function shortText(el: HTMLElement, max: number): string | undefined {
  let text = '';
  let nodes = 0;
  const kids = el.childNodes;
  // (More than 40 children: more than 40 nodes, as the walk would find.)
  if (kids.length > 40) return undefined;
  const stack: Node[] = [];
  for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > 40) return undefined;
    if (n.nodeType === 3) {
      // (A text without '&' has no entity: its decoded text is its raw text, no decoding asked for.)
      const raw = n.rawText;
      text += raw.includes('&') ? n.text : raw;
      if (text.length > max * 4) return undefined;
    } else if (n.nodeType === 1) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
  }
  // (Collapsing never shortens the text below its count of non-space characters, and a text no
  // longer than `max` cannot hold more: counted only for a longer one.)
  if (text.length > max && nonSpaces(text) > max) return undefined;
  text = collapseSpaces(text);
  return text.length <= max ? text : undefined;
}

/** How many characters of a text are not whitespace (what /\s/ matches). */
function nonSpaces(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

/** A month's name in French or English, whole or cut ('mars', 'févr.', 'March', 'Sep'). */
const MONTH = String.raw`(?:janv(?:ier)?|f[ée]vr?(?:ier)?|mars|avr(?:il)?|mai|juin|juil(?:let)?|ao[uû]t|sept?(?:embre)?|oct(?:obre)?|nov(?:embre)?|d[ée]c(?:embre)?|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|september|october|november|dec(?:ember)?)\.?`;
/** A date written in words ('12 mars 2026', 'le 1er avril 2026', 'Mar 12, 2026', 'mars 12th, 2026'), a weekday before it or not. */
export const WORDED_DATE = new RegExp(String.raw`^(?:(?:publi[ée] )?le |on )?(?:\p{L}{3,9}\.?,? )?(?:\d{1,2}(?:er|st|nd|rd|th)? ${MONTH}|${MONTH} \d{1,2}(?:er|st|nd|rd|th)?,?) \d{4}$`, 'iu');

/** A date in figures ('28/05/2025', '28.05.25', '2025-05-28'). */
const FIGURED_DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})$/;

/**
 * Whether an element's whole text is a date: a blog's date heading over its posts (Blogger's
 * `<h2 class="date-header">21 juin 2025</h2>`, 'Mar 12, 2026', '28/05/2025'). A date names no
 * company: a block's heading is the first one that is not a date. Bounded ({@link shortText}).
 */
export function isDateElement(el: HTMLElement): boolean {
  const text = shortText(el, 40);
  return text !== undefined && (WORDED_DATE.test(text) || FIGURED_DATE.test(text));
}

/** Longest text looked at for a masked number or a post's age ({@link isMaskedNumber}, {@link RELATIVE_TIME}). */
const MAX_NO_NAME_TEXT = 32;

/**
 * Whether a text is a phone number with some of its digits masked ('038 47 XX XX', '0550 ** ** **',
 * '+213 6XX XX XX XX'): a listing shows it beside the button that reveals it whole. Only digits,
 * separators and two or more mask characters (x, X, *, •), two digits or more, a digit or '+'
 * first. A number, however masked, is never a name. One pass over at most 32 characters.
 */
export function isMaskedNumber(text: string): boolean {
  const t = text.trim();
  if (t.length < 6 || t.length > MAX_NO_NAME_TEXT || !/^[+(\d]/.test(t)) return false;
  let digits = 0;
  let masks = 0;
  for (const ch of t) {
    if (ch >= '0' && ch <= '9') digits++;
    else if (ch === 'x' || ch === 'X' || ch === '*' || ch === '•') masks++;
    else if (!' \u00a0.-/()+'.includes(ch)) return false;
  }
  return digits >= 2 && masks >= 2;
}

/**
 * A post's age as a social network or a forum writes it beside the post ('16 sem.', '3 j', '2 h',
 * 'il y a 5 jours', '4 wks', '2d ago', 'منذ 3 أيام'): a time, never a name. A count then a unit,
 * the whole text; one alternation after a bounded prefix: linear, on at most 32 characters.
 */
const RELATIVE_TIME =
  /^(?:il y a |environ |about |منذ )?\d{1,3} ?(?:s|sec|secondes?|min|mins|minutes?|h|hrs?|heures?|hours?|j|jours?|d|days?|sem|semaines?|w|wks?|weeks?|mois|mo|months?|ans?|années?|y|yrs?|years?|ثوان|دقائق|دقيقة|ساعات|ساعة|أيام|يوم|أسابيع|أسبوع|أشهر|شهر|سنوات|سنة)\.?(?: ago)?$/iu;

/** Whether a text is a post's age ({@link RELATIVE_TIME}). */
export function isRelativeTime(text: string): boolean {
  const t = text.trim();
  return t.length <= MAX_NO_NAME_TEXT && RELATIVE_TIME.test(t);
}

/**
 * A post's age that no name is written as: said to be one ('il y a 5 jours', '3 days ago', 'منذ 3
 * أيام'), or its unit abbreviated ('16 sem.', '2 wks', '5 min', '3 h.'). '24 H', '7 Jours', '100
 * Ans' name shops and firms ({@link RELATIVE_TIME} alone reads them as ages).
 */
const SAID_AGE = /^(?:il y a |environ |about |منذ )|(?: ago|\.)$|\d ?(?:sem|wks?|hrs?|mins?|sec|mo)$/iu;

/** Whether a heading's or a link's text is a post's age, never a company's name ({@link SAID_AGE}). */
export function isSaidAge(text: string): boolean {
  const t = text.trim();
  return isRelativeTime(t) && SAID_AGE.test(t);
}
