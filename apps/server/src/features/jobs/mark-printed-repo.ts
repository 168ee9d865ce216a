import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { jobFiles, jobs, orderLines, orders, rateCardServices } from '../../db/schema.js';
import { type OrderLine, paperOfFiles, priceJob } from '../../pricing/job-pricing.js';
import type { PaperUse } from '../../pricing/paper.js';
import { rateCardEntriesOf } from '../shops/repo.js';
import { fileColumns, type JobRow, recycleFiles } from './repo.js';

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
      const t = tx;
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
