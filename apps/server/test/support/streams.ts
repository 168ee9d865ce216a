import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A streamed body of `size` bytes made on the fly in `piece`-sized buffers (never the whole thing at once),
 * each piece distinct. `sha256()` is the digest of everything yielded so far.
 */
export function generatedBody(size: number, piece = 64 * 1024) {
  const base = randomBytes(piece);
  const hash = createHash('sha256');
  let produced = 0;
  async function* gen() {
    for (let i = 0; produced < size; i++) {
      const n = Math.min(piece, size - produced);
      const buf = Buffer.from(base.subarray(0, n));
      if (n >= 4) buf.writeUInt32BE(i, 0);
      hash.update(buf);
      produced += n;
      yield buf;
    }
  }
  return { stream: Readable.from(gen(), { objectMode: false }), sha256: () => hash.copy().digest('hex'), produced: () => produced };
}

/** Never ends: used to prove an oversized upload stops being read soon after the limit. */
export function endlessBody(piece = 64 * 1024) {
  let produced = 0;
  async function* gen() {
    for (;;) {
      produced += piece;
      yield Buffer.alloc(piece, 1);
    }
  }
  return { stream: Readable.from(gen(), { objectMode: false }), produced: () => produced };
}

/** Yields `before` bytes, then fails like a dropped connection. */
export function failingBody(before: number, error = new Error('connection reset by peer')) {
  async function* gen() {
    yield Buffer.alloc(before, 2);
    await new Promise((r) => setTimeout(r, 5));
    throw error;
  }
  return Readable.from(gen(), { objectMode: false });
}

/** Hex SHA-256 and length of a stream, consumed piece by piece. */
export async function digestOf(stream: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

// Without a collection between samples, garbage from already-written chunks would read as held memory.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Highest growth of live memory (rss and arrayBuffers, after a full GC) over a baseline while `work` runs.
 * A body held whole would show up as its full size in arrayBuffers.
 */
export async function peakMemoryGrowth<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; arrayBuffers: number }> {
  gc();
  gc();
  const base = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const t0 = performance.now();
    // Twice: a forced GC that finishes an incremental marking already under way keeps what was allocated
    // during it (floating garbage); the second one clears that.
    gc();
    gc();
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - base.rss);
    arrayBuffers = Math.max(arrayBuffers, m.arrayBuffers - base.arrayBuffers);
    // Full GCs of a big test heap take tens of ms: keep them under a fifth of the time so the work proceeds.
    timer = setTimeout(sample, Math.max(20, 4 * (performance.now() - t0)));
  };
  timer = setTimeout(sample, 20);
  try {
    const result = await work();
    return { result, rss, arrayBuffers };
  } finally {
    clearTimeout(timer);
  }
}
