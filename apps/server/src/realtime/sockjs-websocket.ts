/**
 * SockJS's WebSocket transport (`{prefix}/{server}/{session}/websocket`), served with `ws` instead
 * of sockjs-node (docs/decisions/006). sockjs-node quotes and frames every message once per
 * connection through faye-websocket; here a publish's SockJS frame is built once and written to
 * every subscriber as it is, as on the raw endpoint. The protocol is SockJS 0.3's as sockjs-node
 * speaks it: 'o' on open, 'h' heart-beats, 'a[...]' messages, 'c[code,"reason"]' before a close;
 * the client sends a JSON array of strings (or one string) per WebSocket message.
 * sockjs-node keeps serving the info endpoint and the HTTP fallbacks.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { BrokerConnection, BrokerSession, RealtimeLogger } from './broker.js';
import { frameCache, textFrame, writeFrame } from './websocket-frames.js';

/**
 * Characters sockjs-node escapes beyond JSON, because some browsers mangle them in transit (its list
 * also has U+0000-U+001F, which JSON.stringify has escaped already).
 */
const ESCAPABLE = /[\ud800-\udfff\u200c-\u200f\u2028-\u202f\u2060-\u206f\ufff0-\uffff]/g;

/** A string as a JSON string literal, as sockjs-node's `utils.quote` writes it. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(ESCAPABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const closeFrame = (code: number, reason: string) => textFrame(Buffer.from(`c${JSON.stringify([code, reason])}`));
const OPEN = textFrame(Buffer.from('o'));
const HEARTBEAT = textFrame(Buffer.from('h'));
const GO_AWAY = closeFrame(3000, 'Go away!');
const BROKEN_FRAMING = closeFrame(3000, 'Broken framing.');

export interface SockjsWebSocketOptions {
  maxMessageBytes: number;
  heartbeatMs: number;
  open(conn: BrokerConnection): BrokerSession;
  ended(session: BrokerSession): void;
  logger?: RealtimeLogger;
}

/** Serves SockJS sessions on WebSockets handed over by `ws`; one heart-beat timer for all of them. */
export function sockjsWebSockets(opts: SockjsWebSocketOptions) {
  const messageFrame = frameCache((text) => Buffer.from(`a[${quote(text)}]`));
  const live = new Map<WebSocket, Duplex>();
  const beat = setInterval(() => {
    for (const [ws, socket] of live) writeFrame(ws, socket, HEARTBEAT);
  }, opts.heartbeatMs);
  beat.unref();

  const closeWith = (ws: WebSocket, socket: Duplex, frame: Buffer) => {
    writeFrame(ws, socket, frame);
    ws.close(1000);
  };

  return {
    accept(ws: WebSocket, socket: Duplex): void {
      live.set(ws, socket);
      writeFrame(ws, socket, OPEN);
      const session = opts.open({
        send: (text) => writeFrame(ws, socket, messageFrame(text)),
        close: () => closeWith(ws, socket, GO_AWAY),
        terminate: () => ws.terminate(),
        bufferedBytes: () => ws.bufferedAmount,
      });
      ws.on('message', (data) => {
        const payload = data.toString();
        if (payload.length === 0) return;
        let messages: unknown;
        try {
          messages = JSON.parse(payload);
        } catch {
          closeWith(ws, socket, BROKEN_FRAMING);
          return;
        }
        for (const m of Array.isArray(messages) ? messages : [messages]) {
          if (typeof m !== 'string') {
            closeWith(ws, socket, BROKEN_FRAMING);
            return;
          }
          if (m.length > opts.maxMessageBytes) session.reject('Frame too large');
          else session.receive(m);
        }
      });
      // ws closes with 1009 on an oversize message and emits 'error' first; 'close' follows.
      ws.on('error', (err) => opts.logger?.debug({ err: err.message }, 'realtime sockjs websocket error'));
      ws.on('close', () => {
        live.delete(ws);
        opts.ended(session);
      });
    },
    stop(): void {
      clearInterval(beat);
    },
  };
}
