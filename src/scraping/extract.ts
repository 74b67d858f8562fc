/**
 * Reading companies out of directory pages (pure functions over HTML strings).
 *
 * A listing page holds items, one per company: the elements of `selectors.item` when the
 * source gives it, else the page's schema.org organisations (JSON-LD, including `@graph`,
 * arrays and ItemList entries, and microdata). A company's own page (its "detail" page) is
 * read as one item. Every field without a selector, or whose selector finds nothing, is looked
 * for in this order, the first step that finds something winning (per field):
 *   1. schema.org data of the item (JSON-LD, microdata itemprops, contactPoint included);
 *   2. `mailto:` / `tel:` links;
 *   3. e-mail and phone patterns in the item's text (`[at]`/`(at)` obfuscation, HTML entities
 *      and Cloudflare `data-cfemail` included; see {@link findEmails}, {@link findPhones}).
 * Names fall back to the first heading (then `.name`/`.nom`/`.title`/`.titre`, bold text, a
 * link other than mailto:/tel:); on a detail page to `h1`, `og:title`, `<title>`.
 *
 * The directory's own contacts are never attributed to a company: items inside the page's
 * header, footer or navigation (`<header>`/`<footer>` outside article/aside/main/section,
 * `<nav>`, `[role=banner]`, `[role=contentinfo]`) are ignored, and so is that chrome on a
 * detail page; an organisation whose url/@id is the root of the directory's own host, or that
 * is only reached as a `publisher`/`provider`/... of another node, is the directory itself; an
 * e-mail on the directory's own domain is the directory's; and the caller may pass
 * `siteContacts` (contacts seen on every listing page) to subtract. Contacts are removed
 * before deciding whether a step found something, so a subtracted contact lets the next step
 * look.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { findEmails, findPhones, normalizeEmail, normalizePhone } from '../domain/contacts';
import { sameHost } from './fetcher';
import type { SourceSelectors } from './sources';

/** One company as read from one page, before normalisation across pages and sources. */
export interface RawCompany {
  name: string;
  activity?: string;
  /** Normalised (lower-cased, checked) addresses, in order of appearance. */
  emails: string[];
  /** E.164 numbers, in order of appearance. */
  phones: string[];
  /** The company's own page on the same directory (absolute, same host), when linked. */
  detailUrl?: string;
  /** The page it was read from. */
  sourceUrl: string;
}

export interface ExtractOptions {
  /** E-mails and E.164 phones that belong to the directory itself (seen on every listing page). */
  siteContacts?: ReadonlySet<string>;
}

/** The default next-page link. */
export const DEFAULT_NEXT_PAGE = 'a[rel~=next], link[rel~=next]';
/** Longest name and activity kept. */
const MAX_TEXT = 200;

/** The page's header, footer and navigation (see {@link isChrome}). */
const CHROME = 'header, footer, nav, [role=banner], [role=contentinfo]';
const SECTIONING = new Set(['ARTICLE', 'ASIDE', 'MAIN', 'SECTION']);
/** Properties through which a JSON-LD/microdata organisation is a listed company; others (publisher, brand, ...) are not. */
const CONTAINERS = new Set(['@graph', '@list', 'itemListElement', 'item', 'mainEntity', 'about', 'hasPart']);

/** schema.org types read as a company: by suffix, plus LocalBusiness subtypes named otherwise. */
const ORG_SUFFIX = /(?:organization|organisation|business|store|shop|restaurant|company|corporation|agency|agent|office|hotel|clinic|firm|contractor|bank|dealer|center|centre|service|school)$/;
const ORG_TYPES = new Set([
  'ngo', 'airline', 'consortium', 'cooperative', 'collegeoruniversity', 'preschool', 'dentist', 'pharmacy', 'physician', 'hospital',
  'attorney', 'notary', 'bakery', 'winery', 'brewery', 'distillery', 'cafeorcoffeeshop', 'barorpub', 'electrician', 'plumber',
  'locksmith', 'optician', 'florist', 'library', 'healthclub', 'dayspa', 'beautysalon', 'hairsalon', 'nailsalon', 'tattooparlor',
  'motel', 'hostel', 'resort', 'bedandbreakfast', 'campground', 'autorepair', 'autowash', 'gasstation', 'housepainter',
  'veterinarycare', 'childcare', 'drycleaningorlaundry', 'selfstorage', 'diagnosticlab', 'medicalbusiness', 'legalservice',
]);
/** Service types that are offers, not businesses. */
const NOT_ORG_TYPES = new Set(['service', 'foodservice', 'broadcastservice', 'cableorsatelliteservice', 'governmentservice', 'webapi']);

/** Whether a schema.org type name (a URL, 'schema:X' or 'X') is an organisation. */
export function isOrgType(type: string): boolean {
  const t = type.trim().replace(/^.*[/#:]/, '').toLowerCase();
  return t !== '' && !NOT_ORG_TYPES.has(t) && (ORG_TYPES.has(t) || ORG_SUFFIX.test(t));
}

type Json = Record<string, unknown>;

/** What a page read needs to know. */
interface PageContext {
  pageUrl: string;
  /** The page's host without `www.`: e-mails on that domain are the directory's own. */
  siteHost: string;
  /** Where relative links resolve (a <base href>, else the page). */
  base: string;
  siteContacts: ReadonlySet<string>;
}

/** Where one company's fields are looked for. */
interface Scope {
  /** The item's element (absent for a JSON-LD-only organisation). */
  el?: HTMLElement;
  /** Its microdata organisation, if any. */
  md?: HTMLElement;
  /** Its JSON-LD organisations. */
  ld: Json[];
  kind: 'item' | 'page';
}

/**
 * The companies of a listing page. With `selectors.item`, one per item element outside the
 * page's chrome; without it, one per schema.org organisation (JSON-LD, then microdata outside
 * the chrome) that is not the directory itself. Items without a name are dropped.
 */
export function extractCompanies(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): RawCompany[] {
  return companiesOf(parseHtml(html), pageUrl, selectors, options);
}

/**
 * A listing page read from one parse: its companies ({@link extractCompanies}) and its next
 * page ({@link nextPageUrl} with `selectors.nextPage`).
 */
export function readListing(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): { companies: RawCompany[]; next?: string } {
  const root = parseHtml(html);
  const next = nextOf(root, pageUrl, selectors.nextPage ?? DEFAULT_NEXT_PAGE);
  const companies = companiesOf(root, pageUrl, selectors, options);
  return next === undefined ? { companies } : { companies, next };
}

function companiesOf(root: HTMLElement, pageUrl: string, selectors: SourceSelectors, options: ExtractOptions): RawCompany[] {
  const ctx = pageContext(root, pageUrl, options);
  const scopes: Scope[] = [];
  if (selectors.item) {
    const matches = new Set(root.querySelectorAll(selectors.item));
    for (const el of outermostOutsideChrome(root, (e) => matches.has(e))) {
      const md = isOrgScope(el) ? el : el.querySelectorAll('[itemscope]').find(isOrgScope);
      scopes.push({ el, md, ld: jsonLdOrgs(el, ctx), kind: 'item' });
    }
  } else {
    for (const ld of jsonLdOrgs(root, ctx)) scopes.push({ ld: [ld], kind: 'item' });
    for (const md of microdataOrgs(root, ctx)) scopes.push({ el: md, md, ld: [], kind: 'item' });
  }
  stripScripts(root);
  return scopes.map((s) => readScope(s, ctx, selectors)).filter((c): c is RawCompany => c !== undefined);
}

/**
 * A company's own page, read as one item (chrome removed): selectors first, then its first
 * schema.org organisation that is not the directory, then links and text. Undefined when
 * neither a name nor a contact is found; the name is '' when only contacts are (the caller
 * already has the name from the listing). `detailUrl` is never set.
 */
export function extractDetail(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): RawCompany | undefined {
  const root = parseHtml(html);
  const ctx = pageContext(root, pageUrl, options);
  const ld = jsonLdOrgs(root, ctx).slice(0, 1);
  for (const el of root.querySelectorAll(CHROME)) if (isChrome(el)) el.remove();
  const md = microdataOrgs(root, ctx)[0];
  stripScripts(root);
  const scope: Scope = { el: root.querySelector('body') ?? root, md, ld, kind: 'page' };
  const company = readScope(scope, ctx, selectors, root);
  if (company) return company;
  const emails = readEmails(scope, ctx, selectors);
  const phones = readPhones(scope, ctx, selectors);
  return emails.length + phones.length > 0 ? { name: '', emails, phones, sourceUrl: pageUrl } : undefined;
}

/**
 * The next listing page: the first `selector` match (default {@link DEFAULT_NEXT_PAGE}) with
 * an href (its own or its first link's), resolved to an absolute http(s) URL other than the
 * page itself; undefined when there is none.
 */
export function nextPageUrl(html: string, pageUrl: string, selector: string = DEFAULT_NEXT_PAGE): string | undefined {
  return nextOf(parseHtml(html), pageUrl, selector);
}

function nextOf(root: HTMLElement, pageUrl: string, selector: string): string | undefined {
  const base = baseOf(root, pageUrl);
  for (const el of root.querySelectorAll(selector)) {
    const href = el.getAttribute('href') ?? el.querySelector('a[href]')?.getAttribute('href');
    const url = href === undefined ? undefined : absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) return url;
  }
  return undefined;
}

function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true, pre: true } });
}

function pageContext(root: HTMLElement, pageUrl: string, options: ExtractOptions): PageContext {
  const siteHost = new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, '');
  return { pageUrl, siteHost, base: baseOf(root, pageUrl), siteContacts: options.siteContacts ?? new Set() };
}

function baseOf(root: HTMLElement, pageUrl: string): string {
  const href = root.querySelector('base[href]')?.getAttribute('href');
  return (href && absolute(href, pageUrl)) || pageUrl;
}

/** Reads one company; undefined when it has no name. `page` is the document, for a detail page's title fallbacks. */
function readScope(scope: Scope, ctx: PageContext, selectors: SourceSelectors, page?: HTMLElement): RawCompany | undefined {
  const name = readName(scope, selectors, page);
  if (!name) return undefined;
  const company: RawCompany = { name, emails: readEmails(scope, ctx, selectors), phones: readPhones(scope, ctx, selectors), sourceUrl: ctx.pageUrl };
  const activity = readActivity(scope, selectors);
  if (activity) company.activity = activity;
  const detailUrl = scope.kind === 'item' ? readDetailUrl(scope, ctx, selectors) : undefined;
  if (detailUrl) company.detailUrl = detailUrl;
  return company;
}

function readName(scope: Scope, selectors: SourceSelectors, page?: HTMLElement): string | undefined {
  const { el } = scope;
  const candidates: (() => string | undefined)[] = [
    () => (selectors.name && el ? el.querySelectorAll(selectors.name).map(textOf).find(Boolean) : undefined),
    () => scope.ld.map((o) => firstText(o.name) ?? firstText(o.legalName) ?? firstText(o.alternateName)).find(Boolean),
    () => (scope.md ? ownProps(scope.md, 'name').map(propValue).map(clean).find(Boolean) : undefined),
  ];
  if (scope.kind === 'page') {
    candidates.push(
      () => (el ? textOf(el.querySelector('h1')) : undefined),
      () => clean(page?.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? ''),
      () => textOf(page?.querySelector('title')),
    );
  } else if (el) {
    candidates.push(
      () => textOf(el.querySelector('h1, h2, h3, h4, h5, h6')),
      () => textOf(el.querySelector('[class*=name], [class*=nom], [class*=title], [class*=titre]')),
      () => textOf(el.querySelector('strong, b')),
      () => el.querySelectorAll('a').filter((a) => !/^(?:mailto:|tel:)|email-protection/i.test(a.getAttribute('href') ?? '')).map(textOf).find(Boolean),
    );
  }
  for (const c of candidates) {
    const v = c();
    if (v) return v.slice(0, MAX_TEXT);
  }
  return undefined;
}

function readActivity(scope: Scope, selectors: SourceSelectors): string | undefined {
  const { el } = scope;
  const candidates: (() => string | undefined)[] = [
    () => (selectors.activity && el ? el.querySelectorAll(selectors.activity).map(textOf).find(Boolean) : undefined),
    () => scope.ld.map((o) => firstText(o.knowsAbout) ?? firstText(o.category) ?? firstText(o.description)).find(Boolean),
    () => (scope.md ? ['knowsAbout', 'category', 'description'].flatMap((p) => ownProps(scope.md!, p)).map(propValue).map(clean).find(Boolean) : undefined),
    () => textOf(el?.querySelector('[class*=activit], [class*=secteur], [class*=categor]')),
  ];
  for (const c of candidates) {
    const v = c();
    if (v) return v.slice(0, MAX_TEXT);
  }
  return undefined;
}

/** The first step (selector, schema.org, mailto: links, text) that finds e-mails not subtracted. */
function readEmails(scope: Scope, ctx: PageContext, selectors: SourceSelectors): string[] {
  const { el } = scope;
  const keep = (list: (string | undefined)[]) => unique(list).filter((e) => !ctx.siteContacts.has(e) && !onSiteDomain(e, ctx.siteHost));
  const steps: (() => (string | undefined)[])[] = [
    () => (selectors.email && el ? el.querySelectorAll(selectors.email).flatMap((m) => findEmails(`${m.outerHTML}\n${m.text}`)) : []),
    () => [
      ...scope.ld.flatMap((o) => schemaValues(o, 'email').flatMap(findEmails)),
      ...(scope.md ? scope.md.querySelectorAll('[itemprop~=email]').flatMap((p) => findEmails(propValue(p))) : []),
    ],
    () => (el ? links(el, 'mailto:').flatMap((v) => v.split(/[,;]/).map((e) => normalizeEmail(e))) : []),
    () => (el ? findEmails(el.outerHTML) : []),
  ];
  for (const step of steps) {
    const found = keep(step());
    if (found.length > 0) return found;
  }
  return [];
}

/** The first step (selector, schema.org, tel: links, text) that finds phones not subtracted. */
function readPhones(scope: Scope, ctx: PageContext, selectors: SourceSelectors): string[] {
  const { el } = scope;
  const keep = (list: (string | undefined)[]) => unique(list).filter((p) => !ctx.siteContacts.has(p));
  const steps: (() => (string | undefined)[])[] = [
    () => (selectors.phone && el ? el.querySelectorAll(selectors.phone).flatMap((m) => [...links(m, 'tel:', true).flatMap(phonesIn), ...findPhones(m.structuredText)]) : []),
    () => [
      ...scope.ld.flatMap((o) => schemaValues(o, 'telephone').flatMap(phonesIn)),
      ...(scope.md ? scope.md.querySelectorAll('[itemprop~=telephone]').flatMap((p) => phonesIn(propValue(p))) : []),
    ],
    () => (el ? links(el, 'tel:').flatMap(phonesIn) : []),
    () => (el ? findPhones(el.structuredText) : []),
  ];
  for (const step of steps) {
    const found = keep(step());
    if (found.length > 0) return found;
  }
  return [];
}

function readDetailUrl(scope: Scope, ctx: PageContext, selectors: SourceSelectors): string | undefined {
  const { el } = scope;
  const hrefOf = (m: HTMLElement | null | undefined) => m?.getAttribute('href') ?? m?.querySelector('a[href]')?.getAttribute('href');
  const heading = el?.querySelector('h1, h2, h3, h4, h5, h6');
  const candidates: (string | undefined)[] = [
    ...(selectors.detailLink && el ? el.querySelectorAll(selectors.detailLink).map(hrefOf) : []),
    ...(scope.md ? ownProps(scope.md, 'url').map(propValue) : []),
    ...scope.ld.map((o) => firstText(o.url)),
    hrefOf(heading),
    heading ? closest(heading, (a) => a.tagName === 'A')?.getAttribute('href') : undefined,
  ];
  for (const href of candidates) {
    const url = href ? absolute(href, ctx.base) : undefined;
    if (url && sameHost(url, ctx.pageUrl) && withoutHash(url) !== withoutHash(ctx.pageUrl) && !isSiteRoot(url, ctx.pageUrl)) return url;
  }
  return undefined;
}

/** The page's JSON-LD organisations under `root` (see {@link CONTAINERS}), the directory's own excluded. */
function jsonLdOrgs(root: HTMLElement, ctx: PageContext): Json[] {
  const out: Json[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isJson(value)) {
      if (typesOf(value['@type']).some(isOrgType)) {
        if (!isDirectoryItself(value, ctx)) out.push(value);
        return;
      }
      for (const [k, v] of Object.entries(value)) if (CONTAINERS.has(k)) visit(v);
    }
  };
  for (const script of root.querySelectorAll('script')) {
    const type = (script.getAttribute('type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    const text = script.rawText
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      .replace(/[\u0000-\u001f]+/g, ' ');
    try {
      visit(JSON.parse(text));
    } catch {
      // A broken block is skipped; the page's other data still counts.
    }
  }
  return out;
}

/** The microdata organisations outside the chrome, reached as top-level items or list entries. */
function microdataOrgs(root: HTMLElement, ctx: PageContext): HTMLElement[] {
  return root.querySelectorAll('[itemscope]').filter((el) => {
    if (!isOrgScope(el) || insideChrome(el)) return false;
    const prop = el.getAttribute('itemprop');
    if (prop && !prop.split(/\s+/).some((p) => CONTAINERS.has(p))) return false;
    const url = ownProps(el, 'url').map(propValue)[0];
    return !(url && isSiteRoot(absolute(url, ctx.base), ctx.pageUrl));
  });
}

function isOrgScope(el: HTMLElement): boolean {
  return el.hasAttribute('itemscope') && (el.getAttribute('itemtype') ?? '').split(/\s+/).some((t) => t !== '' && isOrgType(t));
}

/** The itemprop elements named `name` that belong to `scope` itself, not to a nested item. */
function ownProps(scope: HTMLElement, name: string): HTMLElement[] {
  return scope.querySelectorAll(`[itemprop~=${name}]`).filter((p) => closest(p.parentNode, (a) => a.hasAttribute('itemscope')) === scope);
}

/** A microdata property's value (HTML microdata rules: content, href, src, datetime, value, else text). */
function propValue(el: HTMLElement): string {
  const tag = el.tagName;
  const attr = (name: string) => el.getAttribute(name) ?? '';
  if (el.hasAttribute('content')) return attr('content');
  if (tag === 'A' || tag === 'LINK' || tag === 'AREA') return attr('href');
  if (['IMG', 'AUDIO', 'EMBED', 'IFRAME', 'SOURCE', 'TRACK', 'VIDEO'].includes(tag)) return attr('src');
  if (tag === 'OBJECT') return attr('data');
  if (tag === 'TIME' && el.hasAttribute('datetime')) return attr('datetime');
  if ((tag === 'DATA' || tag === 'METER') && el.hasAttribute('value')) return attr('value');
  return el.text;
}

/** An organisation whose url or @id is the root of the directory's own host is the directory. */
function isDirectoryItself(node: Json, ctx: PageContext): boolean {
  return [firstText(node.url), typeof node['@id'] === 'string' ? node['@id'] : undefined].some((u) => {
    const url = u ? absolute(u, ctx.base) : undefined;
    return url !== undefined && isSiteRoot(url, ctx.pageUrl);
  });
}

function isSiteRoot(url: string | undefined, pageUrl: string): boolean {
  if (!url || !sameHost(url, pageUrl)) return false;
  const u = new URL(url);
  return (u.pathname === '/' || u.pathname === '') && u.search === '';
}

/** Whether an e-mail is on the directory's own domain (the page's host, 'www.' aside). */
function onSiteDomain(email: string, host: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return /[a-z]/.test(host) && (domain === host || domain.endsWith(`.${host}`));
}

/** The values of a JSON-LD property on a node and on its contactPoint(s). */
function schemaValues(node: Json, prop: string): string[] {
  const points = ([] as unknown[]).concat(node.contactPoint ?? []).filter(isJson);
  return [node, ...points].flatMap((n) => texts(n[prop]));
}

/** Phones in a tel: value or a text: one number, else every number in it. */
function phonesIn(value: string): string[] {
  const v = value.replace(/^tel:/i, '');
  const one = normalizePhone(v);
  return one ? [one] : findPhones(v);
}

/** The decoded targets of the links under `el` (or `el` itself) with a scheme, scheme removed. */
function links(el: HTMLElement, scheme: 'mailto:' | 'tel:', includeSelf = false): string[] {
  const all = includeSelf && el.tagName === 'A' ? [el, ...el.querySelectorAll('a[href]')] : el.querySelectorAll('a[href]');
  return all
    .map((a) => (a.getAttribute('href') ?? '').trim())
    .filter((h) => h.toLowerCase().startsWith(scheme))
    .map((h) => safeDecode(h.slice(scheme.length)).split('?')[0]);
}

function stripScripts(root: HTMLElement): void {
  for (const el of root.querySelectorAll('script, style, template')) el.remove();
}

/** Header/footer (outside article/aside/main/section), nav, and elements with a banner/contentinfo role. */
function isChrome(el: HTMLElement): boolean {
  const role = (el.getAttribute('role') ?? '').toLowerCase();
  if (role === 'banner' || role === 'contentinfo' || el.tagName === 'NAV') return true;
  if (el.tagName !== 'HEADER' && el.tagName !== 'FOOTER') return false;
  return !hasAncestor(el, (a) => SECTIONING.has(a.tagName));
}

/**
 * The elements passing `test` that are outside the chrome and not inside another such element,
 * in document order: one walk of the tree (no recursion, no ancestor walks), so a page of
 * 40,000 nested matches costs what 40,000 siblings cost.
 */
function outermostOutsideChrome(root: HTMLElement, test: (el: HTMLElement) => boolean): HTMLElement[] {
  const found: HTMLElement[] = [];
  const stack: { el: HTMLElement; sectioned: boolean }[] = [{ el: root, sectioned: false }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { el, sectioned } = top;
    const role = (el.getAttribute?.('role') ?? '').toLowerCase();
    const chrome = role === 'banner' || role === 'contentinfo' || el.tagName === 'NAV' || (!sectioned && (el.tagName === 'HEADER' || el.tagName === 'FOOTER'));
    if (chrome) continue;
    if (el !== root && test(el)) {
      found.push(el);
      continue;
    }
    const inside = sectioned || SECTIONING.has(el.tagName);
    const children = el.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i] as HTMLElement;
      if (child.nodeType === 1) stack.push({ el: child, sectioned: inside });
    }
  }
  return found;
}

function insideChrome(el: HTMLElement): boolean {
  return isChrome(el) || hasAncestor(el, isChrome);
}

function hasAncestor(el: HTMLElement, test: (a: HTMLElement) => boolean): boolean {
  return closest(el.parentNode, test) !== undefined;
}

/** The element itself or its nearest ancestor passing `test`. */
function closest(el: HTMLElement | null | undefined, test: (a: HTMLElement) => boolean): HTMLElement | undefined {
  for (let a = el; a; a = a.parentNode) if (a.tagName && test(a)) return a;
  return undefined;
}

function typesOf(value: unknown): string[] {
  return ([] as unknown[]).concat(value ?? []).filter((t): t is string => typeof t === 'string');
}

/** The texts of a JSON-LD value: strings and numbers, arrays, {'@value'} objects. */
function texts(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (isJson(value) && '@value' in value) return texts(value['@value']);
  return [];
}

function firstText(value: unknown): string | undefined {
  return texts(value).map(clean).find(Boolean);
}

function textOf(el: HTMLElement | null | undefined): string | undefined {
  return el ? clean(el.text) || undefined : undefined;
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The non-empty strings of a list, each once, in first-seen order. */
export function unique(list: (string | undefined)[]): string[] {
  return [...new Set(list.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function withoutHash(url: string): string {
  return url.replace(/#.*$/, '');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
