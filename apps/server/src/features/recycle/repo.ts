import { type TRecycleItem, recycleType } from '@counterprint/contract';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { jobFiles, jobs } from '../../db/schema.js';

export type BinFile = { file: typeof jobFiles.$inferSelect; job: typeof jobs.$inferSelect };

export async function binFiles(
  db: Db,
  shopIds: string[],
  opts: { states: ('recycled' | 'saved')[]; since?: Date },
): Promise<BinFile[]> {
  if (shopIds.length === 0) return [];
  const conds = [inArray(jobFiles.shopId, shopIds), inArray(jobFiles.state, opts.states)];
  if (opts.since) conds.push(gte(jobFiles.recycledAt, opts.since));
  const rows = await db
    .select({ file: jobFiles, job: jobs })
    .from(jobFiles)
    .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
    .where(and(...conds))
    .orderBy(desc(jobFiles.recycledAt))
    .limit(1000);
  return rows;
}

export const findFile = async (db: Db, id: string): Promise<BinFile | undefined> =>
  (
    await db
      .select({ file: jobFiles, job: jobs })
      .from(jobFiles)
      .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
      .where(eq(jobFiles.id, id))
      .limit(1)
  )[0];

export function toItem(b: BinFile, previewUrl: string | null): TRecycleItem {
  return {
    id: b.file.id,
    name: b.file.originalName,
    type: recycleType(b.file.extension),
    size: b.file.size,
    deletedAt: (b.file.recycledAt ?? b.file.createdAt).toISOString(),
    expiresAt: b.file.expiresAt?.toISOString() ?? null,
    savedAt: b.file.savedAt?.toISOString() ?? null,
    jobId: b.job.id,
    jobNumber: b.job.number,
    // Customers are walk-ins without accounts: nobody to notify (docs/product/rules.md#recycle-bin).
    customer: { id: b.job.customerId, name: b.job.customerName ?? 'Walk-in customer', registered: false },
    previewUrl,
  };
}
