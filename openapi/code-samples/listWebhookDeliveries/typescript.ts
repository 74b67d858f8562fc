import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.WEBHOOK_ID!; // an endpoint's id (GET /v1/webhook-endpoints)
const { data, error } = await client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id }, query: { per_page: 20 } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
for (const d of data.items) console.log(d.id, d.event_type, d.status, `${d.attempts.length} attempt(s)`, d.next_attempt_at ?? '');
