/**
 * A PDF table flattened into text, one cell per line (a document-sharing site's 'Transcription' of
 * an uploaded list, DocPlayer's, Scribd's, a converter's plain text): a header line of the columns'
 * titles ('N° Exploitant Commune Téléphone Fax E-mail'), then for each row its number alone on a
 * line and one line per other cell ('/' for an empty cell), a page's number before its repeated
 * header. Written out as an HTML table under that header, read as a table is.
 *
 * Read only when the page gave no company, from text blocks holding only text and line breaks,
 * bounded: at most {@link MAX_BLOCKS} blocks of eight lines or more, {@link MAX_LINES} lines.
 */
import type { HTMLElement } from 'node-html-parser';
import type { ParsedPage } from './parse';

const MAX_BLOCKS = 200;
const MAX_LINES = 5_000;
const MAX_COLUMNS = 12;
/** A header's first title: the row's number. */
const NUMBER_TITLE = /^(?:n°|no\.?|n°\.?|num\.?|#|nº)$/i;
/** A column title naming a contact. */
const CONTACT_TITLE = /^(?:t[ée]l[ée]?phones?|t[ée]l\.?|fax|t[ée]l[ée]copie|e-?mail|courriel|mobiles?|gsm|portable)$/i;
/** A line that is only a row's number. */
const ROW_NUMBER = /^\d{1,4}$/;
/** An empty cell. */
const EMPTY = /^[-/–—]$/;
/** A phone or fax column's cell: numbers only ('037.78.16.34 / 0560 43 82 60'). */
const NUMBERS_CELL = /^[\d\s.+()/-]{6,}$/;
/** An e-mail column's cell: addresses only. */
const EMAILS_CELL = /^[^\s@/;,]+@[^\s@/;,]+(?: ?[/;,] ?[^\s@/;,]+@[^\s@/;,]+)*$/;
/** The elements a flat text block may hold. */
const INLINE = new Set(['BR', 'SPAN', 'B', 'STRONG', 'FONT']);

/** How deep inline elements may nest in a flat text block. */
const MAX_INLINE_DEPTH = 6;

/**
 * The text of a block holding only text and `<br>` (and inline spans, walked down to their first other element, a
 * few deep), or false when it holds other elements: each text is walked by a few blocks at most, never by every
 * block above it (a `.text` per block would read a nest of `<div><span>` once per level).
 */
function flatText(el: HTMLElement, depth: number, parts: string[], size: { n: number }): boolean {
  for (const node of el.childNodes) {
    if (node.nodeType === 3) {
      parts.push(node.text);
      size.n += node.rawText.length;
      if (size.n > 200_000) return false;
    } else if (node.nodeType === 1) {
      const tag = (node as HTMLElement).tagName;
      if (tag === 'BR') parts.push('\n');
      else if (!INLINE.has(tag) || depth >= MAX_INLINE_DEPTH || !flatText(node as HTMLElement, depth + 1, parts, size)) return false;
    }
  }
  return true;
}

/** The lines of a block holding only text and `<br>` (and inline spans), or false when it holds other elements. */
function linesOf(el: HTMLElement, out: string[]): boolean {
  const parts: string[] = [];
  if (!flatText(el, 0, parts, { n: 0 })) return false;
  const line = parts.join('');
  for (const l of line.split('\n')) {
    const t = l.replace(/\s+/g, ' ').trim();
    if (t !== '') out.push(t);
    if (out.length > MAX_LINES) return false;
  }
  return true;
}

/** A header line's titles (a page's number before it dropped), when it opens with a number title and names a contact column. */
function headerOf(line: string): string[] | undefined {
  if (line.length > 300) return undefined;
  const words = line.split(' ');
  if (words.length > 1 && ROW_NUMBER.test(words[0]) && NUMBER_TITLE.test(words[1])) words.shift();
  if (words.length < 3 || words.length > MAX_COLUMNS || !NUMBER_TITLE.test(words[0])) return undefined;
  return words.some((w) => CONTACT_TITLE.test(w)) ? words : undefined;
}

/** Whether a row's cells under the header's contact columns each hold only contacts of the column's kind, or nothing. */
function contactsOnly(header: readonly string[], row: readonly string[]): boolean {
  return header.every((title, i) => {
    if (!CONTACT_TITLE.test(title) || EMPTY.test(row[i])) return true;
    return /mail|courriel/i.test(title) ? EMAILS_CELL.test(row[i]) : NUMBERS_CELL.test(row[i]);
  });
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The flattened table of a page's text blocks as an HTML page of one table, or undefined (see the module's comment). */
export function flatTextTable(page: ParsedPage): string | undefined {
  const lines: string[] = [];
  let blocks = 0;
  for (const tag of ['P', 'PRE', 'DIV']) {
    for (const el of page.byTag(tag)) {
      if (blocks >= MAX_BLOCKS || lines.length > MAX_LINES) break;
      // Cheap gate: a block holding only text and inline elements (its first other child ends the look), of many lines.
      if (!el.childNodes.every((n) => n.nodeType !== 1 || INLINE.has((n as HTMLElement).tagName))) continue;
      const mine: string[] = [];
      if (linesOf(el, mine) && mine.length >= 8) {
        blocks++;
        lines.push(...mine);
      }
    }
  }
  let header: string[] | undefined;
  let at = 0;
  for (; at < lines.length && header === undefined; at++) header = headerOf(lines[at]);
  if (header === undefined) return undefined;
  const width = header.length;
  const same = (line: string) => headerOf(line)?.join(' ') === header!.join(' ');
  const rows: string[][] = [];
  let expected = 1;
  while (at < lines.length) {
    if (lines[at] !== String(expected)) {
      // Between rows only a repeated header (a new page's) is allowed.
      if (rows.length > 0 && !same(lines[at])) break;
      at++;
      continue;
    }
    const cells = lines.slice(at + 1, at + width);
    if (cells.length < width - 1 || cells.some((c) => same(c) || c === String(expected + 1))) break;
    rows.push([String(expected), ...cells]);
    at += width;
    expected++;
    // A row not followed by the next one or a new page's header (the last) may have taken the lines after the table as
    // the empty cells it left out (a signatory's 'Tél : …'): kept only when each contact column holds contacts or nothing.
    if (lines[at] !== String(expected) && (at >= lines.length || !same(lines[at])) && !contactsOnly(header, rows[rows.length - 1])) rows.pop();
  }
  if (rows.length < 3) return undefined;
  const cell = (c: string) => (EMPTY.test(c) ? '' : escape(c).replace(/ \/ /g, '<br>'));
  const head = `<tr>${header.map((h) => `<th>${escape(h)}</th>`).join('')}</tr>`;
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html><body><table><thead>${head}</thead><tbody>${body}</tbody></table></body></html>`;
}
