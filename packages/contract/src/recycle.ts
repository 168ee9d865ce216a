import { z } from 'zod';

export const RECYCLE_RANGES = ['1h', '24h', '7d'] as const;
export const RECYCLE_FILE_TYPES = ['all', 'pdf', 'png', 'jpg', 'ai'] as const;
export const RECYCLE_PAGE_SIZE = 8;
/** The bin's countdown turns amber at this many seconds left (docs/product/screens.md#recycle-bin). */
export const RECYCLE_AMBER_SECONDS = 600;

export const ZRecycleQuery = z.object({
  range: z.enum(RECYCLE_RANGES, { error: 'range must be 1h, 24h or 7d' }).default('7d'),
  fileType: z
    .string()
    .max(10)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : 'all')),
  shopId: z.uuid({ error: 'shopId must be a shop id' }).optional(),
});

export const ZRecycleItem = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  deletedAt: z.string(),
  expiresAt: z.string().nullable(),
  savedAt: z.string().nullable(),
  jobId: z.string(),
  jobNumber: z.number(),
  customer: z.object({ id: z.string().nullable(), name: z.string(), registered: z.boolean() }),
  previewUrl: z.string().nullable(),
});
export type TRecycleItem = z.infer<typeof ZRecycleItem>;

export const ZRecycleList = z.object({ items: z.array(ZRecycleItem) });
export const ZRecycleParams = z.object({ id: z.uuid({ error: 'id must be a file id' }) });

/** pdf, png, jpg (jpeg too), ai, or the extension for other kinds (docs/product/rules.md#jobs-and-files). */
export function recycleType(extension: string): string {
  const ext = extension.toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}
