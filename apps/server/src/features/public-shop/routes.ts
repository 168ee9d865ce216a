import { ZOk, ZPublicShopDetails, ZSlugParams, ZVisitRequest } from '@counterprint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { shopVisits } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { bannersOf, findShopBySlug } from '../shops/repo.js';
import type { PublicShopDetails } from './details.js';
import { sizeKey } from '../shops/banner-images.js';

export const shopNotFound = () => notFound('Shop not found', 'SHOP_NOT_FOUND');

export async function publicShopRoutes(app: FastifyInstance, deps: { db: Db; blobs: BlobStore; limiter: RateLimiter; shopDetails: PublicShopDetails }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/public/shops/:slug/details',
    { schema: { params: ZSlugParams, response: { 200: ZPublicShopDetails } } },
    async (req, reply) => {
      const found = await deps.shopDetails.get(req.params.slug);
      if (!found) throw shopNotFound();
      reply.header('cache-control', 'no-cache');
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(found.json);
    },
  );

  r.post(
    '/api/public/shops/:slug/visits',
    { schema: { params: ZSlugParams, body: ZVisitRequest, response: { 201: ZOk } } },
    async (req, reply) => {
      const shop = await findShopBySlug(db, req.params.slug.toLowerCase());
      if (!shop) throw shopNotFound();
      // Keyed on the shop found: every spelling of a slug counts once, and an unknown slug creates no key.
      await deps.limiter.hit(...policies.shopVisit(req.ip, shop.id));
      await db.insert(shopVisits).values({ shopId: shop.id, src: req.body?.src === 'qr' ? 'qr' : 'online' });
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.get(
    '/api/public/shops/:slug/banners/:bannerId',
    {
      schema: {
        params: ZSlugParams.extend({ bannerId: z.uuid() }),
        querystring: z.object({ w: z.coerce.number().int().positive().optional() }),
      },
    },
    async (req, reply) => {
      const shop = await findShopBySlug(db, req.params.slug.toLowerCase());
      const banner = shop ? (await bannersOf(db, shop.id)).find((b) => b.id === req.params.bannerId) : undefined;
      const width = req.query.w;
      if (!banner || (width !== undefined && !banner.widths.includes(width))) throw notFound('Banner not found');
      const { stream, size } = await deps.blobs.get(width === undefined ? banner.blobKey : sizeKey(banner.blobKey, banner.widths, width));
      return reply
        .header('content-type', banner.contentType)
        .header('content-length', size)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
