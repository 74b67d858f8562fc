// @hey-api/openapi-ts (the fetch client, one function per operation, `{ data, error }`).
import { createClient, createConfig } from './client/client';
import { addLeads, createList, exportList, getMe, searchEntreprises } from './client/sdk.gen';

const client = createClient(createConfig({ baseUrl: process.env.API_URL ?? 'http://localhost:3000', auth: () => process.env.API_KEY ?? '' }));

async function main(): Promise<void> {
  const me = await getMe({ client });
  if (me.error) throw new Error(`GET /v1/me ${me.error.code}`);
  const account: string = me.data.id;

  const search = await searchEntreprises({ client, query: { wilayas: [16, 31, 9, 35], secteurs: ['BTP', 'Commerce'], score_min: 40, sort: 'nom', per_page: 5 } });
  if (search.error) throw new Error(`GET /v1/entreprises ${search.error.code}`);
  const ids: string[] = search.data.items.map((c) => c.id);

  const list = await createList({ client, body: { nom: 'hey-api check' } });
  if (list.error) throw new Error(`POST /v1/lists ${list.error.code}`);
  const added = await addLeads({ client, path: { id: list.data.id }, body: { entreprise_ids: ids } });
  if (added.error) throw new Error(`POST /v1/lists/{id}/leads ${added.error.code}`);
  if (!('added' in added.data)) throw new Error('a bulk add answered a single lead');
  const leads: number = added.data.added.length;

  const csv = await exportList({ client, path: { id: list.data.id } });
  if (csv.error) throw new Error(`GET /v1/lists/{id}/export ${csv.error.code}`);
  const text: string = csv.data;
  console.log(JSON.stringify({ account, total: search.data.total, leads, csv: text }));
}

main().catch((err: unknown) => { console.error(err); process.exitCode = 1; });
