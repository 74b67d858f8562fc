/**
 * Pagination rules that do not depend on how a link is worded (items.ts reads the words:
 * 'Suivant', '»', numbered links):
 *
 * - {@link steppedPageLink}: the link to the next page by its URL alone: another page of the
 *   same list differs from the current one in one page number (`?page=N`, `?p=N`, `&start=20`,
 *   `/page/N/`, `page-N.html`, `liste-N.php`) or adds one (`/page/2/` after a first page
 *   without any), whatever the link says ('Articles plus anciens', 'Suite du répertoire', an
 *   icon).
 * - {@link isPaginationText}: a block whose whole text is pagination ('Page suivante >>',
 *   '<< Page précédente', 'Page 1 sur 3'), never a company.
 *
 * Everything here is bounded: URLs are parsed once per link, texts are folded words of at most
 * a few dozen characters, and no regex backtracks on outside text.
 */
import type { HTMLElement } from 'node-html-parser';

/** Query keys that hold a page number. */
const PAGE_KEYS = new Set(['p', 'pg', 'pn', 'page', 'pagina', 'paged', 'pageno', 'page_no', 'pagenum', 'page_num', 'pagenumber', 'page_number', 'num', 'np', 'numpage', 'npage', 'currentpage', 'current_page']);
/** Query keys that hold an offset (the first entry shown: 0, 20, 40). */
const OFFSET_KEYS = new Set(['start', 'offset', 'o', 'from', 'debut', 'skip', 'first', 'begin', 'limitstart', 'startrow', 'start_row']);
/** SPIP's offset of a paginated loop, named after the loop: `debut_articles`, `debut_breves`, `debut_rubriques`. */
const SPIP_OFFSET = /^debut_[a-z][a-z0-9_]{0,30}$/;
/** Path segments before a page number (`/page/2/`, `/p/2`; Weebly's blog pages of older posts, `/blog/previous/2`). */
const PAGE_SEGMENTS = new Set(['page', 'p', 'pg', 'pagina', 'seite', 'pages', 'previous']);
/** Most links looked at per page. */
const MAX_LINKS = 2_000;

type Kind = 'page' | 'offset';
interface Step {
  href: string;
  /** The link's page number (or offset). */
  n: number;
  /** The current page's number in the same place, when it has one. */
  current: number | undefined;
  kind: Kind;
  /** The link's text when it is a number ('2'): to tell a 0-based numbering from a 1-based one. */
  shown: number | undefined;
}

const NUMBER = /^\d{1,6}$/;

/**
 * The next page by URL: among the page's links to the same host, those that are the current
 * URL with one page number changed or added; the next page is the number after the current one
 * (offsets: the smallest above it). A page number added to a first page that has none is page 2,
 * or page 1 when the links show a 0-based numbering (Drupal's '?page=1' shown as '2'). A bare
 * number as a path segment (`/liste/2`, a wilaya code as often) counts only after a page word
 * (`/page/2`) or when the link's text is that number. Undefined when there is none.
 */
export function steppedPageLink(anchors: readonly HTMLElement[], pageUrl: string, base: string = pageUrl): string | undefined {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const steps: Step[] = [];
  for (const a of anchors.slice(0, MAX_LINKS)) {
    const href = a.getAttribute('href');
    if (!href || href.startsWith('#') || /^(?:javascript|mailto|tel):/i.test(href)) continue;
    let link: URL;
    try {
      link = new URL(href, base);
    } catch {
      continue;
    }
    if (link.host !== page.host || (link.pathname === page.pathname && link.search === page.search)) continue;
    const text = (a.text ?? '').trim();
    const shown = text.length <= 6 && NUMBER.test(text) ? Number(text) : undefined;
    const step = queryStep(page, link) ?? pathStep(page, link, shown !== undefined);
    // (A site's menu links its other pages, which a site builder numbers as it numbers the listing's: 'page4.html' of the
    // menu is another page of the site, not the list's next one, unless the menu shows it as a number.)
    if (step && (shown !== undefined || !inSiteMenu(a))) steps.push({ ...step, href, shown });
  }
  if (steps.length === 0) return undefined;
  const pick = (s: Step[]): Step | undefined => s.sort((x, y) => x.n - y.n)[0];
  const known = steps.filter((s) => s.current !== undefined);
  if (known.length > 0) {
    const next = pick(known.filter((s) => (s.kind === 'offset' ? s.n > s.current! : s.n === s.current! + 1)));
    if (next) return next.href;
  }
  const added = steps.filter((s) => s.current === undefined);
  const offsets = pick(added.filter((s) => s.kind === 'offset' && s.n > 0));
  if (offsets) return offsets.href;
  // The first page has no number: the next is 2, or 1 when the links number pages from 0 ('?page=1' shown as '2').
  const zeroBased = added.some((s) => s.shown !== undefined && s.shown === s.n + 1);
  return added.find((s) => s.kind === 'page' && s.n === (zeroBased ? 1 : 2))?.href;
}

/** Most ancestors of a link looked at for a site menu ({@link inSiteMenu}). */
const MAX_MENU_WALK = 12;
/** Class words of a site's menu bar. */
const MENU_WORDS = new Set(['navbar', 'menu', 'nav-menu', 'main-menu', 'mainmenu', 'menubar', 'topnav', 'main-nav']);
/** Class or id text of a pager: what holds it is the list's pagination, not the site's menu. */
const PAGER_HINT = /pagin|pager|page-numbers|pagenavi/i;

/**
 * Whether a link stands in the site's menu (a `<header>`, or a block classed `navbar` / `menu`) and
 * in no pager nearer to it (a `pagination` list inside a `<nav>`). Bounded: {@link MAX_MENU_WALK} ancestors.
 */
function inSiteMenu(a: HTMLElement): boolean {
  let el: HTMLElement | null = a.parentNode;
  for (let i = 0; el && i < MAX_MENU_WALK; i++, el = el.parentNode) {
    const cls = el.getAttribute('class') ?? '';
    if (PAGER_HINT.test(cls.slice(0, 300)) || PAGER_HINT.test((el.id ?? '').slice(0, 100))) return false;
    if (el.tagName === 'HEADER') return true;
    if (cls !== '' && cls.length <= 300 && cls.split(/\s+/).some((w) => MENU_WORDS.has(w.toLowerCase()))) return true;
  }
  return false;
}

/** The link as the page's URL with one page or offset parameter changed or added (the rest equal). */
function queryStep(page: URL, link: URL): Omit<Step, 'href' | 'shown'> | undefined {
  if (link.pathname !== page.pathname) return undefined;
  const here = new Map<string, string>();
  for (const [k, v] of page.searchParams) here.set(k, v);
  const there = new Map<string, string>();
  for (const [k, v] of link.searchParams) there.set(k, v);
  let changed: string | undefined;
  for (const [k, v] of there) {
    if (here.get(k) === v) continue;
    if (changed !== undefined) return undefined;
    changed = k;
  }
  if (changed === undefined) return undefined;
  for (const k of here.keys()) if (!there.has(k) && k !== changed) return undefined;
  const key = changed.toLowerCase();
  const kind: Kind | undefined = PAGE_KEYS.has(key) || (key.includes('page') && key.length <= 20) ? 'page' : OFFSET_KEYS.has(key) || SPIP_OFFSET.test(key) ? 'offset' : undefined;
  const v = there.get(changed)!;
  if (kind === undefined || !NUMBER.test(v)) return undefined;
  const cur = here.get(changed);
  if (cur !== undefined && !NUMBER.test(cur)) return undefined;
  return { n: Number(v), current: cur === undefined ? undefined : Number(cur), kind };
}

/** The link as the page's URL with one path segment's number changed, or `/page/N/` added; the query equal. */
function pathStep(page: URL, link: URL, numberShown: boolean): Omit<Step, 'href' | 'shown'> | undefined {
  if (!sameQuery(page, link)) return undefined;
  const a = page.pathname.split('/');
  const b = link.pathname.split('/');
  if (a.length === b.length) {
    let at = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (at >= 0) return undefined;
      at = i;
    }
    if (at < 0) return undefined;
    const x = numbered(a[at]);
    // A first page whose file name has no number, the next ones with one added ('liste.htm' -> 'liste-2.htm': a sheet exported in parts).
    if (!x) {
      const n = numberAdded(a[at], b[at]);
      return n === undefined ? undefined : { n, current: undefined, kind: 'page' };
    }
    const y = numbered(b[at]);
    if (!y || x.template !== y.template) return undefined;
    // A bare number (a code, an id) only after a page word, or when the link shows it.
    if (y.template === '#' && !PAGE_SEGMENTS.has((b[at - 1] ?? '').toLowerCase()) && !numberShown) return undefined;
    return { n: y.n, current: x.n, kind: 'page' };
  }
  // '/page/2/' added to a first page without a number ('/categorie/x/' -> '/categorie/x/page/2/').
  const root = page.pathname.endsWith('/') ? page.pathname : `${page.pathname}/`;
  if (!link.pathname.startsWith(root)) return undefined;
  const rest = link.pathname.slice(root.length).split('/').filter(Boolean);
  if (rest.length !== 2 || !PAGE_SEGMENTS.has(rest[0].toLowerCase()) || !NUMBER.test(rest[1])) return undefined;
  return { n: Number(rest[1]), current: undefined, kind: 'page' };
}

/**
 * The number a link's file name adds to the page's, which has none: the same name and
 * extension with a number of at most three digits before the extension, after an optional
 * '-', '_' or '.' and an optional part word ('agrees.htm' -> 'agrees-2.htm', 'liste.php' ->
 * 'liste2.php', 'liste.html' -> 'liste-partie-2.html', 'membres_page2.htm'); else undefined.
 */
function numberAdded(page: string, link: string): number | undefined {
  if (page.length === 0 || page.length > 120 || /\d/.test(page)) return undefined;
  const dot = page.lastIndexOf('.');
  const stem = dot > 0 ? page.slice(0, dot) : page;
  const ext = dot > 0 ? page.slice(dot) : '';
  if (link.length <= page.length || link.length > page.length + 12 || !link.startsWith(stem) || !link.endsWith(ext)) return undefined;
  const m = /^[-_.]?(?:(?:partie|part|page|suite|p)[-_.]?)?(\d{1,3})$/i.exec(link.slice(stem.length, link.length - ext.length));
  return m ? Number(m[1]) : undefined;
}

/** A path segment with one number in it: its template ('page-#.html') and the number. */
function numbered(segment: string): { template: string; n: number } | undefined {
  if (segment.length > 120) return undefined;
  const m = /\d{1,6}/.exec(segment);
  if (!m) return undefined;
  const template = `${segment.slice(0, m.index)}#${segment.slice(m.index + m[0].length)}`;
  if (/\d/.test(template)) return undefined;
  return { template, n: Number(m[0]) };
}

function sameQuery(a: URL, b: URL): boolean {
  if (a.search === b.search) return true;
  const x = [...a.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  const y = [...b.searchParams].map(([k, v]) => `${k}=${v}`).sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/**
 * 'Page 3 sur 7', 'Page 3 / 7', 'Page 3 of 7', 'Page 3 de 7', 'الصفحة 3 من 7' (Arabic-Indic
 * digits read as digits): the current page and the last. Bounded quantifiers only.
 */
const PAGE_OF = /(?:^|[^\p{L}])(?:page|pg\.?|الصفحة)[ \u00a0]{0,3}(\d{1,5})[ \u00a0]{0,3}(?:sur|\/|of|de|من)[ \u00a0]{0,3}(\d{1,5})(?!\d)/iu;

/** The current and last page a short text says ('Page 3 sur 7'), or undefined. Texts over 200 characters are not read. */
export function pageOfText(text: string): { current: number; last: number } | undefined {
  if (text.length > 200) return undefined;
  const digits = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const m = PAGE_OF.exec(digits);
  if (!m) return undefined;
  const current = Number(m[1]);
  const last = Number(m[2]);
  return current >= 1 && current <= last ? { current, last } : undefined;
}

/** Most numbered links compared two by two to find their URL pattern. */
const MAX_NUMBERED = 30;

/**
 * The URL of page `target` built from the URL pattern of numbered pagination links (each link's
 * text its page number): two links on the page's host that differ in one place only, a query
 * value or a path segment's number, give the rule from page number to that value (a page
 * number, a 0-based one, an offset: value = a + b * page, b a positive whole number), applied
 * to `target`. Absolute; undefined when no two links give such a rule.
 */
export function numberedPageUrl(links: readonly { n: number; href: string }[], pageUrl: string, target: number, base: string = pageUrl): string | undefined {
  let host: string;
  try {
    host = new URL(pageUrl).host;
  } catch {
    return undefined;
  }
  const points: { n: number; url: URL }[] = [];
  for (const l of links) {
    if (points.length >= MAX_NUMBERED) break;
    try {
      const url = new URL(l.href, base);
      if (url.host === host && !points.some((p) => p.n === l.n)) points.push({ n: l.n, url });
    } catch {
      // not a URL
    }
  }
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const slot = differingSlot(points[i].url, points[j].url);
      if (!slot) continue;
      const b = (slot.v2 - slot.v1) / (points[j].n - points[i].n);
      if (!Number.isInteger(b) || b <= 0) continue;
      const value = slot.v1 + b * (target - points[i].n);
      if (value < 0) continue;
      const url = new URL(points[i].url.href);
      if (slot.key !== undefined) url.searchParams.set(slot.key, String(value));
      else {
        const segments = url.pathname.split('/');
        segments[slot.index!] = slot.template!.replace('#', String(value));
        url.pathname = segments.join('/');
      }
      return url.href;
    }
  }
  return undefined;
}

/** The one place two URLs differ in: a query value (both numbers) or a path segment's number (one template). */
function differingSlot(x: URL, y: URL): { key?: string; index?: number; template?: string; v1: number; v2: number } | undefined {
  if (x.pathname === y.pathname) {
    const here = [...x.searchParams];
    const there = new Map(y.searchParams);
    if (here.length !== there.size) return undefined;
    let found: { key: string; v1: number; v2: number } | undefined;
    for (const [k, v] of here) {
      const w = there.get(k);
      if (w === undefined) return undefined;
      if (w === v) continue;
      if (found || !NUMBER.test(v) || !NUMBER.test(w)) return undefined;
      found = { key: k, v1: Number(v), v2: Number(w) };
    }
    return found;
  }
  if (!sameQuery(x, y)) return undefined;
  const a = x.pathname.split('/');
  const b = y.pathname.split('/');
  if (a.length !== b.length) return undefined;
  let at = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (at >= 0) return undefined;
    at = i;
  }
  const p = at >= 0 ? numbered(a[at]) : undefined;
  const q = at >= 0 ? numbered(b[at]) : undefined;
  if (!p || !q || p.template !== q.template) return undefined;
  return { index: at, template: p.template, v1: p.n, v2: q.n };
}

/** Words of a pagination control's text (folded: lower case, no accents). */
const PAGINATION_WORDS = new Set([
  'page', 'pages', 'suivant', 'suivante', 'suivants', 'suivantes', 'precedent', 'precedente', 'precedents', 'precedentes', 'next', 'previous', 'prev',
  'older', 'newer', 'posts', 'entries', 'articles', 'plus', 'anciens', 'anciennes', 'recents', 'recentes', 'premiere', 'derniere', 'first', 'last',
  'sur', 'of', 'de', 'retour', 'au', 'debut', 'suite', 'التالي', 'التالية', 'السابق', 'السابقة', 'الصفحة', 'من',
]);

/**
 * Whether a text is only pagination ('Page suivante >>', '« Précédent | 1 | 2 | Suivant »',
 * 'Page 2 sur 5'): every word is a pagination word or a number, with at least one word that
 * says next / previous / page. Texts of more than 120 characters are not.
 */
export function isPaginationText(text: string): boolean {
  if (text.length > 120) return false;
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return false;
  let says = false;
  for (const w of words) {
    if (NUMBER.test(w)) continue;
    if (!PAGINATION_WORDS.has(w)) return false;
    if (w !== 'de' && w !== 'sur' && w !== 'of' && w !== 'au' && w !== 'plus' && w !== 'من') says = true;
  }
  return says;
}

/** The class WordPress (5.1 and later) gives each page link of a post split by `<!--nextpage-->` (`wp_link_pages`). */
const POST_PAGE_CLASS = 'post-page-numbers';

/**
 * The next page of a post split in pages by WordPress's `<!--nextpage-->`: its page links
 * (`wp_link_pages`, each classed `post-page-numbers`, the current one a `<span>` marked `current`
 * / `aria-current`) name the post's own next page, the link after the current one, and none after
 * its last. The `rel=next` of such a page (the head's `<link>`, the post navigation's 'Article
 * suivant') names the adjacent post, another article, never the rest of this one's list.
 * `{ next }` when the page has such links and marks its current one (next undefined on the last
 * page); undefined when it has none (the other rules decide).
 */
export function postPagesNext(elements: readonly HTMLElement[]): { next: string | undefined } | undefined {
  let current = false;
  let seen = 0;
  for (const el of elements) {
    if (!el.classList.contains(POST_PAGE_CLASS)) continue;
    if (++seen > MAX_LINKS) return undefined;
    const href = el.tagName === 'A' ? el.getAttribute('href') : undefined;
    if (!current) {
      current = href === undefined && (el.classList.contains('current') || (el.getAttribute('aria-current') ?? '') !== '');
      continue;
    }
    if (href && !href.startsWith('#')) return { next: href };
  }
  return current && seen >= 2 ? { next: undefined } : undefined;
}

/** Most elements looked at for a tab strip, and most links of one strip. */
const MAX_TAB_ELEMENTS = 20_000;
const MAX_TABS = 30;
/** A tab strip by its class words or role: 'wpsl-tabs', 'nav-tabs', 'tabs', role="tablist". */
const TAB_STRIP = /(?:^|[\s_-])tabs(?:$|[\s_-])/i;
/** A class token marking the current tab: 'current-menu-item', 'active', 'is-selected'. */
const CURRENT_TAB = /(?:^|[\s_-])(?:current|active|selected)(?:$|[\s_-])/i;

/** Whether a tab's link (or an element around it within the strip) marks it as the current one. */
function isCurrentTab(link: HTMLElement, strip: HTMLElement): boolean {
  let el: HTMLElement | null = link;
  for (let up = 0; el !== null && up < 4; up++, el = el.parentNode) {
    if (CURRENT_TAB.test(el.getAttribute('class') ?? '') || el.getAttribute('aria-current') !== undefined || el.getAttribute('aria-selected') === 'true') return true;
    if (el === strip) break;
  }
  return false;
}

/** Tags of a plain list of links read as a strip of tabs when nothing marks it ({@link nextTab}). */
const LIST_TAGS = new Set(['UL', 'OL']);
/** Class or id words of a site's navigation (whole words: `has-navy-background-color`, `canvas` are none): a menu of its articles is no strip of one list's pages. */
const NAVIGATION_WORDS = /(?:^|[^a-z])(?:menus?|nav|navbar|navigation|sidebar|sommaire|breadcrumbs?)(?![a-z])/i;
/** Most ancestors looked at for a site's navigation ({@link inNavigation}). */
const MAX_NAV_DEPTH = 12;

/**
 * Whether a list stands in the site's navigation: a `<nav>`, `<header>`, `<footer>` or `<aside>`, or an
 * element whose class or id says menu, nav, sidebar (a ministry's `bloc_menu` of the articles of a
 * section, the current one styled apart as a tab would be).
 */
function inNavigation(el: HTMLElement): boolean {
  let a: HTMLElement | null = el;
  for (let i = 0; a !== null && i < MAX_NAV_DEPTH; i++, a = a.parentNode) {
    if (a.tagName === 'NAV' || a.tagName === 'HEADER' || a.tagName === 'FOOTER' || a.tagName === 'ASIDE') return true;
    if (a.rawAttrs !== '' && NAVIGATION_WORDS.test(`${a.getAttribute('class') ?? ''} ${a.getAttribute('id') ?? ''}`.slice(0, 500))) return true;
  }
  return false;
}
/** Fewest links of such a list: of two, either is styled apart from the other. */
const MIN_UNMARKED_TABS = 3;

/**
 * The links of a plain list, one per item (`<li><a href>` or a bare `<a href>` child, nothing else
 * in it but text around it); none when an item holds anything else or there are more than
 * {@link MAX_TABS}. Reads the list's children and theirs only: nested lists cost nothing more.
 */
function itemLinks(list: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const c of list.childNodes) {
    if (c.nodeType !== 1) continue;
    if (out.length >= MAX_TABS) return [];
    const item = c as HTMLElement;
    const kids = item.tagName === 'A' ? [item] : item.childNodes.filter((k) => k.nodeType === 1);
    if (kids.length !== 1 || (kids[0] as HTMLElement).tagName !== 'A' || !hasHref(kids[0] as HTMLElement)) return [];
    out.push(kids[0] as HTMLElement);
  }
  return out;
}

function hasHref(a: HTMLElement): boolean {
  return a.getAttribute('href') !== undefined;
}

/**
 * The index of the one link of a strip styled apart from the others, which are all alike (the
 * class lists of the link and of the elements around it within the strip, up to its item): a
 * strip whose class words say nothing marks its current tab by a class of its own all the same
 * ('px-3 font-medium' beside 'font-medium'). -1 when none or several are.
 */
function styledApart(links: readonly HTMLElement[], strip: HTMLElement): number {
  const styles = links.map((a) => {
    let key = '';
    let el: HTMLElement | null = a;
    for (let up = 0; el !== null && el !== strip && up < 3; up++, el = el.parentNode) key += `${el.tagName}.${el.getAttribute('class') ?? ''}|${el.getAttribute('aria-current') ?? ''}|${el.getAttribute('aria-selected') ?? ''}/`;
    return key;
  });
  const counts = new Map<string, number>();
  for (const k of styles) counts.set(k, (counts.get(k) ?? 0) + 1);
  if (counts.size !== 2) return -1;
  const lone = styles.findIndex((k) => counts.get(k) === 1);
  return lone !== -1 && counts.get(styles.find((k) => k !== styles[lone])!) === styles.length - 1 ? lone : -1;
}

/**
 * The page after the current one in a strip of tabs that are pages of their own (a locator or a
 * list split by category, each category its page: 'Concessionnaires | Agents agréés'): the link
 * after the tab marked current (its class 'current' / 'active' / 'selected', `aria-current`,
 * `aria-selected`) when that tab links to this page (or is the first tab, the page's bare URL serving
 * it); none after the last, nor for tabs that only show a panel of this page (`#tab-2`). Undefined
 * without such a strip. `oneList`: only tabs that are pages of one list ({@link sameListPages}).
 */
export function nextTab(elements: readonly HTMLElement[], pageUrl: string, base: string = pageUrl, oneList = false): string | undefined {
  const own = pageUrl.replace(/#.*$/, '');
  const resolve = (href: string | undefined) => {
    if (!href || href.length > 2_000) return undefined;
    try {
      return new URL(href, base).href.replace(/#.*$/, '');
    } catch {
      return undefined;
    }
  };
  for (const el of elements.slice(0, MAX_TAB_ELEMENTS)) {
    const marked = el.getAttribute('role') === 'tablist' || TAB_STRIP.test(el.getAttribute('class') ?? '');
    // (Unmarked, a plain list of links is a strip only as pages of one list, its current tab styled apart.)
    if (!marked && !(oneList && LIST_TAGS.has(el.tagName) && !inNavigation(el))) continue;
    const links = marked ? el.querySelectorAll('a[href]').slice(0, MAX_TABS) : itemLinks(el);
    if (!marked && links.length < MIN_UNMARKED_TABS) continue;
    // (Tabs read as the pages of one list, whatever the page's data: every tab this path, the same parameters with other values.)
    if (oneList && !sameListPages(links.map((a) => resolve(a.getAttribute('href'))), own)) continue;
    const apart = marked ? -1 : styledApart(links, el);
    const current = (i: number) => (marked ? isCurrentTab(links[i], el) : i === apart);
    let at = links.findIndex((a, i) => resolve(a.getAttribute('href')) === own && current(i));
    // The bare URL serves the first tab (`/tableau.php` is `?tribunal=a`, marked current): that tab, when
    // every tab links this path with the page's own parameters and one more, the one the tabs vary.
    if (at === -1 && links.length >= 2 && current(0) && links.every((a) => extendsQuery(resolve(a.getAttribute('href')), own))) at = 0;
    if (at === -1) continue;
    const next = resolve(links[at + 1]?.getAttribute('href'));
    if (next === undefined || next === own) return undefined;
    try {
      return new URL(next).host === new URL(own).host ? next : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Query keys that choose a version of one page, not a part of its list: its language (`?lang=ar`,
 * a bilingual directory's 'Français | العربية' tabs), its order (`?tri=ville`, `?orderby=date`) or
 * its view (`?view=grid`, `?affichage=carte`), its page size (`?par_page=50`, `?limit=100`). Tabs varying one of them show the same companies
 * again (in another script: read as others), so they are no pages of the list. Folded (lower
 * case, letters only).
 */
const VERSION_KEYS = new Set(['lang', 'langue', 'language', 'locale', 'hl', 'sort', 'sortby', 'order', 'orderby', 'tri', 'trier', 'view', 'vue', 'display', 'affichage', 'layout', 'mode', 'perpage', 'parpage', 'pagesize', 'limit', 'itemsperpage', 'resultsperpage', 'nbparpage', 'show', 'count', 'size']);

function isVersionKey(key: string): boolean {
  return VERSION_KEYS.has(key.toLowerCase().replace(/[^a-z]/g, ''));
}

/**
 * Whether the links of a tab strip are pages of one list (a roll split by court, by district:
 * `?tribunal=a`, `?tribunal=b`): two or more, all on the page's origin and path, with the same
 * query parameters as each other and one or more of them, no two alike, none choosing a version of the
 * page ({@link VERSION_KEYS}).
 */
function sameListPages(urls: (string | undefined)[], own: string): boolean {
  if (urls.length < 2 || new Set(urls).size !== urls.length) return false;
  try {
    const o = new URL(own);
    let keys: string | undefined;
    for (const url of urls) {
      if (url === undefined) return false;
      const u = new URL(url);
      const k = [...new Set(u.searchParams.keys())].sort().join('&');
      if ([...u.searchParams.keys()].some(isVersionKey)) return false;
      if (u.origin !== o.origin || u.pathname !== o.pathname || k === '' || (keys !== undefined && k !== keys)) return false;
      keys = k;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a URL is a page's own with one query parameter added (same origin and path, the page's
 * parameters kept with their values): `/tableau.php?tribunal=b` of `/tableau.php`.
 */
function extendsQuery(url: string | undefined, own: string): boolean {
  if (url === undefined) return false;
  try {
    const u = new URL(url);
    const o = new URL(own);
    if (u.origin !== o.origin || u.pathname !== o.pathname) return false;
    const mine = [...o.searchParams];
    const theirs = [...u.searchParams];
    return theirs.length === mine.length + 1 && mine.every(([k, v]) => u.searchParams.get(k) === v) && !theirs.some(([k]) => isVersionKey(k) && !o.searchParams.has(k));
  } catch {
    return false;
  }
}

/** A `wire:click` attribute's name, with Livewire's modifiers (`wire:click.prevent`). */
const LIVEWIRE_CLICK = /^wire:click(?:\.[a-z0-9-]{1,20}){0,4}$/i;
/**
 * A call of Livewire's paginator (the `WithPagination` trait's methods its published pagination
 * views call): `nextPage`, `nextPage('page')`, `gotoPage(3)`, `gotoPage(3, 'annoncesPage')`;
 * `setPage(3)` alike. Attribute values are short; quantifiers are bounded.
 */
const LIVEWIRE_CALL = /^\s{0,3}(nextPage|gotoPage|setPage)\s{0,3}(?:\(\s{0,3}(\d{1,5})?\s{0,3},?\s{0,3}(?:(['"])([A-Za-z_][\w-]{0,40})\3)?\s{0,3}\))?\s{0,3};?\s{0,3}$/;
/** Most elements with a `wire:click` looked at per page. */
const MAX_WIRE_CLICKS = 500;

/**
 * The next page of a Laravel Livewire component's paginator, whose pager is made of buttons
 * (`wire:click="nextPage('page')"`, `wire:click="gotoPage(2, 'page')"`) rather than links: Livewire
 * keeps the page in the URL's query (`?page=N`, or the paginator's own name, `?annoncesPage=N`),
 * and the page answers that URL by GET. The next page is the current one (that parameter in
 * `pageUrl`, else 1) + 1 when an enabled `nextPage` button, or a `gotoPage` button to that page,
 * is shown; undefined otherwise (the last page shows neither), and when the page has no such button.
 */
export function livewirePageNext(elements: readonly HTMLElement[], pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  /** Per paginator name, in the order met: whether a next button shows, and the pages its buttons go to. */
  const pagers = new Map<string, { next: boolean; targets: Set<number> }>();
  let seen = 0;
  for (const el of elements) {
    if (!el.rawAttrs.includes('wire:click')) continue;
    if (++seen > MAX_WIRE_CLICKS) break;
    if (el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true') continue;
    for (const [attr, value] of Object.entries(el.attributes)) {
      if (!LIVEWIRE_CLICK.test(attr) || value.length > 120) continue;
      const call = LIVEWIRE_CALL.exec(value);
      if (!call || (call[1] !== 'nextPage' && call[2] === undefined)) continue;
      const name = call[4] ?? 'page';
      const pager = pagers.get(name) ?? { next: false, targets: new Set<number>() };
      pagers.set(name, pager);
      if (call[1] === 'nextPage') pager.next = true;
      else pager.targets.add(Number(call[2]));
    }
  }
  for (const [name, pager] of pagers) {
    const written = url.searchParams.get(name);
    const current = written !== null && /^\d{1,5}$/.test(written) ? Number(written) : 1;
    if (!pager.next && !pager.targets.has(current + 1)) continue;
    url.searchParams.set(name, String(current + 1));
    return url.href;
  }
  return undefined;
}
