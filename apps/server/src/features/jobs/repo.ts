import type { TFileConversion, TFilePrinting, TJob, TJobFile, TPrintOptions } from '@counterprint/contract';
import { and, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/index.js';
import { fileDerivatives, inventoryItems, jobFiles, jobs } from '../../db/schema.js';
import { countedFile, jobPaper, optionsOfFile, priceJob } from '../../pricing/job-pricing.js';
import { paperOfFile } from '../../pricing/paper.js';
import type { RateCardEntry } from '../../pricing/pricing.js';
import { defaultPaperOf, rateCardEntriesOf } from '../shops/repo.js';

export type JobRow = typeof jobs.$inferSelect;
/** The file columns a job's DTO shows. */
type FileRow = Pick<
  typeof jobFiles.$inferSelect,
  | 'id'
  | 'jobId'
  | 'position'
  | 'originalName'
  | 'extension'
  | 'contentType'
  | 'size'
  | 'pages'
  | 'pageCountError'
  | 'state'
  | 'conversion'
  | 'conversionError'
  | 'printOptions'
  | 'colorPages'
  | 'colorPagesChecked'
  | 'recycledAt'
> & { thumbnail?: boolean; printing?: PrintingRow | null };
export const fileColumns = {
  id: jobFiles.id,
  jobId: jobFiles.jobId,
  position: jobFiles.position,
  originalName: jobFiles.originalName,
  extension: jobFiles.extension,
  contentType: jobFiles.contentType,
  size: jobFiles.size,
  pages: jobFiles.pages,
  pageCountError: jobFiles.pageCountError,
  state: jobFiles.state,
  conversion: jobFiles.conversion,
  conversionError: jobFiles.conversionError,
  printOptions: jobFiles.printOptions,
  colorPages: jobFiles.colorPages,
  colorPagesChecked: jobFiles.colorPagesChecked,
  recycledAt: jobFiles.recycledAt,
};
const hasThumbnail = sql<boolean>`exists (select 1 from ${fileDerivatives} d where d.file_id = ${jobFiles.id} and d.role = 'thumbnail')`;
/**
 * The file's latest print command (issue 22, features/printers): what the printer said of it. The
 * file's id is named with its table: drizzle writes a bare "id", which inside this subquery is c.id.
 */
const latestPrinting = sql<PrintingRow | null>`(select json_build_object('state', c.state, 'printerName', c.printer_name, 'reasons', c.reasons,
  'message', c.message, 'unsupported', c.unsupported, 'updatedAt', c.updated_at)
  from print_commands c where c.file_id = "job_files"."id" order by c.created_at desc limit 1)`;
type PrintingRow = Omit<TFilePrinting, 'updatedAt'> & { updatedAt: string };
type Paper = { sku: string; name: string } | undefined;
/** The customer's status page of a job, for staff (auth/job-token.ts); null for a job from before it. */
export type StatusPathOf = (jobId: string, tokenHash: string | null) => string | null;

export function toJobDto(
  job: JobRow,
  files: FileRow[],
  paper: Paper,
  rateCard: readonly RateCardEntry[],
  statusPathOf: StatusPathOf,
): TJob {
  const live = files.filter((f) => f.state !== 'purged').sort((a, b) => a.position - b.position);
  const priced = priceJob(live, rateCard);
  return {
    id: job.id,
    number: job.number,
    shopId: job.shopId,
    customerName: job.customerName,
    customerPhone: job.customerPhone,
    status: job.status as TJob['status'],
    createdAt: job.createdAt.toISOString(),
    uploadedAt: job.createdAt.toISOString(),
    printedAt: job.printedAt?.toISOString() ?? null,
    originalFilenames: live.map((f) => f.originalName),
    files: live.map((f) => ({
      id: f.id,
      name: f.originalName,
      contentType: f.contentType,
      size: f.size,
      pages: f.pages,
      pagesStatus: f.pages !== null ? 'counted' : f.pageCountError !== null ? 'uncountable' : 'counting',
      state: f.state as TJobFile['state'],
      kind: f.extension as TJobFile['kind'],
      conversion: f.conversion as TFileConversion,
      conversionError: f.conversionError as TJobFile['conversionError'],
      thumbnail: f.thumbnail === true,
      options: optionsOfFile(f),
      printing: f.printing ? { ...f.printing, updatedAt: new Date(f.printing.updatedAt).toISOString() } : null,
      ...priced.byFile.get(f.id)!,
    })),
    items: live.map((f) => ({
      name: paper?.name ?? 'Paper',
      sku: job.paperSku ?? paper?.sku ?? 'PAPER',
      sheetsUsed: paperOfFile(countedFile(f))?.sheets ?? 0,
    })),
    paper: jobPaper(
      job,
      files.map((f) => ({ ...f, printedWithJob: job.printedAt !== null && f.recycledAt?.getTime() === job.printedAt.getTime() })),
    ),
    estimate: priced.estimate,
    printingAt: job.printingAt?.toISOString() ?? null,
    paymentClaimedAt: job.paymentClaimedAt?.toISOString() ?? null,
    statusPath: statusPathOf(job.id, job.tokenHash),
  };
}

async function paperFor(db: Db, shopId: string, skus: (string | null)[]): Promise<Map<string | null, Paper>> {
  const fallback = await defaultPaperOf(db, shopId);
  const wanted = [...new Set(skus.filter((s): s is string => !!s))];
  const rows = wanted.length
    ? await db
        .select({ sku: inventoryItems.sku, name: inventoryItems.name })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.shopId, shopId), inArray(inventoryItems.sku, wanted)))
    : [];
  const map = new Map<string | null, Paper>(rows.map((r) => [r.sku, r]));
  map.set(null, fallback);
  return map;
}

async function assemble(db: Db, shopId: string, rows: JobRow[], statusPathOf: StatusPathOf): Promise<TJob[]> {
  if (rows.length === 0) return [];
  // One array parameter and only the shown columns: planning an IN list of 100 parameters, and
  // parsing every column of every file, made a page of 100 jobs ~4× slower on PGlite (bench/).
  const ids = rows.map((j) => j.id);
  const files = await db
    .select({ ...fileColumns, thumbnail: hasThumbnail, printing: latestPrinting })
    .from(jobFiles)
    .where(sql`${jobFiles.jobId} = any(${sql.param(ids)}::uuid[])`);
  const byJob = new Map<string, FileRow[]>();
  for (const f of files) {
    const list = byJob.get(f.jobId);
    if (list) list.push(f);
    else byJob.set(f.jobId, [f]);
  }
  const papers = await paperFor(
    db,
    shopId,
    rows.map((r) => r.paperSku),
  );
  const rateCard = await rateCardEntriesOf(db, shopId);
  return rows.map((j) => toJobDto(j, byJob.get(j.id) ?? [], papers.get(j.paperSku) ?? papers.get(null), rateCard, statusPathOf));
}

/** Newest first; `before` pages by (created_at, id) so equal timestamps neither repeat nor vanish. */
export async function listJobs(
  db: Db,
  shopId: string,
  opts: { limit: number; before?: string; status?: string },
  statusPathOf: StatusPathOf,
): Promise<TJob[]> {
  const conds = [eq(jobs.shopId, shopId)];
  if (opts.status) conds.push(eq(jobs.status, opts.status));
  if (opts.before) {
    const anchor = (
      await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, opts.before), eq(jobs.shopId, shopId)))
        .limit(1)
    )[0];
    if (!anchor) return [];
    conds.push(or(lt(jobs.createdAt, anchor.createdAt), and(eq(jobs.createdAt, anchor.createdAt), lt(jobs.id, anchor.id)))!);
  }
  const rows = await db
    .select()
    .from(jobs)
    .where(and(...conds))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(opts.limit);
  return assemble(db, shopId, rows, statusPathOf);
}

export async function loadJob(db: Db, jobId: string, statusPathOf: StatusPathOf): Promise<TJob | null> {
  const row = (await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1))[0];
  if (!row) return null;
  return (await assemble(db, row.shopId, [row], statusPathOf))[0] ?? null;
}

export const findJobRow = async (db: Db, jobId: string) => (await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1))[0];

export const liveFilesOf = (db: Db, jobId: string) =>
  db
    .select()
    .from(jobFiles)
    .where(and(eq(jobFiles.jobId, jobId), ne(jobFiles.state, 'purged')))
    .orderBy(jobFiles.position);

/** Active files go to the recycle bin, to be deleted for good at `expiresAt`. */
export async function recycleFiles(db: Db, jobId: string, now: Date, expiresAt: Date): Promise<void> {
  await db
    .update(jobFiles)
    .set({ state: 'recycled', recycledAt: now, expiresAt })
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.state, 'active')));
}

/** Stores files' new print options while the job is queued; false when it is not any more (nothing written). */
export async function setPrintOptions(db: Db, jobId: string, changes: { fileId: string; options: TPrintOptions }[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const queued = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')))
      .for('update');
    if (queued.length === 0) return false;
    for (const { fileId, options } of changes) {
      await tx
        .update(jobFiles)
        .set({ printOptions: options })
        .where(and(eq(jobFiles.id, fileId), eq(jobFiles.jobId, jobId)));
    }
    return true;
  });
}

/** Cancels the job and sends its active files to the recycle bin, in one transaction. */
export async function cancelJob(db: Db, jobId: string, now: Date, expiresAt: Date): Promise<void> {
  await db.transaction((tx) => cancelWithin(tx, jobId, now, expiresAt));
}

/** The cancel itself, inside a transaction the caller holds. */
export async function cancelWithin(tx: Tx, jobId: string, now: Date, expiresAt: Date): Promise<void> {
  await tx.update(jobs).set({ status: 'cancelled', cancelledAt: now }).where(eq(jobs.id, jobId));
  await recycleFiles(tx, jobId, now, expiresAt);
}

/**
 * Counts a download of an original or of its converted PDF, for the deletion receipt; a preview, a
 * thumbnail or a banner has no such count.
 */
export async function countDownload(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE job_files SET downloads = downloads + 1 WHERE blob_key = ${key} AND state <> 'purged'`);
  await db.execute(
    sql`UPDATE job_files f SET pdf_downloads = f.pdf_downloads + 1 FROM file_derivatives d
        WHERE d.blob_key = ${key} AND d.role = 'pdf' AND d.file_id = f.id AND f.state <> 'purged'`,
  );
}

/** A signed link stops working the moment its file is purged or its banner removed. */
export async function blobIsLive(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows<{ live: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM job_files WHERE blob_key = ${key} AND state <> 'purged')
        OR EXISTS (SELECT 1 FROM file_derivatives d JOIN job_files f ON f.id = d.file_id
                   WHERE d.blob_key = ${key} AND d.purged_at IS NULL AND f.state <> 'purged')
        OR EXISTS (SELECT 1 FROM shop_banners WHERE blob_key = ${key}) AS live`,
  );
  return rows[0]?.live === true;
}
