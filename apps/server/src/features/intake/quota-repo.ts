import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/index.js';

/** How long an upload in progress holds its quota and its blobs without renewing. */
export const LEASE_MS = 10 * 60 * 1000;
const leaseFrom = (now: Date) => new Date(now.getTime() + LEASE_MS).toISOString();

/** What a shop holds, and what one address keeps unprinted there, counting live uploads in progress. */
export type Usage = { shopBytes: number; addressBytes: number; addressJobs: number; live: boolean };

/**
 * Runs `fn` holding the shop row's lock: every grant of quota, on any instance, is made under it, and
 * the usage read after taking it sees every grant committed before (docs/decisions/014).
 * Answers undefined when the shop is gone.
 */
export async function underShopLock<T>(db: Db, shopId: string, fn: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const shop = await queryRows(tx, sql`SELECT 1 FROM shops WHERE id = ${shopId} FOR NO KEY UPDATE`);
    return shop.length === 0 ? undefined : fn(tx);
  });
}

/** `uploadId`'s own reservation counts in the bytes, not in the jobs; `live` says whether it is still held. */
export async function usageOf(tx: Db, shopId: string, clientKey: string, uploadId: string, now: Date): Promise<Usage> {
  const rows = await queryRows<{ shop_bytes: string; address_bytes: string; address_jobs: string; live: boolean | null }>(
    tx,
    sql`WITH held AS (SELECT id, client_key, bytes FROM upload_reservations WHERE shop_id = ${shopId} AND expires_at > ${now.toISOString()}),
          sending AS (SELECT client_key, received + held AS size FROM resumable_uploads
                      WHERE shop_id = ${shopId} AND used_at IS NULL AND expires_at > ${now.toISOString()}
                        AND (received = size OR stalls_at > ${now.toISOString()}))
        SELECT
          (SELECT coalesce(sum(size), 0) FROM job_files WHERE shop_id = ${shopId} AND state <> 'purged')
            + (SELECT coalesce(sum(size), 0) FROM file_derivatives WHERE shop_id = ${shopId} AND purged_at IS NULL)
            + (SELECT coalesce(sum(bytes), 0) FROM held)
            + (SELECT coalesce(sum(size), 0) FROM sending) AS shop_bytes,
          (SELECT coalesce(sum(f.size), 0) FROM jobs j JOIN job_files f ON f.job_id = j.id AND f.state = 'active'
             WHERE j.shop_id = ${shopId} AND j.client_key = ${clientKey} AND j.status = 'queued')
            + (SELECT coalesce(sum(bytes), 0) FROM held WHERE client_key = ${clientKey})
            + (SELECT coalesce(sum(size), 0) FROM sending WHERE client_key = ${clientKey}) AS address_bytes,
          (SELECT count(*) FROM jobs WHERE shop_id = ${shopId} AND client_key = ${clientKey} AND status = 'queued')
            + (SELECT count(*) FROM held WHERE client_key = ${clientKey} AND id <> ${uploadId}) AS address_jobs,
          EXISTS (SELECT 1 FROM held WHERE id = ${uploadId}) AS live`,
  );
  const r = rows[0]!;
  return {
    shopBytes: Number(r.shop_bytes),
    addressBytes: Number(r.address_bytes),
    addressJobs: Number(r.address_jobs),
    live: r.live === true,
  };
}

type NewReservation = { id: string; shopId: string; clientKey: string; bytes: number };

export async function insertReservation(tx: Db, r: NewReservation, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO upload_reservations (id, shop_id, client_key, bytes, expires_at)
        VALUES (${r.id}, ${r.shopId}, ${r.clientKey}, ${r.bytes}, ${leaseFrom(now)})`,
  );
}

export async function growReservation(tx: Db, id: string, bytes: number, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE upload_reservations SET bytes = bytes + ${bytes}, expires_at = ${leaseFrom(now)} WHERE id = ${id}`);
}

/**
 * Renews the leases of this instance's uploads, which are alive whatever their lease says, and answers
 * those still there: a reaper removed the others as lapsed, and may have taken their blobs.
 */
export async function renewReservations(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE upload_reservations SET expires_at = ${leaseFrom(now)} WHERE id = any(${sql.param(ids)}::uuid[]) RETURNING id`,
  );
  return new Set(rows.map((r) => r.id));
}

export async function deleteReservation(db: Db, id: string): Promise<void> {
  await db.execute(sql`DELETE FROM upload_reservations WHERE id = ${id}`);
}

/** In the job's own transaction: the quota it held becomes the files it stored. False when its lease was lost. */
export async function settleReservation(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`DELETE FROM upload_reservations WHERE id = ${id} AND expires_at > ${now.toISOString()} RETURNING id`,
  );
  return rows.length > 0;
}

/** Leases of uploads whose process died: their quota is free again and their blobs become orphans. */
export async function deleteExpiredReservations(db: Db, now: Date): Promise<number> {
  const rows = await queryRows(db, sql`DELETE FROM upload_reservations WHERE expires_at <= ${now.toISOString()} RETURNING id`);
  return rows.length;
}

/** Of the blob keys given, those under the job id of an upload whose lease still holds (shops/{shop}/jobs/{job}/...). */
export async function reservedBlobs(db: Db, keys: string[], now: Date): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ key: string }>(
    db,
    sql`SELECT k.key FROM unnest(${sql.param(keys)}::text[]) AS k(key)
        JOIN upload_reservations r ON r.id::text = split_part(k.key, '/', 4) AND r.expires_at > ${now.toISOString()}`,
  );
  return rows.map((r) => r.key);
}
