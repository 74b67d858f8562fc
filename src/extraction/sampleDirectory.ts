/**
 * The sample business directory that ships with the project: a tiny web site on 127.0.0.1,
 * started by `npm start` on a demo store when no SCRAPING_SOURCES is configured, so that an
 * extraction works right after installing. Its pages are generated, deterministically, for
 * the sector and wilaya asked: two listing pages of companies described in schema.org JSON-LD
 * (some with an e-mail, some with a phone, some with neither), linked by rel=next, with the
 * directory's own contact in the footer (which the extractor must not attribute).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAMILIES, ROOTS } from '../search';
import { fold } from '../platform/text';
import type { SourceConfig } from './sources';

export interface SampleDirectory {
  origin: string;
  source: SourceConfig;
  close(): Promise<void>;
}

const PER_PAGE = [8, 6];
const FORMS = ['SARL', 'EURL', 'SPA', 'ETS'];
const MOBILES = ['550', '661', '770', '555', '662', '771', '698', '560'];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function company(secteur: string, wilaya: string, index: number) {
  const seed = crypto.createHash('sha256').update(`${fold(secteur)}|${fold(wilaya)}|${index}`).digest();
  const root = ROOTS[seed[0] % ROOTS.length];
  const family = FAMILIES[seed[1] % FAMILIES.length];
  const name = `${FORMS[seed[2] % FORMS.length]} ${root} ${family} ${secteur}`;
  const slug = fold(`${root} ${family}`).replace(/[^a-z0-9]+/g, '-');
  const kind = index % 4; // 0: both, 1: e-mail, 2: phone, 3: neither
  const digits = String(seed.readUInt32BE(4) % 1_000_000).padStart(6, '0');
  return {
    '@type': 'LocalBusiness',
    name,
    description: `${secteur} à ${wilaya}`,
    ...(kind === 0 || kind === 1 ? { email: `contact@${slug}.dz` } : {}),
    ...(kind === 0 || kind === 2 ? { telephone: `0${MOBILES[seed[3] % MOBILES.length]} ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}` } : {}),
    address: { '@type': 'PostalAddress', addressRegion: wilaya, addressCountry: 'DZ' },
  };
}

function listing(secteur: string, wilaya: string, page: number, origin: string): string {
  const start = PER_PAGE.slice(0, page - 1).reduce((a, b) => a + b, 0);
  const items = Array.from({ length: PER_PAGE[page - 1] ?? 0 }, (_, i) => company(secteur, wilaya, start + i));
  const next = page < PER_PAGE.length
    ? `<a rel="next" href="${origin}/recherche?secteur=${encodeURIComponent(secteur)}&amp;wilaya=${encodeURIComponent(wilaya)}&amp;page=${page + 1}">Page suivante</a>`
    : '';
  const cards = items.map((c) => `<article><h2>${escapeHtml(c.name)}</h2><p>${escapeHtml(c.description)}</p></article>`).join('\n');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Annuaire démo — ${escapeHtml(secteur)}, ${escapeHtml(wilaya)}</title>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': items }).replace(/</g, '\\u003c')}</script></head>
<body><header><a href="mailto:contact@annuaire-demo.dz">contact@annuaire-demo.dz</a></header>
<main>${cards}${next}</main>
<footer>Annuaire démo — service client : <a href="tel:+21321000000">021 00 00 00</a></footer></body></html>`;
}

/** Starts the sample directory on an ephemeral loopback port. */
export async function startSampleDirectory(): Promise<SampleDirectory> {
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /admin\n');
      return;
    }
    if (url.pathname === '/recherche') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const secteur = url.searchParams.get('secteur') ?? '';
      const wilaya = url.searchParams.get('wilaya') ?? '';
      if (Number.isInteger(page) && page >= 1 && page <= PER_PAGE.length && secteur && wilaya) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(listing(secteur, wilaya, page, origin));
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    source: {
      name: 'annuaire-demo',
      searchUrl: `${origin}/recherche?secteur={secteur}&wilaya={wilaya}&page={page}`,
      maxPages: PER_PAGE.length,
      selectors: {},
      line: 0,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
