import { statements } from './statements';

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
export const up = statements([
  `
    create function notify_principals_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${PRINCIPALS_CHANNEL}', tg_table_name);
      return null;
    end $$`,
  `create trigger api_keys_principals after update or delete or truncate on api_keys
    for each statement execute function notify_principals_changed()`,
  `create trigger accounts_principals after update of plan_id or delete or truncate on accounts
    for each statement execute function notify_principals_changed()`,
  `create trigger plans_principals after update or delete or truncate on plans
    for each statement execute function notify_principals_changed()`,
]);

export const down = statements([
  ...['api_keys', 'accounts', 'plans'].map((table) => `drop trigger if exists ${table}_principals on ${table}`),
  'drop function if exists notify_principals_changed()',
]);
