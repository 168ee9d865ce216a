import { ZShopProfileUpdate } from '@counterprint/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseJsonPart } from '../../http/json-part.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { bannerQuotaFull } from '../shops/account-limits.js';
import { readBannerForm } from '../shops/banner-form.js';
import type { StoredBanner } from '../shops/banners.js';
import { tooManyBanners } from './service.js';

export type BannerUpload = { profileJson: unknown; stored: StoredBanner[] };

/**
 * Reads a settings multipart body: repeated `banners` files, stored as they arrive (shops/banner-form.ts),
 * refused early past `room` or past the account's banner bytes, and for shop-with-banners a `profile` JSON part.
 */
export async function readBannerUpload(
  req: FastifyRequest,
  blobs: BlobStore,
  shopId: string,
  /** existing: the shop's banners now; room: how many new ones may arrive before the count is settled in the save */
  limit: { existing: number; room: number; bytesLeft: number; quota: number },
): Promise<BannerUpload> {
  const form = await readBannerForm(req, blobs, shopId, {
    jsonPart: 'profile',
    room: limit.room,
    tooMany: () => tooManyBanners(limit.existing),
    bytesLeft: limit.bytesLeft,
    quotaFull: () => bannerQuotaFull(limit.quota),
  });
  return { profileJson: form.json, stored: form.stored };
}

/** The `profile` part, checked with the same rules and messages as PUT /api/settings/shop. */
export function parseProfile(value: unknown): z.output<typeof ZShopProfileUpdate> {
  return parseJsonPart(ZShopProfileUpdate, value, 'profile');
}
