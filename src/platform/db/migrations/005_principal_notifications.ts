import type { Knex } from 'knex';

export const name = '005_principal_notifications';

/** The channel on which a change to who may call, and under which plan, is announced. */
export const PRINCIPALS_CHANNEL = 'principals_changed';

/**
 * Authentication keeps the key -> account -> plan rows it read in memory (see
 * src/accounts/principalCache.ts). Any write that could change one of them (a key revoked or
 * deleted, an account's plan changed or the account deleted, a plan's limits edited, a table
 * emptied) notifies `principals_changed` when it commits, from whatever process or SQL session
 * made it; every instance then forgets what it kept. A credit balance change does not notify:
 * authentication does not read the balance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function notify_principals_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${PRINCIPALS_CHANNEL}', tg_table_name);
      return null;
    end $$`);
  await knex.raw(`create trigger api_keys_principals after update or delete or truncate on api_keys
    for each statement execute function notify_principals_changed()`);
  await knex.raw(`create trigger accounts_principals after update of plan_id or delete or truncate on accounts
    for each statement execute function notify_principals_changed()`);
  await knex.raw(`create trigger plans_principals after update or delete or truncate on plans
    for each statement execute function notify_principals_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists api_keys_principals on api_keys');
  await knex.raw('drop trigger if exists accounts_principals on accounts');
  await knex.raw('drop trigger if exists plans_principals on plans');
  await knex.raw('drop function if exists notify_principals_changed()');
}
