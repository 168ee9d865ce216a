import type { TFeedbackEntry, ZFeedbackRequest } from '@counterprint/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import * as repo from './repo.js';

/** Feature feedback from the coming-soon overlays, stored with the signed-in user; an OWNER reads it. */
export class FeedbackService {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  submit(user: AuthUser, input: z.output<typeof ZFeedbackRequest>): Promise<string> {
    return repo.insertFeedback(this.d.db, { userId: user.id, ...input }, this.d.clock.now());
  }

  list(): Promise<TFeedbackEntry[]> {
    return repo.listFeedback(this.d.db);
  }
}
