import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { type BlobStore, BlobTooLargeError, StorageUnavailableError } from '../../storage/blob-store.js';
import { readAll } from '../../storage/stream-util.js';
import { ContentCheck, extensionOf, SNIFF_BYTES, type UploadKind } from './content-check.js';
import { holdRest, openUpload, type ResumableLimits, releaseRest } from './resumable-quota.js';
import * as repo from './resumable-repo.js';

/** Segments read back at most to judge a file's first bytes across cuts: a phone's cuts are a few. */
const MAX_HEAD_SEGMENTS = 4;

/** An upload nobody finished is deleted, with its bytes, this long after it began. */
export const RESUMABLE_EXPIRY_MS = 60 * 60 * 1000;

/** A body longer than the rest of the file its upload declared (tus: Upload-Length). */
export const pastLength = () =>
  new HttpError(
    413,
    'UPLOAD_PAST_LENGTH',
    'This request carries more bytes than the file has left to send. Ask where it stands and send only the rest.',
  );

/** The first bytes judged as a form's file is judged (the same sniff): throws the refusal if they are not what the name says. */
async function judgeHead(kind: UploadKind, filename: string, head: Buffer): Promise<void> {
  await pipeline(Readable.from([head]), new ContentCheck(kind, filename), new Writable({ write: (_c, _e, done) => done() }));
}

/**
 * Passes a file's bytes on untouched, copying its first `want` aside; once it has them they are judged
 * (`judge`), and a refusal ends the stream with it, so a file that is not what it claims is refused
 * while the phone is still sending the rest. A stream that ends short of `want` is not judged here:
 * a cut head is not a whole file, and the job call checks every file again.
 */
class HeadCheck extends Transform {
  private readonly head: Buffer[] = [];
  private got = 0;
  private settle!: (head: Buffer | undefined) => void;
  /** Settles once judged (rejected with the refusal), or once the stream ended before the head was whole. */
  readonly verdict: Promise<void>;

  constructor(
    private readonly want: number,
    judge: (head: Buffer) => Promise<void>,
  ) {
    super();
    this.verdict = new Promise<Buffer | undefined>((resolve) => (this.settle = resolve)).then((head) => head && judge(head));
    this.verdict.catch((err: Error) => this.destroy(err));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.got < this.want) {
      const piece = Buffer.from(chunk.subarray(0, this.want - this.got));
      this.head.push(piece);
      this.got += piece.length;
      if (this.got === this.want) this.settle(Buffer.concat(this.head));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.settle(undefined);
    done();
  }

  // Ended by anything else (too large, a full disk, a cut): a head already whole is still judged (it was
  // settled first), so the answer says what is wrong with the file; one not whole never will be.
  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    this.settle(undefined);
    done(err);
  }
}

/** The tus extensions this server speaks. */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;

/** Who sends a file, told by the creation request before the store writes the row (see resumable.ts). */
export type Sender = { shopId: string; clientKey: string; filename: string };

/**
 * tus's store for Counterprint (docs/decisions/041-resumable-uploads.md): each PATCH's bytes are one blob
 * of the encrypted blob store, so nothing of a partial upload is ever on disk or in S3 in plaintext, and
 * the row in PostgreSQL says how far the file has got. A segment is recorded only if it starts where
 * the file stands (an update on the row), so two instances writing the same upload cannot both win.
 */
export class ResumableStore extends DataStore {
  /** Filled by the creation request's naming step, emptied by `create`. */
  private readonly senders = new Map<string, Sender>();

  constructor(private readonly d: { db: Db; blobs: BlobStore; clock: Clock; limits: ResumableLimits }) {
    super();
    this.extensions = [...TUS_EXTENSIONS];
  }

  /** Remembers who sends the upload `id`, for `create` to write with its row. */
  expect(id: string, sender: Sender): void {
    this.senders.set(id, sender);
    setTimeout(() => this.senders.delete(id), 60_000).unref();
  }

  override async create(upload: Upload): Promise<Upload> {
    const sender = this.senders.get(upload.id);
    this.senders.delete(upload.id);
    if (!sender || upload.size === undefined) throw ERRORS.UNKNOWN_ERROR;
    // No upload is begun that could not keep a byte (a read-only or full disk): the creation answers
    // 503 (http/errors.ts) and leaves no row, instead of a 201 whose every PATCH would fail.
    if (!(await this.d.blobs.healthy())) throw new StorageUnavailableError('a probe write failed before a resumable upload');
    const now = this.d.clock.now();
    await openUpload(this.d.db, this.d.limits, {
      id: upload.id,
      shop_id: sender.shopId,
      size: upload.size,
      filename: sender.filename,
      client_key: sender.clientKey,
      created_at: now,
      expires_at: new Date(now.getTime() + RESUMABLE_EXPIRY_MS),
    });
    upload.creation_date = now.toISOString();
    return upload;
  }

  /** tus's write (creation-with-upload reaches it); PATCH comes to `append` straight (resumable-patch.ts). */
  override async write(body: Readable, id: string, offset: number): Promise<number> {
    return this.append(await this.live(id), body, offset);
  }

  /** Stores `body` as the segment at `offset` of the upload `row`; answers where the file stands now. */
  async append(row: repo.ResumableRow, body: Readable, offset: number, released?: AbortSignal): Promise<number> {
    if (row.received !== offset) throw ERRORS.INVALID_OFFSET;
    await holdRest(this.d.db, this.d.limits, row, this.d.clock.now());
    try {
      return await this.appendHeld(row, body, offset, released);
    } finally {
      // A failed release keeps the whole rest held only until the upload stalls.
      await releaseRest(this.d.db, this.d.limits, row.id, this.d.clock.now()).catch(() => {});
    }
  }

  private async appendHeld(row: repo.ResumableRow, body: Readable, offset: number, released?: AbortSignal): Promise<number> {
    const id = row.id;
    // A connection that drops keeps what arrived: the client resumes from there, not from the PATCH's start.
    // Room for what the socket already holds: a destroyed request drops what it had not handed on.
    const kept = new PassThrough({ highWaterMark: 256 * 1024 });
    const keep = () => {
      body.unpipe(kept);
      if (!kept.writableEnded) kept.end();
    };
    body.on('error', keep);
    // A raw request whose client went away may only say so by closing before it was complete.
    if ('complete' in body) body.on('close', () => (body as IncomingMessage).complete || keep());
    // Released for a newer request: what arrived so far is kept as this segment.
    released?.addEventListener('abort', keep);
    body.pipe(kept);
    // Asked to let go, or left by its client, before this began: nothing more will come, and no event says so again.
    if (released?.aborted || body.destroyed || body.readableAborted) keep();
    const key = `resumable/${row.shop_id}/${id}/${offset}-${randomUUID()}`;
    // The first bytes are checked as a form's file is, as they arrive: a file that is not what it claims
    // is refused at once, with the upload and its bytes deleted, not after it was all sent. A PATCH that
    // continues inside them (the first was cut short) is judged with the bytes already kept before it.
    const sniff = Math.min(row.size, SNIFF_BYTES);
    const earlier = offset > 0 && offset < sniff ? await this.keptBytes(id) : Buffer.alloc(0);
    const kind = earlier?.length === offset && offset < sniff ? extensionOf(row.filename) : undefined;
    const head =
      kind && earlier && new HeadCheck(sniff - offset, (bytes) => judgeHead(kind, row.filename, Buffer.concat([earlier, bytes])));
    let stored: { size: number; sha256: string };
    try {
      stored = await this.d.blobs.put(key, head ? kept.pipe(head) : kept, { maxBytes: row.size - offset });
      await head?.verdict;
    } catch (err) {
      // Whatever else ended the write, a head that was judged wrong is the answer, and ends the upload.
      const refusal = await head?.verdict.then(
        () => undefined,
        (refused: unknown) => refused,
      );
      if (!refusal) throw err instanceof BlobTooLargeError ? pastLength() : err;
      await this.d.blobs.delete(key).catch(() => {});
      await this.deleteWithBytes(row.id);
      throw refusal;
    }
    if (stored.size === 0) {
      await this.d.blobs.delete(key).catch(() => {});
      return offset;
    }
    if (!(await repo.addSegment(this.d.db, id, offset, { size: stored.size, sha256: stored.sha256, blobKey: key }))) {
      await this.d.blobs.delete(key).catch(() => {});
      throw ERRORS.INVALID_OFFSET;
    }
    return offset + stored.size;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.live(id);
    return new Upload({
      id,
      size: row.size,
      offset: row.received,
      metadata: { filename: row.filename },
      creation_date: row.created_at.toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    await this.live(id);
    await this.deleteWithBytes(id);
  }

  override getExpiration(): number {
    return RESUMABLE_EXPIRY_MS;
  }

  /** Deletes expired uploads and what used ones left behind, with their bytes; answers how many went. */
  override async deleteExpired(): Promise<number> {
    const gone = [
      ...(await repo.expiredUploads(this.d.db, this.d.clock.now(), 500)),
      ...(await repo.usedUploads(this.d.db, this.d.clock.now(), 500)),
    ];
    for (const { id } of gone) await this.deleteWithBytes(id);
    return gone.length;
  }

  /**
   * An upload still open for bytes: unknown or taken ones are gone for tus (404), expired ones too (410);
   * with `shopSlug`, one begun at another shop is unknown as well.
   */
  async live(id: string, shopSlug?: string): Promise<repo.ResumableRow> {
    const row = shopSlug === undefined ? await repo.findUpload(this.d.db, id) : await repo.findUploadAtShop(this.d.db, id, shopSlug);
    if (!row || row.used_at) throw ERRORS.FILE_NOT_FOUND;
    const now = this.d.clock.now().getTime();
    const stalled = row.received < row.size && row.stalls_at.getTime() <= now;
    if (row.expires_at.getTime() <= now || stalled) throw ERRORS.FILE_NO_LONGER_EXISTS;
    return row;
  }

  /**
   * The bytes an upload holds so far, for a head check that continues them: only ever under 64 KiB. None
   * when they cannot be read, or lie in more than a few segments (a client sending a byte a PATCH would
   * otherwise have every PATCH read all the ones before it); the job call checks the whole file again.
   */
  private async keptBytes(id: string): Promise<Buffer | undefined> {
    try {
      const segments = await repo.firstSegments(this.d.db, id, MAX_HEAD_SEGMENTS + 1);
      if (segments.length > MAX_HEAD_SEGMENTS) return undefined;
      const parts: Buffer[] = [];
      for (const segment of segments) parts.push(await readAll((await this.d.blobs.get(segment.blob_key)).stream));
      return Buffer.concat(parts);
    } catch {
      return undefined;
    }
  }

  /** A shop's uploads in progress, for its staff. */
  inProgress(shopId: string): Promise<repo.ResumableRow[]> {
    return repo.liveUploadsOf(this.d.db, shopId, this.d.clock.now(), 200);
  }

  /** Ends an upload of `shopId` that no job took, with its bytes; false when there is none. */
  async clear(shopId: string, id: string): Promise<boolean> {
    const row = await repo.findUpload(this.d.db, id);
    if (!row || row.shop_id !== shopId || row.used_at) return false;
    await this.deleteWithBytes(id);
    return true;
  }

  private async deleteWithBytes(id: string): Promise<void> {
    const keys = await repo.deleteUpload(this.d.db, id);
    await Promise.all(keys.map((k) => this.d.blobs.delete(k).catch(() => {})));
  }
}
