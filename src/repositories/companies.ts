import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { fold, normalizeCompanyName } from '../domain/text';
import { skipOnReplica } from '../db/readYourWrites';
import { countByCells } from './companyCounts';

export type CompanySource = 'import' | 'scraping' | 'demo';

/** A company as written by an import, a seed or an extraction (already normalised). */
export interface CompanyInput {
  nom: string;
  wilaya_code: number;
  secteur_id: string | null;
  activite: string | null;
  email: string | null;
  telephone: string | null;
  score_qualite: number;
  source: CompanySource;
  source_url: string | null;
}

export interface CompanyRow extends CompanyInput {
  id: string;
  created_at: Date;
  updated_at: Date;
}

export interface CompanyFilter {
  /** Folded words that must all appear in the name or activity. */
  words: string[];
  wilayaCodes: number[];
  secteurIds: string[];
  scoreMin: number;
}

/** The natural key: normalised name (no legal form, no accents) and wilaya. */
export function naturalKey(c: Pick<CompanyInput, 'nom' | 'wilaya_code'>): string {
  return `${normalizeCompanyName(c.nom)}|${c.wilaya_code}`;
}

function toRecord(c: CompanyInput) {
  return {
    id: crypto.randomUUID(),
    ...c,
    nom: c.nom.trim(),
    nom_normalise: normalizeCompanyName(c.nom),
    nom_tri: fold(c.nom),
    search_text: fold(`${c.nom} ${c.activite ?? ''}`),
  };
}

/**
 * Inserts companies, or updates those whose natural key exists: the new values win, except
 * that a missing contact, activity, sector or source URL keeps the one already known.
 * The batch must not hold the same natural key twice (PostgreSQL refuses to update a row
 * twice in one statement): see {@link naturalKey}.
 */
export async function upsertCompanies(
  db: Knex,
  companies: CompanyInput[],
): Promise<{ id: string; inserted: boolean; nom_normalise: string; wilaya_code: number }[]> {
  if (companies.length === 0) return [];
  const result = await db.raw(
    `? on conflict (nom_normalise, wilaya_code) do update set
       nom = excluded.nom,
       nom_tri = excluded.nom_tri,
       secteur_id = coalesce(excluded.secteur_id, companies.secteur_id),
       activite = coalesce(excluded.activite, companies.activite),
       search_text = case
         when excluded.activite is not null or companies.activite is null then excluded.search_text
         -- The activity is kept: the new name's words, then the old text's activity part
         -- (search_text is the folded name, a space, the folded activity).
         when left(companies.search_text, length(companies.nom_tri)) = companies.nom_tri collate "C"
           then trim(excluded.nom_tri || ' ' || ltrim(substr(companies.search_text, length(companies.nom_tri) + 1)))
         else excluded.search_text || ' ' || companies.search_text
       end,
       email = coalesce(excluded.email, companies.email),
       telephone = coalesce(excluded.telephone, companies.telephone),
       score_qualite = excluded.score_qualite,
       source_url = coalesce(excluded.source_url, companies.source_url),
       updated_at = now()
     returning id, (xmax = 0) as inserted, nom_normalise, wilaya_code`,
    [db('companies').insert(companies.map(toRecord))],
  );
  return result.rows;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filtered(db: Knex, f: CompanyFilter): Knex.QueryBuilder {
  const q = db('companies');
  for (const word of f.words) q.where('search_text', 'like', `%${escapeLike(word)}%`);
  if (f.wilayaCodes.length > 0) q.whereIn('wilaya_code', f.wilayaCodes);
  if (f.secteurIds.length > 0) q.whereIn('secteur_id', f.secteurIds);
  if (f.scoreMin > 0) q.where('score_qualite', '>=', f.scoreMin);
  return q;
}

const ORDER = [
  { column: 'score_qualite', order: 'desc' },
  { column: 'nom_tri', order: 'asc' },
  { column: 'id', order: 'asc' },
] as const;

/** The columns a search result shows (see toEntreprise). */
export type CompanySummary = Pick<CompanyRow, 'id' | 'nom' | 'wilaya_code' | 'secteur_id' | 'activite' | 'email' | 'telephone' | 'score_qualite'>;
const SUMMARY = ['id', 'nom', 'wilaya_code', 'secteur_id', 'activite', 'email', 'telephone', 'score_qualite'];

/** A filter as a cache key: the same search however its values were ordered or repeated. */
function filterKey(f: CompanyFilter): string {
  return JSON.stringify({
    w: [...new Set(f.words)].sort(),
    wi: [...new Set(f.wilayaCodes)].sort((a, b) => a - b),
    s: [...new Set(f.secteurIds)].sort(),
    m: f.scoreMin,
  });
}

/**
 * What a search found at a data version, per database and process: the most recently
 * remembered `size` keys are kept (the oldest goes first).
 */
class VersionedMemo<T> {
  private readonly byDb = new WeakMap<Knex, Map<string, { version: number; value: T }>>();

  constructor(private readonly size: number) {}

  get(db: Knex, key: string): { version: number; value: T } | undefined {
    return this.byDb.get(db)?.get(key);
  }

  remember(db: Knex, key: string, version: number, value: T): void {
    let entries = this.byDb.get(db);
    if (!entries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    entries.delete(key);
    entries.set(key, { version, value });
    if (entries.size > this.size) entries.delete(entries.keys().next().value as string);
  }
}

/** Recently served pages: which ids a page held at a data version. */
const pageIds = new VersionedMemo<string[]>(5000);
/** Counts of searches with words, in front of `search_count_cache`. */
const wordCounts = new VersionedMemo<number>(5000);

/** A PostgreSQL array literal (knex would expand a JS array binding into a list). */
function uuidArray(ids: string[]): string {
  return `{${ids.join(',')}}`;
}

/**
 * One page of matches, by score descending, then folded name, then id, with the data version
 * it was read at (for {@link countCompanies}).
 *
 * The page's ids are found by an index-only scan of an order index that carries the filtered
 * columns; only those rows are then read, so a deep page skips index entries, not table rows.
 * The version is read in the same statement (same snapshot).
 *
 * A page served before is read again by its ids alone, in one statement that also checks the
 * data version: when no company was written since (the version did not move), the same ids
 * are the exact answer and PostgreSQL does twenty primary-key lookups instead of scanning the
 * order index (thousands of entries for a mid-frequency word or a deep page). When the
 * version moved, the page is searched again, in a second round trip.
 */
export async function searchCompanies(
  db: Knex,
  f: CompanyFilter,
  page: { offset: number; limit: number },
): Promise<{ version: number; rows: CompanySummary[] }> {
  const key = `${filterKey(f)}|${page.offset}|${page.limit}`;
  const known = pageIds.get(db, key);
  if (known) {
    const result = await db.raw(
      `select v.version as data_version, ${SUMMARY.map((c) => `c.${c}`).join(', ')}
         from company_data_version v
         left join companies c on v.version = ? and c.id = any(?::uuid[])
        where v.id = 1`,
      [known.version, uuidArray(known.value)],
    );
    const found = result.rows as (CompanySummary & { data_version: number | string })[];
    if (Number(found[0]?.data_version) === known.version) {
      const byId = new Map(found.filter((r) => r.id !== null).map(({ data_version: _v, ...row }) => [row.id, row]));
      const rows = known.value.map((id) => byId.get(id)).filter((row): row is CompanySummary => row !== undefined);
      if (rows.length === known.value.length) return { version: known.version, rows };
    }
  }
  const ids = filtered(db, f).select('id').orderBy([...ORDER]).offset(page.offset).limit(page.limit);
  const inner = db('companies').whereIn('id', ids).select([...SUMMARY, 'nom_tri']).toSQL();
  const result = await db.raw(
    `select v.version as data_version, p.* from company_data_version v left join (${inner.sql}) p on true
      where v.id = 1 order by p.score_qualite desc, p.nom_tri, p.id`,
    inner.bindings,
  );
  const found = result.rows as (CompanySummary & { data_version: number | string; nom_tri: string | null })[];
  const version = Number(found[0]?.data_version ?? 0);
  const rows = found.filter((r) => r.id !== null).map(({ data_version: _v, nom_tri: _t, ...row }) => row as CompanySummary);
  pageIds.remember(db, key, version, rows.map((r) => r.id));
  return { version, rows };
}

/**
 * The exact number of matches at data version `version`, read by the caller before counting
 * (searchCompanies reads it in the page's round trip). Without words, a sum of
 * `company_counts` cells (see companyCounts.ts). With words, the count of this exact search
 * cached for this version (in process, then in `search_count_cache` for every instance),
 * computed and stored on a miss. The version is read before counting, so a count that might
 * have seen later writes is stored under an already stale version and never served.
 */
export async function countCompanies(db: Knex, f: CompanyFilter, version: number): Promise<number> {
  if (f.words.length === 0) return countByCells(db, version, f);
  const key = filterKey(f);
  const remembered = wordCounts.get(db, key);
  if (remembered && remembered.version === version) return remembered.value;
  const stored = await db('search_count_cache').where({ cache_key: key, version }).first('total');
  if (stored) {
    wordCounts.remember(db, key, version, Number(stored.total));
    return Number(stored.total);
  }
  const [{ n }] = await filtered(db, f).count<{ n: string | number }[]>({ n: '*' });
  const total = Number(n);
  await db.raw(
    `insert into search_count_cache (cache_key, version, total) values (?, ?, ?)
     on conflict (cache_key) do update set version = excluded.version, total = excluded.total, computed_at = now()
     where search_count_cache.version < excluded.version`,
    [key, version, total],
  ).catch(skipOnReplica); // on a read replica the count is kept in process only
  await db('search_count_cache').where('version', '<', version).delete().catch(skipOnReplica);
  wordCounts.remember(db, key, version, total);
  return total;
}
