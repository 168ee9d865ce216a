import type { TWeeklyHours } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** The job a customer's token names, with what its status page shows of its shop; undefined for any other token. */
export async function findJobByToken(db: Db, tokenHash: string) {
  const rows = await queryRows<CustomersJobRow>(
    db,
    sql`SELECT j.id, j.number, j.status, j.shop_id, s.name AS shop_name, s.slug AS shop_slug, s.upi_vpa, s.upi_payee,
               s.weekly_hours, s.time_zone, s.closed_on::text AS closed_on, s.primary_color,
               j.created_at, j.printed_at, j.printing_at, j.payment_claimed_at,
               (SELECT o.payment_method FROM orders o WHERE o.job_id = j.id ORDER BY o.created_at DESC LIMIT 1) AS payment_method
        FROM jobs j JOIN shops s ON s.id = j.shop_id WHERE j.token_hash = ${tokenHash}`,
  );
  return rows[0];
}

export type CustomersJobRow = {
  id: string;
  number: number;
  status: string;
  shop_id: string;
  shop_name: string;
  shop_slug: string;
  upi_vpa: string | null;
  upi_payee: string | null;
  weekly_hours: TWeeklyHours;
  time_zone: string;
  closed_on: string | null;
  primary_color: string;
  created_at: Stamp;
  printed_at: Stamp | null;
  printing_at: Stamp | null;
  payment_claimed_at: Stamp | null;
  payment_method: string | null;
};
type Stamp = Date | string;

/** When each of the job's files went or goes: the bin's expiry, a save that keeps it, and the last copy's purge. */
export type DeletionTimes = { active: number; saved: number; expires_at: Stamp | null; purged_at: Stamp | null };

export type CustomerFile = {
  id: string;
  original_name: string;
  extension: string;
  pages: number | null;
  conversion: string;
  conversion_error: string | null;
  prepared_at: Date | null;
  thumbnail_key: string | null;
  print_options: unknown;
  color_pages: number[] | null;
  color_pages_checked: number | null;
  /** An `auto` file whose colour pages are still being found: its price is not final yet. */
  awaiting_color: boolean;
};

/** What the status page reads of the job's files, asked of the feature that owns them (features/jobs). */
export type StatusFiles = {
  /** The job's files still there, in order, each with its thumbnail's key when it has one. */
  customerFilesOf(jobId: string): Promise<CustomerFile[]>;
  deletionTimesOf(jobId: string): Promise<DeletionTimes>;
};
