/**
 * What a page-reading worker thread does with one page (see {@link PageReader} in pages.ts):
 * parse it once and read what the run needs from it. Pure and synchronous: the pool ends the
 * thread when a page takes longer than its budget, so nothing here needs to watch the clock.
 */
import type { MessagePort } from 'node:worker_threads';
import { readDetail, readListing, type Listing, type RawCompany } from './extract';
import type { SourceSelectors } from './sources';
import { withContactMemo } from '../platform/contacts';
import { isVcard, readVcard } from './vcard';

/** One page to read. `siteContacts` are the directory's own contacts, never given to a company. */
export interface PageTask {
  kind: 'listing' | 'detail';
  html: string;
  url: string;
  selectors: SourceSelectors;
  siteContacts?: string[];
  /** The page's Content-Type (a JSON "load more" answer is read as JSON). */
  contentType?: string;
  /** The entries' shape on the list's other pages (see `ExtractOptions.shape`). */
  shape?: string;
  /** A detail page read for an entry to confirm (`RawCompany.unconfirmed`): also count the companies with a contact it lists. */
  listed?: boolean;
}

/** A listing page: its companies, next page, entries dropped and chrome contacts; a detail page: its company, if any. */
export type PageResult = ({ kind: 'listing' } & Listing) | { kind: 'detail'; company?: RawCompany; seen?: string[]; advertiser?: string; listed?: number; offers?: string[] };

export function readPage(task: PageTask & { started?: MessagePort }): PageResult {
  // Tells the pool the page has begun (its budget starts now), then reads it.
  task.started?.postMessage('started');
  const options = { siteContacts: new Set(task.siteContacts ?? []), contentType: task.contentType, shape: task.shape };
  // libphonenumber is asked about each text once per page (a page repeats its numbers).
  return withContactMemo((): PageResult => {
    // A company's vCard (a .vcf link of its entry) is read as its detail page.
    if (task.kind === 'detail' && isVcard(task.html, task.contentType)) return { kind: 'detail', company: readVcard(task.html, task.url, options.siteContacts) };
    // (A page asked whether it is a list, a category's: how many companies with a contact it lists, read as a listing.)
    if (task.kind === 'detail' && task.listed) return { kind: 'detail', ...readDetail(task.html, task.url, task.selectors, options), listed: readListing(task.html, task.url, task.selectors, options).companies.filter((c) => c.emails.length + c.phones.length + (c.faxes?.length ?? 0) > 0).length };
    if (task.kind === 'detail') return { kind: 'detail', ...readDetail(task.html, task.url, task.selectors, options) };
    return { kind: 'listing', ...readListing(task.html, task.url, task.selectors, options) };
  });
}

export default readPage;
