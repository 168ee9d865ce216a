import { ZJob, ZMarkPrintedRequest, ZPrintJobsQuery, ZPrintOptionsUpdate, ZSignedUrls } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import type { JobsService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a job id' }) });

export async function jobsRoutes(app: FastifyInstance, deps: { jobs: JobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jobs } = deps;

  r.get(
    '/api/shops/:shopId/print-jobs',
    { schema: { params: ZShopParams, querystring: ZPrintJobsQuery, response: { 200: z.array(ZJob) } } },
    async (req) => jobs.list(currentUser(req), req.params.shopId, req.query),
  );

  r.get('/api/shops-action/print-jobs/:id/signed-urls', { schema: { params: ZJobParams, response: { 200: ZSignedUrls } } }, async (req) =>
    jobs.signedUrls(currentUser(req), req.params.id),
  );

  r.post(
    '/api/shops/print-jobs/:id/mark-printed',
    { schema: { params: ZJobParams, body: ZMarkPrintedRequest, response: { 200: ZJob } } },
    async (req) => jobs.markPrinted(currentUser(req), req.params.id, req.body),
  );

  r.post('/api/shops/print-jobs/:id/back-to-queue', { schema: { params: ZJobParams, response: { 200: ZJob } } }, async (req) =>
    jobs.moveBackToQueue(currentUser(req), req.params.id),
  );

  r.post('/api/shops/print-jobs/:id/printing', { schema: { params: ZJobParams, response: { 200: ZJob } } }, async (req) =>
    jobs.startPrinting(currentUser(req), req.params.id),
  );

  r.put(
    '/api/shops/print-jobs/:id/options',
    { schema: { params: ZJobParams, body: ZPrintOptionsUpdate, response: { 200: ZJob } } },
    async (req) => jobs.changeOptions(currentUser(req), req.params.id, req.body),
  );

  r.delete('/api/shops/print-jobs/:id', { schema: { params: ZJobParams, response: { 200: ZJob } } }, async (req) =>
    jobs.cancel(currentUser(req), req.params.id),
  );
}
