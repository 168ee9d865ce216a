import type { TWeeklyHours } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { type Db, queryRows } from '../db/index.js';
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
    const waiting = await queryRows<UnprintedRow>(
      this.d.db,
      sql`SELECT j.id, j.created_at, s.weekly_hours, s.time_zone, s.closed_on::text AS closed_on
          FROM jobs j JOIN shops s ON s.id = j.shop_id
          WHERE j.status = 'queued' AND j.created_at <= ${cutoff.toISOString()} ORDER BY j.created_at`,
    );
    const due = waiting
      .filter((j) => unprintedEndsAt(rulesOf(j), new Date(j.created_at), this.d.unprintedRetentionSeconds) <= now)
      .slice(0, 500)
      .map((j) => j.id);
    if (due.length === 0) return 0;
    const expired = await queryRows<{ id: string; shop_id: string }>(
      this.d.db,
      sql`UPDATE jobs SET status = 'cancelled', cancelled_at = ${now.toISOString()}
          WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' AND id = any(${sql.param(due)}::uuid[])
                       FOR UPDATE SKIP LOCKED)
          RETURNING id, shop_id`,
    );
    if (expired.length === 0) return 0;
    await this.d.db.execute(
      sql`UPDATE job_files SET state = 'recycled', recycled_at = ${now.toISOString()}, expires_at = ${expiresAt.toISOString()}
          WHERE state = 'active' AND job_id IN (${sql.join(
            expired.map((j) => sql`${j.id}`),
            sql`, `,
          )})`,
    );
    for (const j of expired) this.d.announcer.announce(j.shop_id, j.id, 'deleted');
    return expired.length;
  }

  private async purgeBatch(): Promise<number> {
    const now = this.d.clock.now();
    const claimed = await queryRows<{ blob_key: string; original: boolean }>(
      this.d.db,
      sql`WITH purged AS (
            UPDATE job_files SET state = 'purged', purged_at = ${now.toISOString()}
            WHERE id IN (SELECT id FROM job_files WHERE state = 'recycled' AND expires_at <= ${now.toISOString()}
                         ORDER BY expires_at LIMIT ${this.d.batchSize ?? 100} FOR UPDATE SKIP LOCKED)
            RETURNING id, blob_key),
          derived AS (
            UPDATE file_derivatives d SET purged_at = ${now.toISOString()} FROM purged p
            WHERE d.file_id = p.id AND d.purged_at IS NULL RETURNING d.blob_key)
          SELECT blob_key, true AS original FROM purged UNION ALL SELECT blob_key, false FROM derived`,
    );
    // What was made from a file (PDF, thumbnail, preview) goes with it.
    for (const row of claimed) {
      await this.d.blobs
        .delete(row.blob_key)
        .catch((err) => this.d.logger.warn({ err: String(err) }, 'blob delete failed; the reaper retries'));
    }
    return claimed.filter((r) => r.original).length;
  }
}

type UnprintedRow = {
  id: string;
  created_at: Date | string;
  weekly_hours: TWeeklyHours;
  time_zone: string;
  closed_on: string | null;
};

const rulesOf = (j: UnprintedRow) => ({ weeklyHours: j.weekly_hours, timeZone: j.time_zone, closedOn: j.closed_on });
