import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { purgeFiles } from '../features/jobs/purge.js';
import { cancelUnprinted, type QueuedJob, queuedSince } from '../features/jobs/retention-repo.js';
import { unprintedEndsAt } from '../features/shops/unprinted-retention.js';
import type { JobAnnouncer } from '../realtime/job-announcer.js';
import type { BlobStore } from '../storage/blob-store.js';

export type SweeperDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  announcer: JobAnnouncer;
  recycleRetentionSeconds: number;
  unprintedRetentionSeconds: number;
  /** Writes the deletion receipts owed (docs/decisions/038-signed-deletion-receipts.md); logs its own failures. */
  receipts?: { issueOwed(): Promise<number> };
  /** Files sent with tus that expired unfinished, or that a job has copied: deleted with their bytes. */
  resumable?: { deleteExpired(): Promise<number> };
  batchSize?: number;
};

export type SweepResult = { expiredJobs: number; purgedFiles: number; receipts: number; resumable: number };

/**
 * Works only from timestamps in the database, so a restart neither loses a deletion
 * nor makes one early. Several instances may sweep at once: each file row is claimed
 * by exactly one of them (FOR UPDATE SKIP LOCKED) and marked purged in the same
 * statement, and only the claimer deletes the blob. A crash between the claim and the
 * delete leaves an orphan blob, which the reaper removes.
 */
export class RetentionSweeper {
  constructor(private readonly d: SweeperDeps) {}

  async sweep(): Promise<SweepResult> {
    const expiredJobs = await this.recycleUnprinted();
    let purgedFiles = 0;
    for (;;) {
      const n = await this.purgeBatch();
      purgedFiles += n;
      if (n < (this.d.batchSize ?? 100)) break;
    }
    // After the purge, never before or instead of it: a receipt not written now is owed to the next sweep.
    const receipts = await (this.d.receipts?.issueOwed() ?? Promise.resolve(0)).catch((err) => {
      this.d.logger.warn({ err: String(err) }, 'deletion receipts not written; the next sweep retries');
      return 0;
    });
    const resumable = await (this.d.resumable?.deleteExpired() ?? Promise.resolve(0)).catch((err) => {
      this.d.logger.warn({ err: String(err) }, 'expired resumable uploads not deleted; the next sweep retries');
      return 0;
    });
    return { expiredJobs, purgedFiles, receipts, resumable };
  }

  /**
   * Jobs nobody printed within UNPRINTED_RETENTION of the shop's next opening leave the queue; their files go to the
   * bin. Only jobs older than the window can be due, and the shop's hours decide which of them are.
   */
  private async recycleUnprinted(): Promise<number> {
    const now = this.d.clock.now();
    const cutoff = new Date(now.getTime() - this.d.unprintedRetentionSeconds * 1000);
    const expiresAt = new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
    const waiting = await queuedSince(this.d.db, cutoff);
    const due = waiting
      .filter((j) => unprintedEndsAt(rulesOf(j), new Date(j.created_at), this.d.unprintedRetentionSeconds) <= now)
      .slice(0, 500)
      .map((j) => j.id);
    if (due.length === 0) return 0;
    const expired = await cancelUnprinted(this.d.db, due, now, expiresAt);
    for (const j of expired) this.d.announcer.announce(j.shop_id, j.id, 'deleted');
    return expired.length;
  }

  private async purgeBatch(): Promise<number> {
    const now = this.d.clock.now();
    const claimed = await purgeFiles(this.d.db, { expiredBy: now, limit: this.d.batchSize ?? 100 }, now);
    // What was made from a file (PDF, thumbnail, preview) goes with it.
    for (const row of claimed) {
      await this.d.blobs
        .delete(row.blobKey)
        .catch((err) => this.d.logger.warn({ err: String(err) }, 'blob delete failed; the reaper retries'));
    }
    return claimed.filter((r) => r.original).length;
  }
}

const rulesOf = (j: QueuedJob) => ({ weeklyHours: j.weekly_hours, timeZone: j.time_zone, closedOn: j.closed_on });
