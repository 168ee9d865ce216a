import type { TCheckoutEntry, ZCheckoutRequest } from '@counterprint/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import * as repo from './repo.js';

/** A signed-in user's request for Premium; no payment is taken here, the team arranges it. */
export class CheckoutService {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  request(user: AuthUser, input: z.output<typeof ZCheckoutRequest>): Promise<string> {
    return repo.insertRequest(this.d.db, { userId: user.id, ...input, createdAt: this.d.clock.now() });
  }

  list(): Promise<TCheckoutEntry[]> {
    return repo.listRequests(this.d.db);
  }
}
