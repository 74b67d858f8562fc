/**
 * Short names for the contract's types, all generated from openapi/v1.yaml: one per schema
 * (`Entreprise`, `ScrapingTask`, ...: generated/schemas.ts, written by `npm run generate`), the
 * schemas as one type, and the query parameters of the operations whose handlers read them.
 */
import type { components, operations } from '../../generated/v1';

export type * from '../../generated/schemas';
export type Schemas = components['schemas'];
export type SearchEntreprisesQuery = NonNullable<operations['searchEntreprises']['parameters']['query']>;
export type EntrepriseFacetsQuery = NonNullable<operations['getEntrepriseFacets']['parameters']['query']>;
export type ListLeadsQuery = NonNullable<operations['listLeads']['parameters']['query']>;
