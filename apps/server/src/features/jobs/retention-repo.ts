import type { TWeeklyHours } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** A job still queued, with its shop's hours, which decide when its unprinted window ends. */
export type QueuedJob = {
  id: string;
  created_at: Date | string;
  weekly_hours: TWeeklyHours;
  time_zone: string;
  closed_on: string | null;
};

/** Jobs still queued that were sent at or before `cutoff`, oldest first: only they can have run out of time. */
export const queuedSince = (db: Db, cutoff: Date) =>
  queryRows<QueuedJob>(
    db,
    sql`SELECT j.id, j.created_at, s.weekly_hours, s.time_zone, s.closed_on::text AS closed_on
        FROM jobs j JOIN shops s ON s.id = j.shop_id
        WHERE j.status = 'queued' AND j.created_at <= ${cutoff.toISOString()} ORDER BY j.created_at`,
  );

/**
 * Takes the given jobs out of the queue, those still queued and not being swept by another instance, and
 * sends their files to the recycle bin until `expiresAt`; answers the jobs it took.
 */
export async function cancelUnprinted(db: Db, jobIds: string[], now: Date, expiresAt: Date): Promise<{ id: string; shop_id: string }[]> {
  const expired = await queryRows<{ id: string; shop_id: string }>(
    db,
    sql`UPDATE jobs SET status = 'cancelled', cancelled_at = ${now.toISOString()}
        WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' AND id = any(${sql.param(jobIds)}::uuid[])
                     FOR UPDATE SKIP LOCKED)
        RETURNING id, shop_id`,
  );
  if (expired.length === 0) return expired;
  await db.execute(
    sql`UPDATE job_files SET state = 'recycled', recycled_at = ${now.toISOString()}, expires_at = ${expiresAt.toISOString()}
        WHERE state = 'active' AND job_id IN (${sql.join(
          expired.map((j) => sql`${j.id}`),
          sql`, `,
        )})`,
  );
  return expired;
}
