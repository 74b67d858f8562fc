/** Short names for the contract's types, all generated from openapi/v1.yaml. */
import type { components, operations } from '../generated/v1';

export type Schemas = components['schemas'];
export type Me = Schemas['Me'];
export type PlanId = Schemas['PlanId'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];
export type ApiKeyCreate = Schemas['ApiKeyCreate'];
export type ApiKeyPage = Schemas['ApiKeyPage'];
export type Problem = Schemas['Problem'];
export type ListApiKeysQuery = NonNullable<operations['listApiKeys']['parameters']['query']>;
export type Entreprise = Schemas['Entreprise'];
export type EntreprisePage = Schemas['EntreprisePage'];
export type WilayaList = Schemas['WilayaList'];
export type SecteurList = Schemas['SecteurList'];
export type SearchEntreprisesQuery = NonNullable<operations['searchEntreprises']['parameters']['query']>;
export type ScrapingRunRequest = Schemas['ScrapingRunRequest'];
export type ScrapingTask = Schemas['ScrapingTask'];
export type ScrapedEntreprise = Schemas['ScrapedEntreprise'];
export type SourceReportBody = Schemas['SourceReport'];
