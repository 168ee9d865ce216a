import { availableParallelism } from 'node:os';
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

/** One thread and the number of seals open on it. */
type Thread = { worker: Worker; seals: number };

/** As many threads as cores, up to this: SHA-256 of one file cannot be split, so more than a few helps no one. */
const MAX_THREADS = 4;

/**
 * The worker threads shared by every upload of a store, started on first use and not holding the process
 * open while idle. A seal goes to an idle thread, or a new one while there are fewer than the cores, or
 * the least busy: SHA-256 runs at ~220 MB/s on a core without SHA extensions, so two files sent at
 * once are sealed side by side rather than one after the other (docs/decisions/005).
 */
export class SealWorker {
  private readonly threads: Thread[] = [];
  private readonly open = new Map<number, { sink: SealSink; thread: Thread }>();
  private seq = 0;
  /** Plaintext buffers back from the threads, for the next chunks (any thread takes any). */
  private readonly spares: ArrayBuffer[] = [];

  constructor(
    private readonly chunkSize: number,
    private readonly maxSpares = 16,
    private readonly maxThreads = Math.max(1, Math.min(availableParallelism(), MAX_THREADS)),
  ) {}

  /** A plaintext buffer of `chunkSize` bytes: one a thread gave back, or a new one. */
  buffer(): ArrayBuffer {
    return this.spares.pop() ?? new ArrayBuffer(this.chunkSize);
  }

  /** Starts a thread now: the first upload then does not wait for it, and its memory is there from the start. */
  prepare(): void {
    if (this.threads.length === 0) this.spawn();
  }

  /** How many threads are running (for tests). */
  get threadCount(): number {
    return this.threads.length;
  }

  start(keys: SealKeys, sink: SealSink): Seal {
    const thread = this.pick();
    const { worker } = thread;
    const id = ++this.seq;
    this.open.set(id, { sink, thread });
    if (thread.seals++ === 0) worker.ref();
    worker.postMessage({ type: 'open', id, key: keys.dataKey });
    return {
      chunk: (index, final, plain, length) =>
        worker.postMessage({ type: 'chunk', id, ...nonceAndAad(keys, index, final), plain, length }, [plain]),
      finish: () => worker.postMessage({ type: 'finish', id }),
      abort: () => {
        this.closeSeal(id);
        worker.postMessage({ type: 'abort', id });
      },
    };
  }

  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    for (const t of threads) this.fail(t, new Error('the file encryption worker was stopped'));
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private pick(): Thread {
    const idle = this.threads.find((t) => t.seals === 0);
    if (idle) return idle;
    if (this.threads.length < this.maxThreads) return this.spawn();
    return this.threads.reduce((a, b) => (b.seals < a.seals ? b : a));
  }

  private spawn(): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const thread: Thread = { worker, seals: 0 };
    worker.unref();
    worker.on('message', (m: Reply) => this.onReply(m));
    worker.on('error', (err) => this.fail(thread, new Error(`file encryption worker failed: ${err.message}`)));
    worker.on('exit', () => {
      const at = this.threads.indexOf(thread);
      if (at >= 0) this.threads.splice(at, 1);
      this.fail(thread, new Error('the file encryption worker stopped'));
    });
    this.threads.push(thread);
    return thread;
  }

  private closeSeal(id: number): { sink: SealSink; thread: Thread } | undefined {
    const seal = this.open.get(id);
    if (!seal) return undefined;
    this.open.delete(id);
    if (--seal.thread.seals === 0) seal.thread.worker.unref();
    return seal;
  }

  private onReply(m: Reply): void {
    if ('digest' in m) {
      this.closeSeal(m.id)?.sink.finished(m.digest);
      return;
    }
    if (m.plain.byteLength === this.chunkSize && this.spares.length < this.maxSpares) this.spares.push(m.plain);
    this.open.get(m.id)?.sink.sealed(Buffer.from(m.ct, 0, m.length), Buffer.from(m.tag.buffer, m.tag.byteOffset, m.tag.byteLength));
  }

  /** Fails every seal open on `thread`: it stopped, so they cannot complete. */
  private fail(thread: Thread, err: Error): void {
    for (const [id, seal] of [...this.open]) {
      if (seal.thread !== thread) continue;
      this.closeSeal(id);
      seal.sink.failed(err);
    }
  }
}
