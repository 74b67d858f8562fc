/**
 * Pages rendered on the client from a template (a framework loaded from a CDN) whose list comes
 * from the endpoint their own inline script fetches: the URL read from the call (literals, bound
 * names, a page number), never from a page without a template, and a run reading it as the page's
 * listing then the next numbers its JSON gives.
 */
import { PoliteFetcher } from '../fetcher';
import { readListing } from '../extract';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';
import { cpuMs, expectCpuWithin } from '../../../test/helpers/cpuTime';

const PAGE = 'https://recyclage.test/liste-membres.php';

/** An Alpine.js or AngularJS template page: the cards' loop, a loading line, the given script. */
function templated(script: string, loop = '<template x-for="m in membres"><article class="membre"><h3 x-text="m.nom"></h3><p x-text="m.telephone"></p></article></template>'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Membres</title><script defer src="https://cdn.jsdelivr.net/npm/alpinejs@3/dist/cdn.min.js"></script></head><body>
    <header><a href="/">Réseau du recyclage</a></header>
    <main x-data="annuaire()"><h1>Nos membres</h1><p x-show="charge">Chargement…</p>${loop}</main>
    <footer>Réseau du recyclage – 045 21 30 40</footer><script>${script}</script></body></html>`;
}

const dataOf = (html: string, url = PAGE) => readListing(html, url).data;

describe('the endpoint a template page’s script fetches', () => {
  test('names joined to literals by +, a page number passed by the script: the first page of that endpoint', () => {
    const script = `var BASE = "/services/membres_json.php";\nvar FILIERE = 'plastique';\nfunction annuaire() { return { membres: [], charge: true, init() { this.voir(1); }, voir(n) { axios.get(BASE + "?filiere=" + FILIERE + "&p=" + n).then((r) => { this.membres = r.data.lignes; this.charge = false; }); } }; }`;
    expect(dataOf(templated(script))).toBe('https://recyclage.test/services/membres_json.php?filiere=plastique&p=1');
  });

  test('a template literal of constants and an offset, in an AngularJS page; escaped slashes read', () => {
    const loop = '<div ng-repeat="m in membres" class="carte"><b>{{ m.nom }}</b> {{ m.tel }}</div>';
    const script = "const RACINE = '\\/api\\/v2';\nconst REGION = 13;\nangular.module('a', []).controller('C', function ($scope, $http) { $scope.charger = function (debut) { fetch(`${RACINE}/adherents?region=${REGION}&offset=${debut}`).then((r) => r.json()).then((d) => { $scope.membres = d.items; }); }; $scope.charger(0); });";
    expect(dataOf(templated(script, loop))).toBe('https://recyclage.test/api/v2/adherents?region=13&offset=0');
  });

  test('of several calls, the one carrying a page number; a call to another host is none', () => {
    const script = "const LANG = '/i18n/fr.json';\nfetch(LANG).then((r) => r.json());\nfetch('https://stats.autre.test/hit?p=' + 1);\nconst EP = '/membres/liste';\nfunction page(k) { return fetch(EP + '?page=' + k); }";
    expect(dataOf(templated(script))).toBe('https://recyclage.test/membres/liste?page=1');
  });

  test('no URL from a search box\'s text, an object\'s property, a page without a template, nor a script file', () => {
    expect(dataOf(templated("function chercher(q) { return fetch('/api/membres?q=' + q); }"))).toBeUndefined();
    expect(dataOf(templated('function go(n) { return fetch(`${this.api}?page=${n}`); }'))).toBeUndefined();
    expect(dataOf(templated("fetch('/assets/app.js');"))).toBeUndefined();
    const plain = `<!doctype html><html><body><main><h1>Nos membres</h1><p>Bientôt en ligne.</p></main><script>fetch('/api/compteur.php?page=' + 1);</script></body></html>`;
    expect(dataOf(plain)).toBeUndefined();
  });

  test('a hostile script (unclosed literals and calls, 300,000 characters each) is read in bounded time and gives nothing', () => {
    const hostile = [`const A = '${'\\x'.repeat(150_000)}`, 'fetch('.repeat(50_000), `fetch(\`${'${'.repeat(100_000)}`, `var B = "${'a'.repeat(300_000)}`];
    const { ms, result } = cpuMs(() => hostile.map((h) => dataOf(templated(h))));
    expect(result).toEqual([undefined, undefined, undefined, undefined]);
    expectCpuWithin(ms, 1_500);
  });
});

describe('a run on a template page filled by its script', () => {
  const fetcher = () => new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
  const SETIF = { code: 19, nom: 'Sétif' };
  const json = (body: object) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const script = "const SERVICE = '/ajax/liste.php';\nconst CAT = 'recyclage';\nfunction annuaire() { return { membres: [], init() { this.aller(1); }, aller(num) { fetch(`${SERVICE}?cat=${CAT}&page=${num}`).then((r) => r.json()).then((d) => { this.membres = d.rows; }); } }; }";

  test('the endpoint is read as the page’s listing, then the next numbers its answer gives (page / pages)', async () => {
    const s = await startSite({
      '/membres': templated(script),
      '/ajax/liste.php?cat=recyclage&page=1': json({ ok: true, page: 1, pages: 2, rows: [{ nom: 'Sétif Plast Recyclage', telephone: '036 91 22 40' }, { nom: 'EURL Ferraille El Eulma', telephone: '0661 48 20 13', courriel: 'ferraille.eulma@gmail.com' }] }),
      '/ajax/liste.php?cat=recyclage&page=2': json({ ok: true, page: 2, pages: 2, rows: [{ nom: 'Papiers Hauts Plateaux', telephone: '0770 55 12 09' }] }),
    });
    try {
      const sources = parseSources(`sources:\n  - name: rec\n    search_url: "${s.origin}/membres"\n    max_pages: 4\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'Environnement', wilaya: SETIF, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([
        ['Sétif Plast Recyclage', ['+21336912240'], []],
        ['EURL Ferraille El Eulma', ['+213661482013'], ['ferraille.eulma@gmail.com']],
        ['Papiers Hauts Plateaux', ['+213770551209'], []],
      ]);
      expect(s.hits.filter((h) => h.startsWith('/ajax/'))).toEqual(['/ajax/liste.php?cat=recyclage&page=1', '/ajax/liste.php?cat=recyclage&page=2']);
      expect(report[0]).toMatchObject({ status: 'ok', companies_found: 3 });
    } finally {
      await s.close();
    }
  });
});
