/**
 * A map marker's popup on a company's own page: a Leaflet map whose inline script binds the
 * marker's popup as an HTML string (`L.marker([…]).addTo(map).bindPopup("<b>X</b><br>Tél : 033
 * …<br>Fax : …")`), the contacts shown only when the marker is clicked. The string (a JS string
 * literal: double or single quotes, or a template literal without substitution, read as JS reads
 * it) is parsed and written into the page, in the map's container when the script names it
 * (`L.map('map')`), else where the script stands: the popup is what the page shows there. Only a
 * popup naming the page's title (`<h1>`, wholly) is the company's (a map's other markers are its
 * neighbours', a footer's map the directory's office), or a popup alone that names nobody and opens
 * with a contact line; none whose map, or script, stands in the header, footer, an aside or a nav.
 * Read, never run; bounded: the first scripts, their first characters, a few popups.
 */
import type { HTMLElement, Node } from 'node-html-parser';
import { jsLiteral } from './items';

/** Longest inline script looked at, and most scripts. */
const MAX_SCRIPT = 200_000;
const MAX_SCRIPTS = 100;
/** Most popups written into one page, and the longest one read. */
const MAX_POPUPS = 20;
const MAX_POPUP = 4000;

/** A popup bound as a string literal: `.bindPopup(` then the string's opening quote. */
const BIND_POPUP = /\.bindPopup\s{0,5}\(\s{0,5}(["'`])/g;
/** The map's container named in the script: `L.map('map'` (an id). */
const MAP_CONTAINER = /\bL\s{0,3}\.\s{0,3}map\s{0,5}\(\s{0,5}["']([\w-]{1,80})["']/;

/** The end of the JS string opened at `start` (its closing quote's index), or -1: none within {@link MAX_POPUP}, or a template literal's substitution. */
function stringEnd(text: string, start: number): number {
  const quote = text[start];
  const stop = Math.min(text.length, start + MAX_POPUP);
  for (let i = start + 1; i < stop; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (c === '\n' && quote !== '`') return -1;
    else if (c === '$' && quote === '`' && text[i + 1] === '{') return -1;
  }
  return -1;
}

/** A text folded for comparing names: lower case, accents and punctuation dropped, spaces collapsed. */
function folded(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The page's chrome, whose map is the directory's or a neighbour's, never the company's. */
const CHROME_TAGS = new Set(['HEADER', 'FOOTER', 'ASIDE', 'NAV']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'complementary']);
/** Levels climbed looking for the chrome. */
const MAX_DEPTH = 60;

function inChrome(el: HTMLElement): boolean {
  let node: HTMLElement | null = el;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++, node = node.parentNode as HTMLElement | null) {
    if (CHROME_TAGS.has(node.tagName) || CHROME_ROLES.has((node.getAttribute?.('role') ?? '').toLowerCase())) return true;
  }
  return false;
}

/** A popup that opens with a name: a bold element or a heading first. */
const OPENS_WITH_NAME = /^\s{0,20}<(b|strong|h[1-6])\b[^>]{0,200}>([\s\S]{0,300}?)<\/\1\s{0,5}>/i;
/** A line break or a block's edge, where a popup's first line ends. */
const LINE_END = /<(?:br|\/?(?:p|div|li|h[1-6]|tr|table|ul))\b[^>]{0,200}>/i;
/** A contact line: a phone, fax or e-mail label, or a number. */
const CONTACT_LINE = /^(?:t[eé]l|tel[eé]phone|phone|mobile?|portable|gsm|fax|e-?mail|courriel|whatsapp|\+?\d)/i;

/**
 * Whether a popup's markup names the page's company (`key`, its folded h1): the name it opens with
 * (a bold element or a heading), else its first line, folded, is the whole h1, words for words ('Atlas'
 * is neither 'Atlas Pneus' nor 'Pharmacie Atlas'). A popup alone (`alone`) that opens with no name, its
 * first line a contact line ('Tél : 0661 …'), names nobody and is the page's own too.
 */
function namesCompany(html: string, key: string, alone: boolean): boolean {
  const named = OPENS_WITH_NAME.exec(html);
  if (named) return key !== '' && folded(decodeEntities(named[2].replace(/<[^>]{0,200}>/g, ' '))) === key;
  const cut = LINE_END.exec(html);
  const first = decodeEntities((cut ? html.slice(0, cut.index) : html.slice(0, 300)).replace(/<[^>]{0,200}>/g, ' ')).trim();
  if (key !== '' && folded(first) === key) return true;
  return alone && CONTACT_LINE.test(first);
}

/** A few HTML entities of a name (&amp;, &#39;, &quot;, numeric ones). */
function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|quot|apos|lt|gt|nbsp));/gi, (_, dec?: string, hex?: string, name?: string) => {
    if (dec) return String.fromCodePoint(Math.min(Number(dec), 0x10ffff));
    if (hex) return String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
    return ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' } as Record<string, string>)[name!.toLowerCase()];
  });
}

/**
 * Writes the popups bound in the page's inline scripts (see the module's comment) into the page.
 * `parseFragment` parses markup as the page was parsed; `byId` finds an element by its id;
 * `title` is the page's `<h1>` text. Returns whether any was written (the caller walks the page again).
 */
export function showMapPopups(scripts: readonly HTMLElement[], byId: (id: string) => HTMLElement | undefined, title: string | undefined, parseFragment: (html: string) => HTMLElement): boolean {
  const found: { script: HTMLElement; container?: HTMLElement; html: string }[] = [];
  for (const script of scripts.slice(0, MAX_SCRIPTS)) {
    if (found.length >= MAX_POPUPS) break;
    if (script.getAttribute('src') !== undefined || !script.rawText.includes('bindPopup')) continue;
    const raw = script.rawText;
    const text = raw.length > MAX_SCRIPT ? raw.slice(0, MAX_SCRIPT) : raw;
    const map = MAP_CONTAINER.exec(text);
    const container = map ? byId(map[1]) : undefined;
    BIND_POPUP.lastIndex = 0;
    for (let m = BIND_POPUP.exec(text); m !== null && found.length < MAX_POPUPS; m = BIND_POPUP.exec(text)) {
      const start = m.index + m[0].length - 1;
      const end = stringEnd(text, start);
      if (end === -1) continue;
      BIND_POPUP.lastIndex = end + 1;
      const value = jsLiteral(text.slice(start, end + 1));
      if (typeof value === 'string' && value.trim() !== '') found.push({ script, container, html: value });
    }
  }
  if (found.length === 0) return false;
  // A popup is the company's when it names it (its opening name, wholly, the h1's), or, alone, when it names nobody
  // and opens with a contact line; never one whose map (or script, no map found) stands in the page's chrome.
  const key = title === undefined ? '' : folded(title);
  const shown = found.filter((p) => !inChrome(p.container ?? p.script) && namesCompany(p.html, key, found.length === 1));
  for (const { script, container, html } of shown) {
    const box = parseFragment(`<div class="map-popup">${html}</div>`).childNodes.find((c) => c.nodeType === 1) as HTMLElement | undefined;
    if (box === undefined) continue;
    const parent = container ?? (script.parentNode as HTMLElement | null);
    if (parent === null) continue;
    box.parentNode = parent;
    if (container) parent.childNodes.push(box);
    else {
      const at = parent.childNodes.indexOf(script as Node);
      parent.childNodes.splice(at + 1, 0, box);
    }
  }
  return shown.length > 0;
}
