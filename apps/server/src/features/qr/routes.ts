import { ZSlugParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { POSTER_SIZES } from './poster.js';
import type { QrService } from './service.js';

const ZPosterQuery = z.object({ size: z.enum(POSTER_SIZES, { error: 'size must be a4 or a5' }).default('a4') });

/** Both calls are public and counted per address (docs/product/rules.md#rate-limits); a full drawing line answers 503. */
export async function qrRoutes(app: FastifyInstance, deps: { qr: QrService; limiter: RateLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/qr/generate/:slug', { schema: { params: ZSlugParams } }, async (req, reply) => {
    await deps.limiter.hit(...policies.qrDrawing(req.ip));
    const png = await deps.qr.png(req.params.slug);
    return reply
      .header('content-type', 'image/png')
      .header('content-disposition', `attachment; filename="${png.fileName}"`)
      .header('cache-control', 'no-cache')
      .send(png.data);
  });

  // A printable poster for the counter: public like the PNG, since it shows only what the shop page shows.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/qr/poster/:slug', { schema: { params: ZSlugParams, querystring: ZPosterQuery } }, async (req, reply) => {
      await deps.limiter.hit(...policies.qrDrawing(req.ip));
      const poster = await deps.qr.poster(req.params.slug, req.query.size);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${poster.fileName}"`)
        .header('cache-control', 'no-cache')
        .send(Buffer.from(poster.data));
    });
}
