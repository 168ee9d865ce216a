import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';
import { inventoryItems, rateCardServices, shopBanners, shops } from '../../db/schema.js';
import { toRateCardEntry } from '../../pricing/job-pricing.js';
import type { RateCardEntry } from '../../pricing/pricing.js';
import type { StoredBanner } from './banners.js';

export type ShopRow = typeof shops.$inferSelect;
export type BannerRow = typeof shopBanners.$inferSelect;

export const findShopBySlug = async (db: Db, slug: string): Promise<ShopRow | undefined> =>
  (await db.select().from(shops).where(eq(shops.slug, slug)).limit(1))[0];

export const shopsOfUser = (db: Db, userId: string) =>
  db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.ownerId, userId)).orderBy(asc(shops.createdAt));

export const findShopById = async (db: Db, id: string): Promise<ShopRow | undefined> =>
  (await db.select().from(shops).where(eq(shops.id, id)).limit(1))[0];

export async function slugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(or(eq(shops.slug, base), like(shops.slug, `${base.slice(0, 30)}%`)));
  return new Set(rows.map((r) => r.slug));
}

export const bannersOf = (db: Db, shopId: string) =>
  db.select().from(shopBanners).where(eq(shopBanners.shopId, shopId)).orderBy(asc(shopBanners.position), asc(shopBanners.createdAt));

export const rateCardOf = (db: Db, shopId: string) =>
  db.select().from(rateCardServices).where(eq(rateCardServices.shopId, shopId)).orderBy(asc(rateCardServices.position));

export async function rateCardConfirmed(db: Db, shopId: string): Promise<boolean> {
  const rows = await db.select({ at: shops.rateCardConfirmedAt }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return Boolean(rows[0]?.at);
}

/**
 * The shop's rate card as pricing reads it, in the shop's order; empty until the owner has confirmed it, so every
 * line is priced at the counter rather than at prices nobody set (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md).
 */
export async function rateCardEntriesOf(db: Db, shopId: string): Promise<RateCardEntry[]> {
  const [rows, confirmed] = await Promise.all([rateCardOf(db, shopId), rateCardConfirmed(db, shopId)]);
  return confirmed ? rows.map(toRateCardEntry) : [];
}

/** The shop's default paper: its first inventory item of category 'paper'. */
export async function defaultPaperOf(db: Db, shopId: string) {
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.shopId, shopId), eq(inventoryItems.category, 'paper')))
    .orderBy(asc(inventoryItems.position), asc(inventoryItems.createdAt))
    .limit(1);
  return rows[0];
}

/**
 * Locks the account's row until the transaction ends, so that shop counts and banner bytes are checked
 * race-free across its shops. NO KEY UPDATE still lets rows that reference the account be written meanwhile.
 */
export async function lockAccount(db: Db, userId: string): Promise<void> {
  await queryRows(db, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export async function shopCountOf(db: Db, ownerId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(db, sql`SELECT count(*) AS n FROM ${shops} WHERE owner_id = ${ownerId}`);
  return Number(rows[0]?.n ?? 0);
}

/** Bytes of banners stored by every shop of the account, for the account's banner quota. */
export async function bannerBytesOfAccount(db: Db, ownerId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT coalesce(sum(b.size), 0) AS n FROM ${shopBanners} b JOIN ${shops} s ON s.id = b.shop_id WHERE s.owner_id = ${ownerId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function ownerOfShop(db: Db, shopId: string): Promise<string | undefined> {
  return (await db.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId)).limit(1))[0]?.ownerId;
}

/** Adds stored banners after the shop's last one, in the order given (onboarding and settings alike). */
export async function insertBanners(db: Db, shopId: string, stored: StoredBanner[]): Promise<void> {
  if (stored.length === 0) return;
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT coalesce(max(position) + 1, 0) AS n FROM shop_banners WHERE shop_id = ${shopId}`,
  );
  const first = Number(rows[0]?.n ?? 0);
  await db.insert(shopBanners).values(
    stored.map((b, i) => ({
      id: b.id,
      shopId,
      blobKey: b.blobKey,
      contentType: b.contentType,
      size: b.size,
      width: b.width,
      height: b.height,
      widths: b.widths,
      position: first + i,
    })),
  );
}

/** Of the blob keys given, those a banner stores its bytes under: the banner's own, or one of its widths (`{key}.w{width}`). */
export async function bannerBlobs(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT blob_key AS key FROM shop_banners WHERE blob_key = any(${sql.param(keys)}::text[])
        UNION SELECT k.key FROM unnest(${sql.param(keys)}::text[]) AS k(key)
          JOIN shop_banners b ON b.blob_key = regexp_replace(k.key, '[.]w[0-9]+$', '')
            AND k.key = ANY (SELECT b.blob_key || '.w' || w FROM unnest(b.widths) AS w)`,
  );
  return rows.map((r) => r.key);
}
