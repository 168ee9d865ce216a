import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** The job a customer's token names, with its shop's public name; undefined for any other token. */
export async function findJobByToken(db: Db, tokenHash: string) {
  const rows = await queryRows<{ id: string; number: number; status: string; shop_id: string; shop_name: string; shop_slug: string }>(
    db,
    sql`SELECT j.id, j.number, j.status, j.shop_id, s.name AS shop_name, s.slug AS shop_slug
        FROM jobs j JOIN shops s ON s.id = j.shop_id WHERE j.token_hash = ${tokenHash}`,
  );
  return rows[0];
}

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

/** The job's files still there, in order, each with its thumbnail's key when it has one. */
export const filesOf = (db: Db, jobId: string) =>
  queryRows<CustomerFile>(
    db,
    sql`SELECT f.id, f.original_name, f.extension, f.pages, f.conversion, f.conversion_error, f.prepared_at,
               f.print_options, f.color_pages, f.color_pages_checked,
               (f.state = 'active' AND f.print_options->>'color' = 'auto' AND f.color_detected_at IS NULL) AS awaiting_color,
               (SELECT d.blob_key FROM file_derivatives d
                 WHERE d.file_id = f.id AND d.role = 'thumbnail' AND d.purged_at IS NULL) AS thumbnail_key
        FROM job_files f WHERE f.job_id = ${jobId} AND f.state <> 'purged' ORDER BY f.position`,
  );
