import type { TFileConversion, TFilePrinting, TJob, TJobFile, TPrintOptions } from '@counterprint/contract';
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { fileDerivatives, inventoryItems, jobFiles, jobs, orderLines, orders, rateCardServices } from '../../db/schema.js';
import { countedFile, jobPaper, type OrderLine, optionsOfFile, paperOfFiles, priceJob } from '../../pricing/job-pricing.js';
import { type PaperUse, paperOfFile } from '../../pricing/paper.js';
import type { RateCardEntry } from '../../pricing/pricing.js';
import { defaultPaperOf, rateCardEntriesOf } from '../shops/repo.js';
import { uploadLost } from '../intake/quota.js';
import { settleReservation } from '../intake/quota-repo.js';
import type { ReceivedUpload } from '../intake/upload.js';

type JobRow = typeof jobs.$inferSelect;
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
const fileColumns = {
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

/**
 * Inserts the job, its files and (for a phone) the shop's customer in one short transaction, and
 * returns the job as staff see it, so that announcing it needs no second read. The upload's
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
  claim?: (tx: Db) => Promise<void>;
};

export async function insertJob(db: Db, shopId: string, job: NewJob, now: Date, statusPathOf: StatusPathOf): Promise<TJob> {
  const { upload, clientKey } = job;
  const [paper, rateCard] = await Promise.all([defaultPaperOf(db, shopId), rateCardEntriesOf(db, shopId)]);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
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
    const [jobRow] = await tx
      .insert(jobs)
      .values({
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
      })
      .returning();
    const fileRows = await insertFiles(t, { jobId: upload.jobId, shopId, firstPosition: 0 }, job, now);
    return toJobDto(jobRow!, fileRows, paper, rateCard, statusPathOf);
  });
}

/** The upload's files as rows of the job, from `firstPosition` on (a customer may add files later). */
export function insertFiles(
  db: Db,
  at: { jobId: string; shopId: string; firstPosition: number },
  job: Pick<NewJob, 'upload' | 'conversions' | 'printOptions'>,
  now: Date,
) {
  return db
    .insert(jobFiles)
    .values(
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
    )
    .returning(fileColumns);
}

/** A PDF's pages are counted, a document's come from its PDF, an image is one page; without a converter, nobody knows. */
function initialPages(contentType: string, conversion: TFileConversion): { pages: number | null; pageCountError: string | null } {
  if (conversion === 'unavailable') return { pages: null, pageCountError: 'not-converted' };
  if (conversion === 'converting' || contentType === 'application/pdf') return { pages: null, pageCountError: null };
  return { pages: 1, pageCountError: null };
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

/** Active files go to the recycle bin, to be deleted for good at `expiresAt`. */
async function recycleFiles(db: Db, jobId: string, now: Date, expiresAt: Date): Promise<void> {
  await db
    .update(jobFiles)
    .set({ state: 'recycled', recycledAt: now, expiresAt })
    .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.state, 'active')));
}

/** The order a job is paid with when it is printed: the estimate's lines, or one service staff named. */
export type PrintedOrder = {
  amountPaise: number;
  paymentMethod: string | null;
  /** A service staff named instead of the estimate: the order is one line of it. */
  serviceId: string | undefined;
  lines: OrderLine[];
  /** The services the lines sold, for the order's summary. */
  servicesSold: string | null;
};
export type PrintOutcome = 'printed' | 'not-queued' | 'no-service';

class Rollback extends Error {
  constructor(readonly outcome: PrintOutcome) {
    super(outcome);
  }
}

/** A queued job's active files priced from its shop's rate card, as Mark Printed takes it. */
export async function pricedJob(db: Db, job: Pick<JobRow, 'id' | 'shopId'>) {
  const [files, rateCard] = await Promise.all([
    db
      .select(fileColumns)
      .from(jobFiles)
      .where(and(eq(jobFiles.jobId, job.id), eq(jobFiles.state, 'active')))
      .orderBy(asc(jobFiles.position)),
    rateCardEntriesOf(db, job.shopId),
  ]);
  return { priced: priceJob(files, rateCard), paper: paperOfFiles(files), rateCard };
}

/**
 * Marks a queued job printed in one transaction: its files go to the recycle bin, its sheets come off the
 * paper's stock and are kept on the job with its sides (so its figures outlive its files), and a
 * payment becomes an order with its lines. Nothing is written when the job is no
 * longer queued or the named service is not on the shop's rate card.
 */
export async function markPrinted(
  db: Db,
  job: Pick<JobRow, 'id' | 'shopId' | 'paperSku' | 'customerId' | 'customerName'>,
  order: PrintedOrder | undefined,
  paper: PaperUse,
  now: Date,
  expiresAt: Date,
): Promise<PrintOutcome> {
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const moved = await tx
        .update(jobs)
        .set({ status: 'done', printedAt: now, printedSheets: paper.sheets, printedSides: paper.sides })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id });
      if (moved.length === 0) throw new Rollback('not-queued');
      await recycleFiles(t, job.id, now, expiresAt);
      if (job.paperSku && paper.sheets > 0) {
        const taken = await takePaper(t, job.shopId, job.paperSku, paper.sheets, now);
        await tx.update(jobs).set({ paperTaken: taken }).where(eq(jobs.id, job.id));
      }
      if (order) await insertOrder(t, job, order, now);
    });
  } catch (err) {
    if (err instanceof Rollback) return err.outcome;
    throw err;
  }
  return 'printed';
}

/** Takes sheets off the paper's stock, never below zero; answers how many it took, for Move back to queue to give back. */
async function takePaper(db: Db, shopId: string, sku: string, sheets: number, now: Date): Promise<number> {
  const rows = await queryRows<{ taken: number | string }>(
    db,
    sql`WITH before AS (SELECT id, stock FROM inventory_items WHERE shop_id = ${shopId} AND sku = ${sku} FOR UPDATE)
        UPDATE inventory_items i SET stock = greatest(before.stock - ${sheets}, 0), updated_at = ${now}
        FROM before WHERE i.id = before.id
        RETURNING before.stock - i.stock AS taken`,
  );
  return rows.reduce((sum, r) => sum + Number(r.taken), 0);
}

async function insertOrder(
  db: Db,
  job: Pick<JobRow, 'id' | 'shopId' | 'customerId' | 'customerName'>,
  order: PrintedOrder,
  now: Date,
): Promise<void> {
  let { lines, servicesSold } = order;
  let serviceId: string | null = null;
  if (order.serviceId) {
    const service = await serviceFor(db, job.shopId, order.serviceId);
    if (!service) throw new Rollback('no-service');
    serviceId = service.id;
    servicesSold = service.serviceName;
    lines = [
      {
        kind: 'service',
        fileId: null,
        serviceId: service.id,
        description: service.serviceName,
        quantity: 1,
        unitPricePaise: null,
        amountPaise: order.amountPaise,
      },
    ];
  }
  const [row] = await db
    .insert(orders)
    .values({
      shopId: job.shopId,
      jobId: job.id,
      customerId: job.customerId,
      customerName: job.customerName,
      amountPaise: order.amountPaise,
      paymentMethod: order.paymentMethod,
      serviceId,
      serviceName: servicesSold,
      createdAt: now,
    })
    .returning({ id: orders.id });
  if (lines.length === 0) return;
  await db.insert(orderLines).values(lines.map((l, position) => ({ ...l, orderId: row!.id, position, shopId: job.shopId })));
}

/** The named service of the shop's rate card, or undefined. */
async function serviceFor(db: Db, shopId: string, serviceId: string) {
  const rows = await db
    .select()
    .from(rateCardServices)
    .where(and(eq(rateCardServices.shopId, shopId), eq(rateCardServices.id, serviceId)))
    .limit(1);
  return rows[0];
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
  await db.transaction((tx) => cancelWithin(tx as unknown as Db, jobId, now, expiresAt));
}

/** The cancel itself, inside a transaction the caller holds. */
export async function cancelWithin(tx: Db, jobId: string, now: Date, expiresAt: Date): Promise<void> {
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

/** Who a print-ready copy of a file went to: the browser's print dialog, or a print agent's printer. */
export type PrintedCopy = 'browser' | 'printer';

/** Counts a print-ready copy of the file handed out, for the deletion receipt. */
export async function countPrintedCopy(db: Db, fileId: string, to: PrintedCopy): Promise<void> {
  const column = to === 'browser' ? sql`print_ready_copies = print_ready_copies + 1` : sql`printer_copies = printer_copies + 1`;
  await db.execute(sql`UPDATE job_files SET ${column} WHERE id = ${fileId} AND state <> 'purged'`);
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
