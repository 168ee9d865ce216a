import { BANNER_MAX_BYTES, MAX_SETTINGS_BANNERS, ZShopProfileUpdate } from '@counterprint/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { JSON_PART_MAX, parseJsonPart, readJsonPart } from '../../http/json-part.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { readBanner, type StoredBanner, storeBanner } from '../shops/banners.js';
import { discardBanners, tooManyBanners } from './service.js';


export type BannerUpload = { profileJson: unknown; stored: StoredBanner[] };

/**
 * Reads a settings multipart body: repeated `banners` files (each checked and stored as it arrives, so at
 * most one banner is in memory; refused early past `room`) and, for shop-with-banners, a `profile` JSON part — a plain field, or a
 * file part of type application/json as a browser sends a Blob. A failure removes what was stored.
 */
export async function readBannerUpload(
  req: FastifyRequest,
  blobs: BlobStore,
  shopId: string,
  /** existing: the shop's banners now; room: how many new ones may arrive before the count is settled in the save */
  limit: { existing: number; room: number },
): Promise<BannerUpload> {
  if (!req.isMultipart()) throw badRequest('body must be multipart/form-data');
  const stored: StoredBanner[] = [];
  let profileJson: unknown;
  try {
    // fileSize: multipart's default is the app's 1 MiB body limit; a banner may be 5 MiB (readBanner says so past it).
    const limits = { fieldSize: JSON_PART_MAX, files: MAX_SETTINGS_BANNERS + 2, fileSize: BANNER_MAX_BYTES + 1 };
    for await (const part of req.parts({ limits })) {
      if (part.fieldname === 'profile') {
        profileJson = await readJsonPart(part, 'profile');
        continue;
      }
      if (part.type === 'field') continue;
      if (part.fieldname === 'banners') {
        if (stored.length >= limit.room) {
          part.file.resume();
          throw tooManyBanners(limit.existing);
        }
        stored.push(await storeBanner(blobs, shopId, await readBanner(part)));
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    await discardBanners(blobs, stored);
    throw err;
  }
  return { profileJson, stored };
}

/** The `profile` part, checked with the same rules and messages as PUT /api/settings/shop. */
export function parseProfile(value: unknown): z.output<typeof ZShopProfileUpdate> {
  return parseJsonPart(ZShopProfileUpdate, value, 'profile');
}
