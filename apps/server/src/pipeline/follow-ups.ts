import type { FollowUps, JobChange, JobEventSink, PipelineTurn } from './events.js';

/** The parts the follow-ups call, each by the one method it needs (wired in app.ts). */
export type PipelineParts = {
  pageCounter: { enqueue(shopId: string, fileIds: string[]): void };
  preparer: {
    enqueue(turn: PipelineTurn, fileIds: string[]): void;
    enqueueColor(turn: PipelineTurn, fileIds: string[]): void;
    colorsOfJob(jobId: string): Promise<void>;
  };
  receipts: { issueSoon(jobId: string): Promise<void> };
  /** Staff screens of every instance (realtime/fanout.ts). */
  staff: { announce(shopId: string, jobId: string, change: JobChange, job?: object): Promise<void> };
  /** Status pages open on this instance (features/job-status/watchers.ts). */
  statusPages: { changed(jobId: string): void };
  /** Web push to the shop's staff: only the instance that took the upload sends it. */
  push: { jobArrived(shopId: string, job: Promise<never>): void };
  /** The job as staff see it, for the new job's announcement and push. */
  loadJob(jobId: string): Promise<object | null>;
};

/** A colour pass the shop itself asked for (options changed at the counter or by the customer). */
const shopsTurn = (shopId: string): PipelineTurn => ({ shopId, address: `shop:${shopId}` });

/**
 * The product's data flow, read top to bottom: a job is stored, counted, prepared and announced; purged,
 * receipted and announced. Every event that changes what a screen shows ends in `changed`, whose
 * subscribers (staff fan-out and status pages) hear it like any other: the status page does not wait on staff.
 */
export function jobFollowUps(p: PipelineParts, events: JobEventSink): FollowUps {
  const changed = (shopId: string, jobId: string, change: JobChange) => events.emit('changed', { shopId, jobId, change });
  return {
    filesStored: [
      ({ turn, pdfIds }) => p.pageCounter.enqueue(turn.shopId, pdfIds),
      ({ turn, fileIds }) => p.preparer.enqueue(turn, fileIds),
    ],
    created: [
      // The push is handed the job still loading, in the upload's own tick, so that its deliveries count
      // as busy from the moment the job exists (a shutdown or a test waiting for pushes waits for it).
      ({ shopId, jobId }) => {
        const job = p.loadJob(jobId);
        p.push.jobArrived(shopId, job as Promise<never>);
        return job.then((loaded) => p.staff.announce(shopId, jobId, 'created', loaded ?? undefined));
      },
    ],
    // A PDF counted after it was prepared may now have its colour pages detected.
    pagesCounted: [({ shopId, jobId }) => changed(shopId, jobId, 'updated'), ({ jobId }) => p.preparer.colorsOfJob(jobId)],
    prepared: [({ shopId, jobId }) => changed(shopId, jobId, 'updated')],
    optionsChanged: [
      ({ shopId, autoColor }) => p.preparer.enqueueColor(shopsTurn(shopId), autoColor),
      ({ shopId, jobId }) => changed(shopId, jobId, 'updated'),
    ],
    purged: [({ jobId }) => p.receipts.issueSoon(jobId)],
    receiptIssued: [({ shopId, jobId }) => changed(shopId, jobId, 'updated')],
    changed: [({ jobId }) => p.statusPages.changed(jobId), ({ shopId, jobId, change }) => p.staff.announce(shopId, jobId, change)],
    changedElsewhere: [({ jobId }) => p.statusPages.changed(jobId)],
  };
}
