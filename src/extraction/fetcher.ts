/**
 * Fetching web pages like a good citizen: robots.txt obeyed for every URL, an identifying
 * User-Agent, at most a few requests at a time per host, a timeout per request and a deadline
 * for the caller's whole run, retries with backoff only where they can help, a size cap, and
 * only http(s).
 *
 * Decisions:
 * - robots.txt (RFC 9309) is fetched once per origin and cached ({@link FetcherOptions.robotsTtlMs}).
 *   2xx: its rules apply (read up to 500 KiB, the rest ignored). 4xx other than 429 (no file,
 *   forbidden): everything is allowed. 5xx or 429 after the retries: everything is disallowed,
 *   as Google and the RFC do, reported as an `http` failure naming robots.txt (not as `robots`,
 *   which means an explicit Disallow). A timeout or a network error: the page is not fetched
 *   either (`timeout` / `network` failure). A failure is cached for a shorter time
 *   ({@link FetcherOptions.robotsFailureTtlMs}) so a dead host is not asked again at every URL,
 *   but never when it was the caller's deadline that cut it. robots.txt may redirect anywhere
 *   (http(s), at most 5 hops; more is "unavailable", so allowed).
 * - The robots.txt user-agent token is the first product token of the User-Agent
 *   ('ProspectingBot/0.1 (+https://…)' -> 'ProspectingBot') unless `robotsAgent` is given.
 *   Crawl-delay is not read (it is not part of RFC 9309).
 * - Retries (exponential backoff `backoffMs * 2^attempt`) on network errors, 5xx and 429; a 429
 *   or 503 with Retry-After (seconds or an HTTP date) waits that long instead. No retry on other
 *   4xx, nor on a timeout (with the defaults, a 10 s timeout retried could not end before a 20 s
 *   run deadline, and a host that does not answer is not helped by more requests). A wait that
 *   would end after the deadline, or a Retry-After longer than `maxRetryAfterMs`, is not waited:
 *   the failure is returned at once.
 * - Redirects are followed by hand (at most 5), each hop checked against robots.txt: only to
 *   http(s) (`not_http` otherwise) and only on the same host as the URL asked for, a leading
 *   'www.' aside ({@link sameHost}); a redirect elsewhere is a `redirect` failure, so a link
 *   on a directory's own host never takes the crawler to another site.
 * - Per-host concurrency counts every request to the host, robots.txt included; the slot is
 *   held while the body is read and released during backoff waits.
 * - Fair queuing: a request waiting for a host slot waits in the queue of its `flow` (the
 *   account it is fetched for), and a freed slot goes to the flows in turn (round-robin), not to
 *   the oldest request: a flow with many requests queued (an account running several
 *   extractions with many pages) delays another flow's next request by at most one request per
 *   slot, never by its whole queue.
 * - Every request actually sent (each retry, each redirect hop, robots.txt) is appended to
 *   {@link PoliteFetcher.log} and to the caller's `log`, in the order they were sent.
 */
import robotsParser from 'robots-parser';
import { decodePage } from './decode';
import { sameHost } from './hosts';

/** The robots.txt rules of one origin (robots-parser's Robot). */
type Robots = ReturnType<typeof robotsParser>;

/** Why a URL could not be fetched. */
export type FailureKind = 'timeout' | 'network' | 'http' | 'robots' | 'too_large' | 'not_http' | 'redirect';

/** A page fetched with a 2xx status. */
export interface FetchSuccess {
  ok: true;
  status: number;
  /** The final URL, after redirects. */
  url: string;
  /** The body decoded as text: see {@link decodePage} (BOM, Content-Type charset, <meta> prescan, then a guess). */
  body: string;
  /** The encoding the body was decoded from. */
  encoding: string;
  /** The Content-Type header ('' when absent). */
  contentType: string;
}

/** A URL that could not be fetched. */
export interface FetchFailure {
  ok: false;
  kind: FailureKind;
  /** The URL asked for (or the redirect hop that failed). */
  url: string;
  /** The HTTP status, for `http` failures. */
  status?: number;
  message: string;
  /** True when it was the caller's deadline (not the per-request timeout) that stopped it. */
  deadline?: boolean;
}

export type FetchResult = FetchSuccess | FetchFailure;

export interface FetcherOptions {
  /** An identifying User-Agent, e.g. 'ProspectingBot/0.1 (+https://example.dz/bot)'. */
  userAgent: string;
  /** The token matched against robots.txt User-agent lines; default: the User-Agent's first product token. */
  robotsAgent?: string;
  /** Per request, headers and body included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes. Default 2 000 000. */
  maxBytes?: number;
  /** Requests in flight at once to one host. Default 2. */
  perHostConcurrency?: number;
  /** Retries after the first attempt, for network errors, 5xx and 429. Default 2. */
  retries?: number;
  /** Base of the exponential backoff. Default 500 ms. */
  backoffMs?: number;
  /** Longest Retry-After honoured; a longer one ends the retries. Default 30 000 ms. */
  maxRetryAfterMs?: number;
  /** How long a robots.txt is kept. Default 1 hour. */
  robotsTtlMs?: number;
  /** How long a failed robots.txt fetch (5xx, timeout, network) is kept. Default 60 000 ms. */
  robotsFailureTtlMs?: number;
  /** The fetch to use; default the global fetch (undici). */
  fetchImpl?: typeof fetch;
}

export interface GetOptions {
  /** The run's deadline: a signal, or an absolute time in ms (Date.now() scale). */
  deadline?: AbortSignal | number;
  /** Where to append the URLs this call requests (besides the fetcher's own log). */
  log?: string[];
  /**
   * Who the request is for (an account): requests of different flows waiting for the same host
   * are granted its slots in turn. Default: one flow shared by every call without one.
   */
  flow?: string;
}

/** Largest robots.txt read (RFC 9309 asks for at least 500 KiB). */
const ROBOTS_MAX_BYTES = 500 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What one call carries down: its deadline and its log. */
interface CallContext {
  signal?: AbortSignal;
  deadlineAt?: number;
  log?: string[];
  flow: string;
}

/** One host's request slots: how many are taken, who waits (by flow), and when each flow was last served. */
interface HostSlots {
  active: number;
  /** The requests waiting, by flow, each flow's in the order they came. */
  flows: Map<string, (() => void)[]>;
  /** The grant number of each flow's last slot (a flow never served has none, and goes first). */
  served: Map<string, number>;
  grants: number;
}

/** One response, before redirect handling. */
type Attempt = FetchResult | { ok: 'redirect'; status: number; location: string; url: string };

interface RobotsEntry {
  expires: number;
  value: Promise<{ robots: Robots } | { failure: FetchFailure }>;
}

export { sameHost } from './hosts';

/** A fetcher for the scraping runs; one can serve many runs (robots.txt stays cached). */
export class PoliteFetcher {
  /** Every URL requested, in the order the requests were sent. */
  readonly log: string[] = [];
  private readonly opts: Required<Omit<FetcherOptions, 'fetchImpl' | 'robotsAgent'>> & { robotsAgent: string };
  private readonly fetchImpl: typeof fetch;
  private readonly robotsCache = new Map<string, RobotsEntry>();
  private readonly hosts = new Map<string, HostSlots>();

  constructor(options: FetcherOptions) {
    this.opts = {
      userAgent: options.userAgent,
      robotsAgent: options.robotsAgent ?? (options.userAgent.split(/[/\s]/)[0] || options.userAgent),
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes: options.maxBytes ?? 2_000_000,
      perHostConcurrency: Math.max(1, options.perHostConcurrency ?? 2),
      retries: Math.max(0, options.retries ?? 2),
      backoffMs: options.backoffMs ?? 500,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
      robotsTtlMs: options.robotsTtlMs ?? 3_600_000,
      robotsFailureTtlMs: options.robotsFailureTtlMs ?? 60_000,
    };
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  /**
   * Fetches a page if robots.txt allows it; never throws. A non-2xx answer (after retries and
   * redirects) is an `http` failure.
   */
  async get(url: string, options: GetOptions = {}): Promise<FetchResult> {
    const ctx: CallContext = { log: options.log, flow: options.flow ?? '' };
    if (typeof options.deadline === 'number') {
      ctx.deadlineAt = options.deadline;
      ctx.signal = AbortSignal.timeout(Math.max(0, options.deadline - Date.now()));
    } else ctx.signal = options.deadline;

    if (ctx.deadlineAt !== undefined && ctx.deadlineAt <= Date.now()) return deadlineFailure(url);
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      return { ok: false, kind: 'not_http', url, message: 'not a valid absolute URL' };
    }
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        return { ok: false, kind: 'not_http', url: current.href, message: `only http(s) is fetched (got ${current.protocol})` };
      }
      if (ctx.signal?.aborted) return deadlineFailure(current.href);
      const verdict = await this.allowed(current, ctx);
      if (verdict) return verdict;
      const res = await this.withRetries(current.href, ctx, this.opts.maxBytes, false);
      if (res.ok !== 'redirect') return res;
      if (hop >= MAX_REDIRECTS) return { ok: false, kind: 'redirect', url: res.url, message: `more than ${MAX_REDIRECTS} redirects` };
      let next: URL;
      try {
        next = new URL(res.location, res.url);
      } catch {
        return { ok: false, kind: 'redirect', url: res.url, message: `invalid redirect location '${res.location}'` };
      }
      if (next.protocol === 'http:' || next.protocol === 'https:') {
        if (!sameHost(next, current)) {
          return { ok: false, kind: 'redirect', url: res.url, message: `redirect to another host refused: ${next.href}` };
        }
      }
      current = next;
    }
  }

  /** Undefined when robots.txt allows the URL, else the failure to return. */
  private async allowed(url: URL, ctx: CallContext): Promise<FetchFailure | undefined> {
    let entry = await raceAbort(this.robotsFor(url.origin, ctx), ctx.signal);
    // Another call's deadline cut the shared robots.txt fetch (not cached): ask again with ours.
    if (entry && 'failure' in entry && entry.failure.deadline && !ctx.signal?.aborted) {
      entry = await raceAbort(this.robotsFor(url.origin, ctx), ctx.signal);
    }
    if (entry === undefined) return deadlineFailure(url.href);
    if ('failure' in entry) return { ...entry.failure, url: url.href };
    if (entry.robots.isAllowed(url.href, this.opts.robotsAgent) === false) {
      return { ok: false, kind: 'robots', url: url.href, message: `disallowed by ${url.origin}/robots.txt` };
    }
    return undefined;
  }

  /** The robots.txt rules of an origin: cached, fetched once even by concurrent calls. */
  private robotsFor(origin: string, ctx: CallContext): Promise<{ robots: Robots } | { failure: FetchFailure }> {
    const cached = this.robotsCache.get(origin);
    if (cached && cached.expires > Date.now()) return cached.value;
    const robotsUrl = `${origin}/robots.txt`;
    const entry = { expires: Number.POSITIVE_INFINITY } as RobotsEntry;
    entry.value = (async () => {
      const result = await this.fetchRobots(robotsUrl, ctx);
      if ('failure' in result && result.failure.deadline) this.robotsCache.delete(origin);
      entry.expires = Date.now() + ('failure' in result ? this.opts.robotsFailureTtlMs : this.opts.robotsTtlMs);
      return result;
    })();
    this.robotsCache.set(origin, entry);
    return entry.value;
  }

  private async fetchRobots(robotsUrl: string, ctx: CallContext): Promise<{ robots: Robots } | { failure: FetchFailure }> {
    const allowAll = { robots: robotsParser(robotsUrl, '') };
    let url = robotsUrl;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const res = await this.withRetries(url, ctx, ROBOTS_MAX_BYTES, true);
      if (res.ok === true) return { robots: robotsParser(robotsUrl, res.body) };
      if (res.ok === 'redirect') {
        let next: URL;
        try {
          next = new URL(res.location, res.url);
        } catch {
          return allowAll;
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return allowAll;
        url = next.href;
        continue;
      }
      if (res.kind === 'http' && res.status !== undefined && res.status >= 400 && res.status < 500 && res.status !== 429) return allowAll;
      const what = res.kind === 'http' ? `answered ${res.status}, so everything is treated as disallowed` : res.message;
      return { failure: { ...res, message: `robots.txt: ${what}` } };
    }
    return allowAll;
  }

  /** One URL with retries on network errors, 5xx and 429; redirects are returned, not followed. */
  private async withRetries(url: string, ctx: CallContext, maxBytes: number, truncate: boolean): Promise<Attempt> {
    for (let attempt = 0; ; attempt++) {
      const { result, retryAfterMs } = await this.once(url, ctx, maxBytes, truncate);
      const retryable = result.ok === false && (result.kind === 'network' || (result.kind === 'http' && (result.status! >= 500 || result.status === 429)));
      if (!retryable || attempt >= this.opts.retries) return result;
      if (retryAfterMs !== undefined && retryAfterMs > this.opts.maxRetryAfterMs) return result;
      const wait = retryAfterMs ?? this.opts.backoffMs * 2 ** attempt;
      if (ctx.deadlineAt !== undefined && Date.now() + wait >= ctx.deadlineAt) return result;
      if (!(await sleep(wait, ctx.signal))) return deadlineFailure(url);
    }
  }

  /** One request: waits for a host slot, sends, reads the body within the size cap. */
  private async once(url: string, ctx: CallContext, maxBytes: number, truncate: boolean): Promise<{ result: Attempt; retryAfterMs?: number }> {
    const host = new URL(url).host;
    const release = await this.acquire(host, ctx.flow, ctx.signal);
    if (!release) return { result: deadlineFailure(url) };
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    const signal = ctx.signal ? AbortSignal.any([timeout, ctx.signal]) : timeout;
    const timedOut = (): FetchFailure | undefined => {
      if (ctx.signal?.aborted) return deadlineFailure(url);
      if (timeout.aborted) return { ok: false, kind: 'timeout', url, message: `no complete answer within ${this.opts.timeoutMs} ms` };
      return undefined;
    };
    try {
      this.log.push(url);
      ctx.log?.push(url);
      const res = await this.fetchImpl(url, {
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': this.opts.userAgent,
          accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,*/*;q=0.1',
          'accept-language': 'fr,ar;q=0.8,en;q=0.5',
        },
      });
      const location = res.headers.get('location');
      if (REDIRECT_STATUSES.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        return { result: { ok: 'redirect', status: res.status, location, url } };
      }
      if (res.status < 200 || res.status > 299) {
        await res.body?.cancel().catch(() => undefined);
        return {
          result: { ok: false, kind: 'http', url, status: res.status, message: `answered ${res.status}` },
          retryAfterMs: res.status === 429 || res.status === 503 ? parseRetryAfter(res.headers.get('retry-after')) : undefined,
        };
      }
      const contentType = res.headers.get('content-type') ?? '';
      const declared = Number(res.headers.get('content-length'));
      if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        return { result: { ok: false, kind: 'too_large', url, message: `${declared} bytes (limit ${maxBytes})` } };
      }
      const { bytes, truncated } = await readCapped(res, maxBytes);
      if (truncated && !truncate) return { result: { ok: false, kind: 'too_large', url, message: `larger than ${maxBytes} bytes` } };
      const { text: body, encoding } = decodePage(bytes, contentType);
      return { result: { ok: true, status: res.status, url, body, contentType, encoding } };
    } catch (err) {
      const t = timedOut();
      if (t) return { result: t };
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      return { result: { ok: false, kind: 'network', url, message: `${cause?.code ?? cause?.message ?? (err as Error).message}` } };
    } finally {
      release();
    }
  }

  /** How many requests of `flow` are waiting for a host slot, all hosts together. */
  waiting(flow: string): number {
    let n = 0;
    for (const slot of this.hosts.values()) n += slot.flows.get(flow)?.length ?? 0;
    return n;
  }

  /**
   * Waits for a request slot on a host, in the queue of `flow`; resolves to its release, or
   * undefined if the signal fired first. A released slot goes to the next flow in turn.
   */
  private acquire(host: string, flow: string, signal?: AbortSignal): Promise<(() => void) | undefined> {
    let slot = this.hosts.get(host);
    if (!slot) {
      slot = { active: 0, flows: new Map(), served: new Map(), grants: 0 };
      this.hosts.set(host, slot);
    }
    const s = slot;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = nextInTurn(s);
      if (next) next();
      else if (--s.active === 0) this.hosts.delete(host);
    };
    if (s.active < this.opts.perHostConcurrency) {
      s.active++;
      s.served.set(flow, ++s.grants);
      return Promise.resolve(release);
    }
    if (signal?.aborted) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        const queue = s.flows.get(flow);
        const i = queue ? queue.indexOf(grant) : -1;
        if (queue && i >= 0) {
          queue.splice(i, 1);
          if (queue.length === 0) s.flows.delete(flow);
        }
        resolve(undefined);
      };
      const queue = s.flows.get(flow);
      if (queue) queue.push(grant);
      else s.flows.set(flow, [grant]);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * The first waiter of the flow whose turn it is: of the flows waiting, the one served least
 * recently (round-robin: each flow waiting gets one slot before any gets a second).
 */
function nextInTurn(s: HostSlots): (() => void) | undefined {
  let turn: string | undefined;
  let oldest = Number.POSITIVE_INFINITY;
  for (const flow of s.flows.keys()) {
    const last = s.served.get(flow) ?? -1;
    if (last < oldest) {
      oldest = last;
      turn = flow;
    }
  }
  if (turn === undefined) return undefined;
  const queue = s.flows.get(turn)!;
  const next = queue.shift();
  if (queue.length === 0) s.flows.delete(turn);
  s.served.set(turn, ++s.grants);
  // Only flows that may still compete need their turn remembered.
  if (s.served.size > 1000) for (const flow of s.served.keys()) if (!s.flows.has(flow)) s.served.delete(flow);
  return next;
}

function deadlineFailure(url: string): FetchFailure {
  return { ok: false, kind: 'timeout', url, message: 'the run deadline was reached', deadline: true };
}

/** Retry-After in ms (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The body's first `maxBytes` bytes; `truncated` when there was more (the rest is not read). */
async function readCapped(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true };
    }
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/** Resolves like `promise`, or to undefined as soon as `signal` aborts. */
function raceAbort<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** Waits `ms`; false if `signal` aborted first. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
