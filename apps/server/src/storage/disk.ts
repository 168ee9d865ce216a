import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { WriteStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rmdir, stat, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidPrefix,
  BlobNotFoundError,
  type BlobRead,
  type BlobStore,
  type ByteRange,
  clampRange,
  type PutLimits,
  type PutResult,
  StorageFullError,
  StorageUnavailableError,
} from './blob-store.js';
import { signFileUrl } from './signed-url.js';
import { isNoSpace, isNotWritable, meter } from './stream-util.js';

export type DiskObjectStoreOptions = {
  /** Usually `DATA_DIR/blobs`. */
  root: string;
  /** Secret for `/files/` URLs; without it `signedUrl` throws. */
  fileUrlSecret?: string;
};

// ENOTDIR: a key's "folder" is a file (for example key 'a' exists and 'a/b' is asked for).
const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as { code?: string } | null)?.code ?? '');

type WriteCallback = (err?: Error | null) => void;
type FileOptions = { flags: string; flush: boolean; highWaterMark: number };
// @types/node gives fs.WriteStream the constructor of Writable; at runtime it takes a path and options.
const FileStream = WriteStream as unknown as new (file: string, options: FileOptions) => WriteStream;

/** A file stream that hands each buffer to `released` once it is on disk. */
class FileWriteStream extends FileStream {
  constructor(
    file: string,
    options: FileOptions,
    private readonly released: ((chunk: Buffer) => void) | undefined,
  ) {
    super(file, options);
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: WriteCallback): void {
    super._write(chunk, encoding, (err) => {
      if (!err) this.released?.(chunk);
      done(err);
    });
  }

  override _writev(chunks: Array<{ chunk: Buffer; encoding: BufferEncoding }>, done: WriteCallback): void {
    super._writev?.(chunks, (err) => {
      if (!err && this.released) for (const c of chunks) this.released(c.chunk);
      done(err);
    });
  }
}

/** A full or unwritable disk, as the errors callers answer 507 and 503 for. */
function asStorageError(err: unknown): unknown {
  if (isNoSpace(err)) return new StorageFullError();
  if (isNotWritable(err)) return new StorageUnavailableError((err as { code: string }).code);
  return err;
}

/** Raw bytes under a folder. Writes go to `root/.tmp` and are renamed into place, so readers never see half a file. */
export class DiskObjectStore implements BlobStore {
  readonly kind = 'disk' as const;
  readonly root: string;
  private readonly tmpDir: string;
  /** Temp files this process is writing: never stale, however long their upload runs (docs/decisions/014). */
  private readonly writing = new Set<string>();

  constructor(private readonly opts: DiskObjectStoreOptions) {
    this.root = path.resolve(opts.root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, limits: PutLimits = {}): Promise<PutResult> {
    const dest = this.pathOf(key);
    const tmp = path.join(this.tmpDir, randomBytes(16).toString('hex'));
    const m = meter(limits.maxBytes, limits.hash !== false);
    let file: WriteStream | undefined;
    this.writing.add(tmp);
    try {
      await mkdir(this.tmpDir, { recursive: true });
      // flush: fsync before close, so a crash right after the rename cannot leave an empty or partial file.
      // A 1 MiB buffer lets small pieces (16-byte GCM tags, socket chunks) go out in few writev calls:
      // it halved the CPU of a 25 MiB encrypted upload.
      file = new FileWriteStream(tmp, { flags: 'wx', flush: true, highWaterMark: 1024 * 1024 }, limits.released);
      await pipeline(body, m.stream(), file);
      await this.moveIntoPlace(tmp, dest);
    } catch (err) {
      body.destroy();
      // A body that fails at once fails the pipeline while the temp file is still being opened: unlinking
      // before that open finishes would leave the file it then creates behind.
      if (file && !file.closed) await once(file, 'close').catch(() => {});
      await unlink(tmp).catch(() => {});
      throw asStorageError(err);
    } finally {
      this.writing.delete(tmp);
    }
    return { size: m.size, sha256: m.digest() };
  }

  // delete() prunes empty folders, which can race with a put into the same folder: retry the mkdir.
  private async moveIntoPlace(tmp: string, dest: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(dest), { recursive: true });
      try {
        return await rename(tmp, dest);
      } catch (err) {
        if (!isMissing(err) || attempt >= 3) throw err;
      }
    }
  }

  async get(key: string, range?: ByteRange): Promise<BlobRead> {
    const file = this.pathOf(key);
    // Open first and stat the descriptor: a concurrent delete cannot make size and bytes disagree.
    const fh = await open(file, 'r').catch((err) => {
      throw isMissing(err) ? new BlobNotFoundError(key) : err;
    });
    try {
      const { size, isFile } = await fh.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
      if (!isFile) throw new BlobNotFoundError(key);
      const r = range ? clampRange(range, size) : undefined;
      // 256 KiB reads: a quarter of the syscalls of the 64 KiB default, for little memory per download.
      const stream = fh.createReadStream({ start: r?.start, end: r?.end, autoClose: true, highWaterMark: 256 * 1024 });
      return { size, stream };
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    // Empty per-job folders would otherwise pile up forever; stop at the first non-empty one.
    for (let dir = path.dirname(file); dir !== this.root && dir.startsWith(this.root); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    assertValidPrefix(prefix);
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    yield* this.walk(folder, prefix);
  }

  private async *walk(rel: string, prefix: string): AsyncGenerator<{ key: string; lastModified: Date }> {
    let dir: Awaited<ReturnType<typeof opendir>>;
    try {
      dir = await opendir(rel ? path.join(this.root, ...rel.split('/')) : this.root);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for await (const entry of dir) {
      if (entry.name.startsWith('.')) continue; // .tmp holds uploads in flight
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const s = await stat(path.join(this.root, ...key.split('/'))).catch(() => undefined);
        if (s) yield { key, lastModified: s.mtime };
      }
    }
  }

  async signedUrl(key: string, ttlSeconds: number, filename: string, opts: { inline?: boolean; contentType?: string } = {}) {
    assertValidKey(key);
    if (!this.opts.fileUrlSecret) throw new Error('DiskObjectStore has no fileUrlSecret');
    return signFileUrl(this.opts.fileUrlSecret, { key, filename, ttlSeconds, ...opts });
  }

  /** Writes, syncs and removes a small file where uploads are written: a read-only disk still passes a stat. */
  async healthy(): Promise<boolean> {
    const probe = path.join(this.tmpDir, `health-${randomBytes(8).toString('hex')}`);
    try {
      await mkdir(this.tmpDir, { recursive: true });
      const fh = await open(probe, 'wx');
      try {
        await fh.writeFile('ok');
        await fh.sync();
      } finally {
        await fh.close();
      }
      await unlink(probe);
      return true;
    } catch {
      await unlink(probe).catch(() => {});
      return false;
    }
  }

  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const s = await statfs(this.root);
    return s.bavail * s.bsize;
  }

  /** Removes temp files a crash left behind. Only old ones: another instance may be writing the young ones. */
  async cleanTemp(olderThanMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
    let removed = 0;
    const names = await readdir(this.tmpDir).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      if (this.writing.has(file)) continue;
      const s = await stat(file).catch(() => undefined);
      if (
        s &&
        now - s.mtimeMs > olderThanMs &&
        (await unlink(file).then(
          () => true,
          () => false,
        ))
      )
        removed++;
    }
    return removed;
  }
}
