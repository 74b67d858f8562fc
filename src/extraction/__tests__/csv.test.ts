/**
 * A list published as a CSV file an open-data portal's page links: the run fetches the file and
 * reads it as the page's listing (the page itself shows at most a preview its script fills).
 */
import { readListing } from '../extract';
import { PoliteFetcher } from '../fetcher';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';

const fetcher = () => new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
const ADRAR = { code: 1, nom: 'Adrar' };

const resourcePage = (href: string) => `<!doctype html><html><head><title>Transporteurs agréés</title></head><body>
  <header><a href="/">Portail open data</a> — <a href="/export/catalogue.csv">Catalogue (CSV)</a></header>
  <main><h1>Transporteurs de marchandises agréés</h1><p>Mise à jour : 2024-02-01</p>
    <a class="btn" href="${href}">Télécharger</a>
    <table id="apercu"><thead><tr><th>nom</th><th>tel</th></tr></thead><tbody><tr><td colspan="2">Chargement…</td></tr></tbody></table></main>
  <footer>Cellule open data — Tél : 049 96 10 10 — opendata@wilaya-adrar.test</footer></body></html>`;

describe('a run on a resource page that links its list as a CSV file', () => {
  test('the CSV is fetched and read as the listing: each row a company, its fax column no phone, its dates no numbers; the header\'s catalogue link is never fetched', async () => {
    const csv = 'denomination,commune,telephone,fax,courriel,date_agrement\n'
      + 'SARL Trans Touat,Adrar,049 96 21 30,049 96 21 31,trans.touat@gmail.com,2022-03-14\n'
      + '"EURL Reggane Fret, Logistique",Reggane,"0661 40 50 60 / 049 95 11 22",,,2021-11-02\n'
      + 'Ets Timimoun Transport,Timimoun,,,,2023-06-30\n';
    const s = await startSite({
      '/robots.txt': 'User-agent: *\nDisallow: /admin\n',
      '/jeux/transporteurs': resourcePage('/jeux/transporteurs/fichier/transporteurs-2024.csv'),
      '/jeux/transporteurs/fichier/transporteurs-2024.csv': { headers: { 'content-type': 'text/csv; charset=utf-8' }, body: csv },
    });
    try {
      const sources = parseSources(`sources:\n  - name: od\n    search_url: "${s.origin}/jeux/transporteurs"\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'Transport', wilaya: ADRAR, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
        ['SARL Trans Touat', ['+21349962130'], ['trans.touat@gmail.com']],
        ['EURL Reggane Fret, Logistique', ['+213661405060', '+21349951122'], []],
        ['Ets Timimoun Transport', [], []],
      ]);
      expect(s.hits).toEqual(['/robots.txt', '/jeux/transporteurs', '/jeux/transporteurs/fichier/transporteurs-2024.csv']);
      expect(report[0]).toMatchObject({ status: 'ok', pages_read: 2, companies_found: 3 });
    } finally {
      await s.close();
    }
  });
});

describe('a CSV file read on hostile input', () => {
  test('an unclosed quote, a line of separators, a flood of line breaks and a wide long file are read in linear time, the file cut to a bounded table', () => {
    const wide = `${Array.from({ length: 80 }, (_, k) => (k === 0 ? 'nom' : k === 1 ? 'telephone' : `c${k}`)).join(';')}\n${Array.from({ length: 6_000 }, (_, r) => `Ets ${r};0550 ${String(r).padStart(6, '0')}${';x'.repeat(78)}`).join('\n')}`;
    for (const csv of [`"${'a,'.repeat(900_000)}`, ','.repeat(1_900_000), `a,b\n${'\n'.repeat(1_900_000)}`, wide]) {
      const { ms } = cpuMs(() => readListing(csv, 'https://data.test/liste.csv', {}, { contentType: 'text/csv' }));
      expectCpuWithin(ms, 3_000);
    }
    expect(readListing(wide, 'https://data.test/liste.csv', {}, { contentType: 'text/csv' }).companies.length).toBeLessThanOrEqual(2_000);
  });
});
