import { ZFeedbackCreated, ZFeedbackEntry, ZFeedbackRequest } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { MINUTE, type RateLimiter } from '../../limits/rate-limiter.js';
import { verbatimValidation } from '../settings/validation.js';
import { FeedbackService } from './service.js';

export async function feedbackRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const feedback = new FeedbackService(deps);

  // docs/product/routes.md#feedback-contact-and-checkout: every overlay posts here; the feature it is about travels in the body. Limited per address,
  // then per account, so that no one floods the platform owner's list (docs/decisions/016).
  r.post(
    '/api/feature/feedback/analytics',
    { attachValidation: true, preHandler: verbatimValidation, schema: { body: ZFeedbackRequest, response: { 201: ZFeedbackCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      await deps.limiter.hit(
        { key: `feedback:ip:${req.ip}`, max: 60, windowMs: 60 * MINUTE },
        { key: `feedback:user:${user.id}`, max: 20, windowMs: 60 * MINUTE },
      );
      return reply.status(201).send({ ok: true as const, id: await feedback.submit(user, req.body) });
    },
  );

  r.get('/api/owner/feedback', { preHandler: requireRole('OWNER'), schema: { response: { 200: z.array(ZFeedbackEntry) } } }, async () =>
    feedback.list(),
  );
}
