/**
 * A map marker's popup on a company's own page: a Leaflet map whose inline script binds the
 * marker's popup as an HTML string (`L.marker([…]).addTo(map).bindPopup("<b>X</b><br>Tél : 033
 * …<br>Fax : …")`), the contacts shown only when the marker is clicked. The string (a JS string
 * literal: double or single quotes, or a template literal without substitution, read as JS reads
 * it) is parsed and written into the page, in the map's container when the script names it
 * (`L.map('map')`), else where the script stands: the popup is what the page shows there. A page
 * whose map binds several popups (neighbours, other shops) shows, of them, only those naming its
 * title (`<h1>`). Read, never run; bounded: the first scripts, their first characters, a few popups.
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
  // Several popups: only those naming the page's own company (the others are its neighbours').
  const key = title === undefined ? '' : folded(title);
  const shown = found.length === 1 ? found : key === '' ? [] : found.filter((p) => folded(parseFragment(p.html).text).includes(key));
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
