import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { fold, normalizeCompanyName } from '../domain/text';

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

const COLUMNS = ['id', 'nom', 'wilaya_code', 'secteur_id', 'activite', 'email', 'telephone', 'score_qualite', 'source', 'source_url', 'created_at', 'updated_at'];

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
export async function upsertCompanies(db: Knex, companies: CompanyInput[]): Promise<{ id: string; inserted: boolean }[]> {
  if (companies.length === 0) return [];
  const result = await db.raw(
    `? on conflict (nom_normalise, wilaya_code) do update set
       nom = excluded.nom,
       nom_tri = excluded.nom_tri,
       secteur_id = coalesce(excluded.secteur_id, companies.secteur_id),
       activite = coalesce(excluded.activite, companies.activite),
       search_text = case when excluded.activite is null then companies.search_text else excluded.search_text end,
       email = coalesce(excluded.email, companies.email),
       telephone = coalesce(excluded.telephone, companies.telephone),
       score_qualite = excluded.score_qualite,
       source_url = coalesce(excluded.source_url, companies.source_url),
       updated_at = now()
     returning id, (xmax = 0) as inserted`,
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

/** One page of matches, by score descending, then folded name, then id. */
export async function searchCompanies(db: Knex, f: CompanyFilter, page: { offset: number; limit: number }): Promise<CompanyRow[]> {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy([
      { column: 'score_qualite', order: 'desc' },
      { column: 'nom_tri', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * The exact number of matches. Without words, a sum over `company_counts` (kept exact by
 * triggers). With words, the count cached for this exact search under the current data
 * version, computed and stored on a miss. The version is read before counting, so a count
 * that might have seen later writes is stored under an already stale version and never served.
 */
export async function countCompanies(db: Knex, f: CompanyFilter): Promise<number> {
  if (f.words.length === 0) {
    const q = db('company_counts').sum<{ n: string | number | null }[]>({ n: 'n' });
    if (f.wilayaCodes.length > 0) q.whereIn('wilaya_code', f.wilayaCodes);
    if (f.secteurIds.length > 0) q.whereIn('secteur_id', f.secteurIds);
    if (f.scoreMin > 0) q.where('score_qualite', '>=', f.scoreMin);
    const [row] = await q;
    return Number(row?.n ?? 0);
  }
  const key = JSON.stringify({
    w: [...new Set(f.words)].sort(),
    wi: [...new Set(f.wilayaCodes)].sort((a, b) => a - b),
    s: [...new Set(f.secteurIds)].sort(),
    m: f.scoreMin,
  });
  const [state] = await db('company_data_version as v')
    .leftJoin('search_count_cache as c', (join) => join.on('c.cache_key', db.raw('?', [key])).andOn('c.version', 'v.version'))
    .where('v.id', 1)
    .select('v.version', 'c.total');
  if (state.total !== null && state.total !== undefined) return Number(state.total);
  const [{ n }] = await filtered(db, f).count<{ n: string | number }[]>({ n: '*' });
  const total = Number(n);
  await db.raw(
    `insert into search_count_cache (cache_key, version, total) values (?, ?, ?)
     on conflict (cache_key) do update set version = excluded.version, total = excluded.total, computed_at = now()
     where search_count_cache.version < excluded.version`,
    [key, state.version, total],
  );
  await db('search_count_cache').where('version', '<', state.version).delete();
  return total;
}

export async function findCompaniesByIds(db: Knex, ids: string[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db('companies').whereIn('id', ids).select(COLUMNS);
}
