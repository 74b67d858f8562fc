import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const { data, error } = await client.GET('/v1/me');
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
// mode is 'test' with a test key (pk_test_...): its extractions are free.
console.log(`${data.name} (${data.plan.id}, ${data.mode} mode): ${data.credit_balance} credits`);
