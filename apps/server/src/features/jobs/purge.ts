import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/**
 * Which files to delete for good: one file from the recycle bin or the saved files, every copy of a job's
 * files ("delete my files now"), or a batch of the bin's files whose time ran out (the retention sweeper).
 */
export type PurgeWhich = { fileId: string } | { jobId: string } | { expiredBy: Date; limit: number };

/** A blob to delete once the rows say purged: `original` is the file's own, the others were made from it. */
export type PurgedBlob = { blobKey: string; original: boolean };

/**
 * The one purge of files: each row is marked purged together with what was made from it (PDF, thumbnail,
 * preview), in one statement, so no signed link works by the time the caller deletes the blobs answered,
 * originals first. The sweeper's batch claims its rows with SKIP LOCKED, so several instances sweeping at
 * once each purge different files and only the claimer deletes a blob.
 */
export async function purgeFiles(db: Db, which: PurgeWhich, at: Date): Promise<PurgedBlob[]> {
  const now = at.toISOString();
  const rows = await queryRows<{ blob_key: string; original: boolean }>(
    db,
    sql`WITH purged AS (
          UPDATE job_files SET state = 'purged', purged_at = ${now}
          WHERE ${filesOf(which, now)} RETURNING id, blob_key),
        derived AS (
          UPDATE file_derivatives d SET purged_at = ${now} FROM purged p
          WHERE d.file_id = p.id AND d.purged_at IS NULL RETURNING d.blob_key)
        SELECT blob_key, true AS original FROM purged UNION ALL SELECT blob_key, false FROM derived ORDER BY original DESC`,
  );
  return rows.map((r) => ({ blobKey: r.blob_key, original: r.original }));
}

function filesOf(which: PurgeWhich, now: string): SQL {
  if ('fileId' in which) return sql`id = ${which.fileId} AND state IN ('recycled', 'saved')`;
  if ('jobId' in which) return sql`job_id = ${which.jobId} AND state <> 'purged'`;
  return sql`id IN (SELECT id FROM job_files WHERE state = 'recycled' AND expires_at <= ${which.expiredBy.toISOString()}
                    ORDER BY expires_at LIMIT ${which.limit} FOR UPDATE SKIP LOCKED)`;
}
