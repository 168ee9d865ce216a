import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import type { FileForPaper } from '../../pricing/job-pricing.js';

/**
 * What other features read of job files, asked here because this feature owns job_files and
 * file_derivatives (docs/architecture.md#who-owns-each-table). Each is bound to a database by
 * jobFileReads and handed to the feature that needs it, which declares the shape it uses.
 */

/** A timestamp as the driver answers it (a Date from pg, a Date or a string elsewhere). */
type Stamp = Date | string;

/** A customer's jobs at their shop, newest first, with how many files each carried. */
async function jobsOfCustomer(db: Db, shopId: string, customerId: string) {
  const rows = await queryRows<{ id: string; number: number; status: string; created_at: string; files: number | string }>(
    db,
    sql`SELECT j.id, j.number, j.status, to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
               (SELECT count(*) FROM job_files f WHERE f.job_id = j.id) AS files
        FROM jobs j WHERE j.shop_id = ${shopId} AND j.customer_id = ${customerId}
        ORDER BY j.created_at DESC, j.id DESC LIMIT 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    status: r.status as 'queued' | 'done' | 'cancelled',
    createdAt: r.created_at,
    fileCount: Number(r.files),
  }));
}

/** The files stored on the platform and their bytes, with all that was made from them. */
async function storedFiles(db: Db): Promise<{ files: number; bytes: number }> {
  const [row] = await queryRows<{ files: number | string; bytes: number | string }>(
    db,
    sql`SELECT (SELECT count(*) FROM job_files WHERE state <> 'purged') AS files,
               (SELECT coalesce(sum(size), 0) FROM job_files WHERE state <> 'purged')
                 + (SELECT coalesce(sum(size), 0) FROM file_derivatives WHERE purged_at IS NULL) AS bytes`,
  );
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export type PrintableFile = {
  id: string;
  original_name: string;
  print_options: unknown;
  pages: number | null;
  conversion: string;
  color_pages: number[] | null;
  color_pages_checked: number | null;
};

/** The job's files still on it, in order, as a printer is sent them. */
const printableFiles = (db: Db, jobId: string) =>
  queryRows<PrintableFile>(
    db,
    sql`SELECT id, original_name, print_options, pages, conversion, color_pages, color_pages_checked FROM job_files WHERE job_id = ${jobId} AND state = 'active' ORDER BY position`,
  );

/** A job's files as src/pricing/job-pricing.ts's jobPaper reads them, for each of the jobs given. */
async function filesForPaper(db: Db, jobIds: string[]) {
  const byJob = new Map<string, FileForPaper[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return byJob;
  const rows = await queryRows<FileForPaper & { job_id: string }>(
    db,
    sql`SELECT f.job_id, f.pages, f.conversion, f.print_options AS "printOptions", f.state,
               coalesce(f.recycled_at = j.printed_at, false) AS "printedWithJob"
        FROM job_files f JOIN jobs j ON j.id = f.job_id WHERE f.job_id = any(${sql.param(jobIds)}::uuid[])
        ORDER BY f.job_id, f.position`,
  );
  for (const { job_id, ...file } of rows) byJob.get(job_id)?.push(file);
  return byJob;
}

/** When each of the job's files went or goes: the bin's expiry, a save that keeps it, and the last copy's purge. */
async function deletionTimesOf(db: Db, jobId: string) {
  const rows = await queryRows<{ active: number; saved: number; expires_at: Stamp | null; purged_at: Stamp | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
               count(*) FILTER (WHERE state = 'saved')::int AS saved,
               max(expires_at) FILTER (WHERE state = 'recycled') AS expires_at,
               greatest(max(f.purged_at), (SELECT max(d.purged_at) FROM file_derivatives d JOIN job_files g ON g.id = d.file_id
                                            WHERE g.job_id = ${jobId})) AS purged_at
        FROM job_files f WHERE f.job_id = ${jobId}`,
  );
  return rows[0]!;
}

/** The job's files still there, in order, each with its thumbnail's key, as its customer's status page shows them. */
const customerFilesOf = (db: Db, jobId: string) =>
  queryRows<{
    id: string;
    original_name: string;
    extension: string;
    pages: number | null;
    conversion: string;
    conversion_error: string | null;
    prepared_at: Date | null;
    thumbnail_key: string | null;
    print_options: unknown;
    color_pages: number[] | null;
    color_pages_checked: number | null;
    awaiting_color: boolean;
  }>(
    db,
    sql`SELECT f.id, f.original_name, f.extension, f.pages, f.conversion, f.conversion_error, f.prepared_at,
               f.print_options, f.color_pages, f.color_pages_checked,
               (f.state = 'active' AND f.print_options->>'color' = 'auto' AND f.color_detected_at IS NULL) AS awaiting_color,
               (SELECT d.blob_key FROM file_derivatives d
                 WHERE d.file_id = f.id AND d.role = 'thumbnail' AND d.purged_at IS NULL) AS thumbnail_key
        FROM job_files f WHERE f.job_id = ${jobId} AND f.state <> 'purged' ORDER BY f.position`,
  );

/**
 * Jobs whose every file is purged, the last within `since`, in id order after `after`: the candidates for a
 * deletion receipt. Driven by the index of purged files, so it reads only what was deleted lately.
 */
async function fullyPurgedJobs(db: Db, q: { since: Date; jobId?: string | undefined; after?: string; limit: number }) {
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`SELECT DISTINCT f.job_id FROM job_files f
        WHERE f.state = 'purged' AND f.purged_at >= ${q.since.toISOString()}
          ${q.jobId ? sql`AND f.job_id = ${q.jobId}` : sql``}
          ${q.after ? sql`AND f.job_id > ${q.after}` : sql``}
          AND NOT EXISTS (SELECT 1 FROM job_files o WHERE o.job_id = f.job_id AND o.state <> 'purged')
        ORDER BY f.job_id LIMIT ${q.limit}`,
  );
  return rows.map((r) => r.job_id);
}

/** What a deletion receipt states of a job's files: each purged file, and what was made from each. */
async function purgedFilesOf(db: Db, jobId: string) {
  const files = await queryRows<{
    id: string;
    original_name: string;
    size: number | string;
    sha256: string;
    created_at: Stamp;
    purged_at: Stamp;
    downloads: number;
    pdf_downloads: number;
    print_ready_copies: number;
    printer_copies: number;
  }>(
    db,
    sql`SELECT id, original_name, size, sha256, created_at, purged_at, downloads, pdf_downloads, print_ready_copies, printer_copies
        FROM job_files WHERE job_id = ${jobId} AND state = 'purged' ORDER BY position`,
  );
  const derived = await queryRows<{ file_id: string; role: string; size: number | string; created_at: Stamp; purged_at: Stamp }>(
    db,
    sql`SELECT d.file_id, d.role, d.size, d.created_at, d.purged_at FROM file_derivatives d JOIN job_files f ON f.id = d.file_id
        WHERE f.job_id = ${jobId} AND d.purged_at IS NOT NULL ORDER BY d.role`,
  );
  return { files, derived };
}

/** Of the blob keys given, those a file not purged, or something made from one, still stores its bytes under. */
export async function liveFileBlobs(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT blob_key AS key FROM job_files WHERE state <> 'purged' AND blob_key = any(${sql.param(keys)}::text[])
        UNION SELECT d.blob_key AS key FROM file_derivatives d JOIN job_files f ON f.id = d.file_id
          WHERE d.purged_at IS NULL AND f.state <> 'purged' AND d.blob_key = any(${sql.param(keys)}::text[])`,
  );
  return rows.map((r) => r.key);
}

/** Every read above bound to one database, to be handed to the features that ask. */
export const jobFileReads = (db: Db) => ({
  jobsOfCustomer: (shopId: string, customerId: string) => jobsOfCustomer(db, shopId, customerId),
  storedFiles: () => storedFiles(db),
  printableFiles: (jobId: string) => printableFiles(db, jobId),
  filesForPaper: (jobIds: string[]) => filesForPaper(db, jobIds),
  deletionTimesOf: (jobId: string) => deletionTimesOf(db, jobId),
  customerFilesOf: (jobId: string) => customerFilesOf(db, jobId),
  fullyPurgedJobs: (q: { since: Date; jobId?: string | undefined; after?: string; limit: number }) => fullyPurgedJobs(db, q),
  purgedFilesOf: (jobId: string) => purgedFilesOf(db, jobId),
  liveFileBlobs: (keys: string[]) => liveFileBlobs(db, keys),
});
