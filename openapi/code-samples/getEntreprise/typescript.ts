import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.ENTREPRISE_ID!; // a company's id, from a search
const { data, error } = await client.GET('/v1/entreprises/{id}', { params: { path: { id } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(data.nom, data.wilaya, data.secteur);
for (const source of data.provenance) console.log('  from', source.type, source.source ?? '', source.last_seen_at);
