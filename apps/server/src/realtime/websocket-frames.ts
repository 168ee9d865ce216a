import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * Server-to-client WebSocket text frames built once and written as they are. A publish hands every
 * subscriber the same text: building its frame once and writing it to each socket is one write per
 * subscriber instead of `ws.send`'s frame header, cork and two writes (bench/ realtime at 1,000).
 * `ws` keeps reading, answering pings and closing; only data frames take this path.
 */

/** An unmasked, unfragmented text frame (RFC 6455 §5.2) carrying `payload`. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (n < 126) {
    frame[1] = n;
  } else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** Frames of the last text seen: a publish's deliveries all hit it. */
export function frameCache(encode: (text: string) => Buffer): (text: string) => Buffer {
  let lastText: string | undefined;
  let lastFrame: Buffer = Buffer.alloc(0);
  return (text) => {
    if (text !== lastText) {
      lastFrame = textFrame(encode(text));
      lastText = text;
    }
    return lastFrame;
  };
}

/**
 * Writes a ready frame to the socket `ws` took over, while the connection is open. Writes are whole
 * frames, as `ws`'s own are (no compression is negotiated, so it never holds frames back), and count
 * in `ws.bufferedAmount`, which reads the socket's queue.
 */
export function writeFrame(ws: WebSocket, socket: Duplex, frame: Buffer): void {
  if (ws.readyState === ws.OPEN) socket.write(frame);
}
