import { statements } from './statements';

/**
 * Where each company record comes from: one row per source that gave it (a directory's page,
 * an import, the demo data), with when that source first and last gave it. Rows that existed
 * before get one row from what the company row kept (its last source and source URL).
 * `source` and `url` are '' when unknown, so that the primary key can hold them.
 */
export const up = statements([
  `
    create table company_sources (
      company_id uuid not null references companies (id) on delete cascade,
      kind text not null check (kind in ('directory', 'import', 'demo')),
      source text not null default '',
      url text not null default '',
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (company_id, kind, source, url)
    )`,
  `
    insert into company_sources (company_id, kind, url, first_seen_at, last_seen_at)
    select id, case source when 'scraping' then 'directory' else source end, coalesce(source_url, ''), created_at, updated_at
    from companies`,
]);

export const down = statements([
  'drop table if exists company_sources',
]);
