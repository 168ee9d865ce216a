import type { TOnboardingResult } from '@counterprint/contract';
import { ZOnboardingShop } from '@counterprint/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { inventoryItems, shops, userRoles } from '../../db/schema.js';
import { parseJsonPart } from '../../http/json-part.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type AccountLimits, bannerBytesLeft, bannerQuotaFull, checkShopRoom, settleBannerRoom, settleShopRoom } from '../shops/account-limits.js';
import { type BannerForm, discardBanners } from '../shops/banner-form.js';
import { insertBanners, type StoredBanner } from '../shops/banners.js';
import { slugsLike } from '../shops/repo.js';
import { baseSlug, firstFreeSlug } from '../shops/slug.js';

export const DEFAULT_PAPER = { sku: 'A4-70GSM', name: 'A4 paper 70 gsm', category: 'paper', sheetsPerReam: 500 };

type Owner = { id: string; email: string; name: string };

export class OnboardingService {
  constructor(private readonly d: { db: Db; blobs: BlobStore; limits: AccountLimits }) {}

  parseShop(value: unknown): z.output<typeof ZOnboardingShop> {
    return parseJsonPart(ZOnboardingShop, value, 'shop');
  }

  /** Before the body is read: refuses an account that has all its shops; answers the banner bytes it may still add. */
  async roomFor(ownerId: string): Promise<number> {
    await checkShopRoom(this.d.db, ownerId, this.d.limits);
    return bannerBytesLeft(this.d.db, ownerId, this.d.limits);
  }

  bannerQuotaFull() {
    return bannerQuotaFull(this.d.limits.bannerQuota);
  }

  /**
   * The banners are already stored (as they arrived); writes every row in one short transaction, where the
   * account's shop count and banner bytes are settled. Any failure deletes the stored banners again.
   */
  async create(owner: Owner, shopId: string, form: BannerForm): Promise<TOnboardingResult> {
    const stored = form.stored;
    try {
      const shop = this.parseShop(form.json);
      const base = baseSlug(shop.shopName);
      for (let attempt = 0; ; attempt++) {
        const slug = firstFreeSlug(base, await slugsLike(this.d.db, base));
        try {
          await this.insert(owner, shopId, slug, shop, stored);
          return { id: shopId, slug, shopName: shop.shopName };
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err;
        }
      }
    } catch (err) {
      await discardBanners(this.d.blobs, stored);
      throw err;
    }
  }

  private async insert(owner: Owner, shopId: string, slug: string, shop: z.output<typeof ZOnboardingShop>, stored: StoredBanner[]) {
    await this.d.db.transaction(async (tx) => {
      await settleShopRoom(tx as unknown as Db, owner.id, this.d.limits);
      await settleBannerRoom(tx as unknown as Db, owner.id, stored.reduce((n, b) => n + b.size, 0), this.d.limits);
      await tx.insert(shops).values({
        id: shopId,
        ownerId: owner.id,
        slug,
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
      });
      await insertBanners(tx as unknown as Db, shopId, stored);
      await tx.insert(inventoryItems).values({ shopId, ...DEFAULT_PAPER, stock: 0, unit: 'pcs' });
      await tx.insert(userRoles).values({ userId: owner.id, role: 'SHOP_OWNER' }).onConflictDoNothing();
    });
  }
}
