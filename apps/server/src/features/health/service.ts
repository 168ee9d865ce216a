import type { THealth } from '@counterprint/contract';
import type { Database } from '../../db/index.js';
import type { BlobStore } from '../../storage/blob-store.js';

/** Whether the database and the blob store answer now (either failing makes the service degraded), and whether documents convert. */
export class HealthService {
  constructor(private readonly d: { database: Database; blobs: BlobStore; converter: { available(): boolean } }) {}

  async check(): Promise<THealth> {
    const { database, blobs } = this.d;
    const [dbOk, blobOk] = await Promise.all([database.ping(), blobs.healthy().catch(() => false)]);
    return {
      status: dbOk && blobOk ? 'ok' : 'degraded',
      database: { ok: dbOk, kind: database.kind },
      blobStore: { ok: blobOk, kind: blobs.kind },
      converter: { available: this.d.converter.available() },
    };
  }
}
