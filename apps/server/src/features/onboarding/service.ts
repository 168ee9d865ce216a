import { randomUUID } from 'node:crypto';
import type { TOnboardingResult } from '@counterprint/contract';
import { MAX_ONBOARDING_BANNERS, ZOnboardingShop } from '@counterprint/contract';
import { type TokenService, tokenRevoked } from '../../auth/tokens.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Db } from '../../db/index.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { parseJsonPart } from '../../http/json-part.js';
import type { MultipartBody } from '../../http/multipart.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import {
  type AccountLimits,
  bannerBytesLeft,
  bannerQuotaFull,
  checkShopRoom,
  settleBannerRoom,
  settleShopRoom,
} from '../shops/account-limits.js';
import { type BannerForm, discardBanners, readBannerForm } from '../shops/banner-form.js';
import { slugsLike } from '../shops/repo.js';
import { baseSlug, firstFreeSlug } from '../shops/slug.js';
import * as repo from './repo.js';

/** Proof of the account: the owner's bearer token (`userId`), or the onboarding token sign-up returned. */
export type OnboardingRequest = { userId: string | undefined; onboardingToken: string | undefined; ip: string; body: MultipartBody };

export type OnboardingDeps = { db: Db; blobs: BlobStore; limits: AccountLimits; tokens: TokenService; limiter: RateLimiter };

/** The shop made; the route adds where its link points, which is configuration, not the shop's. */
export type CreatedShop = Omit<TOnboardingResult, 'address'>;

export class OnboardingService {
  constructor(private readonly d: OnboardingDeps) {}

  /** A new shop from the onboarding form: its `shop` JSON part and up to five banners, stored as they arrive. */
  async createShop(req: OnboardingRequest): Promise<CreatedShop> {
    const found = await this.ownerOf(req);
    if (!found) throw unauthorized('Sign in or sign up before creating a shop', 'ONBOARDING_PROOF_REQUIRED');
    const owner = { id: found.id, email: found.email, name: found.name };
    // Counted before the body is read: a stalled body holds the server's resources too (docs/decisions/016).
    await this.d.limiter.hit(...policies.onboarding(req.ip, owner.id));
    const bytesLeft = await this.roomFor(owner.id);
    const shopId = randomUUID();
    const form = await readBannerForm(req.body, this.d.blobs, shopId, {
      jsonPart: 'shop',
      room: MAX_ONBOARDING_BANNERS,
      tooMany: () => badRequest(`You can upload up to ${MAX_ONBOARDING_BANNERS} banners only.`),
      bytesLeft,
      quotaFull: () => bannerQuotaFull(this.d.limits.bannerQuota),
    });
    return this.create(owner, shopId, form);
  }

  private async ownerOf(req: OnboardingRequest) {
    if (req.userId) return repo.findOwnerById(this.d.db, req.userId);
    if (!req.onboardingToken) return undefined;
    const { email, ver } = await this.d.tokens.verifyOnboarding(req.onboardingToken);
    const user = await repo.findOwnerByEmail(this.d.db, email);
    // A password change or reset (or a logout) since sign-up ends the onboarding token too.
    if (user && user.tokenVersion !== ver) throw tokenRevoked();
    return user;
  }

  /** Before the body is read: refuses an account that has all its shops; answers the banner bytes it may still add. */
  private async roomFor(ownerId: string): Promise<number> {
    await checkShopRoom(this.d.db, ownerId, this.d.limits);
    return bannerBytesLeft(this.d.db, ownerId, this.d.limits);
  }

  /**
   * The banners are already stored (as they arrived); writes every row in one short transaction, where the
   * account's shop count and banner bytes are settled. Any failure deletes the stored banners again.
   */
  private async create(owner: repo.Owner, shopId: string, form: BannerForm): Promise<CreatedShop> {
    const stored = form.stored;
    const bannerBytes = stored.reduce((n, b) => n + b.size, 0);
    const settle = async (tx: Db) => {
      await settleShopRoom(tx, owner.id, this.d.limits);
      await settleBannerRoom(tx, owner.id, bannerBytes, this.d.limits);
    };
    try {
      const shop = parseJsonPart(ZOnboardingShop, form.json, 'shop');
      const base = baseSlug(shop.shopName);
      for (let attempt = 0; ; attempt++) {
        const slug = firstFreeSlug(base, await slugsLike(this.d.db, base));
        try {
          await repo.insertShop(this.d.db, { id: shopId, slug, owner, shop, banners: stored }, settle);
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
}
