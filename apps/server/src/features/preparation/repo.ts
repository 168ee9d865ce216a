import type { ConversionFailure, TFileConversion } from '@counterprint/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { fileDerivatives, jobFiles, jobs } from '../../db/schema.js';

export type DerivativeRole = 'pdf' | 'thumbnail' | 'preview';
export type Derivative = { role: DerivativeRole; blobKey: string; contentType: string; size: number };

const awaitingPreparation = and(isNull(jobFiles.preparedAt), eq(jobFiles.state, 'active'));

/** Whose turn a file's work takes: its job's uploading address; a job from before addresses were kept goes as its shop. */
const addressOf = sql<string>`coalesce((SELECT j.client_key FROM jobs j WHERE j.id = ${jobFiles.jobId}), 'shop:' || ${jobFiles.shopId})`;

/**
 * Files left unprepared by a crash, a restart or a full queue: every address's oldest first, then its
 * second oldest, and so on, so one address's backlog does not take every place in the next resume.
 */
export const filesAwaitingPreparation = (db: Db, limit: number) =>
  db
    .select({ id: jobFiles.id, shopId: jobFiles.shopId, address: addressOf })
    .from(jobFiles)
    .where(awaitingPreparation)
    .orderBy(sql`row_number() OVER (PARTITION BY ${addressOf} ORDER BY ${jobFiles.createdAt})`, jobFiles.createdAt)
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
      address: addressOf,
      blobKey: jobFiles.blobKey,
      kind: jobFiles.extension,
      conversion: jobFiles.conversion,
      attempts: jobFiles.preparationAttempts,
    });
  return rows[0];
}

/** A try that never started (the converter's queue refused it) is not counted against the file. */
export async function giveBackAttempt(db: Db, fileId: string): Promise<void> {
  await db
    .update(jobFiles)
    .set({ preparationAttempts: sql`greatest(${jobFiles.preparationAttempts} - 1, 0)` })
    .where(and(eq(jobFiles.id, fileId), awaitingPreparation));
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

/**
 * An `auto` file ready for colour detection (issue 19): live, its pages known, its PDF there (a PDF,
 * a converted document, or an image with its thumbnail), and not yet detected.
 */
const awaitingColor = sql`${jobFiles.state} = 'active' AND ${jobFiles.colorDetectedAt} IS NULL
  AND ${jobFiles.printOptions}->>'color' = 'auto' AND ${jobFiles.pages} IS NOT NULL
  AND ${jobFiles.conversion} IN ('none', 'converted') AND ${jobFiles.preparedAt} IS NOT NULL`;

/** Files awaiting colour detection, oldest first, in one job or any. */
export const filesAwaitingColor = (db: Db, q: { jobId?: string; limit: number }) =>
  db
    .select({ id: jobFiles.id, shopId: jobFiles.shopId, address: addressOf })
    .from(jobFiles)
    .where(q.jobId ? and(eq(jobFiles.jobId, q.jobId), awaitingColor) : awaitingColor)
    .orderBy(jobFiles.createdAt)
    .limit(q.limit);

/** Claims a file for colour detection and counts the attempt first; undefined when it needs none (now). */
export async function startColorDetection(db: Db, fileId: string) {
  const rows = await queryRows<{
    id: string;
    blob_key: string;
    kind: string;
    conversion: string;
    pages: number;
    attempts: number;
    pdf_key: string | null;
    thumbnail_key: string | null;
  }>(
    db,
    sql`UPDATE job_files SET color_detection_attempts = color_detection_attempts + 1
        WHERE id = ${fileId} AND ${awaitingColor}
        RETURNING id, blob_key, extension AS kind, conversion, pages, color_detection_attempts AS attempts,
          (SELECT d.blob_key FROM file_derivatives d WHERE d.file_id = job_files.id AND d.role = 'pdf' AND d.purged_at IS NULL) AS pdf_key,
          (SELECT d.blob_key FROM file_derivatives d WHERE d.file_id = job_files.id AND d.role = 'thumbnail' AND d.purged_at IS NULL) AS thumbnail_key`,
  );
  const r = rows[0];
  return r
    ? {
        id: r.id,
        blobKey: r.blob_key,
        kind: r.kind,
        conversion: r.conversion,
        pages: Number(r.pages),
        attempts: Number(r.attempts),
        pdfKey: r.pdf_key,
        thumbnailKey: r.thumbnail_key,
      }
    : undefined;
}

export type ColorOutcome = { colorPages: number[]; pagesChecked: number } | { error: string };

/** Records the colour pages, or why there are none, once; answers the job and shop when it changed. */
export async function finishColorDetection(db: Db, fileId: string, outcome: ColorOutcome, now: Date) {
  const found =
    'error' in outcome
      ? { colorDetectionError: outcome.error }
      : { colorPages: outcome.colorPages, colorPagesChecked: outcome.pagesChecked };
  const rows = await db
    .update(jobFiles)
    .set({ ...found, colorDetectedAt: now })
    .where(and(eq(jobFiles.id, fileId), isNull(jobFiles.colorDetectedAt)))
    .returning({ jobId: jobFiles.jobId, shopId: jobFiles.shopId });
  return rows[0];
}

/** A file still waiting for its page count: neither counted nor marked uncountable (decision 013). */
const awaitingCount = and(
  isNull(jobFiles.pages),
  isNull(jobFiles.pageCountError),
  eq(jobFiles.state, 'active'),
  eq(jobFiles.conversion, 'none'),
);

/** Files left uncounted by a crash or restart, oldest first. */
export const filesAwaitingCount = (db: Db) =>
  db.select({ id: jobFiles.id, shopId: jobFiles.shopId }).from(jobFiles).where(awaitingCount).orderBy(jobFiles.createdAt);

/**
 * Claims a file for counting and records the attempt before it starts, so a count the process dies
 * in is not tried forever. Undefined when the file needs no count.
 */
export async function startPageCount(db: Db, fileId: string) {
  const rows = await db
    .update(jobFiles)
    .set({ pageCountAttempts: sql`${jobFiles.pageCountAttempts} + 1` })
    .where(and(eq(jobFiles.id, fileId), awaitingCount))
    .returning({ blobKey: jobFiles.blobKey, contentType: jobFiles.contentType, attempts: jobFiles.pageCountAttempts });
  return rows[0];
}

/** Stores a count or why there is none, once; answers the job and shop when it changed. */
export async function recordPageCount(db: Db, fileId: string, outcome: { pages: number } | { uncountable: string }) {
  const rows = await db
    .update(jobFiles)
    .set('pages' in outcome ? { pages: outcome.pages } : { pageCountError: outcome.uncountable })
    .where(and(eq(jobFiles.id, fileId), isNull(jobFiles.pages), isNull(jobFiles.pageCountError)))
    .returning({ jobId: jobFiles.jobId, shopId: jobFiles.shopId });
  return rows[0];
}

/** Who a print-ready copy of a file went to: the browser's print dialog, or a print agent's printer. */
export type PrintedCopy = 'browser' | 'printer';

/** Counts a print-ready copy of the file handed out, for the deletion receipt. */
export async function countPrintedCopy(db: Db, fileId: string, to: PrintedCopy): Promise<void> {
  const column = to === 'browser' ? sql`print_ready_copies = print_ready_copies + 1` : sql`printer_copies = printer_copies + 1`;
  await db.execute(sql`UPDATE job_files SET ${column} WHERE id = ${fileId} AND state <> 'purged'`);
}

/** A job's files not yet purged, in order, for its print-ready copies. */
export const liveFilesOf = (db: Db, jobId: string) =>
  db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), ne(jobFiles.state, 'purged')))
    .orderBy(jobFiles.position);

/** The shop a job belongs to, for the staff guard; undefined when there is no such job. */
export const shopOfJob = async (db: Db, jobId: string) =>
  (await db.select({ shopId: jobs.shopId }).from(jobs).where(eq(jobs.id, jobId)).limit(1))[0];
