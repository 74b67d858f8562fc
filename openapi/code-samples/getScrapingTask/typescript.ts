import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const taskId = process.env.TASK_ID!; // the task_id an extraction answered with
const { data, error } = await client.GET('/v1/scraping/tasks/{task_id}', { params: { path: { task_id: taskId } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
if ('results_found' in data) console.log(data.status, data.results_found, 'companies', data.credits_used, 'credits');
else console.log(data.status, data.progress ?? ''); // queued, running (with its progress) or cancelled
