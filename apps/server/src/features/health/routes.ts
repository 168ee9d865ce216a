// No service or repo: the answer is the database's and the blob store's own health checks, passed in from app.ts.
import { ZHealth } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/index.js';
import type { BlobStore } from '../../storage/blob-store.js';

export async function healthRoutes(app: FastifyInstance, deps: { database: Database; blobs: BlobStore }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { response: { 200: ZHealth, 503: ZHealth } } },
    async (_req, reply) => {
      const [dbOk, blobOk] = await Promise.all([deps.database.ping(), deps.blobs.healthy().catch(() => false)]);
      const body = {
        status: dbOk && blobOk ? ('ok' as const) : ('degraded' as const),
        database: { ok: dbOk, kind: deps.database.kind },
        blobStore: { ok: blobOk, kind: deps.blobs.kind },
      };
      return reply.status(dbOk && blobOk ? 200 : 503).send(body);
    },
  );
}
