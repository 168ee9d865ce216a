import { Worker } from 'node:worker_threads';
import { nonceAndAad, TAG_BYTES } from './crypto-format.js';

/*
 * Hashing and encrypting an upload on a worker thread. On the request's thread they were over half
 * of the CPU per uploaded MB, and that thread also parses every upload: with them moved here, a
 * 50 x 25 MiB job went from 0.60x to 0.93x of a bare server piping it to disk (docs/decisions/005).
 *
 * The worker holds, per open seal, the SHA-256 of the plaintext so far and the data key. It answers
 * each chunk with its ciphertext and tag, in the order the chunks were sent, handing the plaintext
 * buffer back for reuse; `finish` answers with the digest after every chunk before it.
 * Each chunk comes with its nonce and AAD, built by crypto-format.ts's `nonceAndAad`.
 * Plain CommonJS source, as the page counter's worker: tests run the TypeScript sources directly.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createCipheriv, createHash } = require('node:crypto');
const seals = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'open') {
    seals.set(m.id, { hash: createHash('sha256'), key: Buffer.from(m.key) });
    return;
  }
  const s = seals.get(m.id);
  if (m.type === 'abort' || !s) {
    seals.delete(m.id);
    return;
  }
  if (m.type === 'finish') {
    seals.delete(m.id);
    parentPort.postMessage({ id: m.id, digest: s.hash.digest('hex') });
    return;
  }
  const plain = Buffer.from(m.plain, 0, m.length);
  s.hash.update(plain);
  const c = createCipheriv('aes-256-gcm', s.key, m.nonce, { authTagLength: ${TAG_BYTES} });
  c.setAAD(m.aad);
  let ct = c.update(plain);
  c.final();
  // Hand the ciphertext over without a copy when it owns its memory (it does for chunks of any size).
  if (ct.byteOffset !== 0 || ct.buffer.byteLength !== ct.length) ct = Buffer.from(ct);
  // A fresh 16-byte buffer: a view into a shared pool slab would clone the whole slab.
  const tag = new Uint8Array(c.getAuthTag());
  parentPort.postMessage({ id: m.id, ct: ct.buffer, length: ct.length, tag, plain: m.plain }, [ct.buffer, m.plain]);
});`;

export type SealKeys = { dataKey: Buffer; noncePrefix: Buffer };

export interface SealSink {
  /** One sealed chunk, in the order the chunks were sent. */
  sealed(ciphertext: Buffer, tag: Buffer): void;
  /** The digest of all the plaintext, after the last `sealed`. */
  finished(sha256: string): void;
  /** The worker died: the seal cannot complete. */
  failed(err: Error): void;
}

/** One open seal: chunks in, `sink` called back. */
export interface Seal {
  /** Sends the first `length` bytes of `plain`, which belongs to the worker from now on (it may come back through `buffer()`). */
  chunk(index: number, final: boolean, plain: ArrayBuffer, length: number): void;
  finish(): void;
  abort(): void;
}

type Reply = { id: number; ct: ArrayBuffer; length: number; tag: Uint8Array; plain: ArrayBuffer } | { id: number; digest: string };

/** A worker thread shared by every upload of a store; started on first use, not holding the process open while idle. */
export class SealWorker {
  private worker: Worker | undefined;
  private readonly open = new Map<number, SealSink>();
  private seq = 0;
  /** Plaintext buffers back from the worker, for the next chunks. */
  private readonly spares: ArrayBuffer[] = [];

  constructor(
    private readonly chunkSize: number,
    private readonly maxSpares = 16,
  ) {}

  /** A plaintext buffer of `chunkSize` bytes: one the worker gave back, or a new one. */
  buffer(): ArrayBuffer {
    return this.spares.pop() ?? new ArrayBuffer(this.chunkSize);
  }

  /** Starts the thread now: the first upload then does not wait for it, and its memory is there from the start. */
  prepare(): void {
    this.ensure();
  }

  start(keys: SealKeys, sink: SealSink): Seal {
    const worker = this.ensure();
    const id = ++this.seq;
    this.open.set(id, sink);
    if (this.open.size === 1) worker.ref();
    worker.postMessage({ type: 'open', id, key: keys.dataKey });
    const close = () => {
      if (this.open.delete(id) && this.open.size === 0) this.worker?.unref();
    };
    return {
      chunk: (index, final, plain, length) =>
        worker.postMessage({ type: 'chunk', id, ...nonceAndAad(keys, index, final), plain, length }, [plain]),
      finish: () => worker.postMessage({ type: 'finish', id }),
      abort: () => {
        close();
        worker.postMessage({ type: 'abort', id });
      },
    };
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.fail(new Error('the file encryption worker was stopped'));
    await w?.terminate();
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (m: Reply) => this.onReply(m));
    worker.on('error', (err) => this.fail(new Error(`file encryption worker failed: ${err.message}`)));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.fail(new Error('the file encryption worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private onReply(m: Reply): void {
    const sink = this.open.get(m.id);
    if ('digest' in m) {
      this.open.delete(m.id);
      if (this.open.size === 0) this.worker?.unref();
      sink?.finished(m.digest);
      return;
    }
    if (m.plain.byteLength === this.chunkSize && this.spares.length < this.maxSpares) this.spares.push(m.plain);
    sink?.sealed(Buffer.from(m.ct, 0, m.length), Buffer.from(m.tag.buffer, m.tag.byteOffset, m.tag.byteLength));
  }

  private fail(err: Error): void {
    const sinks = [...this.open.values()];
    this.open.clear();
    for (const s of sinks) s.failed(err);
  }
}
