import { ZJobFileLinks, ZThumbnailLinks, ZThumbnailsQuery } from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import { sendPdf } from '../../storage/file-routes.js';
import type { PreparedFilesService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a job id' }) });
const ZJobFileParams = ZJobParams.extend({ fileId: z.uuid({ error: 'fileId must be a file id' }) });

/** Staff reach what preparation made of a job's files: links, thumbnails and the print-ready PDF. */
export async function preparationRoutes(app: FastifyInstance, deps: { preparedFiles: PreparedFilesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { preparedFiles } = deps;

  r.get(
    '/api/shops-action/print-jobs/:id/files',
    { schema: { params: ZJobParams, response: { 200: z.array(ZJobFileLinks) } } },
    async (req) => preparedFiles.fileLinks(currentUser(req), req.params.id),
  );

  // The PDF a print dialog or printer is given; staff only, made afresh from the options.
  r.get('/api/shops-action/print-jobs/:id/files/:fileId/print-ready', { schema: { params: ZJobFileParams } }, async (req, reply) => {
    const { pdf, name } = await preparedFiles.printReady(currentUser(req), req.params.id, req.params.fileId);
    return sendPdf(reply, pdf, name, 'inline');
  });

  r.get(
    '/api/shops/:shopId/print-jobs/thumbnails',
    { schema: { params: ZShopParams, querystring: ZThumbnailsQuery, response: { 200: ZThumbnailLinks } } },
    async (req) => preparedFiles.thumbnails(currentUser(req), req.params.shopId, req.query.jobs),
  );
}
