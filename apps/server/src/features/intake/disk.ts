import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../../storage/blob-store.js';

/** Where blobs are written on disk, and the room an upload must leave there. */
export type DiskRoom = { dataDir: string; minFreeDisk: number };

/** Measured where blobs are written: DATA_DIR/blobs may be a volume of its own. */
export async function diskHasRoom(blobs: Pick<BlobStore, 'kind'>, d: DiskRoom): Promise<boolean> {
  if (blobs.kind !== 'disk') return true;
  for (const dir of [path.join(d.dataDir, 'blobs'), d.dataDir]) {
    const s = await statfs(dir).catch(() => undefined);
    if (s) return s.bavail * s.bsize >= d.minFreeDisk;
  }
  return true;
}
