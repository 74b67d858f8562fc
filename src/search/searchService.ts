import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { findControlCharacter, words } from '../platform/text';
import { AppError, validationError, type FieldError } from '../platform/errors';
import { findSecteur, SECTEURS } from './secteurs';
import { effectiveWilaya, findWilayaByCode, WILAYAS } from './wilayas';
import { filterKey, findCompany, originsOf, type CompanyOrigin } from './companyRepository';
import type { CompanyFilter, CompanySearchBackend, CompanySummary, SearchSort, SortKey } from './types';
import type { Entreprise, EntrepriseFacets, EntrepriseFacetsQuery, EntreprisePage, SearchEntreprisesQuery } from '../platform/types';

const secteurNames = new Map(SECTEURS.map((s) => [s.id, s.nom]));

/** A company row as the contract shows it (the search, list leads, extraction results), with its origin. */
export function toEntreprise(row: CompanySummary, origin: CompanyOrigin): Entreprise {
  return { ...entrepriseFields(row), ...originFields(origin) };
}

/** A company's origin as the contract shows it. */
export function originFields(origin: CompanyOrigin): Pick<Entreprise, 'first_seen_at' | 'updated_at' | 'provenance'> {
  return {
    first_seen_at: origin.first_seen_at.toISOString(),
    updated_at: origin.updated_at.toISOString(),
    provenance: origin.provenance.map((p) => ({
      type: p.kind,
      source: p.source === '' ? null : p.source,
      url: p.url === '' ? null : p.url,
      first_seen_at: p.first_seen_at.toISOString(),
      last_seen_at: p.last_seen_at.toISOString(),
    })),
  };
}

/** A company row's own fields (the CSV export shows these). */
export function entrepriseFields(row: CompanySummary): Omit<Entreprise, 'first_seen_at' | 'updated_at' | 'provenance'> {
  return {
    id: row.id,
    nom: row.nom,
    wilaya: findWilayaByCode(row.wilaya_code)?.nom ?? String(row.wilaya_code),
    wilaya_code: row.wilaya_code,
    secteur: row.secteur_id ? (secteurNames.get(row.secteur_id) ?? row.secteur_id) : null,
    activite: row.activite,
    email: row.email,
    telephone: row.telephone,
    score_qualite: row.score_qualite,
  };
}

const BANDS = [
  { band: '90-100', min: 90, max: 100 },
  { band: '70-89', min: 70, max: 89 },
  { band: '50-69', min: 50, max: 69 },
  { band: '0-49', min: 0, max: 49 },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a cursor carries: its search (a hash of filters and sort), the last row's key, the next offset. */
interface Cursor {
  v: 1;
  s: SearchSort;
  k: SortKey;
  o: number;
  f: string;
}

function searchHash(f: CompanyFilter, sort: SearchSort): string {
  return crypto.createHash('sha256').update(`${filterKey(f)}|${sort}`).digest('base64url').slice(0, 16);
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** The key's shape for its order: see SortKey. Its strings are the API's (a crafted cursor may hold anything). */
function validKey(sort: SearchSort, k: unknown): k is SortKey {
  if (!Array.isArray(k)) return false;
  if (k.some((part) => typeof part === 'string' && (part.length > 1000 || findControlCharacter(part) !== undefined))) return false;
  const id = k[k.length - 1];
  if (typeof id !== 'string' || !UUID.test(id)) return false;
  if (sort === 'nom') return k.length === 2 && typeof k[0] === 'string';
  if (sort === '-updated_at') return k.length === 2 && typeof k[0] === 'string' && /^-?\d{1,17}$/.test(k[0]);
  return k.length === 3 && Number.isInteger(k[0]) && k[0] >= 0 && k[0] <= 100 && typeof k[1] === 'string';
}

function decodeCursor(raw: string, f: CompanyFilter, sort: SearchSort): Cursor {
  const bad = (message: string) => validationError([{ path: '/query/cursor', message }]);
  let c: Partial<Cursor>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad('not a cursor of this API: pass next_cursor exactly as it was given');
  }
  if (!c || typeof c !== 'object' || c.v !== 1 || typeof c.f !== 'string' || !Number.isInteger(c.o) || (c.o as number) < 0 || !c.s || !validKey(c.s, c.k)) {
    throw bad('not a cursor of this API: pass next_cursor exactly as it was given');
  }
  if (c.s !== sort || c.f !== searchHash(f, sort)) {
    throw bad('this cursor belongs to another search: send the same query, wilayas, secteurs, score_min and sort as the page that gave it');
  }
  return c as Cursor;
}

/**
 * The free search and its facets. Filters are validated and normalised here; the backend
 * (the in-memory index, or SQL while it loads or on a reader it does not follow) counts and pages.
 */
export class SearchService {
  constructor(
    /** The backend that may answer an account's searches (read-your-writes: see src/platform/db/readYourWrites.ts). */
    private readonly backendFor: (accountId: string) => Promise<CompanySearchBackend>,
    /** Where the companies' origins and single companies are read: the primary, which has every row the index shows. */
    private readonly db: Knex,
  ) {}

  /** One company by id, with its origin; 404 when no company has it. */
  async get(id: string): Promise<Entreprise> {
    const row = await findCompany(this.db, id);
    const origin = row && (await originsOf(this.db, [id])).get(id);
    if (!row || !origin) throw new AppError('resource_not_found', `No company ${id}.`);
    return toEntreprise(row, origin);
  }

  private filter(params: EntrepriseFacetsQuery): CompanyFilter {
    const problems: FieldError[] = [];
    const wilayaCodes = new Set<number>();
    for (const code of params.wilayas ?? []) {
      const wilaya = findWilayaByCode(code);
      if (!wilaya) problems.push({ path: '/query/wilayas', message: `unknown wilaya code ${code} (see GET /v1/wilayas)` });
      else wilayaCodes.add(effectiveWilaya(wilaya).code);
    }
    const secteurIds = new Set<string>();
    for (const name of params.secteurs ?? []) {
      const secteur = findSecteur(name);
      if (!secteur) problems.push({ path: '/query/secteurs', message: `unknown sector "${name}" (see GET /v1/secteurs)` });
      else secteurIds.add(secteur.id);
    }
    if (problems.length > 0) throw validationError(problems);
    return {
      words: [...new Set(words(params.query ?? ''))],
      wilayaCodes: [...wilayaCodes],
      secteurIds: [...secteurIds],
      scoreMin: params.score_min ?? 0,
    };
  }

  /** `pageSent`: whether the client sent `page` (the contract's default fills it in otherwise). */
  async search(params: SearchEntreprisesQuery, accountId: string, options: { pageSent?: boolean } = {}): Promise<EntreprisePage> {
    const perPage = params.per_page ?? 20;
    const sort: SearchSort = params.sort ?? '-score_qualite';
    const filter = this.filter(params);
    let offset = ((params.page ?? 1) - 1) * perPage;
    let after: SortKey | undefined;
    if (params.cursor !== undefined) {
      if (options.pageSent ?? params.page !== undefined) {
        throw validationError([{ path: '/query/cursor', message: 'cursor and page cannot be combined: a cursor already says where the page starts' }]);
      }
      const cursor = decodeCursor(params.cursor, filter, sort);
      after = cursor.k;
      offset = cursor.o;
    }
    const backend = await this.backendFor(accountId);
    const { total, rows, lastKey } = await backend.search(filter, { sort, limit: perPage, offset, after });
    const origins = await backend.origins(rows.map((r) => r.id));
    const next = offset + rows.length;
    const more = rows.length === perPage && lastKey !== null && (after !== undefined || next < total);
    return {
      total,
      page: Math.floor(offset / perPage) + 1,
      pages: Math.ceil(total / perPage),
      // A company deleted since the backend read it has no origin any more: it is left out.
      items: rows.flatMap((row) => {
        const origin = origins.get(row.id);
        return origin ? [toEntreprise(row, origin)] : [];
      }),
      next_cursor: more ? encodeCursor({ v: 1, s: sort, k: lastKey!, o: next, f: searchHash(filter, sort) }) : null,
    };
  }

  async facets(params: EntrepriseFacetsQuery, accountId: string): Promise<EntrepriseFacets> {
    const filter = this.filter(params);
    const backend = await this.backendFor(accountId);
    const counts = await backend.facets(filter);
    const biggest = <T>(a: [T, number], b: [T, number]) => b[1] - a[1];
    return {
      total: counts.total,
      wilayas: [...counts.wilayas]
        .sort((a, b) => biggest(a, b) || a[0] - b[0])
        .map(([code, count]) => ({ code, nom: findWilayaByCode(code)?.nom ?? String(code), count })),
      secteurs: [...counts.secteurs]
        .map(([id, count]) => ({ secteur: id === null ? null : (secteurNames.get(id) ?? id), count }))
        .sort((a, b) => b.count - a.count || (a.secteur ?? '\uffff').localeCompare(b.secteur ?? '\uffff', 'fr')),
      score_bands: BANDS.map((b) => ({ ...b, count: counts.scores.slice(b.min, b.max + 1).reduce((x, y) => x + y, 0) })),
    };
  }
}

/** The reference lists never change while the process runs: built once. */
export const WILAYA_LIST = {
  items: WILAYAS.map((w) => ({ code: w.code, nom: w.nom, nom_ar: w.nom_ar, provisional: w.provisional, parent_code: w.parent_code ?? null })),
};
export const SECTEUR_LIST = { items: [...SECTEURS].sort((a, b) => a.nom.localeCompare(b.nom, 'fr')).map((s) => ({ id: s.id, nom: s.nom })) };
