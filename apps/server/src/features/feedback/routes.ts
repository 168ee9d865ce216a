import { ZFeedbackCreated, ZFeedbackEntry, ZFeedbackRequest } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../../auth/guards.js';
import { verbatimValidation } from '../../http/validation.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { FeedbackService } from './service.js';

export async function feedbackRoutes(app: FastifyInstance, { feedback, limiter }: { feedback: FeedbackService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // docs/product/routes.md#feedback-contact-and-checkout: every overlay posts here; the feature it is about travels in the body. Limited per address,
  // then per account, so that no one floods the platform owner's list (docs/decisions/016).
  r.post(
    '/api/feature/feedback/analytics',
    { attachValidation: true, preHandler: verbatimValidation, schema: { body: ZFeedbackRequest, response: { 201: ZFeedbackCreated } } },
    async (req, reply) => {
      const user = currentUser(req);
      await limiter.hit(...policies.feedback(req.ip, user.id));
      return reply.status(201).send({ ok: true as const, id: await feedback.submit(user, req.body) });
    },
  );

  r.get('/api/owner/feedback', { preHandler: requireRole('OWNER'), schema: { response: { 200: z.array(ZFeedbackEntry) } } }, async () =>
    feedback.list(),
  );
}
