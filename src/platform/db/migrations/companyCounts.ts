import type { Knex } from 'knex';

/**
 * The three statement-level trigger functions that keep `company_counts` exact (one per
 * event: transition tables allow a single event per trigger), as migrations 002 and 007 wrote
 * them. Migrations are history: 002 and 007 must go on writing the very same SQL, so this
 * file's output is frozen too. A later change to the counts gets a migration of its own.
 *
 * - `bumpVersion` (002): every write also bumps `company_data_version` (dropped by 007).
 * - `ordered` (007): the cells are taken in key order, so two writers cannot deadlock.
 * - `replace` (007): `create or replace`, over 002's functions.
 */
export async function createCountFunctions(knex: Knex, options: { bumpVersion: boolean; ordered: boolean; replace: boolean }): Promise<void> {
  const apply = (source: string) => `
      insert into company_counts as c (wilaya_code, secteur_id, score_qualite, n)
      select wilaya_code, secteur_id, score_qualite, sum(d)
        from (${source}) changes
       group by wilaya_code, secteur_id, score_qualite
      having sum(d) <> 0${options.ordered ? '\n       order by wilaya_code, secteur_id, score_qualite' : ''}
      on conflict (wilaya_code, secteur_id, score_qualite) do update set n = c.n + excluded.n;${
        options.bumpVersion ? '\n      update company_data_version set version = version + 1 where id = 1;' : ''
      }`;
  const plus = `select wilaya_code, coalesce(secteur_id, '') as secteur_id, score_qualite, 1 as d from new_rows`;
  const minus = `select wilaya_code, coalesce(secteur_id, '') as secteur_id, score_qualite, -1 as d from old_rows`;
  for (const [fn, body] of [
    ['company_counts_on_insert', apply(plus)],
    ['company_counts_on_update', apply(`${plus} union all ${minus}`)],
    ['company_counts_on_delete', apply(minus)],
  ]) {
    await knex.raw(`create ${options.replace ? 'or replace ' : ''}function ${fn}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`);
  }
}
