import { writeFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const id = process.env.LIST_ID!; // a list's id (GET /v1/lists)
// Read as bytes, not text: a text decoder would drop the byte order mark spreadsheets need.
const { data, error } = await client.GET('/v1/lists/{id}/export', { params: { path: { id } }, parseAs: 'arrayBuffer' });
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
writeFileSync('leads.csv', Buffer.from(data)); // UTF-8 with a BOM: opens as is in a spreadsheet
