import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
const { data, error } = await client.GET('/v1/lists/{id}/leads', {
  params: { path: { id }, query: { statut: ['nouveau', 'contacte'], per_page: 50 } },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
for (const lead of data.items) console.log(lead.id, lead.entreprise.nom, lead.statut, lead.note ?? '');
