import { recycleType, type TRecycleItem } from '@counterprint/contract';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { jobFiles, jobs } from '../../db/schema.js';

export type FileRow = typeof jobFiles.$inferSelect;
export type BinFile = { file: FileRow; job: typeof jobs.$inferSelect };

export async function binFiles(db: Db, shopIds: string[], opts: { states: ('recycled' | 'saved')[]; since?: Date }): Promise<BinFile[]> {
  if (shopIds.length === 0) return [];
  const conds = [inArray(jobFiles.shopId, shopIds), inArray(jobFiles.state, opts.states)];
  if (opts.since) conds.push(gte(jobFiles.recycledAt, opts.since));
  const rows = await db
    .select({ file: jobFiles, job: jobs })
    .from(jobFiles)
    .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
    .where(and(...conds))
    .orderBy(desc(jobFiles.recycledAt))
    .limit(1000);
  return rows;
}

export const findFile = async (db: Db, id: string): Promise<BinFile | undefined> =>
  (
    await db
      .select({ file: jobFiles, job: jobs })
      .from(jobFiles)
      .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
      .where(eq(jobFiles.id, id))
      .limit(1)
  )[0];

/** Moves a file still in the bin to the saved files, which never expire; undefined when it has just left the bin. */
export async function saveFile(db: Db, fileId: string, at: Date): Promise<FileRow | undefined> {
  const [moved] = await db
    .update(jobFiles)
    .set({ state: 'saved', savedAt: at, expiresAt: null })
    .where(and(eq(jobFiles.id, fileId), eq(jobFiles.state, 'recycled')))
    .returning();
  return moved;
}

/**
 * Puts a recycled or saved file back on its job and the job back in the live queue, in one transaction;
 * undefined, with nothing changed, when the file has just left the bin.
 */
export async function restoreFile(db: Db, fileId: string, jobId: string): Promise<FileRow | undefined> {
  return db.transaction(async (tx) => {
    const [restored] = await tx
      .update(jobFiles)
      .set({ state: 'active', recycledAt: null, expiresAt: null, savedAt: null })
      .where(and(eq(jobFiles.id, fileId), inArray(jobFiles.state, ['recycled', 'saved'])))
      .returning();
    if (!restored) return undefined;
    await tx.update(jobs).set({ status: 'queued', printedAt: null, cancelledAt: null }).where(eq(jobs.id, jobId));
    return restored;
  });
}

/**
 * Marks a recycled or saved file purged, with what was made from it; answers every blob key to delete,
 * the file's first, or an empty list when it was not in the bin.
 */
export async function purgeFile(db: Db, fileId: string, at: Date): Promise<string[]> {
  const rows = await queryRows<{ blob_key: string }>(
    db,
    sql`WITH purged AS (
          UPDATE job_files SET state = 'purged', purged_at = ${at.toISOString()}
          WHERE id = ${fileId} AND state IN ('recycled', 'saved') RETURNING id, blob_key),
        derived AS (
          UPDATE file_derivatives d SET purged_at = ${at.toISOString()} FROM purged p
          WHERE d.file_id = p.id AND d.purged_at IS NULL RETURNING d.blob_key)
        SELECT blob_key, 0 AS n FROM purged UNION ALL SELECT blob_key, 1 FROM derived ORDER BY n`,
  );
  return rows.map((r) => r.blob_key);
}

export function toItem(b: BinFile, previewUrl: string | null): TRecycleItem {
  return {
    id: b.file.id,
    name: b.file.originalName,
    type: recycleType(b.file.extension),
    size: b.file.size,
    deletedAt: (b.file.recycledAt ?? b.file.createdAt).toISOString(),
    expiresAt: b.file.expiresAt?.toISOString() ?? null,
    savedAt: b.file.savedAt?.toISOString() ?? null,
    jobId: b.job.id,
    jobNumber: b.job.number,
    // Customers are walk-ins without accounts: nobody to notify (docs/product/rules.md#recycle-bin).
    customer: { id: b.job.customerId, name: b.job.customerName ?? 'Walk-in customer', registered: false },
    previewUrl,
  };
}
