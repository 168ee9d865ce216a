import { z } from 'zod';

export const ZOwnerOverview = z.object({
  shops: z.number().int(),
  users: z.number().int(),
  jobsToday: z.number().int(),
  jobsThisWeek: z.number().int(),
  filesStored: z.number().int(),
  bytesStored: z.number().int(),
});
export type TOwnerOverview = z.infer<typeof ZOwnerOverview>;
