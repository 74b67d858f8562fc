import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
const entrepriseId = process.env.ENTREPRISE_ID!; // a company's id, from a search
const { data, error } = await client.POST('/v1/lists/{id}/leads/single', {
  params: { path: { id } },
  body: { entreprise_id: entrepriseId, statut: 'contacte', note: 'Vu au salon Batimatec' },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log('added lead', data.id, data.statut); // data is a Lead
