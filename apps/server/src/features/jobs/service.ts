import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  BACK_TO_QUEUE_CODES,
  BACK_TO_QUEUE_REFUSED,
  CUSTOMER_CHANGE_MESSAGES,
  defaultPrintOptions,
  isConvertedKind,
  jobStatusPath,
  paperNotOfferedMessage,
  parseUploadOptions,
  printOptionsErrorMessage,
  printOptionsFor,
  rupeesToPaise,
  SIGNED_LINK_TTL_SECONDS,
  shopPapers,
  type TCustomerChangeRefusal,
  type TFileConversion,
  type TJob,
  type TJobCreated,
  type TJobFile,
  type TJobFileLinks,
  type TJobFromUploads,
  type TMarkPrintedRequest,
  type TPrintOptions,
  type TPrintOptionsUpdate,
  type TUploadRefusalReason,
  type TUploadsInProgress,
  VIEWED_AS_IS,
} from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import { hashJobToken, type JobTokens } from '../../auth/job-token.js';
import type { Clock } from '../../clock.js';
import type { Turn } from '../../conversion/queue.js';
import type { Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { MultipartBody } from '../../http/multipart.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import { orderLinesFor, servicesSold } from '../../pricing/job-pricing.js';
import type { PrintReadyMaker } from '../../printing/print-ready.js';
import type { JobAnnouncer } from '../../realtime/job-announcer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ShopRow } from '../shops/repo.js';
import { findShopById, rateCardOf } from '../shops/repo.js';
import { findInUsersShop, shopBySlug } from '../shops/scope.js';
import * as backToQueue from './back-to-queue-repo.js';
import * as customerRepo from './customer-repo.js';
import type { PageCounter } from '../preparation/page-counter.js';
import * as preparation from '../preparation/repo.js';
import { type FilePreparer, shopsTurn } from '../preparation/preparer.js';
import { makePrintReady, type PagePick, printReadyFile } from '../preparation/print-ready.js';
import { clientKeyOf, type UploadLeases, type UploadReservation, uploadLost } from '../intake/quota.js';
import * as repo from './repo.js';
import { claimFinishedUploads, copyUpload, copyUploads, finishedUploads } from '../intake/resumable-files.js';
import type { Continued, ContinueRequest } from '../intake/resumable-patch.js';
import { discard, type ReceivedFile, type ReceivedUpload, receiveUpload, refusalReason, serverStorageFull } from '../intake/upload.js';

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
  /** Derives each job's token, and so the customer's status link staff see. */
  tokens: JobTokens;
  /** Makes the PDF staff print, in a confined child process (src/printing). */
  printReady: PrintReadyMaker;
  /** The tus endpoint (resumable.ts): @tus/server answers POST, HEAD and DELETE itself; PATCH is ours. */
  resumable: {
    handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
    continueUpload(r: ContinueRequest): Promise<Continued>;
    inProgress(shopId: string): Promise<TUploadsInProgress>;
    clear(shopId: string, id: string): Promise<boolean>;
  };
  /** After every copy of a job's files is gone: its deletion receipt (features/job-status, wired in app.ts). */
  onPurged?: (jobId: string) => Promise<void>;
};

/** A job its customer's token named (features/job-status looks it up). */
export type CustomersJob = { id: string; shopId: string; number: number };

/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */
export const SIGNED_URL_TTL_SECONDS = SIGNED_LINK_TTL_SECONDS;

/** An upload as the service needs it: the customer's address, the body's declared length and the multipart body. */
export type UploadInput = { ip: string; bodyBytes: number | undefined; body: MultipartBody };

const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');

export class JobsService {
  constructor(private readonly d: JobsDeps) {}

  get resumable(): JobsDeps['resumable'] {
    return this.d.resumable;
  }

  /** A tus PATCH: the next bytes of a file being sent (resumable-patch.ts). */
  continueUpload(r: ContinueRequest): Promise<Continued> {
    return this.d.resumable.continueUpload(r);
  }

  /** The shop's tus uploads not yet made a job, for its staff to see what holds its storage. */
  async uploadsInProgress(user: AuthUser, shopId: string): Promise<TUploadsInProgress> {
    await requireShopAccess(this.d.db, user, shopId);
    return this.d.resumable.inProgress(shopId);
  }

  /** Staff end an upload of their shop that no job took, with its bytes (docs/product/rules.md#resumable-uploads). */
  async clearUpload(user: AuthUser, shopId: string, id: string): Promise<void> {
    await requireShopAccess(this.d.db, user, shopId);
    if (!(await this.d.resumable.clear(shopId, id))) throw notFound('Upload not found', 'UPLOAD_NOT_FOUND');
  }

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
    return this.intake(
      shop,
      upload.ip,
      upload.bodyBytes,
      (reservation) => receiveUpload(upload.body, this.d.blobs, shop.id, reservation),
      (received, clientKey) => this.insertJob(shop, received, clientKey),
    );
  }

  /**
   * Files a customer adds to their job before staff start printing (issue 20): the same limits, checks
   * and options as an upload, written after the job's last file; refused with nothing kept otherwise.
   */
  async addFilesForCustomer(job: CustomersJob, upload: UploadInput): Promise<TJobCreated> {
    const shop = (await findShopById(this.d.db, job.shopId))!;
    return this.intake(
      shop,
      upload.ip,
      upload.bodyBytes,
      (reservation) => receiveUpload(upload.body, this.d.blobs, shop.id, reservation),
      async (received, clientKey) => {
        const { printOptions, conversions } = await this.printing(shop, received);
        const standing = await customerRepo.addFiles(this.d.db, job, { upload: received, conversions, printOptions }, this.d.clock.now());
        if (standing !== 'open') throw refusedChange(standing);
        this.d.announcer.announce(shop.id, job.id, 'updated');
        this.prepare({ shopId: shop.id, address: clientKey }, received.files);
        return createdAnswer(job, received.files, this.d.tokens.tokenFor(job.id));
      },
    );
  }

  /**
   * The job made from files already sent with tus (issue 21), at once: each finished upload is checked
   * and stored as the job's file, then the uploads are claimed and the job written in one transaction.
   */
  async createFromUploads(slug: string, ip: string, input: TJobFromUploads): Promise<TJobCreated> {
    const shop = await this.shopForUpload(slug);
    const fields = {
      name: input.name || null,
      phone: input.phone || null,
      optionsText: input.options ? JSON.stringify(input.options) : undefined,
    };
    return this.intake(
      shop,
      ip,
      // No bytes to hold: the uploads' own bytes are counted until the job's transaction claims them.
      0,
      async (reservation) => {
        const rows = await finishedUploads(this.d.db, shop.id, input.uploads);
        const files = await copyUploads(
          rows,
          (row) => copyUpload(this.d.db, this.d.blobs, row, shop.id, reservation.jobId),
          (made) => discard(this.d.blobs, made),
        );
        return { jobId: reservation.jobId, files, ...fields };
      },
      (received, clientKey) => {
        const adopted = received.files.filter((f) => f.adopted).map((f) => f.blobKey);
        return this.insertJob(shop, received, clientKey, (tx, now) => claimFinishedUploads(tx, shop.id, input.uploads, now, adopted));
      },
    );
  }

  /**
   * Every way files come in: the address's limit, room on the disk, a lease on the shop's quota while they
   * are received, and nothing of them kept if what is made of them fails.
   */
  private async intake<T>(
    shop: ShopRow,
    ip: string,
    bodyBytes: number | undefined,
    receive: (reservation: UploadReservation) => Promise<ReceivedUpload>,
    use: (received: ReceivedUpload, clientKey: string) => Promise<T>,
  ): Promise<T> {
    await this.d.limiter.hit(...policies.upload(ip, shop.id));
    if (!(await this.diskHasRoom())) throw serverStorageFull();
    const reservation = await this.d.leases.open(
      { shopBytes: this.d.shopStorageQuota, addressShare: this.d.addressStorageShare, addressJobs: this.d.addressUnprintedJobs },
      { jobId: randomUUID(), shopId: shop.id, clientKey: clientKeyOf(this.d.clientKeySecret, ip), bodyBytes },
    );
    try {
      const received = await receive(reservation);
      try {
        await this.assertStored(received.files);
        return await use(received, reservation.clientKey);
      } catch (err) {
        await discard(this.d.blobs, received.files);
        throw err;
      }
    } finally {
      await this.d.leases.close(reservation);
    }
  }

  /** How each received file is to be printed and whether it is converted, as the shop offers it now. */
  private async printing(shop: ShopRow, received: ReceivedUpload) {
    return {
      printOptions: optionsOf(received, await this.printChoices(shop)),
      conversions: received.files.map((f) => this.conversionOf(f.extension)),
    };
  }

  /** A new job of the received files, announced and prepared; `claim` runs first in its transaction. */
  private async insertJob(
    shop: ShopRow,
    received: ReceivedUpload,
    clientKey: string,
    claim?: (tx: Db, now: Date) => Promise<void>,
  ): Promise<TJobCreated> {
    const { printOptions, conversions } = await this.printing(shop, received);
    const token = this.d.tokens.tokenFor(received.jobId);
    const now = this.d.clock.now();
    const newJob = {
      upload: received,
      clientKey,
      tokenHash: hashJobToken(token),
      conversions,
      printOptions,
      claim: claim && ((tx: Db) => claim(tx, now)),
    };
    const job = await repo.insertJob(this.d.db, shop.id, newJob, now, this.statusPathOf);
    this.d.announcer.announce(shop.id, job.id, 'created', job);
    this.prepare({ shopId: shop.id, address: clientKey }, received.files);
    return createdAnswer(job, received.files, token);
  }

  /** Pages are counted and documents converted after the upload answers, in the sending address's turn. */
  private prepare(turn: Turn, files: ReceivedFile[]): void {
    this.d.pageCounter.enqueue(
      turn.shopId,
      files.filter((f) => f.contentType === 'application/pdf').map((f) => f.id),
    );
    this.d.preparer.enqueue(
      turn,
      files.map((f) => f.id),
    );
  }

  private readonly statusPathOf: repo.StatusPathOf = (jobId, tokenHash) => this.d.tokens.statusPathOf(jobId, tokenHash);

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
    return repo.listJobs(this.d.db, shopId, q, this.statusPathOf);
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

  /** The print-ready PDF of one file: its chosen pages, n-up, on its paper (print-ready.ts). */
  // Each print-ready PDF is a copy of the file that left the server: the deletion receipt counts it.
  async printReady(user: AuthUser, jobId: string, fileId: string): Promise<{ pdf: Buffer; name: string }> {
    const made = await printReadyFile({ db: this.d.db, blobs: this.d.blobs, maker: this.d.printReady }, user, jobId, fileId);
    await repo.countPrintedCopy(this.d.db, fileId, 'browser');
    return made;
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
    const download = (key: string | undefined, name: string) => (key ? this.d.blobs.signedUrl(key, SIGNED_URL_TTL_SECONDS, name) : null);
    return Promise.all(
      files.map(async (f) => {
        const of = (role: preparation.DerivativeRole) => derived.find((d) => d.fileId === f.id && d.role === role)?.blobKey;
        const stem = f.originalName.replace(/\.[^.]*$/, '');
        return {
          fileId: f.id,
          original: await this.d.blobs.signedUrl(f.blobKey, SIGNED_URL_TTL_SECONDS, downloadName(f.originalName, f.extension)),
          view: await sign(
            VIEWED_AS_IS[f.extension as TJobFile['kind']] ? f.blobKey : undefined,
            f.originalName,
            VIEWED_AS_IS[f.extension as TJobFile['kind']] ?? '',
          ),
          pdf: await sign(of('pdf'), `${stem}.pdf`, 'application/pdf'),
          pdfDownload: await download(of('pdf'), `${stem}.pdf`),
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
    const { priced, paper, rateCard } = await repo.pricedJob(this.d.db, job);
    let order: repo.PrintedOrder | undefined;
    if (input?.amount !== undefined) {
      const amountPaise = rupeesToPaise(input.amount);
      const lines = orderLinesFor(priced.exact, amountPaise);
      const paymentMethod = input.paymentMethod ?? null;
      order = { amountPaise, paymentMethod, serviceId: input.serviceId, lines, servicesSold: servicesSold(lines, rateCard) };
    }
    const outcome = await repo.markPrinted(this.d.db, job, order, paper, now, this.recycleExpiry(now));
    if (outcome === 'not-queued') throw conflict('Job is already printed', 'JOB_NOT_QUEUED');
    if (outcome === 'no-service') throw notFound('Service not found on this shop\u2019s rate card', 'SERVICE_NOT_FOUND');
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await this.loadJob(jobId))!;
  }

  /**
   * Move back to queue: Mark Printed undone while its files are still in the recycle bin (back-to-queue-repo.ts says
   * what is given back). The job comes back as it was, so the queue's other screens are told it changed.
   */
  async moveBackToQueue(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'done') throw conflict(BACK_TO_QUEUE_REFUSED['not-printed'], 'JOB_NOT_PRINTED');
    const outcome = await backToQueue.moveBackToQueue(this.d.db, jobId);
    if (outcome !== 'back') throw conflict(BACK_TO_QUEUE_REFUSED[outcome], BACK_TO_QUEUE_CODES[outcome]);
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await this.loadJob(jobId))!;
  }

  /**
   * Issue 22: the printer completed every file and the shop asked for the job to be marked printed
   * then. No amount is taken: the money is still staff's to record at the counter.
   */
  async markPrintedByPrinter(jobId: string): Promise<void> {
    const job = await repo.findJobRow(this.d.db, jobId);
    if (job?.status !== 'queued') return;
    const now = this.d.clock.now();
    const { paper } = await repo.pricedJob(this.d.db, job);
    if ((await repo.markPrinted(this.d.db, job, undefined, paper, now, this.recycleExpiry(now))) !== 'printed') return;
    this.d.announcer.announce(job.shopId, jobId, 'updated');
  }

  /**
   * The print-ready PDF an agent's printer is given; the agent's device was checked against the job's
   * shop. `counted`: false for a file's later colour runs, which are the same printout as its first.
   */
  async printReadyForPrinter(jobId: string, fileId: string, pick: PagePick, counted = true): Promise<{ pdf: Buffer; name: string }> {
    const made = await makePrintReady({ db: this.d.db, blobs: this.d.blobs, maker: this.d.printReady }, jobId, fileId, pick);
    if (counted) await repo.countPrintedCopy(this.d.db, fileId, 'printer');
    return made;
  }

  /** The job as staff see it. */
  loadJob(jobId: string): Promise<TJob | null> {
    return repo.loadJob(this.d.db, jobId, this.statusPathOf);
  }

  /** Staff start printing (Print, Start printing): from now the customer can no longer change the job. */
  async startPrinting(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (!(await customerRepo.startPrinting(this.d.db, jobId, this.d.clock.now()))) {
      throw conflict(`Job is already ${job.status === 'done' ? 'printed' : 'cancelled'}`, 'JOB_NOT_QUEUED');
    }
    if (!job.printingAt) this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await this.loadJob(jobId))!;
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
      shopsTurn(job.shopId),
      changes.filter((c) => c.options.color === 'auto').map((c) => c.fileId),
    );
    this.d.announcer.announce(job.shopId, jobId, 'updated');
    return (await this.loadJob(jobId))!;
  }

  async cancel(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status === 'cancelled') throw conflict('Job is already cancelled', 'JOB_NOT_QUEUED');
    const now = this.d.clock.now();
    await repo.cancelJob(this.d.db, jobId, now, this.recycleExpiry(now));
    this.d.announcer.announce(job.shopId, jobId, 'deleted');
    return (await this.loadJob(jobId))!;
  }

  /** When a file sent to the recycle bin now is deleted for good. */
  private recycleExpiry(now: Date): Date {
    return new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
  }

  /** A signed link stops working the moment its file is purged or its banner removed. */
  isFileLive(blobKey: string): Promise<boolean> {
    return repo.blobIsLive(this.d.db, blobKey);
  }

  /**
   * One more download of an original or its converted PDF, for the job's deletion receipt. It does not
   * start printing: staff looking at a file leave the customer free to change it (docs/product/rules.md#downloads-and-printing).
   */
  async countDownload(blobKey: string): Promise<void> {
    await repo.countDownload(this.d.db, blobKey);
  }

  /** The customer changes options before printing: the staff rules, and refused once staff start printing. */
  async changeOptionsForCustomer(job: CustomersJob, input: TPrintOptionsUpdate): Promise<void> {
    const files = await repo.liveFilesOf(this.d.db, job.id);
    const choices = await this.printChoices((await findShopById(this.d.db, job.shopId))!);
    const changes = input.files.map(({ fileId, options }) => {
      const file = files.find((f) => f.id === fileId);
      if (!file) throw notFound('That file is not in this job', 'FILE_NOT_FOUND');
      return { fileId, options: optionsForFile(options, file.originalName, choices) };
    });
    const standing = await customerRepo.whileOpen(this.d.db, job.id, (tx) => customerRepo.writePrintOptions(tx, job.id, changes));
    if (standing !== 'open') throw refusedChange(standing);
    this.d.preparer.enqueueColor(
      shopsTurn(job.shopId),
      changes.filter((c) => c.options.color === 'auto').map((c) => c.fileId),
    );
    this.d.announcer.announce(job.shopId, job.id, 'updated');
  }

  /** The customer cancels before printing: the job leaves the queue and its files go to the recycle bin. */
  async cancelForCustomer(job: CustomersJob): Promise<void> {
    const now = this.d.clock.now();
    const standing = await customerRepo.whileOpen(this.d.db, job.id, (tx) => repo.cancelWithin(tx, job.id, now, this.recycleExpiry(now)));
    if (standing !== 'open') throw refusedChange(standing);
    this.d.announcer.announce(job.shopId, job.id, 'deleted');
  }

  /**
   * "Delete my files now": every copy goes at once, past the recycle bin, and the receipt is written
   * before this answers. Refused while staff are printing.
   */
  async deleteFilesNow(job: CustomersJob): Promise<void> {
    const outcome = await customerRepo.purgeJobNow(this.d.db, job.id, this.d.clock.now());
    if ('refused' in outcome) throw refusedChange(outcome.refused);
    for (const key of outcome.blobKeys) {
      // The rows say purged already, so no link works; a blob left behind is the orphan reaper's.
      await this.d.blobs.delete(key).catch(() => {});
    }
    await this.d.onPurged?.(job.id);
    this.d.announcer.announce(job.shopId, job.id, 'deleted');
  }

  /** The customer says they paid by UPI: staff see it on the job; only staff record a payment. */
  async claimPayment(job: CustomersJob): Promise<void> {
    if (!(await customerRepo.claimPayment(this.d.db, job.id, this.d.clock.now()))) throw refusedChange('cancelled');
    this.d.announcer.announce(job.shopId, job.id, 'updated');
  }
}

const REFUSALS: Record<Exclude<customerRepo.JobStanding, 'open'>, TCustomerChangeRefusal> = {
  printing: 'JOB_PRINTING',
  printed: 'JOB_PRINTED',
  cancelled: 'JOB_CANCELLED',
  deleted: 'JOB_DELETED',
};

function refusedChange(standing: customerRepo.JobStanding) {
  const code = REFUSALS[standing as Exclude<customerRepo.JobStanding, 'open'>] ?? 'JOB_DELETED';
  return conflict(CUSTOMER_CHANGE_MESSAGES[code], code);
}

function createdAnswer(job: { id: string; number: number }, files: ReceivedFile[], token: string): TJobCreated {
  return {
    jobId: job.id,
    fileCount: files.length,
    number: job.number,
    files: files.map((f) => ({ id: f.id, name: f.originalName, kind: f.extension, note: f.note })),
    token,
    statusUrl: jobStatusPath(token),
  };
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
