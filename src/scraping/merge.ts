/**
 * De-duplicating the companies read from several pages and sources. Two records are one
 * company when they share a normalised phone or e-mail, or have the same name key
 * ({@link normalizeCompanyName}: legal forms, accents, case and punctuation removed) in the
 * same wilaya; the relation is transitive (union-find), so A~B by phone and B~C by name makes
 * one company of the three.
 */
import { normalizeCompanyName } from '../domain/text';
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
}

/**
 * Merges records into companies, in the order of each company's first record. The name kept is
 * the one with the most letters and digits among the names that have the same key as the first
 * record's (so 'SARL Numidia Conseil' wins over 'Numidia Conseil', punctuation does not count,
 * and an unrelated name that only shares a phone never replaces the first one); on a tie, the
 * first. Contacts, sources and URLs are unions.
 */
export function mergeCompanies(records: readonly SourcedRecord[]): MergedCompany[] {
  const parent = records.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<string, number>();
  const nameKeys = records.map((r) => normalizeCompanyName(r.raw.name));
  records.forEach((r, i) => {
    const key = nameKeys[i];
    const keys = [...r.raw.phones.map((p) => `p:${p}`), ...r.raw.emails.map((e) => `e:${e}`), ...(key ? [`n:${key}|${r.wilayaCode}`] : [])];
    for (const k of keys) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else {
        // The smaller index becomes the root, so a group's root is its first record.
        const [a, b] = [find(i), find(j)].sort((x, y) => x - y);
        parent[b] = a;
      }
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
  };
  const activity = group.map((r) => r.raw.activity).find(Boolean);
  if (activity) merged.activity = activity;
  return merged;
}

/** Letters and digits in a name. */
function letters(name: string): number {
  return (name.match(/[\p{L}\p{N}]/gu) ?? []).length;
}
