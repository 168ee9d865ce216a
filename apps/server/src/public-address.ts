import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import type { TPublicAddress } from '@counterprint/contract';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');
/** RFC 1918 ranges: the addresses a shop's Wi-Fi hands out, preferred over any other interface. */
const isPrivateV4 = (a: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a);

/** The first IPv4 address of this machine that another device on its network can reach. */
export function lanAddressOf(interfaces: Interfaces): string | undefined {
  const candidates = Object.values(interfaces)
    .flat()
    .filter((i): i is NetworkInterfaceInfo => Boolean(i) && i!.family === 'IPv4' && !i!.internal)
    .map((i) => i.address);
  return candidates.find(isPrivateV4) ?? candidates[0];
}

/**
 * Where links and QR codes point. With PUBLIC_BASE_URL unset a phone cannot open `localhost`, so the
 * machine's LAN address is used when the server listens beyond loopback (docs/deploy.md#the-address-phones-use).
 */
export function publicAddressOf(opts: {
  configured: string | undefined;
  host: string;
  port: number;
  interfaces?: Interfaces;
}): TPublicAddress {
  if (opts.configured) {
    const url = opts.configured.replace(/\/+$/, '');
    return { url, source: 'configured', reachableFromPhone: !isLoopbackHost(new URL(url).hostname) };
  }
  const lan = isLoopbackHost(opts.host) ? undefined : lanAddressOf(opts.interfaces ?? networkInterfaces());
  if (lan) return { url: `http://${lan}:${opts.port}`, source: 'lan', reachableFromPhone: true };
  return { url: `http://localhost:${opts.port}`, source: 'loopback', reachableFromPhone: false };
}
