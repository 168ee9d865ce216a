import type { TUploadRefusalReason, TUploadRefusals } from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { MINUTE } from '../../limits/rate-limiter.js';
import { recentRefusals, recordRefusal } from './repo.js';

const WINDOW_MS = 60 * MINUTE;
/** Uploads refused at each shop, so its staff learn that customers are being turned away (docs/decisions/027). */
export class UploadRefusals {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  record(shopId: string, reason: TUploadRefusalReason): Promise<void> {
    return recordRefusal(this.d.db, shopId, reason, this.d.clock.now(), WINDOW_MS);
  }

  async recent(user: AuthUser, shopId: string): Promise<TUploadRefusals> {
    await requireShopAccess(this.d.db, user, shopId);
    return recentRefusals(this.d.db, shopId, this.d.clock.now(), WINDOW_MS);
  }
}
