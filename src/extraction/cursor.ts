/**
 * Infinite scroll driven by a cursor: the page names an endpoint on an element that is no
 * button nor link (a scroll sentinel: `data-endpoint`, `data-api`, `data-url`, `data-next` …),
 * and each JSON batch gives only the cursor of the next one (`after`, `cursor`, `next_cursor`,
 * `meta.after`, `pagination.next_cursor`, GraphQL's `pageInfo.endCursor` …), to be put in the
 * endpoint's cursor parameter. Pure string and URL work on bounded values.
 */
import type { HTMLElement } from 'node-html-parser';

type Json = Record<string, unknown>;

/** Attributes naming the next batch itself, then those naming the endpoint. */
const NEXT_ATTRS = ['data-next', 'data-next-url', 'data-next-page'];
const ENDPOINT_ATTRS = ['data-endpoint', 'data-api', 'data-api-url', 'data-url', 'data-source', 'data-feed', 'data-src', 'data-ajax-url', 'data-load-url', 'data-href'];
/** Attributes holding the first cursor, and the parameter each suggests. */
const CURSOR_ATTRS: [string, string][] = [
  ['data-cursor', 'cursor'],
  ['data-next-cursor', 'cursor'],
  ['data-after', 'after'],
  ['data-end-cursor', 'after'],
  ['data-page-token', 'page_token'],
  ['data-next-token', 'token'],
  ['data-continuation', 'continuation'],
];
/** A cursor placeholder in an endpoint template: {cursor}, {{after}}, :cursor, %7Bcursor%7D. */
const TEMPLATE = /\{\{?\s{0,3}(?:cursor|after|next_?cursor|token|page_?token|continuation)\s{0,3}\}\}?|%7B(?:cursor|after|token)%7D|:(?:cursor|after)\b/i;
/** Class and id words of a scroll sentinel. */
const SENTINEL = /infinite|sentinel|endless|scroll|lazy-?load|feed-?loader|load-?trigger/i;

/** Usual cursor parameter names in a URL, the first found being replaced. */
const CURSOR_PARAMS = ['after', 'cursor', 'next_cursor', 'nextCursor', 'page_token', 'pageToken', 'continuation', 'token', 'starting_after', 'endCursor'];

function usable(v: string | undefined): v is string {
  return v !== undefined && v.length > 0 && v.length <= 2000 && !v.startsWith('#') && !/^javascript:/i.test(v);
}

/**
 * Elements that load a picture, a frame or a medium: a lazy-loading plugin's `data-src` on them
 * (class `lazyload`) names what they show, never a list's next batch.
 */
const MEDIA_TAGS = new Set(['IMG', 'IFRAME', 'VIDEO', 'AUDIO', 'SOURCE', 'PICTURE', 'EMBED', 'OBJECT', 'TRACK']);
/** A URL whose path names a picture or a medium file (`/uploads/logo-200x200.jpg`): a lazy background, no batch of entries. One alternation, anchored at its end: linear. */
const MEDIA_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg|bmp|ico|mp4|webm|ogg|mp3)(?:[?#]|$)/i;

/**
 * The next batch of an infinite-scroll sentinel, as written (relative or absolute): its
 * `data-next` URL; else its endpoint with the placeholder ({cursor}) replaced by its first cursor
 * (`data-cursor`, `data-after` …) or with that cursor added under the parameter the attribute
 * names; else the endpoint itself when the element says it is a scroll sentinel. Undefined when
 * no element is one. A picture, a frame or a medium loaded lazily (`<img class="lazyload"
 * data-src>`), or an attribute naming a picture file, is none.
 */
export function scrollSentinelNext(elements: readonly HTMLElement[]): string | undefined {
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw.length < 10 || !raw.includes('data-') || el.tagName === 'A' || el.tagName === 'SCRIPT' || MEDIA_TAGS.has(el.tagName)) continue;
    const endpointAttr = ENDPOINT_ATTRS.find((a) => usable(el.getAttribute(a)) && /[/?]/.test(el.getAttribute(a)!) && !MEDIA_FILE.test(el.getAttribute(a)!.slice(0, 2000)));
    const nextAttr = NEXT_ATTRS.find((a) => usable(el.getAttribute(a)) && /[/?]/.test(el.getAttribute(a)!) && !MEDIA_FILE.test(el.getAttribute(a)!.slice(0, 2000)));
    if (endpointAttr === undefined && nextAttr === undefined) continue;
    const cursorAttr = CURSOR_ATTRS.find(([a]) => usable(el.getAttribute(a)));
    const endpoint = endpointAttr === undefined ? undefined : el.getAttribute(endpointAttr)!;
    const template = endpoint !== undefined && TEMPLATE.test(endpoint);
    const sentinel = SENTINEL.test(`${el.getAttribute('class') ?? ''} ${el.id}`);
    if (!sentinel && !template && cursorAttr === undefined) continue;
    if (nextAttr !== undefined) return el.getAttribute(nextAttr)!;
    if (endpoint === undefined) continue;
    const cursor = cursorAttr === undefined ? '' : el.getAttribute(cursorAttr[0])!;
    if (template) return endpoint.replace(TEMPLATE, encodeURIComponent(cursor));
    if (cursorAttr !== undefined) return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${cursorAttr[1]}=${encodeURIComponent(cursor)}`;
    return endpoint;
  }
  return undefined;
}

/** Query parameters of a cursor to older entries (`?before=372`, Mastodon's `max_id`, `until`). */
const BEFORE_PARAMS = ['before', 'before_id', 'max_id', 'until', 'older_than'];
/** Any of {@link BEFORE_PARAMS} in an element's attributes (a cheap first test). */
const BEFORE_IN_ATTRS = /before|max_id|until|older_than/;
/** Class and id words of a loader of older entries (Telegram's `tme_messages_more`, a history's 'load earlier'). */
const OLDER_LOADER = /more|older|earlier|load|history|infinite|scroll|sentinel/i;
/**
 * A class or id word of a link that loads older entries: a load-more's ('load-more', 'show-more', 'btn-more'), a list's
 * more ('messages_more', Telegram's `tme_messages_more`, 'posts-more'), 'older', 'earlier', 'load-older'. Not a bare
 * 'more' nor an entry's 'read-more', nor a 'scroll-top' or an 'archive-history'. Tested on each word: bounded.
 */
const OLDER_LOADER_LINK = /^(?:.{0,40}[-_])?(?:load-?more|loadmore|show-?more|see-?more|(?:btn|button|messages|posts|entries|items|results|history)[-_]more|older|earlier|load[-_]?(?:older|earlier|previous|history))(?:[-_].{0,40})?$/i;
/** A cursor value: a token, no space, no URL. */
const CURSOR_TOKEN = /^[A-Za-z0-9_=-]{1,100}$/;

/**
 * The older entries of a list read newest first (a chat channel's web preview, `t.me/s/…`, a
 * timeline): such a page names no next page, only its older posts, by a `rel=prev` link whose
 * query carries a cursor to older entries (`?before=372`, `max_id`, `until`), or by a loader
 * link of this page's path whose class or id says it loads more (no rel: Telegram's text-less
 * `a.tme_messages_more`) and whose href carries that cursor, or by a loader (no link) whose
 * `data-before` holds that cursor, put in the page URL's `before` parameter.
 * Those older posts are the rest of the list. A numbered list's `rel=prev` (the page before,
 * no such cursor) is not one. Returned as written, or absolute when built from the page URL.
 */
export function olderEntriesNext(elements: readonly HTMLElement[], pageUrl: string, outside: (el: HTMLElement) => boolean = () => false): string | undefined {
  for (const el of elements) {
    if (el.tagName !== 'LINK' && el.tagName !== 'A') continue;
    const rel = el.getAttribute('rel');
    if (rel === undefined || !rel.toLowerCase().split(/\s+/).some((r) => r === 'prev' || r === 'previous')) continue;
    const href = el.getAttribute('href');
    if (!usable(href)) continue;
    try {
      const params = new URL(href, pageUrl).searchParams;
      if (BEFORE_PARAMS.some((p) => CURSOR_TOKEN.test(params.get(p) ?? ''))) return href;
    } catch {
      // (an unreadable href leads nowhere)
    }
  }
  // A loader that is a link with no rel (Telegram's text-less `a.tme_messages_more`): its href, when
  // its class or id says it loads more and the href is this page's path with a cursor to older entries.
  let page: URL | undefined;
  for (const el of elements) {
    if (el.tagName !== 'A' || !BEFORE_IN_ATTRS.test(el.rawAttrs)) continue;
    const words = `${el.getAttribute('class') ?? ''} ${el.id}`.slice(0, 400).split(/\s+/);
    if (!words.some((w) => w.length <= 80 && OLDER_LOADER_LINK.test(w)) || outside(el)) continue;
    const href = el.getAttribute('href');
    if (!usable(href)) continue;
    try {
      page ??= new URL(pageUrl);
      const url = new URL(href, page);
      if (url.origin === page.origin && url.pathname === page.pathname && BEFORE_PARAMS.some((p) => CURSOR_TOKEN.test(url.searchParams.get(p) ?? ''))) return href;
    } catch {
      // (an unreadable href leads nowhere)
    }
  }
  for (const el of elements) {
    if (el.tagName === 'A' || !el.rawAttrs.includes('data-before')) continue;
    const cursor = el.getAttribute('data-before')?.trim();
    if (cursor === undefined || !CURSOR_TOKEN.test(cursor) || !OLDER_LOADER.test(`${el.getAttribute('class') ?? ''} ${el.id}`)) continue;
    try {
      const url = new URL(pageUrl);
      url.searchParams.set('before', cursor);
      return url.toString();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Path segments after which the next segment is the cursor (`/page/{cursor}`, `/after/{cursor}`). */
const CURSOR_SEGMENTS = new Set(['after', 'cursor', 'curseur', 'page', 'next', 'from', 'since', 'token', 'page_token', 'pagetoken', 'continuation', 'starting_after']);

/**
 * The index of the path segment that holds a cursor: the last segment (or the one before a
 * trailing '/') when the segment before it is a cursor word; -1 when there is none.
 */
function cursorSegment(segments: string[]): number {
  const last = segments[segments.length - 1] === '' && segments.length >= 3 && CURSOR_SEGMENTS.has(segments[segments.length - 2].toLowerCase()) ? segments.length - 1 : -1;
  if (last >= 0) return last;
  for (const i of [segments.length - 1, segments.length - 2]) {
    if (i >= 2 && segments[i] !== '' && CURSOR_SEGMENTS.has(segments[i - 1].toLowerCase())) return i;
  }
  return -1;
}

/** Folded keys of a JSON answer's next cursor, with the parameter each suggests. */
const CURSOR_KEYS: Record<string, string> = {
  after: 'after',
  endcursor: 'after',
  cursor: 'cursor',
  nextcursor: 'cursor',
  next: 'cursor',
  nextpagetoken: 'page_token',
  nexttoken: 'token',
  continuation: 'continuation',
  continuationtoken: 'continuation',
};
/**
 * An opaque offset token (Airtable's `offset`, 'itrX/recY'): letters, digits and a few token
 * characters, no '.', '?' nor space (a link or a sentence), not a bare number (a numeric offset
 * is stepped as such).
 */
const OFFSET_TOKEN = /^[A-Za-z0-9_+=-][A-Za-z0-9_+=/-]{0,499}$/;

/** Folded keys saying whether there is more. */
const MORE_KEYS = new Set(['hasmore', 'hasnextpage', 'hasnext', 'more', 'moreresults', 'nextpage']);

function fold(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A JSON object (not an array, not null). */
export function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether a value written as a next page is a cursor token rather than a link (no '/', '?', '=', '.'). */
export function isCursorToken(v: string | number): boolean {
  return typeof v === 'string' && v.length > 0 && v.length <= 500 && !/[/?=.\s]/.test(v);
}

/**
 * Whether a value under a cursor key (`endCursor`, `after`, `next_cursor` …) is a cursor: a
 * token without whitespace, not a URL. Base64 cursors (Relay's `YXJyYXljb25uZWN0aW9uOjk=`) may
 * hold '=', '+' and '/'; a bare `next` key is read by {@link isCursorToken}, as it may hold a link.
 */
function isNamedCursor(key: string, v: string): boolean {
  if (key === 'next') return isCursorToken(v);
  return v.length > 0 && v.length <= 500 && !/\s/.test(v) && !/^(?:[a-z][a-z0-9+.-]{0,20}:)?\/\//i.test(v) && !v.includes('?');
}

/** Most objects looked into below a GraphQL answer's `data` for its connection. */
const MAX_CONNECTION_OBJECTS = 60;
/** How deep below `data` a connection is looked for (`data.viewer.annuaire.artisans`). */
const MAX_CONNECTION_DEPTH = 4;

/**
 * The `pageInfo` of a GraphQL answer's connection (Relay's cursor connections: `{data: {field:
 * {edges, pageInfo: {endCursor, hasNextPage}}}}`, the field possibly nested): the first object
 * holding a `pageInfo` object, breadth first below `data` (or the answer itself, when its
 * envelope was taken off), through objects only, bounded in depth and count.
 */
function connectionPageInfo(value: Json): Json | undefined {
  let level: Json[] = [isJson(value.data) ? value.data : value];
  let seen = 0;
  for (let depth = 0; depth < MAX_CONNECTION_DEPTH && level.length > 0; depth++) {
    const below: Json[] = [];
    for (const o of level) {
      for (const [k, v] of Object.entries(o)) {
        if (!isJson(v)) continue;
        if ((k === 'pageInfo' || k === 'page_info') && depth > 0) return v;
        if (++seen > MAX_CONNECTION_OBJECTS) return undefined;
        below.push(v);
      }
    }
    level = below;
  }
  return undefined;
}

/**
 * The `variables` JSON object of a GraphQL request made by GET (`?query=…&variables={…}`,
 * Apollo's persisted queries `?operationName=…&variables={…}&extensions={…}`), or undefined.
 */
function graphqlVariables(url: URL): Json | undefined {
  const raw = url.searchParams.get('variables');
  if (raw === null || raw.length > 4_000 || !raw.trimStart().startsWith('{')) return undefined;
  try {
    const vars: unknown = JSON.parse(raw);
    return isJson(vars) ? vars : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL of the batch after a JSON answer read at `pageUrl` that gives only a cursor: the
 * cursor (in the answer, its `meta`, `pagination`, `paging`, `pageInfo`, `cursors`, or the
 * `pageInfo` of a GraphQL answer's connection) put in `pageUrl`'s cursor parameter (the first of
 * after / cursor / page_token … it has), else, for a GraphQL request made by GET, in its
 * `variables` JSON (its cursor variable, else `after`), else in the path segment that holds it (the last, after a cursor word: `/page/{cursor}`, `/after/{cursor}`,
 * encoded as a path segment), else under the name the key suggests (`after` for after /
 * endCursor, else `cursor`). Undefined when the
 * answer says there is no more (has_more / hasNextPage false), has no cursor, or the URL would
 * not change.
 */
export function cursorNext(value: unknown, pageUrl: string): string | undefined {
  if (!isJson(value)) return undefined;
  const holders = [value, value.meta, value.pagination, value.paging, value.pageInfo, value.page_info, value.cursors, isJson(value.meta) ? value.meta.pagination : undefined, isJson(value.meta) ? value.meta.cursor : undefined].filter(isJson);
  const connection = connectionPageInfo(value);
  if (connection !== undefined && !holders.includes(connection)) holders.push(connection);
  for (const h of holders) {
    let cursor: string | undefined;
    let param: string | undefined;
    let more = true;
    for (const [k, v] of Object.entries(h)) {
      const key = fold(k);
      if (MORE_KEYS.has(key) && (v === false || v === 0 || v === 'false')) more = false;
      else if (cursor === undefined && key in CURSOR_KEYS && (typeof v === 'string' || typeof v === 'number') && isNamedCursor(key, String(v))) {
        cursor = String(v);
        param = CURSOR_KEYS[key];
      } else if (cursor === undefined && key === 'offset' && typeof v === 'string' && OFFSET_TOKEN.test(v) && /[a-z]/i.test(v)) {
        // Airtable's `offset`: an opaque token ('itr…/rec…') sent back as the next request's offset.
        cursor = v;
        param = 'offset';
      }
    }
    if (!more) return undefined;
    if (cursor === undefined) continue;
    const url = parsedUrl(pageUrl);
    if (url === undefined) return undefined;
    const name = CURSOR_PARAMS.find((p) => url.searchParams.has(p));
    const vars = name === undefined ? graphqlVariables(url) : undefined;
    const segments = url.pathname.split('/');
    const at = name === undefined && vars === undefined ? cursorSegment(segments) : -1;
    if (vars !== undefined) {
      vars[CURSOR_PARAMS.find((p) => p in vars) ?? param!] = cursor;
      url.searchParams.set('variables', JSON.stringify(vars));
    } else if (at >= 0) {
      segments[at] = encodeURIComponent(cursor);
      url.pathname = segments.join('/');
    } else url.searchParams.set(name ?? param!, cursor);
    return url.href === pageUrl ? undefined : url.href;
  }
  return undefined;
}

/** Folded keys of a JSON batch's own page number, and of its last page (or page count). */
const CURRENT_PAGE_KEYS = new Set(['currentpage', 'page', 'pagenumber', 'current', 'pagenum', 'pageno']);
const LAST_PAGE_KEYS = new Set(['lastpage', 'pages', 'totalpages', 'pagecount', 'numpages', 'nbpages', 'pagestotal', 'lastpagenumber', 'maxpage']);
/** Query keys of a page number, the first found being stepped; offsets, which a page number must not be added beside. */
const PAGE_PARAMS = ['page', 'p', 'pg', 'paged', 'pageno', 'page_no', 'pagenum', 'page_number', 'pageNumber', 'current_page', 'currentPage'];
const OFFSET_PARAMS = ['offset', 'start', 'skip', 'from', 'o', 'limitstart'];

function pageNumber(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : undefined;
}

/**
 * The URL of the batch after a JSON answer read at `pageUrl` that gives no next link, only page
 * numbers (Laravel's `meta: {current_page, last_page}`, pagy's `{page, pages}`, `{currentPage,
 * totalPages}`, in the answer or its `meta` / `pagination` / `paging` / `pageInfo` / `result`): `pageUrl` with
 * its page parameter (`page`, `p`, `paged` …; `page` added when it has none, unless it pages by
 * offset) set to the current page + 1. Undefined on the last page or without both numbers.
 */
export function pageCountNext(value: unknown, pageUrl: string): string | undefined {
  if (!isJson(value)) return undefined;
  const holders = [value, value.meta, value.pagination, value.paging, value.pageInfo, value.page_info, isJson(value.meta) ? value.meta.pagination : undefined, value.result].filter(isJson);
  for (const h of holders) {
    let current: number | undefined;
    let last: number | undefined;
    for (const [k, v] of Object.entries(h)) {
      const key = fold(k);
      if (current === undefined && CURRENT_PAGE_KEYS.has(key)) current = pageNumber(v);
      else if (last === undefined && LAST_PAGE_KEYS.has(key)) last = pageNumber(v);
    }
    if (current === undefined || last === undefined) continue;
    if (current >= last) return undefined;
    const url = parsedUrl(pageUrl);
    if (url === undefined) return undefined;
    const name = PAGE_PARAMS.find((p) => url.searchParams.has(p));
    if (name === undefined && OFFSET_PARAMS.some((p) => url.searchParams.has(p))) return undefined;
    url.searchParams.set(name ?? 'page', String(current + 1));
    return url.href === pageUrl ? undefined : url.href;
  }
  return undefined;
}

/**
 * Attributes naming where a list's entries come from: `data-url`, `data-api`, `data-endpoint`,
 * `data-source` … and a Stimulus controller's value (`data-<controller>-url-value`). Attribute
 * names are short: bounded quantifiers only.
 */
const LIST_ENDPOINT_ATTR = /^data-(?:[a-z0-9_]{1,40}-){0,3}(?:url|endpoint|api|source|src|feed|href)(?:-value)?$/;
/** Elements that name a resource of their own with such attributes (an image, a link, a control), not a list. */
const NOT_A_LIST = new Set(['A', 'BUTTON', 'SCRIPT', 'LINK', 'IMG', 'IFRAME', 'VIDEO', 'AUDIO', 'SOURCE', 'INPUT', 'FORM', 'OBJECT', 'EMBED', 'PICTURE', 'TEMPLATE', 'META', 'OPTION', 'SELECT']);
/** Files that are a page's assets, never its data. */
const ASSET = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|css|m?js|map|woff2?|ttf|otf|eot|mp4|webm|mp3|ogg|pdf)$/i;
/** Elements whose text a user does not see as the list's (its template, scripts, a noscript notice). */
const UNSEEN = new Set(['TEMPLATE', 'SCRIPT', 'STYLE', 'NOSCRIPT', 'SVG']);

/**
 * The endpoint a page's empty list is filled from, as written: an element outside the page's
 * chrome (header, footer, nav, aside) and no link, button, image nor script, that names a URL in
 * an endpoint attribute (`data-url`, `data-api`, `data-endpoint`, `data-source`, a Stimulus
 * `data-<controller>-url-value` …; not an asset such as an image or a script) and shows no
 * entries itself: its visible text (its `<template>`, scripts and noscript notice aside) at most
 * a loading line ('Chargement…'), no contact in it. A container holding a `<template>` comes
 * first. Read only for a page where nothing else gave companies (an Alpine.js or Stimulus list
 * rendered on the client). Bounded: at most 2,000 candidate elements, 200 nodes of text each.
 */
export function listEndpoint(elements: readonly HTMLElement[]): string | undefined {
  let found: string | undefined;
  let candidates = 0;
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw.length < 10 || !raw.includes('data-') || NOT_A_LIST.has(el.tagName)) continue;
    if (++candidates > 2_000) break;
    let url: string | undefined;
    for (const [name, value] of Object.entries(el.attributes)) {
      if (name.length > 80 || !LIST_ENDPOINT_ATTR.test(name.toLowerCase())) continue;
      const v = value.trim();
      if (usable(v) && /[/?]/.test(v) && !/^(?:mailto|tel|data):/i.test(v) && !ASSET.test(v.split(/[?#]/, 1)[0])) {
        url = v;
        break;
      }
    }
    if (url === undefined || !emptyList(el)) continue;
    const withTemplate = el.querySelector('template') !== null;
    if (withTemplate) return url;
    found ??= url;
  }
  return found;
}

/** Where an element stands outside the list: the page's chrome, an AMP menu drawer or consent banner, a template. */
const OUTSIDE_LIST = new Set(['HEADER', 'FOOTER', 'NAV', 'ASIDE', 'TEMPLATE', 'AMP-SIDEBAR', 'AMP-USER-NOTIFICATION', 'AMP-CONSENT']);

/**
 * The JSON an AMP page's `<amp-list src="…">` is filled from, as written: the AMP runtime fetches
 * it as soon as the page shows (whatever the page writes beside it: the entries it serves in its
 * markup, an accordion, then 'Plus d'établissements' rendered from the endpoint through the list's
 * mustache template). The first such list outside the page's chrome (header, footer, nav, aside,
 * the `amp-sidebar` drawer, a consent notice) and not one `skip` sets aside; never a state or
 * script source (`amp-state:`, `amp-script:`), nor an asset.
 */
export function ampListSource(elements: readonly HTMLElement[], skip?: (list: HTMLElement) => boolean): string | undefined {
  for (const el of elements) {
    if (el.tagName !== 'AMP-LIST' || skip?.(el)) continue;
    const src = el.getAttribute('src')?.trim();
    if (!usable(src) || /^(?:amp-state|amp-script|data|javascript):/i.test(src) || ASSET.test(src.split(/[?#]/, 1)[0])) continue;
    let outside = false;
    for (let a: HTMLElement | null = el.parentNode; a && !outside; a = a.parentNode) outside = OUTSIDE_LIST.has(a.tagName);
    if (!outside) return src;
  }
  return undefined;
}

/** Whether an element shows no entries: outside the page's chrome, at most a short line of visible text without contacts. */
function emptyList(el: HTMLElement): boolean {
  for (let a: HTMLElement | null = el; a; a = a.parentNode) {
    if (a.tagName === 'HEADER' || a.tagName === 'FOOTER' || a.tagName === 'NAV' || a.tagName === 'ASIDE' || a.tagName === 'TEMPLATE') return false;
  }
  let text = '';
  let nodes = 0;
  const stack = [...el.childNodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > 200) return false;
    if (n.nodeType === 3) {
      text += n.text;
      if (text.length > 400) return false;
    } else if (n.nodeType === 1 && !UNSEEN.has((n as HTMLElement).tagName)) stack.push(...n.childNodes);
  }
  const seen = text.replace(/\s+/g, ' ').trim();
  return seen.length <= 80 && !seen.includes('@') && (seen.match(/\d/g) ?? []).length < 6;
}

/** The URL `href` names, or undefined when it is not one. */
export function parsedUrl(href: string): URL | undefined {
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
}
