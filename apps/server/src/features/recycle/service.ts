import { SIGNED_LINK_TTL_SECONDS, type TRecycleItem } from '@counterprint/contract';
import type { AuthUser } from '../../auth/guards.js';
import { requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/errors.js';
import type { JobAnnouncer } from '../../realtime/job-announcer.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { resolveShopId } from '../shops/scope.js';
import { type BinFile, type BinFiles, toItem } from './item.js';

const RANGE_MS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
const PREVIEWABLE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp']);

export type RecycleDeps = {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  announcer: JobAnnouncer;
  bin: BinFiles;
  /** Told once a file is deleted for good: the job's receipt is due if it was the last (never throws). */
  onPurged?: (jobId: string) => Promise<void>;
};

export class RecycleService {
  constructor(private readonly d: RecycleDeps) {}

  private async item(b: BinFile): Promise<TRecycleItem> {
    const preview = PREVIEWABLE.has(b.file.contentType)
      ? await this.d.blobs.signedUrl(b.file.blobKey, SIGNED_LINK_TTL_SECONDS, b.file.originalName, {
          inline: true,
          contentType: b.file.contentType,
        })
      : null;
    return toItem(b, preview);
  }

  async list(user: AuthUser, q: { range: keyof typeof RANGE_MS; fileType: string; shopId?: string }): Promise<TRecycleItem[]> {
    const shopId = await resolveShopId(this.d.db, user, q.shopId);
    const since = new Date(this.d.clock.now().getTime() - RANGE_MS[q.range]);
    const rows = await this.d.bin.list([shopId], { states: ['recycled'], since });
    const items = await Promise.all(rows.map((r) => this.item(r)));
    return q.fileType === 'all' ? items : items.filter((i) => i.type === q.fileType);
  }

  async saved(user: AuthUser, shopId: string | undefined): Promise<TRecycleItem[]> {
    const id = await resolveShopId(this.d.db, user, shopId);
    const rows = await this.d.bin.list([id], { states: ['saved'] });
    return Promise.all(rows.map((r) => this.item(r)));
  }

  private async owned(user: AuthUser, fileId: string): Promise<BinFile> {
    const found = await this.d.bin.find(fileId);
    if (!found || found.file.state === 'purged') throw notFound('File not found in the recycle bin', 'RECYCLE_NOT_FOUND');
    await requireShopAccess(this.d.db, user, found.file.shopId);
    return found;
  }

  /** Saved files never expire; they stay until deleted. */
  async save(user: AuthUser, fileId: string): Promise<TRecycleItem> {
    const b = await this.owned(user, fileId);
    if (b.file.state !== 'recycled') throw conflict('Only files in the recycle bin can be saved', 'NOT_IN_BIN');
    const moved = await this.d.bin.save(fileId, this.d.clock.now());
    if (!moved) throw conflict('The file has just expired', 'NOT_IN_BIN');
    return this.item({ ...b, file: moved });
  }

  /** The file goes back on its job and the job back in the live queue. */
  async revert(user: AuthUser, fileId: string): Promise<TRecycleItem> {
    const b = await this.owned(user, fileId);
    if (b.file.state !== 'recycled' && b.file.state !== 'saved') throw conflict('The file is not in the recycle bin', 'NOT_IN_BIN');
    const wasVisible = b.job.status !== 'cancelled';
    const restored = await this.d.bin.restore(fileId, b.job.id);
    if (!restored) throw conflict('The file has just expired', 'NOT_IN_BIN');
    // A cancelled job had left the staff's list, so it comes back as new.
    this.d.announcer.announce(b.job.shopId, b.job.id, wasVisible ? 'updated' : 'created');
    return this.item({ ...b, file: restored });
  }

  /** Deleted for good: the row is marked purged first, so no link works while the blob goes. */
  async remove(user: AuthUser, fileId: string): Promise<void> {
    const b = await this.owned(user, fileId);
    if (b.file.state === 'active') throw conflict('The file is still on a job in the queue', 'NOT_IN_BIN');
    const blobKeys = await this.d.bin.purge(fileId, this.d.clock.now());
    for (const key of blobKeys) await this.d.blobs.delete(key);
    if (blobKeys.length > 0) await this.d.onPurged?.(b.job.id);
  }
}
