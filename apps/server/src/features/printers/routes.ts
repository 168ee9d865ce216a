import {
  ZPairingCode,
  type ZPairRequest,
  ZPairResponse,
  ZPrintCommand,
  ZPrinterChoice,
  ZPrinterReport,
  ZShopPrinters,
} from '@counterprint/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PrintDevice } from '../../auth/device-tokens.js';
import { bearerToken, currentUser } from '../../auth/guards.js';
import { HttpError } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { sendPdf } from '../../storage/file-routes.js';
import type { PrintersService } from './service.js';

const ZShopParams = z.object({ shopId: z.uuid({ error: 'shopId must be a shop id' }) });
const ZDeviceParams = ZShopParams.extend({ deviceId: z.uuid({ error: 'deviceId must be a device id' }) });
const ZJobParams = z.object({ id: z.uuid({ error: 'id must be a job id' }) });
const ZCommandParams = z.object({ id: z.uuid({ error: 'id must be a print command id' }) });
const ZDocumentQuery = z.object({
  run: z.coerce.number({ error: 'run must be a run number' }).int({ error: 'run must be a run number' }).min(0).max(1000).optional(),
});

declare module 'fastify' {
  interface FastifyRequest {
    device?: PrintDevice;
  }
}

/** The agent's own calls: its device token, never a user's; a revoked agent is refused like a wrong token. */
const requireDevice = (printers: PrintersService) => async (req: FastifyRequest) => {
  const token = bearerToken(req.headers.authorization);
  const device = token ? await printers.deviceOfToken(token) : undefined;
  if (!device)
    throw new HttpError(401, 'DEVICE_UNAUTHENTICATED', 'This print agent is not paired with a shop, or was removed. Pair it again.');
  req.device = device;
};
const deviceOf = (req: FastifyRequest): PrintDevice => req.device!;

export async function printersRoutes(app: FastifyInstance, { printers, limiter }: { printers: PrintersService; limiter: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/shops/:shopId/devices/pairing-codes',
    { schema: { params: ZShopParams, response: { 201: ZPairingCode } } },
    async (req, reply) => reply.status(201).send(await printers.pairingCode(currentUser(req), req.params.shopId)),
  );
  r.get('/api/shops/:shopId/printers', { schema: { params: ZShopParams, response: { 200: ZShopPrinters } } }, async (req) =>
    printers.shopPrinters(currentUser(req), req.params.shopId),
  );
  r.put(
    '/api/shops/:shopId/printers/choice',
    { schema: { params: ZShopParams, body: ZPrinterChoice, response: { 200: ZShopPrinters } } },
    async (req) => printers.choose(currentUser(req), req.params.shopId, req.body),
  );
  r.delete('/api/shops/:shopId/devices/:deviceId', { schema: { params: ZDeviceParams } }, async (req, reply) => {
    await printers.revoke(currentUser(req), req.params.shopId, req.params.deviceId);
    return reply.status(204).send();
  });
  r.post('/api/shops/print-jobs/:id/send-to-printer', { schema: { params: ZJobParams } }, async (req, reply) => {
    await printers.send(currentUser(req), req.params.id);
    return reply.status(204).send();
  });

  // The body is checked by the service, after the limit: a guessed code costs a try whatever it holds.
  r.post('/api/devices/pair', { schema: { response: { 201: ZPairResponse } } }, async (req, reply) => {
    await limiter.hit(...policies.devicePairing(req.ip));
    return reply.status(201).send(await printers.pair(req.body as z.input<typeof ZPairRequest>));
  });

  const device = { preValidation: requireDevice(printers) };
  r.put('/api/devices/me/printers', { ...device, schema: { body: ZPrinterReport } }, async (req, reply) => {
    await printers.reportPrinters(deviceOf(req), req.body.printers);
    return reply.status(204).send();
  });
  r.get('/api/devices/me/commands', { ...device, schema: { response: { 200: z.array(ZPrintCommand) } } }, async (req) =>
    printers.openCommands(deviceOf(req)),
  );
  r.get(
    '/api/devices/me/commands/:id/document',
    { ...device, schema: { params: ZCommandParams, querystring: ZDocumentQuery } },
    async (req, reply) => {
      const { pdf, name } = await printers.document(deviceOf(req), req.params.id, req.query.run);
      return sendPdf(reply, pdf, name, 'attachment');
    },
  );
  r.post('/api/devices/me/commands/:id/report', { ...device, schema: { params: ZCommandParams } }, async (req, reply) => {
    await printers.report(deviceOf(req), req.params.id, req.body as never);
    return reply.status(204).send();
  });
}
