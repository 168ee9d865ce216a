import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import {
  assertValidKey,
  BlobNotFoundError,
  type BlobRead,
  type BlobStore,
  type ByteRange,
  CorruptBlobError,
  clampRange,
  type PutLimits,
  type PutResult,
  RangeNotSatisfiableError,
  StorageFullError,
  StorageUnavailableError,
} from './blob-store.js';
import {
  type BlobHeader,
  DEFAULT_CHUNK_BYTES,
  HEADER_BYTES,
  type Layout,
  layoutOf,
  newHeader,
  openChunk,
  openHeader,
  parseMasterKey,
  rawSizeFor,
  TAG_BYTES,
} from './crypto-format.js';
import { type Seal, SealWorker } from './seal-worker.js';
import { SharedProbe } from './shared-probe.js';
import { signFileUrl } from './signed-url.js';
import { freeNow, type Meter, meter, readAll } from './stream-util.js';

export type EncryptedBlobStoreOptions = {
  /** FILE_ENCRYPTION_KEY: 64 hex characters. */
  masterKey: string | Buffer;
  fileUrlSecret: string;
  chunkSize?: number;
  /** Where uploads are hashed and encrypted; by default a worker of this store's own. */
  sealer?: SealWorker;
  /** How long a successful write probe answers `healthy()` for (docs/decisions/065-shared-blob-probe.md). */
  probeTrustMs?: number;
};

/**
 * A probe writes, syncs and removes a file: six trips through the event loop, slow when it is busy. One
 * success answers everyone for this long; a failure is never reused.
 */
const PROBE_TRUST_MS = 2000;

/**
 * A FIFO of buffers from which exact byte counts are taken as uncopied slices. Buffers read from the raw
 * store are ours (BlobRead): once their last byte is taken and used, `releaseUsed` frees them at once.
 */
class ByteQueue {
  private parts: Buffer[] = [];
  /** Buffers taken to their end since the last `releaseUsed`. */
  private used: Buffer[] = [];
  /** Memory of buffers that were pushed whole: only that may be freed (a view may share a pool with others). */
  private readonly whole = new WeakSet<ArrayBufferLike>();
  length = 0;
  push(b: Buffer) {
    if (b.length === 0) return;
    if (b.byteOffset === 0 && b.length === b.buffer.byteLength) this.whole.add(b.buffer);
    this.parts.push(b);
    this.length += b.length;
  }
  take(n: number): Buffer[] {
    const out: Buffer[] = [];
    this.length -= n;
    while (n > 0) {
      const head = this.parts[0]!;
      if (head.length <= n) {
        out.push(head);
        this.used.push(head);
        this.parts.shift();
        n -= head.length;
      } else {
        out.push(head.subarray(0, n));
        this.parts[0] = head.subarray(n);
        n = 0;
      }
    }
    return out;
  }
  takeJoined(n: number): Buffer {
    const parts = this.take(n);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, n);
  }
  /** Frees the buffers taken to their end, once nothing uses what was taken from them. */
  releaseUsed(): void {
    for (const b of this.used) if (this.whole.has(b.buffer)) freeNow(Buffer.from(b.buffer));
    this.used = [];
  }
}

/** Chunks sent to the worker and not yet back, per upload: enough to keep it busy, little memory. */
const MAX_IN_FLIGHT = 2;

/**
 * Cuts the plaintext into chunks and has the seal worker hash and encrypt them, header first. The
 * request's thread only copies bytes into chunk buffers; a write is held back while MAX_IN_FLIGHT
 * chunks are out, so a slow worker or disk slows the upload instead of filling memory.
 */
class SealStream extends Transform {
  readonly meter: Meter;
  sha256 = '';
  /** The chunk being filled: a view of a whole buffer from the worker, `filled` bytes of it used. */
  private batch: Buffer | undefined;
  private filled = 0;
  private index = 0;
  private inFlight = 0;
  private held: TransformCallback | undefined;
  private flushed: TransformCallback | undefined;
  private readonly seal: Seal;
  /** Ciphertext buffers from the worker not yet written: only these may be freed (weak: S3 never says). */
  private readonly sealedChunks = new WeakSet<Buffer>();

  constructor(
    private readonly worker: SealWorker,
    header: BlobHeader,
    headerBytes: Buffer,
    private readonly chunkSize: number,
    maxBytes: number,
    /** The caller's: told of each body chunk once it is copied. */
    private readonly released: ((chunk: Buffer) => void) | undefined,
  ) {
    super();
    this.meter = meter(maxBytes, false);
    this.push(headerBytes);
    this.seal = worker.start(header, {
      sealed: (ciphertext, tag) => {
        this.inFlight--;
        this.sealedChunks.add(ciphertext);
        this.push(ciphertext);
        this.push(tag);
        const held = this.held;
        this.held = undefined;
        held?.();
      },
      finished: (sha256) => {
        this.sha256 = sha256;
        this.flushed?.();
      },
      failed: (err) => this.destroy(err),
    });
  }

  /**
   * The raw store wrote `chunk`. A ciphertext buffer is freed at once: left to V8, about 1 byte of it per
   * uploaded byte waits for a mark-compact, which V8 starts only after 64 MB of such memory (docs/decisions/009).
   */
  written(chunk: Buffer): void {
    if (this.sealedChunks.delete(chunk)) freeNow(chunk);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.meter.count(chunk);
    } catch (err) {
      done(err as Error);
      return;
    }
    for (let at = 0; at < chunk.length; ) {
      // A full chunk goes out only once more data arrives: only then is it known not to be the final one.
      if (this.filled === this.chunkSize) this.send(false);
      this.batch ??= Buffer.from(this.worker.buffer());
      const n = chunk.copy(this.batch, this.filled, at);
      this.filled += n;
      at += n;
    }
    this.released?.(chunk);
    if (this.inFlight >= MAX_IN_FLIGHT) this.held = done;
    else done();
  }

  override _flush(done: TransformCallback): void {
    this.send(true);
    this.flushed = done;
    this.seal.finish();
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    if (!this.sha256) this.seal.abort();
    done(err);
  }

  private send(final: boolean): void {
    const plain = this.batch?.buffer ?? this.worker.buffer();
    this.seal.chunk(this.index++, final, plain as ArrayBuffer, this.filled);
    this.batch = undefined;
    this.filled = 0;
    this.inFlight++;
  }
}

/**
 * AES-256-GCM at rest over any raw store (crypto-format.ts has the layout). Reads and writes stream chunk
 * by chunk; a chunk is released only after its tag verifies, and any failure errors the stream.
 */
export class EncryptedBlobStore implements BlobStore {
  private readonly masterKey: Buffer;
  private readonly chunkSize: number;
  private readonly sealer: SealWorker;
  private readonly probe: SharedProbe;

  constructor(
    readonly raw: BlobStore,
    private readonly opts: EncryptedBlobStoreOptions,
  ) {
    this.masterKey = parseMasterKey(opts.masterKey);
    this.chunkSize = opts.chunkSize ?? DEFAULT_CHUNK_BYTES;
    this.sealer = opts.sealer ?? new SealWorker(this.chunkSize);
    this.probe = new SharedProbe(() => this.raw.healthy(), { trustMs: opts.probeTrustMs ?? PROBE_TRUST_MS });
  }

  get kind() {
    return this.raw.kind;
  }

  async put(key: string, body: Readable, limits: PutLimits = {}): Promise<PutResult> {
    assertValidKey(key);
    const { header, bytes } = newHeader(this.masterKey, this.chunkSize);
    const seal = new SealStream(this.sealer, header, bytes, this.chunkSize, limits.maxBytes ?? Number.POSITIVE_INFINITY, limits.released);
    // Either side failing destroys the other: a refused body fails the store's write, and the reverse.
    pipeline(body, seal, () => {});
    try {
      const rawMax = limits.maxBytes === undefined ? undefined : rawSizeFor(limits.maxBytes, this.chunkSize);
      await this.raw.put(key, seal, { maxBytes: rawMax, hash: false, released: (chunk) => seal.written(chunk) });
    } catch (err) {
      // A write the store refused outranks a probe that succeeded a moment ago.
      if (err instanceof StorageUnavailableError || err instanceof StorageFullError) this.probe.forget();
      throw err;
    } finally {
      body.destroy();
    }
    return { size: seal.meter.size, sha256: seal.sha256 };
  }

  private async readHeader(key: string): Promise<{ header: BlobHeader; layout: Layout }> {
    let head: BlobRead;
    try {
      head = await this.raw.get(key, { start: 0, end: HEADER_BYTES - 1 });
    } catch (err) {
      if (err instanceof RangeNotSatisfiableError) throw new CorruptBlobError(key, 'empty');
      throw err;
    }
    return this.decode(key, await readAll(head.stream), head.size);
  }

  private decode(key: string, headBytes: Buffer, rawSize: number): { header: BlobHeader; layout: Layout } {
    try {
      const header = openHeader(this.masterKey, headBytes);
      return { header, layout: layoutOf(rawSize, header.chunkSize) };
    } catch (err) {
      throw new CorruptBlobError(key, (err as Error).message);
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    assertValidKey(key);
    if (!range) {
      // One request for a whole read: the header is peeled off the front of the same stream.
      const whole = await this.raw.get(key);
      const it = whole.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const queue = new ByteQueue();
      try {
        while (queue.length < HEADER_BYTES) {
          const next = await it.next();
          if (next.done) break;
          queue.push(next.value);
        }
        const { header, layout } = this.decode(key, queue.takeJoined(Math.min(HEADER_BYTES, queue.length)), whole.size);
        const plain = decryptRange(key, header, layout, 0, { start: 0, end: layout.plainSize - 1 }, queue, it);
        return { size: layout.plainSize, stream: Readable.from(plain, { objectMode: false }) };
      } catch (err) {
        whole.stream.destroy();
        throw err;
      }
    }
    const { header, layout } = await this.readHeader(key);
    const r = clampRange(range, layout.plainSize);
    const rawChunk = header.chunkSize + TAG_BYTES;
    const first = Math.floor(r.start / header.chunkSize);
    const last = Math.floor(r.end / header.chunkSize);
    const rawStart = HEADER_BYTES + first * rawChunk;
    const rawEnd = Math.min(HEADER_BYTES + (last + 1) * rawChunk, layout.rawSize) - 1;
    const body = await this.raw.get(key, { start: rawStart, end: rawEnd });
    if (body.size !== layout.rawSize) {
      body.stream.destroy();
      throw new CorruptBlobError(key, 'changed while being read');
    }
    const it = body.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const plain = decryptRange(key, header, layout, first, r, new ByteQueue(), it);
    return { size: layout.plainSize, stream: Readable.from(plain, { objectMode: false }) };
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      return { size: (await this.readHeader(key)).layout.plainSize };
    } catch (err) {
      if (err instanceof BlobNotFoundError) return undefined;
      throw err;
    }
  }

  delete(key: string): Promise<void> {
    return this.raw.delete(key);
  }

  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    return this.raw.list(prefix);
  }

  async signedUrl(key: string, ttlSeconds: number, filename: string, opts: { inline?: boolean; contentType?: string } = {}) {
    assertValidKey(key);
    return signFileUrl(this.opts.fileUrlSecret, { key, filename, ttlSeconds, ...opts });
  }

  healthy(): Promise<boolean> {
    return this.probe.check();
  }

  async cleanTemp(olderThanMs: number, now?: number): Promise<number> {
    return (await this.raw.cleanTemp?.(olderThanMs, now)) ?? 0;
  }

  async freeBytes(): Promise<number | undefined> {
    return this.raw.freeBytes?.();
  }

  prepare(): void {
    this.sealer.prepare();
  }

  async close(): Promise<void> {
    await this.sealer.close();
    await this.raw.close?.();
  }
}

/**
 * Decrypts chunks `first`… from `it` (positioned at chunk `first`, with `queue` holding any bytes already
 * read) and yields the plaintext bytes of range `r`.
 */
async function* decryptRange(
  key: string,
  header: BlobHeader,
  layout: Layout,
  first: number,
  r: ByteRange,
  queue: ByteQueue,
  it: AsyncIterator<Buffer>,
): AsyncGenerator<Buffer> {
  const C = header.chunkSize;
  const lastNeeded = layout.plainSize === 0 ? 0 : Math.floor(r.end / C);
  try {
    for (let index = first; index <= lastNeeded; index++) {
      const final = index === layout.chunks - 1;
      const want = final ? layout.lastRawBytes : C + TAG_BYTES;
      while (queue.length < want) {
        const next = await it.next();
        if (next.done) throw new CorruptBlobError(key, `truncated in chunk ${index}`);
        queue.push(next.value);
      }
      let plain: Buffer[];
      try {
        const ciphertext = queue.take(want - TAG_BYTES);
        plain = openChunk(header, index, final, ciphertext, queue.takeJoined(TAG_BYTES));
        queue.releaseUsed();
      } catch (err) {
        throw new CorruptBlobError(key, (err as Error).message);
      }
      // Yield the part of this chunk's plaintext that lies inside the range.
      let offset = index * C;
      for (const p of plain) {
        const from = Math.max(0, r.start - offset);
        const to = Math.min(p.length, r.end + 1 - offset);
        if (to > from) yield from === 0 && to === p.length ? p : p.subarray(from, to);
        offset += p.length;
      }
    }
  } finally {
    await it.return?.();
  }
}
