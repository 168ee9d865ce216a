import { createHmac } from 'node:crypto';
import { UPLOAD_LIMITS } from '@counterprint/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { HttpError } from '../../http/errors.js';
import * as quotaRepo from './quota-repo.js';
import { storageFull } from './upload.js';

export type QuotaLimits = {
  /** Bytes a shop may store (SHOP_STORAGE_QUOTA). */
  shopBytes: number;
  /** Share of `shopBytes` one address may keep unprinted in a shop (ADDRESS_STORAGE_SHARE). */
  addressShare: number;
  /** Jobs one address may keep unprinted in a shop, uploads in progress included (ADDRESS_UNPRINTED_JOBS). */
  addressJobs: number;
};

export const addressLimitReached = () =>
  new HttpError(429, 'ADDRESS_UPLOAD_LIMIT', 'You already have many files waiting at this shop. Please try again once they are printed.');
/** A stored file vanished before the job was written (docs/decisions/014): nothing is acknowledged. */
export const uploadLost = () => new HttpError(503, 'UPLOAD_INCOMPLETE', 'Your upload could not be saved. Please try again.');

/** The uploading address, keyed: a database copy does not show it, and 2^32 IPv4 addresses cannot be tried without the key. */
export function clientKeyOf(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`upload-address\0${ip}`).digest('base64url').slice(0, 22);
}

/** A body with no Content-Length reserves this much at a time. */
const STEP_BYTES = 8 * 1024 * 1024;
const MAX_UPLOAD_BYTES = UPLOAD_LIMITS.maxFiles * UPLOAD_LIMITS.maxFileBytes;
/** Well inside the lease, so that a few failed renewals in a row lose nothing. */
const RENEW_MS = quotaRepo.LEASE_MS / 5;

type Refusal = 'shop' | 'address' | 'lost';
type OpenUpload = { jobId: string; shopId: string; clientKey: string; bodyBytes: number | undefined };

/**
 * This instance's uploads in progress (docs/decisions/014). It renews their leases while they run, so
 * that neither their quota nor their blobs are taken however long they take; the orphan reaper calls
 * `renewAll` before it judges leases, so that its own instance's uploads are never judged lapsed.
 */
export class UploadLeases {
  private readonly held = new Map<string, UploadReservation>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly db: Db,
    readonly clock: Clock,
  ) {}

  /** Takes a first grant (the whole body when its length is known), or refuses the upload (507 or 429) before it is read. */
  async open(limits: QuotaLimits, u: OpenUpload): Promise<UploadReservation> {
    const expected = u.bodyBytes === undefined ? undefined : Math.min(u.bodyBytes, MAX_UPLOAD_BYTES);
    const r = new UploadReservation(this, limits, u.jobId, u.shopId, u.clientKey, expected);
    await r.grow(1, expected ?? STEP_BYTES, true);
    this.held.set(r.jobId, r);
    if (!this.timer) {
      this.timer = setInterval(() => void this.renewAll().catch(() => {}), RENEW_MS);
      this.timer.unref();
    }
    return r;
  }

  async renewAll(): Promise<void> {
    if (this.held.size === 0) return;
    // Judged are only the leases this renewal asked for: one taken while it ran was not in it.
    const asked = [...this.held.keys()];
    const kept = await quotaRepo.renewReservations(this.db, asked, this.clock.now());
    for (const id of asked) if (!kept.has(id)) this.held.get(id)?.lose();
  }

  /** Stops holding: the job's transaction already ended the reservation, or the upload failed. */
  async close(r: UploadReservation): Promise<void> {
    this.held.delete(r.jobId);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    // A failed delete only waits for the lease to lapse.
    await quotaRepo.deleteReservation(this.db, r.jobId).catch(() => {});
  }
}

/**
 * The quota one upload in progress holds. It is granted before any byte is stored and grown as bytes
 * arrive, always under the shop's lock, so that parallel uploads on any instance never store more than
 * the shop's quota, nor one address more than its share. Its row also tells the orphan reaper that the
 * blobs under its job id belong to an upload in progress.
 */
export class UploadReservation {
  private granted = 0;
  private used = 0;
  private failure: HttpError | undefined;
  private growing: Promise<void> = Promise.resolve();

  constructor(
    private readonly leases: UploadLeases,
    private readonly limits: QuotaLimits,
    readonly jobId: string,
    readonly shopId: string,
    readonly clientKey: string,
    /** Upper bound of the file bytes to come (the body's length), when the client said it. */
    private readonly expected: number | undefined,
  ) {}

  /**
   * Counts `bytes` more of the upload's files; resolves once they are covered, or rejects (507 or 429)
   * when the shop or the address has no room left for them. Undefined when already covered (no wait).
   */
  cover(bytes: number): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    this.used += bytes;
    if (this.used <= this.granted) return undefined;
    const next = this.growing.then(() => {
      if (this.failure) throw this.failure;
      if (this.used <= this.granted) return;
      const need = this.used - this.granted;
      return this.grow(need, Math.max(need, this.expected === undefined ? STEP_BYTES : this.expected - this.granted), false);
    });
    this.growing = next.catch(() => {});
    return next;
  }

  /** Its lease lapsed: the next byte fails, and so would settling it. */
  lose(): void {
    this.failure ??= uploadLost();
  }

  /** Grants between `need` and `want` bytes, as much as the shop's and the address's room allow. */
  async grow(need: number, want: number, create: boolean): Promise<void> {
    const { db, clock } = this.leases;
    const { limits } = this;
    const outcome = await quotaRepo.underShopLock(db, this.shopId, async (tx): Promise<number | Refusal> => {
      const now = clock.now();
      const usage = await quotaRepo.usageOf(tx, this.shopId, this.clientKey, this.jobId, now);
      if (!create && !usage.live) return 'lost';
      if (create && usage.addressJobs + 1 > limits.addressJobs) return 'address';
      const shopRoom = limits.shopBytes - usage.shopBytes;
      const addressRoom = Math.floor(limits.shopBytes * limits.addressShare) - usage.addressBytes;
      if (shopRoom < need) return 'shop';
      if (addressRoom < need) return 'address';
      const bytes = Math.min(want, shopRoom, addressRoom);
      const row = { id: this.jobId, shopId: this.shopId, clientKey: this.clientKey, bytes };
      if (create) await quotaRepo.insertReservation(tx, row, now);
      else await quotaRepo.growReservation(tx, this.jobId, bytes, now);
      return bytes;
    });
    if (typeof outcome === 'number') {
      this.granted += outcome;
      return;
    }
    this.failure = outcome === 'address' ? addressLimitReached() : outcome === 'shop' ? storageFull() : uploadLost();
    throw this.failure;
  }
}
