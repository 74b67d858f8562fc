/**
 * Search and reference data: the companies (their table, CSV import, demo seed), the search
 * service and its two backends (SQL, in-memory index), wilayas and sectors. Other modules use
 * only what this file exports.
 */
export { SearchService, entrepriseFields, originFields, toEntreprise, SECTEUR_LIST, WILAYA_LIST } from './searchService';
export { CompanyIndex, type CompanyIndexOptions } from './companyIndex';
export {
  SqlCompanySearch,
  naturalKey,
  originsOf,
  upsertCompanies,
  MAX_PROVENANCE,
  type CompanyOrigin,
  type CompanyInput,
  type CompanyRow,
  type UpsertedCompany,
} from './companyRepository';
export { IMPORT_COLUMNS, ImportFileError, completenessScore, importCompanies, type ImportResult } from './companyImport';
export { DEMO_CAPACITY, FAMILIES, ROOTS, seedDemoCompanies } from './demoCompanies';
export { findSecteur, SECTEURS, type Secteur } from './secteurs';
export { effectiveWilaya, findWilaya, WILAYAS, type Wilaya } from './wilayas';
export type { CompanySearchBackend } from './types';
export { getEntreprise, getEntrepriseFacets, getSecteurs, getWilayas, searchEntreprises } from './searchHandlers';
