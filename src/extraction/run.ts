/**
 * One extraction run: every source searched at once for a sector and a wilaya, within one
 * deadline, their companies merged.
 *
 * The pipeline, one module per stage, each with its own tests:
 *   fetch (fetcher.ts) -> decode (decode.ts) -> parse once (parse.ts) -> find items (items.ts:
 *   JSON state, repeated blocks, tables; schema.org in extract.ts) -> read fields (extract.ts)
 *   -> normalise (platform/contacts.ts, platform/text.ts) -> merge (merge.ts) -> bill
 *   (billing/billingService.ts). Parsing, finding and reading run in worker threads (pages.ts,
 *   pageWorker.ts); this module orders the stages for each source, and the scraping service
 *   (extractionService.ts) runs it, bills and stores.
 *
 * For each source (all concurrently):
 *  1. Listing pages: the search URL with page 1, then the next-page links (same host only,
 *     never a page twice), up to `max_pages`. Pagination stops early once the source has found
 *     `maxResults` companies with distinct names (contacts are not compared yet: the directory's
 *     own are only known after step 2): a first page with plenty is not followed by four more.
 *  2. Site-wide contacts: a contact found on every listing page (when there are two or more),
 *     or in every company of a listing page of at least 3 companies, is the directory's (a
 *     "report this listing" address, a hotline), and is subtracted; the pages are read again
 *     without it (see `ExtractOptions.siteContacts`).
 *  3. Detail pages: among the source's first `maxResults` companies, those that link to a page
 *     of their own (or to their vCard, a `.vcf`) on the source's host have it read (the fetcher keeps 2 requests at a time
 *     per host), its contacts added to the company's (a fax, a second number, the e-mail the
 *     listing does not show); a page showing more contacts than one company has is ignored.
 * Pages are parsed and read in worker threads ({@link PageReader}), never on the event loop: a
 * page that takes longer than its budget, or whose reading fails, is dropped and named in the
 * source's report (`pages_dropped`), and the source goes on without it (a dropped listing page
 * ends its pagination, its next link being unknown).
 * Everything stops at the deadline: what was read is kept, pages still being read have their
 * threads ended, and a source still working then is reported 'timeout'.
 *
 * Status of a source: 'blocked' when robots.txt disallows its first URL; 'timeout' when its
 * first page timed out or the deadline cut it; 'error' when its first page failed otherwise
 * (HTTP error after retries, network error, not HTML, too large, refused redirect); 'ok' when
 * its first page was read (even with no company), a later page's failure being noted in
 * `error`.
 */
import { setMaxListeners } from 'node:events';
import { normalizeCompanyName } from '../platform/text';
import type { RawCompany } from './extract';
import { sameHost, type FetchResult, type GetOptions } from './fetcher';
import { compatibleNames, firmOffice, mergeCompanies, type MergedCompany } from './merge';
import type { PageOutcome, PageReader, PageTask } from './pages';
import { expandSearchUrl, type SourceConfig } from './sources';

/** What a run needs from a fetcher ({@link PoliteFetcher} in production). */
export interface Fetcher {
  get(url: string, options?: GetOptions): Promise<FetchResult>;
}

export interface RunOptions {
  sources: readonly SourceConfig[];
  /** The value of `{secteur}` (the caller chooses: the sector's name or id). */
  secteur: string;
  /** The wilaya searched: `{wilaya}` is its name, `{wilaya_code}` its code; every company gets this code. */
  wilaya: { code: number; nom: string };
  /** Companies wanted; a source stops reading once it has that many (default: no limit but max_pages). */
  maxResults?: number;
  fetcher: Fetcher;
  /** The whole run's deadline. Default 20 000 ms. */
  deadlineMs?: number;
  /** Where pages are parsed and read (worker threads with a budget per page): the caller's (the server's is built by src/composition.ts). */
  pages: PageReader;
  /** Who the run is for (an account): the fetcher serves the flows waiting for a host in turn. */
  flow?: string;
  /** Ends the run early, as its deadline would (a cancelled task): what was read so far is reported. */
  signal?: AbortSignal;
  /** Called with the counts so far every `progressEveryMs` (default 250) while the run goes on. */
  onProgress?: (progress: RunProgress) => void;
  progressEveryMs?: number;
}

/** How far a run has gone. */
export interface RunProgress {
  pages_read: number;
  /** Companies kept so far, before merging across pages and sources. */
  companies_found: number;
  sources_done: number;
  sources_total: number;
}

export type SourceStatus = 'ok' | 'timeout' | 'error' | 'blocked';

/** What became of one source. */
export interface SourceReport {
  name: string;
  status: SourceStatus;
  /** Pages read successfully, listing and detail pages together. */
  pages_read: number;
  /** Distinct companies it gave (merged within the source). */
  companies_found: number;
  /** What went wrong: why the source failed, or a later page's failure for an 'ok' source. */
  error?: string;
  /** Pages fetched but not read: too long to read (`over_budget`) or their reading failed. */
  pages_dropped?: { url: string; reason: 'over_budget' | 'failed' }[];
  /** What it gave: see {@link outcomeOf}. */
  outcome: SourceOutcome;
  /** Company entries seen on its listing pages, kept or not. */
  items_seen: number;
  /** Entries not kept as companies, by reason. */
  items_dropped: ItemsDropped;
}

export type SourceOutcome = 'ok' | 'empty' | 'partial' | 'failed';

/** Entries seen on listing pages that did not become companies, by reason. */
export interface ItemsDropped {
  no_name: number;
  /** Names without a letter or a digit ('★★★', '!!!'), which cannot identify a company. */
  invalid_name: number;
  /** Named by a link with a count ('Informatique (12)') whose own page named no company so: a category. */
  not_a_company: number;
  advertisement: number;
  /** Merged into a company already kept from the same source. */
  duplicate: number;
}

export interface RunResult {
  /** Every company found, merged across pages and sources (not cut to maxResults: the caller's choice). */
  companies: MergedCompany[];
  /** One entry per source, in the order of the sources. */
  report: SourceReport[];
  /** Every URL requested during the run (robots.txt, retries and redirect hops included), in the order sent. */
  fetched: string[];
  /** How long each source took (same order as `report`), from the run's start to its end or the deadline. */
  durationsMs: number[];
}

/** Most e-mails and phones one company's own page shows; a "detail" page with more is a list. */
const MAX_DETAIL_CONTACTS = 8;

/** A contact shared by every company of a page with at least this many is the directory's. */
const MIN_ITEMS_FOR_SHARED = 3;
/** Most other data files of one listing page fetched (a map's data layers, a workbook's sheets, a converted PDF's pages). */
const MAX_MORE_DATA = 10;

/**
 * The data files a file read as data names in its turn, when it shows no company itself: a workbook
 * reached as a page's data (its sheets), a converted PDF's outline frame (the document's pages).
 */
function dataFiles(listing: { companies: readonly unknown[]; data?: string; moreData?: string[] }): string[] {
  if (listing.companies.length > 0) return [];
  return [...(listing.data === undefined ? [] : [listing.data]), ...(listing.moreData ?? [])];
}

/** How long after the deadline the run waits for sources to wind down (their requests are aborted at the deadline). */
const GRACE_MS = 100;

/** The progress of one source, readable even if it never finishes. */
interface SourceState {
  source: SourceConfig;
  records: RawCompany[];
  pagesRead: number;
  /** The first page's failure. */
  failure?: { status: SourceStatus; message: string };
  /** A later page's failure. */
  note?: string;
  /** The deadline stopped a request. */
  cut: boolean;
  done: boolean;
  /** Pages fetched that could not be read. */
  dropped: { url: string; reason: 'over_budget' | 'failed' }[];
  /** Entries of its listing pages that were not read as companies (duplicates are counted at the end). */
  itemsDropped: ItemsDropped;
  /** When it ended (Date.now()); unset while it runs. */
  endedAt?: number;
}

/** Runs every source concurrently and merges what they found; never throws for a source's failure. */
export async function runExtraction(options: RunOptions): Promise<RunResult> {
  const deadlineMs = options.deadlineMs ?? 20_000;
  const startedAt = Date.now();
  const deadlineAt = startedAt + deadlineMs;
  const maxResults = options.maxResults ?? Number.POSITIVE_INFINITY;
  const fetched: string[] = [];
  const states: SourceState[] = options.sources.map((source) => ({ source, records: [], pagesRead: 0, cut: false, done: false, dropped: [], itemsDropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 } }));
  // Ends the pages still being read when the deadline comes (their worker threads are ended).
  const stop = new AbortController();
  // Each page waiting for a reader thread listens to it, one listener each, removed when read:
  // a run with many pages queued is not a leak (Node warns past 10 on stderr, outside the logs).
  setMaxListeners(0, stop.signal);

  let timer: NodeJS.Timeout | undefined;
  let stopTimer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadlineMs) + GRACE_MS);
    stopTimer = setTimeout(() => stop.abort(), Math.max(0, deadlineMs));
    options.signal?.addEventListener(
      'abort',
      () => {
        stop.abort();
        resolve();
      },
      { once: true },
    );
    if (options.signal?.aborted) {
      stop.abort();
      resolve();
    }
  });
  const progress = (): RunProgress => ({
    pages_read: states.reduce((n, s) => n + s.pagesRead, 0),
    companies_found: states.reduce((n, s) => n + s.records.length, 0),
    sources_done: states.filter((s) => s.endedAt !== undefined).length,
    sources_total: states.length,
  });
  const ticker = options.onProgress ? setInterval(() => options.onProgress!(progress()), options.progressEveryMs ?? 250) : undefined;
  const pages = options.pages;
  const work = Promise.all(
    states.map((state) =>
      runSource(state, { ...options, maxResults, deadlineAt, fetched, read: (task) => pages.read(task, stop.signal) }).catch((err: unknown) => {
        state.failure ??= { status: 'error', message: err instanceof Error ? err.message : String(err) };
        state.done = true;
      }).finally(() => {
        state.endedAt = Date.now();
      }),
    ),
  );
  await Promise.race([work, deadline]);
  clearInterval(ticker);
  clearTimeout(timer);
  clearTimeout(stopTimer);
  stop.abort();

  const report = states.map((s): SourceReport => {
    const status: SourceStatus = s.failure?.status ?? (s.cut || !s.done ? 'timeout' : 'ok');
    const companiesFound = mergeCompanies(sourced(s)).length;
    const entry: SourceReport = {
      name: s.source.name,
      status,
      pages_read: s.pagesRead,
      companies_found: companiesFound,
      outcome: outcomeOf(s, status, companiesFound),
      items_seen: s.records.length + s.itemsDropped.no_name + s.itemsDropped.invalid_name + s.itemsDropped.not_a_company + s.itemsDropped.advertisement,
      items_dropped: { ...s.itemsDropped, duplicate: s.records.length - companiesFound },
    };
    const error = s.failure?.message ?? s.note ?? (status === 'timeout' ? 'the run deadline was reached' : undefined);
    if (error) entry.error = error;
    if (s.dropped.length > 0) entry.pages_dropped = [...s.dropped];
    return entry;
  });
  const durationsMs = states.map((s) => (s.endedAt ?? Math.min(Date.now(), deadlineAt)) - startedAt);
  return { companies: mergeCompanies(states.flatMap(sourced)), report, fetched: [...fetched], durationsMs };

  function sourced(s: SourceState) {
    return s.records.map((raw) => ({ raw, source: s.source.name, wilayaCode: options.wilaya.code }));
  }
}

interface SourceContext extends RunOptions {
  maxResults: number;
  deadlineAt: number;
  fetched: string[];
  /** Reads a page in a worker, stopped at the deadline. */
  read: (task: PageTask) => Promise<PageOutcome>;
}

async function runSource(state: SourceState, ctx: SourceContext): Promise<void> {
  const { source } = state;
  const selectors = source.selectors;
  const get = (url: string) => ctx.fetcher.get(url, { deadline: ctx.deadlineAt, log: ctx.fetched, flow: ctx.flow });
  // 1. Listing pages, each read into companies once. Distinct names count towards maxResults:
  // contacts are not trusted yet (the directory's own are subtracted after pagination).
  const first = expandSearchUrl(source.searchUrl, { secteur: ctx.secteur, wilaya: ctx.wilaya.nom, wilayaCode: ctx.wilaya.code, page: 1 });
  // (A listing page whose list is in a data file it names is kept as that file, the page itself as
  // `before` when its own entries come first: both are read again.)
  const pages: { url: string; html: string; contentType: string; before?: { url: string; html: string; contentType: string } }[] = [];
  // Contacts in the header, footer and navigation of the listing pages: the directory's own.
  const chromeContacts = new Set<string>();
  const perPage: RawCompany[][] = [];
  const names = new Set<string>();
  const visited = new Set<string>();
  // The shape of the entries the pages read so far repeat: a later page of one entry is read by it.
  let shape: string | undefined;
  let url: string | undefined = first;
  // Listing pages followed (a page's other data files, read as pages of their own, do not count).
  let listed = 0;
  while (url !== undefined && listed < source.maxPages) {
    listed++;
    visited.add(url);
    const res = await get(url);
    const problem = res.ok ? (isReadable(res.contentType) ? undefined : `not an HTML or JSON page (${res.contentType})`) : `${res.message} (${res.url})`;
    if (problem !== undefined) {
      if (!res.ok && res.deadline) state.cut = true;
      if (pages.length === 0) state.failure = { status: res.ok ? 'error' : statusOf(res), message: problem };
      else state.note = `listing page ${pages.length + 1}: ${problem}`;
      break;
    }
    if (!res.ok) break; // (for the type checker: handled above)
    const read = await ctx.read({ kind: 'listing', html: res.body, url: res.url, selectors, contentType: res.contentType, shape });
    if (!read.ok || read.result.kind !== 'listing') {
      // A page that cannot be read is dropped and named; its next-page link is unknown, so pagination ends.
      const problem = dropped(state, res.url, read);
      if (pages.length === 0) state.failure = { status: problem.status, message: problem.message };
      else state.note = `listing page ${pages.length + 1}: ${problem.message}`;
      break;
    }
    let page: (typeof pages)[number] = { url: res.url, html: res.body, contentType: res.contentType };
    let listing = read.result;
    // A page whose listing is only in a data file it names (a Gatsby page-data.json, the endpoint of a
    // list filled on the client): that file, fetched like any page (robots, politeness, deadline), is
    // read as this page's listing, after the few companies the page itself shows.
    const data = listing.data;
    // The data files named by the files read here (a frameset's outline names a document's pages; a
    // workbook reached as a page's data names its sheets), read after the page's own more data.
    const named: string[] = [];
    if (data !== undefined && !visited.has(data) && sameHost(data, first)) {
      visited.add(data);
      const got = await get(data);
      if (got.ok && isReadable(got.contentType)) {
        const more = await ctx.read({ kind: 'listing', html: got.body, url: got.url, selectors, contentType: got.contentType });
        if (more.ok && more.result.kind === 'listing') {
          state.pagesRead++;
          // A document's cover page: its few entries are sentences, their contacts the publisher's.
          const cover = listing.document === true && more.result.companies.length > 0;
          const own = cover ? [] : listing.companies;
          page = own.length > 0 ? { url: got.url, html: got.body, contentType: got.contentType, before: page } : { url: got.url, html: got.body, contentType: got.contentType };
          const chrome = cover ? [...listing.chromeContacts, ...contactsOf(listing.companies)] : listing.chromeContacts;
          listing = { ...more.result, companies: [...own, ...more.result.companies], next: listing.next ?? more.result.next, chromeContacts: chrome };
          named.push(...dataFiles(more.result));
        } else dropped(state, got.url, more);
      } else if (!got.ok && got.deadline) state.cut = true;
    }
    pages.push(page);
    shape = listing.shape ?? shape;
    // The page's other data files (a map's other layers, a workbook's other sheets): each fetched and read as a
    // page of its own, then those they name in turn (a converted PDF's outline frame: its pages), MAX_MORE_DATA in all.
    const layers: RawCompany[][] = [];
    const queue = [...(read.result.moreData ?? []), ...named];
    let taken = 0;
    for (let i = 0; i < queue.length && taken < MAX_MORE_DATA; i++) {
      const more = queue[i];
      if (visited.has(more) || !sameHost(more, first)) continue;
      visited.add(more);
      taken++;
      const got = await get(more);
      if (!got.ok) {
        if (got.deadline) state.cut = true;
        continue;
      }
      if (!isReadable(got.contentType)) continue;
      const other = await ctx.read({ kind: 'listing', html: got.body, url: got.url, selectors, contentType: got.contentType });
      if (!other.ok || other.result.kind !== 'listing') {
        dropped(state, got.url, other);
        continue;
      }
      state.pagesRead++;
      pages.push({ url: got.url, html: got.body, contentType: got.contentType });
      layers.push(other.result.companies);
      if (queue.length < 2 * MAX_MORE_DATA) queue.push(...dataFiles(other.result));
    }
    const { companies, next, dropped: drops, chromeContacts: chrome } = listing;
    state.itemsDropped.no_name += drops.no_name;
    state.itemsDropped.invalid_name += drops.invalid_name;
    state.itemsDropped.advertisement += drops.advertisement;
    for (const c of chrome) chromeContacts.add(c);
    perPage.push(companies, ...layers);
    for (const c of [companies, ...layers].flat()) names.add(normalizeCompanyName(c.name));
    state.pagesRead++;
    state.records = perPage.flat();
    if (names.size >= ctx.maxResults) break;
    url = next !== undefined && !visited.has(next) && sameHost(next, first) ? next : undefined;
  }
  if (pages.length === 0) {
    state.done = true;
    return;
  }

  // 2. Contacts on every listing page, or in every item of a page, are the directory's.
  // (Not a contact that only one company carries, listed on every page: a company may be listed twice.)
  const siteContacts = new Set<string>(pages.length >= 2 ? [...intersection(perPage.map((companies) => contactsOf(companies)))].filter((c) => !oneCompany(perPage.flat(), c)) : []);
  for (const companies of perPage) {
    if (companies.length >= MIN_ITEMS_FOR_SHARED) for (const c of intersection(companies.map((r) => contactsOf([r])))) siteContacts.add(c);
  }
  // Read again without them, only if there are any (a page that cannot be read again keeps its first reading).
  if (siteContacts.size > 0) {
    const readAgain = (p: { url: string; html: string; contentType: string }) => ctx.read({ kind: 'listing', html: p.html, url: p.url, selectors, siteContacts: [...siteContacts], contentType: p.contentType, shape });
    const again = await Promise.all(pages.map((p) => readAgain(p)));
    // The entries a page showed before the data file it names (an AMP page's accordion above its amp-list).
    const before = await Promise.all(pages.map((p) => (p.before === undefined ? undefined : readAgain(p.before))));
    state.records = again.flatMap((read, i) => {
      const own = before[i];
      if (own !== undefined && !(own.ok && own.result.kind === 'listing')) {
        if (!own.ok && own.reason === 'aborted') state.cut = true;
        return perPage[i].map((r) => withoutContacts(r, siteContacts));
      }
      if (read.ok && read.result.kind === 'listing') return own?.ok && own.result.kind === 'listing' ? [...own.result.companies, ...read.result.companies] : read.result.companies;
      if (!read.ok && read.reason !== 'aborted') dropped(state, pages[i].url, read);
      if (!read.ok && read.reason === 'aborted') state.cut = true;
      return perPage[i].map((r) => withoutContacts(r, siteContacts));
    });
  }
  const records = state.records;

  // 3. Detail pages of the first maxResults companies (a detail page often shows more: a fax, a second number, the e-mail).
  const wanted = new Map<string, RawCompany[]>();
  for (const r of records.slice(0, ctx.maxResults)) {
    // Its own page and its vCard (a .vcf its entry links to), both read as its detail.
    for (const u of [r.detailUrl, r.vcardUrl]) {
      if (!u || visited.has(u) || !sameHost(u, first)) continue;
      wanted.set(u, [...(wanted.get(u) ?? []), r]);
    }
  }
  for (const c of chromeContacts) siteContacts.add(c);
  // What each detail page gave, to find the contacts that repeat on most of them (the directory's).
  const details: { owners: RawCompany[]; detail: RawCompany; advertiser?: string; listed?: number; offers?: string[] }[] = [];
  // And every contact each detail page showed, the company's or not (with the advertiser an ad's page names).
  const shown: string[][] = [];
  const shownBy: (string | undefined)[] = [];
  if (Date.now() < ctx.deadlineAt) {
    await Promise.all(
      [...wanted].map(async ([detailUrl, owners]) => {
        const res = await get(detailUrl);
        if (!res.ok) {
          if (res.deadline) state.cut = true;
          return;
        }
        const listed = owners.some((r) => r.unconfirmed);
        const read = await ctx.read({ kind: 'detail', html: res.body, url: res.url, selectors, siteContacts: [...siteContacts], contentType: res.contentType, ...(listed ? { listed } : {}) });
        if (!read.ok || read.result.kind !== 'detail') {
          dropped(state, res.url, read);
          return;
        }
        state.pagesRead++;
        const detail = read.result.company;
        if (detail) details.push({ owners, detail, advertiser: read.result.advertiser, listed: read.result.listed, offers: read.result.offers });
        shown.push(read.result.seen ?? (detail ? [...detail.emails, ...detail.phones, ...(detail.faxes ?? [])] : []));
        shownBy.push(read.result.advertiser);
        for (const r of owners) if (r.detailUrl === detailUrl) r.detailUrl = res.url;
      }),
    );
  } else state.cut = wanted.size > 0;
  // One account posting every ad (three or more) is the site's staff, not an advertiser of each.
  const posters = new Set(details.flatMap((d) => (d.advertiser === undefined ? [] : [normalizeCompanyName(d.advertiser)])));
  const oneAccount = posters.size === 1 && details.filter((d) => d.advertiser !== undefined).length >= 3;
  // A contact on more than half of the detail pages read (at least two) is the directory's footer,
  // not theirs; the ads of one advertiser count as one page (his number on each of his ads is his).
  const repeated = new Set(onMostPages(byAdvertiser(details.map((d) => [...d.detail.emails, ...d.detail.phones, ...(d.detail.faxes ?? [])]), oneAccount ? [] : details.map((d) => d.advertiser)), 2));
  for (const c of shownOnMost(byAdvertiser(shown, oneAccount ? [] : shownBy))) repeated.add(c);
  // Entries named only by a link with a count ('X (2)', as a menu's categories are) whose own page names them: companies.
  const confirmed = new Set<RawCompany>();
  // The offers' pages a company's own page lists (a job board's vacancies), read when it shows no e-mail.
  const offers = new Map<RawCompany, string[]>();
  for (const { owners, detail, advertiser, listed, offers: its } of details) {
    // A page with more contacts than one company shows (the directory's own aside) is a list (a category, a search), not the company's own.
    if (detail.emails.filter((e) => !repeated.has(e)).length + detail.phones.filter((p) => !repeated.has(p)).length > MAX_DETAIL_CONTACTS) continue;
    for (const r of pageOwners(owners, detail.name)) {
      if (r.unconfirmed) {
        // (A page listing two companies or more with their contacts is a category's, whatever its title.)
        if ((listed ?? 0) >= 2 || !detail.name || !compatibleNames(normalizeCompanyName(r.name), normalizeCompanyName(detail.name))) continue;
        confirmed.add(r);
      }
      r.emails = [...new Set([...r.emails, ...detail.emails.filter((e) => !repeated.has(e))])];
      r.phones = [...new Set([...r.phones, ...detail.phones.filter((p) => !repeated.has(p))])];
      if (detail.faxes?.length) r.faxes = [...new Set([...(r.faxes ?? []), ...detail.faxes])];
      r.activity ??= detail.activity;
      // A name the grid cut ('Clinique Djurdjura de Bo…') is the detail page's full name when it begins with it.
      const full = completedName(r.name, detail.name);
      if (full !== undefined) r.name = full;
      // A classified ad's entry, titled by its ad ('Renault Clio 2023 0 km'), is its advertiser's,
      // whom the ad's own page names: the ads of one advertiser are then one company.
      if (advertiser !== undefined && !oneAccount) r.name = advertiser;
      if (its !== undefined && its.length > 0) offers.set(r, its);
    }
  }
  // (An unconfirmed entry whose page was not read, or named another, a category's, is none.)
  if (records.some((r) => r.unconfirmed)) {
    state.records = records.filter((r) => !r.unconfirmed || confirmed.has(r));
    state.itemsDropped.not_a_company += records.length - state.records.length;
    for (const r of state.records) delete r.unconfirmed;
  }
  await readOffers(state, ctx, offers, confirmed, siteContacts, repeated, visited, first);
  headOfficeContacts(state.records);
  state.done = true;
}

/**
 * The offers' pages of the companies whose own page lists them (a job board's employer and its
 * vacancies) and that still show no e-mail, when the list named them with a count, 'X (2)', their
 * page confirming them (`confirmed`: an employers' overview counting their offers; an article's
 * page listing related posts that name its company is no employer's): each read as a detail page of its company (at most
 * MAX_OFFERS_READ in all), its contacts added to the company's, but for a page showing more than
 * one company has (a list) and the contacts shown on more than half of the offers' pages, three
 * or more (the board's own), or already the directory's on its companies' pages.
 */
async function readOffers(state: SourceState, ctx: SourceContext, offers: ReadonlyMap<RawCompany, string[]>, confirmed: ReadonlySet<RawCompany>, siteContacts: ReadonlySet<string>, repeated: ReadonlySet<string>, visited: ReadonlySet<string>, first: string): Promise<void> {
  const wanted = new Map<string, RawCompany>();
  for (const [r, urls] of offers) {
    if (r.emails.length > 0 || !confirmed.has(r)) continue;
    for (const u of urls) if (!visited.has(u) && !wanted.has(u) && sameHost(u, first) && wanted.size < MAX_OFFERS_READ) wanted.set(u, r);
  }
  if (wanted.size === 0) return;
  if (Date.now() >= ctx.deadlineAt) {
    state.cut = true;
    return;
  }
  const get = (url: string) => ctx.fetcher.get(url, { deadline: ctx.deadlineAt, log: ctx.fetched, flow: ctx.flow });
  const read: { owner: RawCompany; detail: RawCompany }[] = [];
  await Promise.all(
    [...wanted].map(async ([url, owner]) => {
      const res = await get(url);
      if (!res.ok) {
        if (res.deadline) state.cut = true;
        return;
      }
      const got = await ctx.read({ kind: 'detail', html: res.body, url: res.url, selectors: state.source.selectors, siteContacts: [...siteContacts], contentType: res.contentType });
      if (!got.ok || got.result.kind !== 'detail') {
        dropped(state, res.url, got);
        return;
      }
      state.pagesRead++;
      if (got.result.company) read.push({ owner, detail: got.result.company });
    }),
  );
  const board = new Set(onMostPages(read.map(({ detail }) => [...detail.emails, ...detail.phones, ...(detail.faxes ?? [])]), MIN_PAGES_SHOWN));
  for (const { owner, detail } of read) {
    const emails = detail.emails.filter((e) => !board.has(e) && !repeated.has(e));
    const phones = detail.phones.filter((p) => !board.has(p) && !repeated.has(p));
    if (emails.length + phones.length > MAX_DETAIL_CONTACTS) continue;
    owner.emails = [...new Set([...owner.emails, ...emails])];
    owner.phones = [...new Set([...owner.phones, ...phones])];
    const faxes = (detail.faxes ?? []).filter((f) => !board.has(f) && !repeated.has(f));
    if (faxes.length > 0) owner.faxes = [...new Set([...(owner.faxes ?? []), ...faxes])];
  }
}

/** Most offers' pages read for a source's companies ({@link readOffers}). */
const MAX_OFFERS_READ = 100;

/**
 * What a source gave: `failed` when its first page could not be read, `partial` when the
 * deadline cut it, a later page failed or pages were dropped, `empty` when everything was read
 * and held no company, `ok` otherwise.
 */
function outcomeOf(s: SourceState, status: SourceStatus, companies: number): SourceOutcome {
  if (s.failure !== undefined || (s.pagesRead === 0 && status !== 'ok')) return 'failed';
  if (status !== 'ok' || s.note !== undefined || s.dropped.length > 0) return 'partial';
  return companies === 0 ? 'empty' : 'ok';
}

/** Notes a page that could not be read; a deadline stop is not a dropped page but a cut source. */
function dropped(state: SourceState, url: string, read: PageOutcome): { status: SourceStatus; message: string } {
  if (read.ok) return { status: 'error', message: `unexpected reading of ${url}` };
  if (read.reason === 'aborted') {
    state.cut = true;
    return { status: 'timeout', message: 'the run deadline was reached' };
  }
  state.dropped.push({ url, reason: read.reason });
  return { status: 'error', message: read.reason === 'over_budget' ? `a page took too long to read (${url})` : `a page could not be read (${url}): ${read.message}` };
}

/** A company without the given contacts (a page that could not be read again without them). */
function withoutContacts(r: RawCompany, contacts: ReadonlySet<string>): RawCompany {
  return { ...r, emails: r.emails.filter((e) => !contacts.has(e)), phones: r.phones.filter((p) => !contacts.has(p)) };
}

function statusOf(failure: Extract<FetchResult, { ok: false }>): SourceStatus {
  if (failure.kind === 'robots') return 'blocked';
  if (failure.kind === 'timeout') return 'timeout';
  return 'error';
}

/** Listing pages are HTML (or text that may be), JSON ("load more" endpoints), or CSV (an open-data portal's file). */
function isReadable(contentType: string): boolean {
  return contentType === '' || /html|xml|text\/plain|json|csv|comma-separated/i.test(contentType);
}

/**
 * The contact lists of detail pages, those of the ads one advertiser posted (the advertiser an
 * ad's page names, by name key) joined into one: the advertiser's pages counted once.
 */
function byAdvertiser(pages: readonly string[][], advertisers: readonly (string | undefined)[]): string[][] {
  const joined: string[][] = [];
  const at = new Map<string, number>();
  pages.forEach((p, i) => {
    const key = advertisers[i] === undefined ? '' : normalizeCompanyName(advertisers[i]!);
    const j = key ? at.get(key) : undefined;
    if (j === undefined) {
      if (key) at.set(key, joined.length);
      joined.push([...p]);
    } else joined[j].push(...p);
  });
  return joined;
}

/** Fewest detail pages a contact must show on, anywhere in their content, to be the directory's ({@link shownOnMost}). */
const MIN_PAGES_SHOWN = 3;

/**
 * The contacts more than half of the detail pages show anywhere in their content, when three or
 * more do: the directory's (a top bar written as a plain `<div>`, a sidebar), even where a
 * company's own contacts hid them and only a page without contacts of its own gave them.
 */
function shownOnMost(pages: string[][]): string[] {
  return onMostPages(pages, MIN_PAGES_SHOWN);
}

/** The contacts on more than half of the given pages' contact lists, and on at least `min` of them. */
function onMostPages(pages: readonly (readonly string[])[], min: number): string[] {
  const counts = new Map<string, number>();
  for (const p of pages) for (const c of new Set(p)) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= min && n * 2 > pages.length).map(([c]) => c);
}

/**
 * The entries a detail page belongs to, of those that link it. Entries of one name (a company
 * listed twice) share their page; but a page two or more differently-named entries link (a
 * directory whose ids collide, an entry of page 1 linking the page of an entry of page 2) is the
 * page of the entries whose name the page's own is compatible with (or completes, a name the grid
 * cut), and of none when it names none of them: one page never gives two companies its contacts.
 */
export function pageOwners(owners: RawCompany[], pageName: string): RawCompany[] {
  const keys = new Set(owners.map((r) => normalizeCompanyName(r.name)));
  if (keys.size < 2) return owners;
  const key = pageName ? normalizeCompanyName(pageName) : '';
  if (!key) return [];
  return owners.filter((r) => compatibleNames(normalizeCompanyName(r.name), key) || completedName(r.name, pageName) !== undefined);
}

/**
 * The detail page's name for a listing name cut short ('Clinique Djurdjura de Bo…', 'Optique
 * El...'): when the listing name ends with an ellipsis and the detail name, longer, begins with
 * what is left of it (case, accents and spacing aside). Undefined otherwise.
 */
export function completedName(cut: string, full: string): string | undefined {
  const prefix = cutPrefix(cut);
  if (prefix === undefined || !full) return undefined;
  const a = foldForPrefix(prefix);
  const b = foldForPrefix(full);
  return a.length > 0 && b.length > a.length && b.startsWith(a) ? full : undefined;
}

/** What is left of a name cut with an ellipsis ('…', '...'), or undefined when it is not cut. */
export function cutPrefix(name: string): string | undefined {
  const m = /^(.*?)\s?(?:…|\.{3})$/su.exec(name.trim());
  return m && m[1].trim() !== '' ? m[1] : undefined;
}

function foldForPrefix(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * Whether every record carrying a contact has the same name key (one company listed several
 * times), or names an office of one firm ({@link firmOffice}: its head office and its branches,
 * listed apart, the branches repeating the head office's switchboard).
 */
function oneCompany(records: RawCompany[], contact: string): boolean {
  const carrying = records.filter((r) => r.emails.includes(contact) || r.phones.includes(contact));
  if (new Set(carrying.map((r) => normalizeCompanyName(r.name))).size === 1) return true;
  const firms = new Set(carrying.map((r) => firmOffice(r.name)?.firm));
  return firms.size === 1 && !firms.has(undefined);
}

/**
 * A firm listed as its head office and its branches, each an entry of its own ({@link firmOffice}):
 * a contact its head office's record carries is the head office's only, taken from its branches'
 * records (the switchboard or claims line each branch's entry repeats, 'Standard du groupe : …').
 * Records are changed in place.
 */
function headOfficeContacts(records: RawCompany[]): void {
  const offices = records.map((r) => firmOffice(r.name));
  const heads = new Map<string, Set<string>>();
  records.forEach((r, i) => {
    const o = offices[i];
    if (!o?.head) return;
    const own = heads.get(o.firm) ?? new Set<string>();
    for (const c of [...r.emails, ...r.phones]) own.add(c);
    heads.set(o.firm, own);
  });
  if (heads.size === 0) return;
  records.forEach((r, i) => {
    const o = offices[i];
    const own = o && !o.head ? heads.get(o.firm) : undefined;
    if (own === undefined) return;
    r.emails = r.emails.filter((e) => !own.has(e));
    r.phones = r.phones.filter((p) => !own.has(p));
  });
}

function contactsOf(records: RawCompany[]): Set<string> {
  return new Set(records.flatMap((r) => [...r.emails, ...r.phones]));
}

function intersection(sets: Set<string>[]): Set<string> {
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((v) => rest.every((s) => s.has(v))));
}
