import { type TPublicShopDetails, ZSlugParams } from '@counterprint/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicShopDetails } from './details.js';

const SLUG_MAX = ZSlugParams.shape.slug.maxLength ?? 80;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** For text and double- or single-quoted attribute values alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const DESCRIPTION_MAX = 200;

/**
 * The app page with the shop's own title and Open Graph / Twitter tags, so a shop link shared on WhatsApp
 * shows the shop, its tagline and its first banner. Crawlers do not run scripts: only this HTML counts.
 */
export function shopPageHtml(indexHtml: string, shop: TPublicShopDetails, publicBaseUrl: string): string {
  const title = shop.shopName;
  const description = (shop.tagline || `${shop.category} · ${shop.address}`).slice(0, DESCRIPTION_MAX);
  const pageUrl = `${publicBaseUrl}/public/${encodeURIComponent(shop.slug)}`;
  const image = shop.bannerUrls[0] ? `${publicBaseUrl}${shop.bannerUrls[0]}` : undefined;
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Counterprint'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ...(image ? ([['property', 'og:image', image]] as [string, string, string][]) : []),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(image ? ([['name', 'twitter:image', image]] as [string, string, string][]) : []),
  ];
  const head = [
    `<title>${escapeHtml(`${title} · Send files to print`)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
  // The build's own title and description give way to the shop's; the title is the one the page sets.
  const base = indexHtml
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta (?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '');
  // A function replacement: `$&` and the like in a shop name must stay literal text.
  return base.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}

/**
 * `/public/{slug}` rendered with its shop's tags; an unknown slug (or a database that does not answer)
 * gets the app page as built, with the default tags: a preview is not worth an error page.
 */
export function shopPageRenderer(details: PublicShopDetails, publicBaseUrl: string, log: FastifyBaseLogger) {
  return async (indexHtml: string, params: Record<string, string>): Promise<string | undefined> => {
    const slug = params.slug ?? '';
    if (slug.length === 0 || slug.length > SLUG_MAX) return undefined;
    try {
      const found = await details.get(slug);
      return found ? shopPageHtml(indexHtml, found.data, publicBaseUrl) : undefined;
    } catch (err) {
      log.warn({ err }, 'shop page rendered without its link preview');
      return undefined;
    }
  };
}
