import type { TJob } from '@counterprint/contract';

export type JobAction = 'created' | 'updated' | 'deleted';

/** Tells a shop's live staff screens that one of its jobs changed (wired to realtime/fanout.ts in app.ts). */
export interface JobAnnouncer {
  /** `job`, when given, is the job as just written: published locally without reading it back. */
  announce(shopId: string, jobId: string, action: JobAction, job?: TJob): void;
}
