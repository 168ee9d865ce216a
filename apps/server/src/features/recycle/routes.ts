import { ZOk, ZRecycleItem, ZRecycleList, ZRecycleParams, ZRecycleQuery } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { RecycleService } from './service.js';

const ZShopQuery = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }).optional() });

export async function recycleRoutes(app: FastifyInstance, { recycle }: { recycle: RecycleService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/recycle', { schema: { querystring: ZRecycleQuery, response: { 200: ZRecycleList } } }, async (req) => ({
    items: await recycle.list(currentUser(req), req.query),
  }));
  r.get('/api/recycle/saved', { schema: { querystring: ZShopQuery, response: { 200: z.array(ZRecycleItem) } } }, async (req) =>
    recycle.saved(currentUser(req), req.query.shopId),
  );
  r.put('/api/recycle/:id/save', { schema: { params: ZRecycleParams, response: { 200: ZRecycleItem } } }, async (req) =>
    recycle.save(currentUser(req), req.params.id),
  );
  r.put('/api/recycle/:id/revert', { schema: { params: ZRecycleParams, response: { 200: ZRecycleItem } } }, async (req) =>
    recycle.revert(currentUser(req), req.params.id),
  );
  r.delete('/api/recycle/:id', { schema: { params: ZRecycleParams, response: { 200: ZOk } } }, async (req) => {
    await recycle.remove(currentUser(req), req.params.id);
    return { ok: true as const };
  });
}
