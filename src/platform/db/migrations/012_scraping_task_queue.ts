import { statements } from './statements';

/**
 * Extraction tasks run in the background (POST /v1/scraping/tasks): a task row is made
 * `queued` and has no answer until it ends; `attempts` counts the workers that took it up,
 * and only the worker of the last attempt may mark it completed (and charge it, in the same
 * transaction). `account_billed_companies` remembers which companies each account was
 * billed for (only_new), filled from the answers stored so far.
 */
export const up = statements([
  'alter table scraping_tasks drop constraint if exists scraping_tasks_status_check',
  `alter table scraping_tasks add constraint scraping_tasks_status_check
    check (status in ('queued', 'running', 'completed', 'failed', 'cancelled'))`,
  'alter table scraping_tasks alter column response drop not null',
  'alter table scraping_tasks alter column completed_at drop not null',
  `alter table scraping_tasks
    add column kind text not null default 'run' check (kind in ('run', 'task')),
    add column only_new boolean not null default false,
    add column started_at timestamptz,
    add column cancelled_at timestamptz,
    add column progress jsonb,
    add column attempts integer not null default 0,
    add column lease_until timestamptz`,
  'create index scraping_tasks_account_status on scraping_tasks (account_id, status, created_at)',
  // The workers' sweep: the few tasks not yet ended.
  "create index scraping_tasks_open on scraping_tasks (status, created_at) where status in ('queued', 'running')",
  `
    create table account_billed_companies (
      account_id uuid not null references accounts (id),
      company_id uuid not null references companies (id) on delete cascade,
      task_id uuid not null,
      billed_at timestamptz not null default now(),
      primary key (account_id, company_id)
    )`,
  `
    insert into account_billed_companies (account_id, company_id, task_id, billed_at)
    select distinct on (t.account_id, (e->>'id')::uuid) t.account_id, (e->>'id')::uuid, t.id, t.completed_at
    from scraping_tasks t, jsonb_array_elements(t.response->'entreprises') e
    where t.status = 'completed' and (e->>'billed')::boolean
      and exists (select 1 from companies c where c.id = (e->>'id')::uuid)
    order by t.account_id, (e->>'id')::uuid, t.completed_at`,
]);

export const down = statements([
  'drop table if exists account_billed_companies',
  "delete from scraping_tasks where status not in ('completed', 'failed')",
  `alter table scraping_tasks
    drop column kind, drop column only_new, drop column started_at,
    drop column cancelled_at, drop column progress, drop column attempts, drop column lease_until`,
  'alter table scraping_tasks drop constraint scraping_tasks_status_check',
  "alter table scraping_tasks add constraint scraping_tasks_status_check check (status in ('completed', 'failed'))",
]);
