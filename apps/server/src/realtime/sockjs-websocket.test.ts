import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { brokerOptions, deferred, frameText, waitFor } from '../../test/support/realtime-fakes.js';
import { StompBroker } from './broker.js';
import { quote } from './sockjs-websocket.js';
import { attachRealtime, type RealtimeTransport } from './transport.js';

let server: http.Server;
let broker: StompBroker;
let transport: RealtimeTransport;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('app'));
  broker = new StompBroker(brokerOptions());
  transport = attachRealtime(server, broker, { maxMessageBytes: 16 * 1024, sockjsHeartbeatMs: 100 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await transport.close();
  broker.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A SockJS session on the WebSocket transport, spoken by hand: what arrives, raw. */
async function session(path = '/ws-endpoint/123/abcdefgh/websocket') {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const frames: string[] = [];
  const closed = deferred<void>();
  ws.on('message', (d) => frames.push(d.toString()));
  ws.on('close', () => closed.resolve());
  ws.on('error', () => {});
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  const send = (...stomp: string[]) => ws.send(JSON.stringify(stomp));
  const messages = () => frames.filter((f) => f.startsWith('a')).flatMap((f) => JSON.parse(f.slice(1)) as string[]);
  return { ws, frames, closed: closed.promise, send, messages };
}

const connect = frameText('CONNECT', { 'accept-version': '1.2', host: 'x', Authorization: 'Bearer good-alice' });

describe('SockJS WebSocket transport', () => {
  it('opens with "o", carries STOMP in "a" frames both ways, several messages to one frame', async () => {
    const s = await session();
    await waitFor(() => s.frames.length > 0);
    expect(s.frames[0]).toBe('o');
    s.send(connect, frameText('SUBSCRIBE', { id: 'sub-0', destination: '/topic/shops/shop1/jobs', receipt: 'r1' }));
    await waitFor(() => s.messages().some((m) => m.startsWith('RECEIPT')), 5000, 'receipt');
    expect(s.messages()[0]).toMatch(/^CONNECTED\n/);
    expect(broker.publish('shop1', { action: 'created', job: { id: 'j1', name: 'line\u2028sep' } })).toBe(1);
    await waitFor(() => s.messages().some((m) => m.startsWith('MESSAGE')));
    const frame = s.frames.find((f) => f.includes('MESSAGE'))!;
    expect(frame).toContain('\\u2028'); // escaped on the wire as sockjs-node does
    const message = s.messages().find((m) => m.startsWith('MESSAGE'))!;
    expect(JSON.parse(message.slice(message.indexOf('\n\n') + 2, -1))).toEqual({
      action: 'created',
      job: { id: 'j1', name: 'line\u2028sep' },
    });
    s.ws.close();
  });

  it('sends "h" heart-beats', async () => {
    const s = await session();
    await waitFor(() => s.frames.filter((f) => f === 'h').length >= 2, 2000, 'two heart-beats');
    s.ws.close();
  });

  it('closes with c[3000,"Broken framing."] on input that is not JSON, or not strings', async () => {
    for (const bad of ['not json', '[1]', '{"a":1}']) {
      const s = await session();
      s.ws.send(bad);
      await s.closed;
      expect(s.frames.at(-1)).toBe('c[3000,"Broken framing."]');
    }
  });

  it('accepts a single string message as well as an array', async () => {
    const s = await session();
    s.ws.send(JSON.stringify(connect));
    await waitFor(() => s.messages().some((m) => m.startsWith('CONNECTED')));
    s.ws.close();
  });

  it('ends a session with c[3000,"Go away!"] when the server closes it', async () => {
    const s = await session();
    s.send(connect);
    await waitFor(() => s.messages().some((m) => m.startsWith('CONNECTED')));
    s.send(frameText('SUBSCRIBE', { id: '1', destination: '/topic/shops/nope/jobs' }));
    await s.closed;
    expect(s.messages().at(-1)).toMatch(/^ERROR\n/);
    expect(s.frames.at(-1)).toBe('c[3000,"Go away!"]');
  });

  it('leaves other paths under the prefix to sockjs-node', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/ws-endpoint/123/abcdefgh/websocket`);
    expect(res.status).toBe(400); // a plain GET where an upgrade belongs
    for (const path of ['/ws-endpoint/a.b/abcdefgh/websocket', '/ws-endpoint/123/websocket/x']) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
      const status = deferred<number>();
      ws.on('unexpected-response', (_req, r) => status.resolve(r.statusCode ?? 0));
      ws.on('open', () => status.resolve(101));
      ws.on('error', () => status.resolve(-1));
      expect(await status.promise).not.toBe(101);
    }
  });

  it('quotes like sockjs-node: JSON plus the characters browsers mangle', () => {
    expect(quote('a"b\n')).toBe('"a\\"b\\n"');
    expect(quote('\u2028\u200c\ufff0\ud800')).toBe('"\\u2028\\u200c\\ufff0\\ud800"');
    expect(quote('\u0001\u{1f600}')).toBe('"\\u0001\\ud83d\\ude00"');
    for (const text of ['MESSAGE\n\n{"a":"\u2028"}\u0000', '\u{1f600} é \t']) expect(JSON.parse(quote(text))).toBe(text);
  });
});
