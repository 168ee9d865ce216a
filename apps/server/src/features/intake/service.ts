import { randomUUID } from 'node:crypto';
import {
  isConvertedKind,
  jobStatusPath,
  type TFileConversion,
  type TJobCreated,
  type TJobFromUploads,
  type TUploadRefusalReason,
  type TUploadsInProgress,
} from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import { hashJobToken, type JobTokens } from '../../auth/job-token.js';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/index.js';
import { notFound } from '../../http/errors.js';
import type { MultipartBody } from '../../http/multipart.js';
import * as policies from '../../limits/policies.js';
import type { RateLimiter } from '../../limits/rate-limiter.js';
import type { JobEventSink } from '../../pipeline/events.js';
import { printChoicesOf, uploadOptionsOf } from '../../pricing/print-options.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { ShopRow } from '../shops/repo.js';
import { findShopById, rateCardOf } from '../shops/repo.js';
import { shopBySlug } from '../shops/scope.js';
import { type DiskRoom, diskHasRoom } from './disk.js';
import { clientKeyOf, type QuotaLimits, type UploadLeases, type UploadReservation, uploadLost } from './quota.js';
import * as repo from './repo.js';
import { claimFinishedUploads, copyUpload, copyUploads, finishedUploads } from './resumable-files.js';
import { discard, type ReceivedFile, type ReceivedUpload, receiveUpload, refusalReason, serverStorageFull } from './upload.js';

/** Where refused uploads are counted for the shop's staff (features/upload-refusals, wired in app.ts). */
export interface RefusalRecorder {
  record(shopId: string, reason: TUploadRefusalReason): Promise<void>;
}

/** Where a customer's job stands for a change; the staff queue (features/jobs) holds the job's row lock. */
export type JobStanding = 'open' | 'printing' | 'printed' | 'cancelled' | 'deleted';
export interface OpenJobs {
  whileOpen(jobId: string, change: (tx: Tx) => Promise<void>): Promise<JobStanding>;
}

export type IntakeDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  limiter: RateLimiter;
  refusals: RefusalRecorder;
  leases: UploadLeases;
  /** The shop's quota, the address's share of it and its unprinted jobs there (docs/decisions/014). */
  quota: Pick<QuotaLimits, 'shopBytes' | 'addressShare' | 'addressJobs'>;
  /** Keys the uploading address before it is stored. */
  clientKeySecret: string;
  disk: DiskRoom;
  /** Whether this server can convert documents; without, they are kept as sent, "preview unavailable". */
  converterAvailable: boolean;
  /** Derives each job's token, and so the status link the upload answers with. */
  tokens: JobTokens;
  /** Stored files and new jobs are told here; counting, preparing and announcing follow (src/pipeline). */
  events: JobEventSink;
  /** The tus uploads not yet made a job (resumable.ts). */
  tus: { inProgress(shopId: string): Promise<TUploadsInProgress>; clear(shopId: string, id: string): Promise<boolean> };
  openJobs: OpenJobs;
};

/** An upload as the service needs it: the customer's address, the body's declared length and the multipart body. */
export type UploadInput = { ip: string; bodyBytes: number | undefined; body: MultipartBody };
/** A job its customer's token named (features/job-status looks it up). */
export type CustomersJob = { id: string; shopId: string; number: number };

/** Files coming in, by whatever way: checked, within the quotas, stored, and made a job or added to one. */
export class IntakeService {
  constructor(private readonly d: IntakeDeps) {}

  /** The shop's tus uploads not yet made a job, for its staff to see what holds its storage. */
  async uploadsInProgress(user: AuthUser, shopId: string): Promise<TUploadsInProgress> {
    await requireShopAccess(this.d.db, user, shopId);
    return this.d.tus.inProgress(shopId);
  }

  /** Staff end an upload of their shop that no job took, with its bytes (docs/product/rules.md#resumable-uploads). */
  async clearUpload(user: AuthUser, shopId: string, id: string): Promise<void> {
    await requireShopAccess(this.d.db, user, shopId);
    if (!(await this.d.tus.clear(shopId, id))) throw notFound('Upload not found', 'UPLOAD_NOT_FOUND');
  }

  /** Counts a refused upload for the shop's staff, when it is a refusal they can act on or explain. */
  async recordRefusal(slug: string, err: unknown): Promise<void> {
    const reason = refusalReason(err);
    if (!reason) return;
    const shop = await shopBySlug(this.d.db, slug);
    await this.d.refusals.record(shop.id, reason);
  }

  /**
   * Stores the files as they arrive, within the shop's and the address's quotas, then writes the job.
   * The limit is keyed on the shop found, not the slug as typed: an unknown slug creates no key (docs/decisions/014).
   * A counter's customers can share one address (shop Wi-Fi, a carrier's NAT): 60 in an hour must pass,
   * with a retry each, and a rush may spend the hour's allowance at once.
   */
  async createFromUpload(slug: string, upload: UploadInput): Promise<TJobCreated> {
    const shop = await shopBySlug(this.d.db, slug);
    return this.intake(
      shop,
      upload,
      (reservation) => receiveUpload(upload.body, this.d.blobs, shop.id, reservation),
      (received, clientKey) => this.insertJob(shop, received, clientKey),
    );
  }

  /**
   * Files a customer adds to their job before staff start printing: the same limits, checks and options
   * as an upload, written after the job's last file; refused (`refuse` says how) with nothing kept otherwise.
   */
  async addFiles(job: CustomersJob, upload: UploadInput, refuse: (standing: JobStanding) => Error): Promise<TJobCreated> {
    const shop = (await findShopById(this.d.db, job.shopId))!;
    const store = (reservation: UploadReservation) => receiveUpload(upload.body, this.d.blobs, shop.id, reservation);
    return this.intake(shop, upload, store, async (received, clientKey) => {
      const files = await this.printing(shop, received);
      const now = this.d.clock.now();
      const standing = await this.d.openJobs.whileOpen(job.id, (tx) => repo.addFiles(tx, job, files, now));
      if (standing !== 'open') throw refuse(standing);
      this.stored(shop.id, job.id, clientKey, received.files);
      void this.d.events.emit('changed', { shopId: shop.id, jobId: job.id, change: 'updated' });
      return createdAnswer(job, received.files, this.d.tokens.tokenFor(job.id));
    });
  }

  /**
   * The job made from files already sent with tus, at once: each finished upload is checked and stored
   * as the job's file, then the uploads are claimed and the job written in one transaction.
   */
  async createFromUploads(slug: string, ip: string, input: TJobFromUploads): Promise<TJobCreated> {
    const shop = await shopBySlug(this.d.db, slug);
    const fields = {
      name: input.name || null,
      phone: input.phone || null,
      optionsText: input.options ? JSON.stringify(input.options) : undefined,
    };
    const store = async (reservation: UploadReservation): Promise<ReceivedUpload> => {
      const rows = await finishedUploads(this.d.db, shop.id, input.uploads);
      const copy = (row: (typeof rows)[number]) => copyUpload(this.d.db, this.d.blobs, row, shop.id, reservation.jobId);
      const files = await copyUploads(rows, copy, (made) => discard(this.d.blobs, made));
      return { jobId: reservation.jobId, files, ...fields };
    };
    // No bytes to hold: the uploads' own bytes are counted until the job's transaction claims them.
    return this.intake(shop, { ip, bodyBytes: 0 }, store, (received, clientKey) => {
      const adopted = received.files.filter((f) => f.adopted).map((f) => f.blobKey);
      return this.insertJob(shop, received, clientKey, (tx, now) => claimFinishedUploads(tx, shop.id, input.uploads, now, adopted));
    });
  }

  /**
   * Every way files come in: the address's limit, room on the disk, a lease on the shop's quota while they
   * are received, and nothing of them kept if what is made of them fails.
   */
  private async intake<T>(
    shop: ShopRow,
    from: { ip: string; bodyBytes: number | undefined },
    store: (reservation: UploadReservation) => Promise<ReceivedUpload>,
    use: (received: ReceivedUpload, clientKey: string) => Promise<T>,
  ): Promise<T> {
    await this.d.limiter.hit(...policies.upload(from.ip, shop.id));
    if (!(await diskHasRoom(this.d.blobs, this.d.disk))) throw serverStorageFull();
    const clientKey = clientKeyOf(this.d.clientKeySecret, from.ip);
    const reservation = await this.d.leases.open(this.d.quota, {
      jobId: randomUUID(),
      shopId: shop.id,
      clientKey,
      bodyBytes: from.bodyBytes,
    });
    try {
      const received = await store(reservation);
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

  /** A new job of the received files; `claim` runs first in its transaction. */
  private async insertJob(shop: ShopRow, received: ReceivedUpload, clientKey: string, claim?: (tx: Db, now: Date) => Promise<void>) {
    const files = await this.printing(shop, received);
    const token = this.d.tokens.tokenFor(received.jobId);
    const now = this.d.clock.now();
    const newJob = { ...files, clientKey, tokenHash: hashJobToken(token), claim: claim && ((tx: Db) => claim(tx, now)) };
    const job = await repo.insertJob(this.d.db, shop.id, newJob, now);
    this.stored(shop.id, job.id, clientKey, received.files);
    void this.d.events.emit('created', { shopId: shop.id, jobId: job.id });
    return createdAnswer(job, received.files, token);
  }

  /** Pages are counted and documents converted after the upload answers, in the sending address's turn. */
  private stored(shopId: string, jobId: string, address: string, files: ReceivedFile[]): void {
    const pdfIds = files.filter((f) => f.contentType === 'application/pdf').map((f) => f.id);
    const fileIds = files.map((f) => f.id);
    void this.d.events.emit('filesStored', { turn: { shopId, address }, jobId, fileIds, pdfIds });
  }

  /** How each received file is to be printed and whether it is converted, as the shop offers it now. */
  private async printing(shop: ShopRow, upload: ReceivedUpload) {
    const printOptions = uploadOptionsOf(upload, printChoicesOf(shop, await rateCardOf(this.d.db, shop.id)));
    return { upload, printOptions, conversions: upload.files.map((f) => this.conversionOf(f.extension)) };
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
