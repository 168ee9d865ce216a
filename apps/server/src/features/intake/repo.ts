import { type TFileConversion, type TPrintOptions, UPLOAD_LIMITS } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/index.js';
import { jobFiles, jobs } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { defaultPaperOf } from '../shops/repo.js';
import { uploadLost } from './quota.js';
import { settleReservation } from './quota-repo.js';
import type { ReceivedUpload } from './upload.js';

/**
 * Inserts the job, its files and (for a phone) the shop's customer in one short transaction. The upload's
 * reservation ends in the same transaction: the orphan reaper sees either it or the files.
 */
export type NewJob = {
  upload: ReceivedUpload;
  clientKey: string;
  tokenHash: string;
  /** How each file (by position) starts its way to a PDF. */
  conversions: TFileConversion[];
  /** How each file (by position) is to be printed. */
  printOptions: TPrintOptions[];
  /** Runs first in the job's transaction (files sent with tus are claimed there); throwing writes nothing. */
  claim?: (tx: Tx) => Promise<void>;
};

export async function insertJob(db: Db, shopId: string, job: NewJob, now: Date): Promise<{ id: string; number: number }> {
  const { upload, clientKey } = job;
  const paper = await defaultPaperOf(db, shopId);
  return db.transaction(async (tx) => {
    const t = tx;
    await job.claim?.(t);
    // Its lease lapsed (a stalled process): the reaper may have taken its blobs already.
    if (!(await settleReservation(t, upload.jobId, now))) throw uploadLost();
    const counter = await queryRows<{ n: number }>(
      t,
      sql`UPDATE shops SET next_job_number = next_job_number + 1 WHERE id = ${shopId} RETURNING next_job_number AS n`,
    );
    const number = Number(counter[0]?.n);
    let customerId: string | null = null;
    if (upload.phone) {
      // An upload never overwrites a saved customer's details: anyone can type any phone number.
      const rows = await queryRows<{ id: string }>(
        t,
        sql`INSERT INTO customers (shop_id, name, phone) VALUES (${shopId}, ${upload.name ?? ''}, ${upload.phone})
            ON CONFLICT (shop_id, phone) WHERE phone IS NOT NULL DO UPDATE SET updated_at = now()
            RETURNING id`,
      );
      customerId = rows[0]?.id ?? null;
    }
    await tx.insert(jobs).values({
      id: upload.jobId,
      shopId,
      number,
      customerId,
      customerName: upload.name,
      customerPhone: upload.phone,
      paperSku: paper?.sku ?? null,
      clientKey,
      tokenHash: job.tokenHash,
      createdAt: now,
    });
    await insertFiles(t, { jobId: upload.jobId, shopId, firstPosition: 0 }, job, now);
    return { id: upload.jobId, number };
  });
}

/** The upload's files as rows of the job, from `firstPosition` on (a customer may add files later). */
export async function insertFiles(
  db: Db,
  at: { jobId: string; shopId: string; firstPosition: number },
  job: Pick<NewJob, 'upload' | 'conversions' | 'printOptions'>,
  now: Date,
) {
  await db.insert(jobFiles).values(
    job.upload.files.map((f, i) => ({
      id: f.id,
      jobId: at.jobId,
      shopId: at.shopId,
      position: at.firstPosition + i,
      blobKey: f.blobKey,
      originalName: f.originalName,
      storedName: f.storedName,
      extension: f.extension,
      contentType: f.contentType,
      size: f.size,
      sha256: f.sha256,
      ...initialPages(f.contentType, job.conversions[i]!),
      conversion: job.conversions[i]!,
      printOptions: job.printOptions[i]!,
      createdAt: now,
    })),
  );
}

/** A PDF's pages are counted, a document's come from its PDF, an image is one page; without a converter, nobody knows. */
function initialPages(contentType: string, conversion: TFileConversion): { pages: number | null; pageCountError: string | null } {
  if (conversion === 'unavailable') return { pages: null, pageCountError: 'not-converted' };
  if (conversion === 'converting' || contentType === 'application/pdf') return { pages: null, pageCountError: null };
  return { pages: 1, pageCountError: null };
}

/** The position after the job's last file, for files the customer adds. */
export async function nextPosition(tx: Db, jobId: string): Promise<number> {
  const rows = await queryRows<{ n: number | null }>(tx, sql`SELECT max(position) AS n FROM job_files WHERE job_id = ${jobId}`);
  const last = rows[0]?.n;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/**
 * Files the customer adds to their open job: written in the transaction that holds the job open
 * (features/jobs locks it) and ends the upload's reservation, after the last file.
 */
export async function addFiles(
  tx: Db,
  job: { id: string; shopId: string },
  files: Pick<NewJob, 'upload' | 'conversions' | 'printOptions'>,
  now: Date,
): Promise<void> {
  const kept = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM job_files WHERE job_id = ${job.id} AND state <> 'purged'`,
  );
  // One job holds what one upload may: adding files again and again must not grow it past that.
  if (Number(kept[0]?.n ?? 0) + files.upload.files.length > UPLOAD_LIMITS.maxFiles) throw jobFull();
  if (!(await settleReservation(tx, files.upload.jobId, now))) throw uploadLost();
  const firstPosition = await nextPosition(tx, job.id);
  await insertFiles(tx, { jobId: job.id, shopId: job.shopId, firstPosition }, files, now);
}

const jobFull = () =>
  badRequest(`A job holds at most ${UPLOAD_LIMITS.maxFiles} files. Send the rest as a new job from the shop's page.`, 'TOO_MANY_FILES');
