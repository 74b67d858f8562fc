/**
 * E-mail addresses a page hides from robots the way CMSs do, revealed as text where they stand:
 *   - Joomla's e-mail cloaking (on by default): up to Joomla 3, a `<script>` that builds the
 *     address by concatenating string literals with entities (`var addy123 = 'info' + '&#64;';
 *     addy123 = addy123 + 'domain' + '&#46;' + 'dz'; document.write(…)` or `….innerHTML += …`);
 *     from Joomla 4, a `<joomla-hidden-mail first="…" last="…">` element whose parts are base64.
 *     The same by hand: `document.write('<a href="mailto:' + 'info' + '@' + 'domain.dz' + '">…')`.
 * Nothing is run: a script's assignments of string concatenations (literals and variables it
 * assigned before), and the concatenations it writes out, are read as data, any other statement skipped. Linear and bounded: scripts of
 * at most {@link MAX_SCRIPT} characters, at most {@link MAX_CLOAKS} per page.
 */
import { HTMLElement, TextNode } from 'node-html-parser';
import { findEmails } from '../platform/contacts';

/** Longest text shown reversed ({@link showReversedText}): an address or a number, not a paragraph. */
const MAX_REVERSED = 200;
/** Strong right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, their presentation forms): such a text is not reversed. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** An inline style that overrides the bidirectional algorithm right to left (both declarations, any order). */
const BIDI_OVERRIDE = /unicode-bidi\s{0,5}:\s{0,5}bidi-override/i;

/**
 * Text written backwards and shown the right way round by a bidi override, `<bdo dir="rtl">` or an
 * inline style `unicode-bidi:bidi-override; direction:rtl` (an e-mail typed 'rf.oohay@tahref' to
 * defeat robots, shown 'ferhat@yahoo.fr'), written as it is shown: the element's text reversed.
 * Only an element holding text alone, of Latin (left-to-right) characters, at most
 * {@link MAX_REVERSED} characters: Arabic text in an override keeps its order, as a browser shows
 * it. Linear: one look at each element's attributes.
 */
export function showReversedText(elements: readonly HTMLElement[]): void {
  for (const el of elements) {
    if (el.tagName === 'BDO') {
      if ((el.getAttribute('dir') ?? '').trim().toLowerCase() !== 'rtl') continue;
    } else if (!el.rawAttrs.includes('bidi-override')) continue;
    else {
      const style = el.getAttribute('style') ?? '';
      if (style.length > 1000 || !BIDI_OVERRIDE.test(style) || directionOf(el) !== 'rtl') continue;
    }
    if (el.childNodes.length === 0 || el.childNodes.some((c) => c.nodeType !== 3)) continue;
    const text = el.text;
    if (text.length > MAX_REVERSED || RTL_LETTER.test(text)) continue;
    const shown = Array.from(text).reverse().join('');
    el.childNodes.length = 0;
    el.childNodes.push(new TextNode(shown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'), el));
  }
}

/** Most ancestors looked at for the direction an element inherits ({@link directionOf}). */
const MAX_DIRECTION_DEPTH = 64;
const DIRECTION = /(?:^|[;\s])direction\s{0,5}:\s{0,5}(rtl|ltr)/i;

/**
 * The direction an element is shown in: its own or its nearest ancestor's `direction` style or `dir`
 * attribute (an override inside `<html dir="rtl">` or an Arabic page's `<div dir="rtl">` runs right to
 * left). Left to right when nothing says otherwise, and under `dir="auto"` or a `<bdi>` (the text's own
 * first strong letter decides there: the reversal applies to Latin text only).
 */
function directionOf(el: HTMLElement): 'rtl' | 'ltr' {
  let depth = 0;
  for (let a: HTMLElement | null = el; a && depth < MAX_DIRECTION_DEPTH; a = a.parentNode, depth++) {
    // (An isolate whose direction its own text decides, `dir="auto"` or `<bdi>`: a Latin address there runs left to right.)
    if (a.tagName === 'BDI') return 'ltr';
    const style = a.getAttribute('style');
    const said = style !== undefined && style.length <= 1000 ? DIRECTION.exec(style) : null;
    if (said) return said[1].toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
    const dir = (a.getAttribute('dir') ?? '').trim().toLowerCase();
    if (dir === 'rtl' || dir === 'ltr') return dir;
    if (dir === 'auto') return 'ltr';
  }
  return 'ltr';
}

/** Longest inline script read as a cloak (Joomla's are a few hundred characters). */
const MAX_SCRIPT = 4000;
/** Most cloaks revealed per page. */
const MAX_CLOAKS = 2000;
/** Longest base64 part of a hidden-mail element. */
const MAX_PART = 400;

/**
 * Reveals the cloaked e-mails of a page's elements: a text node holding the addresses is put
 * after each cloaking script, and inside each hidden-mail element.
 */
export function revealCloakedEmails(elements: readonly HTMLElement[]): void {
  let done = 0;
  for (const el of elements) {
    if (done >= MAX_CLOAKS) return;
    if (el.tagName === 'SCRIPT') {
      const text = el.rawText;
      if (text.length > MAX_SCRIPT || el.getAttribute('src') !== undefined || !/innerHTML|document\s{0,5}\.\s{0,5}write/.test(text) || !text.includes('+')) continue;
      const emails = scriptEmails(text);
      if (emails.length === 0 || !el.parentNode) continue;
      const siblings = el.parentNode.childNodes;
      const at = siblings.indexOf(el);
      if (at === -1) continue;
      siblings.splice(at + 1, 0, new TextNode(` ${emails.join(' ')} `, el.parentNode));
      done++;
    } else if (el.tagName === 'JOOMLA-HIDDEN-MAIL') {
      const first = base64(el.getAttribute('first'));
      const last = base64(el.getAttribute('last'));
      const emails = first !== undefined && last !== undefined ? findEmails(`${first}@${last}`) : [];
      if (emails.length === 0) continue;
      el.childNodes.push(new TextNode(` ${emails.join(' ')} `, el));
      done++;
    }
  }
}

function base64(value: string | undefined): string | undefined {
  if (value === undefined || value.length === 0 || value.length > MAX_PART || !/^[A-Za-z0-9+/=_-]+$/.test(value)) return undefined;
  return Buffer.from(value, 'base64').toString('utf8');
}

/**
 * The e-mail addresses a script assigns to its variables by string concatenation
 * (`var a = 'x' + '&#64;'; a = a + 'y.dz';`, `a += …`), entities decoded. Other statements are
 * skipped; an expression holding anything but string literals and variables assigned before is
 * not read.
 */
export function scriptEmails(text: string): string[] {
  const vars = new Map<string, string>();
  // What the script writes out directly.
  const shown: string[] = [];
  const assignment = /(?:(?:var|let|const)\s{1,20})?([A-Za-z_$][\w$]{0,60})\s{0,20}(\+?=)(?!=)/y;
  const written = /(?:window\s{0,5}\.\s{0,5})?document\s{0,5}\.\s{0,5}write(?:ln)?\s{0,5}\(/y;
  let i = 0;
  while (i < text.length) {
    i = skipSpace(text, i);
    if (i >= text.length) break;
    // A concatenation written straight out (`document.write('<a href="mailto:' + 'info' + '@' + 'x.dz' + '">…')`).
    written.lastIndex = i;
    const w = written.exec(text);
    if (w) {
      const expr = concatenation(text, written.lastIndex, vars, ')');
      if (expr) {
        shown.push(expr.value);
        i = expr.end;
        continue;
      }
    }
    assignment.lastIndex = i;
    const m = assignment.exec(text);
    if (m) {
      const expr = concatenation(text, assignment.lastIndex, vars);
      if (expr) {
        vars.set(m[1], m[2] === '+=' ? (vars.get(m[1]) ?? '') + expr.value : expr.value);
        i = expr.end;
        continue;
      }
    }
    i = statementEnd(text, i);
  }
  const found = new Set<string>();
  for (const value of [...vars.values(), ...shown]) if (value.includes('@') || value.includes('&')) for (const e of findEmails(decodeEntities(value))) found.add(e);
  return [...found];
}

/** Skips whitespace and comments (`//…`, `/* … *\/`, `<!--`, `-->`). */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (text.startsWith('<!--', i)) i += 4;
    else if (text.startsWith('-->', i)) i += 3;
    else return i;
  }
}

/** The index after the statement at `i`: past its ';' or its line's end, strings respected. */
function statementEnd(text: string, i: number): number {
  while (i < text.length) {
    const c = text[i];
    if (c === ';' || c === '\n') return i + 1;
    if (c === "'" || c === '"') {
      const s = stringAt(text, i);
      i = s ? s.end : i + 1;
    } else i++;
  }
  return i;
}

/**
 * A `+` concatenation of string literals and known variables at `i`, ending at ';', a line's
 * end or the text's end (at `close` when given: a call's ')'): its value and the index after
 * it; undefined for anything else.
 */
function concatenation(text: string, i: number, vars: ReadonlyMap<string, string>, close?: string): { value: string; end: number } | undefined {
  let value = '';
  for (;;) {
    i = skipInline(text, i);
    const c = text[i];
    if (c === "'" || c === '"') {
      const s = stringAt(text, i);
      if (!s) return undefined;
      value += s.value;
      i = s.end;
    } else {
      const m = /[A-Za-z_$][\w$]{0,60}/y;
      m.lastIndex = i;
      const name = m.exec(text)?.[0];
      if (name === undefined || !vars.has(name)) return undefined;
      value += vars.get(name)!;
      i += name.length;
    }
    i = skipInline(text, i);
    if (text[i] === '+') {
      i++;
      continue;
    }
    if (close !== undefined) return text[i] === close ? { value, end: i + 1 } : undefined;
    if (i >= text.length || text[i] === ';' || text[i] === '\n' || text[i] === '\r') return { value, end: Math.min(text.length, i + 1) };
    return undefined;
  }
}

function skipInline(text: string, i: number): number {
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** The JS string literal opened at `i` (single or double quotes, escapes read): its value and the index after it. */
function stringAt(text: string, i: number): { value: string; end: number } | undefined {
  const quote = text[i];
  let out = '';
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === quote) return { value: out, end: j + 1 };
    if (c === '\n') return undefined;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = text[++j];
    if (e === 'x' && /^[0-9a-f]{2}$/i.test(text.slice(j + 1, j + 3))) {
      out += String.fromCharCode(parseInt(text.slice(j + 1, j + 3), 16));
      j += 2;
    } else if (e === 'u' && /^[0-9a-f]{4}$/i.test(text.slice(j + 1, j + 5))) {
      out += String.fromCharCode(parseInt(text.slice(j + 1, j + 5), 16));
      j += 4;
    } else if (e === 'n') out += '\n';
    else if (e !== undefined) out += e;
  }
  return undefined;
}

/** Numeric character references and the few named ones an address is written with. */
function decodeEntities(s: string): string {
  return s.replace(/&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));|&(amp|commat|period|lt|gt|quot|apos);/g, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return { amp: '&', commat: '@', period: '.', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
