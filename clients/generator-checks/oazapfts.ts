// oazapfts (fetch, one function per operation answering a `{ status, data }` union).
// Every operation also has a `default` response, which oazapfts types `{ status: number; data: Problem }`:
// `if (r.status === 200)` then cannot narrow `data`, so this program uses the runtime's `ok()`
// (the 2xx data, or an HttpError carrying the status and the problem document).
import { HttpError, ok } from '@oazapfts/runtime';
import * as api from './client/api';

const opts = { baseUrl: process.env.API_URL ?? 'http://localhost:3000', headers: { Authorization: `Bearer ${process.env.API_KEY ?? ''}` } };

async function main(): Promise<void> {
  const me = await ok(api.getMe(opts));
  const account: string = me.id;

  const search = await ok(api.searchEntreprises({ wilayas: [16, 31, 9, 35], secteurs: ['BTP', 'Commerce'], scoreMin: 40, sort: 'nom', perPage: 5 }, opts));
  const ids: string[] = search.items.map((c) => c.id);

  const list = await ok(api.createList({ nom: 'oazapfts check' }, opts));
  // One operation per body shape, each with one answer type: ok() gives it without narrowing.
  const bulk = await ok(api.addLeadsBulk(list.id, { entreprise_ids: ids.slice(1) }, opts));
  const one = await ok(api.addLead(list.id, { entreprise_id: ids[0], statut: 'contacte' }, opts));
  const leads: number = bulk.added.length + (one.statut === 'contacte' ? 1 : 0);

  const text: string = await ok(api.exportList(list.id, opts));
  console.log(JSON.stringify({ account, total: search.total, leads, csv: text }));
}

main().catch((err: unknown) => {
  if (err instanceof HttpError) {
    const problem = err.data as api.Problem | undefined;
    console.error(`${err.status} ${problem?.code}: ${problem?.detail ?? problem?.title}`);
  } else {
    console.error(err);
  }
  process.exitCode = 1;
});
