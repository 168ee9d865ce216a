import type { TPrintOptions } from '@counterprint/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/index.js';
import { jobFiles, jobs } from '../../db/schema.js';
import { purgeFiles } from './purge.js';

/**
 * The changes a customer makes to their own job (issue 20). Each runs under the job's row lock and
 * first reads where the job stands, so a change never crosses staff starting to print it.
 */
export type JobStanding = 'open' | 'printing' | 'printed' | 'cancelled' | 'deleted';

/** Locks the job's row and says where it stands for a customer's change. */
export async function lockStanding(tx: Tx, jobId: string): Promise<JobStanding> {
  const rows = await queryRows<{ status: string; printing: boolean; live: boolean }>(
    tx,
    sql`SELECT status, printing_at IS NOT NULL AS printing,
               EXISTS (SELECT 1 FROM job_files f WHERE f.job_id = j.id AND f.state <> 'purged') AS live
        FROM jobs j WHERE id = ${jobId} FOR UPDATE`,
  );
  const row = rows[0];
  if (!row?.live) return 'deleted';
  if (row.status === 'done') return 'printed';
  if (row.status === 'cancelled') return 'cancelled';
  return row.printing ? 'printing' : 'open';
}

/** Runs `change` while the job is open to its customer; answers the standing that refused it otherwise. */
export async function whileOpen(db: Db, jobId: string, change: (tx: Tx) => Promise<void>): Promise<JobStanding> {
  return db.transaction(async (tx) => {
    const standing = await lockStanding(tx, jobId);
    if (standing === 'open') await change(tx);
    return standing;
  });
}

export async function writePrintOptions(tx: Tx, jobId: string, changes: { fileId: string; options: TPrintOptions }[]): Promise<void> {
  for (const { fileId, options } of changes) {
    await tx
      .update(jobFiles)
      .set({ printOptions: options })
      .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobId, jobId)));
  }
}

/** Staff started printing: set once, while the job is queued. False when it is printed or cancelled. */
export async function startPrinting(db: Db, jobId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET printing_at = coalesce(printing_at, ${now.toISOString()})
        WHERE id = ${jobId} AND status = 'queued' RETURNING id`,
  );
  return rows.length > 0;
}

/** The customer says they paid; the first claim's time stands. False when the job is cancelled or gone. */
export async function claimPayment(db: Db, jobId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ paymentClaimedAt: sql`coalesce(${jobs.paymentClaimedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(jobs.id, jobId), sql`${jobs.status} <> 'cancelled'`))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * "Delete my files now": every copy of every file (the queue, the bin, a file staff saved, and all that was
 * made from them) is marked purged at once, and an unprinted job is cancelled. Answers the blob keys to delete,
 * or the standing that refused it (staff are printing, or nothing is left).
 */
export async function purgeJobNow(db: Db, jobId: string, now: Date): Promise<{ refused: JobStanding } | { blobKeys: string[] }> {
  return db.transaction(async (tx) => {
    const standing = await lockStanding(tx, jobId);
    if (standing === 'printing' || standing === 'deleted') return { refused: standing };
    await tx
      .update(jobs)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued'), isNull(jobs.printingAt)));
    return { blobKeys: (await purgeFiles(tx, { jobId }, now)).map((b) => b.blobKey) };
  });
}
