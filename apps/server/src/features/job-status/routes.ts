import { ZJobTokenParams, ZPublicJob } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobStatusService } from './service.js';

export async function jobStatusRoutes(app: FastifyInstance, deps: { jobStatus: JobStatusService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/public/jobs/:token', { schema: { params: ZJobTokenParams, response: { 200: ZPublicJob } } }, async (req) =>
    deps.jobStatus.publicJob(req.ip, req.params.token),
  );
}
