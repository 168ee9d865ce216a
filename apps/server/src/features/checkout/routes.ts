import { CHECKOUT_THANKS, ZCheckoutCreated, ZCheckoutEntry, ZCheckoutRequest } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { MINUTE, type RateLimiter } from '../../limits/rate-limiter.js';
import { verbatimValidation } from '../../http/validation.js';
import { CheckoutService } from './service.js';

export async function checkoutRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checkout = new CheckoutService(deps);

  r.post(
    '/api/checkout/requests',
    { attachValidation: true, preHandler: verbatimValidation, schema: { body: ZCheckoutRequest, response: { 201: ZCheckoutCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      // Per address, then per account: each request lands in the platform owner's list (docs/decisions/016).
      await deps.limiter.hit(
        { key: `checkout:ip:${req.ip}`, max: 30, windowMs: 60 * MINUTE },
        { key: `checkout:user:${user.id}`, max: 5, windowMs: 60 * MINUTE },
      );
      return reply.status(201).send({ id: await checkout.request(user, req.body), message: CHECKOUT_THANKS });
    },
  );

  r.get(
    '/api/owner/checkout-requests',
    { preHandler: requireRole('OWNER'), schema: { response: { 200: z.array(ZCheckoutEntry) } } },
    async () => checkout.list(),
  );
}
