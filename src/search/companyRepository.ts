import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { fold, normalizeCompanyName } from '../platform/text';
import { Semaphore, SingleFlight } from './singleFlight';
import type { CompanyFilter, CompanyOrigin, CompanySearchBackend, CompanySummary, FacetCounts, ProvenanceRow, SearchRequest, SearchResult, SearchSort, SortKey } from './types';

export type { CompanyFilter, CompanyOrigin, CompanySummary, ProvenanceRow } from './types';

export type CompanySource = 'import' | 'scraping' | 'demo';

/** A company as written by an import, a seed or an extraction (already normalised). */
export interface CompanyInput extends Omit<CompanySummary, 'id'> {
  source: CompanySource;
  source_url: string | null;
  /**
   * The directory pages that gave it (extractions); without it, one provenance row is derived
   * from `source` and `source_url`.
   */
  seenOn?: { source: string; url: string }[];
}

/** At most this many sources are shown per company (the contract's maxItems). */
export const MAX_PROVENANCE = 20;

export interface CompanyRow extends CompanyInput {
  id: string;
  created_at: Date;
  updated_at: Date;
}


/** The natural key: normalised name (no legal form, no accents) and wilaya. */
export function naturalKey(c: Pick<CompanyInput, 'nom' | 'wilaya_code'>): string {
  return `${normalizeCompanyName(c.nom)}|${c.wilaya_code}`;
}

function toRecord({ seenOn: _seenOn, ...c }: CompanyInput) {
  return {
    id: crypto.randomUUID(),
    ...c,
    nom: c.nom.trim(),
    nom_normalise: normalizeCompanyName(c.nom),
    nom_tri: fold(c.nom),
    search_text: fold(`${c.nom} ${c.activite ?? ''}`),
  };
}

/** What {@link upsertCompanies} answers per company, in the order given. */
export interface UpsertedCompany {
  id: string;
  inserted: boolean;
  nom_normalise: string;
  wilaya_code: number;
}

/**
 * Inserts companies, or updates those whose natural key exists: the new values win, except
 * that a missing contact, activity, sector or source URL keeps the one already known. A batch
 * may hold the same natural key more than once: PostgreSQL refuses to update a row twice in
 * one statement, so such a batch is written in several statements, each key once in each, in
 * the order given (as the same upserts one after the other would be). Answers one row per
 * company, in the order given.
 */
export async function upsertCompanies(db: Knex, companies: CompanyInput[]): Promise<UpsertedCompany[]> {
  if (companies.length === 0) return [];
  // Round r holds the (r+1)-th occurrence of each key.
  const rounds: { index: number; company: CompanyInput }[][] = [];
  const seen = new Map<string, number>();
  companies.forEach((company, index) => {
    const key = naturalKey(company);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push({ index, company });
  });
  if (rounds.length === 1) return upsertStatement(db, companies);
  const out: UpsertedCompany[] = new Array(companies.length);
  for (const round of rounds) {
    const rows = new Map((await upsertStatement(db, round.map((r) => r.company))).map((row) => [`${row.nom_normalise}|${row.wilaya_code}`, row]));
    for (const r of round) out[r.index] = rows.get(naturalKey(r.company))!;
  }
  return out;
}

/** One INSERT ... ON CONFLICT DO UPDATE of companies whose natural keys are distinct, then their sources. */
async function upsertStatement(db: Knex, companies: CompanyInput[]): Promise<UpsertedCompany[]> {
  // The companies and their sources commit together (and at one now()).
  const write = async (trx: Knex) => {
    const rows = await upsertRows(trx, companies);
    await recordSources(trx, companies, rows);
    return rows;
  };
  return db.isTransaction ? write(db) : db.transaction(write);
}

/**
 * Writes where each company was seen: a new source gets a row, a known one its `last_seen_at`
 * moved. Companies come in the order of `rows` (one upsert statement's answer).
 */
async function recordSources(db: Knex, companies: CompanyInput[], rows: UpsertedCompany[]): Promise<void> {
  const byKey = new Map<string, { company_id: string; kind: string; source: string; url: string }>();
  companies.forEach((c, i) => {
    const seen =
      c.seenOn && c.seenOn.length > 0
        ? c.seenOn.map((s) => ({ kind: 'directory', source: s.source, url: s.url }))
        : [{ kind: c.source === 'scraping' ? 'directory' : c.source, source: '', url: c.source_url ?? '' }];
    for (const s of seen) {
      const row = { company_id: rows[i].id, ...s };
      byKey.set(`${row.company_id}\n${row.kind}\n${row.source}\n${row.url}`, row);
    }
  });
  if (byKey.size === 0) return;
  await db('company_sources')
    .insert([...byKey.values()])
    .onConflict(['company_id', 'kind', 'source', 'url'])
    .merge({ last_seen_at: db.fn.now() });
}

/** The origin of each company asked for that exists: dates and at most MAX_PROVENANCE sources. */
export async function originsOf(db: Knex, ids: readonly string[]): Promise<Map<string, CompanyOrigin>> {
  const out = new Map<string, CompanyOrigin>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const result = await db.raw(
    `select c.id, c.created_at, c.updated_at, s.kind, s.source, s.url, s.first_seen_at, s.last_seen_at
       from companies c
       left join lateral (
         select kind, source, url, first_seen_at, last_seen_at from company_sources
          where company_id = c.id
          order by last_seen_at desc, first_seen_at desc, kind, source, url
          limit ${MAX_PROVENANCE}
       ) s on true
      where c.id in (${unique.map(() => '?::uuid').join(', ')})
      order by c.id, s.last_seen_at desc, s.first_seen_at desc, s.kind, s.source, s.url`,
    unique,
  );
  for (const r of result.rows as (Omit<ProvenanceRow, 'kind'> & { id: string; created_at: Date; updated_at: Date; kind: ProvenanceRow['kind'] | null })[]) {
    let origin = out.get(r.id);
    if (!origin) out.set(r.id, (origin = { first_seen_at: r.created_at, updated_at: r.updated_at, provenance: [] }));
    if (r.kind) origin.provenance.push({ kind: r.kind, source: r.source, url: r.url, first_seen_at: r.first_seen_at, last_seen_at: r.last_seen_at });
  }
  return out;
}

/** One company by id with the columns a search result shows, or undefined. */
export async function findCompany(db: Knex, id: string): Promise<CompanySummary | undefined> {
  return db('companies').where({ id }).first(...SUMMARY);
}

/** The INSERT ... ON CONFLICT DO UPDATE itself. */
async function upsertRows(db: Knex, companies: CompanyInput[]): Promise<UpsertedCompany[]> {
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

/** `company_counts` cells matching a filter without words (sector '' is no sector). */
function cells(db: Knex, f: CompanyFilter): Knex.QueryBuilder {
  const q = db('company_counts');
  if (f.wilayaCodes.length > 0) q.whereIn('wilaya_code', f.wilayaCodes);
  if (f.secteurIds.length > 0) q.whereIn('secteur_id', f.secteurIds);
  if (f.scoreMin > 0) q.where('score_qualite', '>=', f.scoreMin);
  return q;
}

const ORDER: Record<SearchSort, string> = {
  '-score_qualite': 'score_qualite desc, nom_tri, id',
  nom: 'nom_tri, id',
  '-updated_at': 'updated_at desc, id',
};

/** Rows after a key, in each order (the key's shape: see SortKey). */
function afterKey(q: Knex.QueryBuilder, sort: SearchSort, key: SortKey): void {
  const us = `(extract(epoch from updated_at) * 1000000)::bigint`;
  if (sort === 'nom') q.whereRaw('(nom_tri, id) > (?, ?::uuid)', [String(key[0]), String(key[1])]);
  else if (sort === '-updated_at') q.whereRaw(`(${us} < ?::bigint or (${us} = ?::bigint and id > ?::uuid))`, [String(key[0]), String(key[0]), String(key[1])]);
  else q.whereRaw('(score_qualite < ? or (score_qualite = ? and (nom_tri, id) > (?, ?::uuid)))', [Number(key[0]), Number(key[0]), String(key[1]), String(key[2])]);
}

/** The columns a search result shows (see toEntreprise). */
const SUMMARY = ['id', 'nom', 'wilaya_code', 'secteur_id', 'activite', 'email', 'telephone', 'score_qualite'];

/** A filter as a key: the same search however its values were ordered or repeated. */
export function filterKey(f: CompanyFilter): string {
  return JSON.stringify({
    w: [...new Set(f.words)].sort(),
    wi: [...new Set(f.wilayaCodes)].sort((a, b) => a - b),
    s: [...new Set(f.secteurIds)].sort(),
    m: f.scoreMin,
  });
}

/** Below this many matches, a word search reads them through the trigram index and sorts them. */
const FEW = 5000;

/**
 * The search in SQL alone: what answers while the in-memory index loads, with SEARCH_INDEX=off,
 * and on a reader the index does not follow. Nothing is cached and a GET never writes; identical
 * concurrent requests share one computation, and at most `maxCounts` counts run at once.
 *
 * Plans: a count without words sums `company_counts` cells (kept exact by triggers). With words,
 * the count comes first and chooses the page's plan: few matches are read through the trigram
 * index and sorted (a materialized CTE keeps the planner from walking the order index and
 * filtering every row); many are found by walking an order index, which meets 20 matches soon.
 */
export class SqlCompanySearch implements CompanySearchBackend {
  private readonly counts = new SingleFlight<number>();
  private readonly pages = new SingleFlight<Record<string, unknown>[]>();
  private readonly facetRuns = new SingleFlight<FacetCounts>();
  private readonly heavy: Semaphore;

  constructor(
    private readonly db: Knex,
    options: { maxCounts?: number } = {},
  ) {
    this.heavy = new Semaphore(options.maxCounts ?? 4);
  }

  origins(ids: readonly string[]): Promise<Map<string, CompanyOrigin>> {
    return originsOf(this.db, ids);
  }

  count(f: CompanyFilter): Promise<number> {
    return this.counts.run(filterKey(f), () =>
      this.heavy.run(async () => {
        if (f.words.length === 0) {
          const [{ n }] = await cells(this.db, f).sum<{ n: string | number | null }[]>({ n: 'n' });
          return Number(n ?? 0);
        }
        const [{ n }] = await filtered(this.db, f).count<{ n: string | number }[]>({ n: '*' });
        return Number(n);
      }),
    );
  }

  async search(f: CompanyFilter, q: SearchRequest): Promise<SearchResult> {
    const total = await this.count(f);
    const key = `${filterKey(f)}|${q.sort}|${q.limit}|${q.after ? JSON.stringify(q.after) : q.offset}`;
    const rows = await this.pages.run(key, async () => {
      const inner = filtered(this.db, f).select(...SUMMARY, 'nom_tri', 'updated_at', this.db.raw('(extract(epoch from updated_at) * 1000000)::bigint::text as updated_us'));
      if (q.after) afterKey(inner, q.sort, q.after);
      const offset = q.after ? 0 : q.offset;
      let sql: Knex.Sql;
      if (f.words.length > 0 && total < FEW) {
        const m = inner.toSQL();
        sql = { ...m, sql: `with m as materialized (${m.sql}) select * from m order by ${ORDER[q.sort]} offset ${offset} limit ${q.limit}` } as Knex.Sql;
      } else {
        sql = inner.orderByRaw(ORDER[q.sort]).offset(offset).limit(q.limit).toSQL();
      }
      const result = await this.db.raw(sql.sql, sql.bindings as readonly Knex.RawBinding[]);
      return result.rows;
    });
    const found = rows as unknown as (CompanySummary & { nom_tri: string; updated_at: Date; updated_us: string })[];
    const last = found[found.length - 1];
    const lastKey: SortKey | null = !last
      ? null
      : q.sort === 'nom'
        ? [last.nom_tri, last.id]
        : q.sort === '-updated_at'
          ? [last.updated_us, last.id]
          : [last.score_qualite, last.nom_tri, last.id];
    return { total, rows: found.map(({ nom_tri: _n, updated_at: _a, updated_us: _u, ...row }) => row), lastKey };
  }

  facets(f: CompanyFilter): Promise<FacetCounts> {
    return this.facetRuns.run(filterKey(f), () =>
      this.heavy.run(async () => {
        const rows: { wilaya_code: number; secteur_id: string; score_qualite: number; n: string | number }[] =
          f.words.length === 0
            ? await cells(this.db, f).select('wilaya_code', 'secteur_id', 'score_qualite').sum({ n: 'n' }).groupBy('wilaya_code', 'secteur_id', 'score_qualite')
            : await filtered(this.db, f)
                .select('wilaya_code', this.db.raw(`coalesce(secteur_id, '') as secteur_id`), 'score_qualite')
                .count({ n: '*' })
                .groupByRaw('1, 2, 3');
        const out: FacetCounts = { total: 0, wilayas: new Map(), secteurs: new Map(), scores: new Array(101).fill(0) };
        for (const row of rows) {
          const n = Number(row.n);
          if (n === 0) continue;
          const secteur = row.secteur_id === '' ? null : row.secteur_id;
          out.total += n;
          out.wilayas.set(row.wilaya_code, (out.wilayas.get(row.wilaya_code) ?? 0) + n);
          out.secteurs.set(secteur, (out.secteurs.get(secteur) ?? 0) + n);
          out.scores[row.score_qualite] += n;
        }
        return out;
      }),
    );
  }
}
