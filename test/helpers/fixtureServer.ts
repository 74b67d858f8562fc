/**
 * Fixture "sites" for the scraping tests: each one a small HTTP server on 127.0.0.1 (its own
 * port, so its own host) answering fixed routes, recording every request it receives.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a route answers: a body (200, text/html), a full response, or a handler. */
export type Route =
  | string
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer }
  | ((req: http.IncomingMessage, res: http.ServerResponse, hit: number) => void);

export interface Site {
  /** 'http://127.0.0.1:PORT' */
  origin: string;
  /** Paths (with query) requested, in order of arrival. */
  hits: string[];
  /** User-Agent headers received. */
  userAgents: string[];
  /** Most requests in progress at once. */
  maxConcurrent: number;
  close(): Promise<void>;
}

export interface SiteOptions {
  /**
   * Match routes on the URL-decoded path and query ('/recherche?wilaya=Sétif' answers
   * '/recherche?wilaya=S%C3%A9tif'), as the directory fixture format (test/fixtures/directories) keys them.
   */
  decoded?: boolean;
}

/**
 * Starts a site. Routes are keyed by path with query ('/recherche?page=1'); `routes` may be a
 * function of the site's origin, for absolute links. Unknown paths answer 404 (so no robots.txt
 * route means "allow everything").
 */
export async function startSite(routes: Record<string, Route> | ((origin: string) => Record<string, Route>), options: SiteOptions = {}): Promise<Site> {
  const counts = new Map<string, number>();
  let table: Record<string, Route> = {};
  let active = 0;
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    site.hits.push(path);
    site.userAgents.push(req.headers['user-agent'] ?? '');
    active++;
    site.maxConcurrent = Math.max(site.maxConcurrent, active);
    res.on('close', () => active--);
    const hit = (counts.get(path) ?? 0) + 1;
    counts.set(path, hit);
    // Decoded first (the fixture format's keys); a key written as the raw, percent-encoded path still answers, as the real server would.
    const route = (options.decoded ? table[safeDecode(path)] : undefined) ?? table[path];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    } else if (typeof route === 'function') {
      route(req, res, hit);
    } else if (typeof route === 'string') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(route);
    } else {
      res.writeHead(route.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...route.headers }).end(route.body ?? '');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site: Site = {
    origin,
    hits: [],
    userAgents: [],
    maxConcurrent: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  table = typeof routes === 'function' ? routes(origin) : routes;
  return site;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A route that never answers (the connection stays open until the site closes). */
export const never: Route = () => undefined;

/** A route that answers after `ms`. */
export function slow(ms: number, body: string): Route {
  return (_req, res) => {
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(body), ms);
    res.on('close', () => clearTimeout(timer));
  };
}
