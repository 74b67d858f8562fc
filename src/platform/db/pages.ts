import type { Knex } from 'knex';

/** Which rows a page holds: skip `offset`, take `limit`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/**
 * One page of the rows of `table` matching `where`, newest first (created_at, then id, both
 * descending: a stable order), and how many rows match in all.
 */
export async function newestFirst<T extends object>(db: Knex, table: string, where: Record<string, unknown>, page: PageWindow): Promise<{ total: number; rows: T[] }> {
  const [count, rows] = await Promise.all([
    db(table).where(where).count<{ n: number }[]>({ n: '*' }).first(),
    db<T>(table)
      .where(where)
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset(page.offset)
      .limit(page.limit),
  ]);
  return { total: Number(count?.n ?? 0), rows: rows as T[] };
}
