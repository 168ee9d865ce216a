import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.js';
import { jobFiles } from '../../db/schema.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { freeNow } from '../../storage/stream-util.js';

// pdf-lib parses on the calling thread; a 25 MiB PDF would stall every request and
// realtime message for a second, so parsing happens in one worker thread.
// Memory (bench/ upload memory: +400 MB RSS counting a 50 x 25 MiB job): the file travels in one
// buffer that goes to the worker and comes back (transferred, never copied) to be filled with the
// next file, and pdf-lib's parser takes stream contents as views of it instead of copies; counting
// pages never reads or changes them. Each piece read is freed once copied (decision 009): left to V8, the
// pieces of a 25 MiB file wait for a mark-compact.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFDocument } = require(workerData.pdfLib);
require(workerData.byteStream).default.prototype.slice = function (start, end) { return this.bytes.subarray(start, end); };
parentPort.on('message', async ({ id, data }) => {
  let pages = null;
  let error;
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    pages = doc.getPageCount();
  } catch (err) {
    error = String(err && err.message || err);
  }
  parentPort.postMessage({ id, pages, error, buffer: data.buffer }, [data.buffer]);
});`;

export type PageCounterDeps = {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  /** Called after a job's page counts changed, so staff see its sheets. */
  onCounted: (jobId: string, shopId: string) => void;
};

/** Counts PDF pages after upload, one file at a time, off the request's hot path. */
export class PageCounter {
  private readonly queue: string[] = [];
  private running = false;
  private worker: Worker | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, (pages: number | null) => void>();
  /** The buffer the worker gave back, for the next file; dropped when the queue runs dry. */
  private spare: ArrayBuffer | undefined;
  private stopped = false;

  constructor(private readonly d: PageCounterDeps) {}

  enqueue(fileIds: string[]): void {
    this.queue.push(...fileIds);
    void this.drain();
  }

  /** Picks up files left uncounted by a crash or restart. */
  async resume(): Promise<void> {
    const rows = await this.d.db
      .select({ id: jobFiles.id })
      .from(jobFiles)
      .where(and(isNull(jobFiles.pages), eq(jobFiles.state, 'active')));
    this.enqueue(rows.map((r) => r.id));
  }

  async idle(): Promise<void> {
    while (this.running || this.queue.length > 0) await new Promise((r) => setTimeout(r, 20));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async drain(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const id = this.queue.shift()!;
        await this.countOne(id).catch((err) => this.d.logger.warn({ err: String(err), fileId: id }, 'page count failed'));
      }
    } finally {
      this.running = false;
      this.spare = undefined;
    }
  }

  private async countOne(fileId: string): Promise<void> {
    const { db, blobs } = this.d;
    const file = (await db.select().from(jobFiles).where(eq(jobFiles.id, fileId)).limit(1))[0];
    if (!file || file.pages !== null) return;
    let pages: number | null = 1;
    if (file.contentType === 'application/pdf') {
      const { stream, size } = await blobs.get(file.blobKey);
      const spare = this.spare;
      this.spare = undefined;
      const data = spare && spare.byteLength >= size ? new Uint8Array(spare, 0, size) : new Uint8Array(size);
      let at = 0;
      for await (const c of stream as AsyncIterable<Buffer>) {
        if (at + c.length > size) throw new Error(`blob ${file.blobKey} is longer than its size`);
        data.set(c, at);
        at += c.length;
        freeNow(c);
      }
      pages = (await this.parse(at === size ? data : data.subarray(0, at))) ?? 1;
    }
    const updated = await db
      .update(jobFiles)
      .set({ pages })
      .where(and(eq(jobFiles.id, fileId), isNull(jobFiles.pages)))
      .returning({ jobId: jobFiles.jobId, shopId: jobFiles.shopId });
    const row = updated[0];
    if (row && !this.stopped) this.d.onCounted(row.jobId, row.shopId);
  }

  /** Starts the parsing thread now, so that its memory is part of the server from the start, not of the first upload. */
  prepare(): void {
    if (!this.stopped) this.ensureWorker();
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      const pdfLib = createRequire(import.meta.url).resolve('pdf-lib');
      const byteStream = path.join(path.dirname(pdfLib), 'core/parser/ByteStream.js');
      this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfLib, byteStream }, resourceLimits: { maxOldGenerationSizeMb: 512 } });
      this.worker.unref();
      this.worker.on('message', (m: { id: number; pages: number | null; buffer?: ArrayBuffer }) => {
        if (m.buffer) this.spare = m.buffer;
        this.waiting.get(m.id)?.(m.pages);
        this.waiting.delete(m.id);
      });
      this.worker.on('error', () => this.failAll());
      this.worker.on('exit', () => {
        this.worker = undefined;
        this.failAll();
      });
    }
    return this.worker;
  }

  private parse(data: Uint8Array): Promise<number | null> {
    const worker = this.ensureWorker();
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, data }, [data.buffer as ArrayBuffer]);
    });
  }

  private failAll(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}
