import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DiskObjectStore } from '../../src/storage/disk.js';
import { EncryptedBlobStore } from '../../src/storage/encrypted.js';
import { localS3Store, startLocalS3 } from '../support/local-s3.js';
import { blobStoreContract } from './blob-store.contract.js';

const secret = 'file-url-secret-file-url-secret-0123';

function diskSubject() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-blobs-'));
  const disk = new DiskObjectStore({ root: dir, fileUrlSecret: secret });
  const leftovers = async () => readdirSync(path.join(dir, '.tmp')).length;
  return { disk, leftovers, close: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function s3Subject() {
  const s3 = await startLocalS3();
  // 5 MiB parts (the S3 minimum) so the 6 MiB and 9 MiB failure cases happen mid-multipart.
  const { store, openUploads } = localS3Store(s3, `cp-${randomBytes(4).toString('hex')}`, { partSize: 5 * 1024 * 1024 });
  const close = async () => {
    await store.close();
    await s3.close();
  };
  return { store, leftovers: async () => openUploads(), close };
}

const encrypt = (raw: DiskObjectStore | Awaited<ReturnType<typeof s3Subject>>['store']) =>
  new EncryptedBlobStore(raw, { masterKey: randomBytes(32).toString('hex'), fileUrlSecret: secret });

blobStoreContract('disk', async () => {
  const d = diskSubject();
  return { store: d.disk, leftovers: d.leftovers, close: d.close };
});

blobStoreContract('encrypted over disk', async () => {
  const d = diskSubject();
  return { store: encrypt(d.disk), leftovers: d.leftovers, close: d.close };
});

blobStoreContract('s3 (s3rver)', async () => s3Subject());

blobStoreContract('encrypted over s3 (s3rver)', async () => {
  const s = await s3Subject();
  return { ...s, store: encrypt(s.store) };
});
