import createClient from 'openapi-fetch';
import type { paths } from './v1'; // npx openapi-typescript http://localhost:3000/v1/openapi.json -o v1.ts

const client = createClient<paths>({
  baseUrl: 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.API_KEY}` },
});

// Every match, 50 a page, by name, walked with the cursor each page gives (null after the last).
let cursor: string | undefined;
do {
  const { data, error } = await client.GET('/v1/entreprises', {
    params: { query: { query: 'numidia', wilayas: [16, 31], score_min: 50, sort: 'nom', per_page: 50, cursor } },
  });
  if (error) throw new Error(`${error.status} ${error.code}: ${error.detail}`);
  for (const company of data.items) {
    console.log(company.nom, company.wilaya, company.telephone ?? '-', company.email ?? '-');
  }
  cursor = data.next_cursor ?? undefined;
} while (cursor);
