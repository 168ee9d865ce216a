import { isIP } from 'node:net';

/**
 * What the server believes of `X-Forwarded-For` (TRUST_PROXY): nothing, the last N hops (N proxies of
 * our own in front), or only hops from the proxies' own addresses. Never the whole header: its
 * left-most entries are whatever the client wrote (docs/security.md, "Behind a proxy").
 */
export type TrustProxy = false | number | string[];

const OFF = new Set(['', '0', 'false', 'no', 'off']);
const ONE_HOP = new Set(['true', 'yes', 'on']);
const MAX_HOPS = 10;

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; a string answer is what is wrong with it. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim().toLowerCase();
  if (OFF.has(v)) return false;
  if (ONE_HOP.has(v)) return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? hops : `TRUST_PROXY: at most ${MAX_HOPS} proxy hops`;
  }
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.filter((s) => !isAddressOrCidr(s));
  if (bad.length > 0) {
    return `TRUST_PROXY must be true (one proxy), a number of proxy hops, or the proxies' addresses (comma-separated IPs or CIDRs); not ${bad.map((s) => JSON.stringify(s)).join(', ')}`;
  }
  return entries;
}

/**
 * Fastify's own number option trusts no hop at all (it cannot tell a proxy from a client that
 * dialled the instance directly), so a hop count is given as the function Fastify calls per hop,
 * `i` counting from the socket's peer (docs/decisions/052-trusted-proxy-hops.md).
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
