import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
const leadId = process.env.LEAD_ID!; // a lead's id (GET /v1/lists/{id}/leads)
const { error, response } = await client.DELETE('/v1/lists/{id}/leads/{lead_id}', {
  params: { path: { id, lead_id: leadId } },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log('removed', leadId, response.status);
