/**
 * The other groups of entries of a listing: directories that sell visibility list their paying
 * members in rich cards (photo, description, every number) and the others, on the same page, in
 * plainer rows (a name and one number) or as a bare name with a link to its page. Each tier is
 * a repeated group of its own shape; the best group found by items.ts is only one of them.
 *
 * Another group is a tier of the same listing when its entries link to pages of the same
 * template as the listing's entries (the same path up to the last segment, `/fiche/123-x` beside
 * `/fiche/456-y`, or the same script and query keys, `fiche.php?id=…`), each to a page of its
 * own: a directory gives every member a page of one template, whatever its tier, while a menu of
 * sectors or towns links to listing pages, a WhatsApp or social link to another site. A group
 * whose entries mostly name entries already taken (a "À la une" carousel repeating the premium
 * names, a "most viewed" strip) is furniture, not a tier. Entries without pages of their own are
 * not joined: told by their contacts alone, the page's FAQ, help and contact blocks would pass.
 *
 * Bounded: each entry's links and name are read with a bounded walk, and only the page's first
 * groups (by score) are looked at.
 */
import type { HTMLElement } from 'node-html-parser';
import { attrOf, classText } from './parse';
import { shortText } from './nodeText';
import { normalizeCompanyName } from '../platform/text';
import { findEmails, findPhones } from '../platform/contacts';

/** Most nodes of an entry walked for its links and its name. */
const MAX_ENTRY_NODES = 400;
/** Tags that set an entry's name apart, in the order they are trusted. */
const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const BOLD = new Set(['STRONG', 'B']);

/** What an entry shows of itself: the pages it links to (by URL and by template) and its name. */
interface EntryMarks {
  links: { url: string; template: string }[];
  templates: Set<string>;
  name?: string;
  /** Its whole text is a name and a count in brackets ('Broderie (4)'): a category's link in a menu. */
  counted?: boolean;
}

/** A category's link and its count, an entry's whole text: 'Sérigraphie (6)', 'Offset [14]' (no other digit; bounded). */
const COUNTED = /^[^\d()[\]]{2,100}[([]\s?\d{1,6}\s?[)\]]$/u;

/** A name and a count as a badge of its own, an entry's whole text: 'Poterie 4' of 'Poterie <span class="badge">4</span>' (bounded). */
const BADGE_COUNTED = /^[^\d()[\]]{2,100}\d{1,6}$/u;

/**
 * Classes of a count's badge (Bootstrap's `badge`, `count`, `counter`, `nb`, `total`, `pill`): a number
 * in an element classed otherwise after a name is the entry's own (its reviews, its stand, its rating).
 */
const COUNT_CLASS = /(?:^|[\s_-])(?:badge|count|counter|nb|nombre|total|pill|qty|num)(?:$|[\s_-])/i;
/** Inline elements a count is set in as a badge ('<span class="badge">4</span>', '<small class="count">12</small>'). */
const BADGE_TAGS = new Set(['SPAN', 'SMALL', 'EM', 'I', 'B', 'STRONG', 'SUP', 'MARK', 'LABEL']);

/**
 * Whether an entry's whole text is a name and a count: in brackets ('Broderie (4)', 'Offset [14]'),
 * or as a badge, an inline element classed as a count whose whole text is the number after the name ('Poterie <span
 * class="badge">4</span>', Bootstrap's list-group or a SobiPro category cell): a category's link in a
 * menu. A table's row is never one: a cell of digits beside a title is a column (an article's hits).
 */
export function isCountedEntry(entry: HTMLElement): boolean {
  const whole = shortText(entry, 120);
  if (whole === undefined) return false;
  if (COUNTED.test(whole)) return true;
  if (entry.tagName === 'TR' || !BADGE_COUNTED.test(whole)) return false;
  const count = /\d+$/.exec(whole)![0];
  // (The text is at most 40 nodes: shortText walked them all.)
  const stack = [...entry.childNodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (el.tagName === 'TD' || el.tagName === 'TH') return false;
    if (BADGE_TAGS.has(el.tagName) && el.text.trim() === count && COUNT_CLASS.test(classText(el))) return true;
    stack.push(...el.childNodes);
  }
  return false;
}

/** Where a page's links resolve: its base URL, and its host (no 'www.') that detail pages share. */
interface Site {
  base: URL;
  host: string;
}

/** The site of a page whose URL is unknown: only its relative links are known to be its own. */
const UNKNOWN_SITE = 'http://page.invalid/';

function siteOf(base: string | undefined): Site {
  let url: URL;
  try {
    url = new URL(base ?? UNKNOWN_SITE);
  } catch {
    url = new URL(UNKNOWN_SITE);
  }
  return { base: url, host: url.host.toLowerCase().replace(/^www\./, '') };
}

/**
 * A link's page template on the page's own site: the path without its last segment ('/fiche/'
 * of '/fiche/12-x'), or the path and the query's keys when it has a query ('/fiche.php?id').
 * Undefined for a link elsewhere (a WhatsApp or a social network's link is no entry's page) and
 * for mailto:, tel:, javascript: and fragments.
 */
export function linkTemplate(href: string, base: string = UNKNOWN_SITE): string | undefined {
  return pageOf(href, siteOf(base))?.template;
}

/** A link's page on the page's own site: its URL without the fragment, and its template ({@link linkTemplate}). */
function pageOf(href: string, site: Site): { url: string; template: string } | undefined {
  const h = href.trim();
  if (h === '' || h.startsWith('#') || /^(?:javascript|mailto|tel|sms|data):/i.test(h)) return undefined;
  let url: URL;
  try {
    url = new URL(h, site.base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host.toLowerCase().replace(/^www\./, '') !== site.host) return undefined;
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  url.hash = '';
  // (With a query, the entry is told by the query, '/fiche.php?id=3': the path is the template's.)
  if (keys !== '') return { url: url.href, template: `${url.pathname}?${keys}` };
  const path = url.pathname.replace(/\/+$/, '');
  return { url: url.href, template: path.slice(0, path.lastIndexOf('/') + 1) };
}

/** An entry's links and name (its first heading, else its first link or bold text), by a bounded walk. */
function marksOf(entry: HTMLElement, site: Site): EntryMarks {
  const marks: EntryMarks = { links: [], templates: new Set() };
  let heading: string | undefined;
  let other: string | undefined;
  const stack = [...entry.childNodes].reverse();
  let nodes = 0;
  while (stack.length > 0 && ++nodes <= MAX_ENTRY_NODES) {
    const n = stack.pop()!;
    if (n.nodeType !== 1) continue;
    const el = n as HTMLElement;
    if (el.tagName === 'A') {
      const href = attrOf(el, 'href');
      const page = href === undefined ? undefined : pageOf(href, site);
      if (page !== undefined) {
        marks.links.push(page);
        marks.templates.add(page.template);
        other ??= nameText(el);
      }
    } else if (HEADINGS.has(el.tagName)) heading ??= nameText(el);
    else if (BOLD.has(el.tagName)) other ??= nameText(el);
    for (let i = el.childNodes.length - 1; i >= 0; i--) stack.push(el.childNodes[i]);
  }
  const name = heading ?? other;
  if (name !== undefined) marks.name = normalizeCompanyName(name);
  if (isCountedEntry(entry)) marks.counted = true;
  return marks;
}

/** A short text that can be a name: two letters at least. */
function nameText(el: HTMLElement): string | undefined {
  const text = shortText(el, 120);
  return text !== undefined && /\p{L}{2}/u.test(text) ? text : undefined;
}

/**
 * The template a group's entries link to: the one most of them (at least half) link to, each
 * to a page of its own. Not the site's root ('/x.html'), where its own pages and a menu's are too.
 */
function templateOf(marks: readonly EntryMarks[]): string | undefined {
  const counts = new Map<string, number>();
  for (const m of marks) for (const t of m.templates) counts.set(t, (counts.get(t) ?? 0) + 1);
  let best: string | undefined;
  let most = 0;
  for (const [t, n] of counts) if (n > most) [best, most] = [t, n];
  return best !== undefined && best !== '/' && linksTo(marks, best) ? best : undefined;
}

/** Whether most of a group's entries (at least half) link to a page of `template`, each to its own. */
function linksTo(marks: readonly EntryMarks[], template: string): boolean {
  const holding = marks.filter((m) => m.templates.has(template)).length;
  const pages = new Set(marks.flatMap((m) => m.links.filter((l) => l.template === template).map((l) => l.url)));
  return holding * 2 >= marks.length && pages.size >= holding;
}

/**
 * Whether every one of `blocks` links to a page of its own, all of one template (a grid's columns
 * each linking its company's page, `/artisan/a-1`, `/artisan/b-2`): they are entries, not the
 * parts of one (a card's name row and category row link pages of two templates, or one page).
 */
export function eachLinksOwnPage(blocks: readonly HTMLElement[], base?: string): boolean {
  const site = siteOf(base);
  const marks = blocks.map((b) => marksOf(b, site));
  const template = templateOf(marks);
  if (template === undefined || !marks.every((m) => m.templates.has(template))) return false;
  return new Set(marks.flatMap((m) => m.links.filter((l) => l.template === template).map((l) => l.url))).size >= blocks.length;
}

/** A repeated group of the page (its members: sibling blocks of one shape), scored by items.ts. */
export interface TierGroup {
  members: readonly HTMLElement[];
  score: number;
}

/** Most groups looked at as tiers of a page's listing (a page shows a few; the best scored come first). */
const MAX_TIER_GROUPS = 16;

/** A group with what its entries show. */
interface Marked<G> {
  group: G;
  marks: EntryMarks[];
}

/**
 * The groups among `candidates` (best first) that are other tiers of a listing whose entries
 * (`entries`, with their `marks`) link to pages of `template`: groups neither inside an entry nor
 * holding one, whose entries link to pages of that template, and which do not mostly name
 * entries already taken (by page or by name: a carousel, a "most viewed" list).
 */
function tiersOf<G extends TierGroup>(entries: readonly HTMLElement[], marks: readonly EntryMarks[], template: string, candidates: readonly Marked<G>[]): G[] {
  // (A menu of sub-categories with counts, 'Broderie (4)', may share the entries' path: a Joomla directory's SEF URLs.)
  return joinedGroups(entries, marks, candidates, (its) => linksTo(its, template) && its.filter((m) => m.counted).length * 2 < its.length);
}

/**
 * The groups among `candidates` (best first) that `joins` accepts, neither inside an entry nor
 * holding one, and which do not mostly name entries already taken (by page or by name), each
 * taken in turn with the entries (`entries`, with their `marks`).
 */
function joinedGroups<G extends TierGroup>(entries: readonly HTMLElement[], marks: readonly EntryMarks[], candidates: readonly Marked<G>[], joins: (marks: readonly EntryMarks[], group: G) => boolean): G[] {
  const taken = new Set(entries);
  // The entries' ancestors: a group whose member holds an entry is a container of the listing, not a tier.
  const holders = new Set<HTMLElement>();
  const hold = (entry: HTMLElement) => {
    for (let a = entry.parentNode; a && !holders.has(a); a = a.parentNode) holders.add(a);
  };
  entries.forEach(hold);
  const urls = new Set(marks.flatMap((m) => m.links.map((l) => l.url)));
  const names = new Set(marks.flatMap((m) => (m.name ? [m.name] : [])));
  const out: G[] = [];
  for (const { group, marks: its } of candidates) {
    if (group.members.some((m) => taken.has(m) || holders.has(m) || insideAny(m, taken)) || !joins(its, group)) continue;
    const repeated = its.filter((m) => (m.name !== undefined && names.has(m.name)) || m.links.some((l) => urls.has(l.url))).length;
    if (repeated * 2 >= its.length) continue;
    out.push(group);
    for (const m of group.members) {
      taken.add(m);
      hold(m);
    }
    for (const m of its) {
      for (const l of m.links) urls.add(l.url);
      if (m.name) names.add(m.name);
    }
  }
  return out;
}

/** The first groups of a page (best first), each with its entries' marks. */
function marked<G extends TierGroup>(groups: readonly G[], site: Site): Marked<G>[] {
  return groups.slice(0, MAX_TIER_GROUPS).map((group) => ({ group, marks: group.members.map((m) => marksOf(m, site)) }));
}

/**
 * The group a listing is read from: the best scored (`groups` come best first), unless the groups
 * whose entries link to pages of one template, the listing's tiers ({@link otherTiers}, taken best
 * first), score more together: then the best of them. Each tier of a directory that lists its
 * members in several shapes is small (two Gold cards, two plain rows, two bare names); a menu of
 * sectors with counts may score more than any one of them, not more than all of them. `base` is
 * the page's URL for its links.
 */
export function listingLead<G extends TierGroup>(groups: readonly G[], base?: string): G {
  if (groups.length < 2) return groups[0];
  // (Most pages: the best group outscores all the others together, and no walk is needed.)
  let others = 0;
  for (let i = 1; i < Math.min(groups.length, MAX_TIER_GROUPS); i++) others += groups[i].score;
  if (others <= groups[0].score) return groups[0];
  const all = marked(groups, siteOf(base));
  let lead = groups[0];
  let most = groups[0].score;
  const seen = new Set<string>();
  for (const { group, marks } of all) {
    const template = templateOf(marks);
    // (The first group of a template is its best: the tiers it leads are the template's.)
    if (template === undefined || seen.has(template)) continue;
    seen.add(template);
    const score = tiersOf(group.members, marks, template, all).reduce((sum, g) => sum + g.score, group.score);
    if (score > most) [lead, most] = [group, score];
  }
  return lead;
}

/**
 * The members of the other tiers of the listing whose entries are `chosen`, among `candidates`
 * (repeated groups of the page, best first; chrome already left out): each group kept whole or
 * not at all, when its entries link to pages of the template the chosen ones link to. `base` is
 * the page's URL for its links (without it, only relative links are the site's).
 */
export function otherTiers(chosen: readonly HTMLElement[], candidates: readonly TierGroup[], base?: string): HTMLElement[] {
  if (chosen.length < 2 || candidates.length === 0) return [];
  const site = siteOf(base);
  const marks = chosen.map((m) => marksOf(m, site));
  const template = templateOf(marks);
  if (template === undefined) return [];
  return tiersOf(chosen, marks, template, marked(candidates, site)).flatMap((g) => g.members);
}

/**
 * The members of the other tiers of a listing whose entries link to no page of their own (a
 * members' association lists its partners in rich cards, then the other members in a table, each
 * a name and its numbers): groups of at least two blocks every one of which is a whole record
 * (`record.isRecord`: a name and a contact), or whose records stand in one run between its
 * blocks of prose (a post's paragraphs: {@link recordRun}), each naming a company of its own, one
 * after the other ({@link distinctRun}), beside `chosen` entries most of which are records too, that
 * do not mostly name entries already taken (the same companies shown twice, a "similar pages"
 * strip). A group of blocks without a contact (a FAQ, a help box, a menu) never joins: its blocks
 * are not records. `base` is the page's URL for its links. Bounded like {@link otherTiers}.
 */
export function recordTiers(chosen: readonly HTMLElement[], candidates: readonly TierGroup[], record: RecordReader, base?: string): HTMLElement[] {
  if (chosen.length < 2 || candidates.length === 0) return [];
  const records = candidates.flatMap((g) => {
    if (g.members.length < 2) return [];
    if (g.members.every(record.isRecord)) return [g];
    const run = recordRun(g.members, record.isRecord);
    return run ? [{ members: run, score: g.score }] : [];
  });
  if (records.length === 0 || chosen.filter(record.isRecord).length * 2 < chosen.length) return [];
  const site = siteOf(base);
  // (A table row sets no name apart: its first line is its name, to tell a repeated one.)
  const marksWithName = (m: HTMLElement): EntryMarks => {
    const marks = marksOf(m, site);
    if (marks.name === undefined) {
      const line = record.firstLine(m);
      if (line !== undefined) marks.name = normalizeCompanyName(line);
    }
    return marks;
  };
  const groups = records.slice(0, MAX_TIER_GROUPS).map((group) => ({ group, marks: group.members.map(marksWithName) }));
  return joinedGroups(chosen, chosen.map(marksWithName), groups, distinctRun).flatMap((g) => g.members);
}

/**
 * The records of a group whose other blocks are prose (a post's paragraphs: an intro line, the
 * records typed as paragraphs, a closing notice): its records when they are two or more and stand
 * one after the other among the group's blocks, no other block of the group between two of them
 * ({@link distinctRun} then asks that nothing else stands between them either).
 */
function recordRun(members: readonly HTMLElement[], isRecord: (m: HTMLElement) => boolean): HTMLElement[] | undefined {
  let first = -1;
  let last = -1;
  for (let i = 0; i < members.length; i++) {
    if (!isRecord(members[i])) continue;
    if (first < 0) first = i;
    else if (last !== i - 1) return undefined;
    last = i;
  }
  return first >= 0 && last > first ? members.slice(first, last + 1) : undefined;
}

/**
 * Whether a group's blocks are a list of companies: each names one of its own (the site's name and
 * number written at the top of the page and again at the bottom are one company twice), and they
 * follow one another under their parent, nothing but separators (a rule, a script, an empty
 * element) between two of them (blocks of one shape far apart, a header's and a footer's, are
 * the page's frame).
 */
function distinctRun(marks: readonly EntryMarks[], group: TierGroup): boolean {
  const names = marks.flatMap((m) => (m.name ? [m.name] : []));
  if (new Set(names).size !== names.length || sharesContact(group.members)) return false;
  const members = new Set(group.members);
  const parent = group.members[0].parentNode;
  if (!parent || group.members.some((m) => m.parentNode !== parent)) return false;
  let inside = false;
  let left = members.size;
  for (const n of parent.childNodes) {
    if (members.has(n as HTMLElement)) {
      inside = true;
      if (--left === 0) break;
    } else if (inside && n.nodeType === 1 && !SEPARATORS.has((n as HTMLElement).tagName) && n.childNodes.length > 0) return false;
  }
  return true;
}

/** Most characters of a block's text read for its contacts ({@link sharesContact}). */
const MAX_RECORD_TEXT = 2_000;

/**
 * Whether two blocks of a group show one same e-mail or number: notices naming listed companies
 * (job offers, news) that all give one address, the site's own ('Postulez : emplois@…'), are
 * no records of companies, each of which has contacts of its own. Each block's text read up to
 * {@link MAX_RECORD_TEXT} characters.
 */
function sharesContact(members: readonly HTMLElement[]): boolean {
  const seen = new Set<string>();
  for (const m of members) {
    const text = m.text.slice(0, MAX_RECORD_TEXT);
    for (const c of new Set([...findEmails(text), ...findPhones(text)])) {
      if (seen.has(c)) return true;
      seen.add(c);
    }
  }
  return false;
}

/** Elements between two entries of a list that part them without being anything. */
const SEPARATORS = new Set(['HR', 'BR', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** What {@link recordTiers} asks items.ts of a block: whether it is a whole record (a name and a contact), and its first line of text. */
export interface RecordReader {
  isRecord: (block: HTMLElement) => boolean;
  firstLine: (block: HTMLElement) => string | undefined;
}

function insideAny(el: HTMLElement, set: ReadonlySet<HTMLElement>): boolean {
  for (let a = el.parentNode; a; a = a.parentNode) if (set.has(a)) return true;
  return false;
}
