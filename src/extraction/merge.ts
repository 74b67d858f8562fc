/**
 * De-duplicating the companies read from several pages and sources, on strong evidence only:
 *  - the same name key ({@link normalizeCompanyName}: legal forms, accents, case and
 *    punctuation removed) in the same wilaya is one company, unless one directory shows the two
 *    apart: each on a page of its own, with contacts, none shared;
 *  - a shared phone or e-mail merges two companies only when their names are compatible (one
 *    name's words contain the other's, or they share at least half their words), checked
 *    against every name of both groups: merging is never transitive through a contact, so
 *    A~B and B~C by contacts do not make A~C unless A's and C's names agree too;
 *  - a contact carried by more than {@link MAX_NAMES_PER_CONTACT} differently-named records of
 *    the run, or by that many whose names are unrelated (not in two scripts, none the other's
 *    initials) and that are shown to be that many companies, is the directory's furniture or a
 *    shared line (a switchboard, a footer address, an accountant's), not an identity: it is
 *    removed from every record before merging (see {@link furnitureContacts});
 *  - one directory's records showing the same two or more contacts and nothing else, named in
 *    two scripts (its French entry and its Arabic entry), are one company, unless another
 *    company shows those contacts too (a domiciliation office's line and address).
 */
import { normalizeCompanyName, scriptOf, words } from '../platform/text';
import { unique, type RawCompany } from './extract';

/** One record to merge: a company read from a page of a source, for a wilaya. */
export interface SourcedRecord {
  raw: RawCompany;
  /** The source's name. */
  source: string;
  wilayaCode: number;
}

/** One company after merging. */
export interface MergedCompany {
  /** See {@link mergeCompanies} for which name is kept. */
  name: string;
  /** The wilaya of its first record. */
  wilayaCode: number;
  /** The first activity found. */
  activity?: string;
  /** Every e-mail found, in order of first appearance. */
  emails: string[];
  /** Every phone found (E.164), in order of first appearance. */
  phones: string[];
  /** Every source it was found on, in order. */
  sources: string[];
  /** Every page it was read from, and its detail pages, in order. */
  sourceUrls: string[];
  /** Every distinct name it was seen under. */
  names: string[];
  /** Each page it was read from (listing or detail), with the source that page belongs to, in order. */
  seenOn: { source: string; url: string }[];
}

/**
 * Merges records into companies, in the order of each company's first record. The name kept is
 * the one with the most letters and digits among the names that have the same key as the first
 * record's (so 'SARL Numidia Conseil' wins over 'Numidia Conseil', punctuation does not count,
 * and an unrelated name that only shares a phone never replaces the first one); on a tie, the
 * first. Contacts, sources and URLs are unions.
 */
export function mergeCompanies(input: readonly SourcedRecord[]): MergedCompany[] {
  const furniture = furnitureContacts(input);
  const records = furniture.size === 0 ? input : input.map((r) => ({ ...r, raw: withoutContacts(r.raw, furniture) }));
  const parent = records.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const nameKeys = records.map((r) => normalizeCompanyName(r.raw.name));
  // The words of every name key of each group (kept at its root), for the compatibility check.
  const groupNames = new Map<number, Set<string>>(records.map((_, i) => [i, new Set([nameKeys[i]])]));
  const union = (i: number, j: number) => {
    // The smaller index becomes the root, so a group's root is its first record.
    const [a, b] = [find(i), find(j)].sort((x, y) => x - y);
    if (a === b) return;
    parent[b] = a;
    for (const k of groupNames.get(b) ?? []) groupNames.get(a)!.add(k);
    groupNames.delete(b);
  };
  // 1. The same name key in the same wilaya, unless the directory shows the two apart ({@link shownApart}).
  sameNameGroups(records, nameKeys).forEach((first, i) => union(i, first));
  // 1b. One company entered in two scripts by one directory ('Hôtel Les Grottes' and 'فندق المغارات'): the same contacts, two or more, and nothing else.
  // Per contact set, wilaya and source, its first Latin-named and first Arabic-named record (each name's script read once).
  const byContacts = new Map<string, { contacts: string[]; latin?: number; arabic?: number }>();
  records.forEach((r, i) => {
    if (r.raw.phones.length + r.raw.emails.length < MIN_CONTACTS_ACROSS_SCRIPTS || !nameKeys[i]) return;
    const contacts = [...new Set([...r.raw.phones, ...r.raw.emails])].sort();
    if (contacts.length < MIN_CONTACTS_ACROSS_SCRIPTS) return;
    const k = `${r.wilayaCode}\n${r.source}\n${contacts.join(' ')}`;
    const entry = byContacts.get(k) ?? { contacts };
    const s = entry.latin !== undefined && entry.arabic !== undefined ? undefined : scriptOf(r.raw.name);
    if (s !== undefined && entry[s] === undefined) entry[s] = i;
    byContacts.set(k, entry);
  });
  // The name keys carrying each contact of such a pair.
  const pairs = [...byContacts.values()].filter((e) => e.latin !== undefined && e.arabic !== undefined);
  const carriers = new Map<string, Set<string>>(pairs.flatMap((e) => e.contacts.map((c): [string, Set<string>] => [c, new Set()])));
  if (carriers.size > 0) {
    records.forEach((r, i) => {
      for (const c of [...r.raw.phones, ...r.raw.emails]) carriers.get(c)?.add(nameKeys[i]);
    });
  }
  for (const { contacts, latin, arabic } of pairs) {
    // No other company shows every one of these contacts (a domiciliation office's line and address): they are this company's.
    const names = new Set([nameKeys[latin!], nameKeys[arabic!]]);
    const others = [...carriers.get(contacts[0])!].filter((k) => !names.has(k));
    if (others.every((k) => contacts.some((c) => !carriers.get(c)!.has(k)))) union(latin!, arabic!);
  }
  // 2. A shared contact, when every name of one group is compatible with every name of the other.
  // Per contact, one record of each group carrying it: two of one group would only repeat the check.
  const owners = new Map<string, number[]>();
  records.forEach((r, i) => {
    for (const k of [...r.raw.phones.map((p) => `p:${p}`), ...r.raw.emails.map((e) => `e:${e}`)]) {
      const seen = owners.get(k) ?? [];
      for (const j of seen) {
        const [a, b] = [find(i), find(j)];
        if (a !== b && [...groupNames.get(a)!].every((x) => [...groupNames.get(b)!].every((y) => compatibleNames(x, y)))) union(a, b);
      }
      const kept = new Map<number, number>();
      for (const j of [...seen, i]) if (!kept.has(find(j))) kept.set(find(j), j);
      owners.set(k, [...kept.values()]);
    }
  });

  const groups = new Map<number, number[]>();
  records.forEach((_, i) => {
    const root = find(i);
    const group = groups.get(root) ?? [];
    group.push(i);
    groups.set(root, group);
  });
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, members]) => mergeGroup(members.map((i) => records[i]), members.map((i) => nameKeys[i])));
}

/**
 * Step 1 of {@link mergeCompanies}: for each record, the first record of its group of the same
 * name key in the same wilaya. A record joins the first group (in order of creation) none of
 * whose records it is shown apart from ({@link shownApart}), or starts a group. Indexed, so that
 * N same-named companies, each on a page of its own, cost about N steps, not N² (a hostile page
 * of 20,000 such entries took 8.5 s of the event loop): a group's records of one source are
 * counted per source and per page and listed per contact, and the groups a record could join
 * are only the first with none of its source, those with records on its own page, and those
 * sharing a contact with it.
 */
export function sameNameGroups(records: readonly SourcedRecord[], nameKeys: readonly string[]): number[] {
  const keys = new Map<string, NameKey>();
  return records.map((r, i) => {
    if (!nameKeys[i]) return i;
    // A name cut with an ellipsis ('Quincaillerie Es...') may be several companies' beginning: only the same page makes it one.
    const k = `${nameKeys[i]}|${r.wilayaCode}${CUT_NAME.test(r.raw.name.trimEnd()) ? `|${r.raw.detailUrl ?? `#${i}`}` : ''}`;
    let key = keys.get(k);
    if (!key) keys.set(k, (key = { groups: [], free: new Map(), onPage: new Map(), byContact: new Map() }));
    const contacts = [...new Set([...r.raw.phones, ...r.raw.emails])];
    const group = joinable(key, r, contacts, records) ?? newGroup(key, i);
    addToNameGroup(key, group, r, i, contacts);
    return group.first;
  });
}

/** The groups of one name key in one wilaya ({@link sameNameGroups}), and their indexes. */
interface NameKey {
  groups: NameGroup[];
  /** Per source, the position of the first group that may have none of its records apart (groups only gain records). */
  free: Map<string, number>;
  /** Per source and page, the groups with records apart on that page. */
  onPage: Map<string, Set<NameGroup>>;
  /** Per source and contact, the groups with records apart carrying it. */
  byContact: Map<string, Set<NameGroup>>;
}

/**
 * The records of one name key that step 1 made one company: its first, and those a new record
 * may be shown apart from ({@link shownApart}): with a page of their own and contacts, and of
 * those showing the same contacts in one source, two pages at most (the others would answer as
 * one of them does).
 */
interface NameGroup {
  first: number;
  /** Its position among its name key's groups. */
  at: number;
  /** Each source and contact set's pages among the records apart. */
  pages: Map<string, string[]>;
  /** How many records apart per source. */
  perSource: Map<string, number>;
  /** The records apart per source and page, and per source and contact. */
  onPage: Map<string, number[]>;
  carrying: Map<string, number[]>;
  /** How many records apart carry each contact on each page (per source, page and contact). */
  carryingOnPage: Map<string, number>;
}

/**
 * Most steps (groups and records apart looked at) spent on one record: past it, the groups not
 * yet looked at are taken as showing it apart (it joins the best group found so far, or is a
 * company of its own). Only a run of hundreds of same-named companies shown apart reaches it.
 */
const MAX_GROUP_STEPS = 128;

function newGroup(key: NameKey, first: number): NameGroup {
  const group: NameGroup = { first, at: key.groups.length, pages: new Map(), perSource: new Map(), onPage: new Map(), carrying: new Map(), carryingOnPage: new Map() };
  key.groups.push(group);
  return group;
}

/** The first group of `key` the record may join (none of its records shown apart from it), if any. */
function joinable(key: NameKey, r: SourcedRecord, contacts: readonly string[], records: readonly SourcedRecord[]): NameGroup | undefined {
  const url = r.raw.detailUrl;
  // Without a page of its own or a contact, a record is shown apart from none.
  if (url === undefined || contacts.length === 0) return key.groups[0];
  const source = r.source;
  let at = key.free.get(source) ?? 0;
  while (at < key.groups.length && (key.groups[at].perSource.get(source) ?? 0) > 0) at++;
  key.free.set(source, at);
  let best = key.groups[at];
  const where: Where = { source, url, page: `${source}\n${url}`, contacts, keys: contacts.map((c) => `${source}\n${c}`) };
  const budget = { steps: MAX_GROUP_STEPS };
  const looked = new Set<NameGroup>();
  for (const groups of [key.onPage.get(where.page), ...where.keys.map((k) => key.byContact.get(k))]) {
    for (const g of groups ?? []) {
      if (--budget.steps < 0) return best;
      if (looked.has(g)) continue;
      looked.add(g);
      if ((best === undefined || g.at < best.at) && noneApart(g, where, records, budget)) best = g;
    }
  }
  return best;
}

/**
 * Whether every record apart in `g` of the record's source, on another page than its own,
 * shares a contact with it: none is shown apart from it ({@link shownApart}).
 */
function noneApart(g: NameGroup, { source, url, page, contacts, keys }: Where, records: readonly SourcedRecord[], budget: { steps: number }): boolean {
  const here = g.onPage.get(page) ?? [];
  const others = (g.perSource.get(source) ?? 0) - here.length;
  if (others === 0) return true;
  // One contact that all of them carry (the common case: a company's pages showing its number).
  for (let i = 0; i < keys.length; i++) {
    const carrying = g.carrying.get(keys[i]);
    if (carrying && carrying.length - (g.carryingOnPage.get(`${page}\n${contacts[i]}`) ?? 0) === others) return true;
  }
  // Else those sharing any of its contacts, counted once each.
  const sharing = new Set<number>();
  for (const k of keys) {
    for (const j of g.carrying.get(k) ?? []) {
      if (--budget.steps < 0) return false;
      if (records[j].raw.detailUrl !== url) sharing.add(j);
    }
  }
  return sharing.size === others;
}

/** A record looked up in the groups of its name key: its page and contacts, and their keys (source and page, source and contact). */
interface Where {
  source: string;
  url: string;
  page: string;
  contacts: readonly string[];
  keys: readonly string[];
}

function addToNameGroup(key: NameKey, group: NameGroup, r: SourcedRecord, i: number, contacts: readonly string[]): void {
  const url = r.raw.detailUrl;
  if (url === undefined || contacts.length === 0) return;
  const k = `${r.source}\n${[...contacts].sort().join(' ')}`;
  const pages = group.pages.get(k) ?? [];
  if (pages.length >= 2 || pages.includes(url)) return;
  pages.push(url);
  group.pages.set(k, pages);
  const page = `${r.source}\n${url}`;
  group.perSource.set(r.source, (group.perSource.get(r.source) ?? 0) + 1);
  push(group.onPage, page, i);
  addTo(key.onPage, page, group);
  for (const c of contacts) {
    push(group.carrying, `${r.source}\n${c}`, i);
    addTo(key.byContact, `${r.source}\n${c}`, group);
    group.carryingOnPage.set(`${page}\n${c}`, (group.carryingOnPage.get(`${page}\n${c}`) ?? 0) + 1);
  }
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

function addTo<K, V>(map: Map<K, Set<V>>, k: K, v: V): void {
  const set = map.get(k);
  if (set) set.add(v);
  else map.set(k, new Set([v]));
}

/**
 * Whether one directory shows two records of one name as two companies: each has a page of its
 * own (two detail pages), each has contacts, and they share none. Two branches, two sellers of a
 * marketplace, or two entries named by a misread line (a product, a category): one record holding
 * both would be billed as one company with another's numbers. The same company seen in two
 * directories still merges, and so do two entries of one page without pages of their own (a
 * company listed twice, its phone in one entry and its e-mail in the other).
 */
export function shownApart(a: SourcedRecord, b: SourcedRecord): boolean {
  if (a.source !== b.source) return false;
  const x = a.raw;
  const y = b.raw;
  if (x.detailUrl === undefined || y.detailUrl === undefined || x.detailUrl === y.detailUrl) return false;
  if (x.phones.length + x.emails.length === 0 || y.phones.length + y.emails.length === 0) return false;
  return !x.phones.some((p) => y.phones.includes(p)) && !x.emails.some((e) => y.emails.includes(e));
}

/** Distinct (source, page) pairs of a group's records, listing pages and detail pages alike. */
function seenOn(group: SourcedRecord[]): { source: string; url: string }[] {
  const seen = new Map<string, { source: string; url: string }>();
  for (const r of group) {
    for (const url of [r.raw.sourceUrl, r.raw.detailUrl]) {
      if (url && !seen.has(`${r.source}\n${url}`)) seen.set(`${r.source}\n${url}`, { source: r.source, url });
    }
  }
  return [...seen.values()];
}

/** A name that ends with an ellipsis: cut by the directory's grid. */
const CUT_NAME = /(?:…|\.{3})$/u;

/** One company from a group of records, given their normalised names in the same order. */
function mergeGroup(group: SourcedRecord[], nameKeys: string[]): MergedCompany {
  const [first] = group;
  let name = first.raw.name;
  group.forEach((r, i) => {
    if (nameKeys[i] === nameKeys[0] && letters(r.raw.name) > letters(name)) name = r.raw.name;
  });
  const merged: MergedCompany = {
    name,
    wilayaCode: first.wilayaCode,
    emails: unique(group.flatMap((r) => r.raw.emails)),
    phones: unique(group.flatMap((r) => r.raw.phones)),
    sources: unique(group.map((r) => r.source)),
    sourceUrls: unique(group.flatMap((r) => [r.raw.sourceUrl, r.raw.detailUrl])),
    names: unique(group.map((r) => r.raw.name)),
    seenOn: seenOn(group),
  };
  const activity = group.map((r) => r.raw.activity).find(Boolean);
  if (activity) merged.activity = activity;
  return merged;
}

/** Letters and digits in a name. */
function letters(name: string): number {
  return (name.match(/[\p{L}\p{N}]/gu) ?? []).length;
}

/** Fewest contacts two records must both show, and only them, to be one company named in two scripts ({@link scriptOf}). */
const MIN_CONTACTS_ACROSS_SCRIPTS = 2;


/** A contact carried by more differently-named records than this, in one run, is furniture. */
export const MAX_NAMES_PER_CONTACT = 3;

/**
 * The contacts (e-mails and E.164 phones) that records of more than
 * {@link MAX_NAMES_PER_CONTACT} different name keys carry: a directory's footer address or hotline
 * repeated on its pages, never one company's. Also a contact that exactly that many carry when
 * no two of their names could be one company's ({@link relatedNames}) and the records show them
 * to be that many companies ({@link shownDistinct}): a line several companies give as their
 * accountant's, their domiciliation office's or their building's.
 */
export function furnitureContacts(records: readonly SourcedRecord[]): Set<string> {
  const names = new Map<string, Set<string>>();
  const keys = records.map((r) => normalizeCompanyName(r.raw.name));
  records.forEach((r, i) => {
    for (const c of [...r.raw.emails, ...r.raw.phones]) {
      const set = names.get(c) ?? new Set<string>();
      set.add(keys[i]);
      names.set(c, set);
    }
  });
  const furniture = new Set<string>();
  const shared: [string, string[]][] = [];
  for (const [c, set] of names) {
    if (set.size > MAX_NAMES_PER_CONTACT) furniture.add(c);
    else if (set.size === MAX_NAMES_PER_CONTACT) shared.push([c, [...set]]);
  }
  if (shared.length === 0) return furniture;
  // What the records of the keys carrying such a line show: their names, contacts and pages.
  const carriers = new Map<string, Carrier>(shared.flatMap(([, ks]) => ks.map((k): [string, Carrier] => [k, { names: [], contacts: new Set(), pages: new Map() }])));
  records.forEach((r, i) => {
    const carrier = carriers.get(keys[i]);
    if (!carrier) return;
    if (carrier.names.length < MAX_NAMES_PER_CARRIER && !carrier.names.includes(r.raw.name)) carrier.names.push(r.raw.name);
    for (const c of [...r.raw.emails, ...r.raw.phones]) carrier.contacts.add(c);
    if (r.raw.detailUrl !== undefined) {
      const pages = carrier.pages.get(r.source) ?? new Set<string>();
      pages.add(r.raw.detailUrl);
      carrier.pages.set(r.source, pages);
    }
  });
  for (const [c, ks] of shared) {
    const pairs = ks.flatMap((a, i) => ks.slice(i + 1).map((b): [string, string] => [a, b]));
    if (pairs.every(([a, b]) => !relatedNames(a, carriers.get(a)!, b, carriers.get(b)!) && shownDistinct(c, carriers.get(a)!, carriers.get(b)!))) furniture.add(c);
  }
  return furniture;
}

/** What the records of one name key show, for {@link furnitureContacts}. */
interface Carrier {
  /** Its first distinct names as written, up to {@link MAX_NAMES_PER_CARRIER}. */
  names: string[];
  /** Every contact of its records. */
  contacts: Set<string>;
  /** Each source's detail pages of its records. */
  pages: Map<string, Set<string>>;
}

/** Most names as written kept per name key for {@link relatedNames}. */
const MAX_NAMES_PER_CARRIER = 3;

/**
 * Whether two name keys could be one company's: compatible ({@link compatibleNames}: 'numidia'
 * and 'cabinet numidia conseil'), written in two scripts ({@link scriptOf}: a French name and an
 * Arabic one, which no word comparison can match), or one the other's initials
 * ({@link initialsOf}: 'ENIEM' and 'Entreprise Nationale des Industries de l'Electroménager').
 */
function relatedNames(a: string, x: Carrier, b: string, y: Carrier): boolean {
  if (compatibleNames(a, b)) return true;
  const sa = scriptOf(a);
  const sb = scriptOf(b);
  if (sa !== undefined && sb !== undefined && sa !== sb) return true;
  return y.names.some((name) => initialsOf(a, name)) || x.names.some((name) => initialsOf(b, name));
}

/**
 * Whether two name keys sharing a line are shown to be two companies: each has a contact the
 * other does not, or one source lists them on pages of their own (as {@link shownApart}). Three
 * names showing only one line, one in each of three sources, may be one company named three ways.
 */
function shownDistinct(line: string, x: Carrier, y: Carrier): boolean {
  const own = (p: Carrier, q: Carrier) => [...p.contacts].some((c) => c !== line && !q.contacts.has(c));
  if (own(x, y) && own(y, x)) return true;
  for (const [source, pages] of x.pages) {
    const other = y.pages.get(source);
    if (other && ![...pages].some((u) => other.has(u))) return true;
  }
  return false;
}

/** An acronym ({@link initialsOf}): a name key of one word of 2 to 12 letters. */
const ACRONYM = /^[a-z]{2,12}$/;
/** Longest name, and most of its words, read for the initials of ({@link initialsOf}). */
const MAX_INITIALS_NAME = 200;
const MAX_INITIALS_WORDS = 16;

/** Words a name's initials may leave out: articles, prepositions, conjunctions, legal forms. */
const WORDS_WITHOUT_INITIAL = new Set(['d', 'l', 'de', 'des', 'du', 'la', 'le', 'les', 'el', 'al', 'et', 'en', 'au', 'aux', 'a', 'pour', 'of', 'the', 'and', 'for', 'sarl', 'eurl', 'spa', 'snc', 'ets']);

/**
 * Whether a name key of one word of letters is made of the initials of a name's words, in order:
 * each word gives its first letter and possibly more of its letters, in order ('ENIEM' from
 * Entreprise, Nationale, Industries and ElectroMénager; 'SNVI'; 'Sonelgaz' from SOciété,
 * Nationale, ELectricité, GAZ), articles, prepositions and legal forms may give none.
 */
function initialsOf(key: string, name: string): boolean {
  if (!ACRONYM.test(key)) return false;
  const ws = words(name.slice(0, MAX_INITIALS_NAME)).slice(0, MAX_INITIALS_WORDS);
  if (ws.length < 2) return false;
  // The positions in the key that the words read so far can end at.
  let reach = new Set([0]);
  for (const w of ws) {
    const next = new Set<number>();
    for (const i of reach) {
      if (WORDS_WITHOUT_INITIAL.has(w) || w.length === 1) next.add(i);
      if (i >= key.length || key[i] !== w[0]) continue;
      // The word's first letter, then as many of the key's next letters as follow in it, in order.
      let at = 1;
      for (let e = i + 1; ; e++) {
        next.add(e);
        if (e >= key.length) break;
        while (at < w.length && w[at] !== key[e]) at++;
        if (at >= w.length) break;
        at++;
      }
    }
    reach = next;
    if (reach.size === 0) return false;
  }
  return reach.has(key.length);
}

/**
 * Whether two name keys can be one company's: equal, one's words all in the other's
 * ('numidia' and 'numidia conseil'), or sharing at least half of all their distinct words
 * ('transports du sud' and 'transports sud'). 'numidia conseil' and 'atlas conseil' are not.
 */
export function compatibleNames(a: string, b: string): boolean {
  if (a === b) return true;
  const wa = new Set(a.split(' ').filter(Boolean));
  const wb = new Set(b.split(' ').filter(Boolean));
  if (wa.size === 0 || wb.size === 0) return false;
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared === Math.min(wa.size, wb.size) || shared * 2 >= new Set([...wa, ...wb]).size;
}

function withoutContacts(raw: RawCompany, contacts: ReadonlySet<string>): RawCompany {
  return { ...raw, emails: raw.emails.filter((e) => !contacts.has(e)), phones: raw.phones.filter((p) => !contacts.has(p)) };
}

/** Longest name looked at for a firm's office ({@link firmOffice}). */
const MAX_OFFICE_NAME = 200;

/**
 * An office's designation after a firm's name: its head office ('Siège …', 'Direction régionale',
 * 'Direction générale', 'Head office', 'المقر', 'المديرية') or a branch ('Agence …', 'Succursale …',
 * 'Bureau …', 'Antenne …', 'Annexe …', 'Branch …', 'وكالة', 'فرع'), a word of its own after a space.
 */
const OFFICE_IN_NAME = /\s(?:(si[èe]ge|direction\s(?:r[ée]gionale|g[ée]n[ée]rale)|d[ée]l[ée]gation\sr[ée]gionale|head\soffice|headquarters|المقر|المديرية)|agence|succursale|bureau|antenne|annexe|branch|وكالة|فرع)(?=$|[\s,(:–—-])/iu;

/** A name's words ending with a preposition, an article or a conjunction ('… de', "… l'", '… et'). */
const AFTER_WORD = /(?:^|[\s'’])(?:de|du|des|d|la|le|les|l|et|pour|en|au|aux|à|of|the|and|for|في|من)['’]?$/iu;

/**
 * The firm a name names one office of, and whether that office is its head office: 'Trans Sahel
 * Siège Es Senia' and 'Trans Sahel Agence Arzew' are the offices of 'trans sahel' (its name key),
 * the first its head office. Undefined for a name without a firm's name before an office's
 * designation ('Agence Assurances Amrani', 'Cabinet Belkacem').
 */
export function firmOffice(name: string): { firm: string; head: boolean } | undefined {
  const text = name.slice(0, MAX_OFFICE_NAME);
  const m = OFFICE_IN_NAME.exec(text);
  if (!m) return undefined;
  const before = text.slice(0, m.index);
  // (Words of an activity, not a firm's name: 'Fournitures de bureau …', 'Mobilier et bureau …'.)
  if (AFTER_WORD.test(before)) return undefined;
  const firm = normalizeCompanyName(before);
  return firm ? { firm, head: m[1] !== undefined } : undefined;
}
