import type { TOwnerOverview } from '@counterprint/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import * as repo from './repo.js';

/** The files stored and their bytes, asked of the feature that owns them. */
export type StoredFiles = () => Promise<{ files: number; bytes: number }>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The platform OWNER's figures over every shop. */
export class OwnerService {
  constructor(private readonly d: { db: Db; clock: Clock; storedFiles: StoredFiles }) {}

  /** Jobs today count from midnight UTC; this week's, the last 7 × 24 hours. */
  async overview(): Promise<TOwnerOverview> {
    const now = this.d.clock.now();
    const dayStart = new Date(now);
    dayStart.setUTCHours(0, 0, 0, 0);
    const [counts, stored] = await Promise.all([
      repo.platformOverview(this.d.db, { dayStart, weekStart: new Date(now.getTime() - WEEK_MS) }),
      this.d.storedFiles(),
    ]);
    return { ...counts, filesStored: stored.files, bytesStored: stored.bytes };
  }
}
