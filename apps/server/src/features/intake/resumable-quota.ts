import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import { addressLimitReached, type QuotaLimits } from './quota.js';
import { underShopLock, usageOf } from './quota-repo.js';
import * as repo from './resumable-repo.js';
import { storageFull } from './upload.js';

/**
 * What a tus upload counts against the quotas (docs/decisions/053-tus-quota-counts-bytes-received.md):
 * the bytes it received, plus a small allowance between PATCHes, so a creation that sends nothing
 * holds almost nothing; a PATCH holds the rest of its file only while it runs.
 */
export type ResumableLimits = QuotaLimits & {
  /** Uploads one address may have open (not yet whole) at a shop at once. */
  addressOpenUploads: number;
  /** Uploads a shop may have open at once, from all addresses. */
  shopOpenUploads: number;
  /** An upload that does not move on for this long is deleted with its bytes. */
  stallMs: number;
};

/** Counted per open upload between its PATCHes. */
export const ALLOWANCE_BYTES = 256 * 1024;
const NO_RESERVATION = '00000000-0000-0000-0000-000000000000';

export const tooManyOpenFromAddress = () =>
  new HttpError(
    429,
    'UPLOADS_IN_PROGRESS',
    'You are already sending many files to this shop. Wait for them to finish, then send the rest.',
  );
export const tooManyOpenAtShop = () =>
  new HttpError(429, 'SHOP_UPLOADS_BUSY', 'This shop is receiving many files right now. Please try again in a few minutes.');

type Room = { shop: number; address: number };

/** The bytes the shop and the address may still take, not counting `own` (what the upload itself holds beyond its bytes). */
async function roomFor(tx: Db, limits: QuotaLimits, shopId: string, clientKey: string, now: Date, own: number): Promise<Room> {
  const usage = await usageOf(tx, shopId, clientKey, NO_RESERVATION, now);
  return {
    shop: limits.shopBytes - usage.shopBytes + own,
    address: Math.floor(limits.shopBytes * limits.addressShare) - usage.addressBytes + own,
  };
}

/** The refusal when `bytes` do not fit: the address's own share (429) before the shop's storage (507). */
function overflow(room: Room, bytes: number): HttpError | undefined {
  if (room.address < bytes && room.shop >= bytes) return addressLimitReached();
  if (room.shop < bytes) return storageFull();
  return undefined;
}

/**
 * Writes a new upload's row, under the shop's lock as a form's upload is granted, so that parallel
 * creations on any instance never accept more than fits: refused when its address or the shop has too
 * many open, or when its declared size does not fit what is left. It holds only the allowance.
 */
export async function openUpload(db: Db, limits: ResumableLimits, row: Omit<repo.NewUpload, 'held' | 'stalls_at'>): Promise<void> {
  const now = row.created_at;
  const refused = await underShopLock(db, row.shop_id, async (tx) => {
    const open = await repo.openUploadCounts(tx, row.shop_id, row.client_key, now);
    if (open.address >= limits.addressOpenUploads) return tooManyOpenFromAddress();
    if (open.shop >= limits.shopOpenUploads) return tooManyOpenAtShop();
    const refusal = overflow(await roomFor(tx, limits, row.shop_id, row.client_key, now, 0), row.size);
    if (refusal) return refusal;
    const stalls_at = new Date(now.getTime() + limits.stallMs);
    await repo.insertUpload(tx, { ...row, held: Math.min(row.size, ALLOWANCE_BYTES), stalls_at });
    return undefined;
  });
  if (refused) throw refused;
}

/** Before a PATCH's bytes are taken: the rest of the file is held while it runs, or the PATCH is refused. */
export async function holdRest(db: Db, limits: ResumableLimits, row: repo.ResumableRow, now: Date): Promise<void> {
  const rest = row.size - row.received;
  const refused = await underShopLock(db, row.shop_id, async (tx) => {
    const refusal = overflow(await roomFor(tx, limits, row.shop_id, row.client_key, now, row.held), rest);
    if (refusal) return refusal;
    // A PATCH that runs is progress, however slow (a body too slow is cut by BodyGuard): it stalls only at the upload's expiry.
    await repo.setHold(tx, row.id, rest, row.expires_at);
    return undefined;
  });
  if (refused) throw refused;
}

/** After a PATCH, whatever it got: back to the allowance, and the no-progress window starts again. */
export const releaseRest = (db: Db, limits: ResumableLimits, id: string, now: Date) =>
  repo.setHold(db, id, ALLOWANCE_BYTES, new Date(now.getTime() + limits.stallMs));
