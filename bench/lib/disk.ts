import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/**
 * Flushes dirty pages and drops the page cache before a measured upload, so that neither side inherits
 * the other's writeback or a fuller page cache (round-to-round swings of 2× on this VM without it).
 * Dropping the cache needs root; without it only `sync` runs. Answers the note saying which ran.
 */
export async function quiesceDisk(): Promise<string> {
  await promisify(execFile)('sync');
  try {
    await writeFile('/proc/sys/vm/drop_caches', '1');
    return 'before every measured upload (server and baseline alike): sync, then the page cache dropped';
  } catch {
    return 'before every measured upload: sync (dropping the page cache needs root and was skipped)';
  }
}

/**
 * Runs one round's two sides, `first` first in even rounds and second in odd ones, so that neither side
 * always runs on the other's writeback or a warmer page cache.
 */
export async function inTurn(round: number, first: () => Promise<void>, second: () => Promise<void>): Promise<void> {
  const [a, b] = round % 2 === 0 ? [first, second] : [second, first];
  await a();
  await b();
}
