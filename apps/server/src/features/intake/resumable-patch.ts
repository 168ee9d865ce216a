import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { ERRORS, type Locker } from '@tus/utils';
import { badRequest, HttpError } from '../../http/errors.js';
import { pastLength, type ResumableStore } from './resumable-store.js';

/** A PATCH as it came: the shop and upload its path names, its headers, its body unread. */
export type ContinueRequest = { slug: string; id: string; headers: IncomingHttpHeaders; body: Readable };

/** What a PATCH answers: where the file stands, and until when the rest may come (none once it is whole). */
export type Continued = { offset: number; expires: Date | null };

export const TUS_VERSION = '1.0.0';
const OFFSET = /^\d{1,15}$/;

/** A lock another connection held past the wait (UPLOAD_LOCK_TIMEOUT): the phone asks again, nothing is lost. */
export const uploadBusy = () =>
  new HttpError(423, 'UPLOAD_BUSY', 'This upload is being sent on another connection. Ask where it stands in a moment.');

/**
 * tus's own refusals (409, 404, 410 from the store; 400 for a creation's headers) in the shape every other
 * answer has; anything else, ours included, as it was thrown.
 */
export function tusRefusal(err: unknown): unknown {
  const tus = err as { status_code?: number; body?: string };
  if (err === ERRORS.INVALID_OFFSET)
    return new HttpError(409, 'UPLOAD_OFFSET_MISMATCH', 'This upload is elsewhere now. Ask where it stands and continue from there.');
  if (err === ERRORS.FILE_NOT_FOUND) return new HttpError(404, 'UPLOAD_NOT_FOUND', 'Upload not found');
  if (err === ERRORS.ERR_LOCK_TIMEOUT) return uploadBusy();
  if (err === ERRORS.FILE_NO_LONGER_EXISTS) return new HttpError(410, 'UPLOAD_EXPIRED', 'This upload expired. Send the file again.');
  if (err === ERRORS.INVALID_LENGTH) return badRequest("Upload-Length must give the file's size in bytes.", 'UPLOAD_LENGTH');
  // tus answers these two with its 501, which would be logged as our failure: they are the client's choice.
  if (err === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION) {
    return badRequest("Upload-Length must give the file's size in bytes: a size told later is not taken here.", 'UPLOAD_LENGTH');
  }
  if (err === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION) {
    return badRequest('Partial uploads are not joined here (Upload-Concat): send each file as one upload.', 'UPLOAD_CONCAT');
  }
  if (typeof tus?.status_code !== 'number' || typeof tus.body !== 'string') return err;
  // A 5xx of tus's own is a failure of ours, not a refusal: it is answered and logged as any thrown error is.
  if (tus.status_code < 500) return new HttpError(tus.status_code, 'UPLOAD_REFUSED', tus.body.trim());
  return err;
}

/**
 * A tus 1.0 PATCH (the core protocol's, docs/decisions/048-tus-patch-without-web-streams.md), taken
 * here rather than by @tus/server: the body goes from the socket to the encrypted store with one stream
 * between them, and the upload's row is read once. POST, HEAD and DELETE stay @tus/server's.
 */
export async function continueUpload(d: { store: ResumableStore; locker: Locker }, r: ContinueRequest): Promise<Continued> {
  if (r.headers['tus-resumable'] !== TUS_VERSION) throw new HttpError(412, 'TUS_VERSION', `This server speaks tus ${TUS_VERSION}.`);
  if (!/^application\/offset\+octet-stream\s*(;|$)/i.test(r.headers['content-type'] ?? '')) {
    throw new HttpError(415, 'UPLOAD_CONTENT_TYPE', 'A PATCH carries its bytes as application/offset+octet-stream.');
  }
  const offsetHeader = r.headers['upload-offset'];
  if (typeof offsetHeader !== 'string' || !OFFSET.test(offsetHeader)) {
    throw badRequest('Upload-Offset must be the number of bytes the server already has.', 'UPLOAD_OFFSET');
  }
  const offset = Number(offsetHeader);
  // Another request for this upload (a HEAD or PATCH after a reconnect) asks us to stop taking bytes.
  const released = new AbortController();
  // A phone that gives up while this waits for the lock stops the wait: nothing of its body will come.
  const gone = new AbortController();
  const leave = () => gone.abort();
  r.body.once('close', leave);
  const lock = d.locker.newLock(r.id);
  try {
    try {
      await lock.lock(gone.signal, () => {
        if (!released.signal.aborted) released.abort();
      });
    } finally {
      r.body.off('close', leave);
    }
    try {
      const row = await d.store.live(r.id, r.slug);
      const length = Number(r.headers['content-length']);
      // Known before a byte is read: the client sends past the length it declared.
      if (row.received === offset && Number.isFinite(length) && offset + length > row.size) throw pastLength();
      const now = await d.store.append(row, r.body, offset, released.signal);
      return { offset: now, expires: now < row.size ? row.expires_at : null };
    } finally {
      await lock.unlock();
    }
  } catch (err) {
    throw tusRefusal(err);
  }
}
