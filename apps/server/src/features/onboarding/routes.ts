import { randomUUID } from 'node:crypto';
import { MAX_ONBOARDING_BANNERS, ZOnboardingResult } from '@counterprint/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TokenService, tokenRevoked } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { MINUTE, type RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findUserByEmail, findUserById } from '../accounts/repo.js';
import { readBannerForm } from '../shops/banner-form.js';
import type { OnboardingService } from './service.js';

/** docs/product/rules.md#shops: proof of the account is the owner's bearer token, or the onboarding token sign-up returned. */
async function resolveOwner(req: FastifyRequest, db: Db, tokens: TokenService) {
  if (req.user) return findUserById(db, req.user.id);
  const header = req.headers['x-onboarding-token'];
  if (typeof header === 'string' && header) {
    const { email, ver } = await tokens.verifyOnboarding(header);
    const user = await findUserByEmail(db, email);
    // A password change or reset (or a logout) since sign-up ends the onboarding token too.
    if (user && user.tokenVersion !== ver) throw tokenRevoked();
    return user;
  }
  return undefined;
}

export type OnboardingRouteDeps = { db: Db; blobs: BlobStore; tokens: TokenService; onboarding: OnboardingService; limiter: RateLimiter };

export async function onboardingRoutes(app: FastifyInstance, deps: OnboardingRouteDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/public/onboarding-shops/create',
    { config: { upload: true }, schema: { response: { 201: ZOnboardingResult } } },
    async (req, reply) => {
      const found = await resolveOwner(req, deps.db, deps.tokens);
      if (!found) throw unauthorized('Sign in or sign up before creating a shop', 'ONBOARDING_PROOF_REQUIRED');
      const owner = { id: found.id, email: found.email, name: found.name };
      // Counted before the body is read: a stalled body holds the server's resources too (docs/decisions/016).
      await deps.limiter.hit(
        { key: `onboarding:ip:${req.ip}`, max: 30, windowMs: 60 * MINUTE },
        { key: `onboarding:user:${owner.id}`, max: 10, windowMs: 60 * MINUTE },
      );
      const bytesLeft = await deps.onboarding.roomFor(owner.id);
      const shopId = randomUUID();
      const form = await readBannerForm(req, deps.blobs, shopId, {
        jsonPart: 'shop',
        room: MAX_ONBOARDING_BANNERS,
        tooMany: () => badRequest(`You can upload up to ${MAX_ONBOARDING_BANNERS} banners only.`),
        bytesLeft,
        quotaFull: () => deps.onboarding.bannerQuotaFull(),
      });
      return reply.status(201).send(await deps.onboarding.create(owner, shopId, form));
    },
  );
}
