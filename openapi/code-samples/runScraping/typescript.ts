import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

// Keep the Idempotency-Key to retry safely: the same key and body never run or charge twice.
const { data, error } = await client.POST('/v1/scraping/run', {
  params: { header: { 'Idempotency-Key': randomUUID() } },
  body: { secteur: 'BTP', wilaya: 'Alger', max_results: 10 },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(`task ${data.task_id}: ${data.results_found} companies, ${data.credits_used} credits, ${data.credit_balance} left`);
for (const company of data.entreprises) console.log(company.nom, company.telephone ?? '-', company.email ?? '-');
