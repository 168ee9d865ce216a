import { recycleType, type TRecycleItem } from '@counterprint/contract';

/** A job file as the recycle bin shows it (the rows belong to the jobs feature, which is asked for them). */
export type BinFileRow = {
  id: string;
  shopId: string;
  blobKey: string;
  originalName: string;
  extension: string;
  contentType: string;
  size: number;
  state: string;
  createdAt: Date;
  recycledAt: Date | null;
  expiresAt: Date | null;
  savedAt: Date | null;
};
export type BinJob = { id: string; shopId: string; number: number; status: string; customerId: string | null; customerName: string | null };
export type BinFile = { file: BinFileRow; job: BinJob };

/** The job files the recycle bin reads and moves, asked of the feature that owns them. */
export type BinFiles = {
  list(shopIds: string[], opts: { states: ('recycled' | 'saved')[]; since?: Date }): Promise<BinFile[]>;
  find(id: string): Promise<BinFile | undefined>;
  save(fileId: string, at: Date): Promise<BinFileRow | undefined>;
  restore(fileId: string, jobId: string): Promise<BinFileRow | undefined>;
  purge(fileId: string, at: Date): Promise<string[]>;
};

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
