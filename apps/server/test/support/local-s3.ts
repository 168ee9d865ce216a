import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStore, type S3ObjectStoreOptions } from '../../src/storage/s3.js';

export type LocalS3 = { endpoint: string; server: S3rver; close(): Promise<void> };

/** s3rver on a free port, storing under a fresh temp folder (test helper). */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'cp-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 store on the local server that records the commands it sends, to check multipart uploads are closed. */
export function localS3Store(s3: LocalS3, bucket: string, extra: Partial<S3ObjectStoreOptions> = {}) {
  const store = new S3ObjectStore({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    createBucket: true,
    fileUrlSecret: 'test-secret-test-secret-test-secret!',
    ...extra,
  });
  const commands: string[] = [];
  store.client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  /** Multipart uploads begun and neither completed nor aborted. */
  const openUploads = () =>
    commands.filter((c) => c === 'CreateMultipartUploadCommand').length -
    commands.filter((c) => c === 'CompleteMultipartUploadCommand' || c === 'AbortMultipartUploadCommand').length;
  return { store, commands, openUploads };
}
