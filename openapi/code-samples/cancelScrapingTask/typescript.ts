import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const taskId = process.env.TASK_TO_CANCEL!; // a task still queued or running (an ended one answers 409)
const { data, error } = await client.POST('/v1/scraping/tasks/{task_id}/cancel', { params: { path: { task_id: taskId } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(data.status); // cancelled: nothing is charged
