import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import {
  hasHiddenCharacters,
  hiddenCharactersMessage,
  PHONE_PATTERN,
  type TUploadRefusalReason,
  tooLargeMessage,
  UPLOAD_LIMITS,
  UPLOAD_OPTIONS_MAX_LENGTH,
} from '@counterprint/contract';
import { controlCharacters, hasControlCharacters } from '../../http/control-characters.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { type MultipartBody, readMultipart, skipFile } from '../../http/multipart.js';
import { type BlobStore, BlobTooLargeError, type PutResult, StorageFullError } from '../../storage/blob-store.js';
import { freeNow } from '../../storage/stream-util.js';
import { CONTENT_TYPES, ContentCheck, extensionOf, refusedType, type UploadKind } from './content-check.js';
import { storageName, validateFilename } from './filename.js';

export type ReceivedFile = {
  id: string;
  blobKey: string;
  originalName: string;
  storedName: string;
  /** What the content is, which the name's extension may not say. */
  extension: UploadKind;
  contentType: string;
  /** Told to the customer when the content is not what the name says. */
  note: string | null;
  size: number;
  sha256: string;
  /** A resumable upload's own segment that became this file: not ours to delete if the job fails. */
  adopted?: boolean;
};

export type ReceivedUpload = {
  jobId: string;
  files: ReceivedFile[];
  name: string | null;
  phone: string | null;
  /** The `options` field as sent (a JSON array, one object per file), read by the service. */
  optionsText: string | undefined;
};

/** The quota an upload holds (quota.ts): its job id names the blobs, and every file byte is covered before it is stored. */
export type UploadAllowance = { readonly jobId: string; cover(bytes: number): Promise<void> | undefined };

/** The shop's own quota is full: told to its staff (the server's disk being full is the operator's to see). */
export class ShopStorageFull extends HttpError {}
/** Refusals staff can act on or explain, counted for them (docs/decisions/027), by the reason they are shown as. */
const REFUSED: ReadonlyMap<string, TUploadRefusalReason> = new Map<string, TUploadRefusalReason>([
  ['RATE_LIMITED', 'RATE_LIMITED'],
  ['ADDRESS_UPLOAD_LIMIT', 'ADDRESS_UPLOAD_LIMIT'],
  ['TOO_MANY_UPLOADS', 'TOO_MANY_UPLOADS'],
  // tus: one address with many uploads open is, to staff, too many at once from one connection.
  ['UPLOADS_IN_PROGRESS', 'TOO_MANY_UPLOADS'],
  ['SHOP_UPLOADS_BUSY', 'SHOP_UPLOADS_BUSY'],
]);

/** The refusal an upload's error tells of, if it was one staff can act on or explain. */
export function refusalReason(err: unknown): TUploadRefusalReason | undefined {
  if (err instanceof ShopStorageFull) return 'STORAGE_FULL';
  if (err instanceof HttpError) return REFUSED.get(err.code);
  return undefined;
}
export const storageFull = () => new ShopStorageFull(507, 'STORAGE_FULL', "This shop's storage is full");
/** The server's own disk, not the shop's quota: the shop owner can do nothing about it. */
export const serverStorageFull = () => new HttpError(507, 'STORAGE_FULL', 'Storage is full. Please try again later.');
const tooLarge = (name: string) => new HttpError(413, 'FILE_TOO_LARGE', tooLargeMessage(name));

/**
 * Frees a piece of the request body once the store has copied it (docs/decisions/009): Node's HTTP
 * parser gives every piece memory of its own, which V8 would otherwise free only at a mark-compact.
 * Busboy hands a piece on whole when no boundary falls in it, and nothing else keeps it; a piece
 * with a boundary is cut into views, which freeNow leaves to V8. Busboy's small lookbehind buffer can
 * also arrive whole, and it keeps using it: hence the size floor, far above any boundary's length.
 */
function freeCopiedPiece(chunk: Buffer): void {
  if (chunk.length >= 4096) freeNow(chunk);
}

function field(name: string, value: string, truncated: boolean): string | null {
  if (truncated) throw badRequest(`${name} is too long`);
  if (hasControlCharacters(value, name)) throw controlCharacters(name);
  const v = value.trim();
  if (!v) return null;
  if (name === 'name' && v.length > 100) throw badRequest('name must be at most 100 characters');
  if (name === 'name' && hasHiddenCharacters(v)) throw badRequest(hiddenCharactersMessage('name'));
  if (name === 'phone' && !PHONE_PATTERN.test(v)) throw badRequest('phone must be a phone number');
  return v;
}

/** Lets a file's bytes on only once the upload's quota covers them; cuts the file when it cannot (507 or 429). */
class QuotaMeter extends Transform {
  constructor(private readonly allowance: UploadAllowance) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const waiting = this.allowance.cover(chunk.length);
    if (!waiting) done(null, chunk);
    else waiting.then(() => done(null, chunk), done);
  }
}

/**
 * Streams every `files` part through the name, type and size checks straight into the
 * blob store. Nothing is held in memory beyond the 64 KiB sniffed from a file's start.
 * On any failure (a refused file, a client that goes away) every blob already stored
 * for this upload is deleted before the error propagates.
 */
export async function receiveUpload(
  form: MultipartBody,
  blobs: BlobStore,
  shopId: string,
  allowance: UploadAllowance,
): Promise<ReceivedUpload> {
  const { jobId } = allowance;
  const files: ReceivedFile[] = [];
  let name: string | null = null;
  let phone: string | null = null;
  let optionsText: string | undefined;
  let accepted = 0;
  // The previous file's blob is committed (fsync, rename) while the next one streams in: waiting for
  // every fsync before reading on stalled a 50-file upload (bench/ upload throughput).
  let committing: Promise<void> | undefined;
  const started: { blobKey: string; putting: Promise<{ stored: PutResult } | { err: unknown }> }[] = [];
  try {
    await readMultipart(form, {
      preservePath: true,
      // A field may hold the options of 50 files; name and phone have their own, shorter caps.
      limits: {
        fileSize: UPLOAD_LIMITS.maxFileBytes,
        files: UPLOAD_LIMITS.maxFiles + 1,
        fieldSize: UPLOAD_OPTIONS_MAX_LENGTH,
        fields: 10,
        parts: 80,
      },
      notMultipart: 'body must be multipart/form-data with one or more "files" parts',
      field(fieldName, value, truncated) {
        if (fieldName === 'name') name = field('name', value, truncated);
        if (fieldName === 'phone') phone = field('phone', value, truncated);
        if (fieldName === 'options') {
          if (truncated) throw badRequest('options is too long', 'INVALID_PRINT_OPTIONS');
          optionsText = value;
        }
      },
      async file(part) {
        if (part.fieldname !== 'files') return skipFile(part);
        if (accepted >= UPLOAD_LIMITS.maxFiles) {
          throw badRequest(`You can upload at most ${UPLOAD_LIMITS.maxFiles} files at a time.`, 'TOO_MANY_FILES');
        }
        accepted++;
        const display = validateFilename(part.filename);
        const kind = extensionOf(display);
        if (!kind) throw refusedType(display);
        const id = randomUUID();
        const blobKey = `shops/${shopId}/jobs/${jobId}/${id}`;
        const body = new ContentCheck(kind, display);
        // Either side failing destroys the other, as the store's own pipeline expects.
        pipeline(part.file, new QuotaMeter(allowance), body, () => {});
        const putting = blobs.put(blobKey, body, { maxBytes: UPLOAD_LIMITS.maxFileBytes, released: freeCopiedPiece }).then(
          (stored) => ({ stored }),
          (err: unknown) => ({ err }),
        );
        started.push({ blobKey, putting });
        const file = part.file;
        // Every byte of this part has been read (or its store already settled): the next part may start.
        const read = await Promise.race([new Promise<undefined>((resolve) => file.once('end', () => resolve(undefined))), putting]);
        if (read && 'err' in read) throw storeError(read.err, display);
        await committing;
        committing = putting.then(async (result) => {
          if ('err' in result) throw storeError(result.err, display);
          if (file.truncated) {
            await blobs.delete(blobKey);
            throw tooLarge(display);
          }
          files.push({
            id,
            blobKey,
            originalName: display,
            storedName: storageName(display),
            extension: body.kind,
            contentType: CONTENT_TYPES[body.kind],
            note: body.note,
            size: result.stored.size,
            sha256: result.stored.sha256,
          });
        });
        committing.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
      },
    });
    await committing;
    if (files.length === 0) throw badRequest('Please select at least one file to upload.', 'NO_FILES');
    return { jobId, files, name, phone, optionsText };
  } catch (err) {
    // A file still being committed failed first (e.g. it was cut at the size limit): that is the cause to report.
    const earlier = await committing?.then(
      () => undefined,
      (e: unknown) => e,
    );
    // Delete every blob this upload stored, committed or not.
    await Promise.all(
      started.map(async ({ blobKey, putting }) => {
        if ('stored' in (await putting)) await blobs.delete(blobKey).catch(() => {});
      }),
    );
    throw mapMultipartError(earlier ?? err);
  }
}

function storeError(err: unknown, display: string): unknown {
  if (err instanceof BlobTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(display);
  if (err instanceof StorageFullError) return serverStorageFull();
  return err;
}

export async function discard(blobs: BlobStore, files: { blobKey: string; adopted?: boolean }[]): Promise<void> {
  await Promise.all(files.filter((f) => !f.adopted).map((f) => blobs.delete(f.blobKey).catch(() => {})));
}

function mapMultipartError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(`You can upload at most ${UPLOAD_LIMITS.maxFiles} files at a time.`, 'TOO_MANY_FILES');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The upload has too many parts');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('body must be multipart/form-data');
  if (
    err instanceof Error &&
    /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early/i.test(err.message)
  ) {
    return badRequest('The upload was cut off or is not valid multipart data', 'MALFORMED_UPLOAD');
  }
  return err;
}
