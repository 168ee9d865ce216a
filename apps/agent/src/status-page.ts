import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small page on this PC only (127.0.0.1) that says whether the agent is connected, its printers and the
 * last job, for a shop owner who cannot see a console window (docs/agent-windows.md).
 */

export type AgentStatus = {
  version: string;
  shopName: string | null;
  connected: boolean;
  printers: { name: string; state: 'idle' | 'printing' | 'stopped'; reasons: string[] }[];
  lastJob: { name: string; printer: string; outcome: string; at: string } | null;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function renderStatusPage(s: AgentStatus): string {
  const printers = s.printers.length
    ? s.printers
        .map((p) => {
          const why = p.reasons.length ? `: ${p.reasons.join(', ')}` : '';
          return `<li>${escapeHtml(p.name)} — ${p.state === 'stopped' ? 'stopped' : p.state === 'printing' ? 'printing' : 'ready'}${escapeHtml(why)}</li>`;
        })
        .join('')
    : '<li>No printers yet</li>';
  const last = s.lastJob
    ? `${escapeHtml(s.lastJob.name)} on ${escapeHtml(s.lastJob.printer)}: ${escapeHtml(s.lastJob.outcome)} (${escapeHtml(s.lastJob.at)})`
    : 'None since the agent started';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">',
    '<title>Counterprint agent</title><style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:40rem}',
    '.ok{color:#047857}.bad{color:#b91c1c}</style></head><body>',
    `<h1>Counterprint agent ${escapeHtml(s.version)}</h1>`,
    `<p class="${s.connected ? 'ok' : 'bad'}">${s.connected ? 'Connected' : 'Not connected'}${s.shopName ? ` to ${escapeHtml(s.shopName)}` : ''}</p>`,
    `<h2>Printers</h2><ul>${printers}</ul>`,
    `<h2>Last job</h2><p>${last}</p>`,
    '</body></html>',
  ].join('');
}

export type StatusPage = { url: string; close: () => Promise<void> };

/** Serves the page on 127.0.0.1; `port` 0 takes a free one. Another site's page in a browser cannot read it. */
export async function startStatusPage(opts: { port?: number; status: () => AgentStatus }): Promise<StatusPage> {
  const server = createServer((req, res) => answer(req, res, opts.status, port()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = () => (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port()}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function answer(req: IncomingMessage, res: ServerResponse, status: () => AgentStatus, port: number): void {
  // DNS rebinding: a page from elsewhere reaches 127.0.0.1 under its own host name; only our names answer.
  if (![`127.0.0.1:${port}`, `localhost:${port}`].includes(req.headers.host ?? '')) {
    res.writeHead(421, { 'content-type': 'text/plain' }).end('Open this page as http://127.0.0.1 on this PC');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Only GET');
    return;
  }
  const path = (req.url ?? '/').split('?')[0];
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (path === '/') {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(req.method === 'HEAD' ? undefined : renderStatusPage(status()));
  } else if (path === '/status.json') {
    res.writeHead(200, { ...headers, 'content-type': 'application/json' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(status()));
  } else {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }
}
