/**
 * "Load more" over an AJAX endpoint, as WordPress sites (and others built the same way) write it:
 * a button that names no URL but an action and its parameters (`data-action="…_load_more"
 * data-page="2" data-nonce="…"`), the endpoint being the site's `admin-ajax.php` the page's
 * localized script names (`var my_ajax = {"ajax_url":"…\/admin-ajax.php","nonce":"…"}`, or
 * `var ajaxurl = '…'`); and the answers such endpoints give: `wp_send_json_success`'s envelope
 * `{success, data: {html, has_more, page | offset | next}}`, or a raw HTML fragment.
 *
 * The request is a GET built as the site's script builds its own (admin-ajax dispatches on the
 * `action` parameter whatever the method): the endpoint, `action`, then the button's other data-*
 * parameters as written, in name order (its own page or offset: what the site sends on the first click), then
 * the script's nonce when the button has none. Pure string and URL work on bounded values.
 */
import type { HTMLElement } from 'node-html-parser';
import { isJson, parsedUrl } from './cursor';

/** An AJAX action name (`sud_load_more`, `load-more-posts`); not a Stimulus descriptor (`click->list#more`). */
const ACTION = /^[A-Za-z_][\w-]{0,99}$/;
/** Attributes of the control naming the endpoint itself. */
const ENDPOINT_ATTRS = ['data-ajax-url', 'data-ajaxurl', 'data-ajax'];
/** Attributes of the control naming a URL: the endpoint when its path says ajax, else a page of its own (taken as written by the caller). */
const URL_ATTRS = ['data-url', 'data-endpoint', 'data-href', 'data-next', 'data-next-url', 'data-link', 'href'];
/** The control's data-* attributes that are its look or behaviour in the page, not the request's parameters. */
const NOT_PARAMS = /^data-(?:action|ajax-?url|ajax|url|endpoint|href|next|next-url|link|bs-.*|toggle|target|dismiss|text|label|title|original-title|tooltip|placement|icon|loading(?:-.*)?|loaded-.*|done-text|end-text|no-more-text|more-text|style|theme|animation|effect)$/i;
/** Most parameters taken from one control, and the longest value. */
const MAX_PARAMS = 16;
const MAX_VALUE = 200;
/** Most script text searched for the endpoint, per script. */
const MAX_SCRIPT = 200_000;
/**
 * The endpoint a localized script names: `ajax_url` / `ajaxurl` / `ajaxUrl` / `ajax-url` as an
 * object key or a variable, its value a quoted string (JSON's escaped slashes read back). Bounded
 * quantifiers: linear in the script's length.
 */
const SCRIPT_ENDPOINT = /\bajax[_-]?ur[li]["']?\s{0,20}[:=]\s{0,20}(?:"([^"\r\n]{1,500})"|'([^'\r\n]{1,500})')/i;
/** WordPress's endpoint written anywhere in a script as a string, whatever its key. */
const ADMIN_AJAX = /["']((?:[^"'\s]{0,400}[/\\])?admin-ajax\.php)["']/;
/** The nonce a localized script gives beside the endpoint: `nonce`, `security`, `_ajax_nonce`, `…_nonce`. */
const SCRIPT_NONCE = /["']?\b((?:[a-z]{1,20}_){0,3}nonce|security|_ajax_nonce|_wpnonce)["']?\s{0,20}:\s{0,20}["']([A-Za-z0-9]{4,64})["']/i;
/** Parameter names that carry a nonce. */
const NONCE_PARAM = /nonce|security/i;

/**
 * The request a "load more" control that names an AJAX action would send (see the module's
 * comment), as written (relative when the endpoint is): undefined when the control names no
 * action, already names a URL holding one (taken as written by the caller), or the page names no
 * endpoint (its control's `data-ajax-url` …, its scripts' `ajax_url`, or, for a fragment answered
 * to an action request, that request's own endpoint).
 */
export function ajaxActionRequest(control: HTMLElement, elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  const action = control.getAttribute('data-action')?.trim();
  if (action === undefined || !ACTION.test(action)) return undefined;
  let endpoint: string | undefined;
  for (const name of [...ENDPOINT_ATTRS, ...URL_ATTRS]) {
    const v = control.getAttribute(name)?.trim();
    if (v === undefined || v === '' || v.startsWith('#') || /^javascript:/i.test(v) || !/[/?.]/.test(v)) continue;
    // A URL that names its action, or a page's own URL ('/annuaire/page/2/'): the request as written.
    if (/[?&]action=/.test(v) || (URL_ATTRS.includes(name) && !/ajax/i.test(v.split(/[?#]/, 1)[0]))) return undefined;
    endpoint = v;
    break;
  }
  const script = endpoint === undefined ? scriptEndpoint(elements) : undefined;
  endpoint ??= script?.endpoint ?? actionEndpoint(pageUrl);
  if (endpoint === undefined) return undefined;
  const own: [string, string][] = [];
  for (const [name, value] of Object.entries(control.attributes)) {
    if (own.length >= MAX_PARAMS) break;
    const lower = name.toLowerCase();
    if (!lower.startsWith('data-') || NOT_PARAMS.test(lower) || value.length > MAX_VALUE || value.trim() === '') continue;
    // PHP's names: data-post-type is read as $_REQUEST['post_type'].
    own.push([lower.slice(5).replace(/-/g, '_'), value.trim()]);
  }
  // In name order: the order of a tag's attributes means nothing, and the same button gives the same request.
  own.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const params = new URLSearchParams([['action', action], ...own]);
  if (script?.nonce !== undefined && ![...params.keys()].some((k) => NONCE_PARAM.test(k))) params.set(script.nonce.name, script.nonce.value);
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params.toString()}`;
}

/** The AJAX endpoint (and the nonce beside it) an inline script of the page names. */
function scriptEndpoint(elements: readonly HTMLElement[]): { endpoint: string; nonce?: { name: string; value: string } } | undefined {
  for (const el of elements) {
    if (el.tagName !== 'SCRIPT' || el.getAttribute('src') !== undefined) continue;
    const raw = el.rawText;
    const text = raw.length > MAX_SCRIPT ? raw.slice(0, MAX_SCRIPT) : raw;
    if (!/ajax/i.test(text)) continue;
    const m = SCRIPT_ENDPOINT.exec(text) ?? ADMIN_AJAX.exec(text);
    const written = m === null ? undefined : (m[1] ?? m[2]).replace(/\\\//g, '/').trim();
    if (written === undefined || !/[/.]/.test(written) || /^(?:javascript|data):/i.test(written)) continue;
    const n = SCRIPT_NONCE.exec(text);
    return n === null ? { endpoint: written } : { endpoint: written, nonce: { name: n[1], value: n[2] } };
  }
  return undefined;
}

/** The endpoint of a page that is itself an answer to an action request (its URL without the query), else undefined. */
function actionEndpoint(pageUrl: string): string | undefined {
  const url = parsedUrl(pageUrl);
  if (url === undefined || !url.searchParams.has('action')) return undefined;
  return `${url.origin}${url.pathname}`;
}

/** Keys an envelope may hold beside its payload: its status, a message. */
const ENVELOPE_KEYS = new Set(['success', 'status', 'ok', 'code', 'message', 'msg', 'error', 'errors']);

/**
 * The payload of an answer wrapped in a status envelope (`wp_send_json_success`'s `{success: true,
 * data: {…}}`, `{status: 'ok', data: {…}}`): its `data` object; else the answer itself. A
 * JSON:API document (`data` beside `links` or `meta`) is not an envelope.
 */
export function ajaxPayload(value: unknown): unknown {
  if (!isJson(value) || !isJson(value.data)) return value;
  return Object.keys(value).every((k) => k === 'data' || ENVELOPE_KEYS.has(k.toLowerCase())) ? value.data : value;
}

/** Folded keys saying whether more entries follow. */
const MORE_KEYS = new Set(['hasmore', 'more', 'hasnext', 'hasnextpage', 'moreresults', 'canloadmore', 'loadmore', 'hasmoreitems']);
/** Folded keys of the offset the next batch starts at. */
const OFFSET_KEYS = new Set(['offset', 'nextoffset', 'newoffset']);
/** Query keys of a page number and of an offset, the first found being stepped. */
const PAGE_PARAMS = ['page', 'paged', 'p', 'pg', 'pageno', 'page_no', 'pagenum', 'page_number', 'current_page', 'currentPage'];
const OFFSET_PARAMS = ['offset', 'start', 'skip', 'from', 'o', 'limitstart'];

/** What an answer says of the entries after it: true, false (`has_more: false`), or undefined. */
export function moreOf(answer: unknown): boolean | undefined {
  if (!isJson(answer)) return undefined;
  for (const [k, v] of Object.entries(answer)) {
    if (!MORE_KEYS.has(k.toLowerCase().replace(/[^a-z]/g, ''))) continue;
    if (v === false || v === 0 || v === 'false' || v === '0') return false;
    if (v === true || v === 1 || v === 'true' || v === '1') return true;
  }
  return undefined;
}

/**
 * The next batch of an AJAX answer read at `pageUrl` that names no next link, only how to step:
 * the offset it gives (`offset`, `next_offset`) put in the URL's offset parameter when it moves on;
 * else, when it says more follow (or when `answer` is undefined: a raw HTML fragment, read until
 * one comes empty), the URL's page parameter + 1 or its offset + the `entries` just read.
 * Undefined without entries, when the answer says there are no more, or when the URL has no page
 * nor offset parameter.
 */
export function steppedAjaxNext(answer: unknown, pageUrl: string, entries: number): string | undefined {
  if (entries <= 0) return undefined;
  const more = answer === undefined ? true : moreOf(answer);
  if (more === false) return undefined;
  const url = parsedUrl(pageUrl);
  if (url === undefined) return undefined;
  const offsetName = OFFSET_PARAMS.find((p) => url.searchParams.has(p));
  const current = offsetName === undefined ? NaN : Number(url.searchParams.get(offsetName));
  if (offsetName !== undefined && Number.isInteger(current)) {
    const given = isJson(answer) ? Object.entries(answer).find(([k]) => OFFSET_KEYS.has(k.toLowerCase().replace(/[^a-z]/g, '')))?.[1] : undefined;
    const told = typeof given === 'number' ? given : typeof given === 'string' && /^\d{1,7}$/.test(given) ? Number(given) : undefined;
    const to = told !== undefined && told > current ? told : more === true ? current + entries : undefined;
    if (to === undefined) return undefined;
    url.searchParams.set(offsetName, String(to));
    return url.href;
  }
  if (more !== true) return undefined;
  const pageName = PAGE_PARAMS.find((p) => url.searchParams.has(p));
  const n = pageName === undefined ? NaN : Number(url.searchParams.get(pageName));
  if (pageName === undefined || !Number.isInteger(n) || n < 0) return undefined;
  url.searchParams.set(pageName, String(n + 1));
  return url.href;
}

/**
 * Whether an HTML body is an AJAX answer's fragment: fetched with an `action` parameter (or at
 * an endpoint whose path says ajax) and no document around it (no `<html>`, `<head>` nor `<body>`).
 */
export function isAjaxFragment(html: string, pageUrl: string): boolean {
  const url = parsedUrl(pageUrl);
  if (url === undefined || (!url.searchParams.has('action') && !/ajax/i.test(url.pathname))) return false;
  return !/<(?:html|head|body)[\s>]/i.test(html.length > 4_000 ? html.slice(0, 4_000) : html);
}
