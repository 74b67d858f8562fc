import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
// The ids of a page of search results; { task_id } adds an extraction's companies instead.
const search = await client.GET('/v1/entreprises', { params: { query: { query: 'numidia', per_page: 5 } } });
if (search.error) throw new Error(`${search.error.status} ${search.error.code}: ${search.error.detail}`);
const { data, error } = await client.POST('/v1/lists/{id}/leads/bulk', {
  params: { path: { id } },
  body: { entreprise_ids: search.data.items.map((c) => c.id) },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(data.added.length, 'added,', data.already_present.length, 'already there'); // data is a LeadBulkResult
