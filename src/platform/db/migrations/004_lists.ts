import { statements } from './statements';

/**
 * Prospecting lists and their leads. A lead is a company of the database in one list, once
 * (unique (list_id, entreprise_id)); deleting a list deletes its leads (on delete cascade),
 * never the companies. `seq` orders leads added in the same transaction (same added_at) in
 * the order they were given.
 */
export const up = statements([
  `
    create table lists (
      id uuid primary key,
      account_id uuid not null references accounts (id),
      nom text not null,
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint lists_nom_length check (length(nom) between 1 and 200),
      constraint lists_description_length check (description is null or length(description) <= 2000)
    )`,
  'create index lists_account on lists (account_id, created_at desc, id desc)',
  `
    create table leads (
      id uuid primary key,
      seq bigint generated always as identity,
      list_id uuid not null references lists (id) on delete cascade,
      entreprise_id uuid not null references companies (id),
      statut text not null default 'nouveau' check (statut in ('nouveau', 'contacte', 'qualifie', 'converti', 'perdu')),
      note text,
      added_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint leads_note_length check (note is null or length(note) <= 2000),
      constraint leads_list_entreprise unique (list_id, entreprise_id)
    )`,
  'create index leads_list_order on leads (list_id, added_at desc, seq desc)',
  'create index leads_entreprise on leads (entreprise_id)',
]);

export const down = statements([
  'drop table if exists leads, lists',
]);
