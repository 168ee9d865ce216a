import type { Readable } from 'node:stream';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { sizeKey } from '../shops/banner-images.js';
import { shopNotFound } from '../shops/errors.js';
import { bannersOf, findShopBySlug } from '../shops/repo.js';
import { shopBySlug } from '../shops/scope.js';
import type { CachedDetails, PublicShopDetails } from './details.js';
import { insertVisit } from './repo.js';

export type BannerImage = { stream: Readable; size: number; contentType: string };

/** What anyone may see of a shop by its slug: its details, its banners; and each visit to its page, counted. */
export class PublicShopService {
  constructor(private readonly d: { db: Db; blobs: BlobStore; limiter: RateLimiter; details: PublicShopDetails }) {}

  async details(slug: string): Promise<CachedDetails> {
    const found = await this.d.details.get(slug);
    if (!found) throw shopNotFound();
    return found;
  }

  async recordVisit(slug: string, ip: string, src: string | undefined): Promise<void> {
    const shop = await shopBySlug(this.d.db, slug);
    // Keyed on the shop found: every spelling of a slug counts once, and an unknown slug creates no key.
    await this.d.limiter.hit(...policies.shopVisit(ip, shop.id));
    await insertVisit(this.d.db, shop.id, src === 'qr' ? 'qr' : 'online');
  }

  /** A banner in one of its stored widths (the widest without `width`); any other width is a 404. */
  async banner(slug: string, bannerId: string, width: number | undefined): Promise<BannerImage> {
    const shop = await findShopBySlug(this.d.db, slug.toLowerCase());
    const banner = shop ? (await bannersOf(this.d.db, shop.id)).find((b) => b.id === bannerId) : undefined;
    if (!banner || (width !== undefined && !banner.widths.includes(width))) throw notFound('Banner not found');
    const { stream, size } = await this.d.blobs.get(width === undefined ? banner.blobKey : sizeKey(banner.blobKey, banner.widths, width));
    return { stream, size, contentType: banner.contentType };
  }
}
