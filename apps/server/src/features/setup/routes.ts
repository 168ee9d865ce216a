import { ZShopSetup } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { SetupService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });

export async function setupRoutes(app: FastifyInstance, { setup }: { setup: SetupService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/shops/:shopId/setup', { schema: { params: ZShopParams, response: { 200: ZShopSetup } } }, async (req) =>
      setup.of(currentUser(req), req.params.shopId),
    );
}
