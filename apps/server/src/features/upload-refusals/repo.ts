import type { TUploadRefusalReason, TUploadRefusals } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** Counts one refusal: a window older than `windowMs` restarts at this one (docs/decisions/027). */
export async function recordRefusal(db: Db, shopId: string, reason: TUploadRefusalReason, now: Date, windowMs: number) {
  const at = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  await db.execute(sql`
    INSERT INTO upload_refusals (shop_id, reason, count, window_start, last_at) VALUES (${shopId}, ${reason}, 1, ${at}, ${at})
    ON CONFLICT (shop_id, reason) DO UPDATE SET
      count = CASE WHEN upload_refusals.window_start <= ${expired} THEN 1 ELSE upload_refusals.count + 1 END,
      window_start = CASE WHEN upload_refusals.window_start <= ${expired} THEN ${at}::timestamptz ELSE upload_refusals.window_start END,
      last_at = ${at}`);
}

/** The shop's refusals whose window is still open. */
export async function recentRefusals(db: Db, shopId: string, now: Date, windowMs: number): Promise<TUploadRefusals> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const rows = await queryRows<{ reason: TUploadRefusalReason; count: number; last_at: string | Date }>(
    db,
    sql`SELECT reason, count, last_at FROM upload_refusals
        WHERE shop_id = ${shopId} AND window_start > ${since} ORDER BY reason`,
  );
  return rows.map((r) => ({ reason: r.reason, count: Number(r.count), lastAt: new Date(r.last_at).toISOString() }));
}
