import { RECEIPT_KEYS_PATH, ZJobTokenParams, ZPublicJob, ZReceiptKeySet } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DeletionReceipts } from './receipts.js';
import type { JobStatusService } from './service.js';

export async function jobStatusRoutes(app: FastifyInstance, deps: { jobStatus: JobStatusService; receipts: DeletionReceipts }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/public/jobs/:token', { schema: { params: ZJobTokenParams, response: { 200: ZPublicJob } } }, async (req) =>
    deps.jobStatus.publicJob(req.ip, req.params.token),
  );
  r.get('/api/public/jobs/:token/receipt', { schema: { params: ZJobTokenParams } }, async (req, reply) => {
    const jws = await deps.jobStatus.receipt(req.ip, req.params.token);
    return reply.type('application/jose').header('cache-control', 'private, no-cache').send(jws);
  });
  // Outside /api: where a verifier expects to find keys (RFC 8615), and public by nature.
  r.get(RECEIPT_KEYS_PATH, { schema: { response: { 200: ZReceiptKeySet } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.receipts.keySet();
  });
}
