/**
 * The services, built once from the database, the key secret and what the process started
 * (page workers, caches, the index): the one graph the HTTP app, the CLI and the tests call.
 * Nothing here knows HTTP: the CLI builds this graph without loading Express.
 */
import type { Knex } from 'knex';
import { noReplica, type ReadYourWrites } from './platform/db/readYourWrites';
import type { Metrics } from './platform/metrics';
import { SqlCompanySearch } from './search/companyRepository';
import type { CompanyIndex } from './search/companyIndex';
import { AccountService } from './accounts/accountService';
import { ApiKeyService } from './accounts/apiKeyService';
import { ListService } from './lists/listService';
import type { PrincipalCache } from './accounts/principalCache';
import { ScrapingService, type ScrapingSetup } from './extraction/extractionService';
import { SearchService } from './search/searchService';
import { WebhookService, type WebhookServiceOptions } from './webhooks';
import type { ExtractionEvents } from './extraction';

/** What the services are built with besides the database and the key secret. */
export interface ServiceOptions {
  /** Where extractions read from; without it POST /v1/scraping/run answers 503. */
  scraping?: ScrapingSetup;
  /** Authentication rows kept between requests (started by the caller); without it, read every time. */
  principalCache?: PrincipalCache;
  /** Where searches read (a replica, behind a read-your-writes fence); without it, the primary. */
  reads?: ReadYourWrites;
  /** The in-memory search index (started by the caller); without it, searches use SQL alone. */
  searchIndex?: CompanyIndex;
  /** What is measured. */
  metrics?: Metrics;
  /** Webhook targets allowed and the low-balance threshold (WEBHOOKS_ALLOW_PRIVATE, WEBHOOK_LOW_BALANCE). */
  webhooks?: WebhookServiceOptions;
}

export interface AppServices {
  accounts: AccountService;
  apiKeys: ApiKeyService;
  search: SearchService;
  scraping: ScrapingService;
  lists: ListService;
  webhooks: WebhookService;
}

export function createServices(db: Knex, apiKeySecret: string, options: ServiceOptions = {}): AppServices {
  const { scraping, principalCache, searchIndex, metrics } = options;
  const reads = options.reads ?? noReplica(db);
  const sqlSearches = new Map<Knex, SqlCompanySearch>();
  const sqlSearch = (reader: Knex) => {
    let backend = sqlSearches.get(reader);
    if (!backend) {
      backend = new SqlCompanySearch(reader);
      sqlSearches.set(reader, backend);
    }
    return backend;
  };
  const apiKeys = new ApiKeyService(db, apiKeySecret, principalCache);
  const webhooks = new WebhookService(db, options.webhooks);
  // An extraction's outcome and charge become webhook events, in the transaction that writes them.
  const events: ExtractionEvents = {
    completed: (trx, accountId, task) => webhooks.emit(trx, accountId, 'scraping.task.completed', task),
    failed: (trx, accountId, task) => webhooks.emit(trx, accountId, 'scraping.task.failed', task),
    charged: (trx, accountId, before, after, taskId) => webhooks.charged(trx, accountId, before, after, taskId),
  };
  return {
    apiKeys,
    accounts: new AccountService(db, apiKeys),
    // The index (which follows the primary's change feed) answers once loaded; until then, or
    // with SEARCH_INDEX=off, SQL answers on the replica behind the read-your-writes fence.
    search: new SearchService(async (accountId) => (searchIndex?.ready ? searchIndex : sqlSearch(await reads.fenceFor(accountId))), db),
    scraping: new ScrapingService(
      db,
      scraping,
      async (accountId) => {
        searchIndex?.noteWrite();
        await reads.noteWrite(accountId);
      },
      undefined,
      metrics,
      events,
    ),
    lists: new ListService(db),
    webhooks,
  };
}
