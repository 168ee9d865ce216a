import { ZOwnerOverview } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { platformOverview } from './repo.js';

export async function ownerRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/owner/overview',
      { preHandler: requireRole('OWNER'), schema: { response: { 200: ZOwnerOverview } } },
      async () => platformOverview(deps.db, deps.clock.now()),
    );
}
