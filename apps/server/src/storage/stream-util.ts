import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { BlobTooLargeError } from './blob-store.js';

export type Meter = {
  /** Counts and hashes one chunk; throws `BlobTooLargeError` as soon as `maxBytes` is passed. */
  count(chunk: Buffer): void;
  /** `count` as a pass-through Transform for `pipeline` (a callback per chunk, no promises: bench/ upload throughput). */
  stream(): Transform;
  readonly size: number;
  /** Hex SHA-256 of everything that passed, or '' when hashing was turned off. Call once, at the end. */
  digest(): string;
};

export function meter(maxBytes = Number.POSITIVE_INFINITY, hash = true): Meter {
  const hasher = hash ? createHash('sha256') : undefined;
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
    hasher?.update(chunk);
  };
  return {
    count,
    stream: () =>
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            count(chunk);
          } catch (err) {
            // Failing here makes pipeline destroy the source, so the rest of an oversized upload is never read.
            done(err as Error);
            return;
          }
          done(null, chunk);
        },
      }),
    get size() {
      return size;
    },
    digest: () => hasher?.digest('hex') ?? '',
  };
}

/** Reads a (small) stream fully, for headers and tests. */
export async function readAll(stream: Readable | AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The first `n` bytes of a stream; the rest is never read (leaving the loop destroys the source). */
export async function* take(source: AsyncIterable<Buffer>, n: number): AsyncGenerator<Buffer> {
  let left = n;
  for await (const chunk of source) {
    if (chunk.length >= left) {
      yield chunk.subarray(0, left);
      return;
    }
    left -= chunk.length;
    yield chunk;
  }
}

/** Errors from a full disk or quota, which callers turn into 507. */
export function isNoSpace(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Errors from a disk we may not write to (mounted read-only, permissions lost), which callers turn into 503. */
export function isNotWritable(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'EROFS' || code === 'EACCES' || code === 'EPERM';
}

/** A port whose other end is gone: a message posted to it is built, then dropped. */
const nowhere = (() => {
  const { port1, port2 } = new MessageChannel();
  port2.close();
  port1.close();
  return port1;
})();

/**
 * Frees the memory of a buffer that owns all of its ArrayBuffer now, instead of at the next full GC
 * (docs/decisions/009). Transferring the ArrayBuffer detaches it even to a closed port, and the dropped
 * message was its last holder. Any other view of the same memory reads as empty afterwards.
 */
export function freeNow(chunk: Buffer): void {
  if (chunk.byteOffset !== 0 || chunk.byteLength !== chunk.buffer.byteLength) return;
  nowhere.postMessage(null, [chunk.buffer as ArrayBuffer]);
}
