import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** Keeps the public key receipts are signed with published, beside every key used before it. */
export async function publishReceiptKey(db: Db, kid: string, x: string): Promise<void> {
  await db.execute(sql`INSERT INTO receipt_keys (kid, x) VALUES (${kid}, ${x}) ON CONFLICT (kid) DO NOTHING`);
}

export const receiptKeys = (db: Db) =>
  queryRows<{ kid: string; x: string }>(db, sql`SELECT kid, x FROM receipt_keys ORDER BY created_at, kid`);

/** Of the jobs given, those that have their receipt already. */
export async function jobsWithReceipt(db: Db, jobIds: string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`SELECT job_id FROM deletion_receipts WHERE job_id = any(${sql.param(jobIds)}::uuid[])`,
  );
  return new Set(rows.map((r) => r.job_id));
}

/** A timestamp as the driver answers it (a Date from pg, a Date or a string elsewhere). */
export type Stamp = Date | string;

export type ReceiptJob = {
  id: string;
  shop_id: string;
  number: number;
  created_at: Stamp;
  printed_at: Stamp | null;
  cancelled_at: Stamp | null;
  shop_name: string;
  shop_slug: string;
};
export type ReceiptFile = {
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
};
export type ReceiptDerivative = { file_id: string; role: string; size: number | string; created_at: Stamp; purged_at: Stamp };

/** What a receipt states about one job and its shop (its files are asked of their owner, ReceiptFiles). */
export async function receiptJob(db: Db, jobId: string): Promise<ReceiptJob | undefined> {
  const [job] = await queryRows<ReceiptJob>(
    db,
    sql`SELECT j.id, j.shop_id, j.number, j.created_at, j.printed_at, j.cancelled_at, s.name AS shop_name, s.slug AS shop_slug
        FROM jobs j JOIN shops s ON s.id = j.shop_id WHERE j.id = ${jobId}`,
  );
  return job;
}

/** What receipts read of job files, asked of the feature that owns them (features/jobs). */
export type ReceiptFiles = {
  /**
   * Jobs whose every file is purged, the last within `since`, in id order after `after`. Driven by the
   * index of purged files, so a sweep reads only what was deleted lately, not every job ever.
   */
  fullyPurgedJobs(q: { since: Date; jobId?: string | undefined; after?: string; limit: number }): Promise<string[]>;
  /** The job's purged files, and what was made from each. */
  purgedFilesOf(jobId: string): Promise<{ files: ReceiptFile[]; derived: ReceiptDerivative[] }>;
};

/** Stores a job's receipt unless one is there already (another instance's sweep): the first one stays. */
export async function saveReceipt(db: Db, r: { jobId: string; shopId: string; receiptId: string; kid: string; jws: string }) {
  await db.execute(
    sql`INSERT INTO deletion_receipts (job_id, shop_id, receipt_id, kid, jws)
        VALUES (${r.jobId}, ${r.shopId}, ${r.receiptId}, ${r.kid}, ${r.jws}) ON CONFLICT (job_id) DO NOTHING`,
  );
}

export async function receiptOfJob(db: Db, jobId: string): Promise<string | undefined> {
  const rows = await queryRows<{ jws: string }>(db, sql`SELECT jws FROM deletion_receipts WHERE job_id = ${jobId}`);
  return rows[0]?.jws;
}
