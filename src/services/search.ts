import type { Knex } from 'knex';
import { words } from '../domain/text';
import { validationError, type FieldError } from '../errors';
import { findSecteur, SECTEURS } from '../reference/secteurs';
import { effectiveWilaya, findWilayaByCode, WILAYAS } from '../reference/wilayas';
import { countCompanies, searchCompanies, type CompanyRow } from '../repositories/companies';
import type { CompanyIndex } from '../search/index';
import type { Entreprise, EntreprisePage, SearchEntreprisesQuery } from '../types';

const secteurNames = new Map(SECTEURS.map((s) => [s.id, s.nom]));

/** A company row as the contract shows it (the search, list leads). */
export function toEntreprise(
  row: Pick<CompanyRow, 'id' | 'nom' | 'wilaya_code' | 'secteur_id' | 'activite' | 'email' | 'telephone' | 'score_qualite'>,
): Entreprise {
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

export class SearchService {
  /** readerFor: where an account's searches read (a replica once it has the account's writes, or the primary). */
  constructor(
    private readonly readerFor: (accountId: string) => Promise<Knex>,
    /** Answers from memory once loaded, when it reads where the account may read. */
    private readonly index?: CompanyIndex,
  ) {}

  /** The free search: filters are validated and normalised here, counted and paged by the repository. */
  async search(params: SearchEntreprisesQuery, accountId: string): Promise<EntreprisePage> {
    const page = params.page ?? 1;
    const perPage = params.per_page ?? 20;
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
    if (problems.length > 0) {
      throw validationError(problems);
    }

    const filter = {
      words: [...new Set(words(params.query ?? ''))],
      wilayaCodes: [...wilayaCodes],
      secteurIds: [...secteurIds],
      scoreMin: params.score_min ?? 0,
    };
    const db = await this.readerFor(accountId);
    if (this.index?.ready && this.index.db === db) {
      const { total, rows } = await this.index.search(filter, { sort: '-score_qualite', limit: perPage, offset: (page - 1) * perPage });
      return { total, page, pages: Math.ceil(total / perPage), items: rows.map(toEntreprise) };
    }
    // The page first: its round trip also reads the data version the count is exact for.
    const { version, rows } = await searchCompanies(db, filter, { offset: (page - 1) * perPage, limit: perPage });
    const total = await countCompanies(db, filter, version);
    return { total, page, pages: Math.ceil(total / perPage), items: rows.map(toEntreprise) };
  }
}

export function listWilayas() {
  return {
    items: WILAYAS.map((w) => ({ code: w.code, nom: w.nom, nom_ar: w.nom_ar, provisional: w.provisional, parent_code: w.parent_code ?? null })),
  };
}

/** The reference lists never change while the process runs: built once. */
export const WILAYA_LIST = listWilayas();
export const SECTEUR_LIST = listSecteurs();

export function listSecteurs() {
  return { items: [...SECTEURS].sort((a, b) => a.nom.localeCompare(b.nom, 'fr')).map((s) => ({ id: s.id, nom: s.nom })) };
}
