import type { Knex } from 'knex';

/**
 * How many extractions an account may run at once, per plan (`sales_team` 2, `enterprise` 5),
 * and the extractions running now: a row per run, deleted when it answers. A row whose process
 * died is ignored once its lease is over (the run's deadline plus a margin for writing), so a
 * crash never holds an account's slot for long. Changing a plan notifies `principals_changed`
 * (migration 005's trigger on plans), so the new limit applies from the next request.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table plans add column max_concurrent_extractions integer not null default 2 check (max_concurrent_extractions > 0)');
  await knex('plans').where({ id: 'enterprise' }).update({ max_concurrent_extractions: 5 });
  await knex.raw(`
    create table running_extractions (
      id uuid primary key,
      account_id uuid not null references accounts (id),
      started_at timestamptz not null default now(),
      ends_by timestamptz not null,
      lease_until timestamptz not null
    )`);
  await knex.raw('create index running_extractions_account on running_extractions (account_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists running_extractions');
  await knex.raw('alter table plans drop column max_concurrent_extractions');
}
