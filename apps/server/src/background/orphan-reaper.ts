import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { deleteExpiredReservations, reservedBlobs } from '../features/intake/quota-repo.js';
import { liveFileBlobs } from '../features/jobs/file-reads.js';
import { bannerBlobs } from '../features/shops/repo.js';
import type { BlobStore } from '../storage/blob-store.js';

export type ReaperDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  /** Blobs younger than this may belong to an upload whose rows are not written yet. */
  graceMs?: number;
  /** This instance's uploads in progress, whose leases are renewed before any is judged lapsed. */
  leases?: { renewAll(): Promise<void> };
};

/**
 * Deletes blobs that no row refers to: left by a crash between storing a file and
 * writing its job, or between claiming a purge and deleting the blob; and the temp
 * files of uploads a crash cut off. The blobs of an upload in progress are never taken,
 * however long it runs: its reservation row names its job id for as long as its lease
 * is renewed (docs/decisions/014).
 */
export class OrphanReaper {
  constructor(private readonly d: ReaperDeps) {}

  async reap(): Promise<number> {
    const grace = this.d.graceMs ?? 60 * 60 * 1000;
    const now = this.d.clock.now().getTime();
    const cutoff = now - grace;
    await this.d.leases?.renewAll();
    const lapsed = await deleteExpiredReservations(this.d.db, this.d.clock.now());
    if (lapsed > 0) this.d.logger.info({ count: lapsed }, 'lapsed upload reservations removed');
    let batch: string[] = [];
    let reaped = 0;
    for await (const blob of this.d.blobs.list('shops/')) {
      if (blob.lastModified.getTime() > cutoff) continue;
      batch.push(blob.key);
      if (batch.length >= 500) {
        reaped += await this.reapBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) reaped += await this.reapBatch(batch);
    // A process killed mid-upload leaves its temp file; a live upload writes to its own far more often.
    const temps = (await this.d.blobs.cleanTemp?.(grace, now)) ?? 0;
    if (temps > 0) this.d.logger.info({ removed: temps }, 'removed stale blob temp files');
    return reaped;
  }

  private async reapBatch(keys: string[]): Promise<number> {
    const now = this.d.clock.now();
    // One snapshot for the three reads: a job written meanwhile ends its reservation in the same
    // transaction, and is seen either as its files or as its upload in progress, never as neither.
    const live = await this.d.db.transaction(
      async (tx) => [...(await reservedBlobs(tx, keys, now)), ...(await liveFileBlobs(tx, keys)), ...(await bannerBlobs(tx, keys))],
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const keep = new Set(live);
    const orphans = keys.filter((k) => !keep.has(k));
    for (const key of orphans) await this.d.blobs.delete(key);
    if (orphans.length > 0) this.d.logger.info({ count: orphans.length }, 'orphan blobs reaped');
    return orphans.length;
  }
}
