import { ZEarnings, ZEarningsOrder, ZEarningsQuery, ZOrderParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { verbatimValidation } from '../settings/validation.js';
import { EarningsService } from './service.js';

/** GET /api/earnings (docs/product/routes.md#reports) and refunds. Without `shopId` it covers all the user's shops. */
export async function earningsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const earnings = new EarningsService(deps);
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
