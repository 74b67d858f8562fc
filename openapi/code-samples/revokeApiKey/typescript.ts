import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const keyId = process.env.KEY_ID!; // the id of the key to revoke (GET /v1/api-keys lists them)
const { data, error } = await client.DELETE('/v1/api-keys/{key_id}', { params: { path: { key_id: keyId } } });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
console.log(data.id, 'revoked at', data.revoked_at);
