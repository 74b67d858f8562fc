import { statements } from './statements';

/**
 * A change feed for the in-memory search index (src/search/index.ts), with no row that every
 * write must lock: each company row carries the id of the transaction that last wrote it
 * (`change_xid`, set by a default on insert and by a row trigger on update, from any process
 * or SQL session), and deleted rows leave a tombstone in `company_deletions`. A reader that
 * remembers the snapshot it last read at asks for the rows whose writer was not yet visible in
 * that snapshot (`pg_visible_in_snapshot`), which is exact whatever order transactions commit
 * in; `change_xid >= pg_snapshot_xmin(previous)` bounds the index range it scans. Rows written
 * before this migration have no `change_xid`: every snapshot taken since saw them.
 * A TRUNCATE leaves the nil uuid as a tombstone: readers then load everything again.
 */
export const up = statements([
  // No default while the column is added: existing rows keep null, and the table is not rewritten.
  'alter table companies add column change_xid xid8',
  'alter table companies alter column change_xid set default pg_current_xact_id()',
  'create index companies_change_xid on companies (change_xid)',
  `
    create function companies_stamp_change() returns trigger language plpgsql as $$
    begin
      new.change_xid := pg_current_xact_id();
      return new;
    end $$`,
  `create trigger companies_stamp_change before update on companies
    for each row execute function companies_stamp_change()`,

  `
    create table company_deletions (
      id uuid not null,
      change_xid xid8 not null default pg_current_xact_id(),
      deleted_at timestamptz not null default now()
    )`,
  'create index company_deletions_change_xid on company_deletions (change_xid)',
  // Tombstones are kept a day: a reader that last read longer ago than that loads everything.
  `
    create function companies_record_deletions() returns trigger language plpgsql as $$
    begin
      insert into company_deletions (id) select id from old_rows;
      delete from company_deletions where deleted_at < now() - interval '1 day';
      return null;
    end $$`,
  `create trigger companies_record_deletions after delete on companies
    referencing old table as old_rows for each statement execute function companies_record_deletions()`,
  `
    create function companies_record_truncate() returns trigger language plpgsql as $$
    begin
      insert into company_deletions (id) values ('00000000-0000-0000-0000-000000000000');
      return null;
    end $$`,
  `create trigger companies_record_truncate after truncate on companies
    for each statement execute function companies_record_truncate()`,
]);

export const down = statements([
  ...['companies_record_truncate', 'companies_record_deletions', 'companies_stamp_change'].map((trigger) => `drop trigger if exists ${trigger} on companies`),
  'drop table if exists company_deletions',
  'drop function if exists companies_record_truncate(), companies_record_deletions(), companies_stamp_change()',
  'alter table companies drop column if exists change_xid',
]);
