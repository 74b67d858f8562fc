import type { Knex } from 'knex';
import { createCountFunctions } from './companyCounts';
import { runStatements } from './statements';

/**
 * No row that every company write must lock. 002 bumped `company_data_version` in every
 * writing transaction (so two extractions writing at once waited for each other's commit)
 * and a search with words wrote its count to `search_count_cache`. Searches are now answered
 * by the in-memory index (which follows the change feed of 006) or by plain SQL, so both go.
 *
 * `company_counts` stays exact, but its cells are now taken in key order, so two writers whose
 * companies share cells lock them in the same order and cannot deadlock (they may still wait
 * for each other on a shared cell: a cell is one wilaya x sector x score), and a TRUNCATE of
 * companies now empties them too.
 *
 * The order indexes no longer carry `search_text` (it made them as large as the table and
 * pushed the page walk out of shared_buffers), and the two new orders get theirs.
 */
export async function up(knex: Knex): Promise<void> {
  await createCountFunctions(knex, { bumpVersion: false, ordered: true, replace: true });
  // A TRUNCATE of companies empties the counts too (it fires no row-set trigger).
  await runStatements(knex, [
    `create function company_counts_on_truncate() returns trigger language plpgsql as $$ begin delete from company_counts; return null; end $$`,
    `create trigger companies_counts_truncate after truncate on companies for each statement execute function company_counts_on_truncate()`,
    'drop table if exists search_count_cache, company_data_version',

    'drop index if exists companies_order, companies_wilaya_order, companies_secteur_order',
    'create index companies_order on companies (score_qualite desc, nom_tri, id)',
    'create index companies_wilaya_order on companies (wilaya_code, score_qualite desc, nom_tri, id)',
    'create index companies_secteur_order on companies (secteur_id, score_qualite desc, nom_tri, id)',
    'create index companies_nom_order on companies (nom_tri, id)',
    'create index companies_updated_order on companies (updated_at desc, id)',
  ]);
}

export async function down(): Promise<void> {
  throw new Error('007_search_without_global_version cannot be undone: restore from a backup');
}
