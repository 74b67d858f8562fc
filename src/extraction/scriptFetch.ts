/**
 * The endpoint a page's own script fetches its list from. A page written by hand around a
 * framework loaded from a CDN (Vue, Alpine.js, petite-vue, AngularJS) ships only its template
 * (`v-for` cards of `{{ e.nom }}` mustaches, `x-for`, `ng-repeat`): its inline script calls
 * `fetch(\`${API_URL}?secteur=${SECTEUR}&page=${p}\`)`, `axios.get(API + '?page=' + n)` or
 * `$.getJSON('/api/liste.php?page=1')` on mount, and no attribute or link names that URL. The
 * call's first argument is read, never run: string and template literals joined by `+`, and
 * names bound once in the page's scripts to a literal (`const API_URL = '/api/x.php'`); a page
 * number the script passes (`page=${p}`) is the first page (an offset 0). Anything else (a search
 * box's text, an object's property) leaves the URL unread. Linear scans of bounded script text.
 */
import type { HTMLElement } from 'node-html-parser';
import { sameHost } from './hosts';
import { attrOf } from './parse';

/** Longest script text read per script, and in all. */
const MAX_SCRIPT = 200_000;
const MAX_SCRIPTS = 1_000_000;
/** Longest call argument read, and most calls looked at. */
const MAX_ARG = 600;
const MAX_CALLS = 50;
/** Most elements looked at for a template's attributes. */
const MAX_ELEMENTS = 20_000;

/** A client template's attributes: Vue, Alpine.js, AngularJS, Angular, Knockout loops and cloaks. */
const TEMPLATE_ATTR = /(?:^|\s)(?:v-for|x-for|ng-repeat|\*ngfor|v-cloak|ng-cloak|x-data|data-bind)\s*=/i;
/** Script types that hold a template, not code. */
const TEMPLATE_SCRIPT = /^text\/(?:x-template|template|x-handlebars-template|x-mustache|html)$/i;
/** Calls that fetch a URL given as their first argument. */
const FETCH_CALL = /(?:^|[^\w$.])(?:window\.)?fetch\s*\(|\baxios(?:\.get)?\s*\(|(?:\$|\bjQuery)\.(?:getJSON|get)\s*\(/g;
/** jQuery's `load()` called on a selection: `$('#liste').load(`, `jQuery("#x").load(`. */
const LOAD_CALL = /\)\s*\.load\s*\(/g;
/** Words of a load() target or file that is the page's furniture: header, footer, menu, nav, sidebar, banner. */
const CHROME_TARGET = /(?:^|[^a-z])(?:header|entete|en-tete|footer|pied|menu|nav|navbar|navigation|sidebar|banner|banniere|top|bottom|copyright|cookies?)(?:[^a-z]|$)/i;
/** Words of a load() target or file that names a list: liste, resultats, annuaire, entreprises, content … */
const LIST_TARGET = /(?:^|[^a-z])(?:liste?s?|resultats?|results?|annuaire|entreprises?|societes?|adherents?|membres?|fiches?|content|contenu|main|principal)(?:[^a-z]|$)/i;
/** Longest stretch read back from a `.load(` call for its selection's selector. */
const MAX_TARGET_BACK = 120;

/** The selector a `$('…').load(` call selects, read back from the call (bounded), or ''. */
function loadTarget(text: string, at: number): string {
  const before = text.slice(Math.max(0, at - MAX_TARGET_BACK), at + 1);
  const m = /(?:\$|jQuery)\(\s*(['"])([^'"]{1,100})\1\s*\)$/.exec(before);
  return m ? m[2] : '';
}

/** A name bound to a literal: `const API_URL = '/api/x.php';`, `var WILAYA = 7,` (a quote's escapes one character each, so linear). */
const BINDING = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]{0,63})\s*=\s*(?:'((?:[^'\\\n]|\\.){0,500})'|"((?:[^"\\\n]|\\.){0,500})"|`([^`\\$\n]{0,500})`|(-?\d{1,12}))\s*[;,\n]/g;
/** A name alone, as a template substitution or a term of a concatenation. */
const NAME = /^[A-Za-z_$][\w$]{0,63}$/;
/** Query parameters a script fills with its page number, and those it fills with an offset. */
const PAGE_PARAM = /[?&](?:page|p|pg|paged|pageno|page_no|pagenum|num_page|current_page|currentpage|numpage)=$/i;
const OFFSET_PARAM = /[?&](?:offset|start|skip|from)=$/i;
/** Files that are a page's assets, never its data. */
const ASSET = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|css|m?js|map|woff2?|ttf|otf|eot|mp4|webm|mp3|ogg|pdf|html?)$/i;

/**
 * The list endpoint a page rendered on the client from a template fetches, resolved against
 * `base`: on the page's host, not the page itself nor its next page, not an asset. Of several
 * calls, the first whose URL carries a page number, else the first read. Undefined for a page
 * without a client template (a script fetching a counter or a cart is no list's).
 */
export function scriptedListUrl(elements: readonly HTMLElement[], pageUrl: string, base: string, next: string | undefined): string | undefined {
  if (!rendersOnClient(elements)) return undefined;
  return calledUrl(elements, pageUrl, base, next, FETCH_CALL);
}

/**
 * The fragment a page's script loads into one of its elements with jQuery's `load()`
 * (`$('#resultats').load('ajax/liste.php?secteur=3 #tableau')`, an old PHP portal's way of filling
 * its list after the page), resolved against `base`, its selector part dropped; the same rules
 * as {@link scriptedListUrl}'s, without a template (the fragment is HTML).
 */
export function loadedFragmentUrl(elements: readonly HTMLElement[], pageUrl: string, base: string, next: string | undefined): string | undefined {
  return calledUrl(elements, pageUrl, base, next, LOAD_CALL);
}

/** The first URL a call of `calls` is given in the page's inline scripts (see {@link scriptedListUrl}). */
function calledUrl(elements: readonly HTMLElement[], pageUrl: string, base: string, next: string | undefined, calls: RegExp): string | undefined {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const scripts: string[] = [];
  let budget = MAX_SCRIPTS;
  for (const el of elements) {
    if (el.tagName !== 'SCRIPT' || budget <= 0) continue;
    if (attrOf(el, 'src') !== undefined) continue;
    const type = (attrOf(el, 'type') ?? '').trim().toLowerCase();
    if (type !== '' && type !== 'module' && !type.includes('javascript')) continue;
    const text = el.rawText.slice(0, Math.min(MAX_SCRIPT, budget));
    budget -= text.length;
    if (text.length > 0) scripts.push(text);
  }
  if (scripts.length === 0) return undefined;
  const bindings = new Map<string, string>();
  for (const text of scripts) {
    for (const m of text.matchAll(BINDING)) if (!bindings.has(m[1])) bindings.set(m[1], unescaped(m[2] ?? m[3] ?? m[4] ?? m[5]));
  }
  const own = (u: string) => u.replace(/#.*$/, '');
  let first: string | undefined;
  let count = 0;
  for (const text of scripts) {
    for (const m of text.matchAll(calls)) {
      if (++count > MAX_CALLS) return first;
      const read = argumentUrl(text.slice(m.index + m[0].length, m.index + m[0].length + MAX_ARG), bindings);
      if (read === undefined) continue;
      let url: URL;
      try {
        // (jQuery's load() takes the part after a space as a selector of the answer.)
        url = new URL(calls === LOAD_CALL ? read.url.trim().split(/\s/)[0] : read.url, base);
      } catch {
        continue;
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameHost(url, page) || ASSET.test(url.pathname)) continue;
      if (own(url.href) === own(pageUrl) || (next !== undefined && own(url.href) === own(next))) continue;
      if (read.paged) return url.href;
      if (calls === LOAD_CALL) {
        // A load() into the page's header, menu or footer ('#header', 'includes/menu.php') is its furniture; one into a
        // list, or of a list, is the list: taken first.
        const target = `${loadTarget(text, m.index)} ${url.pathname}`;
        if (CHROME_TARGET.test(target)) continue;
        if (LIST_TARGET.test(target)) return url.href;
      }
      first ??= url.href;
    }
  }
  return first;
}

/** Whether a page is rendered on the client from a template: a loop or cloak attribute of a framework, or a template script. Bounded. */
function rendersOnClient(elements: readonly HTMLElement[]): boolean {
  const n = Math.min(elements.length, MAX_ELEMENTS);
  for (let i = 0; i < n; i++) {
    const el = elements[i];
    if (el.tagName === 'SCRIPT' && TEMPLATE_SCRIPT.test((attrOf(el, 'type') ?? '').trim())) return true;
    const raw = el.rawAttrs;
    if (raw.length >= 6 && raw.length <= 4_000 && TEMPLATE_ATTR.test(raw)) return true;
  }
  return false;
}

/**
 * The URL a call's first argument builds (the text after the call's bracket): literals and bound
 * names joined by `+`, a template literal's `${name}` substitutions; a name that nothing binds is
 * read only as a page number or an offset right after its parameter (`page=${p}`: '1', `offset=`:
 * '0'), and says the URL is paged. Undefined for anything else.
 */
function argumentUrl(text: string, bindings: ReadonlyMap<string, string>): { url: string; paged: boolean } | undefined {
  let url = '';
  let paged = false;
  let i = 0;
  const skip = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const unbound = (): boolean => {
    if (PAGE_PARAM.test(url)) url += '1';
    else if (OFFSET_PARAM.test(url)) url += '0';
    else return false;
    paged = true;
    return true;
  };
  for (let terms = 0; terms < 20; terms++) {
    skip();
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = literalEnd(text, i);
      if (end < 0) return undefined;
      url += unescaped(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === '`') {
      i++;
      let closed = false;
      while (i < text.length) {
        const d = text[i];
        if (d === '`') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\') {
          url += text[i + 1] ?? '';
          i += 2;
        } else if (d === '$' && text[i + 1] === '{') {
          const end = text.indexOf('}', i + 2);
          if (end < 0) return undefined;
          const name = text.slice(i + 2, end).trim();
          if (!NAME.test(name)) return undefined;
          const bound = bindings.get(name);
          if (bound !== undefined) url += bound;
          else if (!unbound()) return undefined;
          i = end + 1;
        } else {
          url += d;
          i++;
        }
      }
      if (!closed) return undefined;
    } else {
      const m = /^[A-Za-z_$][\w$]{0,63}/.exec(text.slice(i, i + 64));
      if (!m) return undefined;
      const bound = bindings.get(m[0]);
      if (bound !== undefined) url += bound;
      else if (!unbound()) return undefined;
      i += m[0].length;
    }
    skip();
    if (text[i] === '+') {
      i++;
      continue;
    }
    return (text[i] === ')' || text[i] === ',') && url !== '' ? { url, paged } : undefined;
  }
  return undefined;
}

/** The index of the quote closing the JS string opened at `start`, on its line, or -1. */
function literalEnd(text: string, start: number): number {
  const q = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === q) return i;
    else if (c === '\n') return -1;
  }
  return -1;
}

/** A JS string's simple escapes read (`\/` is '/', `\'` a quote). */
function unescaped(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

/**
 * A key of a table's settings object naming the URL its rows are fetched from: Ninja Tables'
 * `data_request_url`, a `dataUrl` / `data_url`, `rowsUrl`, `tableDataUrl`, `ajaxDataUrl`; its value
 * a string literal (JSON's `\/` escapes read back). Bounded quantifiers, disjoint alternatives.
 */
const TABLE_DATA_KEY = /\b(?:data[_-]?request[_-]?url|data[_-]?url|rows[_-]?url|table[_-]?data[_-]?url|ajax[_-]?data[_-]?url)["']?\s{0,5}:\s{0,5}(?:"((?:[^"\\\n]|\\.){1,1500})"|'((?:[^'\\\n]|\\.){1,1500})')/gi;
/** Most tables looked at for an empty one. */
const MAX_TABLES = 200;

/** Whether a table is a header without rows: header cells, not one data cell (a table its script fills). */
function emptyTable(table: HTMLElement): boolean {
  // Its own rows' cells only (a nested table's are its own), walked until the first data cell: linear in the table.
  let heads = 0;
  const stack: HTMLElement[] = table.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.tagName === 'TD') return false;
    if (el.tagName === 'TH') heads++;
    else if (el.tagName === 'THEAD' || el.tagName === 'TBODY' || el.tagName === 'TFOOT' || el.tagName === 'TR') for (const c of el.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  }
  return heads >= 2;
}

/**
 * The URL an empty table's rows are fetched from (a WordPress table plugin's ajax mode: Ninja
 * Tables writes only the `<thead>`, its FooTable script fetches the rows from the
 * `data_request_url` of the settings object the page's inline script assigns), resolved against
 * `base`: when the page holds a table with header cells and no data cell, the one URL such keys
 * name in its inline scripts, on the page's host, not an asset, not the page nor its next page.
 * Several different URLs give none. Read only for a page where nothing else gave companies.
 */
export function tableDataUrl(elements: readonly HTMLElement[], pageUrl: string, base: string, next: string | undefined): string | undefined {
  let tables = 0;
  let empty = false;
  for (const el of elements) {
    if (el.tagName !== 'TABLE') continue;
    if (++tables > MAX_TABLES) break;
    if (emptyTable(el)) {
      empty = true;
      break;
    }
  }
  if (!empty) return undefined;
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const own = (u: string) => u.replace(/#.*$/, '');
  let found: string | undefined;
  let budget = MAX_SCRIPTS;
  for (const el of elements) {
    if (el.tagName !== 'SCRIPT' || budget <= 0 || attrOf(el, 'src') !== undefined) continue;
    const type = (attrOf(el, 'type') ?? '').trim().toLowerCase();
    if (type !== '' && type !== 'module' && !type.includes('javascript')) continue;
    const text = el.rawText.slice(0, Math.min(MAX_SCRIPT, budget));
    budget -= text.length;
    for (const m of text.matchAll(TABLE_DATA_KEY)) {
      let url: URL;
      try {
        url = new URL(unescaped(m[1] ?? m[2]), base);
      } catch {
        continue;
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameHost(url, page) || ASSET.test(url.pathname)) continue;
      if (own(url.href) === own(pageUrl) || (next !== undefined && own(url.href) === own(next))) continue;
      if (found !== undefined && found !== url.href) return undefined;
      found = url.href;
    }
  }
  return found;
}
