import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ConversionFailure, isConvertedKind, UPLOAD_LIMITS, type UploadKind } from '@counterprint/contract';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.js';
import type { DocumentConverter } from '../../conversion/converter.js';
import { ConversionQueue, ConversionQueueFull, ConversionQueueStopped, type Turn } from '../../conversion/queue.js';
import type { Db } from '../../db/index.js';
import type { ColorPagesResult } from '../../pricing/color-pages.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { WorkFolder } from '../../storage/work-folder.js';
import * as repo from './repo.js';

/** Thumbnails and previews, made by a renderer bounded in time and memory (src/previews). */
export interface FilePreviews {
  thumbnailOfPdf(path: string): Promise<Buffer | undefined>;
  ofImage(path: string, kind: UploadKind): Promise<{ thumbnail?: Buffer; preview?: Buffer }>;
}

/** Colour pages of `auto` files (src/pricing/color-pages.ts), bounded in time and memory. */
export interface ColorPages {
  colorPages(path: string, pageCount: number): Promise<ColorPagesResult>;
  /** Whether a small JPEG we made (a photo's thumbnail) is colour. */
  isColorJpeg(jpeg: Buffer): Promise<boolean>;
}

export type PreparerDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  converter: DocumentConverter;
  previews: FilePreviews;
  colors: ColorPages;
  /** Called when a file's conversion, pages or thumbnail changed, so staff see it live. */
  onPrepared: (jobId: string, shopId: string) => void;
  /** Files prepared at once (a conversion holds one of the converter's own slots besides). */
  concurrency: number;
  /** Where working copies go, named after their file (default: a folder in the system's temporary one). */
  work?: Pick<WorkFolder, 'forFile'>;
};

/** A file the process died on this many times is given up: a document is then "too complex". */
export const MAX_PREPARATION_ATTEMPTS = 2;
/** Files waiting in memory; more wait in the database until the next resume. */
const MAX_WAITING = 2000;
/**
 * Files of one address waiting in memory, over all shops: two full uploads (each file's colour pages
 * wait in the same line); more wait in the database, taken up by the next resume after every other
 * address's (docs/decisions/056-conversion-turns-per-address.md).
 */
const MAX_WAITING_PER_ADDRESS = 2 * UPLOAD_LIMITS.maxFiles;
/**
 * The time limit of a document whose first conversion was cut short (the process died or stopped
 * while it ran): an ordinary document converts in a few seconds, and a hostile one that held a slot
 * for the full limit once does not get it twice (docs/decisions/056-conversion-turns-per-address.md).
 */
export const RETRY_BUDGET_MS = 10_000;

/**
 * `shops/{shop}/derived/{job}/{file}.{role}`: beside the originals, not under their keys, so listing a
 * job's originals lists no derived blob, and the reaper still finds the job id in the fourth segment.
 */
const derivedKey = (file: { shopId: string; jobId: string; id: string }, role: repo.DerivativeRole) =>
  `shops/${file.shopId}/derived/${file.jobId}/${file.id}.${role}`;
const JPEG = 'image/jpeg';

/**
 * Prepares every uploaded file after the upload has answered (issue 18): a document is converted to a
 * PDF whose pages are the file's pages; every file gets a first-page thumbnail; a photo browsers cannot
 * show gets a JPEG preview. Each result is a blob of the file's own (file_derivatives), stored like the
 * original. Shops take turns, as conversions and page counts do.
 */
export class FilePreparer {
  private readonly queue: ConversionQueue;
  /** Files queued or being prepared by this process, so a resume does not queue them twice. */
  private readonly pending = new Set<string>();
  /** Preparations started and not yet settled, so that stopping can wait for them. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly d: PreparerDeps) {
    this.queue = new ConversionQueue({ concurrency: d.concurrency, maxQueued: MAX_WAITING, maxQueuedPerAddress: MAX_WAITING_PER_ADDRESS });
  }

  /** Queues files sent to `turn.shopId` from `turn.address`: shops and addresses take turns (conversion/queue.ts). */
  enqueue(turn: Turn, fileIds: string[]): void {
    for (const fileId of fileIds) this.schedule(turn, fileId, fileId, () => this.prepare(fileId));
  }

  /** Queues colour detection of `auto` files (issue 19); a file not ready for it yet is skipped and taken up when it is. */
  enqueueColor(turn: Turn, fileIds: string[]): void {
    for (const fileId of fileIds) this.schedule(turn, `colour:${fileId}`, fileId, () => this.detectColor(fileId));
  }

  /** A job's files whose pages just became known may now have their colour detected. */
  async colorsOfJob(jobId: string): Promise<void> {
    for (const row of await repo.filesAwaitingColor(this.d.db, { jobId, limit: MAX_WAITING })) this.enqueueColor(row, [row.id]);
  }

  private schedule(turn: Turn, key: string, fileId: string, work: () => Promise<void>): void {
    if (this.stopped || this.pending.has(key)) return;
    this.pending.add(key);
    const task = this.queue
      .run(turn, work)
      .catch((err: unknown) => {
        if (!(err instanceof ConversionQueueFull || err instanceof ConversionQueueStopped)) {
          this.d.logger.warn({ err: String(err), fileId }, 'file preparation failed');
        }
      })
      .finally(() => {
        this.pending.delete(key);
        this.inFlight.delete(task);
      });
    this.inFlight.add(task);
  }

  /** Picks up files left unprepared, or without their colour pages, by a crash, a restart or a full queue. */
  async resume(): Promise<void> {
    for (const row of await repo.filesAwaitingPreparation(this.d.db, MAX_WAITING)) this.enqueue(row, [row.id]);
    for (const row of await repo.filesAwaitingColor(this.d.db, { limit: MAX_WAITING })) this.enqueueColor(row, [row.id]);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await new Promise((r) => setTimeout(r, 20));
  }

  /** Refuses what waits; what runs is bounded by its own limits (stop the converter first to cut a conversion short). */
  stop(): void {
    this.stopped = true;
    this.queue.stop();
  }

  /** Resolves once no preparation is running: no blob is open and no child is drawing when the server closes. */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async prepare(fileId: string): Promise<void> {
    const { db } = this.d;
    const file = await repo.startPreparation(db, fileId);
    if (!file) return;
    let outcome: repo.PreparationOutcome;
    if (file.attempts > MAX_PREPARATION_ATTEMPTS) {
      outcome = file.conversion === 'converting' ? failed('too-complex') : {};
    } else {
      const dir = await this.workingFolder(fileId, 'prepare');
      try {
        const original = join(dir, 'original');
        const { stream } = await this.d.blobs.get(file.blobKey);
        await pipeline(stream as Readable, createWriteStream(original));
        outcome = await this.derive(file, original, dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      // Stopping refuses conversions still waiting: the file is prepared on the next start.
      if (this.stopped) return;
    }
    const changed = await repo.finishPreparation(db, fileId, outcome, this.d.clock.now());
    if (changed) this.d.onPrepared(changed.jobId, changed.shopId);
    if (changed) this.enqueueColor({ shopId: changed.shopId, address: file.address }, [fileId]);
  }

  /**
   * The colour pages of an `auto` file, from its PDF (the original or the converted one) or, for a
   * photo, its thumbnail. A file the process died on twice, or that cannot be drawn, is given up:
   * its estimate then says colour is priced at the counter.
   */
  private async detectColor(fileId: string): Promise<void> {
    const { db } = this.d;
    const file = await repo.startColorDetection(db, fileId);
    if (!file) return;
    let outcome: repo.ColorOutcome;
    if (file.attempts > MAX_PREPARATION_ATTEMPTS) outcome = { error: 'gave-up' };
    else {
      outcome = await this.colorOutcome(file);
      if (this.stopped) return;
    }
    const changed = await repo.finishColorDetection(db, fileId, outcome, this.d.clock.now());
    if (changed) this.d.onPrepared(changed.jobId, changed.shopId);
  }

  private async colorOutcome(file: ColorFile): Promise<repo.ColorOutcome> {
    const source = file.kind === 'pdf' ? file.blobKey : file.conversion === 'converted' ? file.pdfKey : null;
    if (!source) {
      if (!file.thumbnailKey) return { error: 'no-thumbnail' };
      const jpeg = await this.read(file.thumbnailKey);
      return (await this.d.colors.isColorJpeg(jpeg)) ? { colorPages: [1], pagesChecked: 1 } : { colorPages: [], pagesChecked: 1 };
    }
    const dir = await this.workingFolder(file.id, 'colour');
    try {
      const pdf = join(dir, 'file.pdf');
      const { stream } = await this.d.blobs.get(source);
      await pipeline(stream as Readable, createWriteStream(pdf));
      const result = await this.d.colors.colorPages(pdf, file.pages);
      return 'failed' in result ? { error: result.failed } : result;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private workingFolder(fileId: string, purpose: string): Promise<string> {
    return this.d.work ? this.d.work.forFile(fileId, purpose) : mkdtemp(join(tmpdir(), `counterprint-${purpose}-`));
  }

  /** A small blob we made ourselves (a thumbnail), read whole. */
  private async read(key: string): Promise<Buffer> {
    const { stream } = await this.d.blobs.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private async derive(file: PreparingFile, original: string, dir: string): Promise<repo.PreparationOutcome> {
    const kind = file.kind as UploadKind;
    if (isConvertedKind(kind)) {
      if (file.conversion !== 'converting') return {};
      return this.convert(file, original, dir);
    }
    if (kind === 'pdf') {
      await this.store(file, 'thumbnail', await this.d.previews.thumbnailOfPdf(original), JPEG);
      return {};
    }
    const made = await this.d.previews.ofImage(original, kind);
    await this.store(file, 'thumbnail', made.thumbnail, JPEG);
    await this.store(file, 'preview', made.preview, JPEG);
    return {};
  }

  /** The document's PDF, its pages counted in that PDF, and a thumbnail of its first page. */
  private async convert(file: PreparingFile, original: string, dir: string): Promise<repo.PreparationOutcome> {
    const { converter } = this.d;
    const detected = await converter.detect(original);
    if (!detected.ok) return failed(detected.reason);
    // ContentCheck already took a PDF as a PDF; a document that proves to be one anyway is not ours to convert.
    if (detected.kind === 'pdf') return failed('unsupported');
    await converter.whenRoom();
    const timeoutMs = file.attempts > 1 ? RETRY_BUDGET_MS : undefined;
    const result = await converter
      .convert({ shopId: file.shopId, address: file.address, input: { path: original }, detected, timeoutMs })
      .catch(async (err: unknown) => {
        if (err instanceof ConversionQueueFull || err instanceof ConversionQueueStopped) await repo.giveBackAttempt(this.d.db, file.id);
        throw err;
      });
    if (!result.ok) {
      this.d.logger.info({ fileId: file.id, reason: result.reason, detail: result.detail }, 'document not converted');
      return failed(result.reason);
    }
    await this.store(file, 'pdf', result.pdf, 'application/pdf');
    const pdfPath = join(dir, 'converted.pdf');
    await writeFile(pdfPath, result.pdf);
    await this.store(file, 'thumbnail', await this.d.previews.thumbnailOfPdf(pdfPath), JPEG);
    return { conversion: 'converted', conversionError: null, pages: result.pages, pageCountError: null };
  }

  /** Stores a derived blob under the file's own key; deletes it again when the file was purged meanwhile. */
  private async store(file: PreparingFile, role: repo.DerivativeRole, bytes: Buffer | undefined, contentType: string): Promise<void> {
    if (!bytes || bytes.length === 0) return;
    const blobKey = derivedKey(file, role);
    const stored = await this.d.blobs.put(blobKey, Readable.from([bytes]), { maxBytes: bytes.length });
    const kept = await repo.addDerivative(this.d.db, file.id, { role, blobKey, contentType, size: stored.size }, this.d.clock.now());
    if (!kept) await this.d.blobs.delete(blobKey).catch(() => {});
  }
}

type PreparingFile = NonNullable<Awaited<ReturnType<typeof repo.startPreparation>>>;
type ColorFile = NonNullable<Awaited<ReturnType<typeof repo.startColorDetection>>>;

const failed = (reason: ConversionFailure): repo.PreparationOutcome => ({
  conversion: 'failed',
  conversionError: reason,
  pages: null,
  pageCountError: 'not-converted',
});
