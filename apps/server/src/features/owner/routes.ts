import { ZOwnerOverview } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.js';
import type { OwnerService } from './service.js';

export async function ownerRoutes(app: FastifyInstance, { owner }: { owner: OwnerService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/owner/overview', { preHandler: requireRole('OWNER'), schema: { response: { 200: ZOwnerOverview } } }, async () =>
      owner.overview(),
    );
}
