/**
 * Baseline for API reads: a bare Fastify server whose routes return, from memory,
 * the same JSON the real server answered (parsed once, serialized per request as any route would).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serveDriver } from '../lib/driver.js';

serveDriver({
  async listen(a: { routes: Record<string, string> }) {
    const app = Fastify({ logger: false });
    for (const [path, json] of Object.entries(a.routes)) {
      const body = JSON.parse(json) as unknown;
      app.get(path, async () => body);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, pid: process.pid };
  },
});
