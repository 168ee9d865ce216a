import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IFrame, type StompConfig } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { brokerOptions, deferred, frameText, waitFor } from '../../test/support/realtime-fakes.js';
import { type BrokerOptions, StompBroker } from './broker.js';
import { attachRealtime, type RealtimeTransport } from './transport.js';

// @stomp/stompjs looks for a global WebSocket for brokerURL; Node 20 has none.
Object.assign(globalThis, { WebSocket });

interface Harness {
  port: number;
  broker: StompBroker;
  transport: RealtimeTransport;
  close(): Promise<void>;
}

async function startServer(opts: Partial<BrokerOptions> = {}): Promise<Harness> {
  const server = http.createServer((_req, res) => res.end('app'));
  const broker = new StompBroker(brokerOptions(opts));
  const transport = attachRealtime(server, broker, { maxMessageBytes: 16 * 1024 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    broker,
    transport,
    close: async () => {
      await transport.close();
      broker.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** 'sockjs-xhr' forces SockJS's HTTP fallback (xhr-streaming receive, xhr_send). */
type Kind = 'sockjs' | 'sockjs-xhr' | 'ws';
const clients: Client[] = [];

function stomp(h: Harness, kind: Kind, token: string | undefined, extra: Partial<StompConfig> = {}) {
  const connected = deferred<IFrame>();
  const error = deferred<IFrame>();
  const closed = deferred<void>();
  const messages: unknown[] = [];
  const client = new Client({
    ...(kind === 'ws'
      ? { brokerURL: `ws://127.0.0.1:${h.port}/ws-endpoint/websocket` }
      : {
          webSocketFactory: () =>
            new SockJS(`http://127.0.0.1:${h.port}/ws-endpoint`, undefined, {
              transports: kind === 'sockjs' ? ['websocket'] : ['xhr-streaming'],
            }),
        }),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 20_000,
    debug: () => {},
    onConnect: (f) => connected.resolve(f),
    onStompError: (f) => error.resolve(f),
    onWebSocketClose: () => closed.resolve(),
    ...extra,
  });
  clients.push(client);
  client.activate();
  /** Subscribes and resolves once the server has registered the subscription (via a receipt). */
  const subscribe = (shopId: string) => {
    const receipt = `sub-${Math.random()}`;
    const done = deferred<void>();
    client.watchForReceipt(receipt, () => done.resolve());
    client.subscribe(`/topic/shops/${shopId}/jobs`, (m) => messages.push(JSON.parse(m.body)), { receipt });
    return done.promise;
  };
  return { client, connected: connected.promise, error: error.promise, closed: closed.promise, messages, subscribe };
}

/** A bare `ws` client speaking STOMP by hand, for malformed input. */
async function rawWs(h: Harness, protocols = ['v12.stomp']) {
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}/ws-endpoint/websocket`, protocols);
  const received: string[] = [];
  const closed = deferred<number>();
  ws.on('message', (d) => received.push(d.toString()));
  ws.on('close', (code) => closed.resolve(code));
  ws.on('error', () => {});
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  return { ws, received, closed: closed.promise };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
});

describe.each<Kind>(['sockjs', 'sockjs-xhr', 'ws'])('STOMP over %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it('connects, subscribes and receives a published job as JSON', async () => {
    const c = stomp(h, kind, 'good-alice');
    const frame = await c.connected;
    expect(frame.headers).toMatchObject({ version: '1.2', 'heart-beat': '0,20000', server: 'Counterprint/1' });
    const used = (c.client.webSocket as unknown as { transport?: string; protocol?: string }) ?? {};
    if (kind === 'ws') expect(used.protocol).toBe('v12.stomp');
    else expect(used.transport).toBe(kind === 'sockjs' ? 'websocket' : 'xhr-streaming');
    await c.subscribe('shop1');
    expect(h.broker.publish('shop1', { action: 'created', job: { id: 'j1', sheets: 3 } })).toBe(1);
    await waitFor(() => c.messages.length === 1, 5000, 'message');
    expect(c.messages[0]).toEqual({ action: 'created', job: { id: 'j1', sheets: 3 } });
  });

  it.each([
    [undefined, 'Authentication failed'],
    ['forged', 'Authentication failed'],
    ['expired-alice', 'JWT expired'],
  ])('refuses token %s with ERROR %s and closes', async (token, message) => {
    const c = stomp(h, kind, token);
    expect((await c.error).headers.message).toBe(message);
    await c.closed;
  });

  it('refuses a subscription to another shop', async () => {
    const c = stomp(h, kind, 'good-bob');
    await c.connected;
    c.client.subscribe('/topic/shops/shop1/jobs', () => {});
    expect((await c.error).headers.message).toBe('Access denied to /topic/shops/shop1/jobs');
    await c.closed;
  });

  it('refuses SEND', async () => {
    const c = stomp(h, kind, 'good-alice');
    await c.connected;
    c.client.publish({ destination: '/topic/shops/shop1/jobs', body: '{}' });
    expect((await c.error).headers.message).toBe('SEND is not allowed');
    await c.closed;
  });

  it('closes the session when the token expires', async () => {
    const c = stomp(h, kind, 'short-alice-400');
    await c.connected;
    await c.subscribe('shop1');
    expect((await c.error).headers.message).toBe('JWT expired');
    await c.closed;
  });

  it('disconnects cleanly with a receipt', async () => {
    const c = stomp(h, kind, 'good-alice');
    await c.connected;
    await c.subscribe('shop2');
    const before = h.broker.stats().sessions;
    await c.client.deactivate();
    await waitFor(() => h.broker.stats().sessions === before - 1, 5000, 'session gone');
  });
});

describe('heart-beats over the wire', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer({ heartbeatMinMs: 100 });
  });
  afterAll(() => h.close());

  it.each<Kind>(['sockjs', 'sockjs-xhr', 'ws'])('keeps a %s client that beats every 150 ms alive well past 2x', async (kind) => {
    const c = stomp(h, kind, 'good-alice', { heartbeatOutgoing: 150, heartbeatIncoming: 0 });
    expect((await c.connected).headers['heart-beat']).toBe('0,150');
    await c.subscribe('shop1');
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.client.connected).toBe(true);
    h.broker.publish('shop1', { action: 'updated', job: { id: 'j' } });
    await waitFor(() => c.messages.length === 1);
  });

  it('closes a client that promised beats and went silent', async () => {
    const r = await rawWs(h);
    r.ws.send(frameText('CONNECT', { 'accept-version': '1.2', 'heart-beat': '100,0', Authorization: 'Bearer good-alice' }));
    const started = Date.now();
    await r.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(r.received.at(-1)).toContain('message:Heart-beat timeout');
  });
});

describe('transport edges', () => {
  let h: Harness;
  beforeAll(async () => {
    // One user holds the 200 sessions of the fan-out test below: lift the per-user cap for it.
    h = await startServer({ maxSessionsPerUser: 250 });
  });
  afterAll(() => h.close());

  it('negotiates the best STOMP subprotocol offered', async () => {
    const a = await rawWs(h, ['v10.stomp', 'v12.stomp', 'v11.stomp']);
    expect(a.ws.protocol).toBe('v12.stomp');
    const b = await rawWs(h, ['v10.stomp']);
    expect(b.ws.protocol).toBe('v10.stomp');
    a.ws.close();
    b.ws.close();
  });

  it('answers malformed frames with ERROR and close, and keeps serving others', async () => {
    const good = stomp(h, 'ws', 'good-alice');
    await good.connected;
    await good.subscribe('shop1');
    const inputs = [
      'CONNECT\nno-colon\n\n\0',
      frameText('SUBSCRIBE', { id: '1', destination: '/topic/shops/shop1/jobs' }),
      `CONNECT\n${'x:y\n'.repeat(100)}\n\0`,
      'SEND\ncontent-length:99999999\n\n',
    ];
    for (const input of inputs) {
      const r = await rawWs(h);
      r.ws.send(input);
      await r.closed;
      expect(r.received.at(-1)).toMatch(/^ERROR\n/);
    }
    const big = await rawWs(h);
    big.ws.send('x'.repeat(20 * 1024));
    expect(await big.closed).toBe(1009);
    h.broker.publish('shop1', { action: 'created', job: { id: 'still-here' } });
    await waitFor(() => good.messages.length === 1);
  });

  it.each<Kind>(['sockjs', 'sockjs-xhr'])('closes a %s session that sends an oversized message', async (kind) => {
    const c = stomp(h, kind, 'good-alice');
    await c.connected;
    const before = h.broker.stats().sessions;
    c.client.webSocket?.send('y'.repeat(40 * 1024));
    await waitFor(() => h.broker.stats().sessions === before - 1, 5000, 'session dropped');
  });

  it('refuses an oversized xhr_send body before buffering it', async () => {
    const res = await fetch(`http://127.0.0.1:${h.port}/ws-endpoint/000/abcdefgh/xhr_send`, {
      method: 'POST',
      body: 'z'.repeat(200 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it('answers upgrades on unknown paths with 404', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/elsewhere`);
    const status = deferred<number>();
    ws.on('unexpected-response', (_req, res) => status.resolve(res.statusCode ?? 0));
    ws.on('error', () => status.resolve(-1));
    expect(await status.promise).toBe(404);
  });

  it('serves SockJS info, hides the iframe page and leaves other requests to the app', async () => {
    const base = `http://127.0.0.1:${h.port}`;
    const info = await fetch(`${base}/ws-endpoint/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ websocket: true });
    expect((await fetch(`${base}/ws-endpoint/iframe.html`)).status).toBe(404);
    expect(await (await fetch(`${base}/api/health`)).text()).toBe('app');
  });

  it('delivers one publish to 200 subscribers', async () => {
    const subs = Array.from({ length: 200 }, () => stomp(h, 'ws', 'good-alice'));
    await Promise.all(subs.map((s) => s.connected));
    await Promise.all(subs.map((s) => s.subscribe('shop2')));
    const started = performance.now();
    expect(h.broker.publish('shop2', { action: 'created', job: { id: 'many' } })).toBe(200);
    await waitFor(() => subs.every((s) => s.messages.length === 1), 10_000, 'all 200 deliveries');
    const ms = performance.now() - started;
    console.info(`publish reached 200 stompjs subscribers in ${ms.toFixed(1)} ms`);
  });

  it('closes every session on shutdown', async () => {
    const own = await startServer();
    const a = stomp(own, 'ws', 'good-alice');
    const b = stomp(own, 'sockjs', 'good-bob');
    await Promise.all([a.connected, b.connected]);
    expect(own.transport.connections()).toBe(2);
    await own.close();
    await Promise.all([a.closed, b.closed]);
    expect(own.broker.stats().sessions).toBe(0);
  });
});
