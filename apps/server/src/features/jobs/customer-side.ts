import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/index.js';
import * as customerRepo from './customer-repo.js';
import * as repo from './repo.js';

export type CustomerSideDeps = { db: Db; clock: Clock; recycleRetentionSeconds: number };

/**
 * A job's rows as its customer's changes need them (features/job-status holds the rules): each runs
 * under the job's row lock while the job is open, and answers where it stood otherwise.
 */
export class CustomerSideRecords {
  constructor(private readonly d: CustomerSideDeps) {}

  /** Runs `change` in the job's transaction while the job is open to its customer (files added by intake). */
  whileOpen(jobId: string, change: (tx: Tx) => Promise<void>): Promise<customerRepo.JobStanding> {
    return customerRepo.whileOpen(this.d.db, jobId, change);
  }

  /** The job leaves the queue and its files go to the recycle bin. */
  cancel(jobId: string): Promise<customerRepo.JobStanding> {
    const now = this.d.clock.now();
    const expiresAt = new Date(now.getTime() + this.d.recycleRetentionSeconds * 1000);
    return customerRepo.whileOpen(this.d.db, jobId, (tx) => repo.cancelWithin(tx, jobId, now, expiresAt));
  }

  /** Every copy of every file marked purged at once; the blob keys to delete, or the standing that refused it. */
  purgeNow(jobId: string): ReturnType<typeof customerRepo.purgeJobNow> {
    return customerRepo.purgeJobNow(this.d.db, jobId, this.d.clock.now());
  }

  /** "I've paid" noted on the job; false when it is cancelled or gone. */
  claimPayment(jobId: string): Promise<boolean> {
    return customerRepo.claimPayment(this.d.db, jobId, this.d.clock.now());
  }
}
