// The shared kernel (shop access, lookups, banners, slugs, account limits): no routes of its own; features import it, never each other.
import { SETTINGS_MESSAGES } from '@counterprint/contract';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Db } from '../../db/index.js';
import { badRequest, type HttpError, notFound } from '../../http/errors.js';
import { shopNotFound } from './errors.js';
import { findShopBySlug, type ShopRow, shopsOfUser } from './repo.js';

export { shopsOfUser };

/**
 * Management calls name a shop with `shopId`: a named shop must be the user's (403); without one, the
 * user's only shop is meant; several shops need `shopId` (400); a user with none has nothing to manage (404).
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

/**
 * An object reached by its own id (a job, a file, a customer, an order): 404 when it does not exist,
 * 403 when its shop is not the user's, before anything else is done with it.
 */
export async function findInUsersShop<T>(
  db: Db,
  user: AuthUser,
  lookup: Promise<T | undefined> | T | undefined,
  shopIdOf: (found: T) => string,
  missing: () => HttpError,
): Promise<T> {
  const found = await lookup;
  if (found === undefined || found === null) throw missing();
  await requireShopAccess(db, user, shopIdOf(found));
  return found;
}

/** A public call names its shop by slug, in any case; an unknown slug is a 404. */
export async function shopBySlug(db: Db, slug: string): Promise<ShopRow> {
  const shop = await findShopBySlug(db, slug.toLowerCase());
  if (!shop) throw shopNotFound();
  return shop;
}
