/**
 * Staff screens: real @stomp/stompjs clients over SockJS (sockjs-client) or a raw
 * WebSocket (ws), each subscribed to the shop's job topic. Records, per job id, the
 * moment each client's MESSAGE callback ran.
 */
import { createRequire, Module } from 'node:module';
import { Client, type IStompSocket } from '@stomp/stompjs';
import WebSocket from 'ws';
import { now, serveDriver } from '../lib/driver.js';

/**
 * sockjs-client's browser build drives the browser's own WebSocket (its package.json "browser" field
 * swaps this one module); its Node build drives faye-websocket, which no staff screen runs and which
 * cost these processes ~12 µs more per message than `ws`. So, as in a browser, its WebSocket driver is
 * a native-grade one, `ws`: every SockJS layer (session, framing, JSON decoding) still runs in full.
 */
function sockjsWithWs(): typeof import('sockjs-client') {
  const require = createRequire(import.meta.url);
  const driverPath = createRequire(require.resolve('sockjs-client')).resolve('./transport/driver/websocket.js');
  const driver = new Module(driverPath);
  driver.exports = function WebSocketBrowserDriver(url: string) {
    return new WebSocket(url);
  };
  driver.loaded = true;
  require.cache[driverPath] = driver;
  return require('sockjs-client');
}
const SockJS = sockjsWithWs();

type Transport = 'websocket' | 'sockjs';

const clients: Client[] = [];
/** job id → arrival times (one per client that got it). */
let arrivals = new Map<string, number[]>();

const HEAD = /^\{"action":"(\w+)","job":\{"id":"([0-9a-f-]{36})"/;

/**
 * The action and job id from the start of a message body. Read with a regex rather than a whole
 * JSON.parse: this process handles 500 clients' messages one after another, and its own work per
 * message would delay the time stamps of the next ones.
 */
function identify(body: string): { action: string; jobId: string } {
  const m = HEAD.exec(body);
  if (m) return { action: m[1]!, jobId: m[2]! };
  const parsed = JSON.parse(body) as { action: string; job: { id: string } };
  return { action: parsed.action, jobId: parsed.job.id };
}

function connectOne(a: { url: string; bearer: string; shopId: string; transport: Transport }, n: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = a.url.replace(/^http/, 'ws');
    const client = new Client({
      webSocketFactory: () =>
        (a.transport === 'sockjs'
          ? new SockJS(`${a.url}/ws-endpoint`, undefined, { transports: ['websocket'] })
          : new WebSocket(`${ws}/ws-endpoint/websocket`, ['v12.stomp', 'v11.stomp', 'v10.stomp'])) as unknown as IStompSocket,
      connectHeaders: { Authorization: a.bearer },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      connectionTimeout: 30_000,
      debug: () => {},
    });
    const timer = setTimeout(() => reject(new Error(`client ${n}: no subscription receipt within 60 s`)), 60_000);
    client.onConnect = () => {
      const receipt = `sub-${n}`;
      client.watchForReceipt(receipt, () => {
        clearTimeout(timer);
        resolve(client);
      });
      client.subscribe(
        `/topic/shops/${a.shopId}/jobs`,
        (msg) => {
          const at = now();
          const { action, jobId } = identify(msg.body);
          if (action !== 'created') return;
          const list = arrivals.get(jobId);
          if (list) list.push(at);
          else arrivals.set(jobId, [at]);
        },
        { receipt },
      );
    };
    client.onStompError = (f) => {
      clearTimeout(timer);
      reject(new Error(`client ${n}: STOMP ERROR ${f.headers.message ?? ''}`));
    };
    client.onWebSocketError = () => {
      clearTimeout(timer);
      reject(new Error(`client ${n}: transport error`));
    };
    client.onWebSocketClose = (ev: { code?: number; reason?: string }) => {
      clearTimeout(timer);
      reject(new Error(`client ${n}: closed (${ev?.code ?? '?'} ${ev?.reason ?? ''}) before subscribing`));
    };
    client.activate();
  });
}

serveDriver({
  /** Connects `count` clients, `parallel` at a time; resolves when every subscription is confirmed. */
  async connect(a: { url: string; bearer: string; shopId: string; transport: Transport; count: number; parallel?: number }) {
    const t0 = now();
    const retries: string[] = [];
    const parallel = a.parallel ?? 25;
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(parallel, a.count) }, async () => {
        while (next < a.count) {
          const n = next++;
          // Connecting is not what is measured: one retry keeps a rare handshake hiccup from voiding the run.
          clients.push(
            await connectOne(a, n).catch((err: Error) => {
              retries.push(err.message);
              return connectOne(a, n);
            }),
          );
        }
      }),
    );
    return { connected: clients.length, ms: now() - t0, retries };
  },
  /** Arrival times recorded so far, by job id; clears them. */
  collect() {
    const out = Object.fromEntries(arrivals);
    arrivals = new Map();
    return out;
  },
  count: () => arrivals.size,
  now: () => now(),
  async disconnect() {
    await Promise.all(clients.splice(0).map((c) => c.deactivate().catch(() => {})));
    return true;
  },
});
