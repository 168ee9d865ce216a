import type { Readable } from 'node:stream';

export type PutLimits = {
  /** Refuse (and leave nothing behind) when the stream exceeds this many bytes. */
  maxBytes?: number;
  /**
   * Set false when the caller hashes the bytes itself (EncryptedBlobStore hashes the plaintext), to
   * save a second SHA-256 pass over the ciphertext; `sha256` is then ''.
   */
  hash?: boolean;
  /**
   * Called with each chunk of the body once the store holds it no more (copied, or written to its
   * file), so that a caller whose chunks nobody else reads can free them at once (docs/decisions/009).
   * Stores that batch the body (S3) may never call it.
   */
  released?: (chunk: Buffer) => void;
};

export type PutResult = { size: number; sha256: string };

export type ByteRange = { start: number; end: number }; // inclusive, as in HTTP

export type BlobRead = {
  /** Its chunks are the reader's once read: no store keeps or reuses one, so a reader may free it (`freeNow`). */
  stream: Readable;
  /** Plaintext size of the whole blob. */
  size: number;
};

/** Where uploaded files and banners live. Keys are opaque paths such as `shops/{shopId}/jobs/{jobId}/{fileId}`. */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /**
   * Streams `body` into the store. The blob becomes visible only when the whole stream
   * has been written; on any error (including `BlobTooLargeError`) nothing is left behind.
   */
  put(key: string, body: Readable, limits?: PutLimits): Promise<PutResult>;
  get(key: string, range?: ByteRange): Promise<BlobRead>;
  /** Size of the blob, or undefined when it does not exist. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (for the orphan reaper). */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * A URL that downloads the blob for `ttlSeconds`, as an attachment named `filename`: a relative path
   * under `/files/` served by `registerFileRoutes`, for every store (docs/decisions/002).
   */
  signedUrl(key: string, ttlSeconds: number, filename: string, opts?: { inline?: boolean; contentType?: string }): Promise<string>;
  /** True when a small write (and its removal) succeeds now: a store that can be read but not written is not healthy. */
  healthy(): Promise<boolean>;
  /** Bytes still free where blobs are written, when the store can tell (disk: statfs; S3: undefined). */
  freeBytes?(): Promise<number | undefined>;
  /** Removes temp files of writes that died with their process, untouched for `olderThanMs`; answers how many. */
  cleanTemp?(olderThanMs: number, now?: number): Promise<number>;
  /** Starts helpers that would otherwise start on first use (the encryption worker), at server start. */
  prepare?(): void;
  close?(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Blob exceeds ${maxBytes} bytes`);
  }
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
  }
}

export class StorageFullError extends Error {
  constructor() {
    super('Storage is full');
  }
}

/** The store refuses writes (a read-only disk, lost permissions, a bucket that denies them): nothing was stored. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`Storage is not writable: ${reason}`);
  }
}

/** The range starts at or beyond the end of the blob. `size` lets HTTP name the real size in its 416 answer. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable (size ${size})`);
  }
}

/** Stored bytes failed authentication (tampering, bit rot, truncation or the wrong master key). */
export class CorruptBlobError extends Error {
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(`Blob ${key} failed integrity check: ${detail}`);
  }
}

export class InvalidBlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid blob key: ${JSON.stringify(key)}`);
  }
}

// Segments may not start with '.', which rules out '.', '..' and the disk store's '.tmp' folder.
const KEY_RE = /^(?!\.)[A-Za-z0-9_.-]+(?:\/(?!\.)[A-Za-z0-9_.-]+)*$/;

/** Keys are relative paths of `[A-Za-z0-9_.-]` segments; they become file paths and S3 keys verbatim. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY_RE.test(key)) throw new InvalidBlobKeyError(key);
}

/** A list prefix is a key, a key's folder (`shops/x/`) or empty. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** Clamps an HTTP-style inclusive range to a blob of `size` bytes, or throws when nothing of it lies inside. */
export function clampRange(range: ByteRange, size: number): ByteRange {
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.end < range.start || range.start >= size) {
    throw new RangeNotSatisfiableError(size);
  }
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
