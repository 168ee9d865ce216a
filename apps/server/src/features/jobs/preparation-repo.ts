import type { ConversionFailure, TFileConversion } from '@counterprint/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { fileDerivatives, jobFiles } from '../../db/schema.js';

export type DerivativeRole = 'pdf' | 'thumbnail' | 'preview';
export type Derivative = { role: DerivativeRole; blobKey: string; contentType: string; size: number };

const awaitingPreparation = and(isNull(jobFiles.preparedAt), eq(jobFiles.state, 'active'));

/** Files left unprepared by a crash, a restart or a full queue, oldest first. */
export const filesAwaitingPreparation = (db: Db, limit: number) =>
  db
    .select({ id: jobFiles.id, shopId: jobFiles.shopId })
    .from(jobFiles)
    .where(awaitingPreparation)
    .orderBy(jobFiles.createdAt)
    .limit(limit);

/**
 * Claims a file for preparation and counts the attempt before it starts, so a file the process dies
 * on is not tried forever. Undefined when the file needs nothing (prepared, recycled or purged).
 */
export async function startPreparation(db: Db, fileId: string) {
  const rows = await db
    .update(jobFiles)
    .set({ preparationAttempts: sql`${jobFiles.preparationAttempts} + 1` })
    .where(and(eq(jobFiles.id, fileId), awaitingPreparation))
    .returning({
      id: jobFiles.id,
      jobId: jobFiles.jobId,
      shopId: jobFiles.shopId,
      blobKey: jobFiles.blobKey,
      kind: jobFiles.extension,
      conversion: jobFiles.conversion,
      attempts: jobFiles.preparationAttempts,
    });
  return rows[0];
}

/**
 * Records a derived blob, only while its file is not purged: false means the file went meanwhile and
 * the blob must be deleted. A retry makes the same key, so a second record replaces the first.
 */
export async function addDerivative(db: Db, fileId: string, d: Derivative, now: Date): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`INSERT INTO file_derivatives (file_id, shop_id, role, blob_key, content_type, size, created_at)
        SELECT f.id, f.shop_id, ${d.role}, ${d.blobKey}, ${d.contentType}, ${d.size}, ${now.toISOString()}
        FROM job_files f WHERE f.id = ${fileId} AND f.state <> 'purged'
        ON CONFLICT (file_id, role) DO UPDATE SET size = excluded.size, content_type = excluded.content_type, purged_at = NULL
        RETURNING file_id`,
  );
  return rows.length > 0;
}

export type PreparationOutcome = {
  conversion?: TFileConversion;
  conversionError?: ConversionFailure | null;
  /** From the converted PDF; a failed conversion leaves the pages unknown. */
  pages?: number | null;
  pageCountError?: string | null;
};

/** Marks the file prepared with what was learnt; answers its job and shop, or undefined when it was already done. */
export async function finishPreparation(db: Db, fileId: string, outcome: PreparationOutcome, now: Date) {
  const rows = await db
    .update(jobFiles)
    .set({ ...outcome, preparedAt: now })
    .where(and(eq(jobFiles.id, fileId), isNull(jobFiles.preparedAt)))
    .returning({ jobId: jobFiles.jobId, shopId: jobFiles.shopId });
  return rows[0];
}

/** A file's derived blobs that are still there. */
export const derivativesOf = (db: Db, fileIds: string[]) =>
  fileIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ fileId: fileDerivatives.fileId, role: fileDerivatives.role, blobKey: fileDerivatives.blobKey })
        .from(fileDerivatives)
        .where(and(sql`${fileDerivatives.fileId} = any(${sql.param(fileIds)}::uuid[])`, isNull(fileDerivatives.purgedAt)));

/** Thumbnails of a shop's live files in the named jobs (a job of another shop names nothing). */
export const thumbnailsOfJobs = (db: Db, shopId: string, jobIds: string[]) =>
  queryRows<{ file_id: string; blob_key: string }>(
    db,
    sql`SELECT d.file_id, d.blob_key FROM file_derivatives d JOIN job_files f ON f.id = d.file_id
        WHERE f.shop_id = ${shopId} AND f.job_id = any(${sql.param(jobIds)}::uuid[]) AND f.state <> 'purged'
          AND d.role = 'thumbnail' AND d.purged_at IS NULL`,
  );

/** Marks the derived blobs of purged files gone; answers their keys, for the caller to delete. */
export async function purgeDerivatives(db: Db, fileIds: string[], now: Date): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await queryRows<{ blob_key: string }>(
    db,
    sql`UPDATE file_derivatives SET purged_at = ${now.toISOString()}
        WHERE file_id = any(${sql.param(fileIds)}::uuid[]) AND purged_at IS NULL RETURNING blob_key`,
  );
  return rows.map((r) => r.blob_key);
}
