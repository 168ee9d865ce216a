/**
 * Baseline for realtime delivery: a bare `ws` server that speaks just enough STOMP for the same
 * `@stomp/stompjs` subscribers (CONNECTED, RECEIPT) and, for every POST it answers, broadcasts one MESSAGE
 * with the same body the real server sends for a new job, right after the 201 response. No broker, no
 * auth, no database, no blob store: what is left is the WebSocket fan-out itself.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { serveDriver } from '../lib/driver.js';

const headersOf = (frame: string) => {
  const out: Record<string, string> = {};
  for (const line of frame.slice(0, frame.indexOf('\n\n')).split('\n').slice(1)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
};

serveDriver({
  /** `template` is a real MESSAGE body with `JOB_ID` where the job's id goes. */
  async listen(a: { template: string }) {
    const subscribers = new Map<WebSocket, { id: string; destination: string }>();
    let seq = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const jobId = randomUUID();
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId }));
        const body = a.template.replace('JOB_ID', jobId);
        const length = Buffer.byteLength(body);
        for (const [ws, sub] of subscribers) {
          ws.send(
            `MESSAGE\ndestination:${sub.destination}\nsubscription:${sub.id}\nmessage-id:m-${seq++}\ncontent-type:application/json\ncontent-length:${length}\n\n${body}\0`,
          );
        }
      });
    });
    const wss = new WebSocketServer({ server, handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false) });
    wss.on('connection', (ws) => {
      ws.on('message', (data) => {
        const frame = data.toString().replace(/^\n+/, '');
        const command = frame.slice(0, frame.indexOf('\n'));
        const h = headersOf(frame);
        if (command === 'CONNECT' || command === 'STOMP') ws.send('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
        if (command === 'SUBSCRIBE') subscribers.set(ws, { id: h.id ?? '0', destination: h.destination ?? '' });
        if (command === 'DISCONNECT') subscribers.delete(ws);
        if (h.receipt) ws.send(`RECEIPT\nreceipt-id:${h.receipt}\n\n\0`);
      });
      ws.on('close', () => subscribers.delete(ws));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid };
  },
});
