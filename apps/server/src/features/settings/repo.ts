import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/index.js';
import { inventoryItems, rateCardServices, shopBanners, shops } from '../../db/schema.js';
import { keysOf } from '../shops/banner-images.js';

export type InventoryRow = typeof inventoryItems.$inferSelect;
export type RateCardRow = typeof rateCardServices.$inferSelect;

export const inventoryOf = (db: Db, shopId: string) =>
  db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.shopId, shopId))
    .orderBy(asc(inventoryItems.position), asc(inventoryItems.createdAt));

export const findItem = async (db: Db, shopId: string, sku: string): Promise<InventoryRow | undefined> =>
  (
    await db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.shopId, shopId), eq(inventoryItems.sku, sku)))
      .limit(1)
  )[0];

export async function nextPosition(db: Db, table: 'inventory_items' | 'shop_banners', shopId: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT coalesce(max(position) + 1, 0) AS n FROM ${sql.identifier(table)} WHERE shop_id = ${shopId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Locks the shop row for the rest of the transaction, so banner counts and usernames are checked race-free. */
export async function lockShop(db: Db, shopId: string) {
  return (await db.select().from(shops).where(eq(shops.id, shopId)).for('update'))[0];
}

export async function usernameTakenBy(db: Db, username: string, exceptShopId: string | undefined): Promise<boolean> {
  const cond = exceptShopId ? and(eq(shops.username, username), ne(shops.id, exceptShopId)) : eq(shops.username, username);
  return (await db.select({ id: shops.id }).from(shops).where(cond).limit(1)).length > 0;
}

export async function countBanners(db: Db, shopId: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM shop_banners WHERE shop_id = ${shopId}`);
  return Number(rows[0]?.n ?? 0);
}

/** Deletes the named banners of this shop only; answers the blob keys to delete after commit. */
export async function deleteBanners(db: Db, shopId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(shopBanners)
    .where(and(eq(shopBanners.shopId, shopId), inArray(shopBanners.id, ids)))
    .returning({ blobKey: shopBanners.blobKey, widths: shopBanners.widths });
  return rows.flatMap(keysOf);
}

/** PostgreSQL's own spelling of a time zone it knows (looked up without regard to case), or undefined. */
export async function knownTimeZone(db: Db, name: string): Promise<string | undefined> {
  const rows = await queryRows<{ name: string }>(db, sql`SELECT name FROM pg_timezone_names WHERE lower(name) = lower(${name}) LIMIT 1`);
  return rows[0]?.name;
}

export type HoursRow = Pick<typeof shops.$inferSelect, 'weeklyHours' | 'timeZone' | 'closedOn'>;
const hoursColumns = { weeklyHours: shops.weeklyHours, timeZone: shops.timeZone, closedOn: shops.closedOn };

export const hoursOf = async (db: Db, shopId: string): Promise<HoursRow | undefined> =>
  (await db.select(hoursColumns).from(shops).where(eq(shops.id, shopId)).limit(1))[0];

export const updateHours = async (db: Db, shopId: string, set: Partial<HoursRow>): Promise<HoursRow | undefined> =>
  (
    await db
      .update(shops)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(shops.id, shopId))
      .returning(hoursColumns)
  )[0];

export type NewInventoryItem = Omit<typeof inventoryItems.$inferInsert, 'position'>;
export type InventoryChange = Partial<Omit<typeof inventoryItems.$inferInsert, 'id' | 'shopId' | 'sku'>>;
export type NewRateCardService = typeof rateCardServices.$inferInsert;

/** Adds the item after the shop's last one. */
export async function insertItem(db: Db, item: NewInventoryItem): Promise<InventoryRow> {
  const position = await nextPosition(db, 'inventory_items', item.shopId);
  const [row] = await db
    .insert(inventoryItems)
    .values({ ...item, position })
    .returning();
  return row!;
}

export const updateItem = async (db: Db, shopId: string, sku: string, change: InventoryChange): Promise<InventoryRow | undefined> =>
  (
    await db
      .update(inventoryItems)
      .set(change)
      .where(and(eq(inventoryItems.shopId, shopId), eq(inventoryItems.sku, sku)))
      .returning()
  )[0];

/** Answers whether there was such an item. */
export async function deleteItem(db: Db, shopId: string, sku: string): Promise<boolean> {
  const rows = await db
    .delete(inventoryItems)
    .where(and(eq(inventoryItems.shopId, shopId), eq(inventoryItems.sku, sku)))
    .returning({ id: inventoryItems.id });
  return rows.length > 0;
}

/** Replaces the shop's whole rate card in one transaction; a save is the owner confirming it (decision 061). */
export async function replaceRateCard(db: Db, shopId: string, rows: NewRateCardService[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(rateCardServices).where(eq(rateCardServices.shopId, shopId));
    await tx.insert(rateCardServices).values(rows);
    await tx
      .update(shops)
      .set({ rateCardConfirmedAt: sql`coalesce(${shops.rateCardConfirmedAt}, now())` })
      .where(eq(shops.id, shopId));
  });
}

export type ShopChange = Partial<Omit<typeof shops.$inferInsert, 'id' | 'ownerId'>>;

export async function updateShop(db: Db, shopId: string, change: ShopChange): Promise<void> {
  await db.update(shops).set(change).where(eq(shops.id, shopId));
}

/** Runs `work` in one transaction. */
export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(work);
