import { z } from 'zod';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  blobStore: z.object({ ok: z.boolean(), kind: z.enum(['disk', 's3']) }),
});
export type THealth = z.infer<typeof ZHealth>;
