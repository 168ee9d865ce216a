import { DEFAULT_RATE_CARD, rateCardFromPrices, rupeesToPaise, type ZOnboardingShop } from '@counterprint/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/index.js';
import { inventoryItems, rateCardServices, shops, userRoles, users } from '../../db/schema.js';
import type { StoredBanner } from '../shops/banners.js';
import { insertBanners } from '../shops/repo.js';

export const DEFAULT_PAPER = { sku: 'A4-70GSM', name: 'A4 paper 70 gsm', category: 'paper', sheetsPerReam: 500 };

export type Owner = { id: string; email: string; name: string };
type OwnerRow = Owner & { tokenVersion: number };
const ownerColumns = { id: users.id, email: users.email, name: users.name, tokenVersion: users.tokenVersion };

export const findOwnerById = async (db: Db, id: string): Promise<OwnerRow | undefined> =>
  (await db.select(ownerColumns).from(users).where(eq(users.id, id)).limit(1))[0];

export const findOwnerByEmail = async (db: Db, email: string): Promise<OwnerRow | undefined> =>
  (await db.select(ownerColumns).from(users).where(eq(users.email, email)).limit(1))[0];

export type NewShop = { id: string; slug: string; owner: Owner; shop: z.output<typeof ZOnboardingShop>; banners: StoredBanner[] };

/**
 * Writes the shop, its banners, its default paper and rate card, and the owner's role in one short transaction;
 * `settle` runs first inside it, to count the account's shops and banner bytes race-free.
 */
export async function insertShop(db: Db, s: NewShop, settle: (tx: Tx) => Promise<void>): Promise<void> {
  const { owner, shop } = s;
  await db.transaction(async (tx) => {
    await settle(tx);
    await tx.insert(shops).values({
      id: s.id,
      ownerId: owner.id,
      slug: s.slug,
      name: shop.shopName,
      category: shop.category,
      address: shop.address,
      tagline: shop.tagline,
      primaryColor: shop.primaryColor,
      gstNumber: shop.gstNumber?.toUpperCase() ?? null,
      pan: shop.pan?.toUpperCase() ?? null,
      contactPhone: shop.shopContactNumber,
      whatsapp: shop.whatsapp ?? shop.shopContactNumber,
      ownerEmail: owner.email,
      ownerName: owner.name,
      ...(shop.hours ? { hours: shop.hours } : {}),
      rateCardConfirmedAt: shop.prices ? sql`now()` : null,
    });
    await insertBanners(tx, s.id, s.banners);
    await tx.insert(inventoryItems).values({ shopId: s.id, ...DEFAULT_PAPER, stock: 0, unit: 'pcs' });
    // Prices the owner never saw are kept as a starting point for Settings, but quote nothing until confirmed
    // (docs/decisions/061-prices-a-shop-never-set-are-not-quoted.md).
    const rows = shop.prices ? rateCardFromPrices(shop.prices) : DEFAULT_RATE_CARD;
    await tx.insert(rateCardServices).values(
      rows.map(({ basePrice, ...r }, position) => ({
        ...r,
        shopId: s.id,
        basePricePaise: rupeesToPaise(basePrice),
        position,
      })),
    );
    await tx.insert(userRoles).values({ userId: owner.id, role: 'SHOP_OWNER' }).onConflictDoNothing();
  });
}
