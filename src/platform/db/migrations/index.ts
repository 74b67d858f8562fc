import type { Knex } from 'knex';
import * as m001 from './001_accounts_keys_credits';
import * as m002 from './002_companies';
import * as m003 from './003_scraping';
import * as m004 from './004_lists';
import * as m005 from './005_principal_notifications';
import * as m006 from './006_company_changes';
import * as m007 from './007_search_without_global_version';
import * as m008 from './008_idempotency_leases';
import * as m009 from './009_extraction_concurrency';
import * as m010 from './010_company_provenance';
import * as m011 from './011_webhooks';
import * as m012 from './012_scraping_task_queue';
import * as m013 from './013_fair_tasks_and_queued_deliveries';
import * as m014 from './014_test_mode';

interface Migration extends Knex.Migration {
  name: string;
}

/**
 * Every migration, in order, under the name knex records it by in `knex_migrations` (its
 * file's name). One list serves PostgreSQL and the embedded PGlite alike.
 */
const migrations: Migration[] = [
  { name: '001_accounts_keys_credits', ...m001 },
  { name: '002_companies', ...m002 },
  { name: '003_scraping', ...m003 },
  { name: '004_lists', ...m004 },
  { name: '005_principal_notifications', ...m005 },
  { name: '006_company_changes', ...m006 },
  { name: '007_search_without_global_version', ...m007 },
  { name: '008_idempotency_leases', ...m008 },
  { name: '009_extraction_concurrency', ...m009 },
  { name: '010_company_provenance', ...m010 },
  { name: '011_webhooks', ...m011 },
  { name: '012_scraping_task_queue', ...m012 },
  { name: '013_fair_tasks_and_queued_deliveries', ...m013 },
  { name: '014_test_mode', ...m014 },
];

/** A static migration source: works the same under tsx, jest and compiled code. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
