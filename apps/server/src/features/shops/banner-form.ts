import { BANNER_MAX_BYTES, MAX_SETTINGS_BANNERS } from '@counterprint/contract';
import type { HttpError } from '../../http/errors.js';
import { JSON_PART_MAX } from '../../http/json-part.js';
import { type MultipartBody, readMultipart, skipFile } from '../../http/multipart.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { keysOf } from './banner-images.js';
import { encodeBanner, readBanner, type StoredBanner, storeBanner } from './banners.js';

export type BannerForm = { json: unknown; stored: StoredBanner[] };

export type BannerFormRules = {
  /** The JSON part that travels with the banners: `shop` (onboarding) or `profile` (settings). */
  jsonPart: string;
  /** How many banners may arrive; the next one is refused with `tooMany()`. */
  room: number;
  tooMany: () => HttpError;
  /** Banner bytes the account may still add; a banner past them is refused with `quotaFull()` before it is stored. */
  bytesLeft: number;
  quotaFull: () => HttpError;
};

// fileSize: multipart's default is the app's 1 MiB body limit; a banner may be 5 MiB (readBanner says so past it).
const LIMITS = { fieldSize: JSON_PART_MAX, files: MAX_SETTINGS_BANNERS + 2, fileSize: BANNER_MAX_BYTES + 1 };

/**
 * Reads a multipart body of repeated `banners` files and one JSON part, for onboarding and settings alike.
 * Each banner is checked and stored as it arrives, so at most one banner is in memory however many follow
 * or however long the body stalls. Any failure, the client going away included, deletes what was stored.
 */
export async function readBannerForm(body: MultipartBody, blobs: BlobStore, shopId: string, rules: BannerFormRules): Promise<BannerForm> {
  const stored: StoredBanner[] = [];
  let json: unknown;
  let bytes = 0;
  try {
    await readMultipart(body, {
      limits: LIMITS,
      notMultipart: `body must be multipart/form-data with a "${rules.jsonPart}" part`,
      json: {
        name: rules.jsonPart,
        take(value) {
          json = value;
        },
      },
      async file(part) {
        if (part.fieldname !== 'banners') return skipFile(part);
        if (stored.length >= rules.room) {
          part.file.resume();
          throw rules.tooMany();
        }
        // The quota counts what is stored: the WebP sizes, not the upload.
        const encoded = await encodeBanner(await readBanner(part));
        if (bytes + encoded.bytes > rules.bytesLeft) throw rules.quotaFull();
        const saved = await storeBanner(blobs, shopId, encoded);
        stored.push(saved);
        bytes += saved.size;
      },
    });
  } catch (err) {
    await discardBanners(blobs, stored);
    throw err;
  }
  return { json, stored };
}

export const discardBanners = (blobs: BlobStore, stored: StoredBanner[]) =>
  Promise.all(stored.flatMap(keysOf).map((key) => blobs.delete(key).catch(() => {})));
