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
import type { HTMLElement, Node } from 'node-html-parser';
import { findEmails, findPhonesAndFaxes, normalizeEmail, normalizePhone, readNumbers } from '../platform/contacts';
import { sameHost } from './hosts';
import { COMPANY_NAME_LABEL, isDisclosureLabel, isInlineBold, labelledNameInText } from './labels';
import { removeOtherCompanyCards } from './otherCards';
import { fold, normalizeCompanyName, scriptOf, stripControlCharacters, words } from '../platform/text';
import { isBadge, LEGAL_FORMS, withoutEdgeBadges } from './badges';
import { alpineRecords, attributeJson, classWords, entryClassWords, embeddedJson, isChromeBlock, holdsContact, isAdBlock, inRepeatedBlock, isComponentPart, SECTIONING_TAGS, isPageFrame, holdsMainContent, leadName, repeatedMemberTest, findNextPage, namesNextDocument, jsonHtml, jsonItems, jsonList, jsonNext, preJson, vueDataTarget, preRecords, repeatedItems, type JsonItem, isOwnContactButton, safeUriDecode, WHATSAPP_LINK, otherPartTitle } from './items';
import { collapseSpaces, isMaskedNumber, isSaidAge, shortText, WORDED_DATE } from './nodeText';
import { attrOf, blockText, classAndId, classText, descendants, hasAttr, inByline, isCardTelType, isSubtitle, itemParts, parseHtml, parsePage, spanningRowAbove, type ItemParts, type ParsedPage } from './parse';
import type { SourceSelectors } from './sources';
import { dataAttributeJson, livewireRecords } from './embeddedState';
import { ampListSource, cursorNext, isCursorToken, listEndpoint, pageCountNext } from './cursor';
import { loadedFragmentUrl, scriptedListUrl, tableDataUrl } from './scriptFetch';
import { splitGroups } from './groups';
import { linkTemplate } from './tiers';
import { introducedName, stripForumFurniture } from './forum';
import { positionedRecords } from './positioned';
import { proseRecords } from './prose';
import { csvTable, isCsv } from './csv';
import { flatTextTable } from './flatTable';
import { preloadedData } from './preload';
import { storeLocatorRequest } from './storeLocator';
import { mapLayerUrls } from './mapLayers';
import { showMapPopups } from './mapPopups';
import { ajaxPayload, isAjaxFragment, moreOf, steppedAjaxNext } from './ajaxMore';
import { inertiaPages, paginatorLinksNext } from './inertia';
import { nextTab, postPagesNext } from './pagination';

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
  /** Its vCard on the same host (a `.vcf` link, `type="text/vcard"`), read like a detail page. */
  vcardUrl?: string;
  /** The page it was read from. */
  sourceUrl: string;
  /** Named only by a link with a count ('X (2)', as a menu's category is): a company only when its own page names it (run.ts). */
  unconfirmed?: boolean;
}

export interface ExtractOptions {
  /** E-mails and E.164 phones that belong to the directory itself (seen on every listing page). */
  siteContacts?: ReadonlySet<string>;
  /** The page's Content-Type: a JSON answer (a "load more" endpoint) is read as JSON. */
  contentType?: string;
  /** The HTML is a fragment of entries (a "load more" answer): its top elements are entries when nothing repeats (a last page of one). */
  fragment?: boolean;
  /**
   * The shape of the entries the listing's other pages repeat ({@link Listing.shape}): on a page
   * where nothing repeats (one entry per letter, a last page of one), the few elements of that shape are its entries.
   */
  shape?: string;
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
  return nameKey(company) !== '';
}

/** The key of each company read ({@link nameKey}): a page's entries are checked by it twice (a name, then names shared). */
const nameKeys = new WeakMap<RawCompany, string>();

/** A company's name key ({@link normalizeCompanyName}), computed once per company read (its name is not changed once read). */
function nameKey(company: RawCompany): string {
  let key = nameKeys.get(company);
  if (key === undefined) {
    key = normalizeCompanyName(company.name);
    nameKeys.set(company, key);
  }
  return key;
}

/** A listing page read: its companies, its next page, its entries dropped, and the directory's own contacts seen in its chrome. */
export interface Listing {
  companies: RawCompany[];
  next?: string;
  dropped: ListingDrops;
  /** Contacts in the page's header, footer and navigation: the directory's, never a company's. */
  chromeContacts: string[];
  /**
   * A page without companies whose listing is in a data file (a Gatsby site's
   * `/page-data/<path>/page-data.json`, the JSON endpoint an empty list container names, also
   * beside a few companies shown elsewhere on the page): its URL, to be fetched and read as this
   * page's listing, with the companies the page itself shows.
   */
  data?: string;
  /** More data files of this page, read after `data` each as a page of its own (a map's other data layers). */
  moreData?: string[];
  /**
   * `data` is a document the page publishes its list in (an HTML export of a Word, Excel or
   * LibreOffice file): the page is its cover, the few entries read from its text are its sentences,
   * and their contacts the publisher's.
   */
  document?: boolean;
  /** The shape its repeated entries share (their tag and class, their parent's), to find a lone entry on another page of the list. */
  shape?: string;
}

/** The default next-page link. */
export const DEFAULT_NEXT_PAGE = 'a[rel~=next], link[rel~=next]';
/** Longest name and activity kept. */
const MAX_TEXT = 200;

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
  /**
   * The hosts the page declares as its site's (see {@link declaredSiteHosts}), read when an
   * e-mail is first checked: e-mails on them are the directory's own too.
   */
  declaredHosts?: () => readonly string[];
  /** Where relative links resolve (a <base href>, else the page). */
  base: string;
  siteContacts: ReadonlySet<string>;
  /** The header row and cells of each table read so far (a table's rows share them). */
  tableHeaders: Map<HTMLElement, TableHeader>;
  /** The text of a company written over several rows (its name cell spanning them), by its first row. */
  rowTexts?: Map<HTMLElement, string>;
  /** The page's host (lower case, no 'www.') and URL without its hash, as detail links are compared to them (see {@link pageLink}). */
  pageLink?: { host: string; key: string };
  /** A forum topic's posts (see forum.ts): only there does a sentence introduce a company ('je travaille chez X'). */
  posts?: ReadonlySet<HTMLElement>;
}

/** The page's host without 'www.' and its URL without hash, read once per page (each entry's detail link is compared to them). */
function pageLink(pageUrl: string): { host: string; key: string } {
  const page = new URL(pageUrl);
  return { host: page.host.toLowerCase().replace(/^www\./, ''), key: withoutHash(page.href) };
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
  /** What the element's fields are read from, gathered once (see {@link partsOf}). */
  parts?: ItemParts;
  /** Its seller link, looked for once (null: none; see {@link sellerOf}). */
  seller?: HTMLElement | null;
  /** For a microdata organisation that marks only part of its entry (its contact block), the entry around it (see {@link microdataEntries}). */
  entry?: HTMLElement;
}

/** The seller link of a scope's element ({@link sellerLink}), looked for once: its name and its detail page both read it. */
function sellerOf(scope: Scope, el: HTMLElement, parts: ItemParts): HTMLElement | undefined {
  if (scope.seller === undefined) scope.seller = sellerLink(el, parts) ?? null;
  return scope.seller ?? undefined;
}

/** The seller link of a scope's element unless an advertiser label ({@link ADVERTISER_LABEL}) leads it. */
function shopLink(scope: Scope, el: HTMLElement, parts: ItemParts): HTMLElement | undefined {
  const seller = sellerOf(scope, el, parts);
  return seller && !ADVERTISER_LABEL.test(textBefore(el, seller)) ? seller : undefined;
}

/** The parts of a scope's element, walked once. */
function partsOf(scope: Scope): ItemParts | undefined {
  if (!scope.el) return undefined;
  scope.parts ??= itemParts(scope.el);
  return scope.parts;
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
 * (`selectors.nextPage`, else a WordPress post's own page links ({@link postPagesNext}: its
 * `rel=next` is the adjacent post), else `rel=next`, else a "next" or numbered link or a "load more"
 * URL: {@link findNextPage}, else, for entries read from the page's JSON state, the next page that
 * state names: {@link stateNext}), its entries dropped by reason, and the contacts of its chrome.
 * A JSON body (a "load more" answer) is read as JSON: its company-like objects, its `next`
 * link, or the HTML fragment it carries.
 */
export function readListing(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): Listing {
  if (isJsonBody(html, options.contentType)) return readJsonListing(html, pageUrl, selectors, options);
  // A CSV file (an open-data portal's download): read as the table it is.
  if (isCsv(options.contentType ?? '', pageUrl)) {
    const table = csvTable(html);
    return table === undefined ? { companies: [], dropped: { no_name: 0, invalid_name: 0, advertisement: 0 }, chromeContacts: [] } : readListing(table, pageUrl, selectors, { ...options, contentType: 'text/html' });
  }
  const page = parsePage(html);
  const { root } = page;
  const base = baseOf(page, pageUrl);
  // A WordPress post split in pages: its own page links decide, its rel=next being the adjacent post.
  const postPages = selectors.nextPage === undefined ? postPagesNext(page.elements) : undefined;
  let next = postPages !== undefined ? resolvedNext(postPages.next, pageUrl, base) : selectors.nextPage === undefined ? relNext(page, pageUrl) : nextOf(root, pageUrl, selectors.nextPage, base);
  if (next === undefined && selectors.nextPage === undefined && postPages === undefined) {
    const href = findNextPage(root, pageUrl, page.elements);
    const url = href === undefined ? undefined : absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) next = url;
  }
  // A page served through a proxy or at a mirror keeps the original site's <base>: its next page is the proxy's.
  if (next !== undefined) next = onPageHost(next, pageUrl, base);
  // A documentation's pager leads on to its next chapter: only a page of the same folder continues the list.
  if (next !== undefined && selectors.nextPage === undefined && postPages === undefined && leavesDocumentFolder(page, next, pageUrl, base)) next = undefined;
  // The page's own header and footer contacts are the directory's: never a company's.
  const chromeContacts = contactsOfChrome(page);
  const siteContacts = new Set([...(options.siteContacts ?? []), ...chromeContacts]);
  const read = companiesOf(page, pageUrl, selectors, { ...options, siteContacts }, new Set(chromeContacts));
  const { dropped, shape, next: fromState } = read;
  let companies = withoutSharedLabels(read.companies, dropped);
  // A PDF table flattened one cell per line in a text block (a document site's transcription): read as the table it was.
  if (companies.length === 0 && selectors.item === undefined && !options.fragment) {
    const table = flatTextTable(page);
    // The page's header and footer stay the directory's: their contacts are no row's, and the run learns them.
    if (table !== undefined) return { ...readListing(table, pageUrl, selectors, { ...options, siteContacts, contentType: 'text/html' }), chromeContacts };
  }
  // Entries of the page's JSON state: the next page that state names, when the page's markup names none (an SPA).
  if (next === undefined && selectors.nextPage === undefined && fromState !== undefined) next = fromState;
  // A raw HTML fragment answered to an AJAX action request: the next page or offset, until one comes empty.
  if (next === undefined && selectors.nextPage === undefined && !options.fragment && isAjaxFragment(html, pageUrl)) next = steppedAjaxNext(undefined, pageUrl, batchSize(companies));
  if (next !== undefined) companies = withoutNextPageLink(companies, next, dropped);
  companies = withoutOtherPartLinks(companies, otherPartTitle(page.elements), dropped);
  const listing: Listing = next === undefined ? { companies, dropped, chromeContacts } : { companies, next, dropped, chromeContacts };
  if (shape !== undefined) listing.shape = shape;
  // (A list filled on the client is looked for beside a few entries too: a sidebar's 'À la une' outside the empty list.)
  // An app's shell without companies: the JSON its head preloads for fetch (its API's first page), the page it
  // frames, last the endpoint its own script fetches for its template (a framework loaded from a CDN).
  // A page that frames its list shows at most a menu's links read as companies (without contacts).
  // A uMap map's data layers (GeoJSON read by its script): the first as its data, the others after it.
  const layers = companies.length === 0 ? mapLayerUrls(page.byTag('SCRIPT'), pageUrl, base) : [];
  // A document in parts (a workbook's sheets, a converted PDF's pages): the first part is the data, the others more data.
  const parts = companies.length === 0 ? documentParts(page, pageUrl, base) : [];
  const data =
    companies.length === 0
      ? parts[0] ?? pageDataUrl(page, pageUrl, base) ?? ampListData(page, pageUrl, base, next) ?? listData(page, pageUrl, base, next) ?? storeLocatorRequest(page.byTag('SCRIPT'), pageUrl, base) ?? layers[0] ?? preloadedData(page.byTag('LINK'), pageUrl, base, next) ?? framedList(page, pageUrl, base) ?? scriptedListUrl(page.elements, pageUrl, base, next) ?? tableDataUrl(page.elements, pageUrl, base, next) ?? loadedFragmentUrl(page.elements, pageUrl, base, next) ?? csvDownload(page, pageUrl, base)
      : (!companies.some(hasContact) ? framedList(page, pageUrl, base) : undefined) ?? ampListData(page, pageUrl, base, next) ?? (companies.length <= FEW_BESIDE_LIST ? listData(page, pageUrl, base, next) ?? storeLocatorRequest(page.byTag('SCRIPT'), pageUrl, base) : undefined);
  // A CMS page that publishes its list as a document exported to HTML (Word's 'Page Web', Excel's
  // 'Publier', LibreOffice's export): the document, its other parts or chapters after it in order.
  const documents = data === undefined && companies.length <= FEW_BESIDE_LIST ? documentExports(page, pageUrl, base, next) : [];
  if (documents.length > 0) {
    listing.data = documents[0];
    listing.document = true;
    if (documents.length > 1) listing.moreData = documents.slice(1);
    return listing;
  }
  if (data !== undefined) listing.data = data;
  // A page whose list its script loads, one page per category shown as tabs: the next tab's page.
  if (data !== undefined && companies.length === 0 && listing.next === undefined && selectors.nextPage === undefined) {
    const tab = nextTab(page.elements, pageUrl, base);
    if (tab !== undefined) listing.next = tab;
  }
  if (data !== undefined && data === layers[0] && layers.length > 1) listing.moreData = layers.slice(1);
  if (data !== undefined && data === parts[0] && parts.length > 1) listing.moreData = parts.slice(1);
  return listing;
}

/**
 * A page's entries without those that show no contact and whose name is the title of another part of
 * the list ('← Exposants Hall A' on the page of Hall B: a button back to the previous part, or on to
 * the next, in a block of the entries' shape). Counted as entries without a name.
 */
function withoutOtherPartLinks(companies: RawCompany[], otherPart: (text: string) => boolean, dropped: ListingDrops): RawCompany[] {
  const kept = companies.filter((c) => hasContact(c) || !otherPart(c.name));
  dropped.no_name += companies.length - kept.length;
  return kept;
}

/**
 * A page's entries without those whose own page is the listing's next page and that show no
 * contact: a sentence over the list ('Suite sur la page Annuaire (2/2)') written in a block of
 * the entries' shape, read as an entry named by its link. No company's page is the next page of
 * the list. Counted as entries without a name.
 */
function withoutNextPageLink(companies: RawCompany[], next: string, dropped: ListingDrops): RawCompany[] {
  const target = withoutHash(next);
  const kept = companies.filter((c) => hasContact(c) || c.detailUrl === undefined || withoutHash(c.detailUrl) !== target);
  dropped.no_name += companies.length - kept.length;
  return kept;
}

/** Fewest entries of one page sharing a name that make it a label of the list, not a company's name. */
const SHARED_LABEL_ENTRIES = 3;

/**
 * A page's entries without those whose name is a label every entry shows (a button, a field, a
 * caption read as a name when the real one was missed): three or more entries of the page named
 * alike with contacts of their own, no two sharing any (entries without contacts aside), are separate companies whose name
 * was not found, never one company (merged by name, it would hold every one of their contacts
 * and be billed once for a list). They are dropped and counted as entries without a name.
 */
function withoutSharedLabels(companies: RawCompany[], dropped: ListingDrops): RawCompany[] {
  const byName = new Map<string, RawCompany[]>();
  for (const c of companies) {
    const key = nameKey(c);
    const group = byName.get(key);
    if (group) group.push(c);
    else byName.set(key, [c]);
  }
  const labels = new Set<string>();
  for (const [key, group] of byName) {
    if (group.length < SHARED_LABEL_ENTRIES) continue;
    const seen = new Set<string>();
    let separate = true;
    let withContacts = 0;
    for (const c of group) {
      const contacts = [...c.phones, ...c.emails, ...(c.faxes ?? [])];
      if (contacts.length === 0) continue;
      if (contacts.some((v) => seen.has(v))) {
        separate = false;
        break;
      }
      withContacts++;
      for (const v of contacts) seen.add(v);
    }
    if (separate && withContacts >= SHARED_LABEL_ENTRIES) labels.add(key);
  }
  if (labels.size === 0) return companies;
  const kept = companies.filter((c) => !labels.has(nameKey(c)));
  dropped.no_name += companies.length - kept.length;
  return kept;
}

/** A Gatsby page's data file, as its preload link names it: `/page-data/<path>/page-data.json`. */
const PAGE_DATA = /\/page-data\/[^?#]{1,2000}\/page-data\.json(?:[?#]|$)/;

/**
 * Where a Gatsby page's data is: the `page-data.json` its `<link rel=preload as=fetch>` names
 * (not the site's app-data.json nor a static query's sq/d/*.json), else, on a page Gatsby made
 * (`<div id="___gatsby">`, a Gatsby generator meta), Gatsby's path for it:
 * `/page-data/<page path>/page-data.json`, `/page-data/index/page-data.json` for '/'.
 */
function pageDataUrl(page: ParsedPage, pageUrl: string, base: string): string | undefined {
  for (const link of page.byTag('LINK')) {
    const href = attrOf(link, 'href');
    if (!href || !PAGE_DATA.test(href) || (attrOf(link, 'as') ?? '').toLowerCase() !== 'fetch') continue;
    const url = absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) return url;
  }
  const gatsby = page.elements.some((el) => el.id === '___gatsby') || page.byTag('META').some((m) => (attrOf(m, 'name') ?? '').toLowerCase() === 'generator' && /^\s*gatsby\b/i.test(attrOf(m, 'content') ?? ''));
  if (!gatsby) return undefined;
  const url = new URL(pageUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/^\/+/, '') || 'index';
  return new URL(`/page-data/${path}/page-data.json`, url).href;
}

/** Most entries a page may show beside a list filled on the client (a sidebar's featured companies) for that list to be read too. */
const FEW_BESIDE_LIST = 3;

/**
 * Where a page's empty list is filled from on the client: the JSON endpoint its list container
 * names ({@link listEndpoint}: an Alpine.js `data-url`, a Stimulus `data-…-url-value`), resolved;
 * not this page, nor its next page (read as such).
 */
function listData(page: ParsedPage, pageUrl: string, base: string, next: string | undefined): string | undefined {
  const href = listEndpoint(page.elements);
  const url = href === undefined ? undefined : absolute(href, base);
  if (!url || withoutHash(url) === withoutHash(pageUrl) || (next !== undefined && withoutHash(url) === withoutHash(next))) return undefined;
  return url;
}

/**
 * The JSON an AMP page's `<amp-list>` is filled from ({@link ampListSource}), resolved, on the page's
 * host: read after the entries the page itself shows, however many (the runtime loads it with the
 * page), its own next page after it (`load-more-bookmark`'s `next`); not this page, nor its next page.
 */
function ampListData(page: ParsedPage, pageUrl: string, base: string, next: string | undefined): string | undefined {
  const src = ampListSource(page.byTag('AMP-LIST'), servesOthers);
  const url = src === undefined ? undefined : absolute(src, base);
  if (!url || !sameHost(url, pageUrl) || withoutHash(url) === withoutHash(pageUrl) || (next !== undefined && withoutHash(url) === withoutHash(next))) return undefined;
  return url;
}

/** A heading over advertisers ('Annonces sponsorisées', 'Liens commerciaux', 'Publicité', 'Nos partenaires', 'Sponsored', إعلانات). */
const AD_HEADING = /^(?:(?:annonces?|liens?|contenus?|espaces?|offres?|nos)\s)?(?:sponsoris[ée]e?s?|publicit(?:[ée]s?|aires?)|commerciaux|partenaires?)(?:\s|$)|^(?:sponsored|advertisements?|ads?)(?:\s|$)|^(?:ال)?إعلان/iu;

/**
 * Whether an `<amp-list>` serves others than the page's entries: itself or one of its wrappers an
 * advertisement ({@link isAdBlock}), or the element just before it (or before a wrapper) a heading
 * of advertisers ('Annonces sponsorisées') or of other companies ('Établissements similaires').
 * Bounded: four levels, up to the page's main or body.
 */
function servesOthers(list: HTMLElement): boolean {
  let el: HTMLElement | null = list;
  for (let level = 0; el && level < 4 && el.tagName !== 'MAIN' && el.tagName !== 'BODY' && el.tagName !== 'HTML'; level++, el = el.parentNode) {
    if (isAdBlock(el)) return true;
    const before = el.previousElementSibling;
    const text = before ? shortText(before, 60) : undefined;
    if (before && text !== undefined && (othersHeading(before) || AD_HEADING.test(text))) return true;
  }
  return false;
}

/** A link's path or query naming a CSV file: `liste.csv`, `/download?format=csv`. */
const CSV_LINK = /\.csv$|[?&](?:format|type|export|output)=csv(?:&|$)/i;

/**
 * The CSV file a page without companies links (an open-data portal's resource page, CKAN's
 * 'Télécharger', uData's or Opendatasoft's export: the list is in the file, the page shows at most
 * a preview its script fills): the one CSV file its links outside the header, footer and menus
 * name on its host (a path ending in `.csv`, a `format=csv` query, a link typed `text/csv`),
 * however many links name it; none when they name several (a dataset's files of several years).
 * The run fetches it like any page and reads it as this page's listing (see {@link csvTable}).
 */
function csvDownload(page: ParsedPage, pageUrl: string, base: string): string | undefined {
  let found: string | undefined;
  for (const a of page.byTag('A')) {
    const href = a.getAttribute('href')?.trim();
    if (!href || href.length > 2000) continue;
    const path = href.split('#', 1)[0];
    const [bare, query = ''] = path.split('?', 2);
    if (!CSV_LINK.test(bare) && !CSV_LINK.test(`?${query}`) && !/csv/i.test(attrOf(a, 'type') ?? '')) continue;
    if (closest(a, (x) => x.tagName === 'HEADER' || x.tagName === 'FOOTER' || x.tagName === 'NAV')) continue;
    const url = absolute(href, base);
    if (!url || !sameHost(url, pageUrl) || withoutHash(url) === withoutHash(pageUrl)) continue;
    if (found !== undefined && withoutHash(found) !== withoutHash(url)) return undefined;
    found = url;
  }
  return found;
}

/** A link's path naming a static HTML file: a document exported to HTML ('liste_2025.htm'). */
const HTML_FILE = /\.html?$/i;
/** A folder where a CMS or a hand-made site keeps the files it publishes (Joomla's images/, SPIP's IMG/, WordPress's uploads/). */
const DOCUMENT_FOLDER = /\/(?:images|img|docs?|documents?|fichiers|files|uploads?|media|medias|publications?|telechargements?|t[ée]l[ée]chargements?|downloads?|attachments?|pieces?-jointes|ressources)\//i;
/** A link's text or title naming the list it opens ('Consulter la liste', 'Annuaire 2025', 'القائمة'). */
const LIST_LABEL = /(?:^|[^\p{L}])(?:liste|annuaire|r[ée]pertoire|list|directory|sommaire|chapitre|partie|القائمة|قائمة|الدليل|دليل)(?:$|[^\p{L}])/iu;
/** Most documents of one page followed (a yearly directory's contents and chapters). */
const MAX_DOCUMENTS = 10;

/**
 * The documents a page showing no company (at most a few sentences read as entries) publishes
 * its list in: links, outside its header, footer and menus, to static HTML files on its host (a
 * Word 'Page Web', an Excel 'Publier' page, a LibreOffice export) kept where the site keeps its
 * files (`/images/documents/`, SPIP's `IMG/`, `/uploads/`, `/publications/`), typed `text/html`
 * (a CMS's attached document) or named as the list ('Consulter la liste', 'Annuaire', 'القائمة').
 * Several (parts, a contents file and its chapters) in the order the page links them. None when
 * the page links its next page among them (a static site's own pages), or more than
 * {@link MAX_DOCUMENTS}.
 */
function documentExports(page: ParsedPage, pageUrl: string, base: string, next: string | undefined): string[] {
  const found: string[] = [];
  for (const a of page.byTag('A')) {
    const href = a.getAttribute('href')?.trim();
    if (!href || href.length > 2000) continue;
    const bare = href.split('#', 1)[0].split('?', 1)[0];
    if (!HTML_FILE.test(bare)) continue;
    if (closest(a, (x) => x.tagName === 'HEADER' || x.tagName === 'FOOTER' || x.tagName === 'NAV')) continue;
    const url = absolute(href, base);
    if (!url || !sameHost(url, pageUrl) || withoutHash(url) === withoutHash(pageUrl)) continue;
    if (next !== undefined && withoutHash(url) === withoutHash(next)) return [];
    const label = `${a.textContent} ${attrOf(a, 'title') ?? ''}`.slice(0, 300);
    if (!DOCUMENT_FOLDER.test(new URL(url).pathname) && !/html/i.test(attrOf(a, 'type') ?? '') && !LIST_LABEL.test(label)) continue;
    if (found.includes(withoutHash(url))) continue;
    found.push(withoutHash(url));
    if (found.length > MAX_DOCUMENTS) return [];
  }
  return found;
}

/** Whether a company read shows a contact (a page's menu links read as companies show none). */
function hasContact(company: RawCompany): boolean {
  return company.phones.length + company.emails.length > 0;
}

/** A frame's name or id that says it holds the page's content ('liste', 'main', 'contenu'). */
const CONTENT_FRAME = /(?:^|[^a-z])(?:main|content|contenu|corps|body|liste?|annuaire|resultats?|results?|centre|center|principal)(?:[^a-z]|$)/i;
/** Frames that are never a list: media, maps, videos, documents, social widgets. */
const NOT_A_LIST_FRAME = /\.(?:pdf|jpe?g|png|gif|svg|webp|mp4|webm|docx?|xlsx?)(?:[?#]|$)|\/(?:embed|maps|video|player|widgets?|plugins|ads?|pub|banners?)(?:[/?#.]|$)/i;

/** A frame's name that says it holds a document's outline (pdftohtml's `links` beside its `contents`, a help's `toc`). */
const OUTLINE_FRAME = /^(?:links|toc|outline|index|sommaire|signets|bookmarks)$/i;
/** A link's text naming a page of a document: 'Page 3', '3', 'p. 3' (pdftohtml's outline frame). */
const PAGE_LINK = /^(?:page|p\.|pg\.?)?[ \t]{0,3}\d{1,4}$/i;
/** Targets that open a link in no frame of the page's own. */
const NO_FRAME_TARGET = /^_(?:blank|self|parent|top)$/i;
/** Most parts of a document read from one page (sheets of a workbook, pages of an outline). */
const MAX_DOCUMENT_PARTS = 50;
/** Most links looked at on an outline's page. */
const MAX_OUTLINE_LINKS = 2_000;

/**
 * The parts of a document exported in several files, when the page is its entry (and shows no company):
 * - a workbook saved as a web page (Excel's "Page Web" of a whole workbook: a frameset whose sheets
 *   its head names in order, `<link id="shLink" href="…_files/sheet001.htm">`): its sheets;
 * - a PDF converted with pdftohtml's frames (a frameset of an outline frame, `links`, and one other
 *   frame, `contents`, showing the first page): that frame, then the outline frame, read for the pages
 *   it names;
 * - that outline (a page of links named 'Page 1', 'Page 2' … each opening in a frame of the frameset,
 *   `target="contents"`): the document's pages, in order, each file once.
 * Only parts on the page's host; empty when the page is none of these. The run reads the first as this
 * page's listing and the others each as a page of its own.
 */
function documentParts(page: ParsedPage, pageUrl: string, base: string): string[] {
  const parts: string[] = [];
  const add = (href: string | undefined) => {
    href = href?.trim();
    if (!href || parts.length >= MAX_DOCUMENT_PARTS || /^(?:javascript|data|about):/i.test(href)) return;
    const url = absolute(href, base);
    if (!url || !sameHost(url, pageUrl)) return;
    const file = withoutHash(url);
    if (file !== withoutHash(pageUrl) && !parts.includes(file)) parts.push(file);
  };
  for (const link of page.byTag('LINK')) if (link.id === 'shLink') add(link.getAttribute('href'));
  if (parts.length > 0) return parts;
  const frames = page.byTag('FRAME');
  if (frames.length > 0) {
    // (The outline frame and one other, the content: its first page.)
    const outline = frames.filter((f) => OUTLINE_FRAME.test((f.getAttribute('name') ?? '').trim()));
    const content = frames.filter((f) => !outline.includes(f));
    if (outline.length === 0 || content.length !== 1) return [];
    for (const f of [...content, ...outline]) add(f.getAttribute('src'));
    return parts.length > 1 ? parts : [];
  }
  const links = page.byTag('A');
  const n = Math.min(links.length, MAX_OUTLINE_LINKS);
  let pageLinks = 0;
  for (let i = 0; i < n; i++) {
    const a = links[i];
    const target = a.getAttribute('target')?.trim();
    if (!target || NO_FRAME_TARGET.test(target) || !PAGE_LINK.test(a.text.trim())) continue;
    pageLinks++;
    add(a.getAttribute('href'));
  }
  return pageLinks >= 2 ? parts : [];
}

/** Most elements looked at for an htmx element loading its content ({@link framedList}). */
const MAX_DEFERRED_WALK = 50_000;
/** An htmx trigger that fires without the user: on load, when revealed or intersecting. */
const DEFERRED_TRIGGER = /(?:^|[\s,])(?:load|revealed|intersect)(?=$|[\s,[])/;

/**
 * The page a page without companies frames (an old portal's `<iframe src="/app/liste.php?…">`, a
 * `<frameset>` whose main frame holds the list): the one frame on the page's host that is no
 * media, map or widget, else among several the one named for content, else the largest declared.
 * So is a fragment it loads after the page on its own: a Turbo Frame's or an include-fragment's
 * `src` (lazy or not), an htmx element's `hx-get` fired on load or when revealed.
 * The run fetches it like any page and reads it as this page's listing, its own next page included.
 */
function framedList(page: ParsedPage, pageUrl: string, base: string): string | undefined {
  const frames: { url: string; named: boolean; area: number }[] = [];
  const frame = (el: HTMLElement, src: string | undefined) => {
    src = src?.trim();
    if (!src || /^(?:javascript|data|about):/i.test(src)) return;
    const url = absolute(src, base);
    if (!url || NOT_A_LIST_FRAME.test(url) || !sameHost(url, pageUrl) || withoutHash(url) === withoutHash(pageUrl)) return;
    const size = (v: string | undefined) => (v && /^\d{1,5}$/.test(v.trim()) ? Number(v.trim()) : 0);
    frames.push({ url, named: CONTENT_FRAME.test(`${el.getAttribute('name') ?? ''} ${el.id} ${src}`), area: (size(el.getAttribute('width')) || 1) * (size(el.getAttribute('height')) || 1) });
  };
  for (const tag of ['IFRAME', 'FRAME', 'TURBO-FRAME', 'INCLUDE-FRAGMENT']) for (const el of page.byTag(tag)) frame(el, el.getAttribute('src'));
  // An htmx element that loads its content when the page loads or when it comes into view (a click's is no list's yet).
  const n = Math.min(page.elements.length, MAX_DEFERRED_WALK);
  for (let i = 0; i < n; i++) {
    const el = page.elements[i];
    if (!el.rawAttrs.includes('hx-get')) continue;
    if (DEFERRED_TRIGGER.test(attrOf(el, 'hx-trigger') ?? attrOf(el, 'data-hx-trigger') ?? '')) frame(el, attrOf(el, 'hx-get') ?? attrOf(el, 'data-hx-get'));
  }
  if (frames.length <= 1) return frames[0]?.url;
  const named = frames.filter((f) => f.named);
  if (named.length === 1) return named[0].url;
  const largest = [...frames].sort((a, b) => b.area - a.area);
  return largest[0].area > largest[1].area ? largest[0].url : undefined;
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
  // The payload of a status envelope (WordPress's {success, data: {html, has_more}}): its next page, its HTML.
  const answer = ajaxPayload(value);
  const more = moreOf(answer);
  let next = more === false ? undefined : nextOfJson(answer, pageUrl, pageUrl, true);
  const fragment = jsonHtml(answer) ?? jsonHtml(value);
  const listing: Listing = fragment !== undefined
    ? { ...readListing(fragment, pageUrl, selectors, { ...options, contentType: 'text/html', fragment: true }), chromeContacts: [] }
    : { ...companiesOfJson(jsonItems(value, false, 1), { pageUrl, siteHost: new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, ''), base: pageUrl, siteContacts: options.siteContacts ?? new Set(), tableHeaders: new Map() }), chromeContacts: [] };
  delete listing.next;
  // A batch of records without one entry ends the list, whatever link it gives (CKAN names a next batch past the end).
  if (fragment === undefined && listing.companies.length === 0) next = undefined;
  // Named by no link: stepped as the answer says (has_more, the offset it gives), while it has entries.
  next ??= steppedAjaxNext(answer, pageUrl, batchSize(listing.companies));
  if (next && withoutHash(next) !== withoutHash(pageUrl)) listing.next = next;
  return listing;
}

/**
 * The entries of an AJAX batch, for stepping to the next: none when not one carries a contact or a
 * page of its own (an answer's 'Aucun résultat' line is the end of the list, not an entry).
 */
function batchSize(companies: readonly RawCompany[]): number {
  return companies.some((c) => c.phones.length + c.emails.length + (c.faxes?.length ?? 0) > 0 || c.detailUrl !== undefined) ? companies.length : 0;
}

/**
 * The next page a JSON value names (a "load more" answer, or the object of a page's state that
 * holds its entries): its `next` link ({@link jsonNext}: `next`, `next_page_url`, `links.next`,
 * `meta.next` …) resolved against `base`, or a page number put in `pageUrl`'s page parameter;
 * with `cursors`, a batch that gives only a cursor (meta.after, pagination.next_cursor): `pageUrl`
 * with that cursor; else only page numbers (meta.current_page / last_page): `pageUrl` with the
 * next number.
 */
function nextOfJson(value: unknown, pageUrl: string, base: string, cursors: boolean): string | undefined {
  const written = jsonNext(value);
  const link = written === undefined || isCursorToken(written) ? (cursors ? cursorNext(value, pageUrl) : undefined) : typeof written === 'number' ? withPage(pageUrl, written) : absolute(written, base);
  if (link !== undefined) return link;
  // A Laravel paginator reduced to its link list ({data, links}, as Inertia pages pass it): its next link.
  const listed = paginatorLinksNext(value);
  return pageCountNext(value, pageUrl) ?? (listed === undefined ? undefined : absolute(listed, base));
}

/** Most objects above a state's list of entries searched for its pagination (the list's holder, its parent …). */
const STATE_PAGINATION_DEPTH = 3;

/**
 * The next page of a listing whose entries come from the page's JSON state (an SPA's
 * `window.__INITIAL_STATE__`, a React `__PRELOADED_STATE__`, Next.js props): the next page the
 * object holding the entries names ({@link nextOfJson}: `meta.next`, `links.next`,
 * `next_page_url`, `pagination.next`, `nextPage`, `meta.current_page` / `last_page`), else
 * its parent's, up to {@link STATE_PAGINATION_DEPTH} objects up. Often a JSON endpoint (read
 * then as a "load more" answer, with its own pagination). A cursor alone is not followed: the
 * endpoint it is meant for is not this page. Not this page itself.
 */
function stateNext(holders: readonly unknown[], pageUrl: string, base: string): string | undefined {
  for (const holder of holders.slice(0, STATE_PAGINATION_DEPTH)) {
    const next = nextOfJson(holder, pageUrl, base, false);
    if (next !== undefined && withoutHash(next) !== withoutHash(pageUrl)) return next;
  }
  return undefined;
}

/** Most tables looked at for an empty table's header, and most header cells of one. */
const MAX_EMPTY_TABLES = 20;
const MAX_EMPTY_TABLE_COLUMNS = 20;
/** Most script text looked at for the tables a script names. */
const MAX_NAMING_SCRIPTS = 500_000;
/** A name a script writes: an id or a class selector ('#liste', '.annuaire'), or a quoted name ('liste'). Linear. */
const SCRIPT_NAME = /([#.])([A-Za-z_][\w-]{0,80})|(['"])([A-Za-z_][\w-]{0,80})\3/g;

/**
 * The column headers of the page's empty tables: a table with header cells (`<th>`) and no data
 * cell (`<td>`), named by a script of the page (its id, `$('#liste')`, `getElementById('liste')`,
 * or one of its classes, `$('.annuaire')`): the one a script fills from an array of rows (jQuery
 * DataTables' `data: dataSet`, a hand-written loop over `var rows = [[…], …]`); a legend's or
 * layout's table no script names labels nothing. Each header's cell texts, in order (an empty
 * text for an unnamed column), for the rows of that width to be read under them: the last row of
 * its `<thead>` (a grouped header's second row; a `<tfoot>` repeating the header, DataTables'
 * column search, is no header), or of its rows of header cells without one. Bounded: only when
 * the page has header cells, at most {@link MAX_EMPTY_TABLES} tables named by its scripts.
 */
function emptyTableHeaders(page: ParsedPage): string[][] {
  if (page.byTag('TH').length === 0) return [];
  let scripts = '';
  for (const s of page.byTag('SCRIPT')) {
    if (scripts.length >= MAX_NAMING_SCRIPTS) break;
    if (!/ld\+json/i.test(s.getAttribute('type') ?? '')) scripts += `${s.rawText.slice(0, MAX_NAMING_SCRIPTS - scripts.length)}\n`;
  }
  if (scripts === '') return [];
  // (The names the scripts write, read once: '#liste', "liste", '.annuaire'; each table then looked up, never the scripts searched per table.)
  const ids = new Set<string>();
  const classes = new Set<string>();
  for (const m of scripts.matchAll(SCRIPT_NAME)) {
    if (m[1] === '.') classes.add(m[2]);
    else ids.add(m[1] === '#' ? m[2] : m[4]);
  }
  const named = (table: HTMLElement): boolean => {
    const id = (table.getAttribute('id') ?? '').trim();
    if (id !== '' && ids.has(id)) return true;
    return (table.getAttribute('class') ?? '').split(/\s+/).some((c) => c.length > 2 && c !== 'display' && c !== 'table' && classes.has(c));
  };
  const out: string[][] = [];
  let looked = 0;
  for (const table of page.byTag('TABLE')) {
    if (!named(table)) continue;
    if (++looked > MAX_EMPTY_TABLES) break;
    if (table.querySelector('td') !== null) continue;
    const cells = headerRow(table);
    if (cells.length < 2 || cells.length > MAX_EMPTY_TABLE_COLUMNS) continue;
    out.push(cells.map((th) => {
      const text = th.text.replace(/\s+/g, ' ').trim();
      return text.length <= 40 ? text : '';
    }));
  }
  return out;
}

/** The header cells of a table's header row: the last row of header cells in its `<thead>`, else outside its `<tfoot>`; all its `<th>` when it has no rows. */
function headerRow(table: HTMLElement): HTMLElement[] {
  const thead = table.querySelector('thead');
  const rows = (thead ?? table).querySelectorAll('tr').filter((tr) => tr.closest('tfoot') === null && tr.querySelector('th') !== null);
  const row = rows[rows.length - 1];
  if (row === undefined) return table.querySelectorAll('th').filter((th) => th.closest('tfoot') === null);
  return row.querySelectorAll('th');
}

/** Fewest phone numbers of a page's HTML, outside a Vue 2 instance's element, that are a list of its own ({@link shownBesideVueData}). */
const MIN_SHOWN_PHONES = 3;
/** Most nodes walked for them. */
const MAX_SHOWN_WALK = 20_000;

/**
 * Whether a value read from a Vue 2 instance's `data:` option ({@link vueDataTarget}) stands
 * beside a list the page's HTML already shows: outside the instance's element (its `el:`; the
 * whole page when not found) and its scripts, the page writes at least as many phone numbers as
 * the data's list has records, three at least, none of them the list's (a directory's server-rendered
 * cards beside its agencies widget). The page's template for the data (`v-for`, `{{ e.tel }}`)
 * and a topbar's or footer's number do not count.
 */
function shownBesideVueData(page: ParsedPage, value: unknown): boolean {
  const selector = vueDataTarget(value);
  if (selector === undefined) return false;
  const list = jsonList(value).items;
  if (list.length === 0) return false;
  let target: HTMLElement | null;
  try {
    target = selector === '' ? null : page.root.querySelector(selector);
  } catch {
    // (A selector the parser does not read: the whole page is looked at.)
    target = null;
  }
  const own = new Set(list.flatMap((r) => [...r.phones, ...r.faxes].flatMap(phonesIn)));
  const parts: string[] = [];
  const stack: Node[] = [page.root];
  for (let n = 0; stack.length > 0 && n < MAX_SHOWN_WALK; n++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      parts.push(node.text);
      continue;
    }
    if (node.nodeType !== 1 || node === target) continue;
    const tag = (node as HTMLElement).tagName;
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') continue;
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i]);
  }
  const shown = new Set(findPhonesAndFaxes(parts.join('\n')).phones.filter((p) => !own.has(p)));
  return shown.size >= Math.max(MIN_SHOWN_PHONES, list.length);
}

/** The page URL with its page parameter set to `page` (a JSON answer that gives the next page as a number). */
function withPage(pageUrl: string, page: number): string | undefined {
  const url = new URL(pageUrl);
  const name = ['page', 'p', 'pg', 'paged'].find((n) => url.searchParams.has(n));
  if (!name) return undefined;
  url.searchParams.set(name, String(page));
  return url.href;
}

/**
 * A listing page's companies, entries dropped by reason, the shape its entries share, and, for
 * entries read from the page's JSON state, the next page that state names ({@link stateNext}).
 */
function companiesOf(page: ParsedPage, pageUrl: string, selectors: SourceSelectors, options: ExtractOptions, chrome: ReadonlySet<string> = new Set()): { companies: RawCompany[]; dropped: ListingDrops; shape?: string; next?: string } {
  const { root } = page;
  const ctx = pageContext(page, pageUrl, options);
  const scopes: Scope[] = [];
  let advertisement = 0;
  // The page's JSON states, kept for a list of one (a search with one result: no list of two in them).
  let states: unknown[] = [];
  if (selectors.item) {
    const matches = new Set(root.querySelectorAll(selectors.item));
    for (const el of outermostOutsideChrome(root, (e) => matches.has(e))) {
      const md = isOrgScope(el) ? el : el.querySelectorAll('[itemscope]').find(isOrgScope);
      scopes.push({ el, md, ld: jsonLdOrgs(descendants(el).filter((d) => d.tagName === 'SCRIPT'), ctx), kind: 'item' });
    }
  } else {
    for (const ld of jsonLdOrgs(page.byTag('SCRIPT'), ctx, page)) scopes.push({ ld: [ld], kind: 'item' });
    for (const md of microdataOrgs(page, ctx)) scopes.push({ el: md, md, ld: [], kind: 'item' });
    if (scopes.length === 0) {
      states = [...embeddedJson(page.byTag('SCRIPT')), ...attributeJson(page.elements), ...inertiaPages(page.elements), ...preJson(page.byTag('PRE'))];
      const columns = emptyTableHeaders(page);
      // (A Vue 2 widget's data: list beside the companies the HTML already shows is the widget's, not the page's list.)
      states = states.filter((v) => !shownBesideVueData(page, v));
      const fromJson = states.map((v) => jsonList(v, false, 2, columns)).reduce((a, b) => (b.items.length > a.items.length ? b : a), { items: [], holders: [] });
      if (fromJson.items.length > 0) {
        stripScripts(page);
        const found: ReturnType<typeof companiesOf> = companiesOfJson(fromJson.items, ctx);
        withCardContacts(page, fromJson.items, found.companies, ctx);
        linkByName(page, found.companies, ctx);
        const next = stateNext(fromJson.holders, pageUrl, ctx.base);
        if (next !== undefined) found.next = next;
        return found;
      }
      // Records in data-* attributes (a map's markers): joined to the page's cards by name.
      // (And a Livewire page's records, one per nested component, in their wire:snapshot attributes; an Alpine.js page's, in each card's x-data literal.)
      const records = [...dataAttributeJson(page.elements), ...livewireRecords(page.elements), ...alpineRecords(page.elements)].map((v) => jsonItems(v)).reduce((a, b) => (b.length > a.length ? b : a), []);
      if (records.filter((r) => r.phones.length + r.emails.length > 0).length >= 2) {
        stripScripts(page);
        return companiesOfRecords(page, records, ctx);
      }
    }
  }
  stripScripts(page);
  // A forum topic: its posts' text only, without their authors, titles and signatures.
  const posts = selectors.item ? new Set<HTMLElement>() : stripForumFurniture(page);
  if (posts.size > 0) ctx.posts = posts;
  // The entry around each organisation that marks only its contact block, found before anything reshapes the page.
  if (!selectors.item) microdataEntries(scopes, root);
  // Microdata on some entries of a list only (a list half migrated): the list's entries, each with its microdata if any.
  if (!selectors.item && scopes.length > 0 && scopes.every((s) => s.md !== undefined && s.ld.length === 0)) {
    const partial = partialMicrodata(root, scopes);
    if (partial) {
      scopes.length = 0;
      scopes.push(...partial.scopes);
      advertisement = partial.advertisements;
    }
  }
  // A text listing in a <pre> (a PDF list pasted into the page): its records.
  if (scopes.length === 0 && !selectors.item) for (const el of preRecords(page.byTag('PRE'))) scopes.push({ el, ld: [], kind: 'item' });
  // An event's organisers (The Events Calendar, several of them: a salon's exhibitors), each a link to its organiser page.
  if (scopes.length === 0 && !selectors.item) for (const el of eventOrganizers(page)) scopes.push({ el, ld: [], kind: 'item' });
  // A PDF converted to HTML (every run of text absolutely positioned): records of its rebuilt lines.
  if (scopes.length === 0 && !selectors.item) for (const el of positionedRecords(page)) scopes.push({ el, ld: [], kind: 'item' });
  let shape: string | undefined;
  // The entries found, when they are paragraphs (an article's).
  let paragraphs: HTMLElement[] | undefined;
  if (scopes.length === 0 && !selectors.item) {
    const found = repeatedItems(root, ctx.base);
    advertisement = found.advertisements.length;
    shape = sharedShape(found.items);
    // A page where nothing of the list repeats (blocks without contacts may: a menu, a sidebar of
    // the site's own links, a news block's dated links; or the page's own blocks, top bar, menu, footer, one of them or one
    // beside them holding the entry). A last page's few entries of the list's shape, two or more,
    // are the list whatever repeats beside them as a box does (a sidebar of a few featured
    // companies with their numbers; not a list of more in a template of its own).
    const lone = options.shape && !found.items.some((el) => ofShape(el, options.shape!)) ? loneEntries(root, options.shape) : [];
    const items = new Set(lone.length > 0 ? found.items : []);
    const beside = new Set(lone.length > 0 ? found.items.map((el) => el.parentNode) : []);
    const box = lone.length >= 2 && found.items.length <= MAX_BOX_ENTRIES;
    if (lone.length > 0 && (box || !found.items.some(holdsContactText) || lone.some((el) => hasAncestor(el, (x) => items.has(x) || (x.parentNode !== null && beside.has(x.parentNode)))))) {
      found.items = lone;
      advertisement = 0;
    }
    // (Paragraphs found as entries are weighed against the prose they are as found, before any is cut into its companies.)
    if (found.items.length >= 2 && found.items.every((el) => el.tagName === 'P')) paragraphs = found.items;
    // Entries that are sections over several companies (a panel per commune): their companies.
    found.items = splitGroups(found.items, posts.size > 0 ? (el) => hasAncestor(el, (a) => posts.has(a)) || posts.has(el) : undefined);
    for (const el of found.items) {
      if (el.tagName === 'TR' && (!el.childNodes.some((c) => (c as HTMLElement).tagName === 'TD') || tableHeader(el, ctx).row === el || tableHeader(el, ctx).above?.has(el))) continue; // a header row, or a title above it
      scopes.push({ el, ld: [], kind: 'item' });
    }
    joinSpannedRows(scopes, ctx);
    joinTitleRows(scopes, ctx);
    withoutSectionRows(scopes);
    withoutWidgetBlocks(scopes);
    withoutLinkLines(scopes);
    if (scopes.length === 0 && advertisement === 0 && options.fragment) for (const el of fragmentEntries(root)) scopes.push({ el, ld: [], kind: 'item' });
  }
  // A question ('Comment signaler une erreur ?', an FAQ entry beside the listing) is never a company's name,
  // nor the title of a block of the site's own ('Nous écrire', 'Mentions légales', 'Espace publicitaire').
  // A post's own lines around an emoji-numbered list (its title, its call to share) are no entries; nor is a sentence without a contact,
  // nor a document's title over its list ('LISTE DES ENTREPRISES IMPLANTÉES (mise à jour : octobre 2026)').
  // The directory's own card among its entries (the chamber's 'standard', the cluster that runs the site): no company.
  const own = directoryCards(scopes, chrome, ctx);
  // The organisation's board written as a block among its members ('Bureau exécutif': its officers with their mobiles): the directory's, no company.
  const read = withoutPostLines(scopes, scopes.map((s) => {
    if (own.has(s)) return undefined;
    const company = withoutBullet(withoutContinuation(readScope(s, ctx, selectors)));
    return company && isOfficersBoard(s, company.name) ? undefined : company;
  }));
  const named = withoutPlaceTails(withoutRanks(read).filter((c): c is RawCompany => c !== undefined && namesACompany(c.name) && !((isSentence(c.name) || isListTitle(c.name)) && !hasAnyContact(c))));
  let companies = withoutOwnOffice(withoutSiteNamed(named.filter(identifies), page));
  // (Counted before the readings below, which may find more companies than the entries named.)
  const invalidName = named.length - companies.length;
  // Paragraphs of prose found as entries, some naming two companies each with its own contacts: the companies they name.
  if (!selectors.item && scopes.length >= 2 && (paragraphs !== undefined || scopes.every((s) => s.el?.tagName === 'P' && s.ld.length === 0 && !s.md))) {
    const prose = proseCompanies(paragraphs ?? scopes.map((s) => s.el!), ctx, selectors);
    const told = prose.filter(hasAnyContact).length;
    const listed = companies.filter(hasAnyContact).length;
    if (told > listed || (told === listed && told > 0 && paragraphs !== undefined && namedByWords(companies, paragraphs))) companies = prose;
  }
  // A page where no list was found may name its companies in prose (a news article: bold names in sentences, contacts after them).
  if (companies.length === 0 && advertisement === 0 && !selectors.item && !options.fragment && scopes.every((s) => s.el !== undefined && s.ld.length === 0 && !s.md)) {
    const read = proseCompanies(outermostOutsideChrome(root, (el) => el.tagName === 'P' || el.tagName === 'ASIDE').filter((el) => el.tagName === 'P' && !inChromeBlock(el)), ctx, selectors);
    if (read.length > 0) return { companies: read, dropped: { no_name: scopes.length - named.length, invalid_name: invalidName, advertisement } };
  }
  // A page where no list was found may be a list of one (a search with a single result).
  if (companies.length === 0 && advertisement === 0 && !selectors.item && !options.fragment && scopes.every((s) => s.el !== undefined && s.ld.length === 0 && !s.md)) {
    const result = stateResult(states);
    if (result) {
      const found = companiesOfJson([result], ctx);
      if (found.companies.length === 1) return { companies: found.companies, dropped: { ...found.dropped, no_name: found.dropped.no_name + scopes.length - named.length } };
    }
    const one = singleEntry(root);
    const company = one ? withoutBullet(withoutContinuation(readScope({ el: one, ld: [], kind: 'item' }, ctx, selectors))) : undefined;
    if (company && hasContact(company) && namesACompany(company.name) && identifies(company)) companies.push(company);
  }
  // A page where nothing gave a company whose list is names with a count each, 'X (2)', each a link to a page of
  // its own (an employers' overview, their offers counted): names to be confirmed by their pages (a menu's categories are not).
  if (companies.length === 0 && advertisement === 0 && !selectors.item && !options.fragment && scopes.every((s) => s.el !== undefined && s.ld.length === 0 && !s.md)) companies.push(...countedNames(root, ctx.base, pageUrl));
  const result = { companies, dropped: { no_name: scopes.length - named.length, invalid_name: invalidName, advertisement } };
  return shape === undefined ? result : { ...result, shape };
}

/** Most offer pages read for a company ({@link ownOffers}). */
const MAX_OFFERS = 5;
/** Most characters of an entry read for the company's name ({@link ownOffers}). */
const MAX_OFFER_TEXT = 1_000;

/**
 * The pages of the offers a company's own page lists (a job board's employer page and its
 * vacancies, WP Job Manager's `ul.job_listings` under the company's header: how to apply, the
 * recruiter's e-mail and number, is written on each vacancy's page): the entries (list items,
 * articles) of one list outside the chrome that each name the company (its name in their text)
 * and link to a page of the site of one template other than the company page's own (no link to
 * itself nor to another company's page), at most {@link MAX_OFFERS}.
 */
function ownOffers(root: HTMLElement, name: string, pageUrl: string, base: string): string[] {
  const key = fold(name);
  if (key.length < 3) return [];
  const own = linkTemplate(pageUrl, base);
  let list: HTMLElement | null | undefined;
  let template: string | undefined;
  const found: string[] = [];
  for (const entry of outermostOutsideChrome(root, (el) => el.tagName === 'LI' || el.tagName === 'ARTICLE')) {
    if (hasAncestor(entry, (a) => a.tagName === 'ASIDE' || isChromeBlock(a))) continue;
    if (!fold(entry.text.slice(0, MAX_OFFER_TEXT)).includes(key)) continue;
    const links = entry.querySelectorAll('a').map((a) => attrOf(a, 'href')).filter((h): h is string => h !== undefined && linkTemplate(h, base) !== undefined);
    if (links.length === 0) continue;
    let url: string;
    try {
      url = new URL(links[0], base).href;
    } catch {
      continue;
    }
    const its = linkTemplate(url, base)!;
    // (Entries of one list, each to a page of one template: not the company's own, nor another company's page.)
    if (url === pageUrl || its === own || its === '/' || (list !== undefined && entry.parentNode !== list) || (template !== undefined && its !== template)) return [];
    list = entry.parentNode;
    template = its;
    if (!found.includes(url)) found.push(url);
    if (found.length === MAX_OFFERS) break;
  }
  return found;
}

/** Fewest names with a count ({@link countedNames}) that make a list. */
const MIN_COUNTED_NAMES = 3;
/** Most names with a count read from a page. */
const MAX_COUNTED_NAMES = 200;
/** Elements a name with its count is written in: a list's item, a paragraph, a cell, a block. */
const COUNT_HOLDERS = new Set(['LI', 'P', 'DIV', 'TD', 'DD', 'SPAN']);
/** A count after a link's text, the whole of the rest of its entry: ' (2)', '[14]' (bounded: the entry's text is short). */
const TRAILING_COUNT = /^\s?[([]\s?\d{1,6}\s?[)\]]$/u;

/**
 * The names of a page whose only list is links each followed by a count, an entry's whole text
 * 'X (2)' (a job board's employers with their offers, WP Job Manager's Company Listings overview
 * `li.company-name`; as a menu of categories writes them): the entries, outside the chrome and
 * its sidebars, each a link to a page of its own on the site, three or more, most of one template
 * ({@link linkTemplate}). Read as names without contacts, each `unconfirmed`: a company only
 * when its own page, read as its detail, names it (run.ts); a category's page lists others.
 */
function countedNames(root: HTMLElement, base: string, pageUrl: string): RawCompany[] {
  const found: { name: string; url: string }[] = [];
  const urls = new Set<string>();
  let overflow = false;
  outermostOutsideChrome(root, (el) => {
    if (overflow || el.tagName === 'A' || !COUNT_HOLDERS.has(el.tagName)) return false;
    const whole = shortText(el, 140);
    if (whole === undefined || !/[)\]]$/.test(whole)) return false;
    const links = el.querySelectorAll('a');
    if (links.length !== 1) return false;
    const link = links[0];
    const text = shortText(link, 120);
    if (text === undefined || whole === undefined || !whole.startsWith(text) || !TRAILING_COUNT.test(whole.slice(text.length)) || !/\p{L}{2}/u.test(text)) return false;
    if (hasAncestor(el, (a) => a.tagName === 'ASIDE' || isChromeBlock(a))) return false;
    const href = attrOf(link, 'href');
    let url: string;
    try {
      url = new URL(href ?? '', base).href;
    } catch {
      return false;
    }
    if (href === undefined || linkTemplate(href, base) === undefined || urls.has(url) || url === pageUrl) return false;
    urls.add(url);
    found.push({ name: text, url });
    if (found.length > MAX_COUNTED_NAMES) overflow = true;
    return true;
  });
  if (overflow || found.length < MIN_COUNTED_NAMES) return [];
  const templates = new Map<string, number>();
  for (const f of found) templates.set(linkTemplate(f.url, base)!, (templates.get(linkTemplate(f.url, base)!) ?? 0) + 1);
  const [template, most] = [...templates].sort((a, b) => b[1] - a[1])[0];
  if (most * 2 <= found.length || template === '/') return [];
  return found.filter((f) => linkTemplate(f.url, base) === template).map((f) => ({ name: f.name, emails: [], phones: [], detailUrl: f.url, sourceUrl: pageUrl, unconfirmed: true }));
}

/**
 * A name of a network's own office, not one of its agencies: 'Direction régionale …', 'Direction
 * générale', 'Siège social', 'Délégation régionale', 'Services centraux', 'Head office', 'المديرية الجهوية'.
 */
const OWN_OFFICE = /^(?:direction\s(?:r[ée]gionale|g[ée]n[ée]rale)|d[ée]l[ée]gation\sr[ée]gionale|si[èe]ge(?:\ssocial)?|services?\scentraux|head\soffice|headquarters|المديرية\s(?:الجهوية|العامة)|المقر\s(?:الاجتماعي|الرئيسي))(?:\s|$|[-–—,:(])/iu;

/** The word a network names its entries by: 'Agence', 'Succursale', 'Bureau', 'Branch', 'وكالة'. */
const NETWORK_ENTRY = /^(?:agence|succursale|bureau|antenne|point\sde\svente|branch|وكالة|فرع)(?:\s|$)/iu;

/** Fewest entries of a page for it to be read as a network of agencies ({@link withoutOwnOffice}). */
const NETWORK_ENTRIES = 5;

/**
 * A network's entries without its own office written as one of them: an insurer's, a bank's or an
 * operator's 'Réseau d'agences' whose 'Direction régionale …' block comes in the agencies' shape.
 * On a page of five entries or more, nearly all (80%) named as a network names its branches
 * ('Agence …', 'Succursale …', 'Branch …'), an entry named as the network's office
 * ({@link OWN_OFFICE}) is the network's owner, not one of its members: its contacts are the
 * directory's. A directory of administrations (every entry a 'Direction …') is read whole.
 */
function withoutOwnOffice(companies: RawCompany[]): RawCompany[] {
  if (companies.length < NETWORK_ENTRIES) return companies;
  const offices = companies.filter((c) => OWN_OFFICE.test(c.name.slice(0, MAX_TITLE)));
  if (offices.length === 0 || offices.length > 2) return companies;
  const branches = companies.filter((c) => NETWORK_ENTRY.test(c.name.slice(0, MAX_TITLE))).length;
  if (branches < 0.8 * (companies.length - offices.length)) return companies;
  return companies.filter((c) => !offices.includes(c));
}

/**
 * A title naming an organisation's board, not an organisation: 'Bureau exécutif', 'Le bureau',
 * 'Comité directeur', "Conseil d'administration", 'Executive committee', 'المكتب التنفيذي'.
 * Anchored at both ends, bounded words: linear.
 */
const BOARD_TITLE = /^(?:(?:le|notre|composition du|(?:les )?membres du)\s)?(?:bureau(?:\s(?:ex[ée]cutif|directeur|national|r[ée]gional|de wilaya|f[ée]d[ée]ral|de l['’]association|du club|de la f[ée]d[ée]ration|de la chambre))?|comit[ée]\s(?:directeur|ex[ée]cutif|de direction|de gestion)|conseil\s(?:d['’]administration|ex[ée]cutif|de direction)|board(?:\sof\sdirectors)?|executive\s(?:board|committee)|المكتب(?:\s(?:التنفيذي|الولائي|الوطني))?|مجلس\sالإدارة|الهيئة\sالتنفيذية)$/iu;

/**
 * A line naming one of an organisation's officers, a person with a role: the role ('Président',
 * 'Vice-président', 'Secrétaire général', 'Trésorière', 'Membre', 'الرئيس', 'أمين المال'), then a
 * person's civility ('Président : M. Bouchefa Rachid – 0662 …'). A role held by a company
 * ('Président : ETBTPH Meziane', a federation's bureau of member companies) is no such line.
 */
const OFFICER_LINE = /^(?:(?:1er|premier|premi[eè]re|2[eè]me|deuxi[eè]me)\s)?(?:vice[- ]pr[ée]sidente?|pr[ée]sidente?(?:\sd['’]honneur)?|secr[ée]taire(?:\sg[ée]n[ée]rale?)?(?:\sadjointe?)?|tr[ée]sori(?:er|[eè]re)(?:\sadjointe?)?|rapporteur|assesseur|commissaire aux comptes|membre|(?:نائب\s)?(?:ال)?رئيس|(?:ال)?أمين\s(?:العام|المال)|أمينة\sالمال)\s?[:：]?\s?(?:m\.|mr\.?|mme\.?|mlle\.?|monsieur|madame|mademoiselle|dr\.?|docteur|pr\.|professeur|السيد|السيدة)(?:\s|$)/iu;

/** Fewest officers' lines that make a block titled as a board the organisation's board ({@link isOfficersBoard}). */
const MIN_OFFICERS = 2;
/** Most lines of an entry looked at for its officers. */
const MAX_OFFICER_LINES = 40;

/**
 * Whether an entry is the organisation's own board written among its members (a Divi toggle
 * 'Bureau exécutif' above an association's member blurbs): named as a board ({@link BOARD_TITLE})
 * and naming two officers or more, persons with their roles ({@link OFFICER_LINE}). Its numbers
 * are the officers' own, the directory's contacts, and the board is no company. A member that
 * is an association naming its own officers is named as itself, and stays a member.
 */
function isOfficersBoard(scope: Scope, name: string): boolean {
  if (scope.el === undefined || !BOARD_TITLE.test(name.trim().replace(/\s+/g, ' ').slice(0, MAX_TITLE))) return false;
  const parts = partsOf(scope);
  if (!parts) return false;
  let officers = 0;
  let line = 0;
  for (let at = 0; at < parts.text.length && line < MAX_OFFICER_LINES; line++) {
    const end = parts.text.indexOf('\n', at);
    const text = parts.text.slice(at, end === -1 ? parts.text.length : end).trim();
    if (OFFICER_LINE.test(text.slice(0, MAX_TITLE)) && ++officers >= MIN_OFFICERS) return true;
    if (end === -1) break;
    at = end + 1;
  }
  return false;
}

/** Most characters of an entry's markup looked at for the page's own contacts ({@link directoryCards}). */
const MAX_CARD_RAW = 20_000;

/**
 * The entries of the page's markup that are the directory's own card written like a company's
 * (the chamber's 'standard' section at the end of its list, the cluster that runs a partner
 * directory shown as the first partner): an entry showing a phone, fax or e-mail of the page's
 * header or footer (`chrome`) that no other entry shows (its other numbers, a WhatsApp line, are
 * the directory's too), unless it also shows an e-mail of another domain than the directory's (a
 * tenant reached through the site's reception: a company). A chrome number every card repeats ('Vous êtes cette agence ? Réclamez-la
 * au …') is the site's line in each card, not its card. Entries read from a page's JSON state or
 * schema.org are not looked at (the site's organisation is told apart there).
 */
function directoryCards(scopes: readonly Scope[], chrome: ReadonlySet<string>, ctx: PageContext): Set<Scope> {
  const found = new Set<Scope>();
  if (chrome.size === 0) return found;
  const shown = new Map<Scope, string[]>();
  const entries = new Map<string, number>();
  // (Most entries show none of them: a cheap look for their digits or their e-mails' domain comes before the scan.)
  const digits = [...chrome].filter((c) => c.startsWith('+')).map((c) => c.slice(-8));
  const domains = [...chrome].filter((c) => c.includes('@')).map((c) => c.slice(c.indexOf('@') + 1));
  for (const scope of scopes) {
    const el = scope.el;
    if (el === undefined || scope.json !== undefined || scope.md !== undefined || scope.ld.length > 0) continue;
    const parts = partsOf(scope)!;
    if (parts.raw.length > MAX_CARD_RAW || !mayShow(parts.raw, digits, domains)) continue;
    const { phones, faxes } = findPhonesAndFaxes(parts.text);
    const emails = findEmails(parts.raw);
    const own = unique([...emails, ...links(parts, 'tel:').flatMap(phonesIn), ...phones, ...faxes]).filter((c) => chrome.has(c));
    if (own.length === 0) continue;
    // A company giving the directory's line beside an address of its own (a tenant reached through
    // the reception of the incubator that runs the site, a franchisee through the brand's number):
    // a company, the line set aside with the page's other contacts. The directory's own card shows
    // none but the directory's (its domain, the addresses of its header and footer).
    if (emails.some((e) => !chrome.has(e) && !domains.includes(e.slice(e.indexOf('@') + 1)) && !onOwnDomain(e, ctx))) continue;
    shown.set(scope, own);
    for (const c of own) entries.set(c, (entries.get(c) ?? 0) + 1);
  }
  if (shown.size === 0) return found;
  // An entry linking its own page as the list's entries link theirs ('/startups/1083-ads-idir'
  // among '/startups/…') is one of them, whatever line it gives: the directory's own card links
  // none, or its contact page.
  const shapes = new Map<string, number>();
  const shapeOf = new Map<Scope, string | undefined>();
  for (const scope of scopes) {
    const shape = scope.el && scope.json === undefined ? linkShape(partsOf(scope)!, ctx) : undefined;
    shapeOf.set(scope, shape);
    if (shape !== undefined) shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  // (Each entry's signature and field classes computed once, and at most MAX_RELAY_CHECKS entries looked at: linear in the page.)
  const fields = new Map<Scope, { signature: string; classes: Set<string> }>();
  const fieldsOf = (s: Scope) => {
    let f = fields.get(s);
    if (f === undefined) {
      f = { signature: `${s.el!.tagName} ${attrOf(s.el!, 'class') ?? ''}`, classes: fieldClasses(s.el!, partsOf(s)!.text.split('\n', 1)[0].trim()) };
      fields.set(s, f);
    }
    return f;
  };
  let checks = 0;
  for (const [scope, own] of shown) {
    const shape = shapeOf.get(scope);
    if (shape !== undefined && (shapes.get(shape) ?? 0) >= 3) continue;
    if (!own.some((c) => entries.get(c) === 1)) continue;
    // (A company of the list sending the reader to the directory's lines: read, those lines subtracted.)
    if (++checks <= MAX_RELAY_CHECKS && relaysToDirectory(scope, own, scopes, shown, fieldsOf)) continue;
    found.add(scope);
  }
  return found;
}

/** Fewest other entries of the same element and classes, showing none of the directory's contacts, that make a block one of the list's entries ({@link relaysToDirectory}). */
const MIN_SAME_ENTRIES = 3;
/** Fewest words of a line that is a sentence, not a field ('Tél : 025 …'). */
const MIN_SENTENCE_WORDS = 10;
/** Most lines of an entry looked at for the directory's contacts. */
const MAX_RELAY_LINES = 40;
/** Most entries showing the directory's contacts looked at as companies relaying to it, a page ({@link relaysToDirectory}). */
const MAX_RELAY_CHECKS = 20;
/** A word of a sentence: two letters in it (a number's digit groups, a dash, a colon are none). */
const LETTERS = /\p{L}\p{L}/u;

/**
 * Whether an entry showing the directory's contacts is a company that publishes none of its own
 * and sends the reader to the directory ('Ce cabinet ne publie pas ses coordonnées : pour être mis
 * en relation, appelez notre standard au … ou écrivez à …'): the block is one of the list's entries
 * (the same element and classes as {@link MIN_SAME_ENTRIES} or more other entries that show none of
 * the directory's contacts, sharing with each a field of words classed alike, {@link fieldClasses}: its
 * commune), and every line holding one of them is a sentence of
 * {@link MIN_SENTENCE_WORDS} words or more after its name's line, none a field of its own ('Tél : …', 'Standard : …',
 * a number alone on its line): the directory's own card lists its lines as fields. Read as a
 * company, the directory's contacts subtracted. Bounded: {@link MAX_RELAY_LINES} lines.
 */
function relaysToDirectory(scope: Scope, own: readonly string[], scopes: readonly Scope[], shown: ReadonlyMap<Scope, string[]>, fieldsOf: (s: Scope) => { signature: string; classes: Set<string> }): boolean {
  const { signature, classes: fields } = fieldsOf(scope);
  if (fields.size === 0) return false;
  let same = 0;
  for (const other of scopes) {
    if (other === scope || other.el === undefined || other.json !== undefined || shown.has(other)) continue;
    const theirs = fieldsOf(other);
    if (theirs.signature !== signature) continue;
    if ([...fields].some((c) => theirs.classes.has(c)) && ++same >= MIN_SAME_ENTRIES) break;
  }
  if (same < MIN_SAME_ENTRIES) return false;
  const wanted = new Set(own);
  const lines = partsOf(scope)!.text.split('\n', MAX_RELAY_LINES);
  let inSentence = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!/\d|@/.test(line)) continue;
    const { phones, faxes } = findPhonesAndFaxes(line);
    const held = [...phones, ...faxes, ...findEmails(line)].filter((c) => wanted.has(c));
    if (held.length === 0) continue;
    // (Its first line is its name: a block that opens with the directory's contacts names no company.)
    if (i === 0 || line.split(' ').filter((w) => LETTERS.test(w)).length < MIN_SENTENCE_WORDS) return false;
    inSentence += held.length;
  }
  return inSentence > 0;
}

/** Most elements of an entry looked at for its fields' classes ({@link fieldClasses}). */
const MAX_FIELD_WALK = 200;
/** Longest text of a field of words ({@link fieldClasses}). */
const MAX_FIELD_TEXT = 80;

/**
 * The classes of an entry's fields of words (its commune, its activity: an element under it with a
 * class and a short text without a digit or an '@', no heading, no link, not its name line `name`):
 * what an entry of a list shows that a box of the directory's does not. Bounded: {@link MAX_FIELD_WALK} elements.
 */
function fieldClasses(el: HTMLElement, name: string): Set<string> {
  const out = new Set<string>();
  const stack: HTMLElement[] = [];
  for (const c of el.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  for (let steps = 0; stack.length > 0 && steps < MAX_FIELD_WALK; steps++) {
    const e = stack.pop()!;
    const cls = (attrOf(e, 'class') ?? '').trim();
    if (cls !== '' && !/^H[1-6]$/.test(e.tagName) && e.tagName !== 'A') {
      const text = shortText(e, MAX_FIELD_TEXT)?.trim();
      if (text !== undefined && text !== '' && text !== name && !/[\d@]/.test(text)) out.add(cls);
    }
    for (const c of e.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  }
  return out;
}

/**
 * The shape of an entry's first page link: its URL without the last path segment, query or
 * fragment ('https://site.test/startups/' for '/startups/1083-ads-idir'), or a script's path
 * and its parameters' names ('/fiche.php?id=12'); undefined for a link to the site's root or to
 * a path of one segment without parameters (a menu's page), or no link.
 */
function linkShape(parts: ItemParts, ctx: PageContext): string | undefined {
  for (const a of parts.anchors) {
    const href = (attrOf(a, 'href') ?? '').trim();
    if (href === '' || href.startsWith('#') || /^(?:tel|mailto|javascript|sms|whatsapp):/i.test(href)) continue;
    const url = absolute(href, ctx.base);
    if (url === undefined) return undefined;
    const { origin, pathname, searchParams } = new URL(url);
    const segments = pathname.split('/').filter(Boolean);
    if (segments.length >= 2) return `${origin}/${segments.slice(0, -1).join('/')}/`;
    // A script's page of each entry ('/fiche.php?id=12'): the script and its parameters' names.
    const keys = [...searchParams.keys()].sort().join('&');
    return segments.length === 1 && keys !== '' ? `${origin}/${segments[0]}?${keys}` : undefined;
  }
  return undefined;
}

/** Marks of an address written otherwise than whole: Cloudflare's encoding, a dot spelled out or bracketed. */
const DISGUISED = /cfemail|email-protection|point|dot\b|\[\.\]|\(\.\)|&#/;

/**
 * Whether markup may show one of some contacts: the last eight digits of a number among its digits
 * run together (separators dropped, Arabic-Indic digits read), or an e-mail's domain in it, whole
 * or its name beside a disguise ({@link DISGUISED}). A linear pass; false means it shows none.
 */
function mayShow(raw: string, digits: readonly string[], domains: readonly string[]): boolean {
  if (domains.length > 0) {
    const lower = raw.toLowerCase();
    for (const d of domains) {
      if (lower.includes(d)) return true;
      const name = d.split('.')[0];
      if (name.length >= 2 && lower.includes(name) && DISGUISED.test(lower)) return true;
    }
  }
  if (digits.length === 0) return false;
  let run = '';
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 48 && code <= 57) run += raw[i];
    else if (code >= 0x660 && code <= 0x669) run += String(code - 0x660);
    else if (code >= 0x6f0 && code <= 0x6f9) run += String(code - 0x6f0);
  }
  return digits.some((d) => run.includes(d));
}

/** Most elements of the paragraphs looked at for their bold texts ({@link namedByWords}). */
const MAX_BOLD_WALK = 4_000;

/**
 * Whether some company with a contact read from an article's paragraphs is named by none of their
 * bold texts: a paragraph cut into its companies whose first one took the words leading up to its
 * bold name ('Entre X et Y, deux entreprises se partagent le marché : <strong>SARL Z</strong> …').
 * The prose reading, naming each company by its bold name, then reads them as the writer set them.
 */
function namedByWords(companies: readonly RawCompany[], paragraphs: readonly HTMLElement[]): boolean {
  const bold = new Set<string>();
  const stack: HTMLElement[] = [...paragraphs];
  let steps = 0;
  for (; stack.length > 0 && steps < MAX_BOLD_WALK; steps++) {
    const el = stack.pop()!;
    // A bold element's short text (bounded), its inside not walked.
    if (el.tagName === 'STRONG' || el.tagName === 'B' || isInlineBold(el)) {
      const text = shortText(el, MAX_BOLD_LINE);
      if (text !== undefined) bold.add(normalizeCompanyName(text));
      continue;
    }
    for (const c of el.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  }
  // (A walk cut by its bound has not seen every bold text: no company is said unnamed.)
  if (stack.length > 0) return false;
  return companies.some((c) => hasAnyContact(c) && !bold.has(normalizeCompanyName(c.name)));
}

/** The companies a page's paragraphs name in prose ({@link proseRecords}), each read as an entry. */
function proseCompanies(paragraphs: HTMLElement[], ctx: PageContext, selectors: SourceSelectors): RawCompany[] {
  return proseRecords(paragraphs)
    .map((el) => withoutBullet(readScope({ el, ld: [], kind: 'item' }, ctx, selectors)))
    .filter((c): c is RawCompany => c !== undefined && namesACompany(c.name) && identifies(c));
}

/** Most elements of a known entry shape read on a page where nothing repeats: a page of one entry, or two or three. */
const MAX_LONE_ENTRIES = 3;

/**
 * An entry's shape: its class and its parent's, each element's tag standing for it only when it
 * has none (a template names its blocks; a lone entry may be a `<div>` where the repeated ones
 * are `<article>`s). Undefined when neither has a class (a bare `div` in a `div` says nothing
 * about where a list is).
 */
function shapeOf(el: HTMLElement): string | undefined {
  const parent = el.parentNode;
  if (!parent) return undefined;
  const own = classText(el);
  const above = classText(parent);
  if (own === '' && above === '') return undefined;
  return `${above === '' ? parent.tagName : `.${above}`}>${own === '' ? el.tagName : `.${own}`}`;
}

/** Whether a block's text holds an e-mail or a phone number's worth of digits (8 or more). */
function hasContactText(el: HTMLElement): boolean {
  const text = el.text;
  if (text.includes('@')) return true;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++digits >= 8) return true;
  }
  return false;
}

/** Most characters of a block read for a number ({@link holdsContactText}). */
const MAX_CONTACT_READ = 4_000;

/**
 * Whether a block's text holds a contact as it is read: an e-mail, or digits that read as a phone
 * number ({@link hasContactText} first); a news block's dates, '(12/01/2026)', are none.
 */
function holdsContactText(el: HTMLElement): boolean {
  if (!hasContactText(el)) return false;
  const all = el.text;
  const text = all.length > MAX_CONTACT_READ ? all.slice(0, MAX_CONTACT_READ) : all;
  if (text.includes('@') && findEmails(text).length > 0) return true;
  const { phones, faxes } = findPhonesAndFaxes(text);
  return phones.length + faxes.length > 0;
}

/** The shape all of a page's entries share, if they share one ({@link shapeOf}), else their shared class words ({@link wordShape}). */
function sharedShape(items: readonly HTMLElement[]): string | undefined {
  if (items.length < 2) return undefined;
  const first = shapeOf(items[0]);
  return first !== undefined && items.every((el) => shapeOf(el) === first) ? first : wordShape(items);
}

/** A shape of shared class words ({@link wordShape}): '~' parent part '>' tag, then the words. */
const WORD_SHAPE = '~';

/**
 * The part of a shape that stands for an element's parent: its class, else its tag; an unclassed
 * `<tbody>` by its table's class too (`.dataview>TBODY`: a data table's rows, classed only by their
 * zebra stripes, 'even' / 'odd', are the rows of that table).
 */
function parentPart(el: HTMLElement): string | undefined {
  const parent = el.parentNode;
  if (!parent) return undefined;
  const above = classText(parent);
  if (above !== '') return `.${above}`;
  const table = parent.tagName === 'TBODY' ? parent.parentNode : null;
  const tableClass = table?.tagName === 'TABLE' ? classText(table) : '';
  return tableClass === '' ? parent.tagName : `.${tableClass}>TBODY`;
}

/**
 * The shape of entries whose classes differ from one to the next ('odd is-online' beside 'even',
 * BuddyPress's members): their tag, their parent's part, both one for all, and the class words
 * they all show once those that vary from entry to entry (zebra striping, numbers, tiers) are left
 * out, none when they share none. An element is of that shape when it shows them all.
 */
function wordShape(items: readonly HTMLElement[]): string | undefined {
  const above = parentPart(items[0]);
  const tag = items[0].tagName;
  if (above === undefined || above === items[0].parentNode?.tagName) return undefined;
  let shared: string[] | undefined;
  for (const el of items) {
    if (el.tagName !== tag || parentPart(el) !== above) return undefined;
    const words = entryClassWords(el);
    shared = shared === undefined ? [...new Set(words)] : shared.filter((w) => words.includes(w));
  }
  return `${WORD_SHAPE}${above}>${tag}${(shared ?? []).sort().map((w) => ` ${w}`).join('')}`;
}

/** Whether an element is of a shape the list's other pages showed ({@link shapeOf}, {@link wordShape}). */
function ofShape(el: HTMLElement, shape: string): boolean {
  if (!shape.startsWith(WORD_SHAPE)) return shapeOf(el) === shape;
  const [head, ...words] = shape.slice(WORD_SHAPE.length).split(' ');
  if (head !== `${parentPart(el) ?? ''}>${el.tagName}`) return false;
  const own = entryClassWords(el);
  return words.every((w) => own.includes(w));
}

/** Most blocks of a box beside a last page's few entries ({@link companiesOf}: featured companies, footer columns). */
const MAX_BOX_ENTRIES = 6;

/**
 * The entries of a page where nothing repeats, by the shape the list's other pages showed: the
 * elements of that shape outside the page's header, footer and navigation, when there are only a few.
 */
function loneEntries(root: HTMLElement, shape: string): HTMLElement[] {
  const found = outermostOutsideChrome(root, (el) => el.parentNode !== null && ofShape(el, shape));
  return found.length <= MAX_LONE_ENTRIES ? found : [];
}

/** Keys of a state that hold a search's results ('results', 'data', 'entreprises', 'hits'). */
const RESULT_KEYS = /^(?:results?|resultats?|items|data|entries|records|rows|hits|docs|nodes|edges|list|liste|listings?|companies|entreprises|societes|etablissements|fiches|annonces|members|membres|adherents)$/i;

/**
 * The one result of a page's JSON states (an app shell's search with one result, `{results:
 * [{…}], total: 1}`): the only company-like object with a contact in an array of one held under
 * a key that names results; undefined when there is none or several (the site's own contact
 * under `footer.equipe` is not held under such a key).
 */
function stateResult(states: readonly unknown[]): JsonItem | undefined {
  let found: JsonItem | undefined;
  for (const state of states) {
    const { items, holders } = jsonList(state, false, 1);
    if (items.length !== 1 || holders.length === 0) continue;
    const item = items[0];
    if (item.phones.length + item.emails.length === 0 || item.advertisement) continue;
    const holder = holders[0];
    if (!Object.entries(holder).some(([k, v]) => Array.isArray(v) && v.length === 1 && RESULT_KEYS.test(k.replace(/[^a-z]/gi, '')))) continue;
    if (found !== undefined) return undefined;
    found = item;
  }
  return found;
}

/** Class words of a list's entry ('listing-card', 'result-item', 'fiche-entreprise', 'member'). */
const ENTRY_WORDS = new Set(['card', 'listing', 'result', 'resultat', 'item', 'entry', 'company', 'entreprise', 'societe', 'fiche', 'member', 'membre', 'adherent', 'business', 'vcard', 'establishment', 'etablissement', 'prestataire', 'professionnel']);
/**
 * Whether an entry's name can be a company's: not a question (an FAQ beside the list, or a call
 * under it: 'Vous souhaitez devenir revendeur ? Écrivez-nous.'), a block of the site's own, a
 * page number or an ad's label, a masked number ('038 47 XX XX') or a post's age ('16 sem.').
 */
function namesACompany(name: string): boolean {
  return !/\p{L}\s?[?؟](?:\s|$)/u.test(name) && !SITE_BLOCK_TITLE.test(name) && !NOT_A_COMPANY.test(name) && !isMaskedNumber(name) && !isSaidAge(name);
}

/** Class words of the site's own items (a menu's, a pager's, a carousel's): never a list's entry. */
const NOT_ENTRY_WORDS = new Set(['menu', 'nav', 'navbar', 'navigation', 'dropdown', 'breadcrumb', 'page', 'pagination', 'pager', 'social', 'share', 'footer', 'header', 'widget', 'cookie', 'modal', 'carousel', 'slider', 'slide', 'tab', 'faq', 'accordion', 'sidebar']);
/** Class words of a list ('results', 'liste-entreprises', 'annuaire'): its only block is its one entry. */
const LIST_WORDS = new Set(['results', 'resultats', 'listings', 'list', 'liste', 'entries', 'companies', 'entreprises', 'societes', 'fiches', 'members', 'membres', 'adherents', 'annuaire', 'directory']);
/** Longest text of a list's one entry (a record, not a page's section). */
const MAX_ENTRY_TEXT = 1_500;
/** Most elements in a list of one (its entry and what is around it). */
const MAX_ENTRY_ELEMENTS = 300;

/**
 * The one entry of a page listing a single company (a search with one result, a small list's
 * first page), where nothing repeats: the only block outside the page's header, footer and
 * navigation that the page's classes call an entry of a list (its own class words, or its list's
 * when it is that list's only block), holding a name set apart (a heading, bold text, a link) and
 * a contact. Undefined when there are none or several (a list would have been found), or when the
 * block is one of the page's own (a sidebar, a contact box: not classed as an entry).
 */
function singleEntry(root: HTMLElement): HTMLElement | undefined {
  const candidates = outermostOutsideChrome(root, (el) => isListEntry(el) && !inChromeBlock(el));
  if (candidates.length !== 1) return undefined;
  // The innermost entry: a list classed as an entry itself ('listing' around 'listing-card') holds it.
  // (Bounded: a list of one is a small block; a deep or long one is not looked into.)
  let one = candidates[0];
  const within = descendants(one);
  if (within.length > MAX_ENTRY_ELEMENTS || one.text.length > 2 * MAX_ENTRY_TEXT) return undefined;
  for (;;) {
    const inner = (one === candidates[0] ? within : descendants(one)).filter(isListEntry);
    if (inner.length === 0) break;
    const outermost = inner.filter((el) => !inner.some((o) => o !== el && hasAncestor(el, (a) => a === o)));
    if (outermost.length !== 1) return undefined;
    one = outermost[0];
  }
  return one.text.length <= MAX_ENTRY_TEXT && hasNameMark(one) && !isAdBlock(one) ? one : undefined;
}

/** A class token of a post's or page's body: 'entry-content', 'post_body', 'page-content', 'article-text'. */
const POST_BODY_CLASS = /(?:^|\s)(?:entry|post|page|article)[-_](?:content|body|text)(?:\s|$)/i;

/** Whether a block is classed as a list's entry and holds a contact. */
function isListEntry(el: HTMLElement): boolean {
  if (el.tagName === 'A' || el.tagName === 'SPAN' || el.tagName === 'P') return false;
  // A post's or page's body (WordPress's 'entry-content', 'post-content', 'article-body') holds the page, not one entry.
  if (POST_BODY_CLASS.test(el.getAttribute('class') ?? '')) return false;
  const words = classWords(el);
  if (words.some((w) => NOT_ENTRY_WORDS.has(w.toLowerCase()))) return false;
  const own = words.some((w) => ENTRY_WORDS.has(w.toLowerCase()));
  const parent = el.parentNode;
  const only = !own && parent !== null && classWords(parent).some((w) => LIST_WORDS.has(w.toLowerCase())) && parent.childNodes.filter((c) => c.nodeType === 1).length === 1;
  return (own || only) && (hasContactText(el) || el.querySelector('a[href^="tel:"], a[href^="mailto:"]') !== null);
}

/** Whether a block sets a name apart: a heading, bold text or a link. */
function hasNameMark(el: HTMLElement): boolean {
  return el.querySelector('h2, h3, h4, h5, h6, strong, b, a') !== null;
}

/**
 * A continuation mark after a name: an entry cut by the page's end and taken up on the next page
 * ('SARL Tuf Ain Boucif (suite)', '(suite et fin)', '(cont.)', '(تابع)'). Bounded, linear.
 */
const CONTINUED = /[([](?:suite(?: et fin| de la page pr[ée]c[ée]dente)?|cont\.?|continued|تابع|تتمة)[)\]]$/iu;

/** A company's name without a continuation mark ({@link CONTINUED}): the same company as on the page before, merged by name. */
function withoutContinuation<T extends { name: string } | undefined>(company: T): T {
  if (!company) return company;
  const m = CONTINUED.exec(company.name);
  const name = m ? company.name.slice(0, m.index).trimEnd() : '';
  return name ? { ...company, name } : company;
}

/**
 * A bullet typed before a name in a hand-written list ('🔹 École …', '▶ Cabinet …', '• Garage …',
 * '* Hôtel …', '» Agence …'): symbols (pictographs with their variation selectors and joiners),
 * bullets and dashes, then spaces. Single characters, each matched by one branch only: linear.
 */
const BULLET = /^(?:[\p{So}\p{Sk}\u2022\u2023\u2043\u00b7\u203a\u00bb>*\-\u2013\u2014\s]|\ufe0f|\u200d)+/u;

/** A company's name without a bullet before it ({@link BULLET}), when what is left still holds two letters. */
function withoutBullet<T extends { name: string } | undefined>(company: T): T {
  if (!company) return company;
  const m = BULLET.exec(company.name);
  if (!m || !/[^\s]/u.test(m[0])) return company;
  const name = company.name.slice(m[0].length);
  return /\p{L}{2}/u.test(name) ? { ...company, name } : company;
}

/**
 * A rank written before a name: '1. ', '01. ', '1) ', '#1 ', 'N°1 - ', '1 - ' (the number, then its
 * punctuation and a space, then a letter or a digit; its digits Latin or Arabic-Indic, '١. ' in an Arabic
 * document). A bare number ('3 Frères', '2M Services') is not one.
 */
const RANK = /^(?:#\s?([0-9\u0660-\u0669\u06f0-\u06f9]{1,3})[.):\-–—]?\s+|(?:N°|Nº|No\.?)\s?([0-9\u0660-\u0669\u06f0-\u06f9]{1,3})\s?[.):\-–—]?\s+|([0-9\u0660-\u0669\u06f0-\u06f9]{1,3})(?:[.)]|\s?[:\-–—])\s+)(?=[\p{L}\p{N}"«“'])/iu;

/** A rank's digits as a number: Latin, Arabic-Indic ('١٢') or Eastern Arabic-Indic ('۱۲'), as an Arabic document numbers its list. */
function rankNumber(digits: string): number {
  return Number(digits.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10)));
}

/** Most ranks a numbered list's read entries may skip between two ({@link withoutRanks}): a few entries not read. */
const MAX_RANK_GAP = 3;

/**
 * The names of a list without the ranks of a numbered list ('1. Name', 'N°5 - Name', a blog's
 * 'Top 20'): stripped only when two or more entries carry one and their ranks follow each
 * other (up or down by one, in the page's order), so that a company named by a number keeps it.
 * A ranked entry not read (a sponsored one dropped, one without a name) leaves a gap: steps of
 * up to {@link MAX_RANK_GAP} are allowed, all one way, when at least half of them are by one and
 * three or more entries are all ranked in the same format (the same marks around the number).
 * Of a list numbered from 1, entries read before its first rank are dropped (the document's heading).
 */
function withoutRanks<T extends { name: string } | undefined>(companies: T[]): T[] {
  const ranked = companies.flatMap((c, i) => {
    const m = c ? RANK.exec(c.name) : null;
    // (Its format: what is written around the number, '.', '#', 'n°-'.)
    return m ? [{ i, rank: rankNumber(m[1] ?? m[2] ?? m[3]), cut: m[0].length, format: m[0].replace(/[\d\u0660-\u0669\u06f0-\u06f9\s]/g, '').toLowerCase() }] : [];
  });
  if (ranked.length < 2) return companies;
  const step = Math.sign(ranked[1].rank - ranked[0].rank);
  const steps = ranked.slice(1).map((r, k) => (r.rank - ranked[k].rank) * step);
  if (step === 0 || steps.some((d) => d < 1 || d > MAX_RANK_GAP) || steps.filter((d) => d === 1).length * 2 < steps.length) return companies;
  // A gap: three or more entries, all ranked in one format ('1. ', '2. ', '5 - ' is two ranks and a name).
  if (steps.some((d) => d > 1) && (ranked.length < 3 || ranked.some((r) => r.format !== ranked[0].format))) return companies;
  const out = [...companies];
  for (const r of ranked) {
    const c = out[r.i]!;
    out[r.i] = { ...c, name: c.name.slice(r.cut) };
  }
  // A list numbered from 1, three or more entries up: what is read before its first entry, unranked,
  // is the document's own heading or introduction ('Association X – Wilaya Y' over its list, its own
  // number in the introduction's sentence), no entry of the list.
  if (step === 1 && ranked[0].rank === 1 && ranked.length >= 3) for (let i = 0; i < ranked[0].i; i++) out[i] = undefined as T;
  return out;
}

/**
 * A keycap number drawn as a picture or typed (1️⃣, 1️⃣2️⃣, 🔟: a digit, its variation selector and
 * the combining keycap), as a social page numbers a list in a post. Bounded by its caller.
 */
const KEYCAP = /^(?:[0-9]\ufe0f?\u20e3|\u{1f51f}){1,3}/u;
/** Most nodes looked at for what an entry shows first. */
const MAX_LEAD_NODES = 40;

/**
 * Whether an entry opens with a keycap number ({@link KEYCAP}): its first text or picture, in the
 * order a reader sees them, is a keycap emoji, typed or as an `<img alt>` (Facebook, Twitter's
 * twemoji and WordPress draw every emoji as an image with the character as its alt). Bounded walk.
 */
function opensWithKeycap(el: HTMLElement): boolean {
  const stack: Node[] = [...el.childNodes].reverse();
  for (let seen = 0; stack.length > 0 && seen < MAX_LEAD_NODES; seen++) {
    const node = stack.pop()!;
    if (node.nodeType === 3) {
      const text = node.text.trim();
      if (text !== '') return KEYCAP.test(text.slice(0, 20));
      continue;
    }
    if (node.nodeType !== 1) continue;
    const child = node as HTMLElement;
    if (child.tagName === 'IMG') {
      const alt = (child.getAttribute('alt') ?? '').trim();
      if (alt !== '') return KEYCAP.test(alt.slice(0, 20));
      continue;
    }
    for (let i = child.childNodes.length - 1; i >= 0; i--) stack.push(child.childNodes[i]);
  }
  return false;
}

/** Whether a company read shows any contact, a fax included. */
function hasAnyContact(company: RawCompany): boolean {
  return hasContact(company) || (company.faxes?.length ?? 0) > 0;
}

/**
 * The entries of a list numbered with keycap emoji (a social page's post: '1️⃣ Name', '2️⃣ Name',
 * each a paragraph of its lines), or cut from a list numbered 'N- Name' (groups.ts), without the post's own lines around them: when three or more
 * entries, and half of them, open with a keycap, an entry that opens with none and shows no
 * contact (the post's title 'Liste de nos membres (1/2)', 'La suite demain 👇', hashtags) is no
 * company. A numbered entry without a contact stays one.
 */
function withoutPostLines<T extends RawCompany | undefined>(scopes: readonly Scope[], companies: T[]): (T | undefined)[] {
  if (scopes.length < 3) return companies;
  // (Or a list numbered 'N- Name' over a post's lines, each record cut from it: groups.ts's numbered records.)
  const numbered = scopes.map((s) => s.el !== undefined && (opensWithKeycap(s.el) || (s.el.classList.contains('grouped-record') && s.el.getAttribute('data-numbered') === '1')));
  const count = numbered.filter(Boolean).length;
  if (count < 3 || count * 2 < scopes.length) return companies;
  return companies.map((c, i) => (c === undefined || numbered[i] || hasAnyContact(c) ? c : undefined));
}

/**
 * A sentence written where a list's entries stand (an intro in italics between a heading and the
 * first entry, 'Stock complet de la gamme, livraison aux revendeurs.'): six words or more ending
 * in a full stop after a word in lower case. Company names end in no full stop but an
 * abbreviation's ('Ets.', 'S.A.R.L.'). Bounded: names longer than 300 characters are no name anyway.
 */
function isSentence(name: string): boolean {
  if (name.length > 300 || !/\p{Ll}{2}\.$/u.test(name)) return false;
  return name.split(/\s+/).length >= 6;
}

/** A name's place written after a dash ('Boulangerie X — Akbou', 'Atelier Y – Tigzirt'): the head, then the tail. */
const TAIL_SEPARATORS = [' — ', ' – '];
/** Longest tail read as a place. */
const MAX_PLACE = 40;

/**
 * The head and tail of a name written 'Name — Place' (one dash with spaces around it, the tail
 * starting with a capital, without digits, up to four words); undefined otherwise.
 */
function placeTail(name: string): { head: string; tail: string } | undefined {
  let at = -1;
  for (const sep of TAIL_SEPARATORS) {
    const i = name.indexOf(sep);
    if (i === -1) continue;
    if (at !== -1 || name.indexOf(sep, i + sep.length) !== -1) return undefined;
    at = i;
  }
  if (at === -1) return undefined;
  const head = name.slice(0, at).trim();
  const tail = name.slice(at + 3).trim();
  if (tail.length > MAX_PLACE || !/^\p{Lu}/u.test(tail) || /\d/.test(tail) || tail.split(/\s+/).length > 4 || !/\p{L}{2}/u.test(head)) return undefined;
  return { head, tail };
}

/**
 * The names of a list whose every entry gives its town after a dash ('Atelier X — Azazga',
 * 'Atelier Y — Boghni', 'Atelier Z — Azazga': a post or a hand-typed list naming each member's
 * commune) without that town: when three or more entries, 80% of them, are written so, their
 * heads all differ and half of them share their tail with another entry (towns repeat across a
 * wilaya's members; a brand's agencies, 'Assurances X — Agence Y', repeat the head and keep their
 * names whole, as do a few partnerships 'SCP A – B' among other names).
 */
function withoutPlaceTails(companies: RawCompany[]): RawCompany[] {
  if (companies.length < 3) return companies;
  const parts = companies.map((c) => placeTail(c.name));
  const written = parts.filter((p) => p !== undefined);
  if (written.length < 3 || written.length < companies.length * 0.8) return companies;
  if (new Set(written.map((p) => foldName(p.head))).size !== written.length) return companies;
  const tails = new Map<string, number>();
  for (const p of written) tails.set(foldName(p.tail), (tails.get(foldName(p.tail)) ?? 0) + 1);
  if (written.filter((p) => tails.get(foldName(p.tail))! >= 2).length * 2 < written.length) return companies;
  return companies.map((c, i) => (parts[i] ? { ...c, name: parts[i].head } : c));
}

/**
 * The entries of a list whose microdata marks only some of them: when the page's repeated
 * entries ({@link repeatedItems}) hold every microdata organisation found and more entries
 * besides, those entries (each with the organisation inside it, if any), advertisements apart.
 * Undefined when the microdata organisations are the list.
 */
function partialMicrodata(root: HTMLElement, scopes: Scope[]): { scopes: Scope[]; advertisements: number } | undefined {
  const found = repeatedItems(root);
  if (found.items.length <= scopes.length) return undefined;
  const items = new Set(found.items);
  const owner = new Map<HTMLElement, HTMLElement>();
  for (const s of scopes) {
    const item = closest(s.md, (a) => items.has(a));
    if (!item || owner.has(item)) return undefined;
    owner.set(item, s.md!);
  }
  return { scopes: found.items.map((el) => ({ el, md: owner.get(el), ld: [], kind: 'item' as const })), advertisements: found.advertisements.length };
}

/**
 * Detail links for companies read from JSON state that name no URL of their own (a slug, an
 * id): the page's server-rendered link whose text is the company's name, on the page's host.
 */
function linkByName(page: ParsedPage, companies: RawCompany[], ctx: PageContext): void {
  const missing = new Map<string, RawCompany[]>();
  for (const c of companies) {
    if (c.detailUrl) continue;
    const key = foldName(c.name);
    missing.set(key, [...(missing.get(key) ?? []), c]);
  }
  if (missing.size === 0) return;
  const pageKey = withoutHash(ctx.pageUrl);
  for (const a of page.byTag('A')) {
    const text = shortText(a, 200);
    const owners = text === undefined ? undefined : missing.get(foldName(text));
    const href = owners ? attrOf(a, 'href') : undefined;
    if (!owners || !href || /^(?:mailto:|tel:|javascript:|#)/i.test(href)) continue;
    const url = absolute(href, ctx.base);
    if (!url || !sameHost(url, ctx.pageUrl) || withoutHash(url) === pageKey) continue;
    for (const c of owners) c.detailUrl = url;
    missing.delete(foldName(text!));
  }
}

/** A name's folded words ({@link words}), spaced at both ends, to find it whole in a line's. */
function nameWords(text: string): string {
  return ` ${words(text).join(' ')} `;
}

/**
 * The companies without those named as the site itself: the owner its copyright line names ('©
 * 2024 DSP Tamanrasset'), two words or more, whole (a banner's logo whose alt names the site,
 * where nothing marks the page's header). A company of one word is kept (a town's name in a
 * copyright line names no company of the list).
 */
function withoutSiteNamed(companies: RawCompany[], page: ParsedPage): RawCompany[] {
  if (companies.length === 0) return companies;
  const owners = copyrightBlocks(page).map((b) => nameWords(shortText(b, MAX_COPYRIGHT_TEXT) ?? ''));
  if (owners.length === 0) return companies;
  return companies.filter((c) => {
    const name = nameWords(c.name.slice(0, MAX_COPYRIGHT_TEXT));
    return name.trim().split(' ').length < 2 || !owners.some((o) => o.includes(name));
  });
}

function foldName(text: string): string {
  return text.toLowerCase().normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The top elements of a fragment (under single wrappers), at most a few: the entries of a short "load more" answer. */
function fragmentEntries(root: HTMLElement): HTMLElement[] {
  let top = root.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
  // Through a list's wrapper (children of one tag), never into an entry (children of several kinds).
  while (top.length === 1) {
    const inner = top[0].childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
    if (inner.length === 0 || inner.some((c) => c.tagName !== inner[0].tagName || classText(c) !== classText(inner[0]))) break;
    top = inner;
  }
  return top.length <= 3 ? top : [];
}

/**
 * Companies from records kept in data-* attributes (a map widget's markers), which the page's
 * cards show: each card read with the record of the same name (its contacts beside the card's),
 * when at least half the records have a card; the records without one (the directory's own
 * marker, a place of another page) are not this page's companies. Without such cards, the
 * records whose name the page shows, when at least half of them are; else every record.
 */
function companiesOfRecords(page: ParsedPage, records: JsonItem[], ctx: PageContext): { companies: RawCompany[]; dropped: ListingDrops } {
  const byName = recordsByName(records);
  const cards = recordCards(page, byName);
  const joined: RawCompany[] = [];
  const matched = new Set<JsonItem>();
  let noName = 0;
  for (const el of cards.items) {
    const plain = readScope({ el, ld: [], kind: 'item' }, ctx, {});
    if (!plain) {
      noName++;
      continue;
    }
    const record = byName.get(normalizeCompanyName(plain.name));
    if (record) matched.add(record);
    joined.push((record ? readScope({ el, json: record, ld: [], kind: 'item' }, ctx, {}) : undefined) ?? plain);
  }
  if (matched.size > 0 && matched.size * 2 >= byName.size) {
    const companies = joined.filter(identifies);
    return { companies, dropped: { no_name: noName, invalid_name: joined.length - companies.length, advertisement: cards.advertisements.length + records.filter((r) => r.advertisement).length } };
  }
  const shown = new Set<string>();
  for (const el of page.elements) {
    const text = el.childNodes.length > 0 ? shortText(el, MAX_TEXT) : undefined;
    if (text) shown.add(normalizeCompanyName(text));
  }
  const visible = records.filter((r) => r.advertisement || shown.has(normalizeCompanyName(r.name)));
  const found = companiesOfJson(visible.length * 2 >= records.length ? visible : records, ctx);
  linkByName(page, found.companies, ctx);
  return found;
}

/**
 * The cards that show records' names: each element whose whole text is a record's name (outside
 * the page's chrome) widened to its largest ancestor showing no other name; then, of the most
 * common shape (tag and first class) among them, every sibling of that shape (a card whose
 * company has no record included). Without two such cards, the page's repeated entries (none when `orRepeated` is false).
 */
function recordCards(page: ParsedPage, byName: ReadonlyMap<string, JsonItem>, orRepeated = true): { items: HTMLElement[]; advertisements: HTMLElement[] } {
  const named: HTMLElement[] = [];
  const inside = new Map<HTMLElement, number>();
  for (const el of page.elements) {
    if (el.childNodes.length === 0 || el.childNodes.length > 40) continue;
    const text = shortText(el, MAX_TEXT);
    if (!text || !byName.has(normalizeCompanyName(text)) || insideChrome(el)) continue;
    // The innermost element of a name (an <a> inside an <h3>): its ancestors are counted once.
    if (named.length > 0 && closest(el.parentNode, (a) => a === named[named.length - 1]) !== undefined) named.pop();
    named.push(el);
  }
  const orRepeatedItems = () => (orRepeated ? repeatedItems(page.root) : { items: [], advertisements: [] });
  if (named.length < 2) return orRepeatedItems();
  for (const el of named) for (let a = el.parentNode; a; a = a.parentNode) inside.set(a, (inside.get(a) ?? 0) + 1);
  const shape = (el: HTMLElement) => `${el.tagName}.${el.classList.value[0] ?? ''}`;
  const byShape = new Map<string, { cards: number; parents: Set<HTMLElement> }>();
  for (const el of named) {
    let card = el;
    while (card.parentNode && card.parentNode !== page.root && card.parentNode.tagName !== 'BODY' && (inside.get(card.parentNode) ?? 0) === 1) card = card.parentNode;
    if (!card.parentNode) continue;
    const group = byShape.get(shape(card)) ?? { cards: 0, parents: new Set<HTMLElement>() };
    group.cards++;
    group.parents.add(card.parentNode);
    byShape.set(shape(card), group);
  }
  const [key, group] = [...byShape].sort((a, b) => b[1].cards - a[1].cards)[0] ?? [];
  const items = group && group.cards >= 2 ? [...group.parents].flatMap((p) => p.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && shape(c as HTMLElement) === key)) : [];
  return items.length >= 2 ? { items, advertisements: [] } : orRepeatedItems();
}

/** The records that are no advertisement by their normalised names, the first of each name kept. */
function recordsByName(records: readonly JsonItem[]): Map<string, JsonItem> {
  const byName = new Map<string, JsonItem>();
  for (const r of records) {
    const key = normalizeCompanyName(r.name);
    if (!r.advertisement && !byName.has(key)) byName.set(key, r);
  }
  return byName;
}

/**
 * The contacts the page's cards show for the records of its JSON state, added to those records
 * (a store locator's points in a script with one e-mail each, the list the server wrote under the
 * map with all of them): each card whose name is one record's ({@link recordCards}) gives its
 * e-mails, phones and faxes to that record, when the cards show at least half of the records'
 * names (the page renders that state). A number the record types otherwise keeps its type.
 */
function withCardContacts(page: ParsedPage, items: readonly JsonItem[], companies: readonly RawCompany[], ctx: PageContext): void {
  const byName = recordsByName(items);
  const byCompany = new Map<string, RawCompany | null>();
  for (const c of companies) {
    const key = normalizeCompanyName(c.name);
    byCompany.set(key, byCompany.has(key) ? null : c);
  }
  if (byName.size < 2) return;
  const shown: [RawCompany, RawCompany][] = [];
  // (Without two cards showing a record's name, no card: the page's repeated blocks are not looked for again.)
  for (const el of recordCards(page, byName, false).items) {
    const card = readScope({ el, ld: [], kind: 'item' }, ctx, {});
    const company = card ? byCompany.get(normalizeCompanyName(card.name)) : undefined;
    if (card && company) shown.push([company, card]);
  }
  // (Records, not cards, counted: a list shown twice, in a list and in a map's pop-ups, shows each once.)
  if (new Set(shown.map(([company]) => company)).size * 2 < byName.size) return;
  for (const [company, card] of shown) {
    const faxes = company.faxes ?? [];
    for (const e of card.emails) if (!company.emails.includes(e)) company.emails.push(e);
    for (const p of card.phones) if (!company.phones.includes(p) && !faxes.includes(p)) company.phones.push(p);
    const more = (card.faxes ?? []).filter((f) => !faxes.includes(f) && !company.phones.includes(f));
    if (more.length > 0) company.faxes = [...faxes, ...more];
  }
}

/** Companies from JSON objects: advertisements dropped, contacts normalised, links resolved on the page. */
function companiesOfJson(items: JsonItem[], ctx: PageContext): { companies: RawCompany[]; dropped: ListingDrops } {
  const companies: RawCompany[] = [];
  let advertisement = 0;
  let noName = 0;
  let invalidName = 0;
  // A link-in-bio page (Linktree: `{title, url: 'tel:…'}` buttons, most of them calling or writing to
  // the business they name): a button without a contact is a section's header or a link elsewhere,
  // and the owner's own lines ('✉️ E-mail of the directorate', '📍 HQ – phone') are no companies.
  const linkList = items.length >= 2 && items.filter((i) => i.calledByLink).length * 2 >= items.length;
  for (const item of items) {
    if (item.advertisement) {
      advertisement++;
      continue;
    }
    if (linkList && item.phones.length + item.emails.length + item.faxes.length === 0) {
      noName++;
      continue;
    }
    const read = readScope({ json: item, ld: [], kind: 'item' }, ctx, {});
    const company = read && withoutContactTail(read);
    if (company && linkList && isOwnContactButton(company.name)) {
      noName++;
      continue;
    }
    if (!company) noName++;
    else if (!identifies(company)) invalidName++;
    else companies.push(company);
  }
  return { companies, dropped: { no_name: noName, invalid_name: invalidName, advertisement } };
}

/** Longest name looked at for a contact written after it ({@link withoutContactTail}), and longest label before that contact. */
const MAX_TAILED_NAME = 200;
const MAX_TAIL_LABEL = 20;
/** A separator between a name and what follows it on its line: ' · ', ' – ', ' — ', ' - ', ' | ', ' • '. */
const TAIL_SEPARATOR = / [·–—|•-] /g;

/**
 * A name written with one of its own contacts after it, past a separator ('Transport X · 029 42 38 65',
 * 'Transport X – x@gmail.com', 'Transport X – واتساب 0553 00 88 61': a link-in-bio page's buttons, each
 * calling or writing to the company it names): the name is what stands before that separator. Only
 * when the tail is, after at most a short label, a number or an e-mail that is the company's own.
 */
function withoutContactTail(company: RawCompany): RawCompany {
  const { name } = company;
  if (name.length > MAX_TAILED_NAME || company.phones.length + company.emails.length === 0) return company;
  let cut = -1;
  for (const m of name.matchAll(TAIL_SEPARATOR)) cut = m.index;
  if (cut <= 0) return company;
  const tail = name.slice(cut + 3).replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
  const emails = findEmails(tail);
  let rest: string;
  if (emails.length > 0) {
    if (!emails.every((e) => company.emails.some((own) => own.toLowerCase() === e.toLowerCase()))) return company;
    rest = emails.reduce((t, e) => t.replace(e, ''), tail);
  } else {
    const digits = tail.replace(/[^0-9]/g, '');
    if (digits.length < 8 || digits.length > 13 || !company.phones.some((p) => p.replace(/[^0-9]/g, '').endsWith(digits.replace(/^0/, '')))) return company;
    rest = tail.replace(/[0-9().+\s-]/g, '');
  }
  if (rest.replace(/[\s:.]/g, '').length > MAX_TAIL_LABEL) return company;
  const head = name.slice(0, cut).trim();
  return /\p{L}{2}/u.test(head) ? { ...company, name: head } : company;
}

/** Words of a page chrome's class or id (lower case), as {@link contactsOfChrome} looks for them. */
const CHROME_CLASS = /footer|header|topbar|copyright|pied|colophon|entete|bandeau/;
/**
 * What raw attributes hold when their class or id has a {@link CHROME_CLASS} word or they have a
 * role: those words or 'role', in any case (the class and id are parts of the raw text, and no
 * character other than an ASCII letter lower-cases into one of their letters but 'İ', which
 * gives 'i' and a dot).
 */
const CHROME_ATTRS = /footer|header|topbar|copyright|pied|colophon|entete|bandeau|role/i;

/** A text that may hold a copyright line: the sign, the word, or the rights-reserved words. Looked for in raw text nodes. */
const COPYRIGHT_HINT = /©|&copy;|&#0*169;|&#x0*a9;|copyright|droits r|rights reserved|الحقوق/i;
/** A copyright line: it begins with the sign or the word ('© 2025 Annuaire …', 'Copyright 2024 …', '(c) 2023'), or says its rights are reserved. */
const COPYRIGHT_LINE = /^(?:©|\(c\)\s?\d{4}|copyright\b)|tous droits r[ée]serv[ée]s|all rights reserved|جميع الحقوق محفوظة/iu;
/** Longest text of a copyright block ({@link copyrightBlocks}). */
const MAX_COPYRIGHT_TEXT = 300;
/** The page's last elements looked at for a copyright line (a footer, then modals and scripts after it). */
const MAX_FOOT_ELEMENTS = 400;

/**
 * The page's copyright blocks: for each text holding a copyright line, the outermost element
 * around it whose whole text (at most 300 characters) is still that line ('<div class="mt-8
 * bg-slate-900"><p>© 2025 Annuaire — Contactez-nous : 021 … · contact@…</p></div>'), never the
 * page's frame nor a block holding the page's h1. A site's foot written without a footer tag,
 * class or role (utility classes only) still says ©: what it holds is the directory's. Only the
 * page's last {@link MAX_FOOT_ELEMENTS} elements, and their texts with a copyright hint, are
 * looked at; each climb is bounded by the text's length.
 */
function copyrightBlocks(page: ParsedPage): HTMLElement[] {
  const found = new Set<HTMLElement>();
  // (A copyright line stands at the foot of the page: only its last elements are looked at.)
  const { elements } = page;
  for (let e = elements.length - 1; e >= 0 && e >= elements.length - MAX_FOOT_ELEMENTS; e--) {
    const el = elements[e];
    // (A script's or a style's text is no line of the page: the climb below would stop at once.)
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') continue;
    if (!el.childNodes.some((k) => k.nodeType === 3 && COPYRIGHT_HINT.test(k.rawText))) continue;
    let block: HTMLElement | undefined;
    for (let a: HTMLElement | null = el; a && !isPageFrame(a) && a.tagName !== 'HEAD' && a.tagName !== 'SCRIPT' && a.tagName !== 'STYLE'; a = a.parentNode) {
      const text = shortText(a, MAX_COPYRIGHT_TEXT);
      if (text === undefined || !COPYRIGHT_LINE.test(text) || a.tagName === 'H1') break;
      block = a;
    }
    if (block) found.add(block);
  }
  return [...found].reverse();
}

/** The e-mails and phones of the page's header, footer and navigation: the directory's own. */
function contactsOfChrome(page: ParsedPage): string[] {
  const found = new Set<string>();
  const isMember = repeatedMemberTest();
  for (const el of page.elements) {
    const tag = el.tagName;
    const chromeTag = tag === 'HEADER' || tag === 'FOOTER' || tag === 'NAV';
    // (An element without attributes has no role, class or id: only its tag can make it chrome.
    // Its class, id and role are written in its raw attributes: one look at them rules out most.)
    if (!chromeTag && (el.rawAttrs === '' || !CHROME_ATTRS.test(el.rawAttrs) || (!hasAttr(el, 'role') && !CHROME_CLASS.test(classAndId(el))))) continue;
    if (isPageFrame(el)) continue;
    const chrome = isChrome(el);
    // (A wrapper classed with a header or footer word that holds the page's main content is the
    // page: Soledad wraps the whole page in `wrapper-boxed header-style-header-6`, its header's style.)
    if (!(chrome || (tag !== 'ARTICLE' && classWords(el).some((w) => PAGE_CHROME_WORDS.has(w)) && !isComponentPart(el) && !holdsMainContent(el)))) continue;
    if (closest(el.parentNode, (a) => a.tagName === 'FOOTER' || a.tagName === 'HEADER' || a.tagName === 'NAV' || a.tagName === 'ARTICLE' || a.tagName === 'LI') !== undefined) continue;
    // A header/footer class inside an entry of a list ('card-footer', a <footer> inside a card's <section>) is the entry's.
    if (!chrome && (isMember(el) || closest(el.parentNode, isMember) !== undefined)) continue;
    const parts = itemParts(el);
    if (parts.raw.length > 200_000) continue;
    for (const e of writtenEmails(parts)) found.add(e);
    for (const p of [...links(parts, 'tel:').flatMap(phonesIn), ...findPhonesAndFaxes(parts.text).phones]) found.add(p);
  }
  // The site's copyright line, wherever it stands and however it is classed, is the directory's (not inside an entry of the list).
  for (const el of copyrightBlocks(page)) {
    if (isMember(el) || closest(el.parentNode, isMember) !== undefined) continue;
    const parts = itemParts(el);
    for (const e of writtenEmails(parts)) found.add(e);
    for (const p of [...links(parts, 'tel:').flatMap(phonesIn), ...findPhonesAndFaxes(parts.text).phones]) found.add(p);
  }
  return [...found];
}

/** Fewest organisers of an event read as its list ({@link eventOrganizers}). */
const MIN_EVENT_ORGANIZERS = 2;

/**
 * The organisers of a single event page of The Events Calendar (WordPress) when it has several:
 * the plugin then writes each as a `<dd class="tribe-organizer">` holding only a link to its
 * organiser page (`/organizer/<slug>/`, with the organiser's phone, e-mail and website), in the
 * `tribe-events-meta-group-organizer` meta group beside the Details and Venue groups; a salon's or
 * a fair's exhibitors are entered so. Those entries, when two or more each hold one link (one
 * organiser's details, printed in the group itself, make no list); none otherwise.
 */
function eventOrganizers(page: ParsedPage): HTMLElement[] {
  for (const group of page.byTag('DIV')) {
    if (!group.rawAttrs.includes('tribe-events-meta-group-organizer') || !group.classList.contains('tribe-events-meta-group-organizer')) continue;
    const entries = descendants(group).filter((d) => d.tagName === 'DD' && d.classList.contains('tribe-organizer'));
    if (entries.length >= MIN_EVENT_ORGANIZERS && entries.every((d) => d.querySelectorAll('a[href]').length === 1)) return entries;
  }
  return [];
}

/**
 * A company's own page, read as one item (chrome removed): selectors first, then its first
 * schema.org organisation that is not the directory, then links and text. Undefined when
 * neither a name nor a contact is found; the name is '' when only contacts are (the caller
 * already has the name from the listing). `detailUrl` is never set.
 */
export function extractDetail(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): RawCompany | undefined {
  return readDetail(html, pageUrl, selectors, options).company;
}

/** A detail page read: its company, if any, and every contact its content shows (see {@link readDetail}). */
export interface DetailPage {
  company?: RawCompany;
  /**
   * On a classified ad's own page, the advertiser its author box names ({@link advertiserOf}):
   * the company, whose ad the listing's entry (titled by the ad) is.
   */
  advertiser?: string;
  /**
   * The e-mails, phones and faxes the page's content shows anywhere (its furniture and scripts
   * left out), the company's or not: a contact on most detail pages of a site is the
   * directory's even where a company's own contacts hid it (a top bar written as a plain `<div>`).
   */
  seen: string[];
  /** The pages of the offers or ads the company's page lists as its own ({@link ownOffers}): read when it shows no e-mail. */
  offers?: string[];
}

/**
 * A company's own page ({@link extractDetail}), with every contact its content shows: the run
 * counts these over the site's detail pages to tell the directory's from the companies'.
 */
export function readDetail(html: string, pageUrl: string, selectors: SourceSelectors = {}, options: ExtractOptions = {}): DetailPage {
  // An API's resource for one company (a list's record linked its own, HAL's `_links.self`): its record.
  // (A JSON body without one such record, an HTML fragment in a status envelope, is read as text, as any page.)
  const record = isJsonBody(html, options.contentType) ? readJsonDetail(html, pageUrl, options) : undefined;
  if (record !== undefined) return record;
  let page = parsePage(html);
  // A map marker's popup bound in a script (Leaflet's bindPopup string) is what the page shows on its map: written in, then the page read again (rare: once).
  if (html.includes('bindPopup') && showMapPopups(page.byTag('SCRIPT'), (id) => page.elements.find((e) => e.id === id), page.byTag('H1')[0]?.text, parseHtml)) page = parsePage(page.root.toString());
  const { root } = page;
  const ctx = pageContext(page, pageUrl, options);
  const ld = jsonLdOrgs(page.byTag('SCRIPT'), ctx, page).slice(0, 1);
  const json = ld.length === 0 ? embeddedJson(page.byTag('SCRIPT')).map((v) => jsonItems(v, true)).find((items) => items.length === 1)?.[0] : undefined;
  removeFurniture(page);
  removeOtherCompanyCards(root);
  const md = microdataOrgs(page, ctx)[0];
  stripScripts(page);
  const scope: Scope = { el: page.byTag('BODY').find((b) => attached(b, root)) ?? root, md, ld, json, kind: 'page' };
  const seen = contactsShown(scope);
  const advertiser = advertiserOf(page, root);
  const company = readScope(scope, ctx, selectors, page);
  if (company) {
    const offers = advertiser === undefined && company.emails.length === 0 ? ownOffers(root, company.name, pageUrl, ctx.base) : [];
    if (offers.length > 0) return { company, seen, offers };
    return advertiser === undefined ? { company, seen } : { company, seen, advertiser };
  }
  const emails = readEmails(scope, ctx, selectors);
  const { phones, faxes } = readPhones(scope, ctx, selectors);
  if (emails.length + phones.length === 0) return { seen };
  const found: RawCompany = { name: '', emails, phones, sourceUrl: pageUrl };
  if (faxes.length > 0) found.faxes = faxes;
  return { company: found, seen };
}

/**
 * Class words of a page (its `<body>`, `<main>` or `<article>`) that is a classified ad's own page:
 * WordPress classes a post by its type (`single-advert`, `type-advert`: WPAdverts' post type),
 * and classifieds scripts their ad page likewise ('annonce', 'classified').
 */
const AD_PAGE_WORDS = new Set(['advert', 'adverts', 'annonce', 'annonces', 'classified', 'classifieds']);
/**
 * Whether a page is a classified ad's own page: its `<body>`, `<main>` or an `<article>` classed so
 * ({@link AD_PAGE_WORDS}), by its type, not by a term it is filed under (WordPress classes a post
 * `category-annonces`, `tag-annonce` too: a directory's own post in such a category is no ad).
 */
function isAdPage(page: ParsedPage, bareAd = true): boolean {
  return [...page.byTag('BODY'), ...page.byTag('MAIN'), ...page.byTag('ARTICLE')].some((e) => adPageClassed(e, bareAd) && attached(e, page.root));
}

/** A class token naming a term a post is filed under (WordPress's `category-x`, `tag-x`, a taxonomy's `term-x`). */
const TERM_CLASS = /^(?:category|categorie|tag|term|taxonomy|tax)[-_]/i;

/**
 * A whole class token of a bare 'ad' with a page-kind word that says the element is an ad's own
 * page: 'ad-page', 'ad-detail(s)', 'ad-view', 'ad-show', or WordPress's post-type class
 * 'single-ad'. Only the whole token: 'ad' as a theme's prefix ('ad-single-listing',
 * 'ad-single-post-content'), Drupal's path class ('page-ad'), a template's
 * ('page-template-page-ad') or a state's ('no-ad-view') says no such thing. Anchored, no
 * nested quantifier: linear.
 */
const AD_PAGE_TOKEN = /^(?:ad[-_](?:page|details?|view|show)|single[-_]ad)$/;

/** With `bareAd` false, only the {@link AD_PAGE_WORDS} count, not a bare 'ad''s token ({@link AD_PAGE_TOKEN}). */
function adPageClassed(el: HTMLElement, bareAd: boolean): boolean {
  const words = classWords(el);
  if (!words.some((w) => AD_PAGE_WORDS.has(w) || (bareAd && w === 'ad'))) return false;
  const tokens = classAndId(el).slice(0, 1000).split(/\s+/).filter((t) => t !== '' && !TERM_CLASS.test(t));
  return tokens.some((t) => {
    if (t.split(/[^\p{L}\p{N}]+/u).some((w) => AD_PAGE_WORDS.has(w))) return true;
    // A bare 'ad' is weak (an ad slot, 'ad-banner', a sidebar's `<article class="single-ad">`):
    // only as a whole ad-page token, and on an <article> only one that holds the page's title.
    return bareAd && AD_PAGE_TOKEN.test(t) && (el.tagName !== 'ARTICLE' || holdsH1(el));
  });
}

/** Class words of an ad's author or seller box ('adverts-single-author-name', 'seller-name', 'annonceur-nom'). */
const AUTHOR_WORDS = new Set(['author', 'auteur', 'seller', 'vendeur', 'vendor', 'annonceur', 'advertiser', 'merchant', 'marchand']);
/** Longest advertiser's name read. */
const MAX_ADVERTISER = 100;

/**
 * The advertiser a classified ad's own page names (WPAdverts' `<div
 * class="adverts-single-author-name"><a href="/auteur/x/">X</a><br/>Publié le …</div>`): on a page
 * classed as an ad ({@link AD_PAGE_WORDS}), the one element classed as its author's or seller's
 * name ({@link AUTHOR_WORDS} with 'name' / 'nom'), its link's text or else its first line.
 * Undefined on any other page, when there is none, or when two name different advertisers.
 */
function advertiserOf(page: ParsedPage, root: HTMLElement): string | undefined {
  if (!isAdPage(page)) return undefined;
  let found: string | undefined;
  for (const el of page.elements) {
    if (el.classList.length === 0) continue;
    const words = classWords(el);
    if (!words.some((w) => AUTHOR_WORDS.has(w)) || !words.some((w) => w === 'name' || w === 'nom') || !attached(el, root)) continue;
    const link = descendants(el).find((d) => d.tagName === 'A');
    const firstLine = el.childNodes.findIndex((c) => c.nodeType === 1 && (c as HTMLElement).tagName === 'BR');
    const raw = link ? link.text : (firstLine >= 0 ? el.childNodes.slice(0, firstLine) : el.childNodes).map((c) => c.text).join('');
    const name = clean(raw.slice(0, MAX_ADVERTISER * 2));
    if (name.length < 2 || name.length > MAX_ADVERTISER || !/\p{L}{2}/u.test(name) || name.includes('@') || (name.match(/\d/g) ?? []).length >= 6 || NOT_A_NAME_LINK.test(name)) continue;
    if (found !== undefined && normalizeCompanyName(found) !== normalizeCompanyName(name)) return undefined;
    found ??= name;
  }
  return found;
}

/**
 * A JSON answer read as a company's own page: the one company-like record it holds (`{data:
 * {raisonSociale, telephone, fax, email …}}`, {@link jsonItems} with a lone record), read as a
 * list's JSON record is; undefined when it holds none or several (a list, an error, an HTML
 * fragment in a status envelope), or is an ad: the body is then read as text, as any page.
 */
function readJsonDetail(body: string, pageUrl: string, options: ExtractOptions): DetailPage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const items = jsonItems(value, true);
  if (items.length !== 1) return undefined;
  const ctx: PageContext = { pageUrl, siteHost: new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, ''), base: pageUrl, siteContacts: options.siteContacts ?? new Set(), tableHeaders: new Map() };
  const company = companiesOfJson(items, ctx).companies[0];
  if (!company) return undefined;
  delete company.detailUrl;
  return { company, seen: [...company.emails, ...company.phones, ...(company.faxes ?? [])] };
}

/** Every e-mail, phone and fax a scope's content shows: its text, `mailto:`, `tel:` and WhatsApp links, contact `data-*` attributes. */
function contactsShown(scope: Scope): string[] {
  const parts = partsOf(scope);
  if (!parts) return [];
  const numbers = readNumbers(parts.text);
  return unique([
    ...writtenEmails(parts),
    ...links(parts, 'mailto:').flatMap((v) => v.split(/[,;]/).map((e) => normalizeEmail(e))),
    ...dataValues(parts, EMAIL_ATTRS).flatMap(findEmails),
    ...links(parts, 'tel:').flatMap(phonesIn),
    ...whatsappNumbers(parts).flatMap(phonesIn),
    ...dataValues(parts, [...PHONE_ATTRS, ...FAX_ATTRS]).flatMap(phonesIn),
    ...numbers.phones,
    ...numbers.faxes,
  ]);
}

/** Words of a heading that opens the directory's own contact block. */
const SITE_CONTACT_HEADING = /^(?:contactez[- ]nous|nous contacter|contact us|contactez l[’']?(?:equipe|équipe)|اتصل بنا|تواصل معنا)\b/i;
/** Words of a heading that opens a block of other companies on a company's own page. */
const OTHERS_HEADING = /^(?:(?:annonces|entreprises|soci[ée]t[ée]s|fiches|professionnels|r[ée]sultats|établissements|etablissements|commerces)\s(?:similaires|proches|associ[ée]e?s|de la m[êe]me cat[ée]gorie)|(?:vous aimerez|vous pourriez (?:aussi|[ée]galement) aimer|[àa] voir aussi|voir aussi|dans la m[êe]me cat[ée]gorie|autres (?:entreprises|annonces|fiches|professionnels)|[àa] proximit[ée]|similar|related|you may also like|you might also like|people also viewed|see also|nearby|(?:ils|elles|les (?:internautes|visiteurs|utilisateurs)) ont (?:aussi|[ée]galement) (?:consult[ée]|vu|aim[ée])|[àa] d[ée]couvrir aussi|d[ée]couvrez aussi)|(?:(?:entreprises |annonces |fiches )?[àa] la une|les plus (?:consult[ée]e?s|vu(?:e?s)?|populaires|recherch[ée]e?s)|nos partenaires|partenaires|top (?:entreprises|annonces)|featured(?: listings| companies)?)$|إعلانات مشابهة|شركات مشابهة|قد (?:يعجبك|يهمك|تهمك) (?:أيضا|أيضًا|ايضا)|شاهد (?:أيضا|ايضا)|أماكن قريبة|[^\s]{0,20} ?(?:ذات صلة|مشابهة)$)/iu;

/**
 * A heading naming others of the page's kind, whatever the kind ('Lieux similaires', 'Hôtels à
 * proximité', "D'autres garages dans la même ville", 'Agences du même secteur'), or naming only
 * what they share with the page ('Même secteur', 'Dans la même rubrique'): one or two words, then
 * what makes them others. Bounded words, anchored at both ends: linear. Such a heading names a
 * block of others only when that block is small and does not hold the page's h1.
 */
const OTHERS_OF_A_KIND = /^(?:(?:(?:d['’]\s?autres|autres|les|des|nos)\s)?[\p{L}'’-]{3,24}(?:\s[\p{L}'’-]{2,24})?\s(?:similaires|proches|[àa] proximit[ée]|(?:de|dans) la m[êe]me (?:cat[ée]gorie|rubrique|ville|commune|wilaya|r[ée]gion|zone)|(?:du|dans le) m[êe]me (?:secteur|quartier|domaine)|aux alentours|dans les environs)|(?:(?:dans|de|du)\s)?(?:(?:la|le)\s)?m[êe]me\s(?:secteur|rubrique|cat[ée]gorie|activit[ée]|domaine|ville|commune|wilaya|quartier|zone|r[ée]gion))$/iu;

/**
 * Removes the directory's furniture from a detail page: header, footer and navigation (outside
 * sectioning elements), blocks whose class or id says footer, cookie, newsletter, share, menu,
 * breadcrumb, similar/related ..., "Contactez-nous" blocks and blocks of other companies
 * ("Annonces similaires", "Dans la même catégorie": the section such a heading opens).
 */
function removeFurniture(page: ParsedPage): void {
  for (const el of page.elements) {
    const tag = el.tagName;
    if ((tag === 'HEADER' || tag === 'FOOTER' || tag === 'NAV' || hasAttr(el, 'role')) && isChrome(el)) el.remove();
  }
  // The site's copyright line ('© 2025 Annuaire — Contactez-nous : …'), in a foot classed by utility classes only.
  for (const el of copyrightBlocks(page)) el.remove();
  const titleAt = page.elements.findIndex((e) => e.tagName === 'H1');
  // (The document element is never furniture: a theme writes its layout and cookie-bar state on
  // `<html>`, Enfold's `html_header_top av-cookies-consent-show-message-bar`.)
  for (const [i, el] of page.elements.entries()) {
    if (el.tagName === 'HTML' || el.tagName === 'BODY' || el.tagName === 'MAIN' || el.tagName === 'ARTICLE' || classAndId(el) === '') continue;
    const words = classWords(el);
    // (A card's own footer, `panel-footer`, `card-footer`, holds the company's contacts; so does a
    // profile's 'social' list of its phone, e-mail and pages under its title, `details-list social-nav`.)
    if (words.some((w) => FURNITURE_WORDS.has(w)) && !isComponentPart(el) && !(titleAt >= 0 && i > titleAt && ownSocialContacts(el, words))) el.remove();
  }
  // An advertiser's block beside the company (a 'Publicité' banner, an aside marked sponsored):
  // its contacts are the advertiser's. Never a block holding the page's title (the company's own card).
  // (A page classed an ad's by a bare 'ad', 'ad-page', is no classifieds plugin's: its 'advert' blocks are banners.)
  const adPage = isAdPage(page, false);
  for (const el of page.elements) {
    if (el.tagName === 'HTML' || el.tagName === 'BODY' || el.tagName === 'MAIN' || el.tagName === 'ARTICLE' || !isAdBlock(el, adPage)) continue;
    if (smallWithoutTitle(el)) el.remove();
  }
  // Headings, and what reads as one where the markup says nothing (a short bold line, a short first line of a block): 'Entreprises similaires'.
  const headings = page.elements.filter((el) => /^H[1-6]$/.test(el.tagName) || el.classList.contains('widget-title') || el.classList.contains('title') || (HEADING_LIKE.has(el.tagName) && el.childNodes.length <= 3 && othersHeading(el)));
  for (const h0 of headings) {
    const text = h0.text.replace(/\s+/g, ' ').trim();
    if (text.length > 60) continue;
    const named = OTHERS_HEADING.test(text);
    const ofAKind = !named && OTHERS_OF_A_KIND.test(text);
    const others = named || ofAKind;
    if (!others && !SITE_CONTACT_HEADING.test(text)) continue;
    // A heading alone in its wrapper(s) ('<div><h3>Entreprises similaires</h3></div><ul>…'): the wrapper stands for it.
    let h = h0;
    while (h.parentNode && h.parentNode.tagName !== 'BODY' && h.parentNode.tagName !== 'MAIN' && h.parentNode.childNodes.every((c) => c === h || (c.nodeType !== 1 && c.text.trim() === ''))) h = h.parentNode;
    const block = h.parentNode;
    // A heading that opens its block (nothing but whitespace before it) names the whole block;
    // one written after other content (the company's own contact block, its own listings)
    // opens only its section: itself and what follows up to the next heading; a contact heading
    // under the page's title in the same block opens none (the company's own contacts).
    const opensBlock = block !== null && block.childNodes.slice(0, block.childNodes.indexOf(h)).every((c) => c.nodeType !== 1 && c.text.trim() === '');
    if (block && opensBlock && block.tagName !== 'BODY' && block.tagName !== 'MAIN' && block.tagName !== 'ARTICLE') {
      if (named || (block.text.length < 2_000 && !(ofAKind && holdsH1(block)))) block.remove();
    } else if (block) {
      // A contact heading in the block that holds the page's title, under it (a builder's single template:
      // the company's h1, its text, 'Nous contacter' and its icon list) opens the company's own contacts;
      // so does a heading of others of its kind there ('Nos agences à proximité').
      if (!named && block.tagName !== 'BODY' && block.tagName !== 'MAIN' && titledAbove(block, h)) continue;
      // So does a contact heading among the sections of a body written under the page's title (a
      // generated page's markdown body below its front matter's h1: 'Qui sommes-nous ?', 'Références',
      // 'Nous contacter'): a heading of the same tag opens a section of the block before it.
      if (!others && block.tagName !== 'BODY' && block.tagName !== 'MAIN' && sectionOfTitledBody(block, h)) continue;
      // The heading stands in the page's main content: its section is it and what follows up to the next heading.
      const siblings = block.childNodes;
      const from = siblings.indexOf(h);
      let to = from + 1;
      while (to < siblings.length && !/^H[1-6]$/.test((siblings[to] as HTMLElement).tagName ?? '')) to++;
      block.childNodes = [...siblings.slice(0, from), ...siblings.slice(to)];
    }
  }
}

/** Whether a block is or holds an `<h1>` (bounded walk: a block past the bound is taken to hold one). */
function holdsH1(block: HTMLElement): boolean {
  return h1Among([block], true);
}

/** Most elements looked at for a page's title ({@link h1Among}). */
const MAX_TITLE_WALK = 2_000;

/**
 * Whether one of a block's children before `child` is or holds an `<h1>` (bounded walk): the
 * block is the company's own section, its title above the heading. With `alone`, the title must
 * stand alone, no contact beside it (a content block holding the title and the company's own
 * lines, after which the site's widgets come, is no title over them).
 */
function titledAbove(block: HTMLElement, child: HTMLElement, alone = false): boolean {
  const kids = block.childNodes;
  const at = kids.indexOf(child);
  const before = kids.slice(0, at < 0 ? 0 : at).filter((k) => k.nodeType === 1) as HTMLElement[];
  return alone ? before.some((k) => h1Among([k], false) && !holdsContact(k)) : h1Among(before, false);
}

/** Most ancestors climbed to find the page's title above a body ({@link sectionOfTitledBody}). */
const MAX_BODY_CLIMB = 6;

/**
 * Whether a heading in the middle of a block is one of that block's section headings (another
 * heading of its tag before it in the block) and the block stands under the page's title: an
 * `<h1>` standing alone (no contact beside it) before the block or one of its few ancestors, below
 * the page's body (bounded walks).
 */
function sectionOfTitledBody(block: HTMLElement, heading: HTMLElement): boolean {
  const kids = block.childNodes;
  const at = kids.indexOf(heading);
  if (!kids.slice(0, at < 0 ? 0 : at).some((k) => k.nodeType === 1 && (k as HTMLElement).tagName === heading.tagName)) return false;
  let a: HTMLElement = block;
  for (let i = 0; i < MAX_BODY_CLIMB && a.parentNode && a.parentNode.tagName !== 'BODY' && a.parentNode.tagName !== 'HTML'; i++, a = a.parentNode) {
    if (titledAbove(a.parentNode, a, true)) return true;
  }
  return false;
}

/** Whether one of these elements is or holds an `<h1>`, {@link MAX_TITLE_WALK} elements looked at at most; `pastBound` when there were more. */
function h1Among(roots: HTMLElement[], pastBound: boolean): boolean {
  const stack = [...roots];
  for (let steps = 0; stack.length > 0; steps++) {
    if (steps === MAX_TITLE_WALK) return pastBound;
    const el = stack.pop()!;
    if (el.tagName === 'H1') return true;
    for (const c of el.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
  }
  return false;
}

/** Furniture words a company's own contact list may be classed with ({@link ownSocialContacts}). */
const SOCIAL_WORDS = new Set(['social', 'share', 'sharing']);

/**
 * Whether a block classed as social links or sharing (written after the page's h1: the caller
 * checks) is the company's own contact list: no other furniture word, and a phone, an e-mail or
 * a WhatsApp number in it (a share link to the page, `mailto:?subject=…`, is none). A directory's
 * own such strip above the title is not; one below it, on every detail page, is the run's to set
 * aside (a contact on most detail pages is the directory's).
 */
function ownSocialContacts(el: HTMLElement, words: readonly string[]): boolean {
  return words.every((w) => !FURNITURE_WORDS.has(w) || SOCIAL_WORDS.has(w)) && holdsContact(el);
}

/** Longest text of an advertisement block removed from a company's page (a banner, not a page section), and most nodes it may hold. */
const MAX_AD_TEXT = 1_000;
const MAX_AD_NODES = 400;

/** Whether a block is banner-sized (bounded walk: at most {@link MAX_AD_NODES} nodes, {@link MAX_AD_TEXT} characters) and holds no `<h1>`. */
function smallWithoutTitle(el: HTMLElement): boolean {
  let chars = 0;
  let nodes = 0;
  const stack = [...el.childNodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > MAX_AD_NODES) return false;
    if (n.nodeType === 3) {
      chars += n.rawText.length;
      if (chars > MAX_AD_TEXT) return false;
    } else if (n.nodeType === 1) {
      if ((n as HTMLElement).tagName === 'H1') return false;
      for (const c of n.childNodes) stack.push(c);
    }
  }
  return true;
}

/** Elements a heading may be written as when no h1-h6 is used. */
const HEADING_LIKE = new Set(['STRONG', 'B', 'P', 'DIV', 'SPAN', 'DT', 'LEGEND', 'CAPTION']);

/** Whether a short element's whole text is a heading of other companies ('Entreprises similaires' in a <strong>). */
function othersHeading(el: HTMLElement): boolean {
  const text = shortText(el, 60);
  return text !== undefined && text.length >= 3 && (OTHERS_HEADING.test(text) || OTHERS_OF_A_KIND.test(text));
}

/** Class or id words of blocks that are never a company's on its own page. */
/** Class or id words of a page's own header and footer ('pied' de page, WordPress's 'colophon', 'entête', 'bandeau'). */
const PAGE_CHROME_WORDS = new Set(['footer', 'header', 'topbar', 'copyright', 'pied', 'colophon', 'entete', 'bandeau']);
const FURNITURE_WORDS = new Set(['pied', 'colophon', 'footer', 'navbar', 'menu', 'breadcrumb', 'breadcrumbs', 'cookie', 'cookies', 'newsletter', 'copyright', 'topbar', 'share', 'sharing', 'social', 'masthead', 'similar', 'similaires', 'similars', 'related', 'suggestions', 'recommended', 'recommandations']);

/**
 * The next listing page: the first `selector` match (default {@link DEFAULT_NEXT_PAGE}) with
 * an href (its own or its first link's), resolved to an absolute http(s) URL other than the
 * page itself; undefined when there is none.
 */
export function nextPageUrl(html: string, pageUrl: string, selector: string = DEFAULT_NEXT_PAGE): string | undefined {
  const page = parsePage(html);
  return selector === DEFAULT_NEXT_PAGE ? relNext(page, pageUrl) : nextOf(page.root, pageUrl, selector, baseOf(page, pageUrl));
}

function nextOf(root: HTMLElement, pageUrl: string, selector: string, base: string): string | undefined {
  for (const el of root.querySelectorAll(selector)) {
    const href = el.getAttribute('href') ?? el.querySelector('a[href]')?.getAttribute('href');
    const url = href === undefined ? undefined : absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) return url;
  }
  return undefined;
}

function pageContext(page: ParsedPage, pageUrl: string, options: ExtractOptions): PageContext {
  const siteHost = new URL(pageUrl).hostname.toLowerCase().replace(/^www\./, '');
  let declared: readonly string[] | undefined;
  const declaredHosts = () => (declared ??= declaredSiteHosts(page, siteHost, pageUrl));
  return { pageUrl, siteHost, declaredHosts, base: baseOf(page, pageUrl), siteContacts: options.siteContacts ?? new Set(), tableHeaders: new Map() };
}

/** Most JSON-LD text read for the site's declared root (a site's WebSite node is a few hundred characters). */
const MAX_DECLARED_LD = 100_000;

/**
 * The hosts (no 'www.') other than the page's that the page declares as its own site's: its
 * canonical URL's and its JSON-LD WebSite node's (url or @id). A directory reached at another
 * address than its production domain (a mirror, a hosting or staging address, a proxy) still
 * names that domain, and its contact-form relay addresses (`pro-4850@relais.annuaire.dz`),
 * its team's and its services' mailboxes are on it: never a company's.
 */
function declaredSiteHosts(page: ParsedPage, siteHost: string, pageUrl: string): string[] {
  const hosts = new Set<string>();
  const add = (url: string | undefined) => {
    const root = url === undefined ? undefined : rootOf(url.trim());
    if (root !== undefined) hosts.add(new URL(root).hostname);
  };
  // A canonical URL is this page's own address elsewhere only when its path is the page's (a
  // mirror, a hosting address): one pointing at another path is another page, a company's own
  // site or vitrine whose domain is the company's.
  const path = (url: string) => new URL(url).pathname.replace(/\/+$/, '');
  for (const link of page.byTag('LINK')) {
    if (!/(?:^|\s)canonical(?:\s|$)/i.test(attrOf(link, 'rel') ?? '')) continue;
    const href = absolute((attrOf(link, 'href') ?? '').trim(), pageUrl);
    if (href !== undefined && path(href) === path(pageUrl)) add(href);
  }
  const blocks: unknown[] = [];
  for (const script of page.byTag('SCRIPT')) {
    const text = script.rawText;
    // (A broken block declares nothing.)
    const value = text.length > MAX_DECLARED_LD || !/website/i.test(text) ? undefined : ldJson(script);
    if (value !== undefined) blocks.push(value);
  }
  if (blocks.length > 0) for (const root of siteNodes(blocks).roots) add(root);
  hosts.delete(siteHost);
  return [...hosts].filter((h) => /[a-z]/.test(h) && h.includes('.') && !MAILBOX_PROVIDERS.has(h.replace(/^(?:www|mail|webmail)\./, '')));
}

/** Mailbox providers' domains: a site of theirs a page names is never a directory's own domain (its users' addresses are on it). */
const MAILBOX_PROVIDERS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'google.com', 'yahoo.com', 'yahoo.fr', 'ymail.com', 'hotmail.com', 'hotmail.fr', 'outlook.com', 'outlook.fr', 'live.com', 'live.fr',
  'msn.com', 'icloud.com', 'me.com', 'aol.com', 'aol.fr', 'gmx.com', 'gmx.fr', 'gmx.de', 'yandex.com', 'yandex.ru', 'mail.ru', 'mail.com', 'protonmail.com', 'proton.me',
  'orange.fr', 'wanadoo.fr', 'free.fr', 'sfr.fr', 'laposte.net', 'caramail.com', 'djaweb.dz', 'algerietelecom.dz', 'zoho.com',
]);

/** Whether an e-mail is on the directory's own domain: the page's host, or one the page declares as its site's. */
function onOwnDomain(email: string, ctx: PageContext): boolean {
  return onSiteDomain(email, ctx.siteHost) || (ctx.declaredHosts?.() ?? []).some((h) => onSiteDomain(email, h));
}

function baseOf(page: ParsedPage, pageUrl: string): string {
  const href = page.byTag('BASE').map((b) => attrOf(b, 'href')).find(Boolean);
  return (href && absolute(href, pageUrl)) || pageUrl;
}

/**
 * A next page on the host of a page's `<base>` when that base names another host than the page's
 * own, moved to the page's host (its path and query kept), other than the page itself: a page read
 * through a proxy or at a mirror keeps the original site's `<base>` (Google Translate's
 * `*.translate.goog` proxy writes `<base href="https://original/">` and leaves the links relative,
 * its `_x_tr_*` parameters on each; a cache's or a staging copy's page), and only the page's own
 * host is crawled: there, the same path and query are the proxy's copy of the next page. A link
 * written whole to a third host is left as it is.
 */
function onPageHost(next: string, pageUrl: string, base: string): string | undefined {
  let to: URL;
  let from: URL;
  let at: URL;
  try {
    to = new URL(next);
    from = new URL(pageUrl);
    at = new URL(base);
  } catch {
    return next;
  }
  if (sameHost(at, from) || to.host !== at.host) return next;
  const moved = `${from.origin}${to.pathname}${to.search}${to.hash}`;
  return withoutHash(moved) === withoutHash(pageUrl) ? undefined : moved;
}

/** A next page's href as an absolute URL other than the page itself; undefined otherwise. */
function resolvedNext(href: string | undefined, pageUrl: string, base: string): string | undefined {
  const url = href === undefined ? undefined : absolute(href, base);
  return url && withoutHash(url) !== withoutHash(pageUrl) ? url : undefined;
}

/** Most links looked at for the one that leads to the next page ({@link leavesDocumentFolder}). */
const MAX_NEXT_LINKS = 2_000;

/**
 * Whether the next page is a documentation's next chapter outside the current page's folder: a
 * documentation generator (Sphinx, MkDocs, Docusaurus, VitePress) links each page to the next one
 * of the whole documentation, naming it ({@link namesNextDocument}); a list written over two
 * chapters keeps them side by side (`/annuaire/membres` then `/annuaire/membres-suite`), and the
 * chapter after it (`/evenements`, `../textes.html`) is another part of the handbook. A next page
 * in the folder of the current one (or below it), or linked without a title of its own, is kept.
 */
function leavesDocumentFolder(page: ParsedPage, next: string, pageUrl: string, base: string): boolean {
  let from: URL;
  let to: URL;
  try {
    from = new URL(pageUrl);
    to = new URL(next);
  } catch {
    return false;
  }
  if (from.origin !== to.origin) return false;
  const path = from.pathname.replace(/\/+$/, '');
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  if (to.pathname.startsWith(folder)) return false;
  const target = withoutHash(next);
  let seen = 0;
  for (const el of page.elements) {
    if (el.tagName !== 'A' && el.tagName !== 'LINK') continue;
    if (++seen > MAX_NEXT_LINKS) break;
    const href = attrOf(el, 'href');
    const url = href === undefined || href.startsWith('#') ? undefined : absolute(href, base);
    if (url !== undefined && withoutHash(url) === target && namesNextDocument(el)) return true;
  }
  return false;
}

/** The default next page ({@link DEFAULT_NEXT_PAGE}: `a[rel~=next]`, `link[rel~=next]`) from the page's own lists. */
function relNext(page: ParsedPage, pageUrl: string): string | undefined {
  const base = baseOf(page, pageUrl);
  for (const el of page.elements) {
    if ((el.tagName !== 'A' && el.tagName !== 'LINK') || !(attrOf(el, 'rel') ?? '').toLowerCase().split(/\s+/).includes('next')) continue;
    const href = attrOf(el, 'href');
    const url = href === undefined ? undefined : absolute(href, base);
    if (url && withoutHash(url) !== withoutHash(pageUrl)) return url;
  }
  return undefined;
}

/** Whether an element is still in the tree under `root` (furniture removed from a detail page is not). */
function attached(el: HTMLElement, root: HTMLElement): boolean {
  let a: HTMLElement | null = el;
  while (a.parentNode) a = a.parentNode;
  return a === root;
}

/** Reads one company; undefined when it has no name. `page` is the document, for a detail page's title fallbacks. */
function readScope(scope: Scope, ctx: PageContext, selectors: SourceSelectors, page?: ParsedPage): RawCompany | undefined {
  const name = readName(scope, ctx, selectors, page);
  if (!name) return undefined;
  const { phones, faxes } = readPhones(scope, ctx, selectors);
  const company: RawCompany = { name, emails: readEmails(scope, ctx, selectors), phones, sourceUrl: ctx.pageUrl };
  if (faxes.length > 0) company.faxes = faxes;
  const activity = readActivity(scope, selectors);
  if (activity) company.activity = activity;
  const detailUrl = scope.kind === 'item' ? readDetailUrl(scope, ctx, selectors, name) : undefined;
  if (detailUrl) company.detailUrl = detailUrl;
  const vcardUrl = scope.kind === 'item' ? readVcardUrl(scope, ctx) : undefined;
  if (vcardUrl) company.vcardUrl = vcardUrl;
  return company;
}

function readName(scope: Scope, ctx: PageContext, selectors: SourceSelectors, page?: ParsedPage): string | undefined {
  const { el } = scope;
  const parts = partsOf(scope);
  // The first step that finds a name wins ('||': a step's '' finds none, as undefined). Steps are
  // written out rather than listed as functions: a page reads its names once per entry.
  const name =
    givenName(scope, el, selectors) ||
    (scope.kind === 'page' ? pageTitle(parts, page, ctx) : el && el.tagName === 'TR' ? rowName(el, ctx) : parts ? entryName(scope, el, parts, ctx.posts) : undefined);
  return name ? name.slice(0, MAX_TEXT) : undefined;
}

/** The name the source's selector, the JSON state, schema.org (JSON-LD, then microdata) give. */
function givenName(scope: Scope, el: HTMLElement | undefined, selectors: SourceSelectors): string | undefined {
  return (
    (selectors.name && el ? el.querySelectorAll(selectors.name).map(textOf).find(Boolean) : undefined) ||
    (scope.json ? clean(scope.json.name) : undefined) ||
    (scope.ld.length > 0 ? scope.ld.map((o) => firstText(o.name) ?? firstText(o.legalName) ?? firstText(o.alternateName)).find(Boolean) : undefined) ||
    (scope.md ? ownProps(scope.md, 'name').map(propValue).map(clean).find(Boolean) : undefined)
  );
}

/**
 * A company's own page's name: its h1 (without the badges and category tags set inside it), else
 * its og:title or its title, without what names the site or the page's kind ('Bâtiments Cheliff -
 * BTP à Chlef | Annuaire Chlef': the first part that is not one of the site's names).
 */
function pageTitle(parts: ItemParts | undefined, page: ParsedPage | undefined, ctx: PageContext): string | undefined {
  const h1 = nameText(parts?.h1);
  if (h1 || !page) return h1;
  const og = page.byTag('META').find((m) => attrOf(m, 'property') === 'og:title');
  const title = clean((og ? attrOf(og, 'content') ?? '' : '').slice(0, MAX_PAGE_TITLE)) || (textOf(page.byTag('TITLE')[0]) ?? '').slice(0, MAX_PAGE_TITLE);
  return titleName(title, page, ctx);
}

/** Longest title read for a name (a title is a line; more is not one). */
const MAX_PAGE_TITLE = 300;
/** What separates a title's parts: ' - ', ' | ', ' – ', ' — ', ' · ', ' : ', ' » '. */
const TITLE_SEPARATOR = /\s[-–—|·:»]\s/;

/** A title's first part that is not one of the site's names (the whole title when it has one part). */
function titleName(title: string, page: ParsedPage, ctx: PageContext): string | undefined {
  const text = clean(title);
  const parts = text.split(TITLE_SEPARATOR).map(clean).filter((p) => /\p{L}{2}/u.test(p));
  if (parts.length < 2) return text || undefined;
  // Not one of the site's names nor the page's kind ('Fiche entreprise', 'Annuaire Chlef', 'BTP à Chlef').
  const site = siteNames(page, ctx, false);
  const named = parts.filter((p) => !site.has(foldName(p)) && !TITLE_KIND.test(p));
  // Of those, the part the page's own address names ('/fiche/12-batiments-cheliff'), else the first.
  const slug = new Set(slugWords(ctx.pageUrl));
  let best: string | undefined;
  let most = 0;
  for (const p of named) {
    const shared = slugWords(p).filter((w) => slug.has(w)).length;
    if (shared > most) [best, most] = [p, shared];
  }
  return best ?? named[0] ?? parts[0];
}

/** A title's part that says what the page is or where, not whose: 'Fiche entreprise', 'Annuaire …', '… à Chlef'. */
const TITLE_KIND = /^(?:fiche|annuaire|guide|r[ée]pertoire|portail|entreprises?|soci[ée]t[ée]s?|profil|d[ée]tails?|coordonn[ée]es|contact|accueil|page)\b|\s[àa]\s\p{Lu}/iu;

/** The folded words of three letters or more of a text or of a URL's last path segment (bounded). */
function slugWords(text: string): string[] {
  let tail = text;
  if (/^https?:/i.test(text)) {
    try {
      tail = decodeURIComponent(new URL(text).pathname.split('/').filter(Boolean).pop() ?? '');
    } catch {
      tail = '';
    }
  }
  return (fold(tail.slice(0, 200)).match(/\p{L}{3,}/gu) ?? []).slice(0, 20);
}

/** An entry's name read from its markup and text, the first of these steps that finds one. */
function entryName(scope: Scope, el: HTMLElement | undefined, parts: ItemParts, posts?: ReadonlySet<HTMLElement>): string | undefined {
  return (
    // A listing of products or ads: the entry's seller link ('Vendu par <a>X</a>') names the company,
    // or its seller line written as text after the seller's type ('Professionnel · X').
    (el ? textOf(sellerOf(scope, el, parts)) ?? sellerLine(el) : undefined) ||
    nameText(parts.card) ||
    // (A toggle under the entry's heading that only says what it opens, 'Coordonnées', names nothing: the heading does.)
    (parts.heading && parts.summary && isDisclosureLabel(parts.summary.text.slice(0, 80)) ? undefined : summaryName(parts.summary)) ||
    // An explicit name label ('Raison sociale : X — Tél : …') beats a heading (an activity, a post title).
    labelledNameInText(parts.text) ||
    nameText(parts.heading) ||
    nameText(parts.labelledName) ||
    (parts.labelledText !== undefined ? cleanLabelledText(parts.labelledText) : undefined) ||
    // (A class saying title or name around a date, 'summary-metadata-container--above-title', names nothing.)
    notADate(withoutLabel(nameText(parts.named))) ||
    // Bold text, unless a link of the entry's own comes first ('<a>Name</a> <b>Catégorie</b>'): the first a reader meets.
    (parts.bold && !linkFirst(el, parts) ? notALabel(nameText(parts.bold)) : undefined) ||
    textOf(parts.term) ||
    // A map's result card (Google Maps, Bing Places): its name only in the accessible name of the card or of its empty overlay link.
    (el ? accessibleName(el, parts) : undefined) ||
    parts.anchors.filter((a) => namingLink(a) && !(el && inByline(a, el))).map(linkName).find((t) => t !== undefined && !NOT_A_NAME_LINK.test(t) && !ACTION_LINK.test(t)) ||
    notALabel(nameText(parts.bold)) ||
    // A logo wall: the card's name written only as its logo's alt and title, before any text.
    (el ? logoName(el) : undefined) ||
    // A member's reply that introduces his company in a sentence ('je travaille chez X (commune)').
    (el && posts !== undefined && (posts.has(el) || closest(el.parentNode, (a) => posts.has(a)) !== undefined) ? introducedName(el) : undefined) ||
    // Nothing sets a name apart: the entry's first line of text, as a reader takes it.
    (el ? leadName(el) : undefined)
  );
}

/** Block tags that put their text on a line of its own inside a link ({@link linkName}). */
const LINE_TAGS = new Set(['DIV', 'P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
/** Most single wrappers gone down in a link for its lines ({@link linkName}). */
const MAX_LINK_WRAPPERS = 4;

/**
 * A naming link's text as a name: when the link lays its text out in two or more blocks of their
 * own, the line its address's slug names ({@link sluggedLine}: a category above the name,
 * `<div>Restaurant traditionnel</div><div>Le Jardin des Saveurs</div>` under `/lieu/le-jardin-des-saveurs`),
 * else its first (`<a><div><div>X</div><div>Poissons et fruits de mer</div></div></a>`: the name,
 * then its category on the line under it, whatever their classes say); of inline pieces, the first
 * when the slug names it alone ({@link sluggedPart}); else its whole text.
 */
function linkName(a: HTMLElement): string | undefined {
  let at = a;
  for (let depth = 0; depth <= MAX_LINK_WRAPPERS; depth++) {
    const kids = at.childNodes.filter((c) => c.nodeType === 1 || (c.nodeType === 3 && c.text.trim() !== ''));
    if (kids.some((c) => c.nodeType === 3)) break;
    const shown = (kids as HTMLElement[]).filter((c) => c.text.trim() !== '');
    if (shown.length === 1) {
      at = shown[0];
      continue;
    }
    if (shown.length >= 2 && shown.every((c) => LINE_TAGS.has(c.tagName))) return sluggedLine(a, shown) ?? nameText(shown[0]) ?? textOf(a);
    if (shown.length >= 2) return sluggedPart(a, shown) ?? textOf(a);
    break;
  }
  return textOf(a);
}

/** The words of a link's address's last segment (its slug), folded; empty when it has none. */
function linkSlug(a: HTMLElement): Set<string> {
  const href = (a.getAttribute('href') ?? '').slice(0, 500).split(/[?#]/)[0];
  let tail = href.split('/').filter(Boolean).pop() ?? '';
  try {
    tail = decodeURIComponent(tail);
  } catch {
    return new Set();
  }
  return new Set(slugWords(tail.replace(/\.[a-z]{2,5}$/i, '')));
}

/**
 * Of a link's lines, the one its address's slug names: every word of it in the slug, the most
 * words of the slug among such lines ('Pizzeria Napoli' over 'Pizzeria' under `/lieu/pizzeria-napoli`).
 * Undefined when no line is named so.
 */
function sluggedLine(a: HTMLElement, lines: HTMLElement[]): string | undefined {
  const slug = linkSlug(a);
  if (slug.size === 0) return undefined;
  let best: string | undefined;
  let most = 0;
  for (const line of lines) {
    const text = nameText(line);
    const own = text === undefined ? [] : slugWords(text);
    if (own.length > most && own.every((w) => slug.has(w))) [best, most] = [text, own.length];
  }
  return best;
}

/**
 * The first of a link's inline pieces when the link's own address names it and nothing else: a
 * page whose path ends with the name's slug (`/exposant/sarl-setif-plast-industrie/`), every word
 * of the first piece in it and a word of the pieces after it not ('SARL Sétif Plast Industrie' +
 * 'Hall A – Stand A03', a stand set beside the name in the same title). Undefined otherwise.
 */
function sluggedPart(a: HTMLElement, pieces: HTMLElement[]): string | undefined {
  const slug = linkSlug(a);
  if (slug.size === 0) return undefined;
  const first = nameText(pieces[0]);
  if (first === undefined) return undefined;
  const own = slugWords(first);
  const rest = pieces.slice(1).flatMap((p) => slugWords(p.text));
  return own.length > 0 && own.every((w) => slug.has(w)) && rest.some((w) => !slug.has(w)) ? first : undefined;
}

/**
 * Titles of a site's own blocks, whatever their markup: contact boxes, legal pages, newsletters,
 * ad slots, its notices ('Rappel', 'Important', 'Attention', 'Communiqué': a channel's word to its
 * readers between the companies it posts), its widgets' titles ('Liens utiles', 'Les plus consultés',
 * 'Agenda du blog', 'Catégories', 'Suivez-nous': a footer's columns written as the list's entries are),
 * its partners' box ('Nos partenaires', 'Sponsors': advertisers). A block named so is never a company
 * (its contacts are the site's or an advertiser's).
 */
const SITE_BLOCK_TITLE = /^(?:contactez[- ]nous|nous contacter|nous [ée]crire|[ée]crivez[- ]nous|contact(?:s| us)?|newsletter|[àa] propos(?: de nous)?|qui sommes[- ]nous|mentions l[ée]gales|conditions g[ée]n[ée]rales(?: d['’]utilisation)?|politique de confidentialit[ée]|plan du site|aide|faq|publicit[ée]|espace publicitaire|annonce|annonces|sponsoris[ée]e?s?|votre (?:publicit[ée]|annonce|entreprise) ici|rappel|important|attention|[àa] noter|avis important|communiqu[ée]|(?:nos )?partenaires|sponsors|liens(?: utiles| rapides)?|les plus (?:consult[ée]e?s|lu(?:e?s)?|vu(?:e?s)?|populaires)|agenda(?: du blog)?|calendrier|cat[ée]gories|archives|articles r[ée]cents|derniers articles|suivez[- ]nous|r[ée]seaux sociaux|useful links|quick links|recent posts|follow us|اتصل بنا|تواصل معنا|إعلان|روابط مفيدة|الأكثر قراءة|تابعونا)\s*[.:!]?$/iu;

/**
 * A title over a list, read as an entry's name where the list is written as a document (a Word
 * file saved as a web page, a blog post): it names a list ('Liste des entreprises implantées',
 * 'Annuaire des pépinières', 'Répertoire des …', 'List of …', 'قائمة …') or says when it was
 * brought up to date ('(mise à jour : octobre 2026)', 'actualisée le …', 'updated …'). No company
 * when it shows no contact.
 */
const LIST_TITLE = /^(?:(?:liste|annuaire|r[ée]pertoire)\s(?:des|de|du|d['’])|(?:list|directory)\sof\s|قائمة\s)|\bmises?\s[àa]\sjour\b|\bactualis[ée]e?s?\s(?:le|en|au)\b|\bupdated\b/iu;

/** Longest name looked at for a list's title ({@link LIST_TITLE}). */
const MAX_TITLE = 200;

function isListTitle(name: string): boolean {
  return LIST_TITLE.test(name.slice(0, MAX_TITLE));
}

/**
 * Names no company has: a menu's link home ('Accueil', 'Home'), a page number, a time or a date (a post's time link, '20:15',
 * '22/11/2026'), a pagination control ('2', '« Page précédente', 'Suivant »', the part it leads
 * to after a colon: 'Page suivante : Ouest & Sud »'), or an ad's label before its text
 * ('Annonce : …', 'Publicité - …', 'Publicité / WhatsApp', 'إعلان: …').
 */
const NOT_A_COMPANY = /^(?:accueil|home|page d['’]accueil|الرئيسية|\d{1,4}|\d{1,2}[:h]\d{2}(?::\d{2})?(?: ?[ap]m)?|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|[«‹<]?\s{0,3}(?:page )?(?:pr[ée]c[ée]dente?|suivante?|previous|next)(?: page)?(?:\s?:\s?[^:«»‹›<>]{1,60})?\s{0,3}[»›>]?|(?:annonces?|publicit[ée]s?|sponsoris[ée]e?s?|إعلان|اعلان)\s*[:：–—/-].*|[←«‹<↑]?\s{0,3}(?:retour(?:\s(?:[àa]|au|aux|vers)\s(?:la\s|l['’]\s?|les\s)?(?:premi[èe]re\s)?(?:page|liste|accueil|annuaire|sommaire|haut|r[ée]sultats?)(?:\s(?:pr[ée]c[ée]dente|\d{1,4}))?)?|back(?:\sto\s(?:the\s)?(?:list|top|results|page\s\d{1,4}|first\spage))?|haut de (?:la )?page|page\s\d{1,4}|العودة(?:\s(?:إلى|الى)\s[\p{L}\s]{1,30})?)\s{0,3}[»›>↑]?)$/iu;

/** A date, a time, a page number, a pager's word or a navigation link's ('← Retour à la page 1', '« Retour à la première page', 'Back to top') is no name ({@link NOT_A_COMPANY}, {@link WORDED_DATE}): the next step is looked at. */
function notADate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  return NOT_A_COMPANY.test(t) || (t.length <= 40 && WORDED_DATE.test(t)) || isSaidAge(t) ? undefined : text;
}

/** A bold field label ('Téléphone :', 'Mél:', 'E-mail') is no name. */
function notALabel(text: string | undefined): string | undefined {
  return text === undefined || /[:：]$/.test(text) || LABEL_CELL.test(text) || LABEL_WORDS.test(text) ? undefined : text;
}

/** A contact field's label alone, in its common wordings ('Tél. fixe', 'N° de téléphone', 'Cell', 'Adresse e-mail', 'الهاتف'). */
const LABEL_WORDS = /^(?:t[ée]l[ée]?(?:phone)?\.?(?: (?:fixe|portable|mobile|bureau))?|n° de t[ée]l[ée]phone|num[ée]ro de t[ée]l[ée]phone|phone|mobile|portable|cell(?:ulaire)?|gsm|fixe|fax\.?(?: bureau)?|t[ée]l[ée]copie(?:ur)?|e-?mail|courriel|mail|m[ée]l|adresse (?:e-?mail|[ée]lectronique)|(?:ال)?(?:هاتف|فاكس|جوال|نقال)|البريد(?: الإلكتروني)?)\s?[.:：]?$/iu;

/**
 * The label written before a seller's link in a product or ad entry ('Vendu par', 'Proposé par',
 * 'Fournisseur :', 'Vendeur :', 'Boutique :', 'Annonceur :', 'Publié par', 'Sold by', 'Supplier:').
 * Tested on the last characters before the link only. A bare 'par' / 'by' is an author, not a seller.
 */
const SELLER_LABEL = /(?:^|[^\p{L}])(?:vendu(?:e|s|es)? par|propos[ée](?:e|s|es)? par|publi[ée](?:e|s|es)? par|post[ée](?:e|s|es)? par|sold by|offered by|listed by|posted by|fournisseur|vendeur|revendeur|annonceur|boutique|magasin|supplier|seller|vendor|advertiser|store|البائع|المعلن|المورد)\s?[:：]?$/iu;

/** Of the {@link SELLER_LABEL}s, those a blog also writes before its author's name ('Publié par', 'Posté par', 'Posted by'). */
const BYLINE_LABEL = /(?:^|[^\p{L}])(?:publi[ée](?:e|s|es)? par|post[ée](?:e|s|es)? par|posted by)\s?[:：]?$/iu;

/**
 * The entry's seller link: a link whose own text is a name (letters, not an action) written right
 * after a seller label, in its parent's text before it, or in the element before its parent
 * ('<span>Vendu par</span> <a>…</a>', '<dt>Fournisseur</dt><dd><a>…</a></dd>').
 */
function sellerLink(el: HTMLElement, parts: ItemParts): HTMLElement | undefined {
  for (const a of parts.anchors) {
    // (Every test is pure: a contact link is ruled out by its href, most others by the text before
    // them, before their own text is read.)
    if (!namingLink(a)) continue;
    const before = textBefore(el, a);
    if (!before || !SELLER_LABEL.test(before)) continue;
    // (A blog's byline, 'Posté par <a href="/author/admin/">', names who wrote the post; an ad's 'Annonceur : <a href="/author/x/">' its advertiser.)
    if (BYLINE_LABEL.test(before) && authorLink(a)) continue;
    const text = textOf(a);
    if (text && /\p{L}{2}/u.test(text) && !NOT_A_NAME_LINK.test(text)) return a;
  }
  return undefined;
}

/**
 * A link to a blog author's archive: `rel=author`, or a path with an `author` / `authors` /
 * `auteur` segment (WordPress and Ghost `/author/x/`, Serendipity `/authors/1-Admin`). 'Posté par
 * <a>Admin</a>' on a blog's entry names who wrote it, no seller (a classified ad's 'Annonceur' link
 * to the same archive names its advertiser: see {@link BYLINE_LABEL}).
 */
function authorLink(a: HTMLElement): boolean {
  if (/\bauthor\b/i.test(attrOf(a, 'rel') ?? '')) return true;
  const href = attrOf(a, 'href') ?? '';
  return href.length <= 500 && /^(?:[a-z]+:\/\/[^/]+)?(?:\/[^/?#]+){0,3}\/(?:authors?|auteurs?)\/[^/?#]/i.test(href);
}

/**
 * The last 40 characters written right before a link of an entry: the few nodes before it in its
 * parent (a label is one text, perhaps in a span), else the element before its parent. Bounded work.
 */
function textBefore(el: HTMLElement, a: HTMLElement): string {
  const parent = a.parentNode;
  if (!parent) return '';
  const kids = parent.childNodes;
  const at = kids.indexOf(a);
  let before = '';
  for (let i = at - 1; i >= 0 && i >= at - 3 && before.length < 60; i--) before = kids[i].text.slice(-60) + before;
  before = clean(before);
  if (!before && parent !== el) before = clean((parent.previousElementSibling?.text ?? '').slice(-60));
  return before.slice(-40);
}

/**
 * A seller label of classified ads ('Annonceur :', 'Publié par', 'Posted by', 'المعلن'): the link
 * after it is the advertiser's member profile, while his phone is on the ad's own page (the
 * "show phone" box of Osclass, ClassiPress, OuedKniss-like sites). A shop's label ('Vendu par',
 * 'Boutique', 'Sold by') leads to the shop's page, which holds the seller's contacts.
 */
const ADVERTISER_LABEL = /(?:^|[^\p{L}])(?:publi[ée](?:e|s|es)? par|post[ée](?:e|s|es)? par|posted by|listed by|annonceur|advertiser|المعلن)\s?[:：]?$/iu;

/** Class words of an ad's or a product's seller line ('listing-seller', 'ad-vendeur', 'advertiser'). */
const SELLER_WORDS = new Set(['seller', 'vendeur', 'vendor', 'annonceur', 'advertiser', 'merchant', 'marchand']);
/** Elements looked at, at most, for an entry's seller line. */
const MAX_SELLER_WALK = 300;
/** Longest seller line read. */
const MAX_SELLER_LINE = 160;
/**
 * What a seller line writes before the seller's name: its type as classifieds sites show it
 * ('Professionnel', 'Pro', 'Particulier', 'Entreprise', 'Boutique', 'محترف') or a seller label
 * ('Vendu par', 'Annonceur :'), then a separator.
 */
const SELLER_LINE_LEAD = /^(?:professionnel(?:le)?|particulier|pro|entreprise|soci[ée]t[ée]|boutique|magasin|store|business|محترف|vendu(?:e|s|es)? par|propos[ée](?:e|s|es)? par|publi[ée](?:e|s|es)? par|sold by|annonceur|vendeur|المعلن|البائع)(?=[\s·•|:：–—(-])[\s)]{0,3}[·•|:：–—-]?\s{0,3}/iu;

/**
 * An ad's or a product's seller named as text, no link (an Osclass card's `<div
 * class="listing-seller"><span>Professionnel</span> · X</div>`): the first element of the entry
 * classed as its seller ({@link SELLER_WORDS}; a 'best-seller' badge is not one) whose text is the
 * seller's type or a seller label, then a name. A line of its own, read in a bounded walk.
 */
function sellerLine(el: HTMLElement): string | undefined {
  const stack: HTMLElement[] = [el];
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_SELLER_WALK) {
    const e = stack.pop()!;
    if (e !== el && e.classList.length > 0) {
      const words = classWords(e);
      if (words.some((w) => SELLER_WORDS.has(w)) && !words.includes('best')) {
        // (A line of a few nodes, or none: its link, when it has one, is the seller link's.)
        const line = shortText(e, MAX_SELLER_LINE);
        const lead = line && !descendants(e).some((d) => d.tagName === 'A') ? SELLER_LINE_LEAD.exec(line) : null;
        const name = line && lead ? clean(line.slice(lead[0].length)) : '';
        if (name.length >= 2 && /\p{L}{2}/u.test(name) && !name.includes('@') && (name.match(/\d/g) ?? []).length < 6 && !NOT_A_NAME_LINK.test(name)) return name;
        continue;
      }
    }
    for (let i = e.childNodes.length - 1; i >= 0; i--) if (e.childNodes[i].nodeType === 1) stack.push(e.childNodes[i] as HTMLElement);
  }
  return undefined;
}

/** Link texts that are actions, not names. */
const NOT_A_NAME_LINK = /^(?:voir|d[ée]tails?|plus|en savoir|afficher|contact)/i;

/** A link's whole text that is a button of a map's result card, not a name ('Itinéraire', 'Site web', 'Appeler', 'Partager'). */
const ACTION_LINK = /^(?:itin[ée]raires?|directions?|y aller|site(?: web| internet)?|website|appeler|call|partager|share|enregistrer|save|r[ée]server|commander|ouvrir|open)\s?[.:!»›>]?$/iu;

/** Longest aria-label read as a name. */
const MAX_ARIA = 160;

/**
 * An entry's accessible name when its text sets none apart: the `aria-label` of the entry itself
 * (`<div role="article" aria-label="X">`), else of a link of its own that shows no text (a card's
 * overlay link `<a aria-label="X" href="/lieu/x"></a>`), else that link's `title`. A label that is an
 * action ('Itinéraire'), a field ('Téléphone') or holds no letter is no name.
 */
function accessibleName(el: HTMLElement, parts: ItemParts): string | undefined {
  const read = (v: string | undefined) => {
    if (!v || v.length > MAX_ARIA) return undefined;
    const t = clean(v);
    return t && /\p{L}{2}/u.test(t) && !ACTION_LINK.test(t) && !NOT_A_NAME_LINK.test(t) && notALabel(t) ? t : undefined;
  };
  const own = read(el.getAttribute('aria-label'));
  if (own) return own;
  for (const a of parts.anchors) {
    if (!namingLink(a) || textOf(a)) continue;
    const v = read(a.getAttribute('aria-label')) ?? read(a.getAttribute('title'));
    if (v) return v;
  }
  return undefined;
}

/** Elements looked at, at most, for an entry's leading logo. */
const MAX_LOGO_WALK = 60;
/** Elements whose content is never a card's opening: scripts, styles, templates, icons. */
const NO_TEXT_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'SVG']);

/**
 * What a picture's alt says when it describes the picture, not whom it shows: 'Logo', 'Photo',
 * 'Image', 'Avatar', 'Icône', 'Bannière', 'Photo du dépôt', a placeholder, or a file name ('logo.png').
 */
/** What a logo's alt says when it names no one: a default picture, the kind of entry ('entreprise', 'société'). */
const PLACEHOLDER_ALT = /^(?:par d[ée]faut|d[ée]faut|default|g[ée]n[ée]rique|generic|entreprise|soci[ée]t[ée]|company|business|exposant|exhibitor|membre|member|partenaire|partner|annonceur|client|marque|brand)$/iu;
const PICTURE_WORDS = /^(?:(?:le |la |l['’]|notre )?(?:logos?|photos?|images?|pictures?|avatar|ic[ôo]ne|icon|banni[èe]re|banner|vignette|thumbnail|placeholder|default|sans (?:logo|image|photo)|no (?:logo|image|photo)|صورة|شعار)(?:[ \t](?:de|du|des|of)[ \t].{0,160}|[ \t]d['’].{0,160})?|[\w.-]{0,80}\.(?:png|jpe?g|gif|svg|webp))$/iu;

/**
 * An entry named only by its logo (a trade fair's exhibitor wall, a members' or partners' grid whose
 * text is a hover overlay of stand and contacts): the alt of the picture the entry opens with,
 * before any text, else its title, when the picture is the entry's logo (a class or file name with
 * 'logo') or its alt and title say the same. A 'Logo de X' alt names X; an alt that only describes
 * the picture ('Logo', 'Photo', 'logo.png'), a field or an action names nothing. A bounded walk.
 */
function logoName(el: HTMLElement): string | undefined {
  const stack = [...el.childNodes].reverse();
  let steps = 0;
  while (stack.length > 0 && ++steps <= MAX_LOGO_WALK) {
    const n = stack.pop()!;
    // (Text before any picture: the entry opens with words, its first line names it.)
    if (n.nodeType === 3) {
      if (n.rawText.trim() !== '') return undefined;
      continue;
    }
    if (n.nodeType !== 1) continue;
    const e = n as HTMLElement;
    if (e.tagName !== 'IMG') {
      if (!NO_TEXT_TAGS.has(e.tagName)) for (let i = e.childNodes.length - 1; i >= 0; i--) stack.push(e.childNodes[i]);
      continue;
    }
    const alt = clean((e.getAttribute('alt') ?? '').slice(0, MAX_ARIA));
    const title = clean((e.getAttribute('title') ?? '').slice(0, MAX_ARIA));
    const marked = /logo/i.test(`${e.getAttribute('class') ?? ''} ${e.parentNode?.getAttribute('class') ?? ''} ${(e.getAttribute('src') ?? '').slice(0, 300)}`);
    if (!marked && (alt === '' || alt !== title)) return undefined;
    for (const v of [alt, title]) {
      const t = clean(v.replace(/^logo\s(?:de\s|du\s|d['’]\s?|of\s)?/iu, ''));
      // (What is left of 'Logo par défaut', 'Logo entreprise' or a file's name, 'logo-acme-300x200', names nothing.)
      if (PLACEHOLDER_ALT.test(t) || (!/\s/.test(t) && /[-_]/.test(t) && /\d/.test(t))) continue;
      if (t.length >= 2 && /\p{L}{2}/u.test(t) && !PICTURE_WORDS.test(t) && !/^logo$/i.test(t) && !t.includes('@') && !ACTION_LINK.test(t) && !NOT_A_NAME_LINK.test(t) && notALabel(t)) return t;
    }
    return undefined;
  }
  return undefined;
}

/** A link that may carry an entry's name: not a contact link, a protected e-mail, an anchor or a script. */
function namingLink(a: HTMLElement): boolean {
  return !/^(?:mailto:|tel:|javascript:|#)|email-protection/i.test((a.getAttribute('href') ?? '').trim());
}

/** Whether a naming link of the entry (one with a name-like text) comes before its first bold text, in document order. */
function linkFirst(el: HTMLElement | undefined, parts: ItemParts): boolean {
  const bold = parts.bold;
  if (!el || !bold) return false;
  const link = parts.anchors.find((a) => namingLink(a) && !inByline(a, el) && !NOT_A_NAME_LINK.test(textOf(a) ?? 'voir') && /\p{L}{2}/u.test(textOf(a) ?? ''));
  if (!link || closest(bold, (a) => a === link) || closest(link, (a) => a === bold)) return false;
  for (const d of descendants(el)) {
    if (d === link) return true;
    if (d === bold) return false;
  }
  return false;
}

/**
 * The name in an accordion entry's `<summary>`: its heading, bold or name-classed element, else
 * its own text without the small print beside the name (`<small>`, stars, an approval number in
 * a span of its own).
 */
function summaryName(summary: HTMLElement | undefined): string | undefined {
  if (!summary) return undefined;
  const inner = descendants(summary).find((d) => /^H[1-6]$/.test(d.tagName) || d.tagName === 'STRONG' || d.tagName === 'B' || /name|nom|title|titre|raison/.test(classText(d)));
  if (inner) return nameText(inner);
  const own = summary.childNodes.filter((c) => c.nodeType === 3 || ((c as HTMLElement).tagName !== 'SMALL' && (c as HTMLElement).tagName !== 'SPAN')).map((c) => c.text).join(' ');
  if (clean(own)) return clean(own);
  // Only spans, none marked: the first is the name, the others its small print ('agrément n° 38/2011').
  const spans = summary.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && /\p{L}{2}/u.test(c.text));
  return (spans.length >= 2 ? nameText(spans[0]) : undefined) ?? nameText(summary);
}

/** A name field's label written before it ('Nom de l'entreprise : X', 'Raison sociale: X', 'Nom : X', 'Titre : X'; see {@link COMPANY_NAME_LABEL}), removed. */
function withoutLabel(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const m = LABELLED_NAME.exec(text);
  return m ? m[1] : text;
}
const LABELLED_NAME = new RegExp(String.raw`^(?:${COMPANY_NAME_LABEL}|nom|company|name|titre|title|الاسم)\s{0,3}:\s{0,3}(.+)$`, 'iu');

/** Header words of a table's name column. */
const NAME_HEADER = /raison|soci[ée]t[ée]|entreprise|^nom|name|company|d[ée]nomination|enseigne|الاسم|الشركة|المؤسسة/i;

/**
 * Header words of a register's holder column, when no column is headed by a name word: an
 * administration's table of titles, permits or approvals lists each act under its number and
 * names the company that holds it ('Titulaire', 'Bénéficiaire', 'Attributaire', 'Exploitant',
 * 'Concessionnaire', 'Détenteur', صاحب / المستفيد), and tender minutes each bid under the
 * bidder's name ('Soumissionnaire', 'Adjudicataire', المتعهد). The header begins with the word: a
 * person's column, 'Pharmacien titulaire', does not.
 */
const HOLDER_HEADER = /^(?:titulaire|b[ée]n[ée]ficiaire|attributaire|adjudicataire|soumissionnaire|exploitant|concessionnaire|d[ée]tenteur|holder|bidder|(?:ال)?مستفيد|صاحب|(?:ال)?متعامل|(?:ال)?متعهد)(?![\p{L}])/iu;

/**
 * Header words of a list's member column, when no column is headed by a name or holder word: a
 * fair's exhibitors ('Stand | Hall | Exposant | Ville'), an association's or a chamber's members
 * ('Adhérent', 'Membre'), a buyer's suppliers ('Fournisseur', 'Prestataire', 'Opérateur'), in
 * French, English or Arabic. The header begins with the word ('N° adhérent' is a number's column).
 */
const MEMBER_HEADER = /^(?:exposants?|adh[ée]rents?|membres?|fournisseurs?|prestataires?|exhibitors?|members?|suppliers?|vendors?|(?:ال)?عارض(?:ون|ين)?|(?:ال)?منخرط(?:ون|ين)?|(?:ال)?مورد(?:ون|ين)?)(?![\p{L}])/iu;

/**
 * A header naming a person, not a company: a bare 'Nom', 'Name', 'Nom et prénom', 'Nom complet',
 * الاسم واللقب. A members' table (an association's or a club's public list: Dolibarr's 'Prénom |
 * Nom | Société | Ville', a fair's contacts 'Nom et prénom | Entreprise | Tél.') writes the
 * member's name before the company's column ({@link COMPANY_HEADER}).
 */
const PERSON_HEADER = /^(?:nom|name|pr[ée]noms?|first ?name|last ?name|full ?name|nom complet|nom (?:et|&|\/) pr[ée]noms?|pr[ée]noms? (?:et|&|\/) nom|nom,? pr[ée]noms?|الاسم|اللقب|الاسم و ?اللقب|اللقب و ?الاسم)\s{0,3}:?$/iu;

/** A header naming the company's column itself (its first words): those of {@link COMPANY_NAME_LABEL} ('Société', 'Raison sociale', 'Nom de l'entreprise'), 'Organisme', 'Organisation', 'Company', 'الشركة', 'المؤسسة'. */
const COMPANY_HEADER = new RegExp(String.raw`^(?:${COMPANY_NAME_LABEL}|organisme|organisation|company|الشركة|المؤسسة)(?![\p{L}])`, 'iu');

/**
 * A table's name column among its headers: one headed by a name word, else by a holder word (see
 * {@link HOLDER_HEADER}), else by a member's ({@link MEMBER_HEADER}); -1 when none. A person's column ({@link PERSON_HEADER}) gives way to a
 * company's column beside it: each row is the member's company.
 */
function nameColumn(headers: readonly string[]): number {
  const named = headers.findIndex((h) => NAME_HEADER.test(h));
  if (named !== -1 && PERSON_HEADER.test(headers[named])) {
    const company = headers.findIndex((h, i) => i !== named && COMPANY_HEADER.test(h));
    if (company !== -1) return company;
  }
  if (named !== -1) return named;
  const holder = headers.findIndex((h) => HOLDER_HEADER.test(h));
  if (holder !== -1) return holder;
  // ('Organisation | Membres | Tél.': the organisation's column names the rows, its members are counted.)
  const company = headers.findIndex((h) => COMPANY_HEADER.test(h));
  return company !== -1 ? company : headers.findIndex((h) => MEMBER_HEADER.test(h));
}

/** A table's person column when its company column names the rows (see {@link nameColumn}); -1 when none. */
function personColumn(headers: readonly string[], at: number): number {
  const person = headers.findIndex((h) => NAME_HEADER.test(h));
  return person !== at && person !== -1 && PERSON_HEADER.test(headers[person]) ? person : -1;
}

/** The header cells' texts of a row's table (a thead row, else the first row with th cells), or [] when it has none. */
function rowHeaders(row: HTMLElement, ctx: PageContext): string[] {
  const found = tableHeader(row, ctx);
  const columns = found.columns?.get(row);
  return columns === undefined ? found.headers : columns.map((c) => found.headers[c] ?? '');
}

/** Words of header cells: a first row of plain cells made of two or more of them is the table's header. */
const HEADER_CELL = /^(?:raison sociale|nom|name|soci[ée]t[ée]|entreprise|d[ée]nomination|enseigne|activit[ée]s?|secteur|cat[ée]gorie|adresse|address|ville|commune|wilaya|t[ée]l[ée]?(?:phone)?s?\.?|mobile|portable|fixe|gsm|fax\.?|t[ée]l[ée]copieur|t[ée]l[ée]copie|e-?mail|courriel|mail|site(?: web| internet)?|contact|n°|rc|nif|الاسم|(?:ال)?(?:هاتف|فاكس|جوال|نقال|عنوان|موقع)|(?:ال)?بريد(?: (?:ال)?إلكتروني)?)$/iu;

/** A table's header row, its cells' texts, and the rows above it (a title, a note: never entries). */
interface TableHeader {
  row?: HTMLElement;
  headers: string[];
  above?: Set<HTMLElement>;
  /** The column of each cell of a row that a cell above spans into (a commune over its companies): the row's cells start further right. */
  columns?: Map<HTMLElement, number[]>;
}

/** A row's table header: its row (a thead row, a row of th cells, or a first row of header words) and the cells' texts. */
function tableHeader(row: HTMLElement, ctx: PageContext): TableHeader {
  const table = closest(row.parentNode, (a) => a.tagName === 'TABLE');
  if (!table) return { headers: [] };
  let found = ctx.tableHeaders.get(table);
  if (found === undefined) {
    const rows = descendants(table).filter((d) => d.tagName === 'TR');
    const first = rows[0];
    // (A holder's column, 'Soumissionnaire' beside 'N°' in tender minutes, is a header word too.)
    const words = (tr: HTMLElement) => cells(tr).filter((c) => { const t = clean(c.text).replace(/\s*:$/, ''); return HEADER_CELL.test(t) || (t.length <= 40 && HOLDER_HEADER.test(t)); }).length;
    let header =
      rows.find((tr) => tr.parentNode?.tagName === 'THEAD') ??
      rows.find((tr) => tr.childNodes.some((c) => (c as HTMLElement).tagName === 'TH')) ??
      (first && words(first) >= 2 ? first : undefined);
    // A header of column letters or row numbers (a published spreadsheet) above the real one: the first row of header words.
    if (!header || words(header) < 2) header = rows.slice(0, 6).find((tr) => words(tr) >= 2) ?? header;
    if (header) {
      const stacked = headerRows(header, rows);
      // (A header's lower rows are no entries either: with plain cells nothing else tells them apart.)
      found = { row: header, headers: headerTexts(stacked), above: new Set([...rows.slice(0, rows.indexOf(header)), ...stacked.slice(1)]) };
      const columns = spannedColumns(table, rows.slice(rows.indexOf(header) + stacked.length));
      if (columns !== undefined) found.columns = columns;
    } else found = { headers: [] };
    ctx.tableHeaders.set(table, found);
  }
  return found;
}

/** Most body rows of one table laid out on its grid for the cells spanning rows ({@link spannedColumns}). */
const MAX_SPANNED_ROWS = 5_000;
/** Most columns of a table laid out on its grid. */
const MAX_GRID_COLUMNS = 60;

/**
 * The columns of the cells of a table's body rows that start further right than their position
 * says, because a cell of a row above spans down into them (`rowspan`): a Word or Excel table
 * whose Commune cell spans its companies' rows leaves those rows without it, so their name is
 * under the commune's header and every field under the one before its own. Laid out once per
 * table on its grid; undefined when no body cell spans rows.
 */
function spannedColumns(table: HTMLElement, body: HTMLElement[]): Map<HTMLElement, number[]> | undefined {
  if (!body.slice(0, MAX_SPANNED_ROWS).some((tr) => cells(tr).some((c) => c.rawAttrs.includes('rowspan') && cellSpan(c, 'rowspan') > 1))) return undefined;
  const columns = new Map<HTMLElement, number[]>();
  // Rows still covered in each column by a cell of a row above.
  let carry: number[] = [];
  for (const tr of body.slice(0, MAX_SPANNED_ROWS)) {
    if (closest(tr.parentNode, (a) => a.tagName === 'TABLE') !== table) continue;
    const next = carry.map((n) => Math.max(0, n - 1));
    const at: number[] = [];
    let col = 0;
    let shifted = false;
    for (const cell of cells(tr)) {
      while (col < MAX_GRID_COLUMNS && (carry[col] ?? 0) > 0) {
        col++;
        shifted = true;
      }
      at.push(col);
      const wide = Math.min(cellSpan(cell, 'colspan'), MAX_GRID_COLUMNS);
      const down = cellSpan(cell, 'rowspan');
      for (let dc = 0; dc < wide && col + dc < MAX_GRID_COLUMNS; dc++) next[col + dc] = down - 1;
      col += wide;
    }
    if (shifted) columns.set(tr, at);
    carry = next;
  }
  return columns.size > 0 ? columns : undefined;
}

/** Most columns or rows one header cell is taken to span (a bound on hostile `colspan` values). */
const MAX_HEADER_SPAN = 50;

function cellSpan(c: HTMLElement, name: 'colspan' | 'rowspan'): number {
  return Math.min(MAX_HEADER_SPAN, Math.max(1, Number.parseInt(c.getAttribute(name) ?? '1', 10) || 1));
}

/**
 * A table's header rows: its header row and the rows under it that belong to the header (at
 * most four in all): rows of a `<thead>`, rows of `<th>` cells, and the rows its own cells
 * cover by their `rowspan` when they hold header words and no contact (a spreadsheet saved as
 * a web page, Excel's or LibreOffice's, writes its header as plain `<td>` cells: 'N°' and
 * 'Raison sociale' spanning two rows beside a 'Coordonnées' over 'Téléphone', 'Fax', 'E-mail').
 */
function headerRows(header: HTMLElement, rows: HTMLElement[]): HTMLElement[] {
  const at = rows.indexOf(header);
  const covered = cells(header).reduce((most, c) => Math.max(most, cellSpan(c, 'rowspan')), 1);
  const plainHeader = (tr: HTMLElement): boolean => {
    const list = cells(tr);
    return list.some((c) => HEADER_CELL.test(clean(c.text).replace(/\s*:$/, ''))) && list.every((c) => !c.text.includes('@') && (c.text.match(/\d/g) ?? []).length < 6);
  };
  const isHeaderRow = (tr: HTMLElement | undefined, below: number): tr is HTMLElement =>
    tr !== undefined &&
    tr.parentNode === header.parentNode &&
    (tr.parentNode?.tagName === 'THEAD' || cells(tr).every((c) => c.tagName === 'TH') || (below < covered && plainHeader(tr)));
  const stacked = [header];
  while (stacked.length < 4 && isHeaderRow(rows[at + stacked.length], stacked.length)) stacked.push(rows[at + stacked.length]);
  return stacked;
}

/**
 * The column headers of a table: its header row's cells' texts; when the header is written over
 * several rows (a `<thead>` of two rows, or rows of `<th>` cells, one under the other: 'Siège'
 * spanning 'Tél / Fax' and 'E-mail', 'N°' spanning both rows), each column's lowest header cell,
 * `colspan` and `rowspan` laid out on the grid, so that every body cell finds its own column's
 * header (else the upper row's few cells name the columns, and a number under 'Chef de chantier'
 * took the label of the cell before it, a fax).
 */
function headerTexts(stacked: HTMLElement[]): string[] {
  if (stacked.length < 2) return cells(stacked[0]).map((c) => clean(c.text));
  const grid: string[][] = stacked.map(() => []);
  stacked.forEach((tr, r) => {
    let col = 0;
    for (const cell of cells(tr)) {
      while (grid[r][col] !== undefined) col++;
      const text = clean(cell.text);
      const wide = cellSpan(cell, 'colspan');
      const down = Math.min(cellSpan(cell, 'rowspan'), stacked.length - r);
      for (let dr = 0; dr < down; dr++) for (let dc = 0; dc < wide; dc++) grid[r + dr][col + dc] = text;
      col += wide;
    }
  });
  const width = Math.max(...grid.map((g) => g.length));
  return Array.from({ length: width }, (_, c) => {
    for (let r = grid.length - 1; r >= 0; r--) if (grid[r][c]) return grid[r][c];
    return '';
  });
}

function cells(row: HTMLElement): HTMLElement[] {
  return row.childNodes.filter((c): c is HTMLElement => (c as HTMLElement).tagName === 'TD' || (c as HTMLElement).tagName === 'TH');
}

/** A table row's name: the cell under a name header, else the first cell with letters and no contact. */
function rowName(row: HTMLElement, ctx: PageContext): string | undefined {
  const headers = rowHeaders(row, ctx);
  const list = cells(row);
  const byHeader = nameColumn(headers);
  if (byHeader !== -1 && list[byHeader]) {
    // A member without a company (its company cell empty) is named by the person's column.
    const person = personColumn(headers, byHeader);
    const name = cellName(list[byHeader], headers[byHeader]) ?? (person !== -1 && list[person] ? cellName(list[person], headers[person]) : undefined);
    // A field's label ('Fax', 'E-mail') in the name column is a row of the company above, never a company.
    // (A member column of counts, 'Membres | 120', names nothing: the row is named as a table without a name column is.)
    if (!(MEMBER_HEADER.test(headers[byHeader]) && !/\p{L}{2}/u.test(name ?? ''))) return name !== undefined && LABEL_CELL.test(name) ? undefined : name;
  }
  return list.map((c, i) => cellName(c, headers[i])).find((t) => t !== undefined && !LABEL_CELL.test(t) && /\p{L}{2}/u.test(t) && !t.includes('@') && (t.match(/\d/g) ?? []).length < 6);
}

/** Tags that set a name apart in a cell ('<b>Name</b><br><em>Notaire</em>', an old page's '<font><b>Name</b></font><br>'). */
const CELL_NAME_TAGS = new Set(['B', 'STRONG', 'A', 'H3', 'H4', 'H5', 'H6', 'SPAN', 'FONT']);

/**
 * A cell's name: the cell's first element when it is bold (or a link, a heading, a span) and a
 * line break or a block follows it (the member's title, an activity written under the name),
 * else the cell's text; a first element repeating the column's header (a stacked table's label)
 * left out.
 */
function cellName(cell: HTMLElement, header?: string): string | undefined {
  let kids = cell.childNodes.filter((c) => c.nodeType === 1 || c.text.trim() !== '');
  // A stacked table (responsive: each cell repeats its column's header, shown on small screens only): that label is not the name.
  const label = kids[0];
  if (header && kids.length > 1 && label.nodeType === 1 && clean(label.text).toLowerCase() === header.toLowerCase()) {
    kids = kids.slice(1);
    if (kids.length === 1 && kids[0].nodeType === 1) return nameText(kids[0] as HTMLElement);
    return clean(kids.map((k) => k.text).join(' ')) || undefined;
  }
  // (A badge written after the name, 'Membre Premium', 'Vérifié ✔', stands between it and its line break.)
  // (So do a rating's star images and a small status in an element of its own, 'non classé', 'fermé le vendredi'.)
  const shown = kids.filter((k, i) => i === 0 || k.nodeType !== 1 || !(classWords(k as HTMLElement).some((w) => BADGE_WORDS.has(w)) || isBadge(k as HTMLElement) || isDecoration(k as HTMLElement))) as HTMLElement[];
  const [first, second] = shown;
  // (A translation under the name in a small span of its own is no status: 'مؤسسة X<br><span dir="ltr">Ets X</span>'.)
  const original = translatedName(shown) ?? translatedName(kids);
  if (original !== undefined) return original;
  if (first?.nodeType === 1 && CELL_NAME_TAGS.has(first.tagName) && second?.nodeType === 1 && (second.tagName === 'BR' || second.tagName === 'DIV' || second.tagName === 'P')) {
    const href = first.tagName === 'A' ? first.getAttribute('href') ?? '' : '';
    const name = /^(?:mailto:|tel:)/i.test(href) ? undefined : nameText(first);
    if (name && /\p{L}{2}/u.test(name)) return name;
  }
  // A bold name with its small print beside it on the same line, an approval or register number
  // ('<b>Pharmacie X</b> <font size="1">Agrément n° 12/DSP/2004</font>'): the bold element is the name.
  if (shown.length === 2 && first?.nodeType === 1 && second?.nodeType === 1 && isBoldElement(first) && !isBoldElement(second) && INLINE_PRINT_TAGS.has(second.tagName)) {
    const print = shortText(second, MAX_SMALL_PRINT);
    const name = print !== undefined && /\d/.test(print) ? nameText(first) : undefined;
    if (name && /\p{L}{2}/u.test(name)) return name;
  }
  // A word processor's cell writes each line as a paragraph (Word's MsoNormal): a first paragraph all in bold, another block under it, is the name.
  if ((first?.tagName === 'P' || first?.tagName === 'DIV') && second?.nodeType === 1 && (second.tagName === 'P' || second.tagName === 'DIV' || second.tagName === 'BR') && first.text.length <= MAX_BOLD_LINE) {
    const bold = first.querySelector('b, strong');
    const name = bold && clean(bold.text) === clean(first.text) ? nameText(bold) : undefined;
    if (name && /\p{L}{2}/u.test(name)) return name;
  }
  // A name written as the cell's own text, its small print in a block under it, a commune or an
  // activity without a contact ('Arzew Câblerie<div class="text-xs">Sidi Chami</div>'): the text.
  if (shown.length === 2 && first?.nodeType === 3 && second?.nodeType === 1 && (second.tagName === 'DIV' || second.tagName === 'P')) {
    const print = shortText(second, MAX_SMALL_PRINT);
    const name = print !== undefined && !print.includes('@') && (print.match(/\d/g) ?? []).length < 6 ? clean(first.text) : undefined;
    if (name && name.length <= MAX_BOLD_LINE && /\p{L}{2}/u.test(name)) return name;
  }
  return nameText(cell);
}

/** Longest name line read by {@link translatedName}. */
const MAX_TRANSLATED_LINE = 120;

/**
 * A bilingual register's name cell: the name, then its translation in another script in an
 * element of its own ('SARL Transit X<div dir="rtl">ش.ذ.م.م العبور X</div>', a line break between
 * or not): the first line is the name, the second only says it again. Read when the cell holds
 * those two parts alone, one written in Latin letters and no Arabic, the other in Arabic and no
 * Latin letters; undefined otherwise.
 */
function translatedName(kids: Node[]): string | undefined {
  const parts = kids.filter((k) => !(k.nodeType === 1 && (k as HTMLElement).tagName === 'BR'));
  if (parts.length !== 2 || kids.length - parts.length > 1 || parts[1].nodeType !== 1) return undefined;
  const texts = parts.map((k) => (k.nodeType === 1 ? shortText(k as HTMLElement, MAX_TRANSLATED_LINE) : k.text.length <= MAX_TRANSLATED_LINE ? clean(k.text) : undefined));
  if (texts.some((t) => t === undefined || t.length === 0)) return undefined;
  const [a, b] = texts.map((t) => scriptOf(t!));
  if (a === undefined || b === undefined || a === b) return undefined;
  // (A contact's link or an address written first is no name: 'x@y.dz' above 'شركة'.)
  const first = parts[0].nodeType === 1 ? (parts[0] as HTMLElement) : undefined;
  if (first?.tagName === 'A' && /^(?:mailto:|tel:)/i.test((first.getAttribute('href') ?? '').trim())) return undefined;
  if (texts[0]!.includes('@')) return undefined;
  return first ? nameText(first) : texts[0];
}

/** Inline elements that may hold a short status written after a name, on its line. */
const STATUS_TAGS = new Set(['SPAN', 'SMALL', 'FONT', 'I', 'EM', 'SUP']);
/** Longest status read so. */
const MAX_STATUS = 30;

/**
 * An image (a rating's stars, an icon), or a short status in an inline element of its own
 * ('non classé', 'ouvert 24h'), without a digit or an e-mail: what may follow a name on its line.
 */
function isDecoration(el: HTMLElement): boolean {
  if (el.tagName === 'IMG') return true;
  if (!STATUS_TAGS.has(el.tagName)) return false;
  const text = shortText(el, MAX_STATUS);
  return text !== undefined && text.length <= MAX_STATUS && !/[\d@]/.test(text) && /\p{L}{2}/u.test(text);
}

/** Inline elements that hold a name's small print beside it ({@link cellName}). */
const INLINE_PRINT_TAGS = new Set(['FONT', 'SPAN', 'SMALL', 'EM', 'I']);
/** Longest small print written beside a bold name ('Agrément n° 220/DSP/2001', 'RC 07B0012345'). */
const MAX_SMALL_PRINT = 80;

/** Whether an element is bold: `<b>` / `<strong>`, bold by its style, or an inline element holding only one (`<font><b>Name</b></font>`). */
function isBoldElement(el: HTMLElement): boolean {
  if (el.tagName === 'B' || el.tagName === 'STRONG' || isInlineBold(el)) return true;
  const inner = el.childNodes.filter((c) => c.nodeType === 1 || c.text.trim() !== '');
  return inner.length === 1 && inner[0].nodeType === 1 && ((inner[0] as HTMLElement).tagName === 'B' || (inner[0] as HTMLElement).tagName === 'STRONG');
}

/** Longest first paragraph of a cell read as its bold name line. */
const MAX_BOLD_LINE = 300;

/** A cell that is a field's label ('Tél', 'Fax', 'E-mail'): the value is in the next cell. */
const LABEL_CELL = /^(?:t[ée]l[ée]?(?:phone)?|tel|mobile|gsm|portable|fixe|fax|t[ée]l[ée]copieur|t[ée]l[ée]copie|e-?mail|courriel|mail|الهاتف|الجوال|الفاكس|البريد الإلكتروني)\.?(?: ?\d)? ?:?$/iu;

/**
 * A company written over several table rows: its name cell spans them (`rowspan`), and the
 * following rows hold only the cells it does not cover (one contact means a row: 'Fax' then its
 * number). Those rows are joined to the first one: moved into it (its links and text are the
 * company's) and dropped as entries of their own; the company's text is each row's cells after
 * their column's header (aligned from the right: the spanned columns come first), a label cell
 * joined to the value beside it ('Fax : 025 47 12 31').
 */
function joinSpannedRows(scopes: Scope[], ctx: PageContext): void {
  const joined = new Set<HTMLElement>();
  const rowsOf = new Map<HTMLElement, { list: HTMLElement[]; at: Map<HTMLElement, number> }>();
  const siblings = (parent: HTMLElement) => {
    let rows = rowsOf.get(parent);
    if (!rows) {
      const list = parent.childNodes.filter((c): c is HTMLElement => (c as HTMLElement).tagName === 'TR');
      rows = { list, at: new Map(list.map((r, i) => [r, i])) };
      rowsOf.set(parent, rows);
    }
    return rows;
  };
  // A details row found as the entry (its contacts, the row above only its fields): the row spanning down onto it stands for it.
  const inScope = new Set(scopes.map((sc) => sc.el));
  for (const scope of scopes) {
    const parent = scope.el?.tagName === 'TR' ? scope.el.parentNode : null;
    if (!parent) continue;
    const rows = siblings(parent);
    const above = spanningRowAbove(rows.list, rows.at.get(scope.el!) ?? 0);
    if (!above || inScope.has(above)) continue;
    inScope.add(above);
    scope.el = above;
  }
  for (const scope of scopes) {
    const row = scope.el;
    if (!row || row.tagName !== 'TR' || joined.has(row)) continue;
    const headers = rowHeaders(row, ctx);
    const list = cells(row);
    const at = Math.max(0, nameColumn(headers));
    const named = Number.parseInt(attrOf(list[at] ?? row, 'rowspan') ?? '1', 10);
    // Another cell spanning rows (the N°) may be a group's (a commune over its companies): only rows of one cell across the columns are then this company's.
    const span = named > 1 ? named : list.reduce((most, c) => Math.max(most, cellSpan(c, 'rowspan')), 1);
    if (!(span > 1) || list.length === 0) continue;
    const parent = row.parentNode;
    if (!parent) continue;
    // Each table body's rows and their positions, once (a lookup per row would be quadratic).
    const rows = siblings(parent);
    const from = rows.at.get(row) ?? 0;
    const rest = rows.list.slice(from + 1, from + Math.min(span, 50)).filter((r) => !joined.has(r) && cells(r).length < list.length && (named > 1 || acrossRow(r)));
    if (rest.length === 0) continue;
    const lines = [row, ...rest].flatMap((r) => rowLines(r, headers));
    ctx.rowTexts ??= new Map();
    ctx.rowTexts.set(row, lines.join('\n'));
    for (const r of rest) {
      joined.add(r);
      for (const c of r.childNodes) {
        c.parentNode = row;
        row.childNodes.push(c);
      }
      r.childNodes = [];
    }
  }
  // The joined rows leave their table (one pass per table body).
  for (const parent of rowsOf.keys()) if (parent.childNodes.some((c) => joined.has(c as HTMLElement))) parent.childNodes = parent.childNodes.filter((c) => !joined.has(c as HTMLElement));
  if (joined.size > 0) for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i].el && joined.has(scopes[i].el!)) scopes.splice(i, 1);
}

/** A row of one cell across several columns (`colspan`): a note, a heading, or the details of the record above it. */
function acrossRow(row: HTMLElement): boolean {
  const only = cells(row);
  return only.length === 1 && cellSpan(only[0], 'colspan') > 1;
}

/**
 * A table row of one cell across the columns (`colspan`) with no contact, left after the title
 * rows were joined: a section's heading ('Commune de Aflou', 'Daïra de Tablat', a letter) over
 * the rows below it, never an entry.
 */
function withoutSectionRows(scopes: Scope[]): void {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const row = scopes[i].el;
    if (row?.tagName !== 'TR') continue;
    const only = cells(row);
    if (only.length === 1 && Number.parseInt(only[0].getAttribute('colspan') ?? '1', 10) > 1 && !hasContactText(row)) scopes.splice(i, 1);
  }
}

/** Most elements of an entry looked through for a widget of the site's own ({@link withoutWidgetBlocks}). */
const MAX_WIDGET_WALK = 400;
/** What the raw attributes of a widget's element hold ({@link isWidgetClass}'s words): one look rules out most elements. */
const WIDGET_HINT = /count|odometer|cta|call/i;

/**
 * Whether a class names a widget of the site's own that a page builder sets in the same columns
 * as the members: a counter of figures (Elementor's `elementor-counter`, Spectra's `uagb-counter`,
 * counterUp, Odometer) or a call to action (`elementor-cta`, `wp-block-uagb-call-to-action`,
 * `fl-module-cta`).
 */
function isWidgetClass(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i].toLowerCase();
    if (w === 'counter' || w === 'countup' || w === 'counterup' || w === 'odometer' || w === 'cta') return true;
    if (w === 'call' && words[i + 1]?.toLowerCase() === 'to' && words[i + 2]?.toLowerCase() === 'action') return true;
  }
  return false;
}

/**
 * Drops the entries that are a page builder's widgets of the site's own: a column of the same
 * class as the members' (Elementor's `elementor-column`, a Gutenberg column) holding only a
 * counter ('64 entreprises adhérentes') or a call to action ('Rejoindre la fédération', with the
 * membership e-mail). Such an entry's text is all inside the widget; a member's card with a
 * small call-to-action button keeps its name and contacts outside it. Bounded walk per entry.
 */
function withoutWidgetBlocks(scopes: Scope[]): void {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const el = scopes[i].el;
    if (!el) continue;
    // (The entry's text is measured only once a widget is met: most entries hold none.)
    let whole: number | undefined;
    const stack: HTMLElement[] = [el];
    let seen = 0;
    let widget = false;
    while (stack.length > 0 && seen++ < MAX_WIDGET_WALK) {
      const at = stack.pop()!;
      if (at.rawAttrs !== '' && WIDGET_HINT.test(at.rawAttrs) && isWidgetClass(classWords(at))) {
        whole ??= el.text.replace(/\s+/g, '').length;
        if (whole === 0) break;
        widget = at.text.replace(/\s+/g, '').length * 10 >= whole * 9;
        if (widget) break;
        continue;
      }
      for (const c of at.childNodes) if (c.nodeType === 1) stack.push(c as HTMLElement);
    }
    if (widget) scopes.splice(i, 1);
  }
}

/** Fewest links of a line of links to other pages ({@link withoutLinkLines}). */
const MIN_LINE_LINKS = 3;
/** Longest entry text looked at as a line of links. */
const MAX_LINK_LINE = 600;

/**
 * Drops the entries that are a line of links to other pages, as an editor types one among the
 * paragraphs of a list ('Autres wilayas : Oran · Tlemcen · Mascara', 'Voir aussi : A | B | C'):
 * three or more links, no contact, and outside the links nothing but an opening label ending in a
 * colon and the separators between them. A company's paragraph has words of its own (an
 * address, a line of contacts) besides any link.
 */
function withoutLinkLines(scopes: Scope[]): void {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const el = scopes[i].el;
    if (!el || el.text.length > MAX_LINK_LINE || hasContactText(el)) continue;
    const links = el.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && (c as HTMLElement).tagName === 'A');
    if (links.length < MIN_LINE_LINKS) continue;
    const linked = new Set<Node>(links);
    const rest = el.childNodes
      .filter((c) => !linked.has(c))
      .map((c) => c.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const label = /^[^:]{0,40}:/u.exec(rest)?.[0].length ?? 0;
    if (/^[\s·•|,;/–—-]*$/u.test(rest.slice(label))) scopes.splice(i, 1);
  }
}

/**
 * Whether a table row fills every column of its table's header and holds a name under its name
 * column ('Raison sociale'): such a row names its company itself, and a one-cell row above it
 * is a section's heading (a commune, a sector), never its name, however many rows have one.
 */
function namesItself(row: HTMLElement, ctx: PageContext): boolean {
  const headers = rowHeaders(row, ctx);
  const list = cells(row);
  const at = nameColumn(headers);
  if (at === -1 || list.length !== headers.length) return false;
  const name = cellName(list[at], headers[at]);
  return name !== undefined && /\p{L}{2}/u.test(name) && !LABEL_CELL.test(name) && !hasContactText(list[at]);
}

/** Least share of a table's record rows that must each follow a title row of their own for the rows to be joined. */
const TITLE_ROW_SHARE = 0.8;

/**
 * A company written over two rows with a period (an old static list: a coloured row holding only
 * its name across the columns, then the row of its activity, numbers and e-mail, then perhaps an
 * empty spacer row): when nearly every record row (at least two, {@link TITLE_ROW_SHARE}) follows
 * a row of its own, spacer rows aside, that is one cell of short text with letters and no contact,
 * that title row is joined to it (its cell first: the company's name) and leaves the table. A
 * heading row over a group of rows (a category) precedes only the group's first: no join.
 */
function joinTitleRows(scopes: Scope[], ctx: PageContext): void {
  const rows = scopes.flatMap((sc) => (sc.el?.tagName === 'TR' ? [sc.el] : []));
  if (rows.length < 2) return;
  // Each table body's rows and their positions, once.
  const siblingsOf = new Map<HTMLElement, { list: HTMLElement[]; at: Map<HTMLElement, number> }>();
  const blank = (r: HTMLElement): boolean => shortText(r, 8)?.trim() === '';
  const titles = new Map<HTMLElement, HTMLElement>();
  // A record row: several cells, or (a one-column layout table) one cell of contacts under a name set apart.
  const single = (r: HTMLElement): boolean => cells(r).length === 1 && hasContactText(r);
  for (const row of rows) {
    const parent = row.parentNode;
    if (!parent || (cells(row).length < 2 && !single(row))) continue;
    let sib = siblingsOf.get(parent);
    if (!sib) {
      const list = parent.childNodes.filter((c): c is HTMLElement => (c as HTMLElement).tagName === 'TR');
      sib = { list, at: new Map(list.map((r, i) => [r, i])) };
      siblingsOf.set(parent, sib);
    }
    let i = (sib.at.get(row) ?? 0) - 1;
    while (i >= 0 && blank(sib.list[i])) i--;
    const title = sib.list[i];
    if (!title || titles.has(title)) continue;
    const only = cells(title);
    const text = only.length === 1 ? shortText(only[0], 120) : undefined;
    if (!text || !/\p{L}{2}/u.test(text) || hasContactText(only[0])) continue;
    if (cells(row).length === 1 && !setApartName(only[0], text)) continue;
    if (namesItself(row, ctx)) continue;
    titles.set(row, title);
  }
  const wide = rows.filter((r) => cells(r).length >= 2 || single(r)).length;
  if (titles.size < 2 || titles.size < wide * TITLE_ROW_SHARE) return;
  ctx.rowTexts ??= new Map();
  const joined = new Set<HTMLElement>();
  const join = (row: HTMLElement, title: HTMLElement): void => {
    const lines = [clean(blockText(cells(title)[0])), ...rowLines(row, rowHeaders(row, ctx))];
    ctx.rowTexts!.set(row, lines.join('\n'));
    for (const c of title.childNodes) c.parentNode = row;
    row.childNodes = [...title.childNodes, ...row.childNodes];
    title.childNodes = [];
    joined.add(title);
  };
  // Table bodies of one-cell records (a one-column layout table), known before the rows are joined.
  const oneColumn = new Set<HTMLElement>();
  for (const row of titles.keys()) if (cells(row).length === 1) oneColumn.add(row.parentNode!);
  for (const [row, title] of titles) join(row, title);
  // In a one-column table, the rows left of one cell: a member's name row over its row without any
  // contact is that member; the others (the list's title, its count, a note) are no entries.
  const drop = new Set<HTMLElement>();
  if (oneColumn.size > 0) {
    const inScope = new Set(scopes.map((sc) => sc.el));
    const title = (r: HTMLElement): boolean => {
      const only = cells(r);
      const text = only.length === 1 ? shortText(only[0], 120) : undefined;
      return text !== undefined && /\p{L}{2}/u.test(text) && setApartName(only[0], text);
    };
    for (const parent of oneColumn) {
      const list = siblingsOf.get(parent)!.list.filter((r) => !joined.has(r) && !blank(r));
      for (let i = 0; i < list.length; i++) {
        const r = list[i];
        if (!inScope.has(r) || titles.has(r) || cells(r).length !== 1 || hasContactText(r)) continue;
        const next = list[i + 1];
        if (next && inScope.has(next) && !titles.has(next) && cells(next).length === 1 && !hasContactText(next) && title(r) && !title(next) && labelledLines(cells(next)[0])) {
          join(next, r);
          i++;
        } else drop.add(r);
      }
    }
  }
  for (const parent of siblingsOf.keys()) parent.childNodes = parent.childNodes.filter((c) => !joined.has(c as HTMLElement));
  // Title rows that were found as entries of their own are now their record's.
  for (let k = scopes.length - 1; k >= 0; k--) if (scopes[k].el && (joined.has(scopes[k].el!) || drop.has(scopes[k].el!))) scopes.splice(k, 1);
}

/** Whether a cell is written as a record's lines: two or more (a line break) and a label ('Adresse :'). */
function labelledLines(cell: HTMLElement): boolean {
  return cell.querySelector('br') !== null && /\p{L}[\p{L}.)]{0,30}[ \u00a0]?:/u.test(cell.text.slice(0, 2000));
}

/** Whether a cell's text (`text`, read short) is mostly a name set apart: bold, a heading, a link. */
function setApartName(cell: HTMLElement, text: string): boolean {
  const name = cell.querySelector('b, strong, h2, h3, h4, h5, h6, a');
  const own = name ? shortText(name, 120) : undefined;
  return own !== undefined && own.length * 2 >= text.length;
}

/** A row's lines: each cell after its column's header (aligned from the right), a label cell joined to the next cell. */
function rowLines(row: HTMLElement, headers: string[]): string[] {
  const list = cells(row);
  const offset = Math.max(0, headers.length - list.length);
  const lines: string[] = [];
  for (let j = 0; j < list.length; j++) {
    const text = clean(blockText(list[j]));
    if (LABEL_CELL.test(text) && j + 1 < list.length) {
      lines.push(`${text.replace(/\s?:$/, '')} : ${blockText(list[j + 1])}`);
      j++;
    } else lines.push(`${headers[offset + j] ?? ''} :\n${blockText(list[j])}`);
  }
  return lines;
}

/**
 * The text a row's contacts are read from: each cell after its column's header, so the header is
 * the label ('Fax: 021 ...'). The header ends its line: a label the cell writes itself ('Tél :
 * 041 …' under a 'Téléphone / Fax' header) is then that number's label, never joined to the
 * header's (labels name one number together only on one line).
 */
function rowText(row: HTMLElement, ctx: PageContext): string {
  const headers = rowHeaders(row, ctx);
  return cells(row).map((c, i) => `${headers[i] ?? ''} :\n${blockText(c)}`).join('\n');
}

function readActivity(scope: Scope, selectors: SourceSelectors): string | undefined {
  const { el, md } = scope;
  // The first step that finds one wins ('||': a step's '' finds none), as in readName.
  const activity =
    (selectors.activity && el ? el.querySelectorAll(selectors.activity).map(textOf).find(Boolean) : undefined) ||
    (scope.ld.length > 0 ? scope.ld.map((o) => firstText(o.knowsAbout) ?? firstText(o.category) ?? firstText(o.description)).find(Boolean) : undefined) ||
    (md ? ['knowsAbout', 'category', 'description'].flatMap((p) => ownProps(md, p)).map(propValue).map(clean).find(Boolean) : undefined) ||
    textOf(partsOf(scope)?.activity);
  return activity ? activity.slice(0, MAX_TEXT) : undefined;
}

/**
 * The e-mails of a scope, the directory's subtracted: those of the selector when it finds any;
 * else those of the first of JSON state, schema.org, mailto: links and data-* attributes that
 * finds any, with every address written in the text (obfuscated or not) beside them.
 */
function readEmails(scope: Scope, ctx: PageContext, selectors: SourceSelectors): string[] {
  const { el } = scope;
  const parts = partsOf(scope);
  if (selectors.email && el) {
    const bySelector = ownEmails(el.querySelectorAll(selectors.email).flatMap((m) => findEmails(`${m.outerHTML}\n${m.text}`)), ctx);
    if (bySelector.length > 0) return bySelector;
  }
  // The first step that finds any (each is pure: a step after one that finds is not needed).
  let given = scope.json ? ownEmails(scope.json.emails.flatMap(findEmails), ctx) : [];
  if (given.length === 0 && (scope.ld.length > 0 || scope.md)) {
    given = ownEmails([
      ...scope.ld.flatMap((o) => schemaValues(o, 'email').flatMap(findEmails)),
      ...(scope.md ? scope.md.querySelectorAll('[itemprop~=email]').flatMap((p) => findEmails(propValue(p))) : []),
    ], ctx);
  }
  if (given.length === 0 && parts) given = ownEmails([...links(parts, 'mailto:').flatMap((v) => v.split(/[,;]/).map((e) => normalizeEmail(e))), ...dataValues(parts, EMAIL_ATTRS).flatMap(findEmails)], ctx);
  const written = parts ? ownEmails(writtenEmails(parts), ctx) : [];
  return written.length === 0 ? given : given.length === 0 ? written : unique([...given, ...written]);
}

/**
 * The e-mails written in an item: in its raw text (the entities as written, its attributes), and,
 * when that holds an '@' or an entity, in its text as shown, entities decoded (an address written
 * wholly as entities) and its text nodes joined (an address cut by HTML comments,
 * 'contact<!-- anti-spam -->@<!-- -->x.dz', shows whole; the raw text has each piece on its own line).
 */
function writtenEmails(parts: ItemParts): string[] {
  return findEmails(parts.raw.includes('&') || parts.raw.includes('@') ? `${parts.raw}\n${parts.text}` : parts.raw);
}

/** E-mails each once, the directory's (its contacts, its own domain) left out. */
function ownEmails(list: (string | undefined)[], ctx: PageContext): string[] {
  return unique(list).filter((e) => !ctx.siteContacts.has(e) && !onOwnDomain(e, ctx));
}

/** data-* attributes that hold a phone, a fax or an e-mail (a number behind an "Afficher le numéro" button). */
const PHONE_ATTRS = ['data-phone', 'data-tel', 'data-telephone', 'data-mobile', 'data-gsm', 'data-phone-number', 'data-numero', 'data-number', 'data-contact'];
const FAX_ATTRS = ['data-fax'];
const EMAIL_ATTRS = ['data-email', 'data-mail', 'data-contact'];

/** The values of the given data-* attributes on an item and its descendants. */
function dataValues(parts: ItemParts, attrs: readonly string[]): string[] {
  const out: string[] = [];
  if (parts.data.size === 0) return out;
  for (const a of attrs) {
    const values = parts.data.get(a);
    if (values) for (const v of values) out.push(v);
  }
  return out;
}

/**
 * The first step (selector, JSON state, schema.org, tel: links and data-* attributes, labelled
 * text) that finds phones not subtracted, plus, unless a selector gave them, the numbers the
 * text labels as phones ('Tél : 0550 ...' beside a number behind an "Afficher" button); faxes
 * (schema.org faxNumber, data-fax, numbers labelled Fax / Télécopie / فاكس) are gathered from
 * every step and never returned as phones unless also given as one.
 */
function readPhones(scope: Scope, ctx: PageContext, selectors: SourceSelectors): { phones: string[]; faxes: string[] } {
  const { el } = scope;
  const parts = partsOf(scope);
  const card = parts ? cardTels(parts) : { phones: [], faxes: [] };
  const faxes = new Set<string>(card.faxes);
  if (scope.json) for (const f of scope.json.faxes.flatMap(phonesIn)) faxes.add(f);
  for (const o of scope.ld) for (const f of schemaValues(o, 'faxNumber').flatMap(phonesIn)) faxes.add(f);
  if (parts) for (const f of dataValues(parts, FAX_ATTRS).flatMap(phonesIn)) faxes.add(f);
  // Numbers of the text with their labels (a number only labelled fax is not among the phones).
  const text = el && parts ? readNumbers(el.tagName === 'TR' ? ctx.rowTexts?.get(el) ?? rowText(el, ctx) : parts.text) : { phones: [], faxes: [], labelled: [] };
  for (const f of text.faxes) faxes.add(f);
  const fromJson = scope.json ? scope.json.phones.flatMap(phonesIn) : [];
  const fromSchema = scope.ld.length > 0 || scope.md ? [
    ...scope.ld.flatMap((o) => schemaValues(o, 'telephone').flatMap(phonesIn)),
    ...(scope.md ? scope.md.querySelectorAll('[itemprop~=telephone]').flatMap((p) => phonesIn(propValue(p))) : []),
  ] : [];
  const fromLinks = parts ? [...links(parts, 'tel:').flatMap(phonesIn), ...whatsappNumbers(parts).flatMap(phonesIn), ...dataValues(parts, PHONE_ATTRS).flatMap(phonesIn), ...card.phones] : [];
  // On a company's own page, a number written alone in a row of the contact list whose other row links its number by tel: (the template linked only the first).
  if (scope.kind === 'page' && parts && fromLinks.length > 0) fromLinks.push(...rowmateNumbers(parts, faxes));
  let phones = selectors.phone && el ? ownPhones(el.querySelectorAll(selectors.phone).flatMap((m) => [...links(itemParts(m), 'tel:', m).flatMap(phonesIn), ...findPhonesAndFaxes(blockText(m)).phones]), ctx) : [];
  if (phones.length === 0) {
    // The first step that finds any (each is pure: a step after one that finds is not needed).
    for (const step of [fromJson, fromSchema, fromLinks, text.phones]) {
      phones = ownPhones(step, ctx);
      if (phones.length > 0) break;
    }
    // A number the text labels as a phone is one, beside those of a tel: link or a button; in
    // an entry (a card, a row), any number of its text is its own (the directory's were subtracted).
    const labelled = ownPhones(scope.kind === 'item' ? text.phones : text.labelled, ctx);
    if (labelled.length > 0) phones = unique([...phones, ...labelled]);
  }
  // A number given as a fax is a phone only when also given as one (a tel: link, data, schema.org, a
  // phone label): written in the text without a label (an hCard tel whose type, read by the tel,
  // is left out of the text) it is no phone. A link (tel:, a button's data) whose number the text writes
  // only under a fax label ('Fax : <a href="tel:…">031 …</a>') gives no phone: the template links every number.
  if (faxes.size === 0) return { phones, faxes: [] };
  if (phones.some((p) => faxes.has(p))) {
    const faxOnly = new Set(text.faxes.filter((f) => !text.phones.includes(f)));
    const given = new Set([...fromJson, ...fromSchema, ...fromLinks.filter((p) => !faxOnly.has(p)), ...text.labelled]);
    phones = phones.filter((p) => !faxes.has(p) || given.has(p));
  }
  return { phones, faxes: [...faxes].filter((f) => !ctx.siteContacts.has(f)) };
}

/** Most tel: links, and most rows beside each, looked at for a contact list's unlinked numbers ({@link rowmateNumbers}). */
const MAX_ROW_LINKS = 10;
const MAX_ROWMATES = 20;
/** Levels climbed from a tel: link to its row. */
const MAX_ROW_DEPTH = 3;
/** A row's whole text that is one number alone: digits, '+', spaces, dots, dashes, brackets, slashes (bounded: linear). */
const LONE_NUMBER = /^\+?[\d\s()./-]{8,30}$/;

/** Attributes of a row's markup that name its pictogram, and the words of a fax or a printer in them. */
const ICON_NAME_ATTRS = ['class', 'src', 'alt', 'title', 'aria-label', 'href', 'xlink:href', 'data-icon'];
const FAX_MARK = /fax|print|imprim|t[eé]l[eé]copi/i;
/** Elements of a row looked at for its pictogram's name. */
const MAX_ROW_ELEMENTS = 20;

/** An Algerian number's shape: 9 or 10 digits, separators aside, 0 then 2-7 (fixed, mobile), or the same after +213 / 00213 (its 0 dropped or bracketed). */
function isAlgerianNumber(text: string): boolean {
  const d = text.replace(/[\s()./-]/g, '');
  const national = d.startsWith('+213') ? d.slice(4) : d.startsWith('00213') ? d.slice(5) : undefined;
  return national === undefined ? /^0[2-7]\d{7,8}$/.test(d) : /^0?[2-7]\d{7,8}$/.test(national);
}

/** Whether a row's markup says fax: its or its elements' class, src, alt, title... (`<img src="/img/fax.png">`, `icon-print`, 'Télécopie'). */
function saysFax(row: HTMLElement): boolean {
  for (const el of [row, ...row.querySelectorAll('*').slice(0, MAX_ROW_ELEMENTS)]) {
    for (const name of ICON_NAME_ATTRS) {
      const v = el.getAttribute(name);
      if (v !== undefined && FAX_MARK.test(v.slice(0, 300))) return true;
    }
  }
  return false;
}

/**
 * The numbers written alone, without a link or a label, in the rows of a company page's contact
 * list one of whose rows links its number by `tel:` (`<li class="contact-row"><svg …/><a
 * href="tel:…">…</a></li><li class="contact-row"><svg …/><span>0661 …</span></li>`: rows marked by
 * pictograms only, the template linking only the first number). A row is the tel: link's ancestor
 * (at most {@link MAX_ROW_DEPTH} levels up, not the page itself) that has a sibling of its own tag
 * and class; its rowmates of that shape whose whole text is one number ({@link LONE_NUMBER}) of an
 * Algerian phone's shape (9 or 10 digits: no date has so many) give it, unless the row holds a link, its markup says fax (an
 * `<img src="fax.png">`, a printer's class: {@link saysFax}) or the page gives the number as a fax
 * (`faxes`: a label or an icon font of the row's text, schema.org, data-fax).
 */
function rowmateNumbers(parts: ItemParts, faxes: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const rows = new Set<HTMLElement>();
  for (const a of parts.anchors.slice(0, MAX_ROW_LINKS * 4)) {
    if (rows.size >= MAX_ROW_LINKS) break;
    if (!(a.getAttribute('href') ?? '').trim().toLowerCase().startsWith('tel:')) continue;
    let row: HTMLElement = a;
    for (let depth = 0; depth < MAX_ROW_DEPTH && row.parentNode && !PAGE_TAGS.has(row.parentNode.tagName); depth++) {
      const parent = row.parentNode;
      const shape = `${row.tagName} ${classText(row)}`;
      const mates = parent.childNodes.filter((c): c is HTMLElement => c.nodeType === 1 && c !== row && `${(c as HTMLElement).tagName} ${classText(c as HTMLElement)}` === shape);
      if (mates.length > 0 && row !== a) {
        if (rows.has(row)) break;
        rows.add(row);
        for (const mate of mates.slice(0, MAX_ROWMATES)) {
          const text = mate.text.length > 80 ? '' : collapseSpaces(mate.text).trim();
          if (!LONE_NUMBER.test(text) || !isAlgerianNumber(text) || mate.querySelector('a') !== null || saysFax(mate)) continue;
          // A fax by its label or its icon font is among the page text's faxes (the row's text is the page's); by the page's data (schema.org faxNumber, data-fax) too.
          for (const p of phonesIn(text)) if (!faxes.has(p)) out.push(p);
        }
        break;
      }
      row = parent;
    }
  }
  return out;
}

/** Phones each once, the directory's left out. */
function ownPhones(list: (string | undefined)[], ctx: PageContext): string[] {
  return unique(list).filter((p) => !ctx.siteContacts.has(p));
}

/**
 * The numbers of an entry's hCard `tel` elements, by their `type` (hidden or not): 'fax' makes
 * a fax, any other type (work, cell, voice) a phone. The value is the `value` element's text,
 * else the tel's own text without its types. A tel with neither is read with its own labels
 * ('Fax bureau : …' a fax).
 */
function cardTels(parts: ItemParts): { phones: string[]; faxes: string[] } {
  const out = { phones: [] as string[], faxes: [] as string[] };
  for (const tel of parts.tels) {
    const kids = tel.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
    const types = kids.filter(isCardTelType).map((t) => t.text.trim().toLowerCase());
    const value = kids.find((k) => k.classList.contains('value'));
    if (types.length > 0 || value) {
      const numbers = phonesIn(value ? value.text : blockText(tel));
      (types.some((t) => /fax|t[ée]l[ée]copi|فاكس/u.test(t)) ? out.faxes : out.phones).push(...numbers);
      continue;
    }
    // No type nor value element: the tel's own label says ('Fax bureau : 043 …', 'Portable : …').
    const { phones, faxes } = readNumbers(blockText(tel));
    out.phones.push(...phones);
    out.faxes.push(...faxes);
  }
  return out;
}

/** A link to a vCard: a `.vcf` path, or a `type` of text/vcard or text/x-vcard. */
function isVcardLink(a: HTMLElement): boolean {
  const href = a.getAttribute('href') ?? '';
  const cut = href.search(/[?#]/);
  // (A path lower-cased ends with '.vcf' when its last four characters are those, in any case:
  // no other character lower-cases into one of them. An element whose raw attributes do not
  // hold 'type' has none: its attributes are not parsed for it.)
  return VCF_PATH.test(cut === -1 ? href : href.slice(0, cut)) || (hasAttr(a, 'type') && /^text\/(?:x-)?vcard\b/i.test(a.getAttribute('type') ?? ''));
}
const VCF_PATH = /\.vcf$/i;

/** The entry's vCard link on the directory's own host, absolute. */
function readVcardUrl(scope: Scope, ctx: PageContext): string | undefined {
  for (const a of partsOf(scope)?.anchors ?? []) {
    if (!isVcardLink(a)) continue;
    const url = absolute(a.getAttribute('href') ?? '', ctx.base);
    if (url && sameHost(url, ctx.pageUrl)) return url;
  }
  return undefined;
}

function readDetailUrl(scope: Scope, ctx: PageContext, selectors: SourceSelectors, name: string): string | undefined {
  const { el } = scope;
  const parts = partsOf(scope);
  const heading = parts?.heading;
  // The first step giving a link on the page's host wins; the steps are written out, each looked at only when those before gave none.
  return (
    (selectors.detailLink && el ? detailLink(el.querySelectorAll(selectors.detailLink).map(hrefOf), ctx) : undefined) ??
    (scope.md ? detailLink(ownProps(scope.md, 'url').map(propValue), ctx) : undefined) ??
    (scope.ld.length > 0 ? detailLink(scope.ld.map((o) => firstText(o.url)), ctx) : undefined) ??
    detailLink([scope.json?.url], ctx) ??
    // A product's seller link: the seller's page is the company's (an ad's advertiser link is his
    // member profile: the ad's own page, below, shows his phone).
    (el && parts ? detailLink([shopLink(scope, el, parts)?.getAttribute('href')], ctx) : undefined) ??
    // The heading's link (inside it or around it).
    (heading ? detailLink([heading.tagName === 'A' ? heading.getAttribute('href') : parts?.anchors.find((a) => closest(a.parentNode, (p) => p === heading))?.getAttribute('href'), closest(heading, (a) => a.tagName === 'A')?.getAttribute('href')], ctx) : undefined) ??
    // An entry that is itself a link (a Bootstrap `list-group` of `<a class="list-group-item">`, the whole card clickable): its own href.
    (el && el.tagName === 'A' ? detailLink([el.getAttribute('href')].filter((h) => h !== undefined && !/^(?:mailto:|tel:|javascript:|#)/i.test(h)), ctx) : undefined) ??
    // Else a link of the entry itself ('Voir la fiche', the name), not a contact or a category.
    (parts ? detailLink(parts.anchors.filter((a) => !isVcardLink(a)).map((a) => a.getAttribute('href')).filter((h) => h !== undefined && !/^(?:mailto:|tel:|javascript:|#)/i.test(h)), ctx) : undefined) ??
    // Else, for microdata around the contacts only, the link of its entry that bears its name (the heading above the block).
    (scope.entry ? detailLink(namedLinks(scope.entry, name), ctx) : undefined) ??
    // Else the fragment an htmx control of the entry loads ('Coordonnées' swapping the entry's card into a dialog).
    (el ? detailLink(htmxGets(el), ctx) : undefined)
  );
}

/** Most elements of an entry looked at for an htmx request. */
const MAX_HTMX_WALK = 2000;

/**
 * The URLs the htmx controls under `el` GET (`hx-get`, `data-hx-get`), in order: the entry's own
 * page or fragment, the way an htmx site links a card to its details without an href. Requests
 * that change something (`hx-post`, `hx-delete` …) are none. Looks at most {@link MAX_HTMX_WALK}
 * elements.
 */
function htmxGets(el: HTMLElement): string[] {
  const out: string[] = [];
  const stack: HTMLElement[] = [el];
  for (let seen = 0; stack.length > 0 && seen < MAX_HTMX_WALK; seen++) {
    const node = stack.pop()!;
    if (node.rawAttrs.includes('hx-get')) {
      const url = node.getAttribute('hx-get') ?? node.getAttribute('data-hx-get');
      if (url) out.push(url);
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) {
      const child = node.childNodes[i];
      if (child.nodeType === 1) stack.push(child as HTMLElement);
    }
  }
  return out;
}

/** The hrefs of the links under `el` whose whole text is `name` (case and spacing aside). */
function namedLinks(el: HTMLElement, name: string): string[] {
  const key = foldName(name);
  const out: string[] = [];
  for (const a of descendants(el)) {
    if (a.tagName !== 'A') continue;
    const text = shortText(a, 200);
    const href = text !== undefined && foldName(text) === key ? attrOf(a, 'href') : undefined;
    if (href !== undefined && !/^(?:mailto:|tel:|javascript:|#)/i.test(href)) out.push(href);
  }
  return out;
}

/** Elements that hold a whole page, never one entry. */
const PAGE_TAGS = new Set(['HTML', 'BODY', 'MAIN']);

/**
 * The entry around each microdata organisation read as an item that marks only its contact block
 * (Odoo's members and partners pages: `<address itemscope itemtype=Organization>` under the
 * member's heading link and logo): its widest ancestor holding no other organisation of the page,
 * below the page's body, kept as the scope's `entry`, where its name link is looked for; an
 * organisation that gives no name (`name`, `legalName`, `alternateName`) has its entry read
 * instead of itself (name, contacts and links), the organisation's properties still its. One walk
 * up from each organisation (the ancestors' counts first), so the work is bounded by the
 * organisations times the page's depth.
 */
function microdataEntries(scopes: Scope[], root: HTMLElement): void {
  const marked = scopes.filter((s) => s.md !== undefined && s.el === s.md);
  if (marked.length === 0) return;
  const counts = new Map<HTMLElement, number>();
  for (const s of marked) for (let a = s.md!.parentNode; a && a !== root; a = a.parentNode) counts.set(a, (counts.get(a) ?? 0) + 1);
  for (const s of marked) {
    let entry: HTMLElement | undefined;
    for (let a = s.md!.parentNode; a && a !== root && counts.get(a) === 1 && !PAGE_TAGS.has(a.tagName); a = a.parentNode) entry = a;
    if (!entry) continue;
    s.entry = entry;
    // An organisation that gives no name of its own marks only its entry's address or numbers
    // (Odoo's contact widget set to the address field): its entry is what is read, when it is one
    // of a list (its parent holds other marked entries; a lone one's widest ancestor is the page's wrapper).
    const parent = entry.parentNode;
    if (parent && (counts.get(parent) ?? 0) >= 2 && !NAME_PROPS.some((p) => ownProps(s.md!, p).some((e) => clean(propValue(e)) !== ''))) s.el = entry;
  }
}

/** The microdata properties that name an organisation. */
const NAME_PROPS = ['name', 'legalName', 'alternateName'];

/** An element's link: its href, else its first link's. */
function hrefOf(m: HTMLElement | null | undefined): string | undefined {
  return m?.getAttribute('href') ?? m?.querySelector('a[href]')?.getAttribute('href');
}

/** The first of the hrefs that is a page of the directory's own host (absolute), neither this page nor the site's root. */
function detailLink(hrefs: (string | undefined)[], ctx: PageContext): string | undefined {
  for (const href of hrefs) {
    const url = pageOfSite(href, ctx);
    if (url) return url;
  }
  return undefined;
}

/** An href as a page of the directory's own host (absolute), or undefined: another host, this page, the site's root, not http(s), a Cloudflare-protected e-mail (`/cdn-cgi/l/email-protection#…`). */
function pageOfSite(href: string | undefined, ctx: PageContext): string | undefined {
  if (!href || href.includes('email-protection')) return undefined;
  ctx.pageLink ??= pageLink(ctx.pageUrl);
  const { host: pageHost, key: pageKey } = ctx.pageLink;
  let url: URL;
  try {
    url = new URL(href.trim(), ctx.base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host.toLowerCase().replace(/^www\./, '') !== pageHost) return undefined;
  if (withoutHash(url.href) === pageKey || ((url.pathname === '/' || url.pathname === '') && url.search === '')) return undefined;
  return url.href;
}

/**
 * The page's JSON-LD organisations under `root` (see {@link CONTAINERS}), the directory's own
 * excluded: among them, with the page, an organisation named as the site is (its `og:site_name`,
 * its home link, its title's last part: a newspaper's NewsMediaOrganization that gives only its
 * name), as for microdata ({@link microdataOrgs}).
 */
function jsonLdOrgs(scripts: readonly HTMLElement[], ctx: PageContext, page?: ParsedPage): Json[] {
  const out: Json[] = [];
  const blocks: unknown[] = [];
  let names: Set<string> | undefined;
  const namedAsSite = (node: Json) => {
    if (!page) return false;
    const name = firstText(node.name);
    names ??= siteNames(page, ctx);
    return name !== undefined && names.has(foldName(name));
  };
  const visit = (value: unknown, site: SiteNodes) => {
    if (Array.isArray(value)) value.forEach((v) => visit(v, site));
    else if (isJson(value)) {
      if (typesOf(value['@type']).some(isOrgType)) {
        if (!isDirectoryItself(value, ctx) && !isSiteNode(value, site) && !onlyDirectoryContacts(value, ctx) && !namedAsSite(value)) out.push(value);
        return;
      }
      for (const [k, v] of Object.entries(value)) if (CONTAINERS.has(k)) visit(v, site);
    }
  };
  for (const script of scripts) {
    // (A broken block is skipped; the page's other data still counts.)
    const value = ldJson(script);
    if (value !== undefined) blocks.push(value);
  }
  if (blocks.length === 0) return out;
  const site = siteNodes(blocks);
  for (const block of blocks) visit(block, site);
  return out;
}

/**
 * A `<script type="application/ld+json">`'s value, its HTML comment or CDATA wrapper and control
 * characters removed; undefined for another script or a block that is no JSON.
 */
function ldJson(script: HTMLElement): unknown {
  if ((attrOf(script, 'type') ?? '').split(';')[0].trim().toLowerCase() !== 'application/ld+json') return undefined;
  const text = script.rawText
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
    .replace(/[\u0000-\u001f]+/g, ' ');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the page's JSON-LD says of the directory itself: its pages' publisher (by @id) and its site's root. */
interface SiteNodes {
  ids: Set<string>;
  roots: Set<string>;
}

/** schema.org types of the directory's own pages and site. */
const SITE_PAGE_TYPE = /^(?:website|webpage|collectionpage|searchresultspage|itempage|aboutpage|contactpage|profilepage|faqpage|qapage|checkoutpage|medicalwebpage|realestatelisting)$/;
/** Properties of a page or site naming who runs it. */
const SITE_OWNERS = ['publisher', 'author', 'creator', 'copyrightHolder', 'provider', 'maintainer', 'sourceOrganization', 'accountablePerson', 'funder', 'sponsor', 'producer'];

/**
 * The @ids of the organisations that publish (author, own …) the page's WebSite / WebPage /
 * CollectionPage nodes, and the root URLs of its WebSite nodes: the directory itself, wherever
 * it is hosted (its @id or url on its production domain, not the page's host).
 */
function siteNodes(blocks: unknown[]): SiteNodes {
  const ids = new Set<string>();
  const roots = new Set<string>();
  let nodes = 0;
  const stack: unknown[] = [...blocks];
  while (stack.length > 0 && nodes++ < 2_000) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v.slice(0, 500));
    else if (isJson(v)) {
      const types = typesOf(v['@type']).map((t) => t.trim().replace(/^.*[/#:]/, '').toLowerCase());
      if (types.some((t) => SITE_PAGE_TYPE.test(t))) {
        for (const prop of SITE_OWNERS) for (const ref of ([] as unknown[]).concat(v[prop] ?? [])) if (isJson(ref) && typeof ref['@id'] === 'string') ids.add(ref['@id']);
        if (types.includes('website')) for (const u of [firstText(v.url), typeof v['@id'] === 'string' ? v['@id'] : undefined]) if (u) roots.add(rootOf(u) ?? '');
      }
      if (Array.isArray(v['@graph'])) stack.push(v['@graph']);
    }
  }
  roots.delete('');
  return { ids, roots };
}

/** The root of a URL ('https://immo.dz/'), or undefined when it is not one. */
function rootOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.protocol}//${u.host.toLowerCase().replace(/^www\./, '')}/` : undefined;
  } catch {
    return undefined;
  }
}

/** An organisation the site's pages name as their publisher, or whose url / @id is its WebSite's root. */
function isSiteNode(node: Json, site: SiteNodes): boolean {
  const id = typeof node['@id'] === 'string' ? node['@id'] : undefined;
  if (id !== undefined && site.ids.has(id)) return true;
  return [firstText(node.url), id !== undefined && ownFragment(id) ? id : undefined].some((u) => {
    if (!u) return false;
    const root = rootOf(u);
    if (root === undefined || !site.roots.has(root)) return false;
    const path = new URL(u).pathname;
    return path === '/' || path === '';
  });
}

/**
 * Whether an @id names the site's own organisation ('https://immo.dz/', '…/#organization'), not
 * another node identified by a fragment of the root ('https://immo.dz/#agence-3').
 */
function ownFragment(id: string): boolean {
  const hash = id.indexOf('#');
  return hash === -1 || /^#\/?(?:schema\/)?(?:organi[sz]ation|publisher|editeur|éditeur|website|site|company|entreprise|brand|owner|identity)(?:[-_]?\d{0,3})?$/i.test(id.slice(hash));
}

/** An organisation that shows phones or e-mails, every one of them the directory's (its header, footer, every page): the directory. */
function onlyDirectoryContacts(node: Json, ctx: PageContext): boolean {
  const contacts = [...schemaValues(node, 'telephone').flatMap(phonesIn), ...schemaValues(node, 'email').flatMap(findEmails)];
  return contacts.length > 0 && contacts.every((c) => ctx.siteContacts.has(c) || (c.includes('@') && onOwnDomain(c, ctx)));
}

/** The microdata organisations outside the chrome, reached as top-level items or list entries. */
function microdataOrgs(page: ParsedPage, ctx: PageContext): HTMLElement[] {
  let site: Set<string> | undefined;
  let contactBlocks: Set<HTMLElement> | undefined;
  return page.elements.filter((el) => {
    if (!hasAttr(el, 'itemscope') || !isOrgScope(el) || insideChrome(el) || inChromeBlock(el) || !attached(el, page.root)) return false;
    const prop = el.getAttribute('itemprop');
    if (prop && !prop.split(/\s+/).some((p) => CONTAINERS.has(p))) return false;
    const url = ownProps(el, 'url').map(propValue)[0];
    if (url && isSiteRoot(absolute(url, ctx.base), ctx.pageUrl)) return false;
    // An organisation under the site's 'Contactez-nous' heading (a footer that is no <footer>): the directory itself.
    contactBlocks ??= afterSiteContactHeadings(page);
    if (underOneOf(el, contactBlocks)) return false;
    // An organisation named as the site is (whatever its block's class says): the directory itself.
    const name = ownProps(el, 'name').map(propValue)[0];
    site ??= siteNames(page, ctx);
    return !(name && site.has(foldName(name)));
  });
}

/** Element siblings after a site contact heading taken as its block, and levels looked up from an organisation for one. */
const MAX_HEADING_BACK = 3;
const MAX_HEADING_UP = 3;

/**
 * The blocks right under a heading of the site's own contact block ('Contactez-nous', 'Nous
 * contacter', 'Contact us', 'اتصل بنا'): the few element siblings after each such heading. One
 * pass over the page's headings.
 */
function afterSiteContactHeadings(page: ParsedPage): Set<HTMLElement> {
  const blocks = new Set<HTMLElement>();
  for (const h of page.elements) {
    if (!/^H[1-6]$/.test(h.tagName) && !h.classList.contains('widget-title') && !h.classList.contains('title')) continue;
    const text = shortText(h, 60);
    if (text === undefined || !SITE_CONTACT_HEADING.test(text.trim()) || !h.parentNode) continue;
    const kids = h.parentNode.childNodes;
    let after = 0;
    for (let i = kids.indexOf(h) + 1; i < kids.length && after < MAX_HEADING_BACK; i++) {
      if (kids[i].nodeType !== 1) continue;
      after++;
      blocks.add(kids[i] as HTMLElement);
    }
  }
  return blocks;
}

/** Whether an element, or one of its {@link MAX_HEADING_UP} nearest ancestors below the page's frame, is one of `blocks`. */
function underOneOf(el: HTMLElement, blocks: ReadonlySet<HTMLElement>): boolean {
  if (blocks.size === 0) return false;
  let e: HTMLElement | null = el;
  for (let up = 0; up < MAX_HEADING_UP && e && !isPageFrame(e); up++, e = e.parentNode) if (blocks.has(e)) return true;
  return false;
}

/**
 * The names the directory gives itself on a page: `og:site_name` / `application-name`, the text
 * of its links to its own home page (the logo link; the `alt` of its one image when it shows no
 * text), and the last part of the page's title
 * ('Opticiens à Ouargla - Guide Sud'). Folded (see {@link foldName}).
 */
function siteNames(page: ParsedPage, ctx: PageContext, fromTitle = true): Set<string> {
  const names = new Set<string>();
  for (const meta of page.byTag('META')) {
    const key = (attrOf(meta, 'property') ?? attrOf(meta, 'name') ?? '').toLowerCase();
    if (key === 'og:site_name' || key === 'application-name') names.add(foldName(attrOf(meta, 'content') ?? ''));
  }
  for (const a of page.byTag('A')) {
    const href = attrOf(a, 'href');
    if (href === undefined || !isSiteRoot(absolute(href, ctx.base), ctx.pageUrl)) continue;
    const text = shortText(a, 60);
    if (text) names.add(foldName(text));
    else if (text === '' && (/brand|logo/i.test(classAndId(a)) || insideChrome(a))) {
      // (Only the site's logo link, classed so or in its header or navigation: a member's card whose template links home when it has no page of its own names the member.)
      const logo = homeLogoAlt(a);
      if (logo) names.add(foldName(logo));
    }
  }
  const title = fromTitle ? page.byTag('TITLE')[0] : undefined;
  const parts = title ? (shortText(title, 200) ?? '').split(TITLE_SEPARATOR) : [];
  if (parts.length >= 2) names.add(foldName(parts[parts.length - 1]));
  names.delete('');
  return names;
}

/** Elements looked into for a home link's logo (its text empty: a few nodes). */
const MAX_LOGO_NODES = 12;

/** The `alt` of the one image a home link without text shows (the site's logo, `<a class="navbar-brand" href="/"><img alt="…">`): the site's name. */
function homeLogoAlt(a: HTMLElement): string | undefined {
  let alt: string | undefined;
  let images = 0;
  let nodes = 0;
  const stack: Node[] = [...a.childNodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (++nodes > MAX_LOGO_NODES) return undefined;
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (el.tagName === 'IMG') {
      if (++images > 1) return undefined;
      alt = attrOf(el, 'alt')?.trim();
    } else stack.push(...el.childNodes);
  }
  return alt && alt.length <= 60 && /\p{L}{2}/u.test(alt) ? alt : undefined;
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

/**
 * An organisation whose url or @id is the root of the directory's own host is the directory: the
 * page's host, or one the page declares as its site's (its canonical URL's, its WebSite node's),
 * as a directory reached at another address (a mirror, a proxy, a hosting address) still names
 * its production domain.
 */
function isDirectoryItself(node: Json, ctx: PageContext): boolean {
  return [firstText(node.url), typeof node['@id'] === 'string' && ownFragment(node['@id']) ? node['@id'] : undefined].some((u) => {
    const url = u ? absolute(u, ctx.base) : undefined;
    if (url === undefined) return false;
    if (isSiteRoot(url, ctx.pageUrl)) return true;
    const root = rootOf(url);
    if (root === undefined) return false;
    const parsed = new URL(url);
    if ((parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '') return false;
    const host = new URL(root).hostname;
    return (ctx.declaredHosts?.() ?? []).includes(host);
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
  // A list in one attribute ('0797637853,041691888'): each number on its own.
  if (/[,;|]/.test(v)) return unique(v.split(/[,;|]/).flatMap((p) => (p.trim() === '' ? [] : phonesIn(p))));
  const one = normalizePhone(v);
  return one ? [one] : findPhonesAndFaxes(v).phones;
}

/** The decoded targets of an item's links with a scheme (and of `self`, a link itself), scheme removed. */
function links(parts: ItemParts, scheme: 'mailto:' | 'tel:', self?: HTMLElement): string[] {
  const out: string[] = [];
  if (self && self.tagName === 'A') schemeTarget(self, scheme, out);
  for (const a of parts.anchors) schemeTarget(a, scheme, out);
  return out;
}

/** The numbers of an entry's WhatsApp links ({@link WHATSAPP_LINK}), with their '+'. */
function whatsappNumbers(parts: ItemParts): string[] {
  const out: string[] = [];
  for (const a of parts.anchors) {
    const h = (a.getAttribute('href') ?? '').trim();
    if (h.length > 400 || !/whatsapp|wa\.me/i.test(h)) continue;
    const m = WHATSAPP_LINK.exec(h);
    if (m) out.push(`+${m[1]}`);
  }
  return out;
}

/** A link's decoded target without the scheme and query, added to `out` when its href has that scheme. */
function schemeTarget(a: HTMLElement, scheme: 'mailto:' | 'tel:', out: string[]): void {
  const h = (a.getAttribute('href') ?? '').trim();
  // (Only 'm' and 'M' lower-case to 'm', 't' and 'T' to 't': a link whose first character is
  // neither is not looked at further.)
  if ((h.charCodeAt(0) | 0x20) !== scheme.charCodeAt(0)) return;
  if (h.toLowerCase().startsWith(scheme)) out.push(safeUriDecode(h.slice(scheme.length)).split('?')[0]);
}

function stripScripts(page: ParsedPage): void {
  for (const tag of ['SCRIPT', 'STYLE', 'TEMPLATE']) for (const el of page.byTag(tag)) el.remove();
}

/** Header/footer (outside article/aside/main/section), nav, and elements with a banner/contentinfo role. */
function isChrome(el: HTMLElement): boolean {
  const role = (el.getAttribute('role') ?? '').toLowerCase();
  if (role === 'banner' || role === 'contentinfo' || el.tagName === 'NAV') return true;
  if (el.tagName !== 'HEADER' && el.tagName !== 'FOOTER') return false;
  return !hasAncestor(el, (a) => SECTIONING_TAGS.has(a.tagName)) && !inRepeatedBlock(el);
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
    const chrome = role === 'banner' || role === 'contentinfo' || el.tagName === 'NAV' || (!sectioned && (el.tagName === 'HEADER' || el.tagName === 'FOOTER') && !inRepeatedBlock(el));
    if (chrome) continue;
    if (el !== root && test(el)) {
      found.push(el);
      continue;
    }
    const inside = sectioned || SECTIONING_TAGS.has(el.tagName);
    const children = el.childNodes;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i] as HTMLElement;
      if (child.nodeType === 1) stack.push({ el: child, sectioned: inside });
    }
  }
  return found;
}

/** Whether an element or an ancestor (below an entry: an article, a list item) is classed as the page's header or footer ('pied-site', 'pj-footer'). */
function inChromeBlock(el: HTMLElement): boolean {
  for (let a: HTMLElement | null = el; a && a.tagName !== 'ARTICLE' && a.tagName !== 'LI' && !isPageFrame(a); a = a.parentNode) {
    if (a.rawAttrs !== '' && classWords(a).some((w) => PAGE_CHROME_WORDS.has(w))) return true;
  }
  return false;
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

/**
 * Class words of the badges and icons written inside a name ('Vérifié', 'Premium', 'Nouveau', a
 * star), and of a member's latest status written after it in its title (BuddyPress Legacy's
 * `<span class="update">“…” Afficher</span>`: what the member last posted, read for its contacts,
 * never its name).
 */
const BADGE_WORDS = new Set(['badge', 'label', 'tag', 'tags', 'pill', 'chip', 'verified', 'verifie', 'premium', 'new', 'nouveau', 'icon', 'icons', 'rating', 'stars', 'count', 'sr', 'visually', 'screen', 'update']);

/**
 * Class words of the line a theme writes after the name inside the same title element: the entry's
 * type or category (Porto's portfolio `thumb-info-title` > `thumb-info-inner` name + `thumb-info-type`
 * 'Hall A – Stand A03'), a subtitle. Left out only after the name's own text: a type word first ('<span
 * class="type">SARL</span> X', its legal form) is part of it.
 */
const SUBLINE_WORDS = new Set(['type', 'category', 'categorie', 'subtitle', 'soustitre']);

/**
 * A name element's text without the badges, icons and counters written inside it (by their
 * class, or by their text at either end of the name: see badges.ts); words of inline elements kept apart.
 */
function nameText(el: HTMLElement | null | undefined): string | undefined {
  if (!el) return undefined;
  const out: string[] = [];
  const badges = new Set<number>();
  const stack: import('node-html-parser').Node[] = [...el.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 3) out.push(node.text);
    else if (node.nodeType === 1) {
      const child = node as HTMLElement;
      // (A subtitle written beside the title in its wrapper, Citadela's `post-subtitle`, is the entry's category, not its name.)
      if (['SUP', 'SVG', 'BUTTON', 'I', 'IMG'].includes(child.tagName) || classWords(child).some((w) => BADGE_WORDS.has(w)) || isSubtitle(child)) continue;
      if (classWords(child).some((w) => SUBLINE_WORDS.has(w)) && out.some((t) => t.trim() !== '')) continue;
      if (isTranslationAfter(child, out)) continue;
      out.push(' ');
      if (isBadge(child)) {
        badges.add(out.length);
        out.push(child.text, ' ');
        continue;
      }
      for (let i = child.childNodes.length - 1; i >= 0; i--) stack.push(child.childNodes[i]);
    }
  }
  const read = clean(withoutEdgeBadges(out, badges));
  if (read) return read;
  // A heading that is all a toggle button (an accordion's header): the button read as a <summary> is.
  const toggle = wholeButton(el);
  return (toggle ? summaryName(toggle) : undefined) || textOf(el);
}

/** Longest translation looked at after a name ({@link isTranslationAfter}). */
const MAX_TRANSLATION = 120;

/**
 * Whether an element written after a name's words is the name again in Arabic, set apart as
 * right-to-left text (`<a>Agence Immobilière X</a> <span dir="rtl">وكالة X</span>`, a bilingual
 * directory's name line): marked `dir="rtl"` or `lang="ar"`, its text opening with an Arabic
 * letter, after two or more words in Latin letters and none in Arabic (nor an e-mail, nor a
 * number), one of which names the business ({@link TRADE_WORDS}). The name is the words before it;
 * the translation says it again.
 */
function isTranslationAfter(el: HTMLElement, before: readonly string[]): boolean {
  const dir = (attrOf(el, 'dir') ?? '').trim().toLowerCase();
  const lang = (attrOf(el, 'lang') ?? '').trim().toLowerCase();
  if (dir !== 'rtl' && lang !== 'ar' && !lang.startsWith('ar-')) return false;
  const text = shortText(el, MAX_TRANSLATION)?.trim();
  if (text === undefined || !/^[^\p{L}]{0,5}\p{Script=Arabic}/u.test(text)) return false;
  // (The words before, bounded: read from the start, at most twice the translation's length.)
  let name = '';
  for (const t of before) {
    name += t;
    if (name.length >= MAX_TRANSLATION * 2) break;
  }
  name = name.slice(0, MAX_TRANSLATION * 2);
  // (An address or a number written before it, 'x@y.dz', is no name: nor is it read so.)
  if (/\p{Script=Arabic}|@/u.test(name) || (name.match(/\d/g) ?? []).length >= 6) return false;
  const words = name.match(/\p{Script=Latin}{2,}/gu) ?? [];
  // (Words that only say the trade, 'Cabinet Médical <span dir=rtl>عيادة بن علي</span>': the Arabic is the name itself.)
  return words.length >= 2 && words.some((w) => w.length >= 3 && !TRADE_WORDS.has(fold(w)));
}

/**
 * Words that say a business's trade or form, not which one it is ({@link isTranslationAfter}): a
 * Latin line made only of them ('Cabinet Médical', 'Agence Immobilière') names no one by itself.
 * The legal forms are badges.ts's.
 */
const TRADE_WORDS = new Set([
  ...LEGAL_FORMS,
  'agence', 'clinique', 'centre', 'center', 'pharmacie', 'laboratoire', 'bureau', 'etude', 'ecole', 'institut', 'restaurant', 'hotel', 'residence',
  'garage', 'atelier', 'boutique', 'magasin',
  'medical', 'medicale', 'dentaire', 'immobilier', 'immobiliere', 'promotion', 'travaux', 'transport', 'transports', 'services', 'service', 'commerce',
  'import', 'export', 'auto', 'formation', 'conseil', 'expertise', 'comptable', 'notaire', 'avocat', 'architecte', 'etudes', 'voyages', 'tourisme',
  'assurance', 'assurances', 'quincaillerie', 'boulangerie', 'patisserie', 'librairie', 'imprimerie', 'menuiserie', 'plomberie', 'informatique',
  'optique', 'veterinaire', 'garde', 'general', 'generale', 'des', 'les', 'and', 'the', 'privee', 'prive', 'polyclinique', 'cafe', 'salon', 'maison',
]);

/** A name written as text after its inline label ({@link ItemParts.labelledText}): its first line, cleaned. */
function cleanLabelledText(text: string): string | undefined {
  const end = text.indexOf('\n');
  return clean(end === -1 ? text : text.slice(0, end));
}

/** The button an element's text is all in (a collapsible entry's header), if any: looked for down single children. */
function wholeButton(el: HTMLElement): HTMLElement | undefined {
  let at: HTMLElement = el;
  for (let depth = 0; depth < 4; depth++) {
    const kids = at.childNodes.filter((c) => c.nodeType === 1 || (c.nodeType === 3 && c.text.trim() !== ''));
    if (kids.length !== 1 || kids[0].nodeType !== 1) return undefined;
    at = kids[0] as HTMLElement;
    if (at.tagName === 'BUTTON') return at;
  }
  return undefined;
}

function textOf(el: HTMLElement | null | undefined): string | undefined {
  if (!el) return undefined;
  const text = clean(el.text);
  // (A '<' in the text: perhaps a <noscript>'s raw markup, a lazy-loading plugin's fallback <img>.)
  return (text.includes('<') ? shownText(el) : text) || undefined;
}

/**
 * An element's text as a reader sees it: without what its scripts, styles, templates and
 * <noscript> hold. A <noscript>'s content is raw markup in the tree (a lazy-loading plugin's
 * fallback `<img>` inside an entry's logo link): never a name nor any text shown. One walk.
 */
function shownText(el: HTMLElement): string {
  let text = '';
  const stack: Node[] = [el];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.nodeType === 3) text += n.text;
    else if (n.nodeType === 1 && !NO_TEXT_TAGS.has((n as HTMLElement).tagName)) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]);
  }
  return clean(text);
}

/** A name or an activity as stored: control characters removed (NUL and the like: see stripControlCharacters), whitespace collapsed. */
function clean(s: string): string {
  return collapseSpaces(stripControlCharacters(s));
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The non-empty strings of a list, each once, in first-seen order. */
export function unique(list: (string | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const v of list) if (typeof v === 'string' && v !== '') seen.add(v);
  return [...seen];
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

