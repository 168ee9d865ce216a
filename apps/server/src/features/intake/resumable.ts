import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type TUploadInProgress, type TUploadRefusalReason, tooLargeMessage, UPLOAD_LIMITS } from '@counterprint/contract';
import { Server } from '@tus/server';
import { ERRORS, type Locker, type Upload } from '@tus/utils';
import type { Logger } from 'pino';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { answerForThrown, HttpError } from '../../http/errors.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { shopBySlug } from '../shops/scope.js';
import { extensionOf, refusedType } from './content-check.js';
import { validateFilename } from './filename.js';
import { clientKeyOf } from './quota.js';
import { type ContinueRequest, continueUpload, TUS_VERSION, tusRefusal } from './resumable-patch.js';
import type { ResumableLimits } from './resumable-quota.js';
import { findUploadAtShop, type ResumableRow } from './resumable-repo.js';
import { ResumableStore } from './resumable-store.js';
import { refusalReason } from './upload.js';

export type ResumableDeps = {
  /** One lock per upload, shared by tus's HEAD and our PATCH (upload-locker.ts). */
  locker: Locker;
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  limiter: RateLimiter;
  clientKeySecret: string;
  quota: ResumableLimits;
  /** The address the request came from, as Fastify resolved it (trusted proxies applied). */
  addressOf: (raw: unknown) => string;
  /** Where a creation's refusals are counted for the shop's staff (features/upload-refusals, wired in app.ts). */
  refusals: { record(shopId: string, reason: TUploadRefusalReason): Promise<void> };
  logger: Logger;
};

const UPLOADS_PATH = /^\/api\/public\/shops\/([^/?#]+)\/uploads(?:\/([^/?#]+))?/;

/** tus's answer for one of our refusals: its status and our error body, as every other call has it. */
const tusAnswer = (err: HttpError) => ({ status_code: err.status, body: JSON.stringify({ error: err.message, code: err.code }) });

/**
 * What a failed HEAD, POST or DELETE answers instead of tus's plain text or its 500 with the error's
 * message in it: tus's refusals in our words (a lock held elsewhere past the wait as 423, as on our
 * PATCH); a thrown error what it answers on any other route (http/errors.ts).
 */
function failure(err: unknown, logger: Logger) {
  const refused = tusRefusal(err);
  return tusAnswer(refused instanceof HttpError ? refused : answerForThrown(err, logger));
}

const isOurBody = (text: string) => {
  try {
    return typeof (JSON.parse(text) as { error?: unknown }).error === 'string';
  } catch {
    return false;
  }
};

/**
 * Every refusal as JSON, as every other call answers: tus writes a few itself, in plain text and past
 * onResponseError (a missing Tus-Resumable header, a header it cannot read).
 */
async function inOurWords(answer: Response): Promise<Response> {
  if (answer.status < 400) return answer;
  const text = await answer.text();
  const body = isOurBody(text)
    ? text
    : JSON.stringify(
        answer.status === 412
          ? { error: `This server speaks tus ${TUS_VERSION}.`, code: 'TUS_VERSION' }
          : { error: text.trim() || 'This upload request was refused.', code: 'UPLOAD_REFUSED' },
      );
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: answer.status, headers });
}

/** A creation refused for a reason staff can act on or explain is counted for them, as a form's upload is. */
async function countRefusal(d: ResumableDeps, slug: string, err: unknown): Promise<void> {
  const reason = refusalReason(err);
  if (!reason) return;
  try {
    await d.refusals.record((await shopBySlug(d.db, slug)).id, reason);
  } catch (e) {
    // The customer's answer stands; a refusal not counted only leaves the staff's notice short.
    d.logger.warn({ err: e }, 'upload refusal not recorded');
  }
}

const slugOf = (url: string) => decodeURIComponent(UPLOADS_PATH.exec(new URL(url).pathname)?.[1] ?? '');

/**
 * The tus 1.0 endpoint of a shop (issue 21; docs/decisions/041-resumable-uploads.md), under
 * `/api/public/shops/{slug}/uploads`: one upload a file, refused at creation with the upload's own
 * messages (size, type, quota, limits), and only ever continued at the shop that began it.
 */
/** The tus endpoint as intake's routes and service take it. */
export type TusEndpoint = ReturnType<typeof resumableUploads>;

export function resumableUploads(d: ResumableDeps) {
  const store = new ResumableStore({ db: d.db, blobs: d.blobs, clock: d.clock, limits: d.quota });
  // One lock per upload, shared with our PATCH: a HEAD waits for a PATCH in flight, on this instance or
  // another, to keep what it got, so a reconnecting phone learns the true offset.
  const locker = d.locker;
  const server = new Server({
    locker,
    path: '/api/public/shops',
    datastore: store,
    relativeLocation: true,
    // No maxSize: tus would refuse a file over 25 MiB before `admit` knew the shop, so an unknown shop
    // answered 413; `admit` refuses the size itself, after the shop and before a byte is taken.
    namingFunction: () => randomBytes(16).toString('base64url'),
    generateUrl: (req, { id }) => `/api/public/shops/${encodeURIComponent(slugOf(req.url))}/uploads/${id}`,
    getFileIdFromRequest: (req) => UPLOADS_PATH.exec(new URL(req.url).pathname)?.[2],
    // Our refusals are thrown as they are: every failure reaches onResponseError, which answers them.
    onUploadCreate: async (req, upload) => {
      await admit(d, store, req as unknown as TusRequest, upload);
      return {};
    },
    onResponseError: async (req, err) => {
      if (req.method === 'POST') await countRefusal(d, slugOf(req.url), err);
      return failure(err, d.logger);
    },
    // An upload is continued, looked at or ended only under the shop it was begun at.
    onIncomingRequest: async (req, id) => {
      if (req.method === 'POST') return;
      if (!(await findUploadAtShop(d.db, id, slugOf(req.url)))) throw ERRORS.FILE_NOT_FOUND;
    },
  });
  return {
    store,
    /** tus's POST, HEAD and DELETE, answered by @tus/server from the raw request. */
    handle: async (req: IncomingMessage, res: ServerResponse) =>
      sendNodeResponse(res, await inOurWords(await server.handleWeb(new NodeRequest({ req, res })))),
    /** tus's PATCH, taken straight to the store (resumable-patch.ts). */
    continueUpload: (r: ContinueRequest) => continueUpload({ store, locker }, r),
    inProgress: async (shopId: string) => (await store.inProgress(shopId)).map(asInProgress),
    clear: (shopId: string, id: string) => store.clear(shopId, id),
  };
}

const asInProgress = (row: ResumableRow): TUploadInProgress => ({
  id: row.id,
  filename: row.filename,
  size: row.size,
  received: row.received,
  startedAt: row.created_at.toISOString(),
  stallsAt: row.received < row.size ? row.stalls_at.toISOString() : null,
});

type TusRequest = { url: string; headers: Headers; runtime?: { node?: { req?: unknown } } };

/**
 * The creation's checks, before a byte is taken: the shop, the limits, the file's size, name and type.
 * The quotas and the caps on open uploads are judged as the row is written, under the shop's lock (`store.create`).
 */
async function admit(d: ResumableDeps, store: ResumableStore, req: TusRequest, upload: Upload): Promise<void> {
  const shop = await shopBySlug(d.db, slugOf(req.url));
  const ip = d.addressOf(req.runtime?.node?.req);
  await d.limiter.hit(...policies.resumableFile(ip, shop.id));
  const filename = validateFilename(upload.metadata?.filename ?? '');
  if (!extensionOf(filename)) throw refusedType(filename);
  const size = upload.size ?? 0;
  if (size > UPLOAD_LIMITS.maxFileBytes) throw new HttpError(413, 'FILE_TOO_LARGE', tooLargeMessage(filename));
  store.expect(upload.id, { shopId: shop.id, clientKey: clientKeyOf(d.clientKeySecret, ip), filename });
}
