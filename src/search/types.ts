/**
 * What every search backend answers: the SQL one (src/search/companyRepository.ts, always there)
 * and the in-memory index (src/search/index.ts, used once it has loaded). Both give the same
 * answers for the same data: a property test compares them.
 */

/** The documented orders of `GET /v1/entreprises` (`sort`); the first is the default. */
export const SEARCH_SORTS = ['-score_qualite', 'nom', '-updated_at'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * A row's position in an order, for keyset paging (`cursor`):
 * - `-score_qualite`: [score_qualite, nom_tri, id] (score descending, then nom_tri and id ascending)
 * - `nom`: [nom_tri, id] (ascending)
 * - `-updated_at`: [updated_at in microseconds since the epoch as a decimal string, id]
 *   (descending, then id ascending)
 * `nom_tri` compares byte-wise (PostgreSQL collation "C": code point order).
 */
export type SortKey = (string | number)[];

export interface CompanyFilter {
  /** Folded words that must all appear in the name or activity (as substrings). */
  words: string[];
  wilayaCodes: number[];
  secteurIds: string[];
  scoreMin: number;
}

/** The columns a search result shows. */
export interface CompanySummary {
  id: string;
  nom: string;
  wilaya_code: number;
  secteur_id: string | null;
  activite: string | null;
  email: string | null;
  telephone: string | null;
  score_qualite: number;
}

export interface SearchRequest {
  sort: SearchSort;
  limit: number;
  /** 0-based position of the page's first row; ignored when `after` is given. */
  offset: number;
  /** Keyset paging: the page starts just after this key (in `sort`'s order). */
  after?: SortKey;
}

export interface SearchResult {
  /** Exact number of matches. */
  total: number;
  rows: CompanySummary[];
  /** The last row's key (for the next cursor); null when the page is empty. */
  lastKey: SortKey | null;
}

/** Exact counts of the matches, broken down. */
export interface FacetCounts {
  total: number;
  /** wilaya code -> count (non-zero only). */
  wilayas: Map<number, number>;
  /** sector id (null: no sector) -> count (non-zero only). */
  secteurs: Map<string | null, number>;
  /** Index s (0..100): how many matches have score_qualite = s. */
  scores: number[];
}

export interface CompanySearchBackend {
  search(f: CompanyFilter, q: SearchRequest): Promise<SearchResult>;
  facets(f: CompanyFilter): Promise<FacetCounts>;
  /** The origins of a page's companies, read where this backend reads (the fenced replica, or the primary the index follows). */
  origins(ids: readonly string[]): Promise<Map<string, CompanyOrigin>>;
}

/** One source of a company record (`company_sources`): '' for what is unknown. */
export interface ProvenanceRow {
  kind: 'directory' | 'import' | 'demo';
  source: string;
  url: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** When a company entered the database, when it last changed, and its sources, most recently seen first. */
export interface CompanyOrigin {
  first_seen_at: Date;
  updated_at: Date;
  provenance: ProvenanceRow[];
}

