import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { jobFiles, jobs } from '../../db/schema.js';
import { purgeFiles } from './purge.js';

// The recycle bin's files are job files: their rows are read and moved here, for features/recycle.
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

/** What the recycle bin may do to job files, bound to a database, for features/recycle to be given. */
export const recycleBinFiles = (db: Db) => ({
  list: (shopIds: string[], opts: { states: ('recycled' | 'saved')[]; since?: Date }) => binFiles(db, shopIds, opts),
  find: (id: string) => findFile(db, id),
  save: (fileId: string, at: Date) => saveFile(db, fileId, at),
  restore: (fileId: string, jobId: string) => restoreFile(db, fileId, jobId),
  /** Deletes a recycled or saved file for good; the blob keys to delete, the file's first, or none when it was not in the bin. */
  purge: async (fileId: string, at: Date) => (await purgeFiles(db, { fileId }, at)).map((b) => b.blobKey),
});
