import { ZUploadRefusals } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { UploadRefusals } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });

export async function uploadRefusalsRoutes(app: FastifyInstance, deps: { refusals: UploadRefusals }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/shops/:shopId/upload-refusals', { schema: { params: ZShopParams, response: { 200: ZUploadRefusals } } }, async (req) =>
      deps.refusals.recent(currentUser(req), req.params.shopId),
    );
}
