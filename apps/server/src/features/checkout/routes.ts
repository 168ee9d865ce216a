import { CHECKOUT_THANKS, ZCheckoutCreated, ZCheckoutEntry, ZCheckoutRequest } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { CheckoutService } from './service.js';

export async function checkoutRoutes(app: FastifyInstance, { checkout, limiter }: { checkout: CheckoutService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/checkout/requests',
    { attachValidation: true, preHandler: verbatimValidation, schema: { body: ZCheckoutRequest, response: { 201: ZCheckoutCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      await limiter.hit(...policies.checkout(req.ip, user.id));
      return reply.status(201).send({ id: await checkout.request(user, req.body), message: CHECKOUT_THANKS });
    },
  );

  r.get(
    '/api/owner/checkout-requests',
    { preHandler: requireRole('OWNER'), schema: { response: { 200: z.array(ZCheckoutEntry) } } },
    async () => checkout.list(),
  );
}
