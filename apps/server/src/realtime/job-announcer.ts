import type { TJob } from '@counterprint/contract';

export type JobAction = 'created' | 'updated' | 'deleted';

/** Tells a shop's staff that one of its jobs changed; built on the realtime fan-out in app.ts. */
export interface JobAnnouncer {
  /** `job`, when given, is the job as just written: published locally without reading it back. */
  announce(shopId: string, jobId: string, action: JobAction, job?: TJob): void;
}
