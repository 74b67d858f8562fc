/**
 * The Prospecting API v1 client: openapi-fetch over the types generated from the contract
 * (openapi/v1.yaml -> src/schema.ts, never edited by hand). Every path, parameter, body and
 * response is typed from the spec: `client.GET('/v1/entreprises', { params: { query } })`
 * answers `{ data, error, response }`, with `data` the 2xx body and `error` the problem
 * document (RFC 9457, `application/problem+json`) of any other status.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** A problem document (RFC 9457): every error the API answers has this shape. */
export type Problem = components['schemas']['Problem'];
/** The machine-readable `code` of a problem: branch on it (a `switch` on `error.code`), not on `title`. */
export type ProblemCode = Problem['code'];
/** A schema of the contract by name: `Schema<'Entreprise'>`, `Schema<'Lead'>`, ... */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The typed client: `GET`, `POST`, `PATCH`, `DELETE` over the contract's paths. */
export type ProspectingClient = Client<paths>;

export interface ProspectingClientOptions {
  /** Where the API answers, without `/v1`: `https://api.prospecting-api.dz` or `http://localhost:3000`. */
  baseUrl: string;
  /** The account's API key (`pk_...`), sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Another fetch (a test double, a proxy-aware one); default: the global fetch. */
  fetch?: ClientOptions['fetch'];
  /** Headers added to every request (say a `User-Agent` naming your integration). */
  headers?: Record<string, string>;
}

/** A typed client of the Prospecting API for one API key. */
export function createProspectingClient(options: ProspectingClientOptions): ProspectingClient {
  if (!options.baseUrl) throw new TypeError('createProspectingClient: baseUrl is required');
  if (!options.apiKey) throw new TypeError('createProspectingClient: apiKey is required');
  return createClient<paths>({
    baseUrl: withoutTrailingSlashes(options.baseUrl),
    fetch: options.fetch,
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
  });
}

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/** True when `value` looks like a problem document (the `error` of a non-2xx answer). */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.status === 'number' && typeof v.title === 'string';
}
