import { ZOk, ZPushPublicKey, ZPushSubscription, ZPushUnsubscribe } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { PushService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });

export async function pushRoutes(app: FastifyInstance, { pushes }: { pushes: PushService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/push/public-key', { schema: { response: { 200: ZPushPublicKey } } }, async () => pushes.publicKey());
  r.post(
    '/api/shops/:shopId/push-subscriptions',
    { schema: { params: ZShopParams, body: ZPushSubscription, response: { 200: ZOk } } },
    async (req) => {
      await pushes.subscribe(currentUser(req), req.params.shopId, req.body);
      return { ok: true as const };
    },
  );
  r.delete(
    '/api/shops/:shopId/push-subscriptions',
    { schema: { params: ZShopParams, body: ZPushUnsubscribe, response: { 200: ZOk } } },
    async (req) => {
      await pushes.unsubscribe(currentUser(req), req.params.shopId, req.body.endpoint);
      return { ok: true as const };
    },
  );
}
