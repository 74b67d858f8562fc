/**
 * The data a client-rendered page preloads. A single-page app's shell (an empty #app, a skeleton,
 * a splash screen) holds no company: its script fetches the listing from the site's JSON API.
 * So that this first answer is on its way before the script even starts, the shell's head names
 * it: `<link rel="preload" as="fetch" href="/api/…">` (Vite, Angular, Nuxt and hand-written
 * apps), or a `<link rel="prefetch">` of JSON. That answer is the page's listing; its own next
 * pointers (`links.next`, `pagination.next` …) lead on. Pure attribute and URL work on the
 * page's `<link>` elements, bounded.
 */
import type { HTMLElement } from 'node-html-parser';
import { sameHost } from './hosts';
import { attrOf } from './parse';

/** Most `<link>` elements looked at (a head holds a few dozen). */
const MAX_LINKS = 200;

/**
 * Files that are a page's code, looks or media, never its data, even preloaded for fetch (a
 * WebAssembly module, a source map, a font fetched by a script).
 */
const NOT_DATA = /\.(?:m?js|cjs|jsx|tsx?|css|map|wasm|png|jpe?g|gif|webp|avif|svg|ico|bmp|woff2?|ttf|otf|eot|mp4|webm|mp3|ogg|pdf)$/i;

/** Whether a `<link>` asks the browser to fetch data for a script: the tokens of its `rel` and its `as`, `type` and path. */
function isDataLink(link: HTMLElement, path: string): boolean {
  const rel = (attrOf(link, 'rel') ?? '').toLowerCase().split(/\s+/);
  const as = (attrOf(link, 'as') ?? '').trim().toLowerCase();
  const type = (attrOf(link, 'type') ?? '').trim().toLowerCase();
  // A declared type that is not JSON (text/css, font/woff2) is not the listing's data.
  if (type !== '' && !type.includes('json')) return false;
  // 'modulepreload', 'dns-prefetch' and 'preconnect' are tokens of their own: never data.
  if (rel.includes('preload')) return as === 'fetch';
  // A prefetch without `as` is often the next page a user may open (HTML): data only when it says JSON.
  if (rel.includes('prefetch')) return as === 'fetch' || (as === '' && (type.includes('json') || /\.json$/i.test(path)));
  return false;
}

/**
 * What a URL's query values and path segments say, folded (lower case, no accents, letters and
 * digits only: 'Aïn Témouchent' and 'ain-temouchent' alike); a value of one character (a page
 * number '1') says too little to tell a search by.
 */
function terms(url: URL): Set<string> {
  const out = new Set<string>();
  const add = (raw: string) => {
    const t = raw.toLowerCase().normalize('NFD').replace(/[^a-z0-9]/g, '');
    if (t.length >= 2 && t.length <= 200) out.add(t);
  };
  for (const v of url.searchParams.values()) add(v);
  for (const seg of url.pathname.split('/')) {
    try {
      add(decodeURIComponent(seg));
    } catch {
      add(seg);
    }
  }
  return out;
}

/**
 * The JSON a shell preloads for its listing, resolved: a `<link rel=preload as=fetch>`, or a
 * `<link rel=prefetch>` for fetch or of JSON (`type="application/json"`, a `.json` path); on
 * the page's own host, not the page itself nor its next page (read as such), never a script,
 * a style, an image or a font. Of several (a translations file, a facets list, the wilaya's
 * record beside the listing), the one carrying most of the page's own search (its query values
 * and path segments: the sector, the wilaya) comes first, else the first written.
 */
export function preloadedData(links: readonly HTMLElement[], pageUrl: string, base: string, next: string | undefined): string | undefined {
  const own = (u: string) => u.replace(/#.*$/, '');
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const searched = terms(page);
  let best: { url: string; shared: number } | undefined;
  for (const link of links.slice(0, MAX_LINKS)) {
    const href = attrOf(link, 'href')?.trim();
    if (!href || href.length > 2_000) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameHost(url, page) || NOT_DATA.test(url.pathname)) continue;
    if (!isDataLink(link, url.pathname)) continue;
    if (own(url.href) === own(page.href) || (next !== undefined && own(url.href) === own(next))) continue;
    let shared = 0;
    for (const t of terms(url)) if (searched.has(t)) shared++;
    if (best === undefined || shared > best.shared) best = { url: url.href, shared };
  }
  return best?.url;
}
