import type { TSettings, TShopProfile } from '@counterprint/contract';
import {
  MAX_SETTINGS_BANNERS,
  SETTINGS_MESSAGES,
  USERNAME_MIN,
  USERNAME_PATTERN,
  ZOptionalShopId,
  ZShopProfileUpdate,
} from '@counterprint/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/guards.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import { parseJsonPart } from '../../http/json-part.js';
import type { MultipartBody } from '../../http/multipart.js';
import { parseOrBadRequest } from '../../http/validation.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { type AccountLimits, bannerBytesLeft, bannerQuotaFull, settleBannerRoom } from '../shops/account-limits.js';
import { type BannerForm, discardBanners, readBannerForm } from '../shops/banner-form.js';
import type { StoredBanner } from '../shops/banners.js';
import { shopNotFound } from '../shops/errors.js';
import { bannersOf, findShopById, insertBanners, ownerOfShop, rateCardConfirmed, rateCardOf } from '../shops/repo.js';
import { resolveShopId, shopsOfUser } from '../shops/scope.js';
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

  /** The shop a settings call means: the named one, which must be the user's, or the user's only shop. */
  shopOf(user: AuthUser, shopId: string | undefined): Promise<string> {
    return resolveShopId(this.d.db, user, shopId);
  }

  async settings(shopId: string): Promise<Omit<TSettings, 'hours'>> {
    const { db } = this.d;
    const [shop, inventory, rates, confirmed] = await Promise.all([
      this.profile(shopId),
      repo.inventoryOf(db, shopId),
      rateCardOf(db, shopId),
      rateCardConfirmed(db, shopId),
    ]);
    return { shop, inventory: inventory.map(toInventoryItem), rateCard: rates.map(toRateCardService), rateCardConfirmed: confirmed };
  }

  async profile(shopId: string): Promise<TShopProfile> {
    const [shop, banners] = await Promise.all([findShopById(this.d.db, shopId), bannersOf(this.d.db, shopId)]);
    if (!shop) throw shopNotFound();
    return toProfile(shop, banners);
  }

  /**
   * Saves the profile, removes `bannersToRemove` and adds banners already stored by the caller, in one short
   * transaction. New blobs are deleted again if it fails; removed ones are deleted once it has committed.
   */
  async saveProfile(shopId: string, update: ProfileUpdate, added: StoredBanner[] = []): Promise<TShopProfile> {
    return this.withBanners(added, async (tx) => {
      const shop = await repo.lockShop(tx, shopId);
      if (!shop) throw shopNotFound();
      if (await repo.usernameTakenBy(tx, update.username, shopId)) throw usernameTaken();
      await repo.updateShop(tx, shopId, {
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
        colorDetection: update.colorDetection,
        upiVpa: update.upiId,
        upiPayee: update.upiPayeeName,
        updatedAt: new Date(),
      });
      const removed = await repo.deleteBanners(tx, shopId, bannerIdsOf(update.bannersToRemove ?? []));
      await this.addWithinLimit(tx, shop.ownerId, shopId, added);
      return removed;
    }).then(() => this.profile(shopId));
  }

  async addBanners(shopId: string, added: StoredBanner[]): Promise<TShopProfile> {
    if (added.length === 0) throw badRequest('Choose at least one banner to upload (file parts named "banners")');
    await this.withBanners(added, async (tx) => {
      const shop = await repo.lockShop(tx, shopId);
      if (!shop) throw shopNotFound();
      await this.addWithinLimit(tx, shop.ownerId, shopId, added);
      return [];
    });
    return this.profile(shopId);
  }

  /** The `profile` part and new banners together; removals in the profile may make room, so the count of 10 is settled in the save. */
  async saveProfileWithBanners(shopId: string, body: MultipartBody): Promise<TShopProfile> {
    const existing = await this.bannerCount(shopId);
    const bytesLeft = await this.bannerBytesLeft(shopId);
    const upload = await this.readBanners(body, shopId, { existing, room: MAX_SETTINGS_BANNERS, bytesLeft });
    let profile: ProfileUpdate;
    try {
      // The same rules and messages as PUT /api/settings/shop.
      profile = parseJsonPart(ZShopProfileUpdate, upload.json, 'profile');
    } catch (err) {
      await discardBanners(this.d.blobs, upload.stored);
      throw err;
    }
    return this.saveProfile(shopId, profile, upload.stored);
  }

  async uploadBanners(shopId: string, body: MultipartBody): Promise<TShopProfile> {
    const existing = await this.bannerCount(shopId);
    if (existing >= MAX_SETTINGS_BANNERS) throw tooManyBanners(existing);
    const bytesLeft = await this.bannerBytesLeft(shopId);
    if (bytesLeft === 0) throw bannerQuotaFull(this.d.limits.bannerQuota);
    const upload = await this.readBanners(body, shopId, { existing, room: MAX_SETTINGS_BANNERS - existing, bytesLeft });
    return this.addBanners(shopId, upload.stored);
  }

  /**
   * Repeated `banners` files, stored as they arrive, refused early past `room` or past the account's banner
   * bytes, and for shop-with-banners a `profile` JSON part. `existing`: the shop's banners now.
   */
  private readBanners(
    body: MultipartBody,
    shopId: string,
    limit: { existing: number; room: number; bytesLeft: number },
  ): Promise<BannerForm> {
    return readBannerForm(body, this.d.blobs, shopId, {
      jsonPart: 'profile',
      room: limit.room,
      tooMany: () => tooManyBanners(limit.existing),
      bytesLeft: limit.bytesLeft,
      quotaFull: () => bannerQuotaFull(this.d.limits.bannerQuota),
    });
  }

  async removeBanners(shopId: string, paths: string[]): Promise<TShopProfile> {
    await this.withBanners([], (tx) => repo.deleteBanners(tx, shopId, bannerIdsOf(paths)));
    return this.profile(shopId);
  }

  private bannerCount(shopId: string): Promise<number> {
    return repo.countBanners(this.d.db, shopId);
  }

  /** Banner bytes the shop's account may still add (its quota spans all of its shops). */
  private async bannerBytesLeft(shopId: string): Promise<number> {
    const ownerId = await ownerOfShop(this.d.db, shopId);
    if (!ownerId) throw shopNotFound();
    return bannerBytesLeft(this.d.db, ownerId, this.d.limits);
  }

  /** The user's own shop keeps its username: that is "available" to it. */
  async usernameCheck(user: AuthUser, raw: string, shopIdQuery: string | undefined): Promise<{ available: boolean }> {
    const { username, shopId } = splitMalformedQuery(raw, shopIdQuery);
    if (username.length < USERNAME_MIN) throw badRequest(SETTINGS_MESSAGES.usernameRequired);
    if (!USERNAME_PATTERN.test(username)) throw badRequest(SETTINGS_MESSAGES.usernamePattern);
    const own = shopId ? await resolveShopId(this.d.db, user, shopId) : await this.onlyShopOf(user);
    return { available: !(await repo.usernameTakenBy(this.d.db, username, own)) };
  }

  private async onlyShopOf(user: AuthUser): Promise<string | undefined> {
    const owned = await shopsOfUser(this.d.db, user.id);
    return owned.length === 1 ? owned[0]!.id : undefined;
  }

  private async addWithinLimit(tx: Db, ownerId: string, shopId: string, added: StoredBanner[]): Promise<void> {
    if (added.length === 0) return;
    const existing = await repo.countBanners(tx, shopId);
    if (existing + added.length > MAX_SETTINGS_BANNERS) throw tooManyBanners(existing);
    await settleBannerRoom(
      tx,
      ownerId,
      added.reduce((n, b) => n + b.size, 0),
      this.d.limits,
    );
    await insertBanners(tx, shopId, added);
  }

  /** Runs `work` in a transaction; it answers the blob keys it unlinked, deleted only after commit. */
  private async withBanners(added: StoredBanner[], work: (tx: Db) => Promise<string[]>): Promise<void> {
    let removed: string[];
    try {
      removed = await repo.inTransaction(this.d.db, work);
    } catch (err) {
      await discardBanners(this.d.blobs, added);
      if (isUniqueViolation(err, 'username')) throw usernameTaken();
      throw err;
    }
    await Promise.all(removed.map((key) => this.d.blobs.delete(key).catch(() => {})));
  }
}

/**
 * The product's client appends the shop id with a second question mark: `?username=foo?shopId=<id>`, which
 * arrives as username `foo?shopId=<id>`. Both forms are answered.
 */
export function splitMalformedQuery(raw: string, shopId: string | undefined): { username: string; shopId: string | undefined } {
  const [name = '', rest] = raw.split(/\?(.*)/s, 2);
  let id = shopId;
  if (rest !== undefined && !id) {
    id = parseOrBadRequest(ZOptionalShopId, new URLSearchParams(rest).get('shopId') ?? undefined, 'shopId must be a shop id');
  }
  return { username: name.trim().toLowerCase(), shopId: id };
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
