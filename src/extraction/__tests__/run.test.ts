/**
 * An extraction run against a fixture directory: several "sites" on 127.0.0.1, each its own
 * port, with the layouts a real run meets (listing + JSON-LD detail pages, microdata cards,
 * mailto:/tel: cards, plain-text contacts, pagination by rel=next and by a custom selector,
 * robots.txt, a dead host, a 500, a 429) and one company listed on two of them.
 */
import { getEventListeners, getMaxListeners } from 'node:events';
import path from 'node:path';
import { PoliteFetcher } from '../fetcher';
import { PageReader } from '../pages';
import { completedName, cutPrefix, runExtraction } from '../run';
import { parseSources, type SourceConfig } from '../sources';
import { never, startSite, type Site } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

const UA = 'ProspectingBot/0.1 (+https://prospecting.test/bot)';
const ALGER = { code: 16, nom: 'Alger' };

/** Cloudflare's e-mail encoding (key byte, then each byte XOR key). */
function cfEncode(email: string, key: number): string {
  return [key, ...Buffer.from(email, 'utf8').map((b) => b ^ key)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A page of directory A: its own contacts in the header and footer. */
function pageA(body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Annuaire A</title>${head}</head><body>
<header><a href="mailto:contact@annuaire-a.dz">Contact</a> <a href="tel:+21321998877">021 99 88 77</a></header>
<main>${body}</main>
<footer>Annuaire A — support [at] annuaire-a.dz — 0770 99 88 77</footer></body></html>`;
}

/** A listing card of directory A, with the directory's "report" link in every card. */
function cardA(name: string, href: string): string {
  return `<div class="fiche"><h2>${name}</h2><a class="details" href="${href}">Voir la fiche</a> <a href="mailto:signaler@annuaire-a.dz">Signaler</a></div>`;
}

/** A source's report: the given fields, its outcome, entries seen, and no entry dropped. */
function report_(fields: object, outcome: string, itemsSeen: number, dropped: object = {}): object {
  return { ...fields, outcome, items_seen: itemsSeen, items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0, ...dropped } };
}

function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

/** Directory A: listing pages (rel=next) linking to detail pages with JSON-LD (@graph, array) or text contacts. */
function siteA(other: string) {
  return (origin: string) => ({
    '/robots.txt': 'User-agent: *\nDisallow: /admin\nDisallow: /entreprise/prive\n',
    '/recherche?secteur=Conseil&wilaya=Alger&page=1': pageA(
      cardA('SARL Numidia Conseil', '/entreprise/numidia') +
        cardA('Atlas BTP', `${origin}/entreprise/atlas`) +
        cardA('Hors Site', `${other}/entreprise/hors-site`) +
        '<a rel="next" href="/recherche?secteur=Conseil&amp;wilaya=Alger&amp;page=2">Page suivante</a>',
    ),
    '/recherche?secteur=Conseil&wilaya=Alger&page=2': pageA(cardA('Tassili Import', '/entreprise/tassili') + cardA('Privé SARL', '/entreprise/prive')),
    '/entreprise/numidia': pageA(
      '<h1>SARL Numidia Conseil</h1><p>Cabinet de conseil.</p>',
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebSite', '@id': `${origin}/#site`, publisher: { '@id': `${origin}/#org` } },
          { '@type': 'Organization', '@id': `${origin}/#org`, name: 'Annuaire A', url: `${origin}/`, telephone: '021 99 88 77' },
          { '@type': 'ProfessionalService', name: 'SARL Numidia Conseil', telephone: '0550 12 34 56', email: 'contact@numidia-conseil.dz', knowsAbout: 'Conseil en management' },
        ],
      }),
    ),
    '/entreprise/atlas': pageA(
      '<h1>Atlas BTP</h1><p>Écrivez-nous : info [at] atlas-btp.dz</p>',
      jsonLd([{ '@context': 'https://schema.org', '@type': 'HomeAndConstructionBusiness', name: 'Atlas BTP', telephone: ['021 23 45 67', '0661 22 33 44'] }]),
    ),
    '/entreprise/tassili': pageA(
      `<h1>Tassili Import</h1><p>Tél : ٠٥٥٠ ١١ ٢٢ ٣٣</p>
       <p>E-mail : <a href="/cdn-cgi/l/email-protection" class="__cf_email__" data-cfemail="${cfEncode('ventes@tassili-import.dz', 0x3c)}">[email&#160;protected]</a></p>`,
    ),
    '/entreprise/prive': pageA('<h1>Privé SARL</h1><p>0661 00 00 01</p>'),
  });
}

/** Directory B: microdata cards, no item selector, pagination by a custom selector. */
const siteB = {
  '/annuaire/Alger/p1?q=Conseil': `<html><body><main>
    <div itemscope itemtype="https://schema.org/LocalBusiness"><h3 itemprop="name">Numidia Conseil</h3>
      <span itemprop="telephone">+213 (0)5 50 12 34 56</span> <span itemprop="email">Commercial@Numidia-Conseil.dz</span></div>
    <div itemscope itemtype="https://schema.org/LocalBusiness"><h3 itemprop="name">Djurdjura Services</h3>
      <a href="tel:0770123456">Appeler</a> <a href="mailto:djurdjura.services@gmail.com">Écrire</a></div>
    <a class="suivant" href="/annuaire/Alger/p2?q=Conseil">›</a></main>
    <footer><div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Annuaire B</span>
      <span itemprop="telephone">021 55 66 77</span></div></footer></body></html>`,
  '/annuaire/Alger/p2?q=Conseil': `<html><body>
    <div itemscope itemtype="https://schema.org/Store"><span itemprop="name">Oasis Logistique</span> Tél. <span itemprop="telephone">031.92.12.34</span></div>
    </body></html>`,
};

const fiche = (name: string, contacts: string) => `<article><h2>${name}</h2>${contacts}</article>`;

interface Fixture {
  a: Site;
  b: Site;
  blocked: Site;
  dead: Site;
  broken: Site;
  busy: Site;
  sources: SourceConfig[];
}

async function startFixture(): Promise<Fixture> {
  const b = await startSite(siteB);
  const a = await startSite(siteA(b.origin));
  const blocked = await startSite({ '/robots.txt': 'User-agent: *\nDisallow: /recherche\n', '/recherche?s=Conseil': fiche('Interdit', '0550 00 00 00') });
  const dead = await startSite({ '/robots.txt': never, '/recherche': never });
  const broken = await startSite({ '/recherche?wilaya=16': { status: 500, body: 'Internal Server Error' } });
  const busy = await startSite({
    '/recherche?wilaya=16': (_req, res, hit) => {
      if (hit === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end(fiche('Hoggar Tech', '<a href="mailto:contact@hoggar-tech.dz">mail</a>'));
    },
  });
  const sources = parseSources(`sources:
  - name: annuaire-a
    search_url: "${a.origin}/recherche?secteur={secteur}&wilaya={wilaya}&page={page}"
    selectors:
      item: "div.fiche"
      name: "h2"
      detail_link: "a.details"
  - name: annuaire-b
    search_url: "${b.origin}/annuaire/{wilaya}/p{page}?q={secteur}"
    max_pages: 3
    selectors:
      next_page: "a.suivant"
  - name: bloque
    search_url: "${blocked.origin}/recherche?s={secteur}"
  - name: muet
    search_url: "${dead.origin}/recherche"
  - name: panne
    search_url: "${broken.origin}/recherche?wilaya={wilaya_code}"
  - name: occupe
    search_url: "${busy.origin}/recherche?wilaya={wilaya_code}"
    selectors:
      item: article
`);
  return { a, b, blocked, dead, broken, busy, sources };
}

let fx: Fixture;
beforeEach(async () => {
  fx = await startFixture();
});
afterEach(async () => {
  await Promise.all([fx.a, fx.b, fx.blocked, fx.dead, fx.broken, fx.busy].map((s) => s.close()));
});

/** Timeouts are short, but not so short that a loaded CI machine makes a live fixture site look dead. */
function fetcher(timeoutMs = 1000): PoliteFetcher {
  return new PoliteFetcher({ userAgent: UA, timeoutMs, backoffMs: 20 });
}

test('a full run: companies merged across pages and sources, the report, and exactly the URLs fetched', async () => {
  const started = Date.now();
  // A deadline far above what the run needs: the run must end on its own (no source reported timeout).
  const { companies, report, fetched } = await runExtraction({ pages: testPageReader(), sources: fx.sources, secteur: 'Conseil', wilaya: ALGER, maxResults: 50, fetcher: fetcher(), deadlineMs: 15_000 });
  const elapsed = Date.now() - started;
  const { a, b, blocked, dead, broken, busy } = fx;

  // Each page a company was read from, with its source (provenance): the source whose site served it.
  const sourceAt = new Map(fx.sources.map((s) => [new URL(s.searchUrl.replace(/\{[a-z_]+\}/g, 'x')).origin, s.name]));
  for (const c of companies) expect(c.seenOn).toEqual(c.sourceUrls.map((url) => ({ source: sourceAt.get(new URL(url).origin), url })));
  expect(companies.map(({ seenOn: _seenOn, ...c }) => c)).toEqual([
    {
      name: 'SARL Numidia Conseil',
      wilayaCode: 16,
      activity: 'Conseil en management',
      // The two sources' e-mails; the phone written '0550 12 34 56' and '+213 (0)5 50 12 34 56' is one.
      emails: ['contact@numidia-conseil.dz', 'commercial@numidia-conseil.dz'],
      phones: ['+213550123456'],
      sources: ['annuaire-a', 'annuaire-b'],
      sourceUrls: [`${a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=1`, `${a.origin}/entreprise/numidia`, `${b.origin}/annuaire/Alger/p1?q=Conseil`],
      names: ['SARL Numidia Conseil', 'Numidia Conseil'],
    },
    {
      name: 'Atlas BTP',
      wilayaCode: 16,
      emails: ['info@atlas-btp.dz'],
      phones: ['+21321234567', '+213661223344'],
      sources: ['annuaire-a'],
      sourceUrls: [`${a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=1`, `${a.origin}/entreprise/atlas`],
      names: ['Atlas BTP'],
    },
    {
      // Its detail link is on another host: not followed, so no contact.
      name: 'Hors Site',
      wilayaCode: 16,
      emails: [],
      phones: [],
      sources: ['annuaire-a'],
      sourceUrls: [`${a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=1`],
      names: ['Hors Site'],
    },
    {
      name: 'Tassili Import',
      wilayaCode: 16,
      emails: ['ventes@tassili-import.dz'],
      phones: ['+213550112233'],
      sources: ['annuaire-a'],
      sourceUrls: [`${a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=2`, `${a.origin}/entreprise/tassili`],
      names: ['Tassili Import'],
    },
    {
      // Its detail page is disallowed by robots.txt: listed, not read.
      name: 'Privé SARL',
      wilayaCode: 16,
      emails: [],
      phones: [],
      sources: ['annuaire-a'],
      sourceUrls: [`${a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=2`, `${a.origin}/entreprise/prive`],
      names: ['Privé SARL'],
    },
    {
      name: 'Djurdjura Services',
      wilayaCode: 16,
      emails: ['djurdjura.services@gmail.com'],
      phones: ['+213770123456'],
      sources: ['annuaire-b'],
      sourceUrls: [`${b.origin}/annuaire/Alger/p1?q=Conseil`],
      names: ['Djurdjura Services'],
    },
    {
      name: 'Oasis Logistique',
      wilayaCode: 16,
      emails: [],
      phones: ['+21331921234'],
      sources: ['annuaire-b'],
      sourceUrls: [`${b.origin}/annuaire/Alger/p2?q=Conseil`],
      names: ['Oasis Logistique'],
    },
    {
      name: 'Hoggar Tech',
      wilayaCode: 16,
      emails: ['contact@hoggar-tech.dz'],
      phones: [],
      sources: ['occupe'],
      sourceUrls: [`${busy.origin}/recherche?wilaya=16`],
      names: ['Hoggar Tech'],
    },
  ]);

  // No directory contact (header, footer, "Signaler" link, the directory's own schema.org data) is anyone's.
  const contacts = companies.flatMap((c) => [...c.emails, ...c.phones]);
  for (const own of ['contact@annuaire-a.dz', 'support@annuaire-a.dz', 'signaler@annuaire-a.dz', '+21321998877', '+213770998877', '+21321556677']) {
    expect(contacts).not.toContain(own);
  }

  expect(report).toEqual([
    report_({ name: 'annuaire-a', status: 'ok', pages_read: 5, companies_found: 5 }, 'ok', 5),
    report_({ name: 'annuaire-b', status: 'ok', pages_read: 2, companies_found: 3 }, 'ok', 3),
    report_({ name: 'bloque', status: 'blocked', pages_read: 0, companies_found: 0, error: `disallowed by ${blocked.origin}/robots.txt (${blocked.origin}/recherche?s=Conseil)` }, 'failed', 0),
    report_({ name: 'muet', status: 'timeout', pages_read: 0, companies_found: 0, error: `robots.txt: no complete answer within 1000 ms (${dead.origin}/recherche)` }, 'failed', 0),
    report_({ name: 'panne', status: 'error', pages_read: 0, companies_found: 0, error: `answered 500 (${broken.origin}/recherche?wilaya=16)` }, 'failed', 0),
    report_({ name: 'occupe', status: 'ok', pages_read: 1, companies_found: 1 }, 'ok', 1),
  ]);

  // What each site received, in order (each source reads its pages one after the other)...
  expect(a.hits.slice(0, 3)).toEqual(['/robots.txt', '/recherche?secteur=Conseil&wilaya=Alger&page=1', '/recherche?secteur=Conseil&wilaya=Alger&page=2']);
  // ...then its detail pages, two at a time: a set. Not /entreprise/prive (robots.txt), not the other host's page.
  expect(new Set(a.hits.slice(3))).toEqual(new Set(['/entreprise/numidia', '/entreprise/atlas', '/entreprise/tassili']));
  expect(a.hits).toHaveLength(6);
  expect(b.hits).toEqual(['/robots.txt', '/annuaire/Alger/p1?q=Conseil', '/annuaire/Alger/p2?q=Conseil']);
  expect(blocked.hits).toEqual(['/robots.txt']);
  expect(dead.hits).toEqual(['/robots.txt']);
  expect(broken.hits).toEqual(['/robots.txt', '/recherche?wilaya=16', '/recherche?wilaya=16', '/recherche?wilaya=16']);
  expect(busy.hits).toEqual(['/robots.txt', '/recherche?wilaya=16', '/recherche?wilaya=16']);
  for (const s of [a, b, blocked, dead, broken, busy]) expect(new Set(s.userAgents)).toEqual(new Set([UA]));

  // The run's own list holds exactly those requests, as absolute URLs (sources interleave: a set of a multiset).
  const expected = [a, b, blocked, dead, broken, busy].flatMap((s) => s.hits.map((h) => `${s.origin}${h}`));
  expect([...fetched].sort()).toEqual(expected.sort());
  // And per source, the order is the order it sent them.
  for (const s of [a, b, broken, busy]) expect(fetched.filter((u) => u.startsWith(`${s.origin}/`)).map((u) => u.slice(s.origin.length))).toEqual(s.hits);

  // The 429 was honoured (Retry-After: 1) and the run did not wait for the deadline (15 s). A
  // loaded machine reads the pages slowly (10.1 s seen at a load of 15 on 2 cores): the bound is
  // the deadline's, not a speed target.
  expect(elapsed).toBeGreaterThanOrEqual(950);
  expect(elapsed).toBeLessThan(14_000);
});

test('a source that never answers does not hold the others: the run ends at the deadline, results kept', async () => {
  const [a, , , muet] = fx.sources;
  const started = Date.now();
  const { companies, report, fetched } = await runExtraction({
    pages: testPageReader(),
    sources: [muet, a],
    secteur: 'Conseil',
    wilaya: ALGER,
    maxResults: 50,
    fetcher: fetcher(10_000), // a timeout longer than the run: only the deadline stops the dead host
    deadlineMs: 1500,
  });
  const elapsed = Date.now() - started;
  // The promise of the issue: the run answers within its deadline + 5 s, whatever a source does.
  expect(elapsed).toBeGreaterThanOrEqual(1400);
  expect(elapsed).toBeLessThan(1500 + 5000);
  expect(report).toEqual([
    report_({ name: 'muet', status: 'timeout', pages_read: 0, companies_found: 0, error: `the run deadline was reached (${fx.dead.origin}/recherche)` }, 'failed', 0),
    report_({ name: 'annuaire-a', status: 'ok', pages_read: 5, companies_found: 5 }, 'ok', 5),
  ]);
  expect(companies.map((c) => c.name)).toEqual(['SARL Numidia Conseil', 'Atlas BTP', 'Hors Site', 'Tassili Import', 'Privé SARL']);
  expect(fetched.filter((u) => u.startsWith(fx.dead.origin))).toEqual([`${fx.dead.origin}/robots.txt`]);
});

test('the deadline cuts a source midway: what it read is kept, the source is reported timeout', async () => {
  const slowDetail = await startSite({
    '/liste': `<div class="f"><h2>Numidia Conseil</h2><a href="/fiche/1">fiche</a></div><div class="f"><h2>Atlas BTP</h2><p>0550 11 22 33</p></div>`,
    '/fiche/1': never,
  });
  try {
    const sources = parseSources(`sources:\n  - name: lent\n    search_url: "${slowDetail.origin}/liste"\n    selectors:\n      item: div.f\n      detail_link: a\n`);
    const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(10_000), deadlineMs: 1000 });
    expect(report).toEqual([report_({ name: 'lent', status: 'timeout', pages_read: 1, companies_found: 2, error: 'the run deadline was reached' }, 'partial', 2)]);
    expect(companies.map((c) => [c.name, c.phones])).toEqual([
      ['Numidia Conseil', []],
      ['Atlas BTP', ['+213550112233']],
    ]);
    expect(slowDetail.hits).toEqual(['/robots.txt', '/liste', '/fiche/1']);
  } finally {
    await slowDetail.close();
  }
});

test('a source stops early once it has maxResults companies: no second page, details of the first ones only', async () => {
  const [a] = fx.sources;
  const { companies, report, fetched } = await runExtraction({ pages: testPageReader(), sources: [a], secteur: 'Conseil', wilaya: ALGER, maxResults: 2, fetcher: fetcher(), deadlineMs: 3000 });
  expect(fetched.slice(0, 2)).toEqual([`${fx.a.origin}/robots.txt`, `${fx.a.origin}/recherche?secteur=Conseil&wilaya=Alger&page=1`]);
  expect(new Set(fetched.slice(2))).toEqual(new Set([`${fx.a.origin}/entreprise/numidia`, `${fx.a.origin}/entreprise/atlas`]));
  expect(fetched).toHaveLength(4);
  expect(report).toEqual([report_({ name: 'annuaire-a', status: 'ok', pages_read: 3, companies_found: 3 }, 'ok', 3)]);
  // The "Signaler" address in every card of the page is the directory's, even with one page read.
  expect(companies.map((c) => [c.name, c.emails])).toEqual([
    ['SARL Numidia Conseil', ['contact@numidia-conseil.dz']],
    ['Atlas BTP', ['info@atlas-btp.dz']],
    ['Hors Site', []],
  ]);
});

test('a later page failing keeps the source ok, with the failure noted', async () => {
  const s = await startSite({
    '/p1': `<div class="f"><h2>Numidia Conseil</h2>0550 12 34 56</div><a rel="next" href="/p2">2</a>`,
    '/p2': { status: 404 },
  });
  try {
    const sources = parseSources(`sources:\n  - name: s\n    search_url: "${s.origin}/p{page}"\n    selectors:\n      item: div.f\n`);
    const { report, fetched } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 2000 });
    expect(report).toEqual([report_({ name: 's', status: 'ok', pages_read: 1, companies_found: 1, error: `listing page 2: answered 404 (${s.origin}/p2)` }, 'partial', 1)]);
    expect(fetched).toEqual([`${s.origin}/robots.txt`, `${s.origin}/p1`, `${s.origin}/p2`]);
  } finally {
    await s.close();
  }
});

test('the report tells an empty source from one that gave companies, and counts the entries merged as duplicates', async () => {
  const s = await startSite({
    '/vide': `<main><p>Aucun résultat pour cette recherche.</p></main>`,
    '/liste': `<div class="f"><h2>Numidia Conseil</h2>0550 12 34 56</div><div class="f"><h2>Atlas BTP</h2>0661 22 33 44</div><div class="f"><h2>NUMIDIA conseil</h2>contact@numidia.dz</div>`,
  });
  try {
    const sources = parseSources(
      `sources:\n  - name: vide\n    search_url: "${s.origin}/vide"\n    selectors:\n      item: div.f\n` +
        `  - name: liste\n    search_url: "${s.origin}/liste"\n    selectors:\n      item: div.f\n`,
    );
    const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 3000 });
    expect(report).toEqual([
      report_({ name: 'vide', status: 'ok', pages_read: 1, companies_found: 0 }, 'empty', 0),
      report_({ name: 'liste', status: 'ok', pages_read: 1, companies_found: 2 }, 'ok', 3, { duplicate: 1 }),
    ]);
    expect(companies.map((c) => [c.name, c.emails, c.phones])).toEqual([
      ['Numidia Conseil', ['contact@numidia.dz'], ['+213550123456']],
      ['Atlas BTP', [], ['+213661223344']],
    ]);
  } finally {
    await s.close();
  }
});

describe('a directory read without selectors', () => {
  /** A page of a directory with its own contacts in the header, the sidebar and the footer. */
  const page = (body: string) => `<!doctype html><html><body>
    <header class="top"><a href="/">Annuaire DZ</a> Service client : 021 99 88 77</header>
    <main>${body}</main>
    <aside class="sidebar"><h3>Contactez-nous</h3><p>aide@annuaire-dz.com – 0770 99 88 77</p></aside>
    <footer>Annuaire DZ · contact [at] annuaire-dz [dot] com · 0550 99 88 77</footer></body></html>`;
  const NAMES = ['Numidia Conseil', 'Atlas Bâtiment', 'Tassili Import', 'Hodna Bois', 'Sahara Logistique', 'Oran Transit'];
  const FURNITURE = ['+21321998877', '+213770998877', '+213550998877', 'aide@annuaire-dz.com', 'contact@annuaire-dz.com'];

  test('cards with links, contacts on detail pages that all carry the directory\'s furniture: every company once, no furniture, no fax as a phone', async () => {
    const s = await startSite(() => ({
      '/annuaire?page=1': page(
        `<div class="results">${NAMES.map((n, i) => `<div class="card"><h3><a href="/e/${i}">${n}</a></h3><p>Alger</p></div>`).join('')}
         <div class="card sponsored"><h3><a href="/pub">Pub Béton</a></h3><p>Tél : 0661 00 00 01</p></div></div>`,
      ),
      ...Object.fromEntries(NAMES.map((n, i) => [`/e/${i}`, page(`<article><h1>${n}</h1><p>Tél : 0550 12 34 5${i} – Fax : 021 23 45 6${i}</p><p>contact${i}@societe${i}.dz</p></article>`)])),
    }));
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire?page={page}"\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual(NAMES.map((n, i) => [n, [`+21355012345${i}`], [`contact${i}@societe${i}.dz`]]));
      expect(companies.flatMap((c) => [...c.phones, ...c.emails]).filter((c) => FURNITURE.includes(c))).toEqual([]);
      expect(report).toEqual([report_({ name: 'dz', status: 'ok', pages_read: 7, companies_found: 6 }, 'ok', 7, { advertisement: 1 })]);
      expect(s.hits).not.toContain('/pub');
    } finally {
      await s.close();
    }
  });

  /** The listeners an event target allows before Node warns (Node's getMaxListeners throws for a target whose bound was lifted, 0). */
  const maxListeners = (target: AbortSignal) => {
    try {
      return getMaxListeners(target) || Number.POSITIVE_INFINITY;
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };

  test('thirty detail pages waiting for one reader thread: all read, and Node warns of no listener leak on the run\'s signal', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `Société ${String.fromCharCode(65 + (i % 26))}${i}`);
    const s = await startSite(() => ({
      '/annuaire?page=1': page(`<div class="results">${many.map((n, i) => `<div class="card"><h3><a href="/e/${i}">${n}</a></h3><p>Alger</p></div>`).join('')}</div>`),
      ...Object.fromEntries(many.map((n, i) => [`/e/${i}`, page(`<article><h1>${n}</h1><p>Tél : 0550 12 ${String(i).padStart(2, '0')} 56</p></article>`)])),
    }));
    const reader = new PageReader({ threads: 1 });
    // The pages wait with a listener each on the signal the run gives them (Node's warning goes to
    // the real process's stderr, out of a test's reach). The detail pages are held until fifteen
    // wait, then sent to the reader together (one thread: fourteen wait for it): the listeners on
    // the signal then, and the most that signal allows before Node warns of a leak.
    let most = 0;
    let allowed = Number.POSITIVE_INFINITY;
    const held: (() => void)[] = [];
    const pages = Object.assign(Object.create(reader) as PageReader, {
      read: (task: Parameters<PageReader['read']>[0], signal?: AbortSignal) => {
        if (task.kind !== 'detail' || !signal) return reader.read(task, signal);
        return new Promise<Awaited<ReturnType<PageReader['read']>>>((resolve, reject) => {
          held.push(() => void reader.read(task, signal).then(resolve, reject));
          if (held.length < 15) return;
          for (const go of held.splice(0)) go();
          most = Math.max(most, getEventListeners(signal, 'abort').length);
          allowed = Math.min(allowed, maxListeners(signal));
        });
      },
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire?page={page}"\n`);
      const { companies, report } = await runExtraction({ pages, sources, secteur: 'x', wilaya: ALGER, fetcher: new PoliteFetcher({ userAgent: UA, timeoutMs: 5000, backoffMs: 10, perHostConcurrency: 30 }), deadlineMs: 20_000 });
      expect(report).toEqual([report_({ name: 'dz', status: 'ok', pages_read: 31, companies_found: 30 }, 'ok', 30)]);
      expect(companies.map((c) => c.name).sort()).toEqual([...many].sort());
      expect(most).toBeGreaterThan(10);
      expect(most).toBeLessThanOrEqual(allowed);
    } finally {
      await reader.close();
      await s.close();
    }
  }, 30_000);

  test('a "load more" button, then JSON pages with a next link, read until the last', async () => {
    const s = await startSite({
      '/liste?page=1': page(`<ul class="entries"><li class="e"><h2>Numidia Conseil</h2><p>0550 12 34 56</p></li><li class="e"><h2>Atlas Bâtiment</h2><p>0661 22 33 44</p></li></ul>
        <button class="load-more" data-url="/api/entreprises?page=2">Voir plus</button>`),
      '/api/entreprises?page=2': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ nom: 'Tassili Import', telephone: '021 23 45 67' }, { nom: 'Hodna Bois', email: 'hodna@bois.dz' }], next: '/api/entreprises?page=3' }) },
      '/api/entreprises?page=3': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ nom: 'Oran Transit', telephone: '041 33 44 55' }], next: null }) },
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/liste?page={page}"\n    max_pages: 5\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => c.name)).toEqual(['Numidia Conseil', 'Atlas Bâtiment', 'Tassili Import', 'Hodna Bois', 'Oran Transit']);
      expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok', pages_read: 3, companies_found: 5 });
    } finally {
      await s.close();
    }
  });
});

describe('names cut on the grid', () => {
  test('the cut prefix and the full name that completes it', () => {
    expect(cutPrefix('Clinique Djurdjura de Bo…')).toBe('Clinique Djurdjura de Bo');
    expect(cutPrefix('Quincaillerie Es...')).toBe('Quincaillerie Es');
    expect(cutPrefix('Optique Lumière')).toBeUndefined();
    expect(cutPrefix('…')).toBeUndefined();
    expect(completedName('Grossiste électroménag…', 'Grossiste Electroménager Medina Jedida')).toBe('Grossiste Electroménager Medina Jedida');
    expect(completedName('Quincaillerie Es...', 'Quincaillerie Es Senia')).toBe('Quincaillerie Es Senia');
    // Not a completion: another name, a name not cut, a detail page without a name.
    expect(completedName('Quincaillerie Es...', 'Droguerie Es Senia')).toBeUndefined();
    expect(completedName('Quincaillerie Es Senia', 'Quincaillerie Es Senia Centre')).toBeUndefined();
    expect(completedName('Quincaillerie Es...', '')).toBeUndefined();
  });

  test('two cards cut to the same prefix are two companies, each named by its own page', async () => {
    const s = await startSite({
      '/liste?page=1': `<ul class="grid">
        <li class="c"><h3><a href="/f/1">Quincaillerie Es...</a></h3><p>041 33 21 09</p></li>
        <li class="c"><h3><a href="/f/2">Quincaillerie Es...</a></h3><p>041 52 14 77</p></li>
        <li class="c"><h3><a href="/f/3">Droguerie El…</a></h3><p>041 52 14 99</p></li></ul>`,
      '/f/1': '<main><h1>Quincaillerie Es Seddikia</h1><p>Tél : 041 33 21 09</p><p>Mobile : 0770 45 12 98</p></main>',
      '/f/2': '<main><h1>Quincaillerie Es Senia</h1><p>Tél : 041 52 14 77</p></main>',
      // A detail page that does not complete the cut name leaves it as the grid wrote it.
      '/f/3': '<main><h1>Magasin Bouzid</h1><p>Tél : 041 52 14 99</p></main>',
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/liste?page={page}"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones])).toEqual([
        ['Quincaillerie Es Seddikia', ['+21341332109', '+213770451298']],
        ['Quincaillerie Es Senia', ['+21341521477']],
        ['Droguerie El…', ['+21341521499']],
      ]);
    } finally {
      await s.close();
    }
  });
});

test('a detail page of many branches keeps its contacts once the sidebar repeated on every detail page is set aside', async () => {
  const partners = '<aside class="partenaires"><h3>Annuaires partenaires</h3><p>027 69 15 76</p><p>041 57 60 92</p><p>0698 06 98 61</p></aside>';
  const s = await startSite({
    '/agences?page=1': `<ul class="liste">${[1, 2, 3].map((i) => `<li class="a"><h2><a href="/agence/${i}">Agence ${['Mina', 'Oued Rhiou', 'Zemmora'][i - 1]}</a></h2><p>046 70 00 0${i}</p></li>`).join('')}</ul>`,
    '/agence/1': `<main><h1>Agence Mina</h1>${['Siège', 'Agence de Oued Rhiou', 'Agence de Mazouna'].map((b, i) => `<section><h2>${b}</h2><p>Tél : 046 34 23 4${i}</p><p>Mobile : 0791 55 18 5${i}</p></section>`).join('')}<p>agence.mina@yahoo.fr</p><p>mina.immo@gmail.com</p></main>${partners}`,
    '/agence/2': `<main><h1>Agence Oued Rhiou</h1><p>Tél : 046 37 63 78</p></main>${partners}`,
    '/agence/3': `<main><h1>Agence Zemmora</h1><p>Tél : 046 14 16 08</p></main>${partners}`,
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/agences?page={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    const mina = companies.find((c) => c.name === 'Agence Mina')!;
    expect(mina.phones.sort()).toEqual(['+21346700001', '+21346342340', '+21346342341', '+21346342342', '+213791551850', '+213791551851', '+213791551852'].sort());
    expect(mina.emails.sort()).toEqual(['agence.mina@yahoo.fr', 'mina.immo@gmail.com']);
    expect(companies.flatMap((c) => c.phones)).not.toContain('+21327691576');
  } finally {
    await s.close();
  }
});

test("names with a count each, 'X (2)', are companies when their own pages name them; a menu of categories with counts, whose pages list others, gives none", async () => {
  const employers = [['Sarl Tizi Soft', 'tizi-soft', '026 11 22 33'], ['Kabylie Réseaux', 'kabylie-reseaux', ''], ['Djurdjura Web', 'djurdjura-web', '0550 44 55 66']];
  const employer = ([name, slug, phone]: string[]) => [`/employeurs/${slug}/`, `<main><h1>${name}</h1><h2>2 offres d'emploi</h2><ul class="offres"><li><a href="/offre/dev-${slug}/">Développeur</a></li></ul>${phone ? `<p>Téléphone : ${phone}</p>` : ''}</main>`];
  const card = (name: string, phone: string) => `<div class="fiche"><h3>${name}</h3><p>Tél : ${phone}</p></div>`;
  const s = await startSite({
    '/employeurs/': `<main><h1>Ils recrutent</h1><ul class="index">${employers.map(([name, slug], i) => `<li><a href="/employeurs/${slug}/">${name}</a> (${i + 1})</li>`).join('')}</ul></main>`,
    ...Object.fromEntries(employers.map(employer)),
    '/secteurs/': `<main><h1>Secteurs</h1><ul class="index">${['Bâtiment', 'Transport', 'Commerce'].map((n) => `<li><a href="/secteur/${n.toLowerCase()}/">${n}</a> (2)</li>`).join('')}</ul></main>`,
    '/secteur/bâtiment/': `<main><h1>Bâtiment</h1>${card('Sarl Amrani BTP', '026 20 30 40')}${card('Eurl Tizi Béton', '026 20 30 41')}${card('Ets Ouali', '026 20 30 42')}</main>`,
    '/secteur/transport/': `<main><h1>Transport</h1>${card('Trans Kabylie', '026 20 30 43')}${card('Ets Hamdi Transport', '026 20 30 44')}${card('Sarl Rapide', '026 20 30 45')}</main>`,
    '/secteur/commerce/': `<main><h1>Commerce</h1>${card('Ets Lounis', '026 20 30 46')}${card('Sarl Tafat', '026 20 30 47')}${card('Bazar Meziane', '026 20 30 48')}</main>`,
  });
  try {
    const run = async (path: string) => runExtraction({ pages: testPageReader(), sources: parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}${path}"\n`), secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    const employed = await run('/employeurs/');
    expect(employed.companies.map((c) => [c.name, c.phones])).toEqual([
      ['Sarl Tizi Soft', ['+21326112233']],
      ['Kabylie Réseaux', []],
      ['Djurdjura Web', ['+213550445566']],
    ]);
    // (Never a negative count: these names are more companies than the list's entries gave.)
    expect([employed.report[0].items_seen, employed.report[0].items_dropped]).toEqual([3, { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 }]);
    // The categories are seen and dropped as no company, in the source's report.
    const categories = await run('/secteurs/');
    expect(categories.companies).toEqual([]);
    expect([categories.report[0].outcome, categories.report[0].items_seen, categories.report[0].items_dropped]).toEqual(['empty', 3, { no_name: 0, invalid_name: 0, not_a_company: 3, advertisement: 0, duplicate: 0 }]);
  } finally {
    await s.close();
  }
});

test("a company named with its count of offers, 'X (2)', whose page shows no e-mail and lists them has the offers' pages read: how to apply is written there; the board's own address on every offer is none of theirs", async () => {
  const firms = [['Sarl Tizi Soft', 'tizi-soft'], ['Kabylie Réseaux', 'kabylie-reseaux'], ['Djurdjura Web', 'djurdjura-web']];
  const board = '<p class="note">Un souci ? support@emploi-kabylie.test</p>';
  const pages: Record<string, string> = {
    '/recruteurs?page=1': `<main><h1>Recruteurs</h1><ul>${firms.map(([name, slug]) => `<li><a href="/recruteur/${slug}/">${name}</a> (2)</li>`).join('')}</ul></main>`,
    // The same pages listed as plain cards: no count names their offers, which are not read.
    '/cartes?page=1': `<main><h1>Recruteurs</h1>${firms.map(([name, slug]) => `<div class="recruteur"><h3><a href="/recruteur/${slug}/">${name}</a></h3><p>Informatique, Tizi Ouzou</p></div>`).join('')}</main>`,
  };
  firms.forEach(([name, slug], i) => {
    pages[`/recruteur/${slug}/`] = `<main><h1>${name}</h1><p>Tél. 026 11 22 3${i}</p><ul class="offres">${['dev', 'admin'].map((job) => `<li class="offre"><a href="/offre/${job}-${slug}/"><h3>Poste ${job}</h3><span class="entreprise">${name}</span></a></li>`).join('')}</ul></main>`;
    for (const job of ['dev', 'admin']) pages[`/offre/${job}-${slug}/`] = `<main><h1>Poste ${job}</h1><p>Envoyez votre CV à ${job}@${slug}.test – Renseignements : 0550 00 0${i} ${job === 'dev' ? '11' : '22'}</p>${board}</main>`;
  });
  const s = await startSite(pages);
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/recruteurs?page={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    expect(companies.map((c) => [c.name, [...c.emails].sort(), [...c.phones].sort()])).toEqual(
      firms.map(([name, slug], i) => [name, [`admin@${slug}.test`, `dev@${slug}.test`], [`+2132611223${i}`, `+213550000${i}11`, `+213550000${i}22`].sort()]),
    );
    const cards = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/cartes?page={page}"\n`);
    expect((await runExtraction({ pages: testPageReader(), sources: cards, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 })).companies.map((c) => [c.name, c.emails])).toEqual(firms.map(([name]) => [name, []]));
  } finally {
    await s.close();
  }
});

test('a top bar written as a plain div, on every detail page: its number reaches no company, not even one whose page shows no contact of its own', async () => {
  // The bar has no header tag, class or role: only its place on every page tells it is the directory's.
  const page = (body: string) => `<!doctype html><html><body><div class="gap-2">Guide Bône Pro · Assistance : 038 40 00 11</div><div class="grid">${body}</div><div class="relative">Guide Bône Pro</div></body></html>`;
  const names = ['Seybouse Logistique', 'Edough Express', 'Déménagements Bouzaroura', 'Taxi Colis Menadia'];
  const s = await startSite({
    '/liste?page=1': page(`<ul>${names.map((n, i) => `<li><a href="/pro/${i}">${n}</a><span>Annaba</span><span>${i === 2 ? 'Numéro non communiqué' : `☎ 0550 31 62 0${i}`}</span></li>`).join('')}</ul>`),
    ...Object.fromEntries(names.map((n, i) => [`/pro/${i}`, page(`<div itemscope itemtype="https://schema.org/MovingCompany"><h1 itemprop="name">${n}</h1><p>Transport</p>${i === 2 ? '<p>Ce professionnel n\'a pas encore complété sa fiche.</p>' : `<p>Tél : <span itemprop="telephone">0550 31 62 0${i}</span></p>`}</div>`)])),
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/liste?page={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    expect(companies.map((c) => [c.name, c.phones])).toEqual(names.map((n, i) => [n, i === 2 ? [] : [`+21355031620${i}`]]));
  } finally {
    await s.close();
  }
});

test("a directory's floating WhatsApp button on every detail page reaches no company, not even one that shows no number of its own (the others' numbers given by schema.org)", async () => {
  const page = (body: string) => `<!doctype html><html><body><main>${body}</main><a class="float-btn" href="https://wa.me/213770445566?text=Bonjour">Écrivez-nous</a></body></html>`;
  const names = ['Imprimerie Tafna', 'Menuiserie Sebdou', 'Atelier Nedroma', 'Garage Remchi'];
  const s = await startSite({
    '/pros?page=1': page(`<ul>${names.map((n, i) => `<li><h2><a href="/pro/${i}">${n}</a></h2><p>Tlemcen</p><p>${i === 1 ? 'Numéro non communiqué' : `0550 44 33 0${i}`}</p></li>`).join('')}</ul>`),
    ...Object.fromEntries(names.map((n, i) => [`/pro/${i}`, page(`<div itemscope itemtype="https://schema.org/LocalBusiness"><h1 itemprop="name">${n}</h1>${i === 1 ? '<p>Coordonnées non renseignées.</p>' : `<p itemprop="telephone">0550 44 33 0${i}</p>`}</div>`)])),
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/pros?page={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    expect(companies.map((c) => [c.name, c.phones])).toEqual(names.map((n, i) => [n, i === 1 ? [] : [`+21355044330${i}`]]));
  } finally {
    await s.close();
  }
});

describe('lists loaded after the page: a lazy Turbo Frame, an htmx fragment', () => {
  const layout = (main: string) => `<!DOCTYPE html><html><head><title>Annuaire BTP</title><meta name="turbo-cache-control" content="no-preview"></head><body><header>Annuaire — 021 99 88 77</header><main>${main}</main><footer>contact@annuaire.test</footer></body></html>`;
  const card = (name: string, phone: string) => `<article class="entreprise"><h3>${name}</h3><p class="ville">Blida</p><p>Tél. ${phone}</p></article>`;

  test("a Rails page whose list is a lazy Turbo Frame: the frame's page is read as the list, and its next page after it", async () => {
    const s = await startSite({
      '/secteurs/btp': layout('<h1>BTP</h1><turbo-frame id="entreprises" src="/secteurs/btp/entreprises" loading="lazy"><p>Chargement…</p></turbo-frame>'),
      '/secteurs/btp/entreprises': layout(`<turbo-frame id="entreprises">${card('Numidia Bâtiment', '025 41 00 01')}${card('Atlas Travaux', '0550 12 00 02')}${card('Tafna Génie Civil', '025 41 00 03')}<nav class="pagy"><a href="/secteurs/btp/entreprises?page=2" rel="next">Suivant</a></nav></turbo-frame>`),
      '/secteurs/btp/entreprises?page=2': layout(`<turbo-frame id="entreprises">${card('Chréa Construction', '025 41 00 04')}${card('Mitidja Routes', '0661 00 00 05')}</turbo-frame>`),
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/secteurs/btp"\n    max_pages: 5\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones])).toEqual([
        ['Numidia Bâtiment', ['+21325410001']],
        ['Atlas Travaux', ['+213550120002']],
        ['Tafna Génie Civil', ['+21325410003']],
        ['Chréa Construction', ['+21325410004']],
        ['Mitidja Routes', ['+213661000005']],
      ]);
      expect(s.hits.filter((h) => h !== '/robots.txt')).toEqual(['/secteurs/btp', '/secteurs/btp/entreprises', '/secteurs/btp/entreprises?page=2']);
      expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok', pages_read: 3, companies_found: 5 });
    } finally {
      await s.close();
    }
  });

  test('a page whose list an htmx element loads on load: the fragment answered (cards alone, no page around them) is read as the list', async () => {
    const s = await startSite({
      '/annuaire': layout('<h1>Entreprises</h1><div id="liste" hx-get="/annuaire/liste?page=1" hx-trigger="load"><span class="htmx-indicator">Chargement…</span></div>'),
      '/annuaire/liste?page=1': `${card('Numidia Bâtiment', '025 41 00 01')}${card('Atlas Travaux', '0550 12 00 02')}${card('Tafna Génie Civil', '025 41 00 03')}`,
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones])).toEqual([
        ['Numidia Bâtiment', ['+21325410001']],
        ['Atlas Travaux', ['+213550120002']],
        ['Tafna Génie Civil', ['+21325410003']],
      ]);
    } finally {
      await s.close();
    }
  });
});

describe('Gatsby pages whose listing is only in page-data.json', () => {
  const shell = (preload: string) => `<!DOCTYPE html><html><head><meta name="generator" content="Gatsby 5.13.3"/>${preload}</head><body><div id="___gatsby"><header>Annuaire — 021 99 88 77</header><main><div class="skeleton"></div></main></div></body></html>`;
  const data = (records: object[], next = '') => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/', result: { data: { allEntreprise: { nodes: records } }, pageContext: { nextPagePath: next } } }) });
  const routes = (robots: string) => ({
    '/robots.txt': robots,
    '/annuaire/': shell('<link rel="preload" as="fetch" href="/page-data/annuaire/page-data.json" crossorigin="anonymous"/>'),
    '/page-data/annuaire/page-data.json': data([{ nom: 'Numidia Conseil', contact: { telephone: '0550 12 34 56', fax: '021 23 45 67' } }, { nom: 'Atlas Bâtiment', contact: { email: 'atlas@batiment.dz' } }], '/annuaire/2/'),
    '/annuaire/2/': shell(''),
    '/page-data/annuaire/2/page-data.json': data([{ nom: 'Oran Transit', contact: { telephone: '041 33 44 55' } }]),
  });

  test('each page’s data file is fetched after the page and read as its listing; the next page comes from the data', async () => {
    const s = await startSite(routes('User-agent: *\nDisallow: /admin\n'));
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire/"\n    max_pages: 5\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([['Numidia Conseil', ['+213550123456'], []], ['Atlas Bâtiment', [], ['atlas@batiment.dz']], ['Oran Transit', ['+21341334455'], []]]);
      expect(s.hits).toEqual(['/robots.txt', '/annuaire/', '/page-data/annuaire/page-data.json', '/annuaire/2/', '/page-data/annuaire/2/page-data.json']);
      expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok', pages_read: 4, companies_found: 3 });
    } finally {
      await s.close();
    }
  });

  test('a data file robots.txt disallows is never fetched: the source is empty', async () => {
    const s = await startSite(routes('User-agent: *\nDisallow: /page-data/\n'));
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/annuaire/"\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies).toEqual([]);
      expect(s.hits.filter((h) => h.startsWith('/page-data/'))).toEqual([]);
      expect(report[0]).toMatchObject({ status: 'ok', outcome: 'empty', pages_read: 1, companies_found: 0 });
    } finally {
      await s.close();
    }
  });
});

test('a list filled on the client: the endpoint its empty container names is read as the page (after the company the page shows), then its pages by number until the last', async () => {
  const json = (body: object) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const s = await startSite({
    '/robots.txt': 'User-agent: *\nDisallow: /admin\n',
    '/ecoles': '<!doctype html><html><body><header>Annuaire — 032 20 44 10</header><main><h1>Écoles</h1><div class="une"><div class="une-item"><b>Académie numérique El Oued</b><p>Tél : 032 21 10 20</p></div><div class="une-item"><b>Institut Souf Formation</b><p>Mobile : 0661 23 45 67</p></div></div><ol class="liste" data-controller="annuaire" data-annuaire-url-value="/api/ecoles.json?w=39&amp;page=1"><li>Chargement…</li></ol></main></body></html>',
    '/api/ecoles.json?w=39&page=1': json({ ecoles: [{ raison_sociale: 'Institut Souf Formation', coordonnees: { tel_mobile: '0661 23 45 67' } }, { raison_sociale: 'Souf Immobilier', publicite: true, coordonnees: { tel_mobile: '0770 11 52 98' } }], meta: { page: 1, pages: 2 } }),
    '/api/ecoles.json?w=39&page=2': json({ ecoles: [{ raison_sociale: 'École privée Ennour', coordonnees: { courriel_inscriptions: 'inscriptions@ennour.dz' } }], meta: { page: 2, pages: 2 } }),
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/ecoles"\n    max_pages: 5\n`);
    const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    expect(companies.map((c) => [c.name, c.phones, c.emails])).toEqual([['Académie numérique El Oued', ['+21332211020'], []], ['Institut Souf Formation', ['+213661234567'], []], ['École privée Ennour', [], ['inscriptions@ennour.dz']]]);
    expect(s.hits).toEqual(['/robots.txt', '/ecoles', '/api/ecoles.json?w=39&page=1', '/api/ecoles.json?w=39&page=2']);
    expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok', pages_read: 3, companies_found: 3, items_dropped: { advertisement: 1 } });
  } finally {
    await s.close();
  }
});

describe('pages read in worker threads with a budget', () => {
  const readers: PageReader[] = [];
  afterAll(async () => {
    for (const r of readers) await r.close();
  });

  test('a page over its budget is dropped and named in its source report; the run goes on and the other source gives its companies', async () => {
    const hostile = await startSite({
      '/p1': `<div class="f"><h2>Piège SARL</h2>0550 00 00 01</div><a rel="next" href="/p2">2</a>`,
      '/p2': `<div class="f"><h2>Boucle SARL</h2>0550 00 00 02</div><!-- spin -->`,
    });
    const sane = await startSite({ '/p1': `<div class="f"><h2>Numidia Conseil</h2>0550 12 34 56</div>` });
    const pages = new PageReader({ threads: 1, budgetMs: 2_000, workerFile: path.join(__dirname, 'workers', 'spinning.cjs') });
    readers.push(pages);
    try {
      const sources = parseSources(
        `sources:\n  - name: hostile\n    search_url: "${hostile.origin}/p{page}"\n    selectors:\n      item: div.f\n` +
          `  - name: sane\n    search_url: "${sane.origin}/p{page}"\n    selectors:\n      item: div.f\n`,
      );
      const started = Date.now();
      const { companies, report } = await runExtraction({ sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 10_000, pages });

      expect(Date.now() - started).toBeLessThan(10_000);
      expect(report).toEqual([
        {
          name: 'hostile',
          status: 'ok',
          pages_read: 1,
          companies_found: 1,
          error: `listing page 2: a page took too long to read (${hostile.origin}/p2)`,
          pages_dropped: [{ url: `${hostile.origin}/p2`, reason: 'over_budget' }],
          outcome: 'partial',
          items_seen: 1,
          items_dropped: { no_name: 0, invalid_name: 0, not_a_company: 0, advertisement: 0, duplicate: 0 },
        },
        report_({ name: 'sane', status: 'ok', pages_read: 1, companies_found: 1 }, 'ok', 1),
      ]);
      expect(companies.map((c) => [c.name, c.phones])).toEqual([
        ['Piège SARL', ['+213550000001']],
        ['Numidia Conseil', ['+213550123456']],
      ]);
    } finally {
      await hostile.close();
      await sane.close();
    }
  });

  test('the deadline ends a page being read: the source is reported timeout and the run answers at its deadline', async () => {
    const slow = await startSite({ '/p1': `<div class="f"><h2>Boucle SARL</h2></div><!-- spin -->` });
    const pages = new PageReader({ threads: 1, budgetMs: 60_000, workerFile: path.join(__dirname, 'workers', 'spinning.cjs') });
    readers.push(pages);
    try {
      const sources = parseSources(`sources:\n  - name: slow\n    search_url: "${slow.origin}/p{page}"\n    selectors:\n      item: div.f\n`);
      const started = Date.now();
      const { companies, report } = await runExtraction({ sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 1_000, pages });

      expect(Date.now() - started).toBeLessThan(1_000 + 5_000); // within the deadline + 5 s
      expect(report).toEqual([report_({ name: 'slow', status: 'timeout', pages_read: 0, companies_found: 0, error: 'the run deadline was reached' }, 'failed', 0)]);
      expect(companies).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});

describe("a map's data layers", () => {
  test('every layer a map page names is fetched and read as a page of its own; a layer is no page of the pagination', async () => {
    const json = (body: object) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const point = (name: string, description: string) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [2.1, 36.5] }, properties: { name, description } });
    const s = await startSite({
      '/robots.txt': 'User-agent: *\nDisallow: /admin\n',
      '/carte/artisans_55': '<!doctype html><html><body><div id="map"></div><script>new U.Map("map", {"properties": {"umap_id": 55, "datalayers": [{"id": "x1"}, {"id": "x2"}], "urls": {"datalayer_view": "/datalayer/{map_id}/{pk}/"}}})</script></body></html>',
      '/datalayer/55/x1/': json({ type: 'FeatureCollection', features: [point('Poterie Chenoua', 'Tél : 024 46 10 10'), point('Atelier Cherchell', 'Mob : 0661 10 20 30')] }),
      '/datalayer/55/x2/': json({ type: 'FeatureCollection', features: [point('Tissage Hadjout', 'E-mail : tissage@hadjout.dz')] }),
    });
    try {
      const sources = parseSources(`sources:\n  - name: carte\n    search_url: "${s.origin}/carte/artisans_55"\n    max_pages: 1\n`);
      const { companies, report } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => c.name)).toEqual(['Poterie Chenoua', 'Atelier Cherchell', 'Tissage Hadjout']);
      expect(report[0]).toMatchObject({ status: 'ok', outcome: 'ok', pages_read: 3, companies_found: 3 });
    } finally {
      await s.close();
    }
  });
});

test("a detail page two differently-named entries link to is the page of the one it names: the other keeps its own contacts only", async () => {
  // The directory's ids collide: an entry of page 1 links the page of an entry of page 2.
  const card = (name: string, id: number, tel: string) => `<div class="cell"><h3><a href="/fiche/${id}">${name}</a></h3><p>Tél.: ${tel}</p></div>`;
  const fiche = (name: string, mobile: string, email: string) => `<!doctype html><html><body><main><h1>${name}</h1><p>Mobile : ${mobile}</p><p>E-mail : <a href="mailto:${email}">${email}</a></p></main></body></html>`;
  const s = await startSite({
    '/cat?site=1': `<div class="list">${card('SNC Bonneterie Grarem', 7, '031 91 53 13')}${card('Atelier Tissage Ferdjioua', 2, '031 69 26 91')}${card('SARL Broderie Mila', 3, '031 86 22 53')}</div><a href="/cat?site=2">Suivant</a>`,
    '/cat?site=2': `<div class="list">${card('SNC Literie Milev', 7, '031 99 42 74')}${card('SARL Textiles Tadjenanet', 5, '031 80 14 63')}${card('EURL Couture Oued Endja', 6, '031 48 21 40')}</div>`,
    '/fiche/7': fiche('SNC Literie Milev', '0554 68 75 62', 'admin@literiemilev.dz'),
    '/fiche/2': fiche('Atelier Tissage Ferdjioua', '0671 41 55 46', 'admin@tissageferdjioua.dz'),
    '/fiche/3': fiche('SARL Broderie Mila', '0777 00 00 42', 'info@broderiemila.dz'),
    '/fiche/5': fiche('SARL Textiles Tadjenanet', '0798 86 85 10', 'contact@textilestadj.dz'),
    '/fiche/6': fiche('EURL Couture Oued Endja', '0798 70 66 25', 'direction@coutureoe.dz'),
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/cat?site={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    const of = (n: string) => companies.find((c) => c.name === n)!;
    expect([of('SNC Bonneterie Grarem').phones, of('SNC Bonneterie Grarem').emails]).toEqual([['+21331915313'], []]);
    expect([of('SNC Literie Milev').phones, of('SNC Literie Milev').emails]).toEqual([['+21331994274', '+213554687562'], ['admin@literiemilev.dz']]);
    expect(of('Atelier Tissage Ferdjioua').emails).toEqual(['admin@tissageferdjioua.dz']);
  } finally {
    await s.close();
  }
});

test("a firm listed as its head office and its branches, the branches repeating the head office's switchboard: the number is the head office's only, on every page it is shown", async () => {
  // The head office and one branch on page 1, another branch on page 2: the switchboard is on every listing page, carried by one firm's offices.
  const card = (name: string, id: number, lines: string) => `<div class="entry"><h3><a href="/fiche/${id}">${name}</a></h3><p>${lines}</p></div>`;
  const fiche = (name: string, lines: string) => `<!doctype html><html><body><main><h1>${name}</h1><dl>${lines}</dl></main></body></html>`;
  const s = await startSite({
    '/liste?p=1': `<div class="list">${card('Hodna Frigo Services Siège M\'Sila', 1, 'Tél : 035 55 12 12')}${card('Hodna Frigo Services Agence Bou Saâda', 2, 'Tél : 035 52 40 41 — Standard du groupe : 035 55 12 12')}${card('Menuiserie Zerrouki', 3, 'Tél : 035 51 77 01')}</div><a href="/liste?p=2">Suivant</a>`,
    '/liste?p=2': `<div class="list">${card('Hodna Frigo Services Agence Sidi Aïssa', 4, 'Mob : 0661 45 12 90 — Standard du groupe : 035 55 12 12')}${card('Boulangerie Ennour', 5, 'Tél : 035 53 20 20')}${card('Tôlerie Ben Salem', 6, 'Mob : 0770 12 34 56')}</div>`,
    '/fiche/1': fiche('Hodna Frigo Services Siège M\'Sila', '<dt>Téléphone</dt><dd>035 55 12 12</dd><dt>E-mail</dt><dd>hodnafrigo@gmail.com</dd>'),
    '/fiche/2': fiche('Hodna Frigo Services Agence Bou Saâda', '<dt>Téléphone</dt><dd>035 52 40 41</dd><dt>Standard</dt><dd>Standard du siège : 035 55 12 12</dd>'),
    '/fiche/3': fiche('Menuiserie Zerrouki', '<dt>Téléphone</dt><dd>035 51 77 01</dd>'),
    '/fiche/4': fiche('Hodna Frigo Services Agence Sidi Aïssa', '<dt>Mobile</dt><dd>0661 45 12 90</dd><dt>Standard</dt><dd>Standard du siège : 035 55 12 12</dd>'),
    '/fiche/5': fiche('Boulangerie Ennour', '<dt>Téléphone</dt><dd>035 53 20 20</dd>'),
    '/fiche/6': fiche('Tôlerie Ben Salem', '<dt>Mobile</dt><dd>0770 12 34 56</dd>'),
  });
  try {
    const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/liste?p={page}"\n`);
    const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
    const of = (n: string) => companies.find((c) => c.name === n)!;
    expect(of("Hodna Frigo Services Siège M'Sila").phones).toEqual(['+21335551212']);
    expect(of('Hodna Frigo Services Agence Bou Saâda').phones).toEqual(['+21335524041']);
    expect(of('Hodna Frigo Services Agence Sidi Aïssa').phones).toEqual(['+213661451290']);
    expect(companies).toHaveLength(6);
  } finally {
    await s.close();
  }
});

describe('a document exported in several files', () => {
  const sheet = (rows: string[][]) => `<html><body><table border=0 cellpadding=0 cellspacing=0><tr><td class=xl66>Raison sociale</td><td class=xl66>Tél</td><td class=xl66>E-mail</td></tr>${rows.map((r) => `<tr>${r.map((c) => `<td class=xl68>${c}</td>`).join('')}</tr>`).join('')}</table></body></html>`;

  test("a workbook saved as a web page: every sheet it names is read, each as a page of its own, also when the workbook is reached as another page's data", async () => {
    const workbook = `<html><head><meta name="Excel Workbook Frameset"><link id="shLink" href="liste_files/sheet001.htm"><link id="shLink" href="liste_files/sheet002.htm"></head><frameset rows="*,39"><frame src="liste_files/sheet001.htm" name="frSheet"><frame src="liste_files/tabstrip.htm" name="frTabs"></frameset></html>`;
    const s = await startSite({
      '/docs/liste.htm': workbook,
      '/docs/liste_files/sheet001.htm': sheet([['SARL Djemila BTPH', '036 78 61 09', 'direction@djemila.dz'], ['ETB Ferhat Nabil', '036 88 10 82', 'ferhat@hotmail.com']]),
      '/docs/liste_files/sheet002.htm': sheet([['SARL Guedjal TP', '0790 36 39 50', 'info@guedjal.dz'], ['EURL Amoucha Béton', '036 43 71 82', 'amoucha@beton.dz']]),
      '/docs/liste_files/tabstrip.htm': '<html><body><a href="sheet001.htm" target="frSheet">Feuil1</a> <a href="sheet002.htm" target="frSheet">Feuil2</a></body></html>',
      // A page that frames the workbook: the workbook is its data, the workbook's sheets read after it.
      '/annuaire.htm': '<html><body><h1>Entreprises qualifiées</h1><iframe src="/docs/liste.htm" width="900" height="700"></iframe></body></html>',
    });
    try {
      for (const start of ['/docs/liste.htm', '/annuaire.htm']) {
        const sources = parseSources(`sources:\n  - name: classeur\n    search_url: "${s.origin}${start}"\n    max_pages: 1\n`);
        const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
        expect(companies.map((c) => c.name).sort()).toEqual(['ETB Ferhat Nabil', 'EURL Amoucha Béton', 'SARL Djemila BTPH', 'SARL Guedjal TP']);
      }
    } finally {
      await s.close();
    }
  });

  test("a PDF converted with pdftohtml's frames: the first page, then every page its outline frame names, each read once", async () => {
    const page = (n: number, rows: [string, string][]) =>
      `<html><head><title>Page ${n}</title></head><body><div id="page${n}-div" style="position:relative;width:900px;height:700px;">${rows
        .map(([name, tel], i) => `<p style="position:absolute;top:${100 + i * 40}px;left:60px;white-space:nowrap" class="ft1"><b>${name}</b></p><p style="position:absolute;top:${116 + i * 40}px;left:60px;white-space:nowrap" class="ft2">Tél : ${tel}</p>`)
        .join('')}</div></body></html>`;
    const s = await startSite({
      '/up/liste.html': '<html><head><meta name="generator" content="pdftohtml 0.36"/></head><frameset cols="100,*"><frame name="links" src="liste_ind.html"/><frame name="contents" src="liste-1.html"/></frameset></html>',
      '/up/liste_ind.html': '<html><body><a href="liste-1.html" target="contents" >Page 1</a><br/><a href="liste-2.html" target="contents" >Page 2</a><br/></body></html>',
      '/up/liste-1.html': page(1, [['SARL Laiterie Hachem', '045 52 64 65'], ['EURL Moulin Ghriss', '045 82 93 24'], ['SARL Conserverie Sig', '045 52 06 95']]),
      '/up/liste-2.html': page(2, [['SARL Huilerie Tighennif', '0661 74 27 89'], ['EURL Miel Sidi Kada', '045 84 61 32'], ['SARL Limonaderie Zahana', '045 73 12 76']]),
    });
    try {
      const sources = parseSources(`sources:\n  - name: pdf\n    search_url: "${s.origin}/up/liste.html"\n    max_pages: 1\n`);
      const { companies, fetched } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => c.name).sort()).toEqual(['EURL Miel Sidi Kada', 'EURL Moulin Ghriss', 'SARL Conserverie Sig', 'SARL Huilerie Tighennif', 'SARL Laiterie Hachem', 'SARL Limonaderie Zahana']);
      expect(fetched.filter((u) => u.endsWith('/up/liste-1.html'))).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe('a list published as documents exported to HTML', () => {
  const article = (main: string) => `<!DOCTYPE html><html><head><title>Sociétés de gardiennage</title></head><body><header>Direction de la réglementation</header><main><h1>Sociétés de gardiennage agréées</h1>${main}</main><footer>Tél : 045 21 00 00</footer></body></html>`;
  const part = (rows: [string, string][]) => `<html><head><meta name="ProgId" content="Excel.Sheet"></head><body><table><tr><td>N°</td><td>Raison sociale</td><td>Téléphone</td></tr>${rows.map(([n, t], i) => `<tr><td>${i + 1}</td><td>${n}</td><td>${t}</td></tr>`).join('')}</table></body></html>`;

  test("a CMS article linking its list's two parts: each part is fetched and read in order, the article's own sentences no entries, their number the publisher's", async () => {
    const s = await startSite({
      '/spip.php?article77': article(`<p>Pour tout renseignement : bureau des agréments, tél. 045 21 00 01.</p><div class="documents"><a href="IMG/htm/partie1.htm" type="text/html">Partie 1</a><a href="IMG/htm/partie2.htm" type="text/html">Partie 2</a></div>`),
      '/IMG/htm/partie1.htm': part([['SARL Sentinelle Ouest', '045 21 10 01'], ['EURL Gardiennage Dahra', '0550 11 22 33'], ['SARL Bouclier Mosta', '045 21 10 03']]),
      '/IMG/htm/partie2.htm': part([['SARL Vigilance Sidi Ali', '045 21 10 04'], ['EURL Garde Achaacha', '0661 44 55 66']]),
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/spip.php?article77"\n`);
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: ALGER, fetcher: fetcher(), deadlineMs: 30_000 });
      expect(companies.map((c) => [c.name, c.phones])).toEqual([
        ['SARL Sentinelle Ouest', ['+21345211001']],
        ['EURL Gardiennage Dahra', ['+213550112233']],
        ['SARL Bouclier Mosta', ['+21345211003']],
        ['SARL Vigilance Sidi Ali', ['+21345211004']],
        ['EURL Garde Achaacha', ['+213661445566']],
      ]);
      expect(s.hits.filter((h) => h !== '/robots.txt')).toEqual(['/spip.php?article77', '/IMG/htm/partie1.htm', '/IMG/htm/partie2.htm']);
    } finally {
      await s.close();
    }
  });
});
