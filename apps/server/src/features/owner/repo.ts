import type { TOwnerOverview } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** One round trip for the overview's shops, users and jobs; the files stored are asked of their owner. */
export async function platformOverview(
  db: Db,
  since: { dayStart: Date; weekStart: Date },
): Promise<Omit<TOwnerOverview, 'filesStored' | 'bytesStored'>> {
  const { dayStart, weekStart } = since;
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`
    SELECT
      (SELECT count(*) FROM shops) AS shops,
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM jobs WHERE created_at >= ${dayStart.toISOString()}) AS jobs_today,
      (SELECT count(*) FROM jobs WHERE created_at >= ${weekStart.toISOString()}) AS jobs_week`,
  );
  const row = rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    shops: n('shops'),
    users: n('users'),
    jobsToday: n('jobs_today'),
    jobsThisWeek: n('jobs_week'),
  };
}
