import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { bannerBytesOfAccount, lockAccount, shopCountOf } from './repo.js';

/**
 * What one free account may hold, so that one sign-up cannot fill the disk (docs/decisions/016): a number of
 * shops, and banner bytes over all of its shops, whether they came with onboarding or from settings.
 */
export type AccountLimits = { maxShops: number; bannerQuota: number };

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${Math.floor((bytes / 1024 ** 2) * 10) / 10} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;

export const tooManyShops = (max: number) =>
  new HttpError(403, 'SHOP_LIMIT', `An account can have up to ${max} shops. Manage your existing shops instead.`);

export const bannerQuotaFull = (quota: number) =>
  new HttpError(
    507,
    'BANNER_QUOTA',
    `The banners of your shops can use up to ${sizeText(quota)} in all. Remove some banners before adding more.`,
  );

/** Bytes of banners the account may still add; a hint for refusing early, settled again by `checkBannerRoom`. */
export async function bannerBytesLeft(db: Db, ownerId: string, limits: AccountLimits): Promise<number> {
  return Math.max(0, limits.bannerQuota - (await bannerBytesOfAccount(db, ownerId)));
}

/** Before reading a new shop's body: refuses at once when the account already has its shops. */
export async function checkShopRoom(db: Db, ownerId: string, limits: AccountLimits): Promise<void> {
  if ((await shopCountOf(db, ownerId)) >= limits.maxShops) throw tooManyShops(limits.maxShops);
}

/** Inside the transaction that adds a shop: locks the account, then counts its shops. */
export async function settleShopRoom(tx: Db, ownerId: string, limits: AccountLimits): Promise<void> {
  await lockAccount(tx, ownerId);
  await checkShopRoom(tx, ownerId, limits);
}

/** Inside the transaction that adds banners: locks the account, then checks the quota with `adding` bytes more. */
export async function settleBannerRoom(tx: Db, ownerId: string, adding: number, limits: AccountLimits): Promise<void> {
  if (adding === 0) return;
  await lockAccount(tx, ownerId);
  if ((await bannerBytesOfAccount(tx, ownerId)) + adding > limits.bannerQuota) throw bannerQuotaFull(limits.bannerQuota);
}
