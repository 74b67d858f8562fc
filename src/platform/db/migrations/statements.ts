import type { Knex } from 'knex';

/**
 * A migration step made of SQL statements: each is sent as written, one after the other, in the
 * migration's transaction. Migrations are history and so is this file: a change here would
 * change what every migration that uses it sends.
 */
export function statements(sql: readonly string[]): (knex: Knex) => Promise<void> {
  return (knex) => runStatements(knex, sql);
}

/** Sends `sql`, one statement after the other. */
export async function runStatements(knex: Knex, sql: readonly string[]): Promise<void> {
  for (const statement of sql) await knex.raw(statement);
}
