import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { fastifyOptions } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { parseTrustProxy } from './trust-proxy.js';

const config = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cp-trust-')), TRUST_PROXY });

/** The server's own Fastify options, one route answering the address every per-address limit keys on. */
async function addressSeen(TRUST_PROXY: string | undefined, peer: string, xff?: string): Promise<string> {
  const app = Fastify(fastifyOptions(config(TRUST_PROXY), pino({ level: 'silent' })));
  app.get('/ip', async (req) => req.ip);
  try {
    const res = await app.inject({ url: '/ip', remoteAddress: peer, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
    return res.body;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  it('parses true as one hop, a number as hops, a list of addresses and CIDRs, and false as nothing trusted', () => {
    expect(config('true').trustProxy).toBe(1);
    expect(config('yes').trustProxy).toBe(1);
    expect(config('1').trustProxy).toBe(1);
    expect(config('2').trustProxy).toBe(2);
    expect(config('10.0.0.5, 10.1.0.0/16,fd00::/8').trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    expect(config('false').trustProxy).toBe(false);
    expect(config('0').trustProxy).toBe(false);
    expect(config(undefined).trustProxy).toBe(false);
  });

  it('refuses at start-up what is neither a switch, a hop count nor addresses', () => {
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.1,', 'fd00::/129', '999', 'loopback'])
      expect(() => config(bad), bad).toThrow(ConfigError);
    expect(parseTrustProxy('10.0.0.0/33')).toContain('"10.0.0.0/33"');
  });

  it('with one hop, a client rotating the left-most X-Forwarded-For is still the address the proxy saw', async () => {
    const seen = new Set<string>();
    for (const forged of ['1.2.3.4', '5.6.7.8', '9.9.9.9, 8.8.8.8'])
      seen.add(await addressSeen('true', '127.0.0.1', `${forged}, 203.0.113.7`));
    expect([...seen]).toEqual(['203.0.113.7']);
  });

  it('with two hops, believes the entry the second proxy added, and no further left', async () => {
    expect(await addressSeen('2', '127.0.0.1', '1.2.3.4, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
  });

  it('with the proxies listed, believes the header only from them, and skips only their own hops', async () => {
    expect(await addressSeen('10.0.0.0/8', '10.0.0.9', '1.2.3.4, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    expect(await addressSeen('10.0.0.0/8', '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  });

  it('without TRUST_PROXY, ignores the header', async () => {
    expect(await addressSeen(undefined, '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  });
});
