import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/index.js';

/** A file being sent with tus (issue 21), as its row says. */
export type ResumableRow = {
  id: string;
  shop_id: string;
  size: number;
  received: number;
  filename: string;
  client_key: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** Counted against the quotas beyond `received`: a small allowance, or the rest of the file while a PATCH runs. */
  held: number;
  /** Gone at this time unless it moves on or is whole. */
  stalls_at: Date;
};

const asRow = (r: Record<string, unknown>): ResumableRow => ({
  ...(r as ResumableRow),
  size: Number(r.size),
  received: Number(r.received),
  held: Number(r.held),
  stalls_at: new Date(r.stalls_at as string),
  created_at: new Date(r.created_at as string),
  expires_at: new Date(r.expires_at as string),
  used_at: r.used_at ? new Date(r.used_at as string) : null,
});

export type NewUpload = Omit<ResumableRow, 'received' | 'used_at'>;

export async function insertUpload(db: Db, u: NewUpload): Promise<void> {
  await db.execute(
    sql`INSERT INTO resumable_uploads (id, shop_id, size, filename, client_key, created_at, expires_at, held, stalls_at)
        VALUES (${u.id}, ${u.shop_id}, ${u.size}, ${u.filename}, ${u.client_key}, ${u.created_at.toISOString()},
                ${u.expires_at.toISOString()}, ${u.held}, ${u.stalls_at.toISOString()})`,
  );
}

/** Unused, unexpired, and whole or still moving: what counts against the quotas and the caps. */
const liveAt = (now: Date) =>
  sql`used_at IS NULL AND expires_at > ${now.toISOString()} AND (received = size OR stalls_at > ${now.toISOString()})`;

/** Uploads still being sent (not yet whole) at the shop, and how many of them come from `clientKey`. */
export async function openUploadCounts(tx: Db, shopId: string, clientKey: string, now: Date): Promise<{ shop: number; address: number }> {
  const rows = await queryRows<{ shop: string; address: string }>(
    tx,
    sql`SELECT count(*) AS shop, count(*) FILTER (WHERE client_key = ${clientKey}) AS address
        FROM resumable_uploads WHERE shop_id = ${shopId} AND received < size AND ${liveAt(now)}`,
  );
  return { shop: Number(rows[0]?.shop ?? 0), address: Number(rows[0]?.address ?? 0) };
}

/** Sets what the upload counts beyond its bytes, and when it stalls if it does not move on. */
export async function setHold(db: Db, id: string, held: number, stallsAt: Date): Promise<void> {
  await db.execute(
    sql`UPDATE resumable_uploads SET held = least(${held}, size - received), stalls_at = ${stallsAt.toISOString()} WHERE id = ${id}`,
  );
}

/** A shop's uploads in progress (and whole ones no job took yet), oldest first, for its staff. */
export async function liveUploadsOf(db: Db, shopId: string, now: Date, limit: number): Promise<ResumableRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM resumable_uploads WHERE shop_id = ${shopId} AND ${liveAt(now)} ORDER BY created_at LIMIT ${limit}`,
  );
  return rows.map(asRow);
}

export async function findUpload(db: Db, id: string): Promise<ResumableRow | undefined> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM resumable_uploads WHERE id = ${id}`);
  return rows[0] ? asRow(rows[0]) : undefined;
}

/** The upload `id` if it was begun at the shop whose slug is `slug`. */
export async function findUploadAtShop(db: Db, id: string, slug: string): Promise<ResumableRow | undefined> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT u.* FROM resumable_uploads u JOIN shops s ON s.id = u.shop_id WHERE u.id = ${id} AND s.slug = ${slug.toLowerCase()}`,
  );
  return rows[0] ? asRow(rows[0]) : undefined;
}

/**
 * Records a segment that starts where the file has got to; false, with nothing written, when another
 * request (on any instance) moved the file on meanwhile or it was taken by a job.
 */
export async function addSegment(
  db: Db,
  id: string,
  start: number,
  segment: { size: number; sha256: string; blobKey: string },
): Promise<boolean> {
  const { size, sha256, blobKey } = segment;
  return db.transaction(async (tx) => {
    const t = tx;
    const moved = await queryRows<{ id: string }>(
      t,
      sql`UPDATE resumable_uploads SET received = received + ${size}
          WHERE id = ${id} AND received = ${start} AND used_at IS NULL AND received + ${size} <= size RETURNING id`,
    );
    if (moved.length === 0) return false;
    await t.execute(
      sql`INSERT INTO resumable_segments (upload_id, start_at, size, blob_key, sha256) VALUES (${id}, ${start}, ${size}, ${blobKey}, ${sha256})`,
    );
    return true;
  });
}

export const segmentsOf = (db: Db, id: string) =>
  queryRows<{ blob_key: string; size: string; sha256: string | null }>(
    db,
    sql`SELECT blob_key, size, sha256 FROM resumable_segments WHERE upload_id = ${id} ORDER BY start_at`,
  );

/** The upload's first `limit` segments' blob keys, in order. */
export const firstSegments = (db: Db, id: string, limit: number) =>
  queryRows<{ blob_key: string }>(
    db,
    sql`SELECT blob_key FROM resumable_segments WHERE upload_id = ${id} ORDER BY start_at LIMIT ${limit}`,
  );

/** Deletes the upload's row and answers its segments' blob keys, for the caller to delete. */
export async function deleteUpload(db: Db, id: string): Promise<string[]> {
  const keys = await queryRows<{ blob_key: string }>(db, sql`SELECT blob_key FROM resumable_segments WHERE upload_id = ${id}`);
  await db.execute(sql`DELETE FROM resumable_uploads WHERE id = ${id}`);
  return keys.map((k) => k.blob_key);
}

/** Uploads nobody made a job of before they expired, or that stalled before they were whole. */
export const expiredUploads = (db: Db, now: Date, limit: number) =>
  queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM resumable_uploads
        WHERE used_at IS NULL AND (expires_at <= ${now.toISOString()} OR (received < size AND stalls_at <= ${now.toISOString()}))
        ORDER BY expires_at LIMIT ${limit}`,
  );

const USED_UPLOAD_KEPT_MS = 60_000;

/**
 * Uploads whose job was made a minute ago or more: their segments are copied into the job's files. The minute
 * keeps the row, so a phone that lost the job call's answer and sends it again is told the files were already
 * sent (409 UPLOAD_USED), not that they are unknown.
 */
export const usedUploads = (db: Db, now: Date, limit: number) =>
  queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM resumable_uploads WHERE used_at <= ${new Date(now.getTime() - USED_UPLOAD_KEPT_MS).toISOString()} LIMIT ${limit}`,
  );

/**
 * Claims completed uploads of one shop for a job, in the caller's transaction; answers the rows claimed
 * (locked), so a second job call with the same ids finds them used.
 */
export async function claimUploads(tx: Db, shopId: string, ids: string[], now: Date, adopted: string[]) {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT * FROM resumable_uploads WHERE id = any(${sql.param(ids)}::text[]) FOR UPDATE`,
  );
  const mark = async () => {
    await tx.execute(
      sql`UPDATE resumable_uploads SET used_at = ${now.toISOString()} WHERE id = any(${sql.param(ids)}::text[]) AND shop_id = ${shopId}`,
    );
    // A segment that became a job's blob is the job's now: the sweep of used uploads must not delete it.
    if (adopted.length > 0) await tx.execute(sql`DELETE FROM resumable_segments WHERE blob_key = any(${sql.param(adopted)}::text[])`);
  };
  return { rows: rows.map(asRow), mark };
}
