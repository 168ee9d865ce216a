import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerOptions, frameText } from '../../test/support/realtime-fakes.js';
import { StompBroker } from './broker.js';
import { attachRealtime, type RealtimeTransport } from './transport.js';

/**
 * Issue 15, finding 1: /ws-endpoint answers are never documents an attacker can use. The htmlfile and
 * jsonp transports (which wrap client-influenced frames in script) are gone, every answer carries the
 * API's headers, and CORS is as closed as the API's.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const EVIL = 'https://evil.example';
const ALLOWED = 'https://counter.example.in';
const HOSTILE = '</script><script>window.pwned=1</script>&';

interface Harness {
  base: string;
  port: number;
  close(): Promise<void>;
}

async function startServer(): Promise<Harness> {
  const server = http.createServer((_req, res) => res.end('app'));
  const broker = new StompBroker(brokerOptions());
  const transport: RealtimeTransport = attachRealtime(server, broker, { corsOrigins: [ALLOWED], disconnectDelayMs: 2000 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await transport.close();
      broker.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Status and headers of an answer, reading at most the head: streaming transports never end on their own. */
async function head(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: () => Promise<string>; done: () => void }> {
  const controller = new AbortController();
  const res = await fetch(url, { ...init, signal: controller.signal });
  return {
    status: res.status,
    headers: res.headers,
    body: async () => {
      try {
        return await res.text();
      } finally {
        controller.abort();
      }
    },
    done: () => controller.abort(),
  };
}

/** Sends a raw HTTP/1.1 request and answers the status line and headers the server wrote. */
function rawHead(port: number, request: string): Promise<{ status: number; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setTimeout(3000, () => socket.destroy(new Error('no answer')));
    socket.on('data', (d) => {
      text += d.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      socket.destroy();
      resolve({ status: Number(statusLine?.split(' ')[1]), headers });
    });
    socket.on('error', reject);
  });
}

const sessionUrl = (h: Harness, sid: string, transport: string) => `${h.base}/ws-endpoint/000/${sid}/${transport}`;
let sessionSeq = 0;
const newSession = () => `s${Date.now()}x${++sessionSeq}`;

function expectApiHeaders(get: (name: string) => string | null | undefined, what: string) {
  for (const [name, value] of Object.entries(API_HEADERS)) expect(get(name), `${what}: ${name}`).toBe(value);
}

describe('SockJS endpoint hardening', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it('answers 404 to htmlfile, jsonp and jsonp_send, even for a session staged over xhr', async () => {
    const sid = newSession();
    expect((await head(sessionUrl(h, sid, 'xhr'), { method: 'POST' })).status).toBe(200);
    const staged = await fetch(sessionUrl(h, sid, 'xhr_send'), {
      method: 'POST',
      body: JSON.stringify([frameText('SEND', { receipt: HOSTILE })]),
    });
    expect(staged.status).toBe(204);
    for (const target of [sid, newSession()]) {
      const htmlfile = await head(`${sessionUrl(h, target, 'htmlfile')}?c=p`);
      expect(htmlfile.status, 'htmlfile').toBe(404);
      expect(await htmlfile.body()).not.toContain('<script');
      const jsonp = await head(`${sessionUrl(h, target, 'jsonp')}?c=p`);
      expect(jsonp.status, 'jsonp').toBe(404);
      expect(await jsonp.body()).not.toContain('p(');
      const send = await fetch(`${sessionUrl(h, target, 'jsonp_send')}?c=p`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `d=${encodeURIComponent(JSON.stringify([frameText('SEND', { receipt: HOSTILE })]))}`,
      });
      expect(send.status, 'jsonp_send').toBe(404);
    }
  });

  it('answers 404 to the iframe page, htmlfile, jsonp and jsonp_send however the path is spelled', async () => {
    const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
    const form = 'd=%5B%22x%22%5D';
    const post = (target: string) =>
      `POST ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: ${form.length}\r\n\r\n${form}`;
    const spellings: [string, string][] = [
      ['htmlfile after a backslash', get('/ws-endpoint/000/s1\\htmlfile?c=p')],
      ['htmlfile between backslashes', get('/ws-endpoint/000\\s2\\htmlfile?c=p')],
      ['jsonp after a backslash', get('/ws-endpoint/000/s3\\jsonp?c=p')],
      ['jsonp_send after a backslash', post('/ws-endpoint/000/s4\\jsonp_send?c=p')],
      ['iframe page with any character before html', get('/ws-endpoint/iframeahtml')],
      ['iframe page with a slash before html', get('/ws-endpoint/iframe/html')],
      ['iframe page after a backslash', get('/ws-endpoint\\iframe.html')],
    ];
    for (const [what, request] of spellings) expect((await rawHead(h.port, request)).status, what).toBe(404);
  });

  it('gives every answer the API security headers: info, xhr, xhr_send, xhr_streaming, eventsource, refusals and 404s', async () => {
    const sid = newSession();
    const answers: Array<[string, () => Promise<{ status: number; headers: Headers; done: () => void }>]> = [
      ['welcome', () => head(`${h.base}/ws-endpoint`)],
      ['info', () => head(`${h.base}/ws-endpoint/info?t=1`)],
      ['info preflight', () => head(`${h.base}/ws-endpoint/info`, { method: 'OPTIONS' })],
      ['xhr open', () => head(sessionUrl(h, sid, 'xhr'), { method: 'POST' })],
      ['xhr_send', () => head(sessionUrl(h, sid, 'xhr_send'), { method: 'POST', body: '["\\n"]' })],
      ['xhr_send broken JSON', () => head(sessionUrl(h, sid, 'xhr_send'), { method: 'POST', body: '[' })],
      ['xhr_send unknown session', () => head(sessionUrl(h, newSession(), 'xhr_send'), { method: 'POST', body: '["x"]' })],
      ['xhr_send too large', () => head(sessionUrl(h, newSession(), 'xhr_send'), { method: 'POST', body: 'z'.repeat(500 * 1024) })],
      ['xhr_streaming', () => head(sessionUrl(h, newSession(), 'xhr_streaming'), { method: 'POST' })],
      ['eventsource', () => head(sessionUrl(h, newSession(), 'eventsource'))],
      ['websocket without upgrade', () => head(`${h.base}/ws-endpoint/websocket`)],
      ['sockjs websocket without upgrade', () => head(sessionUrl(h, newSession(), 'websocket'))],
      ['iframe page', () => head(`${h.base}/ws-endpoint/iframe.html`)],
      ['htmlfile', () => head(`${sessionUrl(h, newSession(), 'htmlfile')}?c=p`)],
      ['jsonp', () => head(`${sessionUrl(h, newSession(), 'jsonp')}?c=p`)],
      ['unknown path', () => head(`${h.base}/ws-endpoint/no/such/thing/here`)],
    ];
    for (const [what, call] of answers) {
      const res = await call();
      expectApiHeaders((n) => res.headers.get(n), `${what} (${res.status})`);
      res.done();
    }
  });

  it('refuses bad WebSocket upgrades with the same headers, and sends them on the 101 too', async () => {
    const upgrade = (path: string, extra = '') =>
      rawHead(h.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n${extra}\r\n`);
    const key = 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';
    const refusals: Array<[string, Promise<{ status: number; headers: Map<string, string> }>]> = [
      ['raw endpoint without key', upgrade('/ws-endpoint/websocket')],
      [
        'sockjs endpoint with a bad version',
        upgrade('/ws-endpoint/000/abc/websocket', 'Sec-WebSocket-Version: 7\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'),
      ],
      ['upgrade on info', upgrade('/ws-endpoint/info', key)],
      ['upgrade on htmlfile', upgrade('/ws-endpoint/000/abc/htmlfile', key)],
    ];
    for (const [what, pending] of refusals) {
      const res = await pending;
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expectApiHeaders((n) => res.headers.get(n), what);
    }
    const accepted = await upgrade('/ws-endpoint/websocket', `${key}Sec-WebSocket-Protocol: v12.stomp\r\n`);
    expect(accepted.status).toBe(101);
    expectApiHeaders((n) => accepted.headers.get(n), 'accepted upgrade');
  });

  it('sends no Access-Control-Allow-Origin or credentials to a foreign origin, and opens only to CORS_ORIGINS', async () => {
    const sid = newSession();
    const calls = (origin: string) =>
      [
        () => head(`${h.base}/ws-endpoint/info`, { headers: { origin } }),
        () =>
          head(`${h.base}/ws-endpoint/info`, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-evil' },
          }),
        () => head(sessionUrl(h, sid, 'xhr'), { method: 'POST', headers: { origin } }),
        () => head(sessionUrl(h, sid, 'xhr_send'), { method: 'POST', headers: { origin }, body: '["\\n"]' }),
        () => head(sessionUrl(h, sid, 'xhr_send'), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }),
        () => head(sessionUrl(h, newSession(), 'xhr_streaming'), { method: 'POST', headers: { origin } }),
      ] as const;
    for (const origin of [EVIL, 'null', `${ALLOWED}.evil.example`]) {
      for (const call of calls(origin)) {
        const res = await call();
        expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
        expect(res.headers.get('access-control-allow-credentials'), origin).toBeNull();
        expect(res.headers.get('access-control-allow-headers'), origin).toBeNull();
        res.done();
      }
    }
    for (const call of calls(ALLOWED)) {
      const res = await call();
      expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
      expect(res.headers.get('vary')).toMatch(/origin/i);
      res.done();
    }
    // Without an Origin (same-origin GETs, curl) there is nothing to allow either.
    expect((await head(`${h.base}/ws-endpoint/info`)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never reflects a staged hostile receipt into what a session reads back', async () => {
    const sid = newSession();
    expect(await (await head(sessionUrl(h, sid, 'xhr'), { method: 'POST' })).body()).toBe('o\n');
    await fetch(sessionUrl(h, sid, 'xhr_send'), {
      method: 'POST',
      body: JSON.stringify([frameText('SEND', { receipt: HOSTILE, destination: HOSTILE })]),
    });
    const read = await fetch(sessionUrl(h, sid, 'xhr'), { method: 'POST' });
    const body = await read.text();
    expect(body).toMatch(/ERROR/);
    expect(body).not.toMatch(/[<>&]/);
  });
});
