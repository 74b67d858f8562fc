/**
 * The smallest directory an API test can run extractions on: cards (`article.fiche`) of a name
 * and a phone, read through the `article.fiche` selector, served by a fixture site on 127.0.0.1.
 * The setup object is the one the test app holds: a test points it at its site once started.
 */
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
  return parseSources(`sources:
  - name: ${name}
    search_url: "${origin}/recherche?secteur={secteur}&wilaya={wilaya}"
    selectors:
      item: "article.fiche"
`);
}
