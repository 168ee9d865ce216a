import type { TSettings, TShopProfile } from '@counterprint/contract';
import { MAX_SETTINGS_BANNERS, SETTINGS_MESSAGES, type ZShopProfileUpdate } from '@counterprint/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { shops } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type AccountLimits, bannerBytesLeft, settleBannerRoom } from '../shops/account-limits.js';
import { discardBanners } from '../shops/banner-form.js';
import { insertBanners, type StoredBanner } from '../shops/banners.js';
import { bannersOf, findShopById, ownerOfShop, rateCardOf } from '../shops/repo.js';
import { toInventoryItem, toProfile, toRateCardService } from './dto.js';
import * as repo from './repo.js';

type ProfileUpdate = z.output<typeof ZShopProfileUpdate>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A banner is named by its URL (`/api/public/shops/{slug}/banners/{id}`, absolute or not) or its bare id. */
export function bannerIdsOf(paths: string[]): string[] {
  const ids = paths.map((p) => p.split(/[?#]/)[0]!.match(UUID)?.pop()?.toLowerCase()).filter((id): id is string => !!id);
  return [...new Set(ids)];
}

export const tooManyBanners = (existing: number) =>
  badRequest(
    `A shop can have up to ${MAX_SETTINGS_BANNERS} banners (this one has ${existing}). Remove some before adding more.`,
    'TOO_MANY_BANNERS',
  );

const usernameTaken = () => conflict(SETTINGS_MESSAGES.usernameTaken, 'USERNAME_TAKEN');

/** The shop profile: every onboarding field, the spec's profile fields, banners and the username. */
export class SettingsService {
  constructor(private readonly d: { db: Db; blobs: BlobStore; limits: AccountLimits }) {}

  async settings(shopId: string): Promise<Omit<TSettings, 'hours'>> {
    const { db } = this.d;
    const [shop, inventory, rates] = await Promise.all([this.profile(shopId), repo.inventoryOf(db, shopId), rateCardOf(db, shopId)]);
    return { shop, inventory: inventory.map(toInventoryItem), rateCard: rates.map(toRateCardService) };
  }

  async profile(shopId: string): Promise<TShopProfile> {
    const [shop, banners] = await Promise.all([findShopById(this.d.db, shopId), bannersOf(this.d.db, shopId)]);
    if (!shop) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
    return toProfile(shop, banners);
  }

  /**
   * Saves the profile, removes `bannersToRemove` and adds banners already stored by the caller, in one short
   * transaction. New blobs are deleted again if it fails; removed ones are deleted once it has committed.
   */
  async saveProfile(shopId: string, update: ProfileUpdate, added: StoredBanner[] = []): Promise<TShopProfile> {
    return this.withBanners(added, async (tx) => {
      const shop = await repo.lockShop(tx, shopId);
      if (!shop) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
      if (await repo.usernameTakenBy(tx, update.username, shopId)) throw usernameTaken();
      await tx
        .update(shops)
        .set({
          name: update.shopName,
          username: update.username,
          address: update.shopAddress,
          ownerName: update.ownerName,
          contactPhone: update.shopContactNumber,
          contactPhoneAlt: update.shopContactNumberAlternate,
          whatsapp: update.whatsapp,
          publicEmail: update.publicEmail,
          gstNumber: update.gstNumber,
          pan: update.pan,
          shopType: update.shopType,
          tagline: update.tagline,
          category: update.category,
          primaryColor: update.primaryColor,
          hours: update.hours,
          integrations: integrationsAfter(shop.integrations, update),
          updatedAt: new Date(),
        })
        .where(eq(shops.id, shopId));
      const removed = await repo.deleteBanners(tx, shopId, bannerIdsOf(update.bannersToRemove ?? []));
      await this.addWithinLimit(tx, shop.ownerId, shopId, added);
      return removed;
    }).then(() => this.profile(shopId));
  }

  async addBanners(shopId: string, added: StoredBanner[]): Promise<TShopProfile> {
    if (added.length === 0) throw badRequest('Choose at least one banner to upload (file parts named "banners")');
    await this.withBanners(added, async (tx) => {
      const shop = await repo.lockShop(tx, shopId);
      if (!shop) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
      await this.addWithinLimit(tx, shop.ownerId, shopId, added);
      return [];
    });
    return this.profile(shopId);
  }

  async removeBanners(shopId: string, paths: string[]): Promise<TShopProfile> {
    await this.withBanners([], (tx) => repo.deleteBanners(tx, shopId, bannerIdsOf(paths)));
    return this.profile(shopId);
  }

  bannerCount(shopId: string): Promise<number> {
    return repo.countBanners(this.d.db, shopId);
  }

  /** Banner bytes the shop's account may still add (its quota spans all of its shops). */
  async bannerBytesLeft(shopId: string): Promise<number> {
    const ownerId = await ownerOfShop(this.d.db, shopId);
    if (!ownerId) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
    return bannerBytesLeft(this.d.db, ownerId, this.d.limits);
  }

  async usernameAvailable(username: string, exceptShopId: string | undefined): Promise<boolean> {
    return !(await repo.usernameTakenBy(this.d.db, username, exceptShopId));
  }

  private async addWithinLimit(tx: Db, ownerId: string, shopId: string, added: StoredBanner[]): Promise<void> {
    if (added.length === 0) return;
    const existing = await repo.countBanners(tx, shopId);
    if (existing + added.length > MAX_SETTINGS_BANNERS) throw tooManyBanners(existing);
    await settleBannerRoom(tx, ownerId, added.reduce((n, b) => n + b.size, 0), this.d.limits);
    await insertBanners(tx, shopId, added);
  }

  /** Runs `work` in a transaction; it answers the blob keys it unlinked, deleted only after commit. */
  private async withBanners(added: StoredBanner[], work: (tx: Db) => Promise<string[]>): Promise<void> {
    let removed: string[];
    try {
      removed = await this.d.db.transaction((tx) => work(tx as unknown as Db));
    } catch (err) {
      await discardBanners(this.d.blobs, added);
      if (isUniqueViolation(err, 'username')) throw usernameTaken();
      throw err;
    }
    await Promise.all(removed.map((key) => this.d.blobs.delete(key).catch(() => {})));
  }
}

/** The spec's two checkboxes set or clear their integration; a plain `integrations` list is also understood. */
function integrationsAfter(current: string[], u: ProfileUpdate): string[] {
  const set = new Set(u.integrations ?? current);
  const toggle = (name: string, on: boolean | undefined) => {
    if (on === true) set.add(name);
    if (on === false) set.delete(name);
  };
  toggle('online_payments', u.enableOnlinePayments);
  toggle('gst_inclusive', u.enableGstInclusive);
  return ['online_payments', 'gst_inclusive'].filter((i) => set.has(i));
}
