// No repo: the database's and the blob store's own health checks answer, through service.ts.
import { ZHealth } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { HealthService } from './service.js';

export async function healthRoutes(app: FastifyInstance, deps: { health: HealthService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: ZHealth, 503: ZHealth } } }, async (_req, reply) => {
      const body = await deps.health.check();
      return reply.status(body.status === 'ok' ? 200 : 503).send(body);
    });
}
