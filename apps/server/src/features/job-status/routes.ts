import {
  JOB_CHANGED_EVENT,
  RECEIPT_KEYS_PATH,
  ZJobCreated,
  ZJobTokenParams,
  ZPrintOptionsUpdate,
  ZPublicJob,
  ZReceiptKeySet,
} from '@counterprint/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { HttpError } from '../../http/errors.js';
import { bodyLength } from '../../http/multipart.js';
import type { DeletionReceipts } from './receipts.js';
import type { JobStatusService } from './service.js';
import type { JobWatchers } from './watchers.js';

export type JobStatusRouteDeps = {
  jobStatus: JobStatusService;
  receipts: DeletionReceipts;
  watchers: JobWatchers;
  /** A status page's stream is closed after this long; the browser reconnects at once and so is counted again. */
  streamMaxSeconds?: number;
};

/** A comment line every 25 s keeps proxies and phones from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;

export async function jobStatusRoutes(app: FastifyInstance, deps: JobStatusRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { jobStatus } = deps;
  const schema = { params: ZJobTokenParams, response: { 200: ZPublicJob } };

  r.get('/api/public/jobs/:token', { schema }, async (req) => jobStatus.publicJob(req.ip, req.params.token));
  r.put('/api/public/jobs/:token/options', { schema: { ...schema, body: ZPrintOptionsUpdate } }, async (req) =>
    jobStatus.changeOptions(req.ip, req.params.token, req.body),
  );
  r.post('/api/public/jobs/:token/cancel', { schema }, async (req) => jobStatus.cancel(req.ip, req.params.token));
  r.delete('/api/public/jobs/:token/files', { schema }, async (req) => jobStatus.deleteFilesNow(req.ip, req.params.token));
  r.post('/api/public/jobs/:token/paid', { schema }, async (req) => jobStatus.claimPayment(req.ip, req.params.token));

  r.post(
    '/api/public/jobs/:token/files',
    {
      bodyLimit: 2 * 1024 * 1024 * 1024,
      config: { upload: true },
      schema: { params: ZJobTokenParams, response: { 201: ZJobCreated } },
    },
    async (req, reply) => {
      const created = await jobStatus.addFiles(req.ip, req.params.token, { ip: req.ip, bodyBytes: bodyLength(req), body: req });
      return reply.status(201).send(created);
    },
  );

  r.get('/api/public/jobs/:token/upi-qr.svg', { schema: { params: ZJobTokenParams } }, async (req, reply) => {
    const link = await jobStatus.upiLink(req.ip, req.params.token);
    const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.type('image/svg+xml').header('cache-control', 'private, no-cache').send(svg);
  });

  r.get('/api/public/jobs/:token/events', { schema: { params: ZJobTokenParams } }, async (req, reply) => {
    const jobId = await jobStatus.watchedJob(req.ip, req.params.token);
    const full = deps.watchers.noRoom(jobId, req.ip);
    // The page polls the job instead when refused (apps/web/src/features/job-status/useLiveJob.ts).
    if (full === 'job') throw new HttpError(429, 'TOO_MANY_STREAMS', 'This job is already open in too many places. Close some and reload.');
    if (full) throw new HttpError(429, 'TOO_MANY_STREAMS', 'Too many status pages are open from this network. Close some and reload.');
    // The stream is written by hand: it never ends by itself, and nothing may buffer or compress it.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const unwatch = deps.watchers.watch(
      jobId,
      req.ip,
      () => res.write(`event: ${JOB_CHANGED_EVENT}\ndata: {}\n\n`),
      () => res.end(),
    );
    const beat = setInterval(() => res.write(': beat\n\n'), HEARTBEAT_MS);
    const end = setTimeout(() => res.end(), (deps.streamMaxSeconds ?? 30 * 60) * 1000);
    res.on('close', () => {
      clearInterval(beat);
      clearTimeout(end);
      unwatch();
    });
  });

  r.get('/api/public/jobs/:token/receipt', { schema: { params: ZJobTokenParams } }, async (req, reply) => {
    const jws = await jobStatus.receipt(req.ip, req.params.token);
    return reply.type('application/jose').header('cache-control', 'private, no-cache').send(jws);
  });
  // Outside /api: where a verifier expects to find keys (RFC 8615), and public by nature.
  r.get(RECEIPT_KEYS_PATH, { schema: { response: { 200: ZReceiptKeySet } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.receipts.keySet();
  });
}
