import { UPLOAD_LIMITS, ZJobCreated, ZJobFromUploads, ZSlugParams, ZUploadsInProgress } from '@counterprint/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guards.js';
import { bodyLength, capped } from '../../http/multipart.js';
import { parseOrBadRequest } from '../../http/validation.js';
import type { TusEndpoint } from './resumable.js';
import { TUS_VERSION } from './resumable-patch.js';
import { TUS_EXTENSIONS } from './resumable-store.js';
import type { IntakeService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const JSON_BODY_LIMIT = 256 * 1024;
type AddressedRequest = { counterprintAddress?: string };
const isJson = (req: FastifyRequest) => /^application\/json\b/i.test(req.headers['content-type'] ?? '');

const ZUploadParams = ZSlugParams.extend({ id: z.string().regex(/^[\w-]{1,64}$/, { error: 'id must be an upload id' }) });
const ZShopUploadParams = ZShopParams.extend({ id: z.string().regex(/^[\w-]{1,64}$/, { error: 'id must be an upload id' }) });

/**
 * Files coming in: the upload that makes a job (multipart, or the JSON form naming tus uploads), tus itself,
 * and the staff's view of uploads under way. tus traffic goes to the tus endpoint, never through a service.
 */
export async function intakeRoutes(app: FastifyInstance, deps: { intake: IntakeService; tus: TusEndpoint }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { intake, tus } = deps;

  r.post(
    '/api/public/shops/:slug/jobs',
    {
      bodyLimit: 2 * 1024 * 1024 * 1024,
      config: { upload: true },
      schema: { params: ZSlugParams, response: { 201: ZJobCreated } },
      // The JSON form names uploads and options: far below the multipart form's limit.
      preParsing: async (req, _reply, payload) => (isJson(req) ? capped(payload, JSON_BODY_LIMIT) : payload),
      // Every refusal, the body guard's included (it answers before the handler runs), is counted for the shop's staff.
      onError: async (req, _reply, err) => {
        try {
          await intake.recordRefusal((req.params as { slug: string }).slug, err);
        } catch (e) {
          // The customer's answer stands; a refusal not counted only leaves the staff's notice short.
          req.log.warn({ err: e }, 'upload refusal not recorded');
        }
      },
    },
    async (req, reply) => {
      const created = isJson(req)
        ? await intake.createFromUploads(
            req.params.slug,
            req.ip,
            parseOrBadRequest(ZJobFromUploads, req.body, 'body must list the uploads'),
          )
        : await intake.createFromUpload(req.params.slug, { ip: req.ip, bodyBytes: bodyLength(req), body: req });
      return reply.status(201).send(created);
    },
  );

  // tus 1.0 (issue 21), in a scope of its own: whatever the body's type, it is read by tus's handler
  // (POST, HEAD, DELETE) or ours (PATCH), never parsed here, so a wrong type gets tus's 415.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const tusHandler = async (req: FastifyRequest, reply: FastifyReply) => {
      (req.raw as AddressedRequest).counterprintAddress = req.ip;
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await tus.handle(req.raw, reply.raw);
    };
    const one = '/api/public/shops/:slug/uploads/:id';
    scope.route({ method: 'POST', url: '/api/public/shops/:slug/uploads', config: { upload: true }, handler: tusHandler });
    scope.withTypeProvider<ZodTypeProvider>().patch(
      one,
      {
        config: { upload: true },
        schema: { params: ZUploadParams },
        // A PATCH refused for the quota is counted for the shop's staff, as a form's upload is.
        onError: async (req, _reply, err) => {
          try {
            await intake.recordRefusal((req.params as { slug: string }).slug, err);
          } catch (e) {
            req.log.warn({ err: e }, 'upload refusal not recorded');
          }
        },
        // tus: every answer says which protocol it speaks, refusals included.
        onSend: async (_req, reply, payload) => {
          reply.header('tus-resumable', TUS_VERSION);
          return payload;
        },
      },
      async (req, reply) => {
        const { slug, id } = req.params;
        const continued = await tus.continueUpload({ slug, id, headers: req.headers, body: req.raw });
        reply.header('upload-offset', String(continued.offset)).header('cache-control', 'no-store');
        if (continued.expires) reply.header('upload-expires', continued.expires.toUTCString());
        return reply.status(204).send();
      },
    );
    // tus 1.0's discovery: what this server speaks, answered here so that tus's own handler adds no CORS headers.
    scope.options('/api/public/shops/:slug/uploads', async (_req, reply) =>
      reply
        .status(204)
        .header('tus-resumable', TUS_VERSION)
        .header('tus-version', TUS_VERSION)
        .header('tus-extension', TUS_EXTENSIONS.join(','))
        .header('tus-max-size', String(UPLOAD_LIMITS.maxFileBytes))
        .send(),
    );
    scope.route({ method: 'HEAD', url: one, handler: tusHandler });
    scope.route({ method: 'DELETE', url: one, handler: tusHandler });
  });

  // Staff see the files being sent to their shop, and end one that holds its storage (docs/product/rules.md#resumable-uploads).
  r.get('/api/shops/:shopId/uploads-in-progress', { schema: { params: ZShopParams, response: { 200: ZUploadsInProgress } } }, async (req) =>
    intake.uploadsInProgress(currentUser(req), req.params.shopId),
  );
  r.delete('/api/shops/:shopId/uploads-in-progress/:id', { schema: { params: ZShopUploadParams } }, async (req, reply) => {
    await intake.clearUpload(currentUser(req), req.params.shopId, req.params.id);
    return reply.status(204).send();
  });
}
