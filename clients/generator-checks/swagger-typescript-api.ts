// swagger-typescript-api (fetch, an `Api` class; a non-2xx answer rejects with the response).
import { Api, LeadStatut, type HttpResponse, type Problem } from './client/api';

const client = new Api<string>({
  baseUrl: process.env.API_URL ?? 'http://localhost:3000',
  securityWorker: (key) => (key ? { headers: { Authorization: `Bearer ${key}` } } : {}),
});
client.setSecurityData(process.env.API_KEY ?? '');

async function main(): Promise<void> {
  const me = await client.v1.getMe();
  const account: string = me.data.id;

  const search = await client.v1.searchEntreprises({ wilayas: [16, 31, 9, 35], secteurs: ['BTP', 'Commerce'], score_min: 40, sort: 'nom', per_page: 5 });
  const ids: string[] = search.data.items.map((c) => c.id);

  const list = await client.v1.createList({ nom: 'swagger-typescript-api check' });
  // One operation per body shape, each with one answer type: no narrowing needed.
  const bulk = await client.v1.addLeadsBulk(list.data.id, { entreprise_ids: ids.slice(1) });
  // (This generator makes enums TypeScript enums: LeadStatut.Contacte is 'contacte'.)
  const one = await client.v1.addLead(list.data.id, { entreprise_id: ids[0], statut: LeadStatut.Contacte });
  const leads: number = bulk.data.added.length + (one.data.statut === LeadStatut.Contacte ? 1 : 0);

  // The generator reads a body only for JSON, images and forms: a text/csv answer needs
  // `format: 'text'` (without it, `data` is null at run time though typed string).
  const csv = await client.v1.exportList(list.data.id, { format: 'text' });
  const text: string = csv.data;
  console.log(JSON.stringify({ account, total: search.data.total, leads, csv: text }));
}

main().catch((err: unknown) => {
  const res = err as HttpResponse<unknown, Problem>;
  console.error(res?.error?.code ? `${res.status} ${res.error.code}: ${res.error.detail ?? res.error.title}` : err);
  process.exitCode = 1;
});
