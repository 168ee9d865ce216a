import { type TPublicAddress, ZOnboardingResult } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OnboardingService } from './service.js';

export async function onboardingRoutes(app: FastifyInstance, deps: { onboarding: OnboardingService; address: TPublicAddress }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/public/onboarding-shops/create',
      { config: { upload: true }, schema: { response: { 201: ZOnboardingResult } } },
      async (req, reply) => {
        const header = req.headers['x-onboarding-token'];
        const created = await deps.onboarding.createShop({
          userId: req.user?.id,
          onboardingToken: typeof header === 'string' && header ? header : undefined,
          ip: req.ip,
          body: req,
        });
        return reply.status(201).send({ ...created, address: deps.address });
      },
    );
}
