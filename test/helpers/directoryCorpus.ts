/**
 * The directory fixture corpus (test/fixtures/directories, format: FIXTURES section of the
 * README): loading a site folder, serving it on 127.0.0.1, running the real extraction on it
 * (the code path of POST /v1/scraping/run: sources file format, PoliteFetcher, worker pool,
 * runExtraction, no selectors) and scoring what it found against expected.json.
 *
 * Used by src/extraction/__tests__/corpus.test.ts and scripts/bench-extraction.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { effectiveWilaya, findWilaya } from '../../src/search/wilayas';
import { findSecteur } from '../../src/search/secteurs';
import { PoliteFetcher } from '../../src/extraction/fetcher';
import type { MergedCompany } from '../../src/extraction/merge';
import type { PageReader } from '../../src/extraction/pages';
import { testPageReader } from './pages';
import { runExtraction, type RunResult } from '../../src/extraction/run';
import { parseSources } from '../../src/extraction/sources';
import { startSite, type Route, type Site } from './fixtureServer';

export interface ExpectedCompany {
  name: string;
  emails: string[];
  phones: string[];
  faxes?: string[];
}

export interface CorpusSite {
  id: string;
  dir: string;
  style: string;
  secteur: string;
  wilaya: string;
  /** One entry of the sources file, as JSON, with "{origin}" in its URLs. */
  source: Record<string, unknown>;
  routes: Record<string, { file: string; content_type?: string }>;
  expected: { companies: ExpectedCompany[]; directory_contacts: string[]; advertisements?: string[] };
}

/** The sites of a corpus folder (each sub-folder with a site.json), in name order. */
export function loadCorpus(root: string): CorpusSite[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, 'site.json')))
    .map((d) => d.name)
    .sort()
    .map((id) => {
      const dir = path.join(root, id);
      const read = (f: string) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
      const site = read('site.json');
      return { id, dir, style: site.style, secteur: site.secteur, wilaya: site.wilaya, source: site.source, routes: read('routes.json'), expected: read('expected.json') };
    });
}

/**
 * Serves a site folder: every route of routes.json with its file's bytes (or the body `bodies`
 * gives for its key: a mutated page, test/helpers/metamorphic.ts), matched URL-decoded; anything else 404.
 */
export function serveSite(site: CorpusSite, bodies: Record<string, Buffer> = {}): Promise<Site> {
  const routes: Record<string, Route> = {};
  for (const [key, r] of Object.entries(site.routes)) {
    const body = bodies[key] ?? fs.readFileSync(path.join(site.dir, r.file));
    routes[key] = { headers: { 'content-type': r.content_type ?? 'text/html' }, body };
  }
  return startSite(routes, { decoded: true });
}

/** The pages of a site that are HTML or JSON listings and details, with their content types (for in-process benches). */
export function sitePages(site: CorpusSite): { key: string; body: Buffer; contentType: string }[] {
  return Object.entries(site.routes)
    .filter(([key]) => key !== '/robots.txt')
    .map(([key, r]) => ({ key, body: fs.readFileSync(path.join(site.dir, r.file)), contentType: r.content_type ?? 'text/html' }));
}

export interface RunSiteOptions {
  pages?: PageReader;
  deadlineMs?: number;
  /** Default 100, the API's largest max_results: every company of a fixture counts. */
  maxResults?: number;
}

/**
 * Runs the real extraction on served sites, as the API does for a request of the first site's
 * sector and wilaya: the sources file entries (with their origins), no selectors.
 */
export async function runSites(sites: { site: CorpusSite; origin: string }[], options: RunSiteOptions = {}): Promise<RunResult> {
  const [{ site }] = sites;
  const yaml = YAML.stringify({ sources: sites.map(({ site: s, origin }) => JSON.parse(JSON.stringify(s.source).replaceAll('{origin}', origin))) });
  const sources = parseSources(yaml, `${site.id}/site.json`);
  const secteur = findSecteur(site.secteur);
  const wilaya = findWilaya(site.wilaya);
  if (!secteur || !wilaya) throw new Error(`${site.id}: unknown secteur or wilaya (${site.secteur}, ${site.wilaya})`);
  const w = effectiveWilaya(wilaya);
  return runExtraction({
    sources,
    secteur: secteur.nom,
    wilaya: { code: w.code, nom: w.nom },
    maxResults: options.maxResults ?? 100,
    fetcher: new PoliteFetcher({ userAgent: 'ProspectingBot/0.1 (+https://prospecting.test/bot)', timeoutMs: 5000, backoffMs: 20 }),
    deadlineMs: options.deadlineMs ?? 20_000,
    pages: options.pages ?? testPageReader(),
  });
}

const LEGAL_FORMS = new Set(['sarl', 'eurl', 'spa', 'ets', 'snc']);

/** A name folded as the fixture format says: lower case, no accents, legal forms removed, punctuation and spaces collapsed. */
export function foldName(name: string): string {
  const words = name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  // Dotted legal forms: S.A.R.L -> s a r l -> sarl.
  const joined: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2) joined.push(run.join(''));
    else joined.push(...run);
    run = [];
  };
  for (const w of words) {
    if (w.length === 1 && /\p{L}/u.test(w)) run.push(w);
    else {
      flush();
      joined.push(w);
    }
  }
  flush();
  return joined.filter((w) => !LEGAL_FORMS.has(w)).join(' ');
}

export interface SiteScore {
  expected: number;
  found: number;
  matched: number;
  companyRecall: number;
  precision: number;
  contactsExpected: number;
  contactsFound: number;
  contactRecall: number;
  falseMerges: number;
  directoryContacts: number;
  faxesAsPhones: number;
  /** Expected companies not found, found companies that match none, expected contacts missed. */
  missing: string[];
  extra: string[];
  missedContacts: string[];
}

/** Scores found companies against a site's expected.json (see the fixture format). */
export function score(expected: CorpusSite['expected'], found: readonly Pick<MergedCompany, 'name' | 'emails' | 'phones'>[]): SiteScore {
  const used = new Set<number>();
  const pairs: [ExpectedCompany, (typeof found)[number] | undefined][] = expected.companies.map((e) => {
    const key = foldName(e.name);
    const i = found.findIndex((f, k) => !used.has(k) && foldName(f.name) === key);
    if (i === -1) return [e, undefined];
    used.add(i);
    return [e, found[i]];
  });
  const matched = pairs.filter(([, f]) => f !== undefined).length;
  let contactsExpected = 0;
  let contactsFound = 0;
  const missedContacts: string[] = [];
  for (const [e, f] of pairs) {
    const have = new Set([...(f?.emails ?? []), ...(f?.phones ?? [])]);
    for (const c of [...e.emails, ...e.phones]) {
      contactsExpected++;
      if (have.has(c)) contactsFound++;
      else missedContacts.push(`${e.name}: ${c}`);
    }
  }
  const owner = new Map<string, number>();
  expected.companies.forEach((e, i) => {
    for (const c of [...e.emails, ...e.phones, ...(e.faxes ?? [])]) owner.set(c, i);
  });
  const falseMerges = found.filter((f) => new Set([...f.emails, ...f.phones].map((c) => owner.get(c)).filter((o) => o !== undefined)).size >= 2).length;
  const directory = new Set(expected.directory_contacts);
  const directoryContacts = found.reduce((n, f) => n + [...f.emails, ...f.phones].filter((c) => directory.has(c)).length, 0);
  const phones = new Set(expected.companies.flatMap((e) => e.phones));
  const faxesOnly = new Set(expected.companies.flatMap((e) => e.faxes ?? []).filter((x) => !phones.has(x)));
  const faxesAsPhones = found.reduce((n, f) => n + f.phones.filter((p) => faxesOnly.has(p)).length, 0);
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    expected: expected.companies.length,
    found: found.length,
    matched,
    companyRecall: ratio(matched, expected.companies.length),
    precision: ratio(matched, found.length),
    contactsExpected,
    contactsFound,
    contactRecall: ratio(contactsFound, contactsExpected),
    falseMerges,
    directoryContacts,
    faxesAsPhones,
    missing: pairs.filter(([, f]) => f === undefined).map(([e]) => e.name),
    extra: found.filter((_, i) => !used.has(i)).map((f) => f.name),
    missedContacts,
  };
}
