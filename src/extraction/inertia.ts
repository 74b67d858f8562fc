/**
 * Laravel + Inertia.js pages and Laravel paginators:
 *   - {@link inertiaPages}: an Inertia app renders nothing on the server (unless it runs SSR); the
 *     whole page is the JSON of its root element's `data-page` attribute, `{component, props,
 *     url, version}`, read as the page's JSON state (its listing in `props`);
 *   - {@link paginatorLinksNext}: a Laravel paginator's link list (`links: [{url, label,
 *     active}]`, what `linkCollection()` gives and Inertia's pagination components show), often
 *     the only pagination an Inertia page passes beside its rows (`{data, links}`): the link
 *     labelled next, else the numbered one after the active one.
 * Runs in the page workers, on bounded values.
 */
import type { HTMLElement } from 'node-html-parser';
import { isJson } from './cursor';

/** Longest data-page value parsed (a page with a few hundred entries and its menus). */
const MAX_PAGE_JSON = 4_000_000;
/** Most Inertia roots looked at per page (there is one; a page nesting apps is rare). */
const MAX_ROOTS = 3;
/** Most entries of a link list looked at (a paginator shows a dozen or so). */
const MAX_LINKS = 200;

/**
 * The Inertia page objects of a page: the `data-page` attributes (entities decoded by the
 * parser) whose value is a JSON object with a `component` name and `props`. A `data-page="2"`
 * (a load-more button's page number) or any other JSON is not one.
 */
export function inertiaPages(elements: readonly HTMLElement[]): unknown[] {
  const out: unknown[] = [];
  for (const el of elements) {
    // Cheap test on the raw attributes first: the attribute opens a JSON object.
    const raw = el.rawAttrs;
    if (raw.length < 30 || !/data-page\s{0,5}=\s{0,5}["']\s{0,20}(?:\{|&#123;|&lbrace;)/i.test(raw)) continue;
    const value = el.getAttribute('data-page');
    if (value === undefined || value.length > MAX_PAGE_JSON) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (isJson(parsed) && typeof parsed.component === 'string' && isJson(parsed.props)) out.push(parsed);
    } catch {
      // Not JSON.
    }
    if (out.length >= MAX_ROOTS) break;
  }
  return out;
}

/** A label's entities as Laravel's pagination strings write them ('Suivant &raquo;'). */
const ENTITIES: Record<string, string> = { raquo: '»', rsaquo: '›', gt: '>', rarr: '→', laquo: '«', lsaquo: '‹', lt: '<', larr: '←', amp: '&', nbsp: ' ' };
/** A next link's words (folded: lower case, no accents). */
const NEXT_WORDS = /(?:^|[^\p{L}])(?:next|suivant|suivante|suiv|siguiente|avanti|weiter|التالي|التالية)(?:[^\p{L}]|$)/u;
/** A next link shown as an arrow only. */
const NEXT_ARROW = /^[\s»›>→]{1,4}$/u;

function isNextLabel(label: string): boolean {
  if (label.length > 60) return false;
  const text = label
    .replace(/&([a-z]{2,6});/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim();
  return NEXT_WORDS.test(text) || NEXT_ARROW.test(text);
}

/** A paginator link: an object with a `url` (a string or null) and a `label`. */
interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

function pageLinks(v: unknown): PageLink[] | undefined {
  if (!Array.isArray(v) || v.length < 2) return undefined;
  const out: PageLink[] = [];
  for (const x of v.slice(0, MAX_LINKS)) {
    if (!isJson(x) || !('url' in x) || (x.url !== null && typeof x.url !== 'string') || (typeof x.label !== 'string' && typeof x.label !== 'number')) return undefined;
    out.push({ url: x.url === '' ? null : (x.url as string | null), label: String(x.label), active: x.active === true });
  }
  // A paginator's list marks its current page.
  return out.some((l) => l.active) ? out : undefined;
}

/**
 * The next page a Laravel paginator's link list names (the value's `links`, or its `meta.links`
 * as an API resource writes it), as written: the link labelled next ('Suivant &raquo;', 'Next
 * &raquo;', '»', 'التالي'), none when that link has no URL (the last page); without such a label,
 * the numbered link right after the active one. Undefined when the value holds no such list (a
 * list of other links: no labels, no active flag).
 */
export function paginatorLinksNext(value: unknown): string | undefined {
  if (!isJson(value)) return undefined;
  const list = pageLinks(value.links) ?? (isJson(value.meta) ? pageLinks(value.meta.links) : undefined);
  if (list === undefined) return undefined;
  const next = list.find((l) => !l.active && isNextLabel(l.label));
  if (next !== undefined) return next.url ?? undefined;
  const at = list.findIndex((l) => l.active);
  const after = list[at + 1];
  return after !== undefined && after.url !== null && /^\d{1,6}$/.test(after.label.trim()) ? after.url : undefined;
}
