import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const { data, error } = await client.GET('/v1/scraping/tasks', { params: { query: { status: 'completed', per_page: 10 } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(`${data.total} completed tasks`);
for (const task of data.items) console.log(task.created_at, task.task_id, task.secteur, task.wilaya, task.credits_used ?? 0, 'credits');
