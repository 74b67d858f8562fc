import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.text('id').primary();
    t.text('label').notNullable();
    t.integer('requests_per_minute').notNullable().checkPositive();
    t.integer('max_per_page').notNullable().checkPositive();
    t.integer('max_results').notNullable().checkPositive();
  });
  await knex('plans').insert([
    { id: 'sales_team', label: 'Sales team', requests_per_minute: 150, max_per_page: 100, max_results: 100 },
    { id: 'enterprise', label: 'Enterprise', requests_per_minute: 500, max_per_page: 100, max_results: 100 },
  ]);

  await knex.schema.createTable('accounts', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.text('plan_id').notNullable().references('id').inTable('plans');
    t.integer('credit_balance').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('credit_balance >= 0', [], 'accounts_credit_balance_not_negative');
    t.check("length(trim(name)) between 1 and 200", [], 'accounts_name_length');
  });

  await knex.schema.createTable('credit_ledger', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts');
    t.integer('delta').notNullable();
    t.integer('balance_after').notNullable();
    t.text('reason').notNullable();
    t.text('reference');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('delta <> 0', [], 'credit_ledger_delta_not_zero');
    t.check('balance_after >= 0', [], 'credit_ledger_balance_after_not_negative');
    t.index(['account_id', 'id']);
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.uuid('id').primary();
    t.uuid('account_id').notNullable().references('id').inTable('accounts');
    t.text('name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['account_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('credit_ledger');
  await knex.schema.dropTable('accounts');
  await knex.schema.dropTable('plans');
}
