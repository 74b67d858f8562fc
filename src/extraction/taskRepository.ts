import type { Knex } from 'knex';
import type { ScrapingTask } from '../platform/types';

export async function insertTask(
  db: Knex,
  task: { id: string; account_id: string; status: 'completed' | 'failed'; secteur_id: string; wilaya_code: number; max_results: number; credits_used: number; response: ScrapingTask; created_at: Date },
): Promise<void> {
  await db('scraping_tasks').insert({ ...task, response: JSON.stringify(task.response) });
}

export async function findTask(db: Knex, accountId: string, taskId: string): Promise<ScrapingTask | undefined> {
  const row = await db('scraping_tasks').where({ id: taskId, account_id: accountId }).first('response');
  if (!row) return undefined;
  return typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
}
