import { ZSlugParams } from '@counterprint/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { Db } from '../../db/index.js';
import { findShopBySlug } from '../shops/repo.js';
import { shopNotFound } from '../public-shop/routes.js';
import { POSTER_SIZES } from './poster.js';
import { qrPoster, shopQrUrl } from './service.js';

const ZPosterQuery = z.object({ size: z.enum(POSTER_SIZES, { error: 'size must be a4 or a5' }).default('a4') });

export async function qrRoutes(app: FastifyInstance, deps: { db: Db; publicBaseUrl: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/qr/generate/:slug',
    { schema: { params: ZSlugParams } },
    async (req, reply) => {
      const shop = await findShopBySlug(deps.db, req.params.slug.toLowerCase());
      if (!shop) throw shopNotFound();
      const png = await QRCode.toBuffer(shopQrUrl(deps.publicBaseUrl, shop.slug), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 640,
      });
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${shop.slug}-qr.png"`)
        .header('cache-control', 'no-cache')
        .send(png);
    },
  );

  // A printable poster for the counter: public like the PNG, since it shows only what the shop page shows.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/qr/poster/:slug',
    { schema: { params: ZSlugParams, querystring: ZPosterQuery } },
    async (req, reply) => {
      const { pdf, fileName } = await qrPoster(deps, req.params.slug, req.query.size);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-cache')
        .send(Buffer.from(pdf));
    },
  );
}
