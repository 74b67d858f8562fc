/**
 * Hosts of URLs, shared by the fetcher and the page readers. A module of its own so that the
 * page workers (extract.ts) do not load the fetcher and its decoders.
 */

/** Whether two URLs (or hosts) are on the same host, port included, a leading 'www.' aside. */
export function sameHost(a: string | URL, b: string | URL): boolean {
  const host = (u: string | URL) => {
    try {
      return (typeof u === 'string' ? (u.includes('/') ? new URL(u).host : u) : u.host).toLowerCase().replace(/^www\./, '');
    } catch {
      return undefined;
    }
  };
  const ha = host(a);
  return ha !== undefined && ha === host(b);
}
