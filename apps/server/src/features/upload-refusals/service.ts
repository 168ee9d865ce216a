import type { TUploadRefusalReason, TUploadRefusals } from '@counterprint/contract';
import { requireShopAccess } from '../../auth/guards.js';
import type { AuthUser } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { MINUTE } from '../../limits/rate-limiter.js';
import { ShopStorageFull } from '../jobs/upload.js';
import { recentRefusals, recordRefusal } from './repo.js';

const WINDOW_MS = 60 * MINUTE;
const REFUSED: ReadonlySet<string> = new Set<TUploadRefusalReason>(['RATE_LIMITED', 'ADDRESS_UPLOAD_LIMIT', 'TOO_MANY_UPLOADS']);

/** The refusal an upload's error tells of, if it was one staff can act on or explain. */
export function refusalReason(err: unknown): TUploadRefusalReason | undefined {
  if (err instanceof ShopStorageFull) return 'STORAGE_FULL';
  if (err instanceof HttpError && REFUSED.has(err.code)) return err.code as TUploadRefusalReason;
  return undefined;
}

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
