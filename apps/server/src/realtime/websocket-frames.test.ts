import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { frameCache, textFrame } from './websocket-frames.js';

// ws exports its frame parser at runtime; @types/ws does not declare it.
const Receiver = (ws as unknown as { Receiver: new (o: { isServer: boolean }) => Writable }).Receiver;

/** Decodes frames the way a WebSocket client does (ws's own client-side receiver). */
function decode(frame: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) => (isBinary ? reject(new Error('binary')) : resolve(data.toString())));
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 200_000])('frames a %i-byte text that a client reads back whole', async (n) => {
    const text = 'é'.repeat(Math.floor(n / 2)) + 'x'.repeat(n % 2);
    const frame = textFrame(Buffer.from(text));
    expect(frame[0]).toBe(0x81);
    expect(frame[1]! & 0x80).toBe(0); // server frames are never masked
    expect(await decode(frame)).toBe(text);
  });
});

describe('frameCache', () => {
  it('builds one frame per distinct text, and a new one when the text changes', () => {
    let encoded = 0;
    const frameOf = frameCache((t) => {
      encoded++;
      return Buffer.from(t);
    });
    const a = frameOf('MESSAGE one');
    expect(frameOf('MESSAGE one')).toBe(a);
    expect(encoded).toBe(1);
    const b = frameOf('MESSAGE two');
    expect(b).not.toBe(a);
    expect(encoded).toBe(2);
  });
});
