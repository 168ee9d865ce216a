import { paiseToRupees, shopPapers, type TPublicShopDetails, ZPublicShopDetails } from '@counterprint/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { printAttributesOf } from '../../pricing/job-pricing.js';
import { bannerSizeUrl, bannerUrl } from '../shops/banners.js';
import { openingState } from '../shops/opening-hours.js';
import { bannersOf, findShopBySlug, rateCardOf } from '../shops/repo.js';

/**
 * Every customer at a counter opens the same shop's page: its details are answered from
 * memory for a second (per instance; a settings change shows within that second). Three
 * queries per request capped this call at ~1/100 of a bare route's rate (bench/).
 */
export const DETAILS_TTL_MS = 1000;
const DETAILS_CACHE_MAX = 1000;

export type CachedDetails = { data: TPublicShopDetails; json: string };

/** A shop's public details, for its page (the JSON) and its link preview (the data). */
export class PublicShopDetails {
  private readonly entries = new Map<string, CachedDetails & { expires: number }>();

  // The app's clock decides open or closed, and the cache keeps an answer for a second of that same clock.
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** How long files are kept, told on the upload card (docs/product/rules.md#retention). */
    private readonly retention: { afterPrintSeconds: number; unprintedSeconds: number },
  ) {}

  async get(slugParam: string): Promise<CachedDetails | undefined> {
    const slug = slugParam.toLowerCase();
    const now = this.clock.now().getTime();
    const hit = this.entries.get(slug);
    // A clock set back (or a test's clock) must not revive an answer from its future.
    if (hit && hit.expires > now && hit.expires - DETAILS_TTL_MS <= now) return hit;
    if (hit) this.entries.delete(slug);
    const data = await this.load(slug);
    if (!data) return undefined;
    // Serialized here as the response schema would (a hit then costs no serializer), and kept.
    const entry = { data, json: JSON.stringify(data), expires: now + DETAILS_TTL_MS };
    if (this.entries.size >= DETAILS_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(slug, entry);
    return entry;
  }

  private async load(slug: string): Promise<TPublicShopDetails | undefined> {
    const shop = await findShopBySlug(this.db, slug);
    if (!shop) return undefined;
    const [banners, rows] = await Promise.all([bannersOf(this.db, shop.id), rateCardOf(this.db, shop.id)]);
    // Papers from the rows the shop keeps; prices only once the owner confirmed them (decision 061).
    const rates = shop.rateCardConfirmedAt ? rows : [];
    const state = openingState(shop, this.clock.now());
    const body = ZPublicShopDetails.safeParse({
      id: shop.id,
      slug: shop.slug,
      shopName: shop.name,
      category: shop.category,
      bannerUrls: banners.map((b) => bannerUrl(shop.slug, b.id)),
      banners: banners.map((b) => ({
        url: bannerUrl(shop.slug, b.id),
        width: b.width,
        height: b.height,
        sizes: b.widths.map((w) => ({ url: bannerSizeUrl(shop.slug, b, w), width: w })),
      })),
      address: shop.address,
      tagline: shop.tagline,
      ownerName: shop.ownerName,
      contact: shop.contactPhone,
      // Only the address the owner chose to publish: the login e-mail stays private.
      email: shop.publicEmail,
      whatsapp: shop.whatsapp ?? shop.contactPhone,
      hours: shop.hours,
      primaryColor: shop.primaryColor,
      isOpen: state.openNow,
      ...state,
      timeZone: shop.timeZone,
      rateCard: rates
        .filter((s) => s.isActive)
        .map((s) => ({
          id: s.id,
          serviceName: s.serviceName,
          basePrice: paiseToRupees(s.basePricePaise),
          unit: s.unit as 'per_page',
          category: s.category,
          description: s.description,
          ...printAttributesOf(s),
        })),
      papers: shopPapers(rows),
      colorDetection: shop.colorDetection,
      retention: this.retention,
    });
    if (!body.success) throw new Error(`shop ${shop.id} details do not match the response schema: ${body.error.message}`);
    return body.data;
  }
}
