import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { inventoryItems, jobFiles, jobs, orderLines, orders } from '../../db/schema.js';

export type BackOutcome = 'back' | 'not-printed' | 'files-gone' | 'refunded';

class Rollback extends Error {
  constructor(readonly outcome: BackOutcome) {
    super(outcome);
  }
}

/**
 * Undoes Mark Printed in one transaction (docs/product/rules.md#orders-and-earnings): the files it put in the recycle
 * bin come back, the order it recorded is removed with its lines, the sheets it took go back on the paper's stock, and
 * the job is queued again without its printed figures. Nothing is written when the job is not printed, when none of
 * its files is still in the bin, or when its order was refunded meanwhile (that refund is money that moved).
 */
export async function moveBackToQueue(db: Db, jobId: string): Promise<BackOutcome> {
  try {
    await db.transaction(async (tx) => {
      const [job] = await tx
        .select({ shopId: jobs.shopId, printedAt: jobs.printedAt, paperSku: jobs.paperSku, paperTaken: jobs.paperTaken })
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'done')))
        .for('update');
      if (!job?.printedAt) throw new Rollback('not-printed');
      // Only what Mark Printed binned: a file staff binned or saved before stays where they put it.
      const restored = await tx
        .update(jobFiles)
        .set({ state: 'active', recycledAt: null, expiresAt: null })
        .where(and(eq(jobFiles.jobId, jobId), eq(jobFiles.state, 'recycled'), eq(jobFiles.recycledAt, job.printedAt)))
        .returning({ id: jobFiles.id });
      if (restored.length === 0) throw new Rollback('files-gone');
      const recorded = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.jobId, jobId));
      if (recorded.some((o) => o.status !== 'paid')) throw new Rollback('refunded');
      const ids = recorded.map((o) => o.id);
      if (ids.length > 0) {
        await tx.delete(orderLines).where(inArray(orderLines.orderId, ids));
        await tx.delete(orders).where(inArray(orders.id, ids));
      }
      if (job.paperSku && job.paperTaken) {
        await tx
          .update(inventoryItems)
          .set({ stock: sql`${inventoryItems.stock} + ${job.paperTaken}` })
          .where(and(eq(inventoryItems.shopId, job.shopId), eq(inventoryItems.sku, job.paperSku)));
      }
      await tx
        .update(jobs)
        .set({ status: 'queued', printedAt: null, printedSheets: null, printedSides: null, paperTaken: null })
        .where(eq(jobs.id, jobId));
    });
  } catch (err) {
    if (err instanceof Rollback) return err.outcome;
    throw err;
  }
  return 'back';
}
