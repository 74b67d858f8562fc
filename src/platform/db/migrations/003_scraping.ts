import { statements } from './statements';

/** Extraction tasks (their full answer, kept as given) and the Idempotency-Key records. */
export const up = statements([
  `
    create table scraping_tasks (
      id uuid primary key,
      account_id uuid not null references accounts (id),
      status text not null check (status in ('completed', 'failed')),
      secteur_id text not null,
      wilaya_code smallint not null,
      max_results integer not null,
      credits_used integer not null check (credits_used >= 0),
      response jsonb not null,
      created_at timestamptz not null,
      completed_at timestamptz not null default now()
    )`,
  'create index scraping_tasks_account on scraping_tasks (account_id, created_at)',
  `
    create table idempotency_keys (
      account_id uuid not null references accounts (id),
      key text not null,
      request_hash text not null,
      state text not null check (state in ('running', 'done')),
      response_status integer,
      response_body jsonb,
      created_at timestamptz not null default now(),
      primary key (account_id, key)
    )`,
]);

export const down = statements([
  'drop table if exists idempotency_keys, scraping_tasks',
]);
