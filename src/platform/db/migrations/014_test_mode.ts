import type { Knex } from 'knex';

/**
 * Test mode (README "Test mode"): every API key is `live` or `test`, and what a test key makes
 * is marked `test` too: its extraction tasks, its lists and its webhook endpoints. Every row
 * written before this migration is live, as its key was. A test-mode extraction charges nothing
 * but is recorded in the ledger: a row of 0, which only reason `scraping_test` may have.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['api_keys', 'scraping_tasks', 'lists', 'webhook_endpoints']) {
    await knex.raw(`alter table ${table} add column mode text not null default 'live' constraint ${table}_mode_check check (mode in ('live', 'test'))`);
  }
  await knex.raw('alter table credit_ledger drop constraint if exists credit_ledger_delta_not_zero');
  await knex.raw(`alter table credit_ledger add constraint credit_ledger_delta_not_zero check (delta <> 0 or reason = 'scraping_test')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from credit_ledger where delta = 0 and reason = 'scraping_test'");
  await knex.raw('alter table credit_ledger drop constraint if exists credit_ledger_delta_not_zero');
  await knex.raw('alter table credit_ledger add constraint credit_ledger_delta_not_zero check (delta <> 0)');
  for (const table of ['api_keys', 'scraping_tasks', 'lists', 'webhook_endpoints']) {
    await knex.raw(`alter table ${table} drop column if exists mode`);
  }
}
