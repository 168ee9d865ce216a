import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { DiskObjectStore } from './disk.js';
import { EncryptedBlobStore } from './encrypted.js';

export * from './blob-store.js';
export { EncryptedBlobStore } from './encrypted.js';
export { verifyFileUrl } from './file-routes.js';

export type BlobStoreConfig = Pick<Config, 'dataDir' | 's3' | 'fileEncryptionKey' | 'fileUrlSecret'> & {
  /** Create the S3 bucket when missing (tests and local setups). */
  createBucket?: boolean;
};

/** Any pino logger fits. */
type Logger = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

/**
 * Disk under `DATA_DIR/blobs` unless S3 is configured; always encrypted at rest (docs/decisions/002).
 * The AWS SDK is loaded only for S3: on disk it would be ~5 MB of heap that every full GC marks.
 */
export async function createBlobStore(config: BlobStoreConfig, logger?: Logger): Promise<BlobStore> {
  let raw: BlobStore;
  if (config.s3) {
    const { S3ObjectStore } = await import('./s3.js');
    raw = new S3ObjectStore({ ...config.s3, createBucket: config.createBucket });
  } else {
    const disk = new DiskObjectStore({ root: path.join(config.dataDir, 'blobs') });
    // Uploads cut off by a crash leave temp files; a failure here only means they wait for the next start.
    disk.cleanTemp().then(
      (removed) => removed > 0 && logger?.info({ removed }, 'removed stale blob temp files'),
      (err: Error) => logger?.warn({ err: err.message }, 'could not clean blob temp files'),
    );
    raw = disk;
  }
  return new EncryptedBlobStore(raw, { masterKey: config.fileEncryptionKey, fileUrlSecret: config.fileUrlSecret });
}
