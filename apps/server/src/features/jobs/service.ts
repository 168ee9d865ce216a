import {
  BACK_TO_QUEUE_CODES,
  BACK_TO_QUEUE_REFUSED,
  rupeesToPaise,
  SIGNED_LINK_TTL_SECONDS,
  type TJob,
  type TMarkPrintedRequest,
  type TPrintOptionsUpdate,
} from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { JobTokens } from '../../auth/job-token.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/errors.js';
import type { JobChange, JobEventSink } from '../../pipeline/events.js';
import { orderLinesFor, servicesSold } from '../../pricing/job-pricing.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { findInUsersShop } from '../shops/scope.js';
import * as backToQueue from './back-to-queue-repo.js';
import * as customerRepo from './customer-repo.js';
import * as printedRepo from './mark-printed-repo.js';
import type { OptionChanges } from './options.js';
import * as repo from './repo.js';

export type JobsDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  /** Where the queue's changes go: staff screens and status pages are its subscribers (src/pipeline). */
  events: JobEventSink;
  /** Derives each job's token, and so the customer's status link staff see. */
  tokens: JobTokens;
  /** The one way print options change (options.ts). */
  options: OptionChanges;
  recycleRetentionSeconds: number;
};

/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */
export const SIGNED_URL_TTL_SECONDS = SIGNED_LINK_TTL_SECONDS;

const jobNotFound = () => notFound('Job not found', 'JOB_NOT_FOUND');
/** The one answer to a change that needs a queued job: it says what the job became instead. */
const jobNotQueued = (status: string | undefined) =>
  conflict(`Job is already ${status === 'cancelled' ? 'cancelled' : 'printed'}`, 'JOB_NOT_QUEUED');

/** The staff queue: a shop's jobs as staff see them, and what staff (or their printer) do to them. */
export class JobsService {
  constructor(private readonly d: JobsDeps) {}

  async list(user: AuthUser, shopId: string, q: { limit: number; before?: string; status?: string }): Promise<TJob[]> {
    await requireShopAccess(this.d.db, user, shopId);
    return repo.listJobs(this.d.db, shopId, q, this.statusPathOf);
  }

  /** The job as staff see it. */
  loadJob(jobId: string): Promise<TJob | null> {
    return repo.loadJob(this.d.db, jobId, this.statusPathOf);
  }

  async signedUrls(user: AuthUser, jobId: string): Promise<string[]> {
    await this.ownedJob(user, jobId);
    const files = await repo.liveFilesOf(this.d.db, jobId);
    return Promise.all(files.map((f) => this.d.blobs.signedUrl(f.blobKey, SIGNED_URL_TTL_SECONDS, f.originalName)));
  }

  async markPrinted(user: AuthUser, jobId: string, input: TMarkPrintedRequest): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'queued') throw jobNotQueued(job.status);
    const now = this.d.clock.now();
    const { priced, paper, rateCard } = await printedRepo.pricedJob(this.d.db, job);
    let order: printedRepo.PrintedOrder | undefined;
    if (input?.amount !== undefined) {
      const amountPaise = rupeesToPaise(input.amount);
      const lines = orderLinesFor(priced.exact, amountPaise);
      const paymentMethod = input.paymentMethod ?? null;
      order = { amountPaise, paymentMethod, serviceId: input.serviceId, lines, servicesSold: servicesSold(lines, rateCard) };
    }
    const outcome = await printedRepo.markPrinted(this.d.db, job, order, paper, now, this.recycleExpiry(now));
    if (outcome === 'not-queued') throw jobNotQueued('done');
    if (outcome === 'no-service') throw notFound('Service not found on this shop\u2019s rate card', 'SERVICE_NOT_FOUND');
    return this.changed(job.shopId, jobId, 'updated');
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
    return this.changed(job.shopId, jobId, 'updated');
  }

  /**
   * The printer completed every file and the shop asked for the job to be marked printed then
   * (features/printers). No amount is taken: the money is still staff's to record at the counter.
   */
  async markPrintedByPrinter(jobId: string): Promise<void> {
    const job = await repo.findJobRow(this.d.db, jobId);
    if (job?.status !== 'queued') return;
    const now = this.d.clock.now();
    const { paper } = await printedRepo.pricedJob(this.d.db, job);
    if ((await printedRepo.markPrinted(this.d.db, job, undefined, paper, now, this.recycleExpiry(now))) !== 'printed') return;
    void this.d.events.emit('changed', { shopId: job.shopId, jobId, change: 'updated' });
  }

  /** Staff start printing (Print, Start printing): from now the customer can no longer change the job. */
  async startPrinting(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (!(await customerRepo.startPrinting(this.d.db, jobId, this.d.clock.now()))) throw jobNotQueued(job.status);
    if (job.printingAt) return (await this.loadJob(jobId))!;
    return this.changed(job.shopId, jobId, 'updated');
  }

  /** Staff change files' print options (the customer asked at the counter), while the job is queued. */
  async changeOptions(user: AuthUser, jobId: string, input: TPrintOptionsUpdate): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status !== 'queued') throw jobNotQueued(job.status);
    if ((await this.d.options.change(job, input, 'queued')) !== 'changed') throw jobNotQueued('done');
    return (await this.loadJob(jobId))!;
  }

  async cancel(user: AuthUser, jobId: string): Promise<TJob> {
    const job = await this.ownedJob(user, jobId);
    if (job.status === 'cancelled') throw jobNotQueued(job.status);
    const now = this.d.clock.now();
    await repo.cancelJob(this.d.db, jobId, now, this.recycleExpiry(now));
    return this.changed(job.shopId, jobId, 'deleted');
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

  private readonly statusPathOf: repo.StatusPathOf = (jobId, tokenHash) => this.d.tokens.statusPathOf(jobId, tokenHash);

  /** The job must exist and belong to a shop the user owns; otherwise 403/404 before anything else. */
  private ownedJob(user: AuthUser, jobId: string) {
    return findInUsersShop(this.d.db, user, repo.findJobRow(this.d.db, jobId), (job) => job.shopId, jobNotFound);
  }

  /** Tells the pipeline the job changed, and answers the job as staff now see it. */
  private async changed(shopId: string, jobId: string, change: JobChange): Promise<TJob> {
    void this.d.events.emit('changed', { shopId, jobId, change });
    return (await this.loadJob(jobId))!;
  }

  /** When a file sent to the recycle bin now is deleted for good. */
  private recycleExpiry(now: Date): Date {
    return new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
  }
}
