import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** Keeps the public key receipts are signed with published, beside every key used before it. */
export async function publishReceiptKey(db: Db, kid: string, x: string): Promise<void> {
  await db.execute(sql`INSERT INTO receipt_keys (kid, x) VALUES (${kid}, ${x}) ON CONFLICT (kid) DO NOTHING`);
}

export const receiptKeys = (db: Db) =>
  queryRows<{ kid: string; x: string }>(db, sql`SELECT kid, x FROM receipt_keys ORDER BY created_at, kid`);

/**
 * Jobs owed a receipt: every file purged, the last within `since`, and no receipt yet. Driven by the
 * index of purged files, so a sweep reads only what was deleted lately, not every job ever.
 */
export async function jobsOwedReceipt(db: Db, q: { since: Date; jobId?: string; limit: number }): Promise<string[]> {
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`SELECT DISTINCT f.job_id FROM job_files f
        WHERE f.state = 'purged' AND f.purged_at >= ${q.since.toISOString()}
          ${q.jobId ? sql`AND f.job_id = ${q.jobId}` : sql``}
          AND NOT EXISTS (SELECT 1 FROM deletion_receipts r WHERE r.job_id = f.job_id)
          AND NOT EXISTS (SELECT 1 FROM job_files o WHERE o.job_id = f.job_id AND o.state <> 'purged')
        LIMIT ${q.limit}`,
  );
  return rows.map((r) => r.job_id);
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

/** What a receipt states about one job: the job and shop, its files, and what was made from each. */
export async function receiptFacts(db: Db, jobId: string) {
  const [job] = await queryRows<ReceiptJob>(
    db,
    sql`SELECT j.id, j.shop_id, j.number, j.created_at, j.printed_at, j.cancelled_at, s.name AS shop_name, s.slug AS shop_slug
        FROM jobs j JOIN shops s ON s.id = j.shop_id WHERE j.id = ${jobId}`,
  );
  const files = await queryRows<ReceiptFile>(
    db,
    sql`SELECT id, original_name, size, sha256, created_at, purged_at, downloads, pdf_downloads, print_ready_copies, printer_copies
        FROM job_files WHERE job_id = ${jobId} AND state = 'purged' ORDER BY position`,
  );
  const derived = await queryRows<ReceiptDerivative>(
    db,
    sql`SELECT d.file_id, d.role, d.size, d.created_at, d.purged_at FROM file_derivatives d JOIN job_files f ON f.id = d.file_id
        WHERE f.job_id = ${jobId} AND d.purged_at IS NOT NULL ORDER BY d.role`,
  );
  return { job, files, derived };
}

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
