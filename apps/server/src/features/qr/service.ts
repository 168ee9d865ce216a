import type { Db } from '../../db/index.js';
import { shopNotFound } from '../public-shop/routes.js';
import { findShopBySlug } from '../shops/repo.js';
import { type PosterSize, renderQrPoster } from './poster.js';

export const shopQrUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl}/public/${slug}?src=qr`;

/** What a customer types from the poster: no scheme, no QR marker (a typed visit is not a scan). */
export const shopShortUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl.replace(/^https?:\/\//, '')}/public/${slug}`;

/**
 * The poster is public and costs a font subset to draw, so the last few are kept: a flood of
 * requests for one shop draws it once. The key holds the name, so a renamed shop gets a new poster.
 */
const POSTER_CACHE_SIZE = 32;
const posters = new Map<string, Promise<Uint8Array>>();

function cachedPoster(key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const hit = posters.get(key);
  if (hit) return hit;
  const pdf = draw();
  posters.set(key, pdf);
  pdf.catch(() => posters.delete(key));
  if (posters.size > POSTER_CACHE_SIZE) posters.delete(posters.keys().next().value!);
  return pdf;
}

export async function qrPoster(deps: { db: Db; publicBaseUrl: string }, slug: string, size: PosterSize) {
  const shop = await findShopBySlug(deps.db, slug.toLowerCase());
  if (!shop) throw shopNotFound();
  const key = JSON.stringify([deps.publicBaseUrl, shop.slug, shop.name, size]);
  const pdf = await cachedPoster(key, () =>
    renderQrPoster({
      shopName: shop.name,
      qrUrl: shopQrUrl(deps.publicBaseUrl, shop.slug),
      shortUrl: shopShortUrl(deps.publicBaseUrl, shop.slug),
      size,
    }),
  );
  return { pdf, fileName: `${shop.slug}-qr-poster-${size}.pdf` };
}
