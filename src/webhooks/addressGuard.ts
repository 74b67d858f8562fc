/**
 * Where webhooks may be sent: http(s) URLs whose host is a public address. Private, loopback,
 * link-local, shared, multicast and reserved ranges are refused (SSRF), checked on the literal
 * address and on every address a name resolves to, at creation and again on each delivery's
 * connection (the resolved address is the one connected to: no DNS rebinding between check
 * and use). Redirects are never followed, so they cannot lead elsewhere.
 */
import dns from 'node:dns';
import net from 'node:net';

const refused = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may be sent to. */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return !refused.check(ip, 'ipv4');
  if (family !== 6) return false;
  // BlockList judges an IPv4-mapped IPv6 address (::ffff:10.0.0.1, ::ffff:a00:1) by the IPv4 rules.
  return !refused.check(ip, 'ipv6');
}

/** The URL's host as an IP address, when it is one ("[::1]" -> "::1"). */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}

/**
 * Why a webhook URL is refused, or undefined when it may be used. Resolves the host's name
 * (every address it has must be public) unless private addresses are allowed, or `resolve` is
 * false: a delivery leaves the name to {@link publicOnlyLookup}, which checks what it connects to.
 */
export async function refusalOf(raw: string, allowPrivate: boolean, resolve = true): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  if (allowPrivate) return undefined;
  const literal = literalAddress(url.hostname);
  if (literal !== undefined) return isPublicAddress(literal) ? undefined : `must not point at a private, loopback or link-local address (${literal})`;
  if (!resolve) return undefined;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(url.hostname, { all: true });
  } catch {
    return `its host ${url.hostname} does not resolve`;
  }
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? `must not point at a private, loopback or link-local address (${url.hostname} resolves to ${bad.address})` : undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that connects only to public addresses: the check and the
 * connection use the same resolution. Literal IP hosts do not go through a lookup: check them
 * with {@link refusalOf} first.
 */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) {
      const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address (${bad.address})`);
      refusal.code = 'EPRIVATEADDRESS';
      return callback(refusal, []);
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}
