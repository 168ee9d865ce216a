import QRCode from 'qrcode';
import type { Db } from '../../db/index.js';
import { shopBySlug } from '../shops/scope.js';
import { type PosterSize, renderQrPoster } from './poster.js';

export const shopQrUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl}/public/${slug}?src=qr`;

/** What a customer types from the poster: no scheme, no QR marker (a typed visit is not a scan). */
export const shopShortUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl.replace(/^https?:\/\//, '')}/public/${slug}`;

/**
 * The poster is public and costs a font subset to draw, so the last few are kept: a flood of
 * requests for one shop draws it once. The key holds the name, so a renamed shop gets a new poster.
 */
const POSTER_CACHE_SIZE = 32;

export type QrFile = { data: Uint8Array; fileName: string };

/** A shop's QR code, as a PNG and as a printable poster for its counter; both public, like the shop's page. */
export class QrService {
  private readonly posters = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly d: { db: Db; publicBaseUrl: string }) {}

  async png(slug: string): Promise<QrFile> {
    const shop = await shopBySlug(this.d.db, slug);
    const data = await QRCode.toBuffer(shopQrUrl(this.d.publicBaseUrl, shop.slug), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 640,
    });
    return { data, fileName: `${shop.slug}-qr.png` };
  }

  async poster(slug: string, size: PosterSize): Promise<QrFile> {
    const { publicBaseUrl } = this.d;
    const shop = await shopBySlug(this.d.db, slug);
    const key = JSON.stringify([publicBaseUrl, shop.slug, shop.name, size]);
    const data = await this.cachedPoster(key, () =>
      renderQrPoster({
        shopName: shop.name,
        qrUrl: shopQrUrl(publicBaseUrl, shop.slug),
        shortUrl: shopShortUrl(publicBaseUrl, shop.slug),
        size,
      }),
    );
    return { data, fileName: `${shop.slug}-qr-poster-${size}.pdf` };
  }

  private cachedPoster(key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const hit = this.posters.get(key);
    if (hit) return hit;
    const pdf = draw();
    this.posters.set(key, pdf);
    pdf.catch(() => this.posters.delete(key));
    if (this.posters.size > POSTER_CACHE_SIZE) this.posters.delete(this.posters.keys().next().value!);
    return pdf;
  }
}
