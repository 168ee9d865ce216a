import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { JobTokens } from '../auth/job-token.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { DocumentConverter } from '../conversion/converter.js';
import type { Database } from '../db/index.js';
import { UploadLeases } from '../features/intake/quota.js';
import { resumableUploads } from '../features/intake/resumable.js';
import { IntakeService } from '../features/intake/service.js';
import { UploadLocker } from '../features/intake/upload-locker.js';
import { CustomerChanges } from '../features/job-status/changes.js';
import { DeletionReceipts } from '../features/job-status/receipts.js';
import { recycleBinFiles } from '../features/jobs/bin-repo.js';
import { CustomerSideRecords } from '../features/jobs/customer-side.js';
import { jobFileReads } from '../features/jobs/file-reads.js';
import { OptionChanges } from '../features/jobs/options.js';
import { JobsService } from '../features/jobs/service.js';
import { PageCounter } from '../features/preparation/page-counter.js';
import { FilePreparer } from '../features/preparation/preparer.js';
import { PreparedFilesService } from '../features/preparation/service.js';
import { UploadRefusals } from '../features/upload-refusals/service.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { JobPipeline } from '../pipeline/events.js';
import { PreviewMaker } from '../previews/preview-maker.js';
import { ColorDetector } from '../pricing/color-pages.js';
import { PrintReadyMaker } from '../printing/print-ready.js';
import { receiptSigningKey } from '../receipts/signing.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { WorkFolder } from '../storage/work-folder.js';

/**
 * Print-ready PDFs are made on a staff click, one file at a time per click: a deadline and a memory
 * cap like the page counter's, and a short line so a burst of clicks waits rather than piles up.
 */
const PRINT_READY_LIMITS = {
  timeoutMs: 30_000,
  memoryBytes: 768 * 1024 * 1024,
  maxOutputBytes: 256 * 1024 * 1024,
  concurrency: Math.min(availableParallelism(), 2),
  maxWaiting: 8,
};

export type JobFlowDeps = {
  config: Config;
  database: Database;
  blobs: BlobStore;
  clock: Clock;
  logger: Logger;
  limiter: RateLimiter;
  work: WorkFolder;
  pipeline: JobPipeline;
};

/** The parts a job passes through, from intake to its deletion receipt; each tells the pipeline what happened. */
export async function buildJobFlow(d: JobFlowDeps) {
  const { config, database, blobs, clock, logger, limiter, work, pipeline: events } = d;
  const db = database.db;
  const emitUpdated = (event: 'pagesCounted' | 'prepared' | 'receiptIssued') => (jobId: string, shopId: string) =>
    void events.emit(event, { shopId, jobId });
  const pageCounter = new PageCounter({
    db,
    blobs,
    logger,
    limits: config.pageCount,
    slots: config.pageCount.slots,
    onCounted: emitUpdated('pagesCounted'),
  });
  const converter = new DocumentConverter({
    logger,
    soffice: config.conversion.enabled ? undefined : false,
    limits: { timeoutMs: config.conversion.timeoutMs },
    tmpRoot: work.root,
  });
  const preparer = new FilePreparer({
    db,
    blobs,
    clock,
    logger,
    converter,
    previews: new PreviewMaker({ logger, tmpRoot: work.root }),
    colors: new ColorDetector({ logger, tmpRoot: work.root }),
    work,
    onPrepared: emitUpdated('prepared'),
    // An image child may take up to 1 GiB (docs/decisions/033): a few at a time, whatever the cores.
    concurrency: Math.min(availableParallelism(), 4),
  });
  // Job files are the jobs feature's; the features that read them are handed these (docs/architecture.md#who-owns-each-table).
  const jobFiles = jobFileReads(db);
  const key = receiptSigningKey(config.receiptSigningKey);
  const receipts = new DeletionReceipts({
    db,
    files: jobFiles,
    clock,
    logger,
    key,
    onIssued: (shopId, jobId) => emitUpdated('receiptIssued')(jobId, shopId),
    work,
  });
  await receipts.publishKey();
  const leases = new UploadLeases(db, clock);
  const { advisoryLocks: locks, listen, notify } = database;
  const uploadLocker = new UploadLocker({ locks, listen, notify, acquireTimeoutMs: config.uploadLockTimeoutMs });
  const stopUploadLocker = await uploadLocker.start();
  // RATE_LIMIT=off (benchmarks, one client) lifts every per-address limit, these caps included.
  const perAddress = <T>(value: T, off: T) => (config.rateLimit ? value : off);
  const quota = {
    shopBytes: config.shopStorageQuota,
    addressShare: perAddress(config.addressStorageShare, 1),
    addressJobs: perAddress(config.addressUnprintedJobs, Number.POSITIVE_INFINITY),
  };
  const refusals = new UploadRefusals({ db, clock });
  const tus = resumableUploads({
    locker: uploadLocker,
    db,
    blobs,
    clock,
    limiter,
    clientKeySecret: config.jwtSecret,
    quota: {
      ...quota,
      addressOpenUploads: perAddress(config.addressOpenUploads, Number.POSITIVE_INFINITY),
      shopOpenUploads: config.shopOpenUploads,
      stallMs: config.uploadStallMs,
    },
    addressOf: (raw) => (raw as { counterprintAddress?: string } | undefined)?.counterprintAddress ?? '',
    refusals,
    logger,
  });
  const tokens = new JobTokens(config.fileUrlSecret);
  const records = new CustomerSideRecords({ db, clock, recycleRetentionSeconds: config.recycleRetentionSeconds });
  const options = new OptionChanges({ db, events });
  const jobs = new JobsService({ db, blobs, clock, events, tokens, options, recycleRetentionSeconds: config.recycleRetentionSeconds });
  const intake = new IntakeService({
    db,
    blobs,
    clock,
    limiter,
    refusals,
    leases,
    quota,
    clientKeySecret: config.jwtSecret,
    disk: { dataDir: config.dataDir, minFreeDisk: config.minFreeDisk },
    converterAvailable: converter.available(),
    tokens,
    events,
    tus,
    openJobs: records,
  });
  const customerChanges = new CustomerChanges({ blobs, events, options, records, intake });
  const preparedFiles = new PreparedFilesService({ db, blobs, printReady: new PrintReadyMaker(PRINT_READY_LIMITS, work.root) });
  const bin = recycleBinFiles(db);
  return {
    jobFiles,
    bin,
    pageCounter,
    converter,
    preparer,
    receipts,
    leases,
    tus,
    jobs,
    intake,
    customerChanges,
    preparedFiles,
    refusals,
    stopUploadLocker,
  };
}

export type JobFlow = Awaited<ReturnType<typeof buildJobFlow>>;
