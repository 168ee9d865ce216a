import { z } from 'zod';
import { ZPublicAddress } from './public-address.js';

/**
 * GET /api/shops/:shopId/setup: what a new shop still has to do before customers can rely on it, as the
 * server knows it. Hours and the poster are the owner's to tick off on the dashboard: nothing on the
 * server can tell that the default hours are right or that the poster is on the wall.
 */
export const ZShopSetup = z.object({
  rateCardConfirmed: z.boolean(),
  upiId: z.boolean(),
  printerChosen: z.boolean(),
  publicAddress: ZPublicAddress,
});
export type TShopSetup = z.infer<typeof ZShopSetup>;
