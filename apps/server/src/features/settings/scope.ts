import { SETTINGS_MESSAGES } from '@counterprint/contract';
import { asc, eq } from 'drizzle-orm';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Db } from '../../db/index.js';
import { shops } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';

export const shopsOfUser = (db: Db, userId: string) =>
  db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.ownerId, userId)).orderBy(asc(shops.createdAt));

/**
 * docs/product/rules.md#shop-scope: a named shop must be the user's (403); without one, the user's only
 * shop is meant; several shops need `shopId` (400); a user with none has nothing to manage (404).
 */
export async function resolveShopId(db: Db, user: AuthUser, shopId: string | undefined): Promise<string> {
  if (shopId) {
    await requireShopAccess(db, user, shopId);
    return shopId;
  }
  const owned = await shopsOfUser(db, user.id);
  if (owned.length === 0) throw notFound(SETTINGS_MESSAGES.noShop, 'NO_SHOP');
  if (owned.length > 1) throw badRequest(SETTINGS_MESSAGES.shopIdRequired);
  return owned[0]!.id;
}
