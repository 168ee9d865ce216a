import { ZContactMessage, ZContactRequest, ZOk } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { ContactService } from './service.js';

/** POST /api/contact is public (see http/public-routes.ts); 5 messages an hour per address (docs/product/rules.md#rate-limits). */
export async function contactRoutes(app: FastifyInstance, { contact, limiter }: { contact: ContactService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => contact.idle());

  r.post(
    '/api/contact',
    { attachValidation: true, preHandler: verbatimValidation, schema: { body: ZContactRequest, response: { 201: ZOk } } },
    async (req, reply) => {
      await limiter.hit(...policies.contact(req.ip));
      await contact.submit(req.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  r.get(
    '/api/owner/contact-messages',
    { preHandler: requireRole('OWNER'), schema: { response: { 200: z.array(ZContactMessage) } } },
    async () => contact.list(),
  );
}
