import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createTestApp, json, signUpAndIn } from '../test/support/harness.js';
import { publicAddressOf } from './public-address.js';

const nic = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }) as NetworkInterfaceInfo;
const SHOP_WIFI = { lo: [nic('127.0.0.1', true)], docker0: [nic('203.0.113.9')], wlan0: [nic('192.168.1.20')] };

describe('the address links and QR codes point at', () => {
  it('is the LAN address when PUBLIC_BASE_URL is unset, preferring the shop network over other interfaces', () => {
    expect(publicAddressOf({ configured: undefined, host: '0.0.0.0', port: 8080, interfaces: SHOP_WIFI })).toEqual({
      url: 'http://192.168.1.20:8080',
      source: 'lan',
      reachableFromPhone: true,
    });
  });

  it('is localhost, and says a phone cannot open it, with no LAN address or a loopback HOST', () => {
    const unreachable = { url: 'http://localhost:8080', source: 'loopback', reachableFromPhone: false };
    expect(publicAddressOf({ configured: undefined, host: '0.0.0.0', port: 8080, interfaces: { lo: [nic('127.0.0.1', true)] } })).toEqual(
      unreachable,
    );
    expect(publicAddressOf({ configured: undefined, host: '127.0.0.1', port: 8080, interfaces: SHOP_WIFI })).toEqual(unreachable);
  });

  it('is PUBLIC_BASE_URL when set, and flags a loopback one', () => {
    expect(publicAddressOf({ configured: 'https://print.example.in/', host: '0.0.0.0', port: 8080 })).toEqual({
      url: 'https://print.example.in',
      source: 'configured',
      reachableFromPhone: true,
    });
    expect(publicAddressOf({ configured: 'http://127.0.0.1:9000', host: '0.0.0.0', port: 8080 }).reachableFromPhone).toBe(false);
  });

  it('is told to signed-in staff, the same address the QR code carries', async () => {
    const t = await createTestApp({ kind: 'pglite', env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
    try {
      const { token } = await signUpAndIn(t.app, 'address@example.in');
      const res = await t.app.inject({ method: 'GET', url: '/api/public-address', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ url: 'http://localhost:8080', source: 'configured', reachableFromPhone: false });
      expect((await t.app.inject({ method: 'GET', url: '/api/public-address' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
