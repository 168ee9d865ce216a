import { describe, expect, it } from 'vitest';
import { copyUploads } from './resumable-files.js';
import type { ResumableRow } from './resumable-repo.js';
import type { ReceivedFile } from './upload.js';

const row = (id: string) => ({ id }) as ResumableRow;
const file = (id: string) => ({ id, blobKey: `k-${id}` }) as ReceivedFile;
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('copyUploads', () => {
  it('copies a few at a time and answers the files in the uploads’ order, however the copies finish', async () => {
    let running = 0;
    let most = 0;
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const made = await copyUploads(
      ids.map(row),
      async (r) => {
        most = Math.max(most, ++running);
        await later(r.id === 'a' ? 30 : 5);
        running--;
        return file(r.id);
      },
      async () => {},
    );
    expect(made.map((f) => f.id)).toEqual(ids);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });

  it('once a copy fails starts no more, lets those under way finish, discards every file made, and throws that failure', async () => {
    const started: string[] = [];
    const discarded: string[] = [];
    const refusal = new Error('orders.csv is not what its name says');
    const copying = copyUploads(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(row),
      async (r) => {
        started.push(r.id);
        if (r.id === 'b') throw refusal;
        await later(5);
        return file(r.id);
      },
      async (made) => {
        discarded.push(...made.map((f) => f.id));
      },
    );
    await expect(copying).rejects.toBe(refusal);
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(discarded.sort()).toEqual(['a', 'c', 'd']);
  });
});
