import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import {
  defaultPrintOptions,
  isConvertedKind,
  paperNotOfferedMessage,
  parseUploadOptions,
  printOptionsErrorMessage,
  printOptionsFor,
  rupeesToPaise,
  SIGNED_LINK_TTL_SECONDS,
  shopPapers,
  type TFileConversion,
  type TJob,
  type TJobCreated,
  type TJobFileLinks,
  type TMarkPrintedRequest,
  type TPrintOptions,
  type TPrintOptionsUpdate,
  type TUploadRefusalReason,
} from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import { hashJobToken, newJobToken } from '../../auth/job-token.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { MultipartBody } from '../../http/multipart.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { orderLinesFor, servicesSold } from '../../pricing/job-pricing.js';
import type { JobAnnouncer } from '../../realtime/job-announcer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ShopRow } from '../shops/repo.js';
import { findShopById, rateCardOf } from '../shops/repo.js';
import { findInUsersShop, shopBySlug } from '../shops/scope.js';
import type { PageCounter } from './page-counter.js';
import * as preparation from './preparation-repo.js';
import type { FilePreparer } from './preparer.js';
import { clientKeyOf, type UploadLeases, uploadLost } from './quota.js';
import * as repo from './repo.js';
import { discard, type ReceivedFile, type ReceivedUpload, receiveUpload, refusalReason, serverStorageFull } from './upload.js';

export type { JobAction, JobAnnouncer } from '../../realtime/job-announcer.js';

/** Where refused uploads are counted for the shop's staff (features/upload-refusals, wired in app.ts). */
export interface RefusalRecorder {
  record(shopId: string, reason: TUploadRefusalReason): Promise<void>;
}

export type JobsDeps = {
  db: Db;
  limiter: RateLimiter;
  refusals: RefusalRecorder;
  blobs: BlobStore;
  clock: Clock;
  announcer: JobAnnouncer;
  pageCounter: PageCounter;
  /** Converts documents, makes thumbnails and previews after the upload answers. */
  preparer: FilePreparer;
  /** Whether this server can convert documents; without, they are kept as sent, "preview unavailable". */
  converterAvailable: boolean;
  dataDir: string;
  shopStorageQuota: number;
  /** Share of the quota one address may keep unprinted in a shop, and its unprinted jobs there (docs/decisions/014). */
  addressStorageShare: number;
  addressUnprintedJobs: number;
  /** Keys the uploading address before it is stored. */
  clientKeySecret: string;
  leases: UploadLeases;
  minFreeDisk: number;
  recycleRetentionSeconds: number;
};

/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */
export const SIGNED_URL_TTL_SECONDS = SIGNED_LINK_TTL_SECONDS;

/** An upload as the service needs it: the customer's address, the body's declared length and the multipart body. */
export type UploadInput = { ip: string; bodyBytes: number | undefined; body: MultipartBody };

const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');

export class JobsService {
  constructor(private readonly d: JobsDeps) {}

  /** The shop an upload names; looked up first so that limits key on the shop, never on the slug as typed. */
  shopForUpload(slug: string): Promise<ShopRow> {
    return shopBySlug(this.d.db, slug);
  }

  /** Counts a refused upload for the shop's staff, when it is a refusal they can act on or explain. */
  async recordRefusal(slug: string, err: unknown): Promise<void> {
    const reason = refusalReason(err);
    if (!reason) return;
    const shop = await this.shopForUpload(slug);
    await this.d.refusals.record(shop.id, reason);
  }

  /**
   * Stores the files as they arrive, within the shop's and the address's quotas, then writes the job.
   * The limit is keyed on the shop found, not the slug as typed: an unknown slug creates no key (docs/decisions/014).
   * A counter's customers can share one address (shop Wi-Fi, a carrier's NAT): 60 in an hour must pass,
   * with a retry each, and a rush may spend the hour's allowance at once.
   */
  async createFromUpload(slug: string, upload: UploadInput): Promise<TJobCreated> {
    const shop = await this.shopForUpload(slug);
    await this.d.limiter.hit(...policies.upload(upload.ip, shop.id));
    const { db, blobs } = this.d;
    if (!(await this.diskHasRoom())) throw serverStorageFull();
    const reservation = await this.d.leases.open(
      { shopBytes: this.d.shopStorageQuota, addressShare: this.d.addressStorageShare, addressJobs: this.d.addressUnprintedJobs },
      { jobId: randomUUID(), shopId: shop.id, clientKey: clientKeyOf(this.d.clientKeySecret, upload.ip), bodyBytes: upload.bodyBytes },
    );
    try {
      const received = await receiveUpload(upload.body, blobs, shop.id, reservation);
      try {
        await this.assertStored(received.files);
        const printOptions = optionsOf(received, await this.printChoices(shop));
        const token = newJobToken();
        const conversions = received.files.map((f) => this.conversionOf(f.extension));
        const newJob = { upload: received, clientKey: reservation.clientKey, tokenHash: hashJobToken(token), conversions, printOptions };
        const job = await repo.insertJob(db, shop.id, newJob, this.d.clock.now());
        this.d.announcer.announce(shop.id, job.id, 'created', job);
        this.d.pageCounter.enqueue(
          shop.id,
          received.files.filter((f) => f.contentType === 'application/pdf').map((f) => f.id),
        );
        this.d.preparer.enqueue(
          shop.id,
          received.files.map((f) => f.id),
        );
        const files = received.files.map((f) => ({ id: f.id, name: f.originalName, kind: f.extension, note: f.note }));
        return { jobId: job.id, fileCount: received.files.length, number: job.number, files, token };
      } catch (err) {
        await discard(blobs, received.files);
        throw err;
      }
    } finally {
      await this.d.leases.close(reservation);
    }
  }

  /** The shop's colour detection and paper sizes, as of now. */
  private async printChoices(shop: Pick<ShopRow, 'id' | 'colorDetection'>): Promise<PrintChoices> {
    return { colorDetection: shop.colorDetection, papers: shopPapers(await rateCardOf(this.d.db, shop.id)) };
  }

  private conversionOf(kind: string): TFileConversion {
    if (!isConvertedKind(kind)) return 'none';
    return this.d.converterAvailable ? 'converting' : 'unavailable';
  }

  /** Every file is checked before the 201: a blob gone for whatever reason must not be acknowledged. */
  private async assertStored(files: ReceivedFile[]): Promise<void> {
    const found = await Promise.all(files.map((f) => this.d.blobs.stat(f.blobKey)));
    if (found.some((s) => s === undefined)) throw uploadLost();
  }

  /** Measured where blobs are written: DATA_DIR/blobs may be a volume of its own. */
  private async diskHasRoom(): Promise<boolean> {
    if (this.d.blobs.kind !== 'disk') return true;
    for (const dir of [path.join(this.d.dataDir, 'blobs'), this.d.dataDir]) {
      const s = await statfs(dir).catch(() => undefined);
      if (s) return s.bavail * s.bsize >= this.d.minFreeDisk;
    }
    return true;
  }

  async list(user: AuthUser, shopId: string, q: { limit: number; before?: string; status?: string }): Promise<TJob[]> {
    await requireShopAccess(this.d.db, user, shopId);
    return repo.listJobs(this.d.db, shopId, q);
  }

  /** The job must exist and belong to a shop the user owns; otherwise 403/404 before anything else. */
  private ownedJob(user: AuthUser, jobId: string) {
    return findInUsersShop(this.d.db, user, repo.findJobRow(this.d.db, jobId), (job) => job.shopId, jobNotFound);
  }

  async signedUrls(user: AuthUser, jobId: string): Promise<string[]> {
    await this.ownedJob(user, jobId);
    const files = await repo.liveFilesOf(this.d.db, jobId);
    return Promise.all(files.map((f) => this.d.blobs.signedUrl(f.blobKey, SIGNED_URL_TTL_SECONDS, f.originalName)));
  }

  /** Links to each live file of the job and to what was made from it (converted PDF, preview, thumbnail). */
  async fileLinks(user: AuthUser, jobId: string): Promise<TJobFileLinks[]> {
    await this.ownedJob(user, jobId);
    const files = await repo.liveFilesOf(this.d.db, jobId);
    const derived = await preparation.derivativesOf(
      this.d.db,
      files.map((f) => f.id),
    );
    const sign = (key: string | undefined, name: string, contentType: string) =>
      key ? this.d.blobs.signedUrl(key, SIGNED_URL_TTL_SECONDS, name, { inline: true, contentType }) : null;
    return Promise.all(
      files.map(async (f) => {
        const of = (role: preparation.DerivativeRole) => derived.find((d) => d.fileId === f.id && d.role === role)?.blobKey;
        const stem = f.originalName.replace(/\.[^.]*$/, '');
        return {
          fileId: f.id,
          original: await this.d.blobs.signedUrl(f.blobKey, SIGNED_URL_TTL_SECONDS, downloadName(f.originalName, f.extension)),
          pdf: await sign(of('pdf'), `${stem}.pdf`, 'application/pdf'),
          preview: await sign(of('preview'), `${stem}.jpg`, 'image/jpeg'),
          thumbnail: await sign(of('thumbnail'), `${stem} (thumbnail).jpg`, 'image/jpeg'),
        };
      }),
    );
  }

  /** Thumbnail links of the named jobs' files, for one page of the staff queue. */
  async thumbnails(user: AuthUser, shopId: string, jobIds: string[]): Promise<Record<string, string>> {
    await requireShopAccess(this.d.db, user, shopId);
    const rows = await preparation.thumbnailsOfJobs(this.d.db, shopId, jobIds);
    const links = await Promise.all(
      rows.map(
        async (r) =>
          [
            r.file_id,
            await this.d.blobs.signedUrl(r.blob_key, SIGNED_URL_TTL_SECONDS, 'thumbnail.jpg', { inline: true, contentType: 'image/jpeg' }),
          ] as const,
      ),
    );
    return Object.fromEntries(links);
  }

  async markPrinted(user: AuthUser, jobId: string, input: TMarkPrintedRequest): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'queued') throw conflict(`Job is already ${job.status === 'done' ? 'printed' : 'cancelled'}`, 'JOB_NOT_QUEUED');
    const now = this.d.clock.now();
    const { priced, sheets, rateCard } = await repo.pricedJob(this.d.db, job);
    let order: repo.PrintedOrder | undefined;
    if (input?.amount !== undefined) {
      const amountPaise = rupeesToPaise(input.amount);
      const lines = orderLinesFor(priced.exact, amountPaise);
      const paymentMethod = input.paymentMethod ?? null;
      order = { amountPaise, paymentMethod, serviceId: input.serviceId, lines, servicesSold: servicesSold(lines, rateCard) };
    }
    const outcome = await repo.markPrinted(this.d.db, job, order, sheets, now, this.recycleExpiry(now));
    if (outcome === 'not-queued') throw conflict('Job is already printed', 'JOB_NOT_QUEUED');
    if (outcome === 'no-service') throw notFound('Service not found on this shop\u2019s rate card', 'SERVICE_NOT_FOUND');
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await repo.loadJob(this.d.db, jobId))!;
  }

  /**
   * Staff change files' print options (the customer asked at the counter): all or nothing, the
   * estimate follows, and the change is announced to the shop's other screens.
   */
  async changeOptions(user: AuthUser, jobId: string, input: TPrintOptionsUpdate): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'queued') throw conflict(`Job is already ${job.status === 'done' ? 'printed' : 'cancelled'}`, 'JOB_NOT_QUEUED');
    const files = await repo.liveFilesOf(this.d.db, jobId);
    const shop = await findShopById(this.d.db, job.shopId);
    const choices = await this.printChoices(shop!);
    const changes = input.files.map(({ fileId, options }) => {
      const file = files.find((f) => f.id === fileId);
      if (!file) throw notFound('That file is not in this job', 'FILE_NOT_FOUND');
      return { fileId, options: optionsForFile(options, file.originalName, choices) };
    });
    if (!(await repo.setPrintOptions(this.d.db, jobId, changes))) throw conflict('Job is already printed', 'JOB_NOT_QUEUED');
    // A file switched to `auto` needs its colour pages; detection runs in the background.
    this.d.preparer.enqueueColor(
      job.shopId,
      changes.filter((c) => c.options.color === 'auto').map((c) => c.fileId),
    );
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await repo.loadJob(this.d.db, jobId))!;
  }

  async cancel(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status === 'cancelled') throw conflict('Job is already cancelled', 'JOB_NOT_QUEUED');
    const now = this.d.clock.now();
    await repo.cancelJob(this.d.db, jobId, now, this.recycleExpiry(now));
    this.d.announcer.announce(job.shopId, jobId, 'deleted');
    return (await repo.loadJob(this.d.db, jobId))!;
  }

  /** When a file sent to the recycle bin now is deleted for good. */
  private recycleExpiry(now: Date): Date {
    return new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
  }

  /** A signed link stops working the moment its file is purged or its banner removed. */
  isFileLive(blobKey: string): Promise<boolean> {
    return repo.blobIsLive(this.d.db, blobKey);
  }

  /** One more download of an original, for the job's deletion receipt. */
  countDownload(blobKey: string): Promise<void> {
    return repo.countDownload(this.d.db, blobKey);
  }
}

/** What a shop lets its customers ask for: `auto` colour when it detects colour, and its paper sizes. */
export type PrintChoices = { colorDetection: boolean; papers: string[] };

const invalidOptions = (message: string) => badRequest(message, 'INVALID_PRINT_OPTIONS');

/** The shop's spelling of a paper it offers, or undefined when it offers no such paper. */
const offeredPaper = (choices: PrintChoices, paper: string) => choices.papers.find((p) => p.toLowerCase() === paper.toLowerCase());

/** Options already read by the contract's schema, checked against the shop's papers; the message names the file. */
function withShopPaper(options: TPrintOptions, fileName: string, choices: PrintChoices): TPrintOptions {
  const paper = offeredPaper(choices, options.paper);
  if (!paper) throw invalidOptions(`${fileName}: ${paperNotOfferedMessage(choices.papers)}`);
  return { ...options, paper };
}

/**
 * Each file's print options from the upload's `options` field (issue 19): one object per file, in
 * order, defaults filled in; none given, every file takes the defaults. Any error is a 400 naming the
 * file and the field, and the caller discards what was stored.
 */
function optionsOf(upload: ReceivedUpload, choices: PrintChoices): TPrintOptions[] {
  const parsed = parseUploadOptions(upload.optionsText, choices);
  if (!parsed.ok) {
    const [first] = parsed.errors;
    const name = first!.fileIndex === null ? undefined : upload.files[first!.fileIndex]?.originalName;
    throw invalidOptions(printOptionsErrorMessage(name, first!));
  }
  if (parsed.options.length === 0) return upload.files.map(() => defaultPrintOptions(choices));
  if (parsed.options.length !== upload.files.length) {
    throw invalidOptions(`options must have one entry per file: ${upload.files.length} files, ${parsed.options.length} entries`);
  }
  return parsed.options.map((o, i) => withShopPaper(o, upload.files[i]!.originalName, choices));
}

/** One file's whole options as staff send them (PUT …/options), read as at upload. */
function optionsForFile(input: unknown, fileName: string, choices: PrintChoices): TPrintOptions {
  const parsed = printOptionsFor(choices).safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidOptions(
      printOptionsErrorMessage(fileName, { fileIndex: null, field: String(issue.path[0] ?? 'options'), message: issue.message }),
    );
  }
  return withShopPaper(parsed.data, fileName, choices);
}

const SAME_KIND: Record<string, string> = { jpeg: 'jpg', tif: 'tiff', heif: 'heic' };
/** The original under its own name, unless that name says another type than its content: then the content's. */
function downloadName(name: string, kind: string): string {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if ((SAME_KIND[ext] ?? ext) === (SAME_KIND[kind] ?? kind)) return name;
  return `${name.replace(/\.[^.]*$/, '')}.${kind}`;
}
