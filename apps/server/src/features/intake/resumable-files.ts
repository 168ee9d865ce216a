import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { UPLOAD_LIMITS } from '@counterprint/contract';
import type { Db } from '../../db/index.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { CONTENT_TYPES, ContentCheck, extensionOf, mustStayText, refusedType, SNIFF_BYTES } from './content-check.js';
import { storageName, validateFilename } from './filename.js';
import { claimUploads, findUpload, type ResumableRow, segmentsOf } from './resumable-repo.js';
import type { ReceivedFile } from './upload.js';

const unknownUpload = () => badRequest('An upload in this list is unknown here. Send that file again.', 'UNKNOWN_UPLOAD');
const unfinished = (name: string) => conflict(`${name} has not finished sending. Wait for it, or send it again.`, 'UPLOAD_INCOMPLETE_FILE');
const alreadyUsed = () => conflict('These files were already sent as a job.', 'UPLOAD_USED');

/** Why an upload cannot join a job now, if it cannot: unknown or another shop's, still sending, or used. */
function refusal(row: ResumableRow | undefined, shopId: string): Error | undefined {
  if (!row || row.shop_id !== shopId) return unknownUpload();
  if (row.used_at) return alreadyUsed();
  if (row.received !== row.size) return unfinished(row.filename);
  return undefined;
}

/** The uploads a job call names, each checked; the first refusal is the answer. */
export async function finishedUploads(db: Db, shopId: string, ids: string[]): Promise<ResumableRow[]> {
  if (new Set(ids).size !== ids.length) throw badRequest('An upload is listed twice.', 'UNKNOWN_UPLOAD');
  const rows = await Promise.all(ids.map((id) => findUpload(db, id)));
  for (const row of rows) {
    const refused = refusal(row, shopId);
    if (refused) throw refused;
  }
  return rows as ResumableRow[];
}

/**
 * In the job's own transaction: the uploads are still this shop's, finished and unused, and become used,
 * so two job calls racing with the same ids make one job.
 */
export async function claimFinishedUploads(tx: Db, shopId: string, ids: string[], now: Date, adopted: string[]): Promise<void> {
  const claim = await claimUploads(tx, shopId, ids, now, adopted);
  for (const id of ids) {
    const refused = refusal(
      claim.rows.find((r) => r.id === id),
      shopId,
    );
    if (refused) throw refused;
  }
  await claim.mark();
}

/** `check` fed from `source`; a source's error reaches whoever reads the check. */
function pipelined(source: Readable, check: ContentCheck): ContentCheck {
  pipeline(source, check, () => {});
  return check;
}

/** Reads the checked bytes to their end, keeping none. */
async function drained(check: ContentCheck): Promise<void> {
  for await (const _ of check as AsyncIterable<Buffer>);
}

/** Reads the checked bytes through, for their size and SHA-256, keeping none of them. */
async function checkedInPlace(check: ContentCheck): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of check as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * One finished upload as a file of job `jobId`: its segments read back in order, checked by content
 * as a form's file is, and stored as the job's own blob with its SHA-256; a file sent in one segment
 * is that blob already, and is read back only as far as its check needs.
 */
export async function copyUpload(db: Db, blobs: BlobStore, row: ResumableRow, shopId: string, jobId: string): Promise<ReceivedFile> {
  const display = validateFilename(row.filename);
  const kind = extensionOf(display);
  if (!kind) throw refusedType(display);
  const segments = await segmentsOf(db, row.id);
  const check = new ContentCheck(kind, display);
  const id = randomUUID();
  const one = segments.length === 1 && Number(segments[0]!.size) === row.size ? segments[0]! : undefined;
  const whole = one?.blob_key;
  let stored: { size: number; sha256: string };
  if (one?.sha256 && !mustStayText(kind)) {
    // Sent in one piece, hashed as it was stored: only the head decides a binary type, so only the head
    // is read again, and the segment becomes the job's blob as it is.
    const head = await blobs.get(one.blob_key, { start: 0, end: Math.min(row.size, SNIFF_BYTES) - 1 });
    await drained(pipelined(head.stream, check));
    stored = { size: row.size, sha256: one.sha256 };
  } else {
    const source = Readable.from(
      (async function* () {
        for (const s of segments) yield* (await blobs.get(s.blob_key)).stream;
      })(),
    );
    const through = pipelined(source, check);
    stored = whole
      ? await checkedInPlace(through)
      : await blobs.put(`shops/${shopId}/jobs/${jobId}/${id}`, through, { maxBytes: UPLOAD_LIMITS.maxFileBytes });
  }
  const blobKey = whole ?? `shops/${shopId}/jobs/${jobId}/${id}`;
  return {
    adopted: Boolean(whole),
    id,
    blobKey,
    originalName: display,
    storedName: storageName(display),
    extension: check.kind,
    contentType: CONTENT_TYPES[check.kind],
    note: check.note,
    size: stored.size,
    sha256: stored.sha256,
  };
}

/** Files copied at once when a job is made: each is mostly waiting on its blob, not on the CPU. */
const COPIES_AT_ONCE = 4;

/**
 * Every upload made a job's file, COPIES_AT_ONCE at a time, in the uploads' order. On the first failure
 * the copies under way finish, everything made is handed to `discard`, and that failure is thrown.
 */
export async function copyUploads(
  rows: ResumableRow[],
  copy: (row: ResumableRow) => Promise<ReceivedFile>,
  discard: (made: ReceivedFile[]) => Promise<void>,
): Promise<ReceivedFile[]> {
  const made: (ReceivedFile | undefined)[] = new Array(rows.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < rows.length && !failure) {
      const i = next++;
      try {
        made[i] = await copy(rows[i]!);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPIES_AT_ONCE, rows.length) }, worker));
  if (failure) {
    await discard(made.filter((f): f is ReceivedFile => f !== undefined));
    throw failure.err;
  }
  return made as ReceivedFile[];
}
