import { ZSlugParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import type { Db } from '../../db/index.js';
import { findShopBySlug } from '../shops/repo.js';
import { shopNotFound } from '../public-shop/routes.js';

export const shopQrUrl = (publicBaseUrl: string, slug: string) => `${publicBaseUrl}/public/${slug}?src=qr`;

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
}
