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
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import { findEmails, findPhonesAndFaxes, normalizeEmail, normalizePhone } from '../domain/contacts';
import { normalizeCompanyName, stripControlCharacters } from '../domain/text';
import { sameHost } from './fetcher';
import { classWords, embeddedJson, findNextPage, jsonHtml, jsonItems, jsonNext, repeatedItems, type JsonItem } from './items';
import type { SourceSelectors } from './sources';

/** One company as read from one page, before normalisation across pages and sources. */
export interface RawCompany {
  name: string;
  activity?: string;
  /** Normalised (lower-cased, checked) addresses, in order of appearance. */
  emails: string[];
  /** E.164 numbers, in order of appearance. */
  phones: string[];
  /** E.164 numbers labelled fax (never in `phones` unless also labelled as a phone). */
  faxes?: string[];
  /** The company's own page on the same directory (absolute, same host), when linked. */
  detailUrl?: string;
  /** The page it was read from. */
  sourceUrl: string;
}

export interface ExtractOptions {
  /** E-mails and E.164 phones that belong to the directory itself (seen on every listing page). */
  siteContacts?: ReadonlySet<string>;
  /** The page's Content-Type: a JSON answer (a "load more" endpoint) is read as JSON. */
  contentType?: string;
}

/** Entries of a listing page that did not become companies, by reason. */
export interface ListingDrops {
  no_name: number;
  /** A name without a letter or a digit ('★★★', '!!!'): no key to tell the company by. */
  invalid_name: number;
  advertisement: number;
}

/** Whether a name can identify a company: its key ({@link normalizeCompanyName}) is not empty. */
function identifies(company: RawCompany): boolean {
  return normalizeCompanyName(company.name) !== '';
}

/** A listing page read: its companies, its next page, its entries dropped, and the directory's own contacts seen in its chrome. */
export interface Listing {
  companies: RawCompany[];
  next?: string;
  dropped: ListingDrops;
  /** Contacts in the page's header, footer and navigation: the directory's, never a company's. */
  chromeContacts: string[];
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
  /** A company-like object of the page's JSON state (or a JSON answer). */
  json?: JsonItem;
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
 * page's chrome; without it, the first of these that finds entries: schema.org organisations
 * (JSON-LD, then microdata outside the chrome) that are not the directory itself; company-like
 * objects of the page's JSON state ({@link jsonItems}); repeated blocks or table rows
 * ({@link repeatedItems}), advertisements excluded. Items without a name, or whose name has
 * no letter or digit ('★★★'), are dropped.
 */
export function extractCompanies(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): RawCompany[] {
  return readListing(html, pageUrl, selectors, options).companies;
}

/**
 * A listing page read from one parse: its companies ({@link extractCompanies}), its next page
 * (`selectors.nextPage`, else `rel=next`, else a "next" or numbered link or a "load more"
 * URL: {@link findNextPage}), its entries dropped by reason, and the contacts of its chrome.
 * A JSON body (a "load more" answer) is read as JSON: its company-like objects, its `next`
 * link, or the HTML fragment it carries.
 */
export function readListing(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): Listing {
  if (isJsonBody(html, options.contentType)) return readJsonListing(html, pageUrl, selectors, options);
  const root = parseHtml(html);
  const base = baseOf(root, pageUrl);
  let next = nextOf(root, pageUrl, selectors.nextPage ?? DEFAULT_NEXT_PAGE);
  if (next === undefined && selectors.nextPage === undefined) {
    const href = findNextPage(root, pageUrl);
    const url = href === undefined ? undefined : absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) next = url;
  }
  // The page's own header and footer contacts are the directory's: never a company's.
  const chromeContacts = contactsOfChrome(root);
  const siteContacts = new Set([...(options.siteContacts ?? []), ...chromeContacts]);
  const { companies, dropped } = companiesOf(root, pageUrl, selectors, { ...options, siteContacts });
  return next === undefined ? { companies, dropped, chromeContacts } : { companies, next, dropped, chromeContacts };
}

function isJsonBody(body: string, contentType = ''): boolean {
  if (/json/i.test(contentType)) return true;
  if (/html/i.test(contentType)) return false;
  const start = body.slice(0, 200).trimStart()[0];
  return start === '{' || start === '[';
}

/** A JSON answer read as a listing page (see {@link readListing}). */
function readJsonListing(body: string, pageUrl: string, selectors: SourceSelectors, options: ExtractOptions): Listing {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { companies: [], dropped: { no_name: 0, invalid_name: 0, advertisement: 0 }, chromeContacts: [] };
  }
  const written = jsonNext(value);
  const next = typeof written === 'number' ? withPage(pageUrl, written) : written === undefined ? undefined : absolute(written, pageUrl);
  const fragment = jsonHtml(value);
  const listing: Listing = fragment !== undefined
    ? { ...readListing(fragment, pageUrl, selectors, { ...options, contentType: 'text/html' }), chromeContacts: [] }
    : { ...companiesOfJson(jsonItems(value, false, 1), { pageUrl, siteHost: new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, ''), base: pageUrl, siteContacts: options.siteContacts ?? new Set() }), chromeContacts: [] };
  delete listing.next;
  if (next && withoutHash(next) !== withoutHash(pageUrl)) listing.next = next;
  return listing;
}

/** The page URL with its page parameter set to `page` (a JSON answer that gives the next page as a number). */
function withPage(pageUrl: string, page: number): string | undefined {
  const url = new URL(pageUrl);
  const name = ['page', 'p', 'pg', 'paged'].find((n) => url.searchParams.has(n));
  if (!name) return undefined;
  url.searchParams.set(name, String(page));
  return url.href;
}

function companiesOf(root: HTMLElement, pageUrl: string, selectors: SourceSelectors, options: ExtractOptions): { companies: RawCompany[]; dropped: ListingDrops } {
  const ctx = pageContext(root, pageUrl, options);
  const scopes: Scope[] = [];
  let advertisement = 0;
  if (selectors.item) {
    const matches = new Set(root.querySelectorAll(selectors.item));
    for (const el of outermostOutsideChrome(root, (e) => matches.has(e))) {
      const md = isOrgScope(el) ? el : el.querySelectorAll('[itemscope]').find(isOrgScope);
      scopes.push({ el, md, ld: jsonLdOrgs(el, ctx), kind: 'item' });
    }
  } else {
    for (const ld of jsonLdOrgs(root, ctx)) scopes.push({ ld: [ld], kind: 'item' });
    for (const md of microdataOrgs(root, ctx)) scopes.push({ el: md, md, ld: [], kind: 'item' });
    if (scopes.length === 0) {
      const fromJson = embeddedJson(root.querySelectorAll('script')).map((v) => jsonItems(v)).reduce((a, b) => (b.length > a.length ? b : a), []);
      if (fromJson.length > 0) {
        stripScripts(root);
        return companiesOfJson(fromJson, ctx);
      }
    }
  }
  stripScripts(root);
  if (scopes.length === 0 && !selectors.item) {
    const found = repeatedItems(root);
    advertisement = found.advertisements.length;
    for (const el of found.items) {
      if (el.tagName === 'TR' && !el.childNodes.some((c) => (c as HTMLElement).tagName === 'TD')) continue; // a header row
      scopes.push({ el, ld: [], kind: 'item' });
    }
  }
  const named = scopes.map((s) => readScope(s, ctx, selectors)).filter((c): c is RawCompany => c !== undefined);
  const companies = named.filter(identifies);
  return { companies, dropped: { no_name: scopes.length - named.length, invalid_name: named.length - companies.length, advertisement } };
}

/** Companies from JSON objects: advertisements dropped, contacts normalised, links resolved on the page. */
function companiesOfJson(items: JsonItem[], ctx: PageContext): { companies: RawCompany[]; dropped: ListingDrops } {
  const companies: RawCompany[] = [];
  let advertisement = 0;
  let noName = 0;
  let invalidName = 0;
  for (const item of items) {
    if (item.advertisement) {
      advertisement++;
      continue;
    }
    const company = readScope({ json: item, ld: [], kind: 'item' }, ctx, {});
    if (!company) noName++;
    else if (!identifies(company)) invalidName++;
    else companies.push(company);
  }
  return { companies, dropped: { no_name: noName, invalid_name: invalidName, advertisement } };
}

/** The e-mails and phones of the page's header, footer and navigation: the directory's own. */
function contactsOfChrome(root: HTMLElement): string[] {
  const found = new Set<string>();
  for (const el of root.querySelectorAll('header, footer, nav, [role=banner], [role=contentinfo], [class*=footer], [class*=header], [class*=topbar], [class*=copyright], [id*=footer], [id*=header]')) {
    if (!(isChrome(el) || (el.tagName !== 'ARTICLE' && classWords(el).some((w) => ['footer', 'header', 'topbar', 'copyright'].includes(w))))) continue;
    if (closest(el.parentNode, (a) => a.tagName === 'FOOTER' || a.tagName === 'HEADER' || a.tagName === 'NAV') !== undefined) continue;
    const html = el.outerHTML;
    if (html.length > 200_000) continue;
    for (const e of findEmails(html)) found.add(e);
    for (const p of [...links(el, 'tel:').flatMap(phonesIn), ...findPhonesAndFaxes(el.structuredText).phones]) found.add(p);
  }
  return [...found];
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
  const json = ld.length === 0 ? embeddedJson(root.querySelectorAll('script')).map((v) => jsonItems(v, true)).find((items) => items.length === 1)?.[0] : undefined;
  removeFurniture(root);
  const md = microdataOrgs(root, ctx)[0];
  stripScripts(root);
  const scope: Scope = { el: root.querySelector('body') ?? root, md, ld, json, kind: 'page' };
  const company = readScope(scope, ctx, selectors, root);
  if (company) return company;
  const emails = readEmails(scope, ctx, selectors);
  const { phones, faxes } = readPhones(scope, ctx, selectors);
  if (emails.length + phones.length === 0) return undefined;
  const found: RawCompany = { name: '', emails, phones, sourceUrl: pageUrl };
  if (faxes.length > 0) found.faxes = faxes;
  return found;
}

/** Words of a heading that opens the directory's own contact block. */
const SITE_CONTACT_HEADING = /^(?:contactez[- ]nous|nous contacter|contact us|contactez l[’']?(?:equipe|équipe)|اتصل بنا|تواصل معنا)\b/i;

/**
 * Removes the directory's furniture from a detail page: header, footer and navigation (outside
 * sectioning elements), blocks whose class or id says footer, cookie, newsletter, share, menu,
 * breadcrumb ..., and "Contactez-nous" blocks (the section a heading with those words opens).
 */
function removeFurniture(root: HTMLElement): void {
  for (const el of root.querySelectorAll(CHROME)) if (isChrome(el)) el.remove();
  for (const el of root.querySelectorAll('[class], [id]')) {
    if (el.tagName === 'BODY' || el.tagName === 'MAIN' || el.tagName === 'ARTICLE') continue;
    const words = classWords(el);
    if (words.some((w) => FURNITURE_WORDS.has(w))) el.remove();
  }
  for (const h of root.querySelectorAll('h1, h2, h3, h4, h5, h6, .widget-title, .title')) {
    const text = h.text.trim();
    if (text.length > 60 || !SITE_CONTACT_HEADING.test(text)) continue;
    const block = h.parentNode;
    if (block && block.tagName !== 'BODY' && block.tagName !== 'MAIN' && block.tagName !== 'ARTICLE' && block.text.length < 2_000) block.remove();
  }
}

/** Class or id words of blocks that are never a company's on its own page. */
const FURNITURE_WORDS = new Set(['footer', 'navbar', 'menu', 'breadcrumb', 'breadcrumbs', 'cookie', 'cookies', 'newsletter', 'copyright', 'topbar', 'share', 'sharing', 'social', 'masthead']);

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
  return flattenDeep(parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true, pre: true } }), MAX_DEPTH);
}

/** Deepest element nesting kept, as browsers do (Blink's parser stops nesting at 512). */
const MAX_DEPTH = 512;

/**
 * Caps the tree's depth: the descendants of an element at depth `max` become its direct
 * children, in document order. Browsers build such pages the same way, and the selector
 * engine (recursive) then never meets a page nested 40,000 deep. One walk.
 */
function flattenDeep(root: HTMLElement, max: number): HTMLElement {
  const stack: { el: HTMLElement; depth: number }[] = [{ el: root, depth: 0 }];
  while (stack.length > 0) {
    const { el, depth } = stack.pop()!;
    if (depth < max) {
      for (const child of el.childNodes) if (child.nodeType === 1) stack.push({ el: child as HTMLElement, depth: depth + 1 });
      continue;
    }
    const flat: Node[] = [];
    const pending = [...el.childNodes].reverse();
    while (pending.length > 0) {
      const node = pending.pop()!;
      flat.push(node);
      node.parentNode = el;
      if (node.nodeType === 1 && node.childNodes.length > 0) {
        for (let i = node.childNodes.length - 1; i >= 0; i--) pending.push(node.childNodes[i]);
        node.childNodes = [];
      }
    }
    el.childNodes = flat;
  }
  return root;
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
  const { phones, faxes } = readPhones(scope, ctx, selectors);
  const company: RawCompany = { name, emails: readEmails(scope, ctx, selectors), phones, sourceUrl: ctx.pageUrl };
  if (faxes.length > 0) company.faxes = faxes;
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
    () => (scope.json ? clean(scope.json.name) : undefined),
    () => scope.ld.map((o) => firstText(o.name) ?? firstText(o.legalName) ?? firstText(o.alternateName)).find(Boolean),
    () => (scope.md ? ownProps(scope.md, 'name').map(propValue).map(clean).find(Boolean) : undefined),
  ];
  if (scope.kind === 'page') {
    candidates.push(
      () => (el ? textOf(el.querySelector('h1')) : undefined),
      () => clean(page?.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? ''),
      () => textOf(page?.querySelector('title')),
    );
  } else if (el && el.tagName === 'TR') {
    candidates.push(() => rowName(el));
  } else if (el) {
    candidates.push(
      () => textOf(el.querySelector('h1, h2, h3, h4, h5, h6')),
      () => textOf(el.querySelector('[itemprop=name], [class*=name], [class*=nom], [class*=title], [class*=titre], [class*=raison]')),
      () => textOf(el.querySelector('strong, b')),
      () => el.querySelectorAll('a').filter((a) => !/^(?:mailto:|tel:)|email-protection/i.test(a.getAttribute('href') ?? '')).map(textOf).find((t) => t !== undefined && !/^(?:voir|d[ée]tails?|plus|en savoir|afficher|contact)/i.test(t)),
    );
  }
  for (const c of candidates) {
    const v = c();
    if (v) return v.slice(0, MAX_TEXT);
  }
  return undefined;
}

/** Header words of a table's name column. */
const NAME_HEADER = /raison|soci[ée]t[ée]|entreprise|^nom|name|company|d[ée]nomination|enseigne|الاسم|الشركة|المؤسسة/i;

/** The header cells' texts of a row's table (a thead row, else the first row with th cells), or [] when it has none. */
function rowHeaders(row: HTMLElement): string[] {
  const table = closest(row.parentNode, (a) => a.tagName === 'TABLE');
  const header = table?.querySelector('thead tr') ?? table?.querySelectorAll('tr').find((tr) => tr.childNodes.some((c) => (c as HTMLElement).tagName === 'TH'));
  return header ? cells(header).map((c) => clean(c.text)) : [];
}

function cells(row: HTMLElement): HTMLElement[] {
  return row.childNodes.filter((c): c is HTMLElement => (c as HTMLElement).tagName === 'TD' || (c as HTMLElement).tagName === 'TH');
}

/** A table row's name: the cell under a name header, else the first cell with letters and no contact. */
function rowName(row: HTMLElement): string | undefined {
  const headers = rowHeaders(row);
  const list = cells(row);
  const byHeader = headers.findIndex((h) => NAME_HEADER.test(h));
  if (byHeader !== -1 && list[byHeader]) return textOf(list[byHeader]);
  return list.map(textOf).find((t) => t !== undefined && /\p{L}{2}/u.test(t) && !t.includes('@') && (t.match(/\d/g) ?? []).length < 6);
}

/** The text a row's contacts are read from: each cell after its column's header, so the header is the label ('Fax: 021 ...'). */
function rowText(row: HTMLElement): string {
  const headers = rowHeaders(row);
  return cells(row).map((c, i) => `${headers[i] ?? ''} : ${c.structuredText}`).join('\n');
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
    () => (scope.json ? scope.json.emails.flatMap(findEmails) : []),
    () => [
      ...scope.ld.flatMap((o) => schemaValues(o, 'email').flatMap(findEmails)),
      ...(scope.md ? scope.md.querySelectorAll('[itemprop~=email]').flatMap((p) => findEmails(propValue(p))) : []),
    ],
    () => (el ? [...links(el, 'mailto:').flatMap((v) => v.split(/[,;]/).map((e) => normalizeEmail(e))), ...dataValues(el, EMAIL_ATTRS).flatMap(findEmails)] : []),
    () => (el ? findEmails(el.outerHTML) : []),
  ];
  for (const step of steps) {
    const found = keep(step());
    if (found.length > 0) return found;
  }
  return [];
}

/** data-* attributes that hold a phone, a fax or an e-mail (a number behind an "Afficher le numéro" button). */
const PHONE_ATTRS = ['data-phone', 'data-tel', 'data-telephone', 'data-mobile', 'data-gsm', 'data-phone-number', 'data-numero', 'data-number'];
const FAX_ATTRS = ['data-fax'];
const EMAIL_ATTRS = ['data-email', 'data-mail'];

/** The values of the given attributes on `el` and its descendants. */
function dataValues(el: HTMLElement, attrs: readonly string[]): string[] {
  const out: string[] = [];
  for (const node of [el, ...el.querySelectorAll(attrs.map((a) => `[${a}]`).join(', '))]) {
    for (const a of attrs) {
      const v = node.getAttribute(a);
      if (v) out.push(v.length > 200 ? v.slice(0, 200) : v);
    }
  }
  return out;
}

/**
 * The first step (selector, JSON state, schema.org, tel: links and data-* attributes, labelled
 * text) that finds phones not subtracted; faxes (schema.org faxNumber, data-fax, numbers
 * labelled Fax / Télécopie / فاكس) are gathered from every step and never returned as phones
 * unless also given as one.
 */
function readPhones(scope: Scope, ctx: PageContext, selectors: SourceSelectors): { phones: string[]; faxes: string[] } {
  const { el } = scope;
  const faxes = new Set<string>([
    ...(scope.json ? scope.json.faxes.flatMap(phonesIn) : []),
    ...scope.ld.flatMap((o) => schemaValues(o, 'faxNumber').flatMap(phonesIn)),
    ...(el ? dataValues(el, FAX_ATTRS).flatMap(phonesIn) : []),
  ]);
  const keep = (list: (string | undefined)[]) => unique(list).filter((p) => !ctx.siteContacts.has(p));
  // Numbers of the text with their labels (a number only labelled fax is not among the phones).
  let text: { phones: string[]; faxes: string[] } | undefined;
  const labelled = () => {
    text ??= el ? findPhonesAndFaxes(el.tagName === 'TR' ? rowText(el) : el.structuredText) : { phones: [], faxes: [] };
    for (const f of text.faxes) faxes.add(f);
    return text.phones;
  };
  const explicit = [
    ...(scope.json ? scope.json.phones.flatMap(phonesIn) : []),
    ...scope.ld.flatMap((o) => schemaValues(o, 'telephone').flatMap(phonesIn)),
    ...(scope.md ? scope.md.querySelectorAll('[itemprop~=telephone]').flatMap((p) => phonesIn(propValue(p))) : []),
    ...(el ? [...links(el, 'tel:').flatMap(phonesIn), ...dataValues(el, PHONE_ATTRS).flatMap(phonesIn)] : []),
  ];
  const steps: (() => (string | undefined)[])[] = [
    () => (selectors.phone && el ? el.querySelectorAll(selectors.phone).flatMap((m) => [...links(m, 'tel:', true).flatMap(phonesIn), ...findPhonesAndFaxes(m.structuredText).phones]) : []),
    () => (scope.json ? scope.json.phones.flatMap(phonesIn) : []),
    () => [
      ...scope.ld.flatMap((o) => schemaValues(o, 'telephone').flatMap(phonesIn)),
      ...(scope.md ? scope.md.querySelectorAll('[itemprop~=telephone]').flatMap((p) => phonesIn(propValue(p))) : []),
    ],
    () => (el ? [...links(el, 'tel:').flatMap(phonesIn), ...dataValues(el, PHONE_ATTRS).flatMap(phonesIn)] : []),
    labelled,
  ];
  let phones: string[] = [];
  for (const step of steps) {
    const found = keep(step());
    if (found.length > 0) {
      phones = found;
      break;
    }
  }
  // Faxes labelled in the text are known even when an earlier step gave the phones.
  const textPhones = new Set(labelled());
  // A number given as a fax is a phone only when also given as one (a tel: link, data, schema.org, a phone label).
  const given = new Set(explicit);
  phones = phones.filter((p) => !faxes.has(p) || given.has(p) || textPhones.has(p));
  return { phones, faxes: [...faxes].filter((f) => !ctx.siteContacts.has(f)) };
}

function readDetailUrl(scope: Scope, ctx: PageContext, selectors: SourceSelectors): string | undefined {
  const { el } = scope;
  const hrefOf = (m: HTMLElement | null | undefined) => m?.getAttribute('href') ?? m?.querySelector('a[href]')?.getAttribute('href');
  const heading = el?.querySelector('h1, h2, h3, h4, h5, h6');
  const candidates: (string | undefined)[] = [
    ...(selectors.detailLink && el ? el.querySelectorAll(selectors.detailLink).map(hrefOf) : []),
    ...(scope.md ? ownProps(scope.md, 'url').map(propValue) : []),
    ...scope.ld.map((o) => firstText(o.url)),
    scope.json?.url,
    hrefOf(heading),
    heading ? closest(heading, (a) => a.tagName === 'A')?.getAttribute('href') : undefined,
    // Else a link of the entry itself ('Voir la fiche', the name), not a contact or a category.
    ...(el && el.tagName !== 'TR' ? el.querySelectorAll('a[href]').map((a) => a.getAttribute('href')).filter((h) => h !== undefined && !/^(?:mailto:|tel:|javascript:|#)/i.test(h)) : []),
    ...(el && el.tagName === 'TR' ? el.querySelectorAll('a[href]').map((a) => a.getAttribute('href')).filter((h) => h !== undefined && !/^(?:mailto:|tel:|javascript:|#)/i.test(h)) : []),
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
  return one ? [one] : findPhonesAndFaxes(v).phones;
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

/** A name or an activity as stored: control characters removed (NUL and the like: see stripControlCharacters), whitespace collapsed. */
function clean(s: string): string {
  return stripControlCharacters(s).replace(/\s+/g, ' ').trim();
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
