import { ZOk, ZPublicShopDetails, ZSlugParams, ZVisitRequest } from '@counterprint/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublicShopService } from './service.js';

export async function publicShopRoutes(app: FastifyInstance, deps: { publicShop: PublicShopService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicShop } = deps;

  r.get(
    '/api/public/shops/:slug/details',
    { schema: { params: ZSlugParams, response: { 200: ZPublicShopDetails } } },
    async (req, reply) => {
      const found = await publicShop.details(req.params.slug);
      reply.header('cache-control', 'no-cache');
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(found.json);
    },
  );

  r.post(
    '/api/public/shops/:slug/visits',
    { schema: { params: ZSlugParams, body: ZVisitRequest, response: { 201: ZOk } } },
    async (req, reply) => {
      await publicShop.recordVisit(req.params.slug, req.ip, req.body?.src);
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
      const banner = await publicShop.banner(req.params.slug, req.params.bannerId, req.query.w);
      return reply
        .header('content-type', banner.contentType)
        .header('content-length', banner.size)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(banner.stream);
    },
  );
}
