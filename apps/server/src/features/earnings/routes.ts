import { ZEarnings, ZEarningsOrder, ZEarningsQuery, ZOrderParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import type { EarningsService } from './service.js';

/** GET /api/earnings (docs/product/routes.md#reports) and refunds. Without `shopId` it covers all the user's shops. */
export async function earningsRoutes(app: FastifyInstance, { earnings }: { earnings: EarningsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checked = { attachValidation: true, preHandler: verbatimValidation };

  r.get('/api/earnings', { ...checked, schema: { querystring: ZEarningsQuery, response: { 200: ZEarnings } } }, async (req) =>
    earnings.report(currentUser(req), req.query),
  );

  r.post(
    '/api/earnings/orders/:id/refund',
    { ...checked, schema: { params: ZOrderParams, response: { 200: ZEarningsOrder } } },
    async (req) => earnings.refund(currentUser(req), req.params.id),
  );
}
