import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses the server must never be made to call on a caller's say-so (a push endpoint, ADR 043): loopback,
 * private, shared (CGNAT), link-local (the cloud metadata service at 169.254.169.254), multicast, reserved and
 * unspecified ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 is read as the IPv4 address it carries).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an IP address outside every range above; false for those in one and for anything that is not an IP. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const lower = ip.toLowerCase();
  // ::ffff:127.0.0.1 (and ::ffff:7f00:1): the IPv4 address inside decides.
  const mapped = /^(?:0{0,4}:){0,5}ffff:(.+)$/.exec(lower)?.[1];
  if (mapped !== undefined && lower.startsWith('::ffff:')) {
    if (isIP(mapped) === 4) return !blocked.check(mapped, 'ipv4');
    const m = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(mapped);
    if (m) {
      const hi = Number.parseInt(m[1] as string, 16);
      const lo = Number.parseInt(m[2] as string, 16);
      return !blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return false;
  }
  return !blocked.check(ip, 'ipv6');
}

export type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Throws unless every address `hostname` resolves to is public (an IP literal is its own address). Checked just
 * before the request is made, so a name that later points inside the network is refused then too.
 */
export async function assertPublicHost(hostname: string, resolve: Resolve = resolveAll): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new Error(`refused to call ${hostname}: it resolves to an address that is not public`);
  }
}
