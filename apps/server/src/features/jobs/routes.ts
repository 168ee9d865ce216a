import { ZJob, ZJobCreated, ZMarkPrintedRequest, ZPrintJobsQuery, ZSignedUrls, ZSlugParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { refusalReason, type UploadRefusals } from '../upload-refusals/service.js';
import type { JobsService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a job id' }) });

export async function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService; limiter: RateLimiter; refusals: UploadRefusals }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jobs } = deps;

  r.post(
    '/api/public/shops/:slug/jobs',
    {
      bodyLimit: 2 * 1024 * 1024 * 1024,
      config: { upload: true },
      schema: { params: ZSlugParams, response: { 201: ZJobCreated } },
      // Every refusal, the body guard's included (it answers before the handler runs), is counted for the shop's staff.
      onError: async (req, _reply, err) => {
        const reason = refusalReason(err);
        if (!reason) return;
        try {
          const shop = await jobs.shopForUpload((req.params as { slug: string }).slug);
          await deps.refusals.record(shop.id, reason);
        } catch (e) {
          // The customer's answer stands; a refusal not counted only leaves the staff's notice short.
          req.log.warn({ err: e }, 'upload refusal not recorded');
        }
      },
    },
    async (req, reply) => {
      // Keyed on the shop found, not the slug as typed: an unknown slug creates no key (docs/decisions/014).
      // A counter's customers can share one address (shop Wi-Fi, a carrier's NAT): 60 in an hour must pass,
      // with a retry each, and a rush may spend the hour's allowance at once.
      const shop = await jobs.shopForUpload(req.params.slug);
      await deps.limiter.hit(...policies.upload(req.ip, shop.id));
      return reply.status(201).send(await jobs.createFromUpload(req, shop));
    },
  );

  r.get(
    '/api/shops/:shopId/print-jobs',
    { schema: { params: ZShopParams, querystring: ZPrintJobsQuery, response: { 200: z.array(ZJob) } } },
    async (req) => jobs.list(currentUser(req), req.params.shopId, req.query),
  );

  r.get(
    '/api/shops-action/print-jobs/:id/signed-urls',
    { schema: { params: ZJobParams, response: { 200: ZSignedUrls } } },
    async (req) => jobs.signedUrls(currentUser(req), req.params.id),
  );

  r.post(
    '/api/shops/print-jobs/:id/mark-printed',
    { schema: { params: ZJobParams, body: ZMarkPrintedRequest, response: { 200: ZJob } } },
    async (req) => jobs.markPrinted(currentUser(req), req.params.id, req.body),
  );

  r.delete(
    '/api/shops/print-jobs/:id',
    { schema: { params: ZJobParams, response: { 200: ZJob } } },
    async (req) => jobs.cancel(currentUser(req), req.params.id),
  );
}
