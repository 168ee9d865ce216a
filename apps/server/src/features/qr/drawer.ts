import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { POSTER_TEXT, PosterSize } from './poster.js';

const WORKER = fileURLToPath(new URL('./draw-worker.cjs', import.meta.url));

/** The drawing code's own bytes: a stored drawing made by other code is drawn again (docs/decisions/054). */
export const DRAWING_CODE = readFileSync(WORKER);

/** One drawing, as the worker takes it (draw-worker.cjs). */
export type Drawing =
  | { kind: 'png'; qrUrl: string }
  | { kind: 'poster'; size: PosterSize; shopName: string; qrUrl: string; shortUrl: string; text: typeof POSTER_TEXT };

export type QrDrawerLimits = {
  /** Drawing threads at most; each draws one at a time. */
  threads: number;
  /** Drawings waiting for a thread; one more is refused (`QrDrawerBusy`). */
  maxWaiting: number;
  /** One drawing's wall clock; then its thread is ended. */
  timeoutMs: number;
};

/** Every thread is drawing and the line is full: come back in a few seconds. */
export class QrDrawerBusy extends Error {}
/** The thread failed or ran past the deadline; nothing was drawn. */
export class QrDrawingFailed extends Error {}

type Answer = { id: number; data: Uint8Array } | { id: number; error: string };

/**
 * Draws QR codes and posters on worker threads, so their CPU never stalls the requests on the
 * server's thread. Threads start on first use and do not hold the process open while idle.
 */
export class QrDrawer {
  private readonly idle: Worker[] = [];
  private live = 0;
  private readonly waiting: { resolve: (w: Worker) => void; reject: (e: Error) => void }[] = [];
  private seq = 0;
  private closed = false;
  /** Drawings finished since start (tests count them). */
  drawn = 0;

  constructor(private readonly limits: QrDrawerLimits) {}

  async draw(drawing: Drawing): Promise<Uint8Array> {
    const worker = await this.acquire();
    let healthy = false;
    try {
      const data = await this.run(worker, drawing);
      healthy = true;
      this.drawn++;
      return data;
    } finally {
      this.release(worker, healthy);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new QrDrawingFailed('the QR drawer was stopped'));
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private acquire(): Promise<Worker> {
    if (this.closed) return Promise.reject(new QrDrawingFailed('the QR drawer was stopped'));
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    if (this.live < this.limits.threads) return Promise.resolve(this.spawn());
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(new QrDrawerBusy());
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Hands the thread (or a new one, if it failed) to the next in line, or lets it rest. */
  private release(worker: Worker, healthy: boolean): void {
    if (!healthy) {
      this.live--;
      void worker.terminate();
    }
    const next = this.waiting.shift();
    if (next) next.resolve(healthy ? worker : this.spawn());
    else if (healthy && !this.closed) {
      worker.unref();
      this.idle.push(worker);
    } else if (healthy) void this.retire(worker);
  }

  private async retire(worker: Worker): Promise<void> {
    this.live--;
    await worker.terminate();
  }

  private spawn(): Worker {
    this.live++;
    const worker = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
    worker.unref();
    // An idle thread that dies is simply forgotten; one drawing is told by run().
    worker.on('error', () => {});
    worker.on('exit', () => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) {
        this.idle.splice(at, 1);
        this.live--;
      }
    });
    return worker;
  }

  private run(worker: Worker, drawing: Drawing): Promise<Uint8Array> {
    const id = ++this.seq;
    worker.ref();
    return new Promise<Uint8Array>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const onMessage = (m: Answer) => {
        if (m.id !== id) return;
        done();
        if ('error' in m) reject(new QrDrawingFailed(m.error));
        else resolve(m.data);
      };
      const onError = (err: Error) => {
        done();
        reject(new QrDrawingFailed(`the QR drawing thread failed: ${err.message}`));
      };
      const onExit = () => {
        done();
        reject(new QrDrawingFailed('the QR drawing thread stopped'));
      };
      const timer = setTimeout(() => {
        done();
        reject(new QrDrawingFailed('the QR drawing ran past its deadline'));
      }, this.limits.timeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ id, ...drawing });
    });
  }
}
