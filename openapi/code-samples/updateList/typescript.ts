import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
const { data, error } = await client.PATCH('/v1/lists/{id}', {
  params: { path: { id } },
  body: { nom: 'BTP Alger - relances de juin' },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log('renamed', data.id, 'to', data.nom);
