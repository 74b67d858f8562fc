/**
 * GENERATED FILE - DO NOT EDIT.
 * Source: openapi/v1.yaml. Regenerate with `npm run generate`;
 * `npm run generate:check` fails when this file is stale.
 */

import type { components } from './v1';

export type LeadAddSingle = components['schemas']['LeadAddSingle'];
export type LeadAddBulk = components['schemas']['LeadAddBulk'];
export type Mode = components['schemas']['Mode'];
export type ScrapingRunRequest = components['schemas']['ScrapingRunRequest'];
export type ScrapedEntreprise = components['schemas']['ScrapedEntreprise'];
export type SourceReport = components['schemas']['SourceReport'];
export type ScrapingTask = components['schemas']['ScrapingTask'];
export type ScrapingTaskStatus = components['schemas']['ScrapingTaskStatus'];
export type ScrapingTaskProgress = components['schemas']['ScrapingTaskProgress'];
export type ScrapingTaskPending = components['schemas']['ScrapingTaskPending'];
export type ScrapingTaskSummary = components['schemas']['ScrapingTaskSummary'];
export type ScrapingTaskPage = components['schemas']['ScrapingTaskPage'];
export type Entreprise = components['schemas']['Entreprise'];
export type EntreprisePage = components['schemas']['EntreprisePage'];
export type EntrepriseFacets = components['schemas']['EntrepriseFacets'];
export type Wilaya = components['schemas']['Wilaya'];
export type WilayaList = components['schemas']['WilayaList'];
export type Secteur = components['schemas']['Secteur'];
export type SecteurList = components['schemas']['SecteurList'];
export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];
export type PlanId = components['schemas']['PlanId'];
export type Me = components['schemas']['Me'];
export type Plan = components['schemas']['Plan'];
export type Limits = components['schemas']['Limits'];
export type ApiKey = components['schemas']['ApiKey'];
export type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
export type ApiKeyCreate = components['schemas']['ApiKeyCreate'];
export type ApiKeyPage = components['schemas']['ApiKeyPage'];
export type LeadStatut = components['schemas']['LeadStatut'];
export type Lead = components['schemas']['Lead'];
export type List = components['schemas']['List'];
export type ListPage = components['schemas']['ListPage'];
export type LeadPage = components['schemas']['LeadPage'];
export type ListCreate = components['schemas']['ListCreate'];
export type ListUpdate = components['schemas']['ListUpdate'];
export type LeadAdd = components['schemas']['LeadAdd'];
export type LeadBulkResult = components['schemas']['LeadBulkResult'];
export type LeadUpdate = components['schemas']['LeadUpdate'];
export type LedgerEntry = components['schemas']['LedgerEntry'];
export type LedgerPage = components['schemas']['LedgerPage'];
export type Provenance = components['schemas']['Provenance'];
export type WebhookEventType = components['schemas']['WebhookEventType'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointPage = components['schemas']['WebhookEndpointPage'];
export type WebhookEndpointCreate = components['schemas']['WebhookEndpointCreate'];
export type WebhookEndpointCreated = components['schemas']['WebhookEndpointCreated'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryPage = components['schemas']['WebhookDeliveryPage'];
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type CreditsBalanceLow = components['schemas']['CreditsBalanceLow'];
