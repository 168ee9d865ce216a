import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, type JournalEntry, JournalError } from './journal.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'counterprint-journal-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const key = { jobId: 'job-1', fileId: 'file-1' };
const submitted: JournalEntry = {
  ...key,
  phase: 'submitted',
  printerUri: 'ipp://127.0.0.1:631/ipp/print',
  ippJobName: 'Order 1 [cp-00000000]',
  at: '2026-01-01T00:00:00.000Z',
  ippJobId: 42,
  status: 'successful-ok',
  unsupported: [],
};

describe('Journal', () => {
  it('keeps an entry across instances and leaves no temporary file', async () => {
    await new Journal(dir).record({ ...submitted, phase: 'sending' } as JournalEntry);
    await new Journal(dir).record(submitted);
    expect(await new Journal(dir).read(key)).toEqual(submitted);
    expect(await new Journal(dir).read({ jobId: 'job-1', fileId: 'file-2' })).toBeNull();
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.json$/);
  });

  it('ignores what a crash left before its rename, and prunes it later', async () => {
    const journal = new Journal(dir);
    await journal.record(submitted);
    const [entry] = await readdir(dir);
    const leftover = path.join(dir, `${entry}.123-abcd.tmp`);
    await writeFile(leftover, '{"phase":"sen');
    expect(await journal.read(key)).toEqual(submitted);

    const old = new Date(Date.now() - 3 * 86_400_000);
    await utimes(leftover, old, old);
    expect(await journal.prune(86_400_000)).toBe(1);
    expect(await readdir(dir)).toEqual([entry]);
  });

  it('refuses to guess from an entry it cannot read', async () => {
    const journal = new Journal(dir);
    await journal.record(submitted);
    const [entry] = await readdir(dir);
    await writeFile(path.join(dir, entry as string), 'not json');
    await expect(journal.read(key)).rejects.toBeInstanceOf(JournalError);
  });

  it('forgets an entry', async () => {
    const journal = new Journal(dir);
    await journal.record(submitted);
    await journal.forget(key);
    expect(await journal.read(key)).toBeNull();
    await journal.forget(key);
  });

  it('runs work for one key one call after another, and for other keys alongside', async () => {
    const journal = new Journal(dir);
    const order: string[] = [];
    const slow = (label: string, ms: number) => async () => {
      order.push(`${label} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${label} end`);
      if (label === 'a') throw new Error('a failed');
      return label;
    };
    const other = { jobId: 'job-2', fileId: 'file-1' };
    const results = await Promise.allSettled([
      journal.exclusive(key, slow('a', 50)),
      journal.exclusive(key, slow('b', 10)),
      journal.exclusive(other, slow('c', 10)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(order.indexOf('b start')).toBeGreaterThan(order.indexOf('a end'));
    expect(order.indexOf('c start')).toBeLessThan(order.indexOf('a end'));
  });
});
