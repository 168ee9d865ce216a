import { ZOk, ZPublicShopDetails, ZSlugParams, ZVisitRequest } from '@counterprint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { shopVisits } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { type RateLimiter, MINUTE } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { bannerUrl } from '../shops/banners.js';
import { bannersOf, findShopBySlug, rateCardOf } from '../shops/repo.js';

export const shopNotFound = () => notFound('Shop not found', 'SHOP_NOT_FOUND');

/**
 * Every customer at a counter opens the same shop's page: its details are answered from
 * memory for a second (per instance; a settings change shows within that second). Three
 * queries per request capped this call at ~1/100 of a bare route's rate (bench/).
 */
export const DETAILS_TTL_MS = 1000;
const DETAILS_CACHE_MAX = 1000;

class DetailsCache {
  private readonly entries = new Map<string, { json: string; expires: number }>();
  get(slug: string, now: number): string | undefined {
    const hit = this.entries.get(slug);
    if (hit && hit.expires > now) return hit.json;
    if (hit) this.entries.delete(slug);
    return undefined;
  }
  set(slug: string, json: string, now: number): void {
    if (this.entries.size >= DETAILS_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(slug, { json, expires: now + DETAILS_TTL_MS });
  }
}

export async function publicShopRoutes(app: FastifyInstance, deps: { db: Db; blobs: BlobStore; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const details = new DetailsCache();

  r.get(
    '/api/public/shops/:slug/details',
    { schema: { params: ZSlugParams, response: { 200: ZPublicShopDetails } } },
    async (req, reply) => {
      const slug = req.params.slug.toLowerCase();
      reply.header('cache-control', 'no-cache');
      (reply as FastifyReply).type('application/json; charset=utf-8');
      const cached = details.get(slug, Date.now());
      if (cached !== undefined) return (reply as FastifyReply).send(cached);
      const shop = await findShopBySlug(db, slug);
      if (!shop) throw shopNotFound();
      const [banners, rates] = await Promise.all([bannersOf(db, shop.id), rateCardOf(db, shop.id)]);
      // Serialized here as the response schema would (a hit then costs no serializer), and kept.
      const body = ZPublicShopDetails.safeParse({
        id: shop.id,
        slug: shop.slug,
        shopName: shop.name,
        category: shop.category,
        bannerUrls: banners.map((b) => bannerUrl(shop.slug, b.id)),
        address: shop.address,
        tagline: shop.tagline,
        ownerName: shop.ownerName,
        contact: shop.contactPhone,
        ownerEmail: shop.ownerEmail,
        whatsapp: shop.whatsapp ?? shop.contactPhone,
        hours: shop.hours,
        primaryColor: shop.primaryColor,
        isOpen: shop.isOpen,
        rateCard: rates
          .filter((s) => s.isActive)
          .map((s) => ({
            id: s.id,
            serviceName: s.serviceName,
            basePrice: s.basePricePaise / 100,
            unit: s.unit as 'per_page',
            category: s.category,
            description: s.description,
          })),
      });
      if (!body.success) throw new Error(`shop ${shop.id} details do not match the response schema: ${body.error.message}`);
      const json = JSON.stringify(body.data);
      details.set(slug, json, Date.now());
      return (reply as FastifyReply).send(json);
    },
  );

  r.post(
    '/api/public/shops/:slug/visits',
    { schema: { params: ZSlugParams, body: ZVisitRequest, response: { 201: ZOk } } },
    async (req, reply) => {
      await deps.limiter.hit({ key: `visit:${req.ip}:${req.params.slug}`, max: 30, windowMs: 10 * MINUTE });
      const shop = await findShopBySlug(db, req.params.slug.toLowerCase());
      if (!shop) throw shopNotFound();
      await db.insert(shopVisits).values({ shopId: shop.id, src: req.body?.src === 'qr' ? 'qr' : 'online' });
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.get(
    '/api/public/shops/:slug/banners/:bannerId',
    { schema: { params: ZSlugParams.extend({ bannerId: z.uuid() }) } },
    async (req, reply) => {
      const shop = await findShopBySlug(db, req.params.slug.toLowerCase());
      const banner = shop ? (await bannersOf(db, shop.id)).find((b) => b.id === req.params.bannerId) : undefined;
      if (!banner) throw notFound('Banner not found');
      const { stream, size } = await deps.blobs.get(banner.blobKey);
      return reply
        .header('content-type', banner.contentType)
        .header('content-length', size)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
