import { BANNER_MAX_BYTES, MAX_ONBOARDING_BANNERS, ZOnboardingResult } from '@counterprint/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenService } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { badRequest, unauthorized } from '../../http/errors.js';
import { JSON_PART_MAX, readJsonPart } from '../../http/json-part.js';
import { findUserByEmail, findUserById } from '../accounts/repo.js';
import { readBanner } from '../shops/banners.js';
import type { OnboardingService } from './service.js';

/** DECISIONS: proof of the account is the owner's bearer token, or the onboarding token sign-up returned. */
async function resolveOwner(req: FastifyRequest, db: Db, tokens: TokenService) {
  if (req.user) return findUserById(db, req.user.id);
  const header = req.headers['x-onboarding-token'];
  if (typeof header === 'string' && header) {
    const email = await tokens.verifyOnboarding(header);
    return findUserByEmail(db, email);
  }
  return undefined;
}

export async function onboardingRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; onboarding: OnboardingService }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/public/onboarding-shops/create',
    { schema: { response: { 201: ZOnboardingResult } } },
    async (req, reply) => {
      const owner = await resolveOwner(req, deps.db, deps.tokens);
      if (!owner) throw unauthorized('Sign in or sign up before creating a shop', 'ONBOARDING_PROOF_REQUIRED');
      if (!req.isMultipart()) throw badRequest('body must be multipart/form-data with a "shop" part');
      let shopJson: unknown;
      const banners: { name: string; data: Buffer }[] = [];
      // fileSize: multipart's default is the app's 1 MiB body limit; a banner may be 5 MiB (readBanner says so past it).
      const limits = { fieldSize: JSON_PART_MAX, files: MAX_ONBOARDING_BANNERS + 2, fileSize: BANNER_MAX_BYTES + 1 };
      for await (const part of req.parts({ limits })) {
        if (part.fieldname === 'shop') {
          shopJson = await readJsonPart(part, 'shop');
          continue;
        }
        if (part.type === 'field') continue;
        if (part.fieldname === 'banners') {
          if (banners.length >= MAX_ONBOARDING_BANNERS) {
            part.file.resume();
            throw badRequest('You can upload up to 4 banners only.');
          }
          banners.push(await readBanner(part));
        } else {
          part.file.resume();
        }
      }
      const shop = deps.onboarding.parseShop(shopJson);
      const result = await deps.onboarding.create(
        { id: owner.id, email: owner.email, name: owner.name },
        shop,
        banners,
      );
      return reply.status(201).send(result);
    },
  );
}
