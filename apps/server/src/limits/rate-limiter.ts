import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { type Db, queryRows } from '../db/index.js';
import { tooManyAttempts } from '../http/errors.js';

export type Limit = { key: string; max: number; windowMs: number };

export interface RateLimiter {
  /** Counts one hit on every limit; throws 429 when any is past its maximum. */
  hit(...limits: Limit[]): Promise<void>;
}

export const noRateLimit: RateLimiter = { hit: async () => {} };

/** Fixed-window counters in process memory: the embedded default runs one instance. */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 0;
  return {
    hit: async (...limits) => {
      const now = clock.now().getTime();
      if (now > sweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        sweepAt = now + 60_000;
      }
      let exceeded = false;
      for (const l of limits) {
        const w = windows.get(l.key);
        if (!w || w.resetAt <= now) windows.set(l.key, { count: 1, resetAt: now + l.windowMs });
        else if (++w.count > l.max) exceeded = true;
      }
      if (exceeded) throw tooManyAttempts();
    },
  };
}

/** Counters in PostgreSQL so that every instance behind a load balancer shares them. */
export function databaseRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    hit: async (...limits) => {
      let exceeded = false;
      for (const l of limits) {
        const now = clock.now();
        const resetAt = new Date(now.getTime() + l.windowMs);
        const rows = await queryRows<{ count: number }>(db, sql`
          INSERT INTO rate_limit_hits (key, count, reset_at) VALUES (${l.key}, 1, ${resetAt.toISOString()})
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limit_hits.reset_at <= ${now.toISOString()} THEN 1 ELSE rate_limit_hits.count + 1 END,
            reset_at = CASE WHEN rate_limit_hits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
          RETURNING count`);
        const count = Number(rows[0]?.count ?? 0);
        if (count > l.max) exceeded = true;
      }
      if (exceeded) throw tooManyAttempts();
    },
  };
}

export const MINUTE = 60_000;
