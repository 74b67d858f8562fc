// A first search with @prospecting-api/client: the account behind the key, then the first
// page of software companies in Algiers (wilaya 16) with a quality score of 60 or more.
//   PROSPECTING_API_URL=http://localhost:3000 PROSPECTING_API_KEY=pk_... npx tsx examples/first-search.ts
import { createProspectingClient, type Problem } from '@prospecting-api/client';

const client = createProspectingClient({
  baseUrl: process.env.PROSPECTING_API_URL ?? 'http://localhost:3000',
  apiKey: process.env.PROSPECTING_API_KEY ?? '',
});

function explain(error: Problem): string {
  switch (error.code) {
    case 'missing_api_key':
    case 'invalid_api_key':
    case 'expired_api_key':
    case 'revoked_api_key':
      return `check PROSPECTING_API_KEY (${error.code}): ${error.detail ?? error.title}`;
    case 'rate_limited':
      return 'too many requests: wait and retry';
    default:
      return `${error.status} ${error.code}: ${error.detail ?? error.title}`;
  }
}

async function main(): Promise<void> {
  const me = await client.GET('/v1/me');
  if (me.error) throw new Error(explain(me.error));
  console.log(`account ${me.data.id}, plan ${me.data.plan.id}, ${me.data.credit_balance} credits`);

  const { data, error } = await client.GET('/v1/entreprises', {
    params: { query: { query: 'informatique', wilayas: [16], score_min: 60, per_page: 5 } },
  });
  if (error) throw new Error(explain(error));
  console.log(`${data.total} companies match; the first ${data.items.length}:`);
  for (const company of data.items) {
    console.log(`- ${company.nom} (${company.wilaya}), score ${company.score_qualite}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
