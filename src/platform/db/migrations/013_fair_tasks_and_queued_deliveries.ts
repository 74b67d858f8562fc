import { statements } from './statements';

/**
 * Background tasks get a place among their account's extractions before they get a job
 * (`admitted_at`; null while the task waits for one): at most the plan's
 * `max_concurrent_extractions` at once, synchronous runs included. The tasks queued or running
 * before this migration already have their jobs: they count as admitted.
 *
 * Webhook deliveries are jobs of the process's pg-boss queue now (one job per attempt, sent in
 * the transaction that wrote the event or the previous attempt): the delivery's own lease
 * (`locked_until`) goes. Deliveries pending before this migration are given their jobs by the
 * dispatcher's sweep.
 */
export const up = statements([
  'alter table scraping_tasks add column admitted_at timestamptz',
  "update scraping_tasks set admitted_at = created_at where kind = 'task' and status in ('queued', 'running')",
  // The tasks waiting for a place, per account, in order.
  "create index scraping_tasks_waiting on scraping_tasks (account_id, created_at, id) where status = 'queued' and admitted_at is null",
  'alter table webhook_deliveries drop column locked_until',
]);

export const down = statements([
  'alter table webhook_deliveries add column locked_until timestamptz',
  'drop index if exists scraping_tasks_waiting',
  'alter table scraping_tasks drop column admitted_at',
]);
