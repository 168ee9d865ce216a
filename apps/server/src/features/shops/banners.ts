import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BANNER_EXTENSIONS, BANNER_MAX_BYTES } from '@counterprint/contract';
import type { MultipartFile } from '@fastify/multipart';
import { imageSize } from 'image-size';
import { HttpError } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { BANNER_MAX_PIXELS, type BannerSize, encodeBannerSizes, sizeKey } from './banner-images.js';

/** `size` is the bytes of every width together (what the account's banner quota counts). */
export type StoredBanner = {
  id: string;
  blobKey: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  widths: number[];
};

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export const bannerUrl = (slug: string, bannerId: string) => `/api/public/shops/${slug}/banners/${bannerId}`;

/** One stored width of a banner; the widest is the banner's own URL. */
export const bannerSizeUrl = (slug: string, b: { id: string; widths: number[] }, width: number) =>
  width === b.widths[b.widths.length - 1] ? bannerUrl(slug, b.id) : `${bannerUrl(slug, b.id)}?w=${width}`;

/** Reads one banner part (small: at most 5 MiB, so it is buffered to measure it). */
export async function readBanner(part: MultipartFile): Promise<{ name: string; data: Buffer }> {
  const ext = part.filename.split('.').pop()?.toLowerCase() ?? '';
  if (!(BANNER_EXTENSIONS as readonly string[]).includes(ext)) {
    part.file.resume();
    throw new HttpError(415, 'BANNER_TYPE', `${part.filename} is not allowed. Banners must be PNG, JPG, JPEG or WebP.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > BANNER_MAX_BYTES) {
      part.file.resume();
      throw new HttpError(413, 'BANNER_TOO_LARGE', `${part.filename} exceeds 5MB`);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new HttpError(413, 'BANNER_TOO_LARGE', `${part.filename} exceeds 5MB`);
  return { name: part.filename, data: Buffer.concat(chunks) };
}

/**
 * Checks the real image type and orientation, then encodes it as WebP in every width of `widthsFor` (the
 * original is not kept: docs/decisions/025). Portrait banners are refused as in docs/product/screens.md#shop-onboarding; an image too
 * large to decode, or that fails to decode, is refused as unreadable.
 */
export async function encodeBanner(banner: { name: string; data: Buffer }): Promise<EncodedBanner> {
  let dims: { width?: number; height?: number; type?: string };
  try {
    dims = imageSize(banner.data);
  } catch {
    throw unreadable(banner.name);
  }
  const contentType = dims.type ? TYPES[dims.type] : undefined;
  if (!contentType || !dims.width || !dims.height) {
    throw new HttpError(415, 'BANNER_TYPE', `${banner.name} is not allowed. Banners must be PNG, JPG, JPEG or WebP.`);
  }
  if (dims.height >= dims.width) {
    throw new HttpError(400, 'BANNER_PORTRAIT', `Portrait Not Allowed: ${banner.name}. Please upload landscape banners.`);
  }
  // The header's size is checked before any decoding: a few KiB of PNG can claim gigapixels.
  if (dims.width * dims.height > BANNER_MAX_PIXELS) throw unreadable(banner.name);
  let sizes: BannerSize[];
  try {
    sizes = await encodeBannerSizes(banner.data);
  } catch {
    throw unreadable(banner.name);
  }
  return { sizes, bytes: sizes.reduce((n, s) => n + s.data.length, 0) };
}

/** A banner's WebP sizes, encoded but not stored yet; `bytes` is what storing them adds to the account's quota. */
export type EncodedBanner = { sizes: BannerSize[]; bytes: number };

/** Stores every size of an encoded banner; a failure deletes the sizes already stored. */
export async function storeBanner(blobs: BlobStore, shopId: string, { sizes }: EncodedBanner): Promise<StoredBanner> {
  const id = randomUUID();
  const blobKey = `shops/${shopId}/banners/${id}`;
  const widths = sizes.map((s) => s.width);
  const stored: string[] = [];
  let size = 0;
  try {
    for (const s of sizes) {
      const key = sizeKey(blobKey, widths, s.width);
      stored.push(key);
      size += (await blobs.put(key, Readable.from([s.data]))).size;
    }
  } catch (err) {
    await Promise.all(stored.map((k) => blobs.delete(k).catch(() => {})));
    throw err;
  }
  const widest = sizes[sizes.length - 1] as BannerSize;
  return { id, blobKey, contentType: 'image/webp', size, width: widest.width, height: widest.height, widths };
}

const unreadable = (name: string) =>
  new HttpError(415, 'BANNER_TYPE', `${name} is not a readable image. Banners must be PNG, JPG, JPEG or WebP.`);
