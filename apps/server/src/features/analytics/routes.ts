import { ZAnalytics, ZAnalyticsQuery, ZPaperInventoryItem, ZRestockQuery } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import type { AnalyticsService } from './service.js';

/** GET /api/analytics (docs/product/routes.md#reports) and the paper restock, whose fields all travel in the query. */
export async function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checked = { attachValidation: true, preHandler: verbatimValidation };

  r.get('/api/analytics', { ...checked, schema: { querystring: ZAnalyticsQuery, response: { 200: ZAnalytics } } }, async (req) =>
    analytics.report(currentUser(req), req.query),
  );

  r.post(
    '/api/analytics/restock',
    { ...checked, schema: { querystring: ZRestockQuery, response: { 200: ZPaperInventoryItem } } },
    async (req) => analytics.restock(currentUser(req), req.query),
  );
}
