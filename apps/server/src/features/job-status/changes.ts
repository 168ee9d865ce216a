import { CUSTOMER_CHANGE_MESSAGES, type TCustomerChangeRefusal, type TJobCreated, type TPrintOptionsUpdate } from '@counterprint/contract';
import { conflict } from '../../http/errors.js';
import type { MultipartBody } from '../../http/multipart.js';
import type { JobEventSink } from '../../pipeline/events.js';
import type { BlobStore } from '../../storage/blob-store.js';

/** A job the token named. */
export type CustomersJob = { id: string; shopId: string; number: number };
export type CustomerUpload = { ip: string; bodyBytes: number | undefined; body: MultipartBody };
/** Where the job stands for its customer: only an open job (queued, not printing) takes a change. */
export type JobStanding = 'open' | 'printing' | 'printed' | 'cancelled' | 'deleted';

/** The parts a customer's change is carried out by (wired in app.ts); each answers the standing that refused it. */
export type CustomerChangesDeps = {
  blobs: BlobStore;
  events: JobEventSink;
  /** The one way print options change (features/jobs/options.ts). */
  options: { change(job: CustomersJob, input: TPrintOptionsUpdate, window: 'open'): Promise<'changed' | 'not-queued' | JobStanding> };
  /** The job's rows under its lock (features/jobs/customer-side.ts). */
  records: {
    cancel(jobId: string): Promise<JobStanding>;
    purgeNow(jobId: string): Promise<{ refused: JobStanding } | { blobKeys: string[] }>;
    claimPayment(jobId: string): Promise<boolean>;
  };
  /** Files added to the job, through every check an upload meets (features/intake). */
  intake: { addFiles(job: CustomersJob, upload: CustomerUpload, refuse: (standing: JobStanding) => Error): Promise<TJobCreated> };
};

/**
 * The changes a customer makes to their own job before staff start printing: options, more files,
 * cancel, delete now, "I've paid". Each is refused, with the reason the customer reads, once the job is not open.
 */
export class CustomerChanges {
  constructor(private readonly d: CustomerChangesDeps) {}

  async changeOptions(job: CustomersJob, input: TPrintOptionsUpdate): Promise<void> {
    const outcome = await this.d.options.change(job, input, 'open');
    if (outcome !== 'changed') throw refusedChange(outcome);
  }

  addFiles(job: CustomersJob, upload: CustomerUpload): Promise<TJobCreated> {
    return this.d.intake.addFiles(job, upload, refusedChange);
  }

  /** The job leaves the queue and its files go to the recycle bin. */
  async cancel(job: CustomersJob): Promise<void> {
    const standing = await this.d.records.cancel(job.id);
    if (standing !== 'open') throw refusedChange(standing);
    void this.d.events.emit('changed', { shopId: job.shopId, jobId: job.id, change: 'deleted' });
  }

  /**
   * "Delete my files now": every copy goes at once, past the recycle bin, and the receipt is written
   * before this answers. Refused while staff are printing.
   */
  async deleteFilesNow(job: CustomersJob): Promise<void> {
    const outcome = await this.d.records.purgeNow(job.id);
    if ('refused' in outcome) throw refusedChange(outcome.refused);
    for (const key of outcome.blobKeys) {
      // The rows say purged already, so no link works; a blob left behind is the orphan reaper's.
      await this.d.blobs.delete(key).catch(() => {});
    }
    await this.d.events.emit('purged', { jobId: job.id });
    void this.d.events.emit('changed', { shopId: job.shopId, jobId: job.id, change: 'deleted' });
  }

  /** The customer says they paid by UPI: staff see it on the job; only staff record a payment. */
  async claimPayment(job: CustomersJob): Promise<void> {
    if (!(await this.d.records.claimPayment(job.id))) throw refusedChange('cancelled');
    void this.d.events.emit('changed', { shopId: job.shopId, jobId: job.id, change: 'updated' });
  }
}

const REFUSALS: Record<string, TCustomerChangeRefusal> = {
  printing: 'JOB_PRINTING',
  printed: 'JOB_PRINTED',
  cancelled: 'JOB_CANCELLED',
  deleted: 'JOB_DELETED',
};

/** Why the job took no change, in the customer's words. */
function refusedChange(standing: string) {
  const code = REFUSALS[standing] ?? 'JOB_DELETED';
  return conflict(CUSTOMER_CHANGE_MESSAGES[code], code);
}
