import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { type Db, queryRows } from '../db/index.js';
import { tooManyAttempts } from '../http/errors.js';

export type Limit = { key: string; max: number; windowMs: number };

export interface RateLimiter {
  /**
   * Counts one hit on each limit in order and throws 429 at the first one past its maximum; the limits after
   * it are not counted (docs/decisions/016): list the broadest first, so a refused caller creates no new counter.
   */
  hit(...limits: Limit[]): Promise<void>;
}

export const noRateLimit: RateLimiter = { hit: async () => {} };

/**
 * Keys name emails and client addresses; they are stored only as an HMAC under a key derived from a server
 * secret, so a database dump or a heap snapshot shows neither (docs/decisions/016).
 */
export function rateLimitKeyHasher(secret: string): (key: string) => string {
  const hmacKey = createHmac('sha256', secret).update('counterprint rate-limit keys').digest();
  return (key) => createHmac('sha256', hmacKey).update(key).digest('base64url');
}

/** Fixed-window counters in process memory: the embedded default runs one instance. */
export function memoryRateLimiter(clock: Clock, hashKey: (key: string) => string): RateLimiter & { keys(): string[] } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = 0;
  return {
    /** The keys it holds now (what a stream of requests costs it in memory). */
    keys: () => [...windows.keys()],
    hit: async (...limits) => {
      const now = clock.now().getTime();
      if (now > sweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        sweepAt = now + SWEEP_EVERY_MS;
      }
      for (const l of limits) {
        const key = hashKey(l.key);
        const w = windows.get(key);
        if (!w || w.resetAt <= now) windows.set(key, { count: 1, resetAt: now + l.windowMs });
        else if (++w.count > l.max) throw tooManyAttempts();
      }
    },
  };
}

const SWEEP_EVERY_MS = 60_000;
/** Expired rows deleted per sweep: bounded work on the request that happens to run it. */
export const SWEEP_BATCH = 500;

/** Counters in PostgreSQL so that every instance behind a load balancer shares them. */
export function databaseRateLimiter(db: Db, clock: Clock, hashKey: (key: string) => string): RateLimiter {
  let sweepAt = 0;
  /** Deletes at most SWEEP_BATCH expired rows; a full batch means more are waiting, so the next hit sweeps again. */
  const sweep = async (now: Date) => {
    sweepAt = now.getTime() + SWEEP_EVERY_MS;
    try {
      const rows = await queryRows<{ key: string }>(
        db,
        sql`
        DELETE FROM rate_limit_hits WHERE key IN (
          SELECT key FROM rate_limit_hits WHERE reset_at <= ${now.toISOString()} LIMIT ${SWEEP_BATCH}
        ) AND reset_at <= ${now.toISOString()}
        RETURNING key`,
      );
      if (rows.length >= SWEEP_BATCH) sweepAt = 0;
    } catch {
      // A failed sweep only delays cleaning until the next one; the counting below reports a database that is down.
    }
  };
  return {
    hit: async (...limits) => {
      const start = clock.now();
      if (start.getTime() >= sweepAt) await sweep(start);
      for (const l of limits) {
        const now = clock.now();
        const resetAt = new Date(now.getTime() + l.windowMs);
        const rows = await queryRows<{ count: number }>(
          db,
          sql`
          INSERT INTO rate_limit_hits (key, count, reset_at) VALUES (${hashKey(l.key)}, 1, ${resetAt.toISOString()})
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN rate_limit_hits.reset_at <= ${now.toISOString()} THEN 1 ELSE rate_limit_hits.count + 1 END,
            reset_at = CASE WHEN rate_limit_hits.reset_at <= ${now.toISOString()} THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
          RETURNING count`,
        );
        if (Number(rows[0]?.count ?? 0) > l.max) throw tooManyAttempts();
      }
    },
  };
}

export const MINUTE = 60_000;
