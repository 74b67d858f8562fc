// @hey-api/openapi-ts (the fetch client, one function per operation, `{ data, error }`).
import { createClient, createConfig } from './client/client';
import { addLead, addLeadsBulk, createList, exportList, getMe, searchEntreprises } from './client/sdk.gen';

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
  // One operation per body shape, each with one answer type: no narrowing needed.
  const bulk = await addLeadsBulk({ client, path: { id: list.data.id }, body: { entreprise_ids: ids.slice(1) } });
  if (bulk.error) throw new Error(`POST /v1/lists/{id}/leads/bulk ${bulk.error.code}`);
  const one = await addLead({ client, path: { id: list.data.id }, body: { entreprise_id: ids[0], statut: 'contacte' } });
  if (one.error) throw new Error(`POST /v1/lists/{id}/leads/single ${one.error.code}`);
  const statut: 'contacte' | string = one.data.statut;
  const leads: number = bulk.data.added.length + (statut === 'contacte' ? 1 : 0);

  const csv = await exportList({ client, path: { id: list.data.id } });
  if (csv.error) throw new Error(`GET /v1/lists/{id}/export ${csv.error.code}`);
  const text: string = csv.data;
  console.log(JSON.stringify({ account, total: search.data.total, leads, csv: text }));
}

main().catch((err: unknown) => { console.error(err); process.exitCode = 1; });
