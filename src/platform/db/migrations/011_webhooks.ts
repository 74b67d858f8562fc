import { statements } from './statements';

/**
 * Webhook endpoints (an account's URLs, the events each wants, its signing secret), the
 * deliveries of events to them (written in the transaction of what happened: an event exists
 * only if its cause committed) and every attempt at a delivery. A delivery is claimed by one
 * instance at a time through `locked_until` (a lease: a crashed instance's claim runs out).
 */
export const up = statements([
  `
    create table webhook_endpoints (
      id uuid primary key,
      account_id uuid not null references accounts (id),
      url text not null,
      events text[] not null,
      secret text not null,
      created_at timestamptz not null default now()
    )`,
  'create index webhook_endpoints_account on webhook_endpoints (account_id, created_at desc, id)',
  `
    create table webhook_deliveries (
      id text primary key,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_type text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      locked_until timestamptz,
      created_at timestamptz not null default now()
    )`,
  'create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc, id)',
  "create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'",
  `
    create table webhook_attempts (
      delivery_id text not null references webhook_deliveries (id) on delete cascade,
      attempt integer not null,
      attempted_at timestamptz not null,
      status_code integer,
      error text,
      duration_ms integer not null,
      primary key (delivery_id, attempt)
    )`,
]);

export const down = statements([
  'drop table if exists webhook_attempts, webhook_deliveries, webhook_endpoints',
]);
