/**
 * What every answer under the realtime prefix carries, since sockjs-node sends none of it: the API's
 * security headers (nothing in a SockJS answer may load, run, frame or be framed), and CORS as closed
 * as the API's: only `CORS_ORIGINS`, never an echo of any Origin (docs/decisions/011-sockjs-transports.md).
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_HEADERS } from '../http/security-headers.js';

/**
 * SockJS paths never served, answered 404 like an unknown path so sockjs-client moves on to the
 * next transport. htmlfile and jsonp wrap frames in script on our origin under a session id the
 * client picks; the iframe page loads sockjs-client into a page that could only ever be framed.
 * The `.` before `html` is any character, as in sockjs-node's own route (`/iframeahtml` is its iframe page).
 * transport.ts also replaces the steps that serve them, so a spelling this misses still gets a 404.
 */
const DISABLED = /^(?:\/iframe[0-9-.a-z_]*.html|\/[^/.]+\/[^/.]+\/(?:htmlfile|jsonp|jsonp_send))\/?$/;

export const isDisabledPath = (rest: string): boolean => DISABLED.test(rest);

/** Sets the headers on `res` before sockjs-node writes its head; its own setHeader/writeHead calls keep them. */
export function setEndpointHeaders(req: IncomingMessage, res: ServerResponse, corsOrigins: ReadonlySet<string>): void {
  for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
  res.setHeader('vary', 'Origin');
  const origin = req.headers.origin;
  if (origin === undefined || !corsOrigins.has(origin)) return;
  res.setHeader('access-control-allow-origin', origin);
  // sockjs-client's xhr transports always send credentials, which a listed origin's browser then requires.
  res.setHeader('access-control-allow-credentials', 'true');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-headers']) {
    res.setHeader('access-control-allow-headers', 'content-type');
  }
}

/** `ws`'s 'headers' event: the 101 that opens a WebSocket gets the same headers. */
export function addHandshakeHeaders(headers: string[]): void {
  for (const [name, value] of Object.entries(API_HEADERS)) headers.push(`${name}: ${value}`);
}

/** Writes a whole refusal on an upgrade socket, which has no ServerResponse to carry headers. */
export function refuseUpgrade(socket: Duplex, status: number, extra: Record<string, string> = {}): void {
  const headers = { connection: 'close', 'content-length': '0', ...API_HEADERS, ...extra };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n`);
}

/** `ws` hands its handshake refusals here (its 'wsClientError' event) instead of writing its own bare answer. */
export function refuseHandshake(err: Error, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  if (/method/i.test(err.message)) refuseUpgrade(socket, 405, { allow: 'GET' });
  else if (/Sec-WebSocket-Version/.test(err.message)) refuseUpgrade(socket, 400, { 'sec-websocket-version': '13, 8' });
  else refuseUpgrade(socket, 400);
}
