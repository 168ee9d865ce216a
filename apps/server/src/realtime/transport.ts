/**
 * Puts the broker on the HTTP server: SockJS under `prefix` (sockjs-node, but its
 * WebSocket transport is ours over `ws`: sockjs-websocket.ts), and a raw WebSocket
 * at `${prefix}/websocket` served by `ws`, because sockjs-node's own raw endpoint
 * does not negotiate the STOMP subprotocols that @stomp/stompjs's `brokerURL` asks
 * for. All of them answer before Fastify sees the request.
 *
 * Only WebSocket, xhr-streaming, eventsource and xhr-polling are served: the
 * iframe page, htmlfile and jsonp answer 404 and sockjs-client moves on to the
 * next transport. Every answer carries the API's security headers and closed CORS
 * (endpoint-headers.ts; docs/decisions/011-sockjs-transports.md).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { parse as parseUrl } from 'node:url';
import sockjs from 'sockjs';
import { type WebSocket, WebSocketServer } from 'ws';
import type { BrokerConnection, BrokerSession, RealtimeLogger, StompBroker } from './broker.js';
import { addHandshakeHeaders, isDisabledPath, refuseHandshake, refuseUpgrade, setEndpointHeaders } from './endpoint-headers.js';
import { sockjsWebSockets } from './sockjs-websocket.js';
import { frameCache, writeFrame } from './websocket-frames.js';

export interface RealtimeTransportOptions {
  /** Default '/ws-endpoint'. */
  prefix?: string;
  /** Largest WebSocket message or SockJS message accepted (default 64 KiB); larger closes the session. */
  maxMessageBytes?: number;
  /** Origins allowed to use the endpoint cross-origin (CORS_ORIGINS); default none. */
  corsOrigins?: readonly string[];
  /** How long a SockJS session survives without a receiving HTTP request (default 5 s). */
  disconnectDelayMs?: number;
  /** SockJS transport-level heartbeat (default 25 s). */
  sockjsHeartbeatMs?: number;
  logger?: RealtimeLogger;
}

export interface RealtimeTransport {
  /** Closes every realtime connection (without ERROR frames); broker timers stay until broker.close(). */
  close(): Promise<void>;
  connections(): number;
}

export const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;
/** SockJS's WebSocket transport under the prefix: /{server}/{session}/websocket. */
const SOCKJS_WEBSOCKET = /^\/[^/.]+\/[^/.]+\/websocket\/?$/;
const SEND_PATH = /\/xhr_send\/?$/;

type Listener = (...args: unknown[]) => unknown;

/** sockjs-node keeps outbound data in private fields; read them to detect slow consumers. */
interface SockjsInternals {
  _session?: {
    send_buffer?: string[];
    recv?: {
      thingy?: { writableLength?: number; destroy?: () => void };
      response?: { writableLength?: number };
    } | null;
  };
}

function sockjsBuffered(conn: sockjs.Connection): number {
  const s = (conn as unknown as SockjsInternals)._session;
  let n = (s?.recv?.thingy?.writableLength ?? 0) + (s?.recv?.response?.writableLength ?? 0);
  for (const m of s?.send_buffer ?? []) n += m.length;
  return n;
}

/**
 * The path as sockjs-node routes on it: its legacy url.parse turns `\` into `/`, so a filter on the raw
 * path would let `/ws-endpoint/000/s\htmlfile` through to the htmlfile transport.
 */
function pathOf(url: string | undefined): string {
  return parseUrl(url ?? '').pathname ?? '';
}

/** sockjs-node's per-server handler and the app whose named steps its routes run (sockjs.js, Listener). */
interface SockjsListener {
  app: Record<string, unknown>;
  getHandler(): (req: IncomingMessage, res: ServerResponse | Duplex, head?: Buffer) => boolean;
}

/**
 * The steps that serve the iframe page, htmlfile, jsonp and jsonp_send (whose form body expect_form
 * reads first). Replaced by a 404, they are unreachable however a path is spelled to match their routes.
 */
const DISABLED_STEPS = ['iframe', 'htmlfile', 'jsonp', 'expect_form', 'jsonp_send'];
const notServed = () => {
  // sockjs-node answers a thrown { status } with its handle_<status>.
  throw { status: 404 };
};

function sockjsHandler(sjs: sockjs.Server): ReturnType<SockjsListener['getHandler']> {
  const listener = (sjs as unknown as { listener(): SockjsListener }).listener();
  for (const step of DISABLED_STEPS) listener.app[step] = notServed;
  return listener.getHandler();
}

export function attachRealtime(server: Server, broker: StompBroker, opts: RealtimeTransportOptions = {}): RealtimeTransport {
  const prefix = opts.prefix ?? '/ws-endpoint';
  const maxMessageBytes = opts.maxMessageBytes ?? 64 * 1024;
  const logger = opts.logger;
  const corsOrigins = new Set(opts.corsOrigins ?? []);
  const open = new Map<BrokerSession, { close(): void; terminate(): void }>();
  const track = (conn: BrokerConnection) => {
    const session = broker.openSession(conn);
    open.set(session, conn);
    return session;
  };
  const ended = (session: BrokerSession) => {
    open.delete(session);
    session.closed();
  };

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: maxMessageBytes,
    perMessageDeflate: false,
    handleProtocols: (offered) => STOMP_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
  });
  const sockjsWss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes, perMessageDeflate: false });
  for (const server of [wss, sockjsWss]) {
    server.on('wsClientError', refuseHandshake);
    server.on('headers', addHandshakeHeaders);
  }
  const stompFrame = frameCache((text) => Buffer.from(text));
  const onWebSocket = (ws: WebSocket, socket: Duplex) => {
    const session = track({
      send: (text) => writeFrame(ws, socket, stompFrame(text)),
      close: () => ws.close(1000),
      terminate: () => ws.terminate(),
      bufferedBytes: () => ws.bufferedAmount,
    });
    ws.on('message', (data) => session.receive(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)));
    // ws closes with 1009 on an oversize message and emits 'error' first; 'close' follows.
    ws.on('error', (err) => logger?.debug({ err: err.message }, 'realtime websocket error'));
    ws.on('close', () => ended(session));
  };

  const heartbeatMs = opts.sockjsHeartbeatMs ?? 25_000;
  const sockjsWebSocket = sockjsWebSockets({ maxMessageBytes, heartbeatMs, open: track, ended, logger });

  const sjs = sockjs.createServer({
    prefix,
    // The iframe page that would load it is never served (endpoint-headers.ts).
    sockjs_url: 'about:blank',
    disconnect_delay: opts.disconnectDelayMs ?? 5000,
    heartbeat_delay: heartbeatMs,
    log: (severity, line) => {
      if (severity === 'error') logger?.warn({ line }, 'sockjs');
    },
    // Not in @types/sockjs: bounds the message size on SockJS's own WebSocket transport, and stops
    // sockjs-node answering every Origin with credentials (endpoint-headers.ts sets CORS instead).
    ...{ faye_server_options: { maxLength: maxMessageBytes }, disable_cors: true },
  });
  sjs.on('connection', (conn: sockjs.Connection | null) => {
    // sockjs-node emits null when the client vanished during the handshake.
    if (!conn) return;
    const session = track({
      send: (text) => void conn.write(text),
      close: () => void conn.close(),
      terminate: () => {
        conn.close();
        (conn as unknown as SockjsInternals)._session?.recv?.thingy?.destroy?.();
      },
      bufferedBytes: () => sockjsBuffered(conn),
    });
    conn.on('data', (msg: string) => {
      if (msg.length > maxMessageBytes) session.reject('Frame too large');
      else session.receive(msg);
    });
    conn.on('close', () => ended(session));
  });

  // As sockjs-node's installHandlers, with its disabled steps replaced: sockjs first, then the
  // listeners that existed before; our checks, and `ws` for the WebSocket paths, run before both.
  const sockjsHandle = sockjsHandler(sjs);
  const priorUpgrade = server.listeners('upgrade') as Listener[];
  const priorRequest = server.listeners('request') as Listener[];
  server.removeAllListeners('upgrade');
  server.removeAllListeners('request');

  server.on('upgrade', function onUpgrade(this: Server, req: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = pathOf(req.url);
    if (path === `${prefix}/websocket` || path === `${prefix}/websocket/`) {
      socket.on('error', () => socket.destroy());
      wss.handleUpgrade(req, socket, head, (ws) => onWebSocket(ws, socket));
      return;
    }
    if (path.startsWith(`${prefix}/`) && SOCKJS_WEBSOCKET.test(path.slice(prefix.length))) {
      socket.on('error', () => socket.destroy());
      sockjsWss.handleUpgrade(req, socket, head, (ws) => sockjsWebSocket.accept(ws, socket));
      return;
    }
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      refuseUpgrade(socket, 404);
      return;
    }
    if (sockjsHandle(req, socket, head)) return;
    for (const l of priorUpgrade) l.call(this, req, socket, head);
    // Nobody else listens for upgrades: answer rather than leave the socket hanging.
    if (priorUpgrade.length === 0 && server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404);
  });

  server.on('request', function onRequest(this: Server, req: IncomingMessage, res: ServerResponse) {
    const path = pathOf(req.url);
    const rest = path === prefix || path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : undefined;
    if (rest !== undefined) setEndpointHeaders(req, res, corsOrigins);
    if (rest !== undefined && isDisabledPath(rest)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=UTF-8' }).end('Not found\n');
      return;
    }
    // sockjs-node buffers whole POST bodies without a limit; a send carries a JSON
    // array of messages, so allow for escaping overhead and a few frames.
    const bodyLimit = maxMessageBytes * 6 + 1024;
    const isSend = rest !== undefined && req.method === 'POST' && SEND_PATH.test(rest);
    if (isSend && Number(req.headers['content-length'] ?? 0) > bodyLimit) {
      res.writeHead(413, { connection: 'close' }).end();
      return;
    }
    if (!sockjsHandle(req, res)) for (const l of priorRequest) l.call(this, req, res);
    if (isSend) {
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > bodyLimit) req.destroy();
      });
    }
  });

  return {
    connections: () => open.size,
    close: async () => {
      const sessions = [...open.entries()];
      open.clear();
      for (const [session, conn] of sessions) {
        session.closed();
        conn.close();
      }
      sockjsWebSocket.stop();
      // Give WebSocket close handshakes a moment, then cut what is left.
      const sockets = () => [...wss.clients, ...sockjsWss.clients];
      const deadline = Date.now() + 1000;
      while (sockets().some((c) => c.readyState !== c.CLOSED) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      for (const c of sockets()) c.terminate();
      await Promise.all([wss, sockjsWss].map((w) => new Promise<void>((r) => w.close(() => r()))));
    },
  };
}
