/** Extraction tasks written straight into the database, for the tests of what reads them (lists' bulk adds). */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { insertTask } from '../../src/extraction/taskRepository';
import type { Entreprise, ScrapingTask } from '../../src/platform/types';

/** A completed extraction task of the account holding `entreprises`, stored as POST /v1/scraping/run stores it; answers its id. */
export async function storeCompletedTask(knex: Knex, accountId: string, entreprises: Entreprise[]): Promise<string> {
  const id = crypto.randomUUID();
  const response: ScrapingTask = {
    task_id: id,
    status: 'completed',
    secteur: 'BTP',
    wilaya: 'Alger',
    wilaya_code: 16,
    max_results: 20,
    results_found: entreprises.length,
    credits_used: 0,
    credit_balance: 100,
    truncated: false,
    billable_found: 0,
    entreprises: entreprises.map((e) => ({ ...e, billed: false, emails: [], telephones: [], sources: ['annuaire-exemple'], source_urls: [] })),
    sources: [{ name: 'annuaire-exemple', status: 'ok', pages_read: 1, companies_found: entreprises.length }],
    created_at: new Date().toISOString(),
  };
  await insertTask(knex, {
    id, account_id: accountId, status: 'completed', secteur_id: 'btp', wilaya_code: 16, max_results: 20, credits_used: 0, response, created_at: new Date(),
  });
  return id;
}
