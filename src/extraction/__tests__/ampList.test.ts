import { readListing } from '../extract';
import { PoliteFetcher } from '../fetcher';
import { runExtraction } from '../run';
import { parseSources } from '../sources';
import { startSite } from '../../../test/helpers/fixtureServer';
import { testPageReader } from '../../../test/helpers/pages';

const PAGE = 'https://guide.test/amp/gites';

/** An AMP page: entries in an amp-accordion, then an amp-list filled from a JSON endpoint through a mustache template. */
function ampPage(list: string, sidebar = ''): string {
  const section = (name: string, tel: string) =>
    `<section><h4>${name} <span class="etoiles">★★</span></h4><div><amp-img src="/img/x.jpg" width="320" height="180" alt="${name}"></amp-img><p>Tél : ${tel}<br>E-mail : contact@${name.toLowerCase().replace(/\W+/g, '-')}.dz</p></div></section>`;
  return `<!doctype html><html ⚡ lang="fr"><head><meta charset="utf-8"><title>Gîtes</title></head><body>
${sidebar}<header><span>Réservations : 026 11 22 33</span></header>
<main><h1>Gîtes de la région</h1><amp-accordion>${section('Gîte Azur', '026 40 11 12')}${section('Gîte Cèdre', '026 40 11 13')}${section('Gîte Olivier', '026 40 11 14')}${section('Gîte Figuier', '026 40 11 15')}</amp-accordion>
<h2>Plus de gîtes</h2>${list}</main><footer>Guide des gîtes – contact@guide.test</footer></body></html>`;
}

const LIST = `<amp-list width="auto" height="600" layout="fixed-height" src="/amp/api/gites.json?page=2" items="items" load-more="manual" load-more-bookmark="next">
<template type="amp-mustache"><div class="carte"><h4>{{nom}}</h4>{{#tel}}<p>Tél : {{tel}}</p>{{/tel}}</div></template>
<div placeholder>Chargement…</div><amp-list-load-more load-more-button><button>Charger plus</button></amp-list-load-more></amp-list>`;

describe('an AMP page\'s amp-list', () => {
  test('its JSON source is the page\'s data, read after the entries the page shows', () => {
    const listing = readListing(ampPage(LIST), PAGE);
    expect(listing.companies.map((c) => c.name)).toEqual(['Gîte Azur', 'Gîte Cèdre', 'Gîte Olivier', 'Gîte Figuier']);
    expect(listing.data).toBe('https://guide.test/amp/api/gites.json?page=2');
  });

  test('one in the menu drawer or the header, one bound to AMP state, or on another host, is none', () => {
    const drawer = `<amp-sidebar id="menu" layout="nodisplay"><amp-list src="/amp/api/menu.json" items="items"><template type="amp-mustache"><a href="{{url}}">{{titre}}</a></template></amp-list></amp-sidebar>`;
    expect(readListing(ampPage('', drawer), PAGE).data).toBeUndefined();
    expect(readListing(ampPage('<amp-list src="amp-state:gites" items="."><template type="amp-mustache">{{nom}}</template></amp-list>'), PAGE).data).toBeUndefined();
    expect(readListing(ampPage(LIST.replace('/amp/api/', 'https://cdn.autre.test/api/')), PAGE).data).toBeUndefined();
  });

  test('a run reads the page\'s entries, the list\'s JSON and its next pages, a contact shared by two entries set aside', async () => {
    const s = await startSite({
      '/amp/gites': ampPage(LIST.replace('/amp/api/gites.json?page=2', '/amp/api/gites.json?page=2')),
      '/amp/api/gites.json?page=2': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ nom: 'Gîte Amandier', tel: '026 50 21 22 / 026 99 00 00' }, { nom: 'Gîte Palmier', tel: '0550 12 34 56', email: 'palmier@gites.dz' }], next: '/amp/api/gites.json?page=3' }) },
      // The guide's booking line, written into one entry of each batch: no company's own.
      '/amp/api/gites.json?page=3': { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [{ nom: 'Gîte Chêne', tel: '026 50 21 23 / 026 99 00 00' }, { nom: 'Gîte Saule', tel: '0661 22 33 44' }], next: null }) },
    });
    try {
      const sources = parseSources(`sources:\n  - name: dz\n    search_url: "${s.origin}/amp/gites"\n    max_pages: 3\n`);
      const fetcher = new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 1000, backoffMs: 20 });
      const { companies } = await runExtraction({ pages: testPageReader(), sources, secteur: 'x', wilaya: { code: 6, nom: 'Béjaïa' }, fetcher, deadlineMs: 30_000 });
      expect(companies.map((c) => c.name)).toEqual(['Gîte Azur', 'Gîte Cèdre', 'Gîte Olivier', 'Gîte Figuier', 'Gîte Amandier', 'Gîte Palmier', 'Gîte Chêne', 'Gîte Saule']);
      expect(companies.find((c) => c.name === 'Gîte Palmier')?.emails).toEqual(['palmier@gites.dz']);
      expect(companies.find((c) => c.name === 'Gîte Chêne')?.phones).toEqual(['+21326502123']);
    } finally {
      await s.close();
    }
  });
});
