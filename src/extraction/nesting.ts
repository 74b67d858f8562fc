/**
 * Markup typed by hand before HTML5 (upper-case HTML 3.2, FrontPage, Notepad) leaves its tags
 * open and misnested: `<LI>` and `<P>` never closed, `<TD>` left open before the next one,
 * `<B><I>…</B></I>`, `<HEAD>` and `<BODY>` never closed. A browser builds such a page by the
 * rules of HTML's tree construction (an `<li>` closes the open `<li>`, a `<ul>` closes the open
 * `<p>`, `</b>` closes the `<i>` opened inside it …). node-html-parser knows few of them and
 * removes every element still open at the end, its children handed to its parent: the page's
 * body, tables, lists and items are gone, their text run together under `<html>`.
 *
 * {@link balanceTags} writes such a page again with the end tags a browser implies, and without
 * the end tags a browser ignores, so that node-html-parser builds the tree a browser shows. It
 * keeps every character of the page but tags it adds or drops, reads comments, scripts and
 * styles as the parser does (a tag inside a comment stays there), and walks the page once (each tag
 * looks at most {@link MAX_OPEN} open elements).
 */

/** Elements node-html-parser reads as raw text up to their end tag (as parse.ts configures it). */
const RAW_TEXT = new Set(['script', 'noscript', 'style', 'pre']);
/** Void elements, as parse.ts tells the parser: nothing to close. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'frame']);
/** Elements void in HTML that the parser would leave open: closed right after their start tag. */
const VOID_UNKNOWN = new Set(['basefont', 'bgsound', 'keygen', 'isindex', 'spacer']);
/** What may stay in `<head>`; any other start tag ends it (as a browser's "in head" mode does). */
const HEAD_CONTENT = new Set(['title', 'meta', 'link', 'style', 'script', 'base', 'noscript', 'template']);
/** Start tags that close an open `<p>` (HTML's list; not `<table>`: old pages are in quirks mode, where it does not). */
const CLOSES_P = new Set(['address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'dd', 'dt', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'ul', 'listing', 'xmp', 'plaintext']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** HTML's "special" elements that stop the search for an open `<li>` / `<dd>` (all but address, div, p). */
const SPECIAL = new Set(['applet', 'area', 'article', 'aside', 'blockquote', 'body', 'button', 'caption', 'center', 'col', 'colgroup', 'dd', 'details', 'dir', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'html', 'iframe', 'li', 'main', 'marquee', 'menu', 'nav', 'object', 'ol', 'pre', 'section', 'select', 'summary', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'title', 'tr', 'ul']);
/** The boundaries of HTML's default scope: an end tag never closes an element outside the cell or table it is in. */
const SCOPE = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template']);
const LIST_SCOPE = new Set([...SCOPE, 'ol', 'ul']);
const BUTTON_SCOPE = new Set([...SCOPE, 'button']);
const TABLE_SCOPE = new Set(['html', 'table', 'template']);
/** Where the table's own end tags look (a cell or row of this table, not of one around it). */
const TABLE_PARTS = new Set(['td', 'th', 'tr', 'tbody', 'thead', 'tfoot', 'caption', 'colgroup', 'table']);
/** Most elements held open (Blink's parser nests 512 deep): each tag's search of them is bounded. */
const MAX_OPEN = 512;
/** Characters searched for a quoted attribute value's end before the tag is taken to end at its first '>'. */
const MAX_QUOTED = 4096;

/** Tag names are ASCII letters, digits and `-.:_` after a letter (node-html-parser's). */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 58 || c === 95;
}
function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** The index just past the '>' ending the tag that begins at `from` (quoted values may hold '>'), or -1. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  let quoteAt = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      else if (i - quoteAt > MAX_QUOTED) {
        // A quote never closed: the tag ends at its first '>', as a lenient reader takes it.
        const gt = html.indexOf('>', from);
        return gt < 0 ? -1 : gt + 1;
      }
    } else if (c === 62) return i + 1;
    else if ((c === 34 || c === 39) && html.charCodeAt(i - 1) === 61) {
      quote = c;
      quoteAt = i;
    }
  }
  return -1;
}

/**
 * The page with the end tags a browser implies added and the ones it ignores dropped (see the
 * module comment). Elements still open at the end are closed there.
 */
export function balanceTags(html: string): string {
  const out: string[] = [];
  // Open elements: lower-case names, and the names as written (the end tag written back).
  const open: string[] = [];
  const raw: string[] = [];
  // How many of each are open: a search for an element none of which is open ends at once.
  const count = new Map<string, number>();
  let copied = 0;
  const pop = (): string => {
    const name = open.pop()!;
    count.set(name, count.get(name)! - 1);
    return raw.pop()!;
  };
  const closeTop = (): void => {
    out.push(`</${pop()}>`);
  };
  /** Closes the elements above and including the one at `index` of the stack. */
  const closeTo = (index: number): void => {
    while (open.length > index) closeTop();
  };
  /** Where the nearest open element of `names` is, looking no further than `scope`; -1 if none. */
  const inScope = (names: ReadonlySet<string> | string, scope: ReadonlySet<string>): number => {
    if (typeof names === 'string' ? !count.get(names) : ![...names].some((n) => count.get(n))) return -1;
    for (let i = open.length - 1; i >= 0; i--) {
      const name = open[i];
      if (typeof names === 'string' ? name === names : names.has(name)) return i;
      if (scope.has(name)) return -1;
    }
    return -1;
  };
  const isOpen = (name: string): boolean => (count.get(name) ?? 0) > 0;
  let i = html.indexOf('<');
  while (i >= 0 && i < html.length - 1) {
    const next = html.charCodeAt(i + 1);
    if (next === 33 && html.startsWith('<!--', i)) {
      // A comment is left as it is, the tags in it unread.
      const end = html.indexOf('-->', i + 4);
      if (end < 0) break;
      i = html.indexOf('<', end + 3);
      continue;
    }
    const closing = next === 47;
    const nameAt = closing ? i + 2 : i + 1;
    if (!isLetter(html.charCodeAt(nameAt))) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    let nameEnd = nameAt;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const end = tagEnd(html, nameEnd);
    if (end < 0) break;
    const written = html.slice(nameAt, nameEnd);
    const name = written.toLowerCase();
    const selfClosing = !closing && html.charCodeAt(end - 2) === 47;
    // Text and tags up to this tag go out as they are.
    out.push(html.slice(copied, i));
    let keepTag = !closing;
    let after = '';
    if (closing) closeFor(name);
    else {
      openFor(name);
      if (VOID_UNKNOWN.has(name)) after = `</${written}>`;
      else if (name === 'body' || name === 'html') {
        // A second <body> or <html> adds its attributes in a browser: no element of its own.
        if (isOpen(name)) keepTag = false;
        else if (!selfClosing) push(name, written);
      } else if (!VOID.has(name) && !selfClosing) push(name, written);
    }
    if (keepTag) out.push(html.slice(i, end), after);
    copied = end;
    i = end;
    if (!closing && !selfClosing && RAW_TEXT.has(name)) {
      // Raw text up to its end tag as written (node-html-parser looks for exactly that).
      const close = html.indexOf(`</${written}>`, end);
      pop();
      if (close < 0) break;
      out.push(html.slice(copied, close + written.length + 3));
      copied = close + written.length + 3;
      i = copied;
    }
    i = html.indexOf('<', i);
  }
  out.push(html.slice(copied));
  closeTo(0);
  return out.join('');

  function push(name: string, written: string): void {
    // (Past the depth browsers keep, an element is left to the parser: every search of the stack stays bounded.)
    if (open.length >= MAX_OPEN) return;
    open.push(name);
    raw.push(written);
    count.set(name, (count.get(name) ?? 0) + 1);
  }

  /** What a start tag `name` closes first. */
  function openFor(name: string): void {
    if (open.length > 0 && open[open.length - 1] === 'head' && !HEAD_CONTENT.has(name)) closeTop();
    if (name === 'li' || name === 'dd' || name === 'dt') {
      // The open item (of this list: a special element other than address, div and p stops the search) ends.
      for (let k = open.length - 1; k >= 0; k--) {
        const o = open[k];
        if (name === 'li' ? o === 'li' : o === 'dd' || o === 'dt') {
          closeTo(k);
          break;
        }
        if (SPECIAL.has(o) && o !== 'address' && o !== 'div' && o !== 'p') break;
      }
    }
    if (CLOSES_P.has(name)) {
      const p = inScope('p', BUTTON_SCOPE);
      if (p >= 0) closeTo(p);
    }
    if (HEADINGS.has(name) && open.length > 0 && HEADINGS.has(open[open.length - 1])) closeTop();
    if (name === 'td' || name === 'th') {
      const cell = inScope(CELLS, TABLE_SCOPE);
      if (cell >= 0) closeTo(cell);
    } else if (name === 'tr') {
      const row = inScope('tr', TABLE_SCOPE);
      if (row >= 0) closeTo(row);
    } else if (name === 'tbody' || name === 'thead' || name === 'tfoot') {
      const section = inScope(SECTIONS, TABLE_SCOPE);
      if (section >= 0) closeTo(section);
    } else if (name === 'option' || name === 'optgroup') {
      while (open.length > 0 && (open[open.length - 1] === 'option' || (name === 'optgroup' && open[open.length - 1] === 'optgroup'))) closeTop();
    } else if (name === 'a') {
      // A link inside a link closes the first (HTML's adoption of a nested <a>).
      const a = inScope('a', SCOPE);
      if (a >= 0) closeTo(a);
    }
  }

  /**
   * An end tag: the elements it ends close (their end tags written as their start tags spell
   * them, since the parser matches end tags by case), or it is ignored, as a browser ignores it.
   */
  function closeFor(name: string): void {
    if (VOID.has(name) || name === 'body' || name === 'html') return;
    let at: number;
    if (name === 'head') at = open.lastIndexOf('head');
    else if (HEADINGS.has(name)) at = inScope(HEADINGS, SCOPE);
    else if (name === 'p') at = inScope('p', BUTTON_SCOPE);
    else if (name === 'li') at = inScope('li', LIST_SCOPE);
    else if (TABLE_PARTS.has(name)) at = inScope(name, TABLE_SCOPE);
    else at = inScope(name, SCOPE);
    if (at >= 0) closeTo(at);
  }
}

const CELLS = new Set(['td', 'th']);
const SECTIONS = new Set(['tbody', 'thead', 'tfoot']);
