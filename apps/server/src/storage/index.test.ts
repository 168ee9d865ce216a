import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../test/support/local-s3.js';
import { createBlobStore, EncryptedBlobStore, verifyFileUrl } from './index.js';
import { readAll } from './stream-util.js';

const secrets = { fileEncryptionKey: randomBytes(32).toString('hex'), fileUrlSecret: 'file-url-secret-file-url-secret-0123' };
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('createBlobStore', () => {
  it('is encrypted disk under DATA_DIR/blobs by default, and clears stale temp files', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-data-'));
    dirs.push(dataDir);
    const tmp = path.join(dataDir, 'blobs', '.tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, 'stale'), 'x');
    utimesSync(path.join(tmp, 'stale'), new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    writeFileSync(path.join(tmp, 'in-flight'), 'x');

    const store = await createBlobStore({ dataDir, s3: undefined, ...secrets });
    expect(store).toBeInstanceOf(EncryptedBlobStore);
    expect(store.kind).toBe('disk');
    await store.put('shops/a/f', Readable.from([Buffer.from('plain words here')]));
    expect(readFileSync(path.join(dataDir, 'blobs', 'shops', 'a', 'f')).includes('plain words')).toBe(false);
    expect((await readAll((await store.get('shops/a/f')).stream)).toString()).toBe('plain words here');
    expect(await store.freeBytes?.()).toBeGreaterThan(0);
    expect(await store.healthy()).toBe(true);
    const url = await store.signedUrl('shops/a/f', 600, 'f.txt');
    expect(verifyFileUrl(secrets.fileUrlSecret, url)).toMatchObject({ ok: true, key: 'shops/a/f' });
    await new Promise((r) => setTimeout(r, 50)); // the temp sweep runs in the background
    expect(readdirSync(tmp)).toEqual(['in-flight']);
  });

  it('is encrypted S3 when S3 is configured', async () => {
    const s3 = await startLocalS3();
    const store = await createBlobStore({
      dataDir: '/nonexistent',
      s3: {
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'cp-index-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      createBucket: true,
      ...secrets,
    });
    try {
      expect(store.kind).toBe('s3');
      await store.put('k/1', Readable.from([Buffer.from('via s3')]));
      expect((await readAll((await store.get('k/1')).stream)).toString()).toBe('via s3');
      expect(await store.healthy()).toBe(true);
      // The health probe's object is deleted right after it was written.
      const keys: string[] = [];
      for await (const b of store.list('')) keys.push(b.key);
      expect(keys).toEqual(['k/1']);
      expect(await store.freeBytes?.()).toBeUndefined();
    } finally {
      await store.close?.();
      await s3.close();
    }
  });
});
