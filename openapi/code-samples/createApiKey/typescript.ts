import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const { data, error } = await client.POST('/v1/api-keys', { body: { name: 'CRM sync', expires_in_days: 90 } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
// The key itself is shown only in this answer: store it now.
console.log(data.id, data.api_key);
