import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { BANNER_EXTENSIONS, BANNER_MAX_BYTES } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { type Db, queryRows } from '../../db/index.js';
import { shopBanners } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';

export type StoredBanner = { id: string; blobKey: string; contentType: string; size: number; width: number; height: number };

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export const bannerUrl = (slug: string, bannerId: string) => `/api/public/shops/${slug}/banners/${bannerId}`;

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

/** Checks the real image type and orientation, then stores it. Portrait banners are refused as in spec 01 §5. */
export async function storeBanner(blobs: BlobStore, shopId: string, banner: { name: string; data: Buffer }): Promise<StoredBanner> {
  let dims: { width?: number; height?: number; type?: string };
  try {
    dims = imageSize(banner.data);
  } catch {
    throw new HttpError(415, 'BANNER_TYPE', `${banner.name} is not a readable image. Banners must be PNG, JPG, JPEG or WebP.`);
  }
  const contentType = dims.type ? TYPES[dims.type] : undefined;
  if (!contentType || !dims.width || !dims.height) {
    throw new HttpError(415, 'BANNER_TYPE', `${banner.name} is not allowed. Banners must be PNG, JPG, JPEG or WebP.`);
  }
  if (dims.height >= dims.width) {
    throw new HttpError(400, 'BANNER_PORTRAIT', `Portrait Not Allowed: ${banner.name}. Please upload landscape banners.`);
  }
  const id = randomUUID();
  const blobKey = `shops/${shopId}/banners/${id}`;
  const { size } = await blobs.put(blobKey, Readable.from([banner.data]));
  return { id, blobKey, contentType, size, width: dims.width, height: dims.height };
}

/** Adds stored banners after the shop's last one, in the order given (onboarding and settings alike). */
export async function insertBanners(db: Db, shopId: string, stored: StoredBanner[]): Promise<void> {
  if (stored.length === 0) return;
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT coalesce(max(position) + 1, 0) AS n FROM shop_banners WHERE shop_id = ${shopId}`,
  );
  const first = Number(rows[0]?.n ?? 0);
  await db.insert(shopBanners).values(
    stored.map((b, i) => ({
      id: b.id,
      shopId,
      blobKey: b.blobKey,
      contentType: b.contentType,
      size: b.size,
      width: b.width,
      height: b.height,
      position: first + i,
    })),
  );
}
