import { z } from 'zod';
import { ZConverterState } from './conversion.js';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  blobStore: z.object({ ok: z.boolean(), kind: z.enum(['disk', 's3']) }),
  /** Whether Office documents can be converted here; without it the server still serves, so it does not degrade status. */
  converter: ZConverterState,
});
export type THealth = z.infer<typeof ZHealth>;
