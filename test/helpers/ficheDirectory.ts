/**
 * The smallest directory an API test can run extractions on: cards (`article.fiche`) of a name
 * and a phone, read through the `article.fiche` selector, served by a fixture site on 127.0.0.1.
 * The setup object is the one the test app holds: a test points it at its site once started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PoliteFetcher } from '../../src/extraction/fetcher';
import { parseSources, type SourceConfig } from '../../src/extraction/sources';

export interface FicheSetup {
  sources: SourceConfig[];
  fetcher: PoliteFetcher;
  deadlineMs: number;
}

/** An extraction setup with no source yet, a polite fetcher, and a generous deadline. */
export function ficheSetup(options: { timeoutMs?: number } = {}): FicheSetup {
  return {
    sources: [],
    fetcher: new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: options.timeoutMs ?? 1000, backoffMs: 20 }),
    // Generous: the fixture answers at once, but a loaded CI machine can start the page workers slowly.
    deadlineMs: 15_000,
  };
}

/** One company card: its name and its phone (a tel: link). */
export const ficheCard = (nom: string, phone: string) => `<article class="fiche"><h2>${nom}</h2><a href="tel:${phone}">${phone}</a></article>`;

/** The sources of one directory at `origin`, searched by sector and wilaya, read through `article.fiche`. */
export function ficheSources(origin: string, name = 'annuaire-a'): SourceConfig[] {
  return parseSources(ficheSourcesYaml(origin, name));
}

/** Writes {@link ficheSourcesYaml} as the sources file `file` of `dir` (for a server's SCRAPING_SOURCES); answers its path. */
export function writeFicheSources(dir: string, origin: string, name: string, file = 'sources.yaml'): string {
  const sourcesFile = path.join(dir, file);
  fs.writeFileSync(sourcesFile, ficheSourcesYaml(origin, name));
  return sourcesFile;
}

/** {@link ficheSources} as the text of a sources file (SCRAPING_SOURCES). */
export function ficheSourcesYaml(origin: string, name = 'annuaire-a'): string {
  return `sources:
  - name: ${name}
    search_url: "${origin}/recherche?secteur={secteur}&wilaya={wilaya}"
    selectors:
      item: "article.fiche"
`;
}

/** Blida's BTP listing on a fiche directory. */
export const BLIDA_LISTING = '/recherche?secteur=BTP&wilaya=Blida';

/** A listing of two companies with a contact each (both billed): one with a phone, one with an e-mail. */
export const BLIDA_PAGE = `<html><body>
  <article class="fiche"><h2>Mitidja Construction</h2><a href="tel:0550112233">0550 11 22 33</a></article>
  <article class="fiche"><h2>Blida Travaux Publics</h2><a href="mailto:contact@blida-tp.dz">contact@blida-tp.dz</a></article>
</body></html>`;
