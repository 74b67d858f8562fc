/**
 * The directory corpus (test/fixtures/directories): every site served on 127.0.0.1 and read by
 * the real run (the sources file entry, the polite fetcher, the worker pool, no selectors),
 * exactly as POST /v1/scraping/run reads it. Each site must give exactly its expected companies
 * with exactly their e-mails and phones, none of the directory's contacts, no fax as a phone.
 * npm run bench:extraction prints the same scores as figures.
 */
import path from 'node:path';
import { PageReader } from '../pages';
import { foldName, loadCorpus, runSites, score, serveSite, type CorpusSite } from '../../../test/helpers/directoryCorpus';

const ROOT = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'directories');
const sites = loadCorpus(ROOT);
let pages: PageReader;

beforeAll(() => {
  pages = new PageReader({ threads: 2 });
});
afterAll(async () => {
  await pages.close();
});

async function run(...list: CorpusSite[]) {
  const servers = await Promise.all(list.map((s) => serveSite(s)));
  try {
    return await runSites(list.map((site, i) => ({ site, origin: servers[i].origin })), { pages });
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

test('the corpus holds at least 12 directory styles', () => {
  expect(sites.length).toBeGreaterThanOrEqual(12);
  expect(new Set(sites.map((s) => s.style)).size).toBe(sites.length);
});

describe.each(sites.map((s) => [s.id, s] as const))('%s', (_, site) => {
  test('gives exactly the expected companies and contacts, nothing of the directory, no fax as a phone', async () => {
    const { companies, report } = await run(site);
    expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok' });
    const found = companies.map((c) => ({ name: foldName(c.name), emails: [...c.emails].sort(), phones: [...c.phones].sort() }));
    const expected = site.expected.companies.map((c) => ({ name: foldName(c.name), emails: [...c.emails].sort(), phones: [...c.phones].sort() }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(found.sort(byName)).toEqual(expected.sort(byName));
    const s = score(site.expected, companies);
    expect({ falseMerges: s.falseMerges, directoryContacts: s.directoryContacts, faxesAsPhones: s.faxesAsPhones }).toEqual({ falseMerges: 0, directoryContacts: 0, faxesAsPhones: 0 });
    for (const ad of site.expected.advertisements ?? []) expect(companies.map((c) => foldName(c.name))).not.toContain(foldName(ad));
  });
});

test('the same company on two directories is one company with both sources; no other company is merged', async () => {
  const btp = sites.find((s) => s.id === 'annuaire-btp-classique')!;
  const cci = sites.find((s) => s.id === 'cci-tableau-adherents')!;
  const { companies } = await run(btp, cci);
  expect(companies).toHaveLength(btp.expected.companies.length + cci.expected.companies.length - 1);
  const numidia = companies.filter((c) => foldName(c.name) === 'numidia batiment');
  expect(numidia).toHaveLength(1);
  expect(numidia[0].sources).toEqual(['annuaire-btp-classique', 'cci-tableau-adherents']);
  expect(numidia[0].emails.sort()).toEqual(['contact@numidia-batiment.dz', 'numidia.batiment@gmail.com']);
  expect(numidia[0].phones.sort()).toEqual(['+21323921414', '+213550123456']);
  for (const c of companies) if (c !== numidia[0]) expect(c.sources).toHaveLength(1);
});
