import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

const { data, error } = await client.POST('/v1/webhook-endpoints', {
  body: { url: 'https://crm.example.dz/hooks/prospecting', events: ['scraping.task.completed', 'credits.balance_low'] },
});
if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
// Shown only this once: keep it to verify each delivery's webhook-signature.
console.log('created endpoint', data.id, 'secret', data.secret);
