import { existsSync, readdirSync } from 'node:fs';
import { type AddressInfo, connect, type Socket } from 'node:net';
import path from 'node:path';
import { Client, type IFrame } from '@stomp/stompjs';
import { sql } from 'drizzle-orm';
import SockJS from 'sockjs-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DATABASE_KINDS } from '../../test/support/database.js';
import { blobKeys, multipart, ownerWithShop } from '../../test/support/fixtures.js';
import { createTestApp, type TestApp } from '../../test/support/harness.js';
import { uniqueImage } from '../../test/support/server-client.js';
import type { Config } from '../config.js';
import { queryRows } from '../db/index.js';

Object.assign(globalThis, { WebSocket });

const KiB = 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw HTTP/1.1 client: writes what it is told, when it is told, and records the answer and the close. */
type Raw = {
  socket: Socket;
  text(): string;
  status(): number | undefined;
  body(): { error?: string; code?: string; jobId?: string } | undefined;
  closedAt: number | undefined;
  closed: Promise<void>;
  write(b: Buffer | string): Promise<void>;
};

function raw(port: number, localAddress = '127.0.0.1'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    const r: Raw = {
      socket,
      text: () => received,
      status: () => {
        const m = /^HTTP\/1\.1 (\d{3})/.exec(received);
        return m ? Number(m[1]) : undefined;
      },
      body: () => {
        const at = received.indexOf('\r\n\r\n');
        if (at < 0) return undefined;
        try {
          return JSON.parse(received.slice(at + 4));
        } catch {
          return undefined;
        }
      },
      closedAt: undefined,
      closed: new Promise<void>((done) => socket.once('close', () => done())),
      write: (b) =>
        new Promise<void>((done) => {
          if (socket.destroyed) return done();
          socket.write(b, () => done());
        }),
    };
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (received += c));
    socket.on('error', () => {});
    socket.once('close', () => (r.closedAt = Date.now()));
    socket.once('connect', () => resolve(r));
    socket.once('error', reject);
  });
}

const head = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** Sends `body` in `chunk`-byte pieces `everyMs` apart, stopping when told or when the socket goes. */
async function trickle(r: Raw, body: Buffer, chunk: number, everyMs: number, stopAt = body.length): Promise<void> {
  for (let at = 0; at < stopAt && !r.socket.destroyed; at += chunk) {
    await r.write(body.subarray(at, Math.min(at + chunk, stopAt)));
    if (everyMs > 0) await sleep(everyMs);
  }
}

async function appWith(config: Partial<Config>, kind: 'pglite' | 'postgres' = 'pglite') {
  const t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' }, config });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const owner = await ownerWithShop(t.app, 'guard@example.com');
  return { t, port, owner };
}

const jobCount = async (t: TestApp) =>
  Number((await queryRows<{ n: string }>(t.deps.database.db, sql`SELECT count(*) AS n FROM jobs`))[0]!.n);
const tempFiles = (t: TestApp) => {
  const dir = path.join(t.dataDir, 'blobs', '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function uploadForm(bytes: number, name = 'photo.png') {
  return multipart([
    { name: 'name', value: 'Asha' },
    { name: 'files', filename: name, data: uniqueImage(bytes), type: 'image/png' },
  ]);
}

describe.each(DATABASE_KINDS)('request and upload body timeouts over real sockets on %s', (kind) => {
  const TIMEOUT = 1000;
  let env: Awaited<ReturnType<typeof appWith>>;

  beforeAll(async () => {
    env = await appWith(
      { requestTimeoutMs: TIMEOUT, uploadProgressWindowMs: 1000, uploadMinProgressBytes: 4 * KiB, uploadsPerAddress: 100 },
      kind,
    );
  });
  afterAll(async () => env?.t.close());

  it('cuts a JSON body that trickles 1 byte a second with 408 and closes the connection, within the timeout', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'slow@example.com', password: 'passw0rd-ok' }));
    const r = await raw(env.port);
    const started = Date.now();
    await r.write(head('POST', '/api/auth/signin', { 'content-type': 'application/json', 'content-length': body.length }));
    void trickle(r, body, 1, 1000);
    await Promise.race([r.closed, sleep(8000)]);
    expect(r.closedAt, 'the connection was closed').toBeDefined();
    expect(r.closedAt! - started).toBeLessThan(TIMEOUT + 2000);
    expect(r.status(), r.text()).toBe(408);
    expect(r.body()).toEqual({
      code: 'REQUEST_TIMEOUT',
      error: 'The request took too long to arrive. Please check your connection and try again.',
    });
    expect(r.text()).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('closes 50 slow JSON bodies within the timeout, and still serves others meanwhile', async () => {
    const started = Date.now();
    const clients = await Promise.all(Array.from({ length: 50 }, () => raw(env.port)));
    for (const r of clients) {
      await r.write(head('PUT', '/api/settings/shop', { 'content-type': 'application/json', 'content-length': 1000 }));
      void trickle(r, Buffer.alloc(1000, 0x20), 1, 500);
    }
    const health = await fetch(`http://127.0.0.1:${env.port}/api/health`);
    expect(health.status).toBe(200);
    await Promise.race([Promise.all(clients.map((r) => r.closed)), sleep(10_000)]);
    const open = clients.filter((r) => r.closedAt === undefined).length;
    expect(open, 'connections still open').toBe(0);
    const slowest = Math.max(...clients.map((r) => r.closedAt! - started));
    expect(slowest).toBeLessThan(TIMEOUT + 2000);
    expect(new Set(clients.map((r) => r.status()))).toEqual(new Set([408]));
  });

  it('cuts a slow-loris header phase (Node headersTimeout, set to the request timeout)', async () => {
    const r = await raw(env.port);
    const started = Date.now();
    void (async () => {
      await r.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      for (let i = 0; i < 20 && !r.socket.destroyed; i++) {
        await r.write(`X-Slow-${i}: 1\r\n`);
        await sleep(500);
      }
    })();
    await Promise.race([r.closed, sleep(8000)]);
    expect(r.closedAt, 'the connection was closed').toBeDefined();
    expect(r.closedAt! - started).toBeLessThan(TIMEOUT + 2000);
  });

  it('cuts an upload that stalls below the minimum progress with 408, leaving no job, blob or temp file', async () => {
    const { t, port, owner } = env;
    const [jobs, blobs] = [await jobCount(t), await blobKeys(t.deps.blobs)];
    const form = await uploadForm(200 * KiB);
    const r = await raw(port);
    const started = Date.now();
    await r.write(head('POST', `/api/public/shops/${owner.shop.slug}/jobs`, { ...form.headers, 'content-length': form.payload.length }));
    // 64 KiB at once (a file is being stored), then a byte every 400 ms: under 4 KiB a second.
    await r.write(form.payload.subarray(0, 64 * KiB));
    void trickle(r, form.payload.subarray(64 * KiB), 1, 400);
    await Promise.race([r.closed, sleep(10_000)]);
    expect(r.closedAt, 'the connection was closed').toBeDefined();
    expect(r.closedAt! - started).toBeLessThan(4000);
    expect(r.status(), r.text()).toBe(408);
    expect(r.body()?.code).toBe('UPLOAD_TOO_SLOW');
    expect(r.body()?.error).toBe('The upload stalled: less than 4 KiB arrived in 1 seconds. Please try again on a steadier connection.');
    expect(await jobCount(t)).toBe(jobs);
    expect(await blobKeys(t.deps.blobs)).toEqual(blobs);
    expect(tempFiles(t)).toEqual([]);
  });

  it('cuts a stalled banner upload in settings with 408 and stores no banner', async () => {
    const { t, port, owner } = env;
    const blobs = await blobKeys(t.deps.blobs);
    const form = await multipart([{ name: 'banners', filename: 'wide.png', data: uniqueImage(300 * KiB), type: 'image/png' }]);
    const r = await raw(port);
    await r.write(
      head('POST', `/api/settings/banners/upload?shopId=${owner.shop.id}`, {
        ...form.headers,
        ...owner.auth,
        'content-length': form.payload.length,
      }),
    );
    await r.write(form.payload.subarray(0, 32 * KiB));
    await Promise.race([r.closed, sleep(10_000)]);
    expect(r.status(), r.text()).toBe(408);
    expect(r.body()?.code).toBe('UPLOAD_TOO_SLOW');
    expect(await blobKeys(t.deps.blobs)).toEqual(blobs);
    expect(tempFiles(t)).toEqual([]);
  });

  it('cuts a stalled onboarding upload with 408 and creates no shop', async () => {
    const { t, port, owner } = env;
    const shops = async () => Number((await queryRows<{ n: string }>(t.deps.database.db, sql`SELECT count(*) AS n FROM shops`))[0]!.n);
    const before = await shops();
    const form = await multipart([
      { name: 'shop', value: JSON.stringify({ shopName: 'Stalled Prints', category: 'Printing', address: '1 Slow Lane' }) },
      { name: 'banners', filename: 'wide.png', data: uniqueImage(300 * KiB), type: 'image/png' },
    ]);
    const r = await raw(port);
    await r.write(
      head('POST', '/api/public/onboarding-shops/create', { ...form.headers, ...owner.auth, 'content-length': form.payload.length }),
    );
    await r.write(form.payload.subarray(0, 32 * KiB));
    await Promise.race([r.closed, sleep(10_000)]);
    expect(r.status(), r.text()).toBe(408);
    expect(r.body()?.code).toBe('UPLOAD_TOO_SLOW');
    expect(await shops()).toBe(before);
  });

  it('accepts an upload that trickles steadily above the minimum, for several times the request timeout', async () => {
    const { t, port, owner } = env;
    const jobs = await jobCount(t);
    const form = await uploadForm(120 * KiB);
    const r = await raw(port);
    const started = Date.now();
    await r.write(head('POST', `/api/public/shops/${owner.shop.slug}/jobs`, { ...form.headers, 'content-length': form.payload.length }));
    // 2 KiB every 100 ms: 20 KiB/s, a 2G phone scaled to the test's window.
    await trickle(r, form.payload, 2 * KiB, 100);
    await Promise.race([
      r.closed,
      sleep(10_000),
      (async () => {
        while (!r.body()) await sleep(20);
      })(),
    ]);
    expect(Date.now() - started).toBeGreaterThan(4 * TIMEOUT);
    expect(r.status(), r.text()).toBe(201);
    expect(r.body()?.jobId).toBeDefined();
    expect(await jobCount(t)).toBe(jobs + 1);
    r.socket.destroy();
  });
});

describe('concurrent uploads per client address', () => {
  let env: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    env = await appWith({ uploadsPerAddress: 10 });
  });
  afterAll(async () => env?.t.close());

  it('answers the 11th concurrent upload from one address with 429, while another address still gets through', async () => {
    const { t, port, owner } = env;
    const url = `/api/public/shops/${owner.shop.slug}/jobs`;
    const form = await uploadForm(64 * KiB);
    const start = head('POST', url, { ...form.headers, 'content-length': form.payload.length });
    const holders = await Promise.all(Array.from({ length: 10 }, () => raw(port)));
    for (const r of holders) {
      await r.write(start);
      await r.write(form.payload.subarray(0, 1024));
    }
    await sleep(300);

    const eleventh = await raw(port);
    await eleventh.write(start);
    await eleventh.write(form.payload);
    await Promise.race([
      eleventh.closed,
      sleep(5000),
      (async () => {
        while (!eleventh.body()) await sleep(20);
      })(),
    ]);
    expect(eleventh.status(), eleventh.text()).toBe(429);
    expect(eleventh.body()).toEqual({
      code: 'TOO_MANY_UPLOADS',
      error: 'Too many uploads from your network at once. Please wait for one to finish, then try again.',
    });

    const other = await raw(port, '127.0.0.2');
    await other.write(start);
    await other.write(form.payload);
    await Promise.race([
      other.closed,
      sleep(5000),
      (async () => {
        while (!other.body()) await sleep(20);
      })(),
    ]);
    expect(other.status(), other.text()).toBe(201);

    // The held ones finish, and their address may upload again.
    for (const r of holders) await r.write(form.payload.subarray(1024));
    await Promise.race([
      Promise.all(
        holders.map(async (r) => {
          while (!r.body()) await sleep(20);
        }),
      ),
      sleep(10_000),
    ]);
    expect(holders.map((r) => r.status())).toEqual(Array(10).fill(201));
    const again = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(again.status).toBe(201);
    for (const r of [...holders, eleventh, other]) r.socket.destroy();
    expect(await jobCount(t)).toBe(12);
  });
});

describe('long-lived realtime sessions are not request-timed', () => {
  const TIMEOUT = 500;
  let env: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    env = await appWith({ requestTimeoutMs: TIMEOUT, uploadProgressWindowMs: TIMEOUT });
  });
  afterAll(async () => env?.t.close());

  it.each([
    ['raw WebSocket', 'ws'],
    ['SockJS over WebSocket', 'sockjs-ws'],
    ['SockJS over xhr-streaming', 'sockjs-xhr'],
  ] as const)('keeps a %s session open past the request timeout and delivers to it', async (_name, kind) => {
    const { t, port, owner } = env;
    const messages: string[] = [];
    const errors: IFrame[] = [];
    let closed = false;
    let subscribed = false;
    const client = new Client({
      ...(kind === 'ws'
        ? { brokerURL: `ws://127.0.0.1:${port}/ws-endpoint/websocket` }
        : {
            webSocketFactory: () =>
              new SockJS(`http://127.0.0.1:${port}/ws-endpoint`, undefined, {
                transports: kind === 'sockjs-ws' ? ['websocket'] : ['xhr-streaming'],
              }),
          }),
      connectHeaders: { Authorization: `Bearer ${owner.token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    client.onConnect = () => {
      client.subscribe(`/topic/shops/${owner.shop.id}/jobs`, (m) => messages.push(m.body), { receipt: 'sub' });
      client.watchForReceipt('sub', () => (subscribed = true));
    };
    client.onStompError = (f) => errors.push(f);
    client.onWebSocketClose = () => (closed = true);
    client.activate();
    try {
      const deadline = Date.now() + 5000;
      while (!subscribed && Date.now() < deadline) await sleep(20);
      expect(subscribed, 'subscribed').toBe(true);
      await sleep(TIMEOUT * 6);
      expect(closed).toBe(false);
      expect(errors).toEqual([]);
      const form = await uploadForm(4 * KiB);
      const res = await t.app.inject({ method: 'POST', url: `/api/public/shops/${owner.shop.slug}/jobs`, ...form });
      expect(res.statusCode).toBe(201);
      const until = Date.now() + 5000;
      while (messages.length === 0 && Date.now() < until) await sleep(20);
      expect(messages.length).toBeGreaterThan(0);
      expect(closed).toBe(false);
    } finally {
      await client.deactivate();
    }
  });
});
