import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
const entrepriseId = process.env.ENTREPRISE_ID!; // a company's id, from a search
// One company (201); { entreprise_ids: [...] } or { task_id } add several at once (200).
const { data, error } = await client.POST('/v1/lists/{id}/leads', {
  params: { path: { id } },
  body: { entreprise_id: entrepriseId, note: 'Vu au salon Batimatec' },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
if ('id' in data) console.log('added lead', data.id);
else console.log(data.added.length, 'added,', data.already_present.length, 'already there');
