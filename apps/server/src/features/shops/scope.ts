import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { Db } from '../../db/index.js';
import { shops } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';

/**
 * docs/product/rules.md#shop-scope: with a shopId, the user must own it; without one, the
 * user's only shop is meant, and several shops need an explicit id.
 */
export async function resolveShopId(db: Db, user: AuthUser, shopId: string | undefined): Promise<string> {
  if (shopId) {
    await requireShopAccess(db, user, shopId);
    return shopId;
  }
  const owned = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, user.id)).limit(2);
  if (owned.length === 0) throw notFound('No shop yet', 'NO_SHOP');
  if (owned.length > 1) throw badRequest('shopId is required', 'SHOP_ID_REQUIRED');
  return owned[0]!.id;
}
