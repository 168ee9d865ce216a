import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { PUSH_MESSAGES } from '@counterprint/contract';

/**
 * A push endpoint is an address a staff member gave us, and the server POSTs to it: it must be a
 * push service on the internet, never this machine or the operator's private network (SSRF).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
// ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible ones (RFC 4291
// 2.5.5.1): `::127.0.0.1` carries an IPv4 address the BlockList would not judge as IPv4. IPv4-mapped
// ones (::ffff:0:0/96) are judged by the IPv4 address they carry; 6to4 (2002::/16) and NAT64 (64:ff9b::/96,
// 64:ff9b:1::/48) also carry one, which no push service needs.
for (const [net, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const family = (ip: string) => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');

/** IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as the IPv4 address they carry. */
export function addressAllowed(ip: string, localEndpoints: boolean): boolean {
  if (isIP(ip) === 0) return false;
  if (localEndpoints && LOOPBACK.check(ip, family(ip))) return true;
  return !PRIVATE.check(ip, family(ip));
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|invalid|test|example|lan|home\.arpa)$/i;

const isLoopbackHost = (host: string) => host === 'localhost' || (isIP(host) !== 0 && LOOPBACK.check(host, family(host)));

/** Why the server will not send to `endpoint`, or undefined when it may. */
export function endpointProblem(endpoint: string, localEndpoints: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_MESSAGES.endpoint;
  }
  if (url.username || url.password || !['https:', 'http:'].includes(url.protocol)) return PUSH_MESSAGES.endpoint;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Tests run their push service on this machine, over plain HTTP.
  if (localEndpoints && isLoopbackHost(host)) return undefined;
  if (url.protocol !== 'https:') return PUSH_MESSAGES.endpoint;
  if (isIP(host) !== 0) return addressAllowed(host, false) ? undefined : PUSH_MESSAGES.endpointHost;
  if (!host.includes('.') || LOCAL_NAMES.test(host)) return PUSH_MESSAGES.endpointHost;
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the push request that refuses a name resolving to a private address: a name
 * that passed endpointProblem may still point anywhere, and may change between subscribe and send.
 */
export function publicOnlyLookup(localEndpoints: boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, localEndpoints))) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} does not resolve to a public address`);
        refused.code = 'EPUSHADDRESS';
        return callback(refused, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
