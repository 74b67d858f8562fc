/**
 * The request a store-locator plugin sends when its page loads. WordPress's WP Store Locator
 * shows no store in the page: its script reads the settings WordPress inlines for it
 * (`var wpslSettings = {…}`, `wp_localize_script`) and, when `autoLoad` is on, asks
 * `admin-ajax.php` by GET for the stores around the start point (`action=store_search`, `lat`,
 * `lng`, `max_results`, `search_radius`, the page's `filter` category, `autoload=1`: the
 * parameters the plugin publishes, in the order it builds them). That JSON answer is the page's
 * list. Read, never run: one bounded look at the scripts that name the settings.
 */
import type { HTMLElement } from 'node-html-parser';
import { sameHost } from './hosts';
import { attrOf } from './parse';

/** Longest inline script looked at, and most scripts. */
const MAX_SCRIPT = 200_000;
const MAX_SCRIPTS = 200;
/** Longest settings object read. */
const MAX_SETTINGS = 20_000;

const WPSL_SETTINGS = /\bwpslSettings\s{0,5}=\s{0,5}\{/;

/** A settings value as text (a string or a number), else undefined. */
function text(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' && v.length <= 200 ? v.trim() : undefined;
}

/** The JSON object that starts at `start` (its closing brace found by a bounded scan), or undefined. */
export function objectAt(script: string, start: number, max = MAX_SETTINGS): Record<string, unknown> | undefined {
  const slice = script.slice(start, start + max);
  let depth = 0;
  let quote = '';
  for (let i = 0; i < slice.length; i++) {
    const c = slice[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const value: unknown = JSON.parse(slice.slice(0, i + 1));
        return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The URL of WP Store Locator's autoload request, from the `wpslSettings` a page's inline script
 * assigns: its `ajaxurl` (resolved against `base`, on the page's host) with `action=store_search`,
 * the `startLatlng` point, `maxResults`, `searchRadius`, `categoryIds` as `filter` and
 * `autoload=1`. Undefined without such settings, with `autoLoad` off (the list waits for a
 * visitor's search) or without a start point.
 */
export function storeLocatorRequest(scripts: readonly HTMLElement[], pageUrl: string, base: string): string | undefined {
  for (const script of scripts.slice(0, MAX_SCRIPTS)) {
    if (attrOf(script, 'src') !== undefined) continue;
    const raw = script.rawText;
    if (!raw.includes('wpslSettings')) continue;
    const body = raw.length > MAX_SCRIPT ? raw.slice(0, MAX_SCRIPT) : raw;
    const m = WPSL_SETTINGS.exec(body);
    if (m === null) continue;
    const settings = objectAt(body, m.index + m[0].length - 1);
    if (settings === undefined) continue;
    const endpoint = text(settings.ajaxurl);
    const start = text(settings.startLatlng)?.split(',');
    if (endpoint === undefined || start?.length !== 2 || text(settings.autoLoad) !== '1') return undefined;
    const [lat, lng] = start.map((s) => s.trim());
    if (!/^-?\d{1,3}(?:\.\d{1,12})?$/.test(lat) || !/^-?\d{1,3}(?:\.\d{1,12})?$/.test(lng)) return undefined;
    let url: URL;
    try {
      url = new URL(endpoint, base);
    } catch {
      return undefined;
    }
    if (!sameHost(url, pageUrl)) return undefined;
    const params: [string, string | undefined][] = [
      ['action', 'store_search'],
      ['lat', lat],
      ['lng', lng],
      ['max_results', text(settings.maxResults)],
      ['search_radius', text(settings.searchRadius)],
      ['filter', text(settings.categoryIds)],
      ['autoload', '1'],
    ];
    for (const [k, v] of params) if (v !== undefined) url.searchParams.append(k, v);
    return url.href;
  }
  return undefined;
}
