/**
 * No SSRF (docs/decisions/026-webhooks.md): a webhook's host must be a public address. Checked at
 * registration (every address its name resolves to), and again at delivery against the address
 * actually connected to (the resolver below pins it), so a name that resolves to a public address
 * at registration and to 127.0.0.1 later (DNS rebinding) is still refused.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local (fd00:ec2::254 is a metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Whether an IP address is loopback, private, link-local, unique-local, CGNAT, multicast, unspecified or reserved. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return true; // not an address at all: never connect to it
}

export type UrlCheck = { ok: true } | { ok: false; reason: 'webhook_url_https' | 'webhook_url_private' | 'webhook_url_unresolved' };

const resolveAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** A URL a webhook may have: https (http too when private addresses are allowed), and a public host. */
export async function checkWebhookUrl(url: string, opts: { allowPrivate: boolean }): Promise<UrlCheck> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(opts.allowPrivate && parsed.protocol === 'http:'))
    return { ok: false, reason: 'webhook_url_https' };
  if (parsed.username || parsed.password) return { ok: false, reason: 'webhook_url_https' };
  if (opts.allowPrivate) return { ok: true };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isBlockedAddress(host) ? { ok: false, reason: 'webhook_url_private' } : { ok: true };
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return { ok: false, reason: 'webhook_url_unresolved' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'webhook_url_unresolved' };
  return addresses.some((a) => isBlockedAddress(a.address)) ? { ok: false, reason: 'webhook_url_private' } : { ok: true };
}

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to a private address (${address})`);
  }
}

/**
 * A `lookup` for http(s).request that resolves as usual and refuses a blocked address: the socket
 * connects to the address checked here, never to one resolved again later.
 */
export function pinnedLookup(opts: { allowPrivate: boolean }): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, verbatim: true }, (err, address, family) => {
      if (err) return callback(err, address as string, family);
      const list = Array.isArray(address) ? address : [{ address, family }];
      const bad = opts.allowPrivate ? undefined : list.find((a) => isBlockedAddress(a.address));
      if (bad) return callback(new BlockedAddressError(bad.address) as NodeJS.ErrnoException, address as string, family);
      return (callback as (...args: unknown[]) => void)(null, address, family);
    });
  };
}
