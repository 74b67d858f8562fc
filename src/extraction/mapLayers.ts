/**
 * The data layers of a uMap map. A uMap page (Django + Leaflet) holds only the map's settings,
 * passed to `new U.Map("map", {…})` (`L.U.Map` before uMap 2): its `datalayers` (each with its
 * `id`) and the URL patterns of its views (`urls.datalayer_view`, `/fr/datalayer/{map_id}/{pk}/`,
 * `/datalayer/{pk}/` before uMap 2). Its script fetches each layer by GET: a GeoJSON
 * FeatureCollection whose features are the map's points. Read, never run: one bounded look at
 * the scripts that name `U.Map`.
 */
import type { HTMLElement } from 'node-html-parser';
import { sameHost } from './hosts';
import { attrOf } from './parse';
import { objectAt } from './storeLocator';

/** Longest inline script looked at, and most scripts. */
const MAX_SCRIPT = 400_000;
const MAX_SCRIPTS = 200;
/** Most layers fetched for one map. */
export const MAX_LAYERS = 10;

const UMAP_CALL = /\bU\.Map\s{0,5}\(\s{0,5}(?:"[^"\n]{0,80}"|'[^'\n]{0,80}')\s{0,5},\s{0,5}\{/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A settings value as a path part (an id: letters, digits, '-', '_'), else undefined. */
function idOf(v: unknown): string | undefined {
  const s = typeof v === 'number' && Number.isInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : undefined;
  return s !== undefined && /^[\w-]{1,80}$/.test(s) ? s : undefined;
}

/**
 * The URLs of a uMap map's data layers, from the settings its page passes to `U.Map`: the
 * `datalayer_view` pattern with `{map_id}` (the map's `umap_id` or `id`) and `{pk}` (each layer's
 * `id`) filled, resolved against `base`, on the page's host; at most {@link MAX_LAYERS}. Empty
 * for any other page.
 */
export function mapLayerUrls(scripts: readonly HTMLElement[], pageUrl: string, base: string): string[] {
  for (const script of scripts.slice(0, MAX_SCRIPTS)) {
    if (attrOf(script, 'src') !== undefined) continue;
    const raw = script.rawText;
    if (!raw.includes('U.Map')) continue;
    const body = raw.length > MAX_SCRIPT ? raw.slice(0, MAX_SCRIPT) : raw;
    const m = UMAP_CALL.exec(body);
    if (m === null) continue;
    const settings = objectAt(body, m.index + m[0].length - 1, MAX_SCRIPT);
    if (settings === undefined) continue;
    // uMap 2 passes the map as a GeoJSON Feature (its options in `properties`); earlier versions pass the options.
    const options = isObject(settings.properties) ? settings.properties : settings;
    const urls = isObject(options.urls) ? options.urls : undefined;
    const pattern = typeof urls?.datalayer_view === 'string' ? urls.datalayer_view : undefined;
    const layers = Array.isArray(options.datalayers) ? options.datalayers : [];
    if (pattern === undefined || !pattern.includes('{pk}') || pattern.length > 300) return [];
    const mapId = idOf(options.umap_id) ?? idOf(options.id) ?? idOf(settings.id);
    if (pattern.includes('{map_id}') && mapId === undefined) return [];
    const out: string[] = [];
    for (const layer of layers.slice(0, MAX_LAYERS)) {
      const pk = isObject(layer) ? idOf(layer.id) : undefined;
      if (pk === undefined) continue;
      let url: URL;
      try {
        url = new URL(pattern.replace('{map_id}', mapId ?? '').replace('{pk}', pk), base);
      } catch {
        continue;
      }
      if (sameHost(url, pageUrl) && !out.includes(url.href)) out.push(url.href);
    }
    return out;
  }
  return [];
}
