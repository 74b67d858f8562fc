import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const { data, error } = await client.GET('/v1/wilayas');
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
for (const wilaya of data.items) console.log(wilaya.code, wilaya.nom, wilaya.nom_ar);
