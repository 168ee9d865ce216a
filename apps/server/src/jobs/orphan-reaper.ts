import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { type Db, queryRows } from '../db/index.js';
import type { BlobStore } from '../storage/blob-store.js';

export type ReaperDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  /** Blobs younger than this may belong to an upload whose rows are not written yet. */
  graceMs?: number;
};

/**
 * Deletes blobs that no row refers to: left by a crash between storing a file and
 * writing its job, or between claiming a purge and deleting the blob; and the temp
 * files of uploads a crash cut off.
 */
export class OrphanReaper {
  constructor(private readonly d: ReaperDeps) {}

  async reap(): Promise<number> {
    const grace = this.d.graceMs ?? 60 * 60 * 1000;
    const now = this.d.clock.now().getTime();
    const cutoff = now - grace;
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
    const list = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    const live = await queryRows<{ key: string }>(
      this.d.db,
      sql`SELECT blob_key AS key FROM job_files WHERE state <> 'purged' AND blob_key IN (${list})
          UNION SELECT blob_key AS key FROM shop_banners WHERE blob_key IN (${list})`,
    );
    const keep = new Set(live.map((r) => r.key));
    const orphans = keys.filter((k) => !keep.has(k));
    for (const key of orphans) await this.d.blobs.delete(key);
    if (orphans.length > 0) this.d.logger.info({ count: orphans.length }, 'orphan blobs reaped');
    return orphans.length;
  }
}
