import { randomUUID } from 'node:crypto';
import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

// 202 at once: the task is queued. only_new leaves out the companies already bought.
const { data, error, response } = await client.POST('/v1/scraping/tasks', {
  params: { header: { 'Idempotency-Key': randomUUID() } },
  body: { secteur: 'BTP', wilaya: 'Alger', max_results: 10, only_new: true },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(`task ${data.task_id} ${data.status}: poll ${response.headers.get('Location')}`);
