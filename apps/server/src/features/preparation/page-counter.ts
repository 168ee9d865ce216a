import type { Logger } from 'pino';
import type { Db } from '../../db/index.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type CountOutcome, CountSlot, type PageCountLimits } from './page-count-slot.js';
import * as repo from './repo.js';

/** A file interrupted this many times (the server died while counting it) is marked uncountable. */
export const MAX_COUNT_ATTEMPTS = 2;

export type PageCounterDeps = {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  limits: PageCountLimits;
  /** Counts run side by side, each in its own child process; one shop never holds more than one. */
  slots: number;
  /** Called after a job's page counts changed, so staff see its sheets (or that they could not be counted). */
  onCounted: (jobId: string, shopId: string) => void;
};

type Next = { shopId: string; fileId: string };

/**
 * Counts PDF pages after upload, off the request's hot path, in child processes bounded in memory
 * and time (decision 013). Shops take turns: each shop's files wait in its own queue, and a shop
 * counts one file at a time, so a shop's queue of hostile files delays only that shop.
 */
export class PageCounter {
  /** Per shop, in turn order: a shop served goes to the back. */
  private readonly queues = new Map<string, string[]>();
  private readonly busyShops = new Set<string>();
  private readonly slots: CountSlot[];
  private readonly free: CountSlot[];
  private stopped = false;

  constructor(private readonly d: PageCounterDeps) {
    this.slots = Array.from({ length: Math.max(1, d.slots) }, () => new CountSlot(d.limits, d.logger));
    this.free = [...this.slots];
  }

  enqueue(shopId: string, fileIds: string[]): void {
    if (fileIds.length === 0 || this.stopped) return;
    const queue = this.queues.get(shopId);
    if (queue) queue.push(...fileIds);
    else this.queues.set(shopId, [...fileIds]);
    this.pump();
  }

  /** Picks up files left uncounted by a crash or restart; uncountable ones stay as they are. */
  async resume(): Promise<void> {
    for (const row of await repo.filesAwaitingCount(this.d.db)) this.enqueue(row.shopId, [row.id]);
  }

  async idle(): Promise<void> {
    while (this.busyShops.size > 0 || this.queues.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queues.clear();
    for (const slot of this.slots) slot.close();
  }

  private pump(): void {
    while (!this.stopped && this.free.length > 0) {
      const next = this.nextFile();
      if (!next) break;
      void this.run(this.free.pop()!, next);
    }
    // Nothing left to count: the children go, and their memory with them.
    if (this.queues.size === 0 && this.busyShops.size === 0) for (const slot of this.slots) slot.close();
  }

  private nextFile(): Next | undefined {
    for (const [shopId, queue] of this.queues) {
      if (this.busyShops.has(shopId)) continue;
      const fileId = queue.shift()!;
      this.queues.delete(shopId);
      if (queue.length > 0) this.queues.set(shopId, queue);
      return { shopId, fileId };
    }
    return undefined;
  }

  private async run(slot: CountSlot, next: Next): Promise<void> {
    this.busyShops.add(next.shopId);
    try {
      await this.countOne(slot, next.fileId);
    } catch (err) {
      this.d.logger.warn({ err: String(err), fileId: next.fileId }, 'page count failed');
    } finally {
      this.busyShops.delete(next.shopId);
      this.free.push(slot);
      this.pump();
    }
  }

  private async countOne(slot: CountSlot, fileId: string): Promise<void> {
    const { db, blobs } = this.d;
    const file = await repo.startPageCount(db, fileId);
    if (!file) return;
    let outcome: CountOutcome;
    if (file.contentType !== 'application/pdf') outcome = { pages: 1 };
    else if (file.attempts > MAX_COUNT_ATTEMPTS) outcome = { uncountable: 'interrupted' };
    else {
      const { stream, size } = await blobs.get(file.blobKey);
      outcome = await slot.count(stream as AsyncIterable<Buffer>, size);
      // Stopping kills the children: that says nothing about the file, which is counted next start.
      if (this.stopped) return;
    }
    if ('uncountable' in outcome) this.d.logger.warn({ fileId, reason: outcome.uncountable }, 'pages could not be counted');
    const changed = await repo.recordPageCount(db, fileId, outcome);
    if (changed && !this.stopped) this.d.onCounted(changed.jobId, changed.shopId);
  }
}
