import { ZJob, ZJobCreated, ZMarkPrintedRequest, ZPrintJobsQuery, ZSignedUrls, ZSlugParams } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import { type RateLimiter, MINUTE } from '../../limits/rate-limiter.js';
import type { JobsService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a job id' }) });

export async function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jobs } = deps;

  r.post(
    '/api/public/shops/:slug/jobs',
    { bodyLimit: 2 * 1024 * 1024 * 1024, schema: { params: ZSlugParams, response: { 201: ZJobCreated } } },
    async (req, reply) => {
      await deps.limiter.hit({ key: `upload:${req.ip}:${req.params.slug.toLowerCase()}`, max: 20, windowMs: 10 * MINUTE });
      return reply.status(201).send(await jobs.createFromUpload(req, req.params.slug));
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
