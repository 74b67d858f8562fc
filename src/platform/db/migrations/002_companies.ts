import type { Knex } from 'knex';
import { createCountFunctions } from './companyCounts';
import { runStatements } from './statements';

/**
 * The company database. Search matches words in `search_text` (name and activity, folded by
 * the application: lower-case, no accents) through a pg_trgm GIN index; filters and the
 * documented order (score desc, folded name, id) have btree indexes.
 *
 * Exact totals without scanning: `company_counts` holds the number of companies per
 * (wilaya, sector, score), kept exact by statement-level triggers in the same transaction as
 * every write, so a search without `query` sums cells (the application keeps their suffix sums
 * in memory per data version). Searches with `query` cache their count in
 * `search_count_cache` under `company_data_version`, which the same triggers bump: any write
 * makes every cached count stale at once.
 */
export async function up(knex: Knex): Promise<void> {
  await runStatements(knex, [
    'create extension if not exists pg_trgm',
    `
    create table companies (
      id uuid primary key,
      nom text not null,
      nom_normalise text not null,
      nom_tri text collate "C" not null,
      wilaya_code smallint not null check (wilaya_code between 1 and 69),
      secteur_id text,
      activite text,
      email text,
      telephone text,
      score_qualite smallint not null check (score_qualite between 0 and 100),
      source text not null check (source in ('import', 'scraping', 'demo')),
      source_url text,
      search_text text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint companies_nom_length check (length(trim(nom)) between 1 and 300),
      constraint companies_natural_key unique (nom_normalise, wilaya_code)
    )`,
    'create index companies_search_trgm on companies using gin (search_text gin_trgm_ops)',
    // The order indexes carry the filtered columns (INCLUDE), so a page is found by an
    // index-only scan, filters included; only the page's own rows are then read from the table.
    'create index companies_order on companies (score_qualite desc, nom_tri, id) include (wilaya_code, secteur_id, search_text)',
    'create index companies_wilaya_order on companies (wilaya_code, score_qualite desc, nom_tri, id) include (secteur_id, search_text)',
    'create index companies_secteur_order on companies (secteur_id, score_qualite desc, nom_tri, id) include (wilaya_code, search_text)',
    'create index companies_telephone on companies (telephone) where telephone is not null',
    'create index companies_email on companies (email) where email is not null',

    `
    create table company_counts (
      wilaya_code smallint not null,
      secteur_id text not null,
      score_qualite smallint not null,
      n integer not null,
      primary key (wilaya_code, secteur_id, score_qualite)
    )`,
    `create table company_data_version (id smallint primary key check (id = 1), version bigint not null)`,
    `insert into company_data_version (id, version) values (1, 0)`,
    `
    create table search_count_cache (
      cache_key text primary key,
      version bigint not null,
      total integer not null,
      computed_at timestamptz not null default now()
    )`,
  ]);

  await createCountFunctions(knex, { bumpVersion: true, ordered: false, replace: false });
  await runStatements(knex, [
    `create trigger companies_counts_insert after insert on companies
    referencing new table as new_rows for each statement execute function company_counts_on_insert()`,
    `create trigger companies_counts_update after update on companies
    referencing new table as new_rows old table as old_rows for each statement execute function company_counts_on_update()`,
    `create trigger companies_counts_delete after delete on companies
    referencing old table as old_rows for each statement execute function company_counts_on_delete()`,
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists search_count_cache, company_data_version, company_counts, companies cascade');
  for (const fn of ['company_counts_on_insert', 'company_counts_on_update', 'company_counts_on_delete']) {
    await knex.raw(`drop function if exists ${fn}()`);
  }
}
