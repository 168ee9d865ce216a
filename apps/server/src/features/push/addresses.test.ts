import { describe, expect, it } from 'vitest';
import { addressAllowed, publicOnlyLookup } from './addresses.js';

const lookup = (host: string, localEndpoints: boolean, all = false) =>
  new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
    publicOnlyLookup(localEndpoints)(host, { all } as never, (err, address) => resolve({ err, address })),
  );

describe('push endpoint addresses', () => {
  it('allow public addresses only; loopback only where local endpoints are on', () => {
    for (const ip of ['142.250.183.10', '2a00:1450:4009:81f::200a']) expect(addressAllowed(ip, false), ip).toBe(true);
    for (const ip of [
      '10.0.0.1',
      '172.20.1.1',
      '192.168.0.9',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '127.0.0.1',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      'nonsense',
    ]) {
      expect(addressAllowed(ip, false), ip).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('10.0.0.1', true)).toBe(false);
  });

  it('refuse IPv6 addresses that carry an IPv4 one inside: IPv4-compatible (::/96), mapped, 6to4 and NAT64, however written', () => {
    for (const ip of [
      '::127.0.0.1',
      '::7f00:1',
      '0:0:0:0:0:0:7f00:1',
      '::169.254.169.254',
      '::a00:1',
      '::8.8.8.8',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:a00:1',
      '2002:7f00:1::1',
      '64:ff9b:1::a00:1',
    ]) {
      expect(addressAllowed(ip, false), ip).toBe(false);
    }
    expect(addressAllowed('::ffff:8.8.8.8', false), 'a mapped public address is that public address').toBe(true);
  });

  it('refuse, when resolving a name for the request, one that points at this machine', async () => {
    const refused = await lookup('localhost', false);
    expect(refused.err?.code).toBe('EPUSHADDRESS');
    const allowed = await lookup('localhost', true, true);
    expect(allowed.err).toBeNull();
    expect(allowed.address).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.|::1$)/) })]));
  });
});
