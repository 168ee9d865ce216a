import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  InvalidBlobKeyError,
  RangeNotSatisfiableError,
} from '../../src/storage/blob-store.js';
import { readAll } from '../../src/storage/stream-util.js';
import { digestOf, endlessBody, failingBody, generatedBody, peakMemoryGrowth } from '../support/streams.js';

export type ContractSubject = {
  store: BlobStore;
  /** Partial writes still somewhere (disk temp files, S3 multipart uploads neither completed nor aborted). */
  leftovers(): Promise<number>;
  close(): Promise<void>;
};

const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keys = async (store: BlobStore, prefix: string) => {
  const out: string[] = [];
  for await (const e of store.list(prefix)) out.push(e.key);
  return out.sort();
};

/** The behaviour every BlobStore must have, run against each implementation. */
export function blobStoreContract(name: string, make: () => Promise<ContractSubject>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let s: ContractSubject;
    let store: BlobStore;
    beforeAll(async () => {
      s = await make();
      store = s.store;
    });
    afterAll(() => s?.close());
    const base = () => `t/${randomUUID()}`;

    it('stores and reads back bytes with their size and sha256', async () => {
      const data = Buffer.from(`hello ${'x'.repeat(200_000)} world`);
      const key = `${base()}/f`;
      const put = await store.put(key, Readable.from([data]));
      expect(put).toEqual({ size: data.length, sha256: sha(data) });
      const read = await store.get(key);
      expect(read.size).toBe(data.length);
      expect((await readAll(read.stream)).equals(data)).toBe(true);
      expect(await store.stat(key)).toEqual({ size: data.length });
    });

    it('stores an empty blob', async () => {
      const key = `${base()}/empty`;
      expect(await store.put(key, Readable.from([Buffer.alloc(0)]))).toEqual({ size: 0, sha256: sha(Buffer.alloc(0)) });
      const read = await store.get(key);
      expect(read.size).toBe(0);
      expect((await readAll(read.stream)).length).toBe(0);
      await expect(store.get(key, { start: 0, end: 0 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('reads ranges: first byte, last byte, across 64 KiB chunk boundaries, whole, clamped', async () => {
      const data = Buffer.from(generatedBodySync(200_003));
      const key = `${base()}/r`;
      await store.put(key, Readable.from([data.subarray(0, 70_000), data.subarray(70_000)]));
      const cases: [number, number][] = [
        [0, 0],
        [data.length - 1, data.length - 1],
        [65_536 - 10, 65_536 + 10],
        [65_536, 65_536],
        [65_535, 131_072],
        [100, 196_700],
        [0, data.length - 1],
      ];
      for (const [start, end] of cases) {
        const read = await store.get(key, { start, end });
        expect(read.size, `${start}-${end}`).toBe(data.length);
        expect((await readAll(read.stream)).equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
      const clamped = await store.get(key, { start: data.length - 3, end: data.length + 100 });
      expect((await readAll(clamped.stream)).equals(data.subarray(data.length - 3))).toBe(true);
      await expect(store.get(key, { start: data.length, end: data.length + 5 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('refuses a body over maxBytes as soon as it passes the limit, leaving nothing', async () => {
      const prefix = base();
      const body = endlessBody();
      await expect(store.put(`${prefix}/big`, body.stream, { maxBytes: 6 * MiB })).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(body.produced()).toBeLessThan(8 * MiB); // the rest was never read
      expect(await keys(store, `${prefix}/`)).toEqual([]);
      expect(await s.leftovers()).toBe(0);
      expect(await store.stat(`${prefix}/big`)).toBeUndefined();
    });

    it('accepts a body of exactly maxBytes', async () => {
      const key = `${base()}/exact`;
      const data = Buffer.alloc(100_000, 5);
      expect((await store.put(key, Readable.from([data]), { maxBytes: data.length })).size).toBe(data.length);
    });

    it('leaves nothing when the source fails half-way, and rethrows its error', async () => {
      const prefix = base();
      const boom = new Error('client went away');
      await expect(store.put(`${prefix}/cut`, failingBody(300_000, boom))).rejects.toBe(boom);
      const big = new Error('client went away later');
      await expect(store.put(`${prefix}/cut2`, failingBody(9 * MiB, big))).rejects.toBe(big); // past one S3 part
      expect(await keys(store, `${prefix}/`)).toEqual([]);
      expect(await s.leftovers()).toBe(0);
    });

    it('leaves nothing behind when the body fails before the first byte, however fast', async () => {
      const prefix = base();
      for (let i = 0; i < 20; i++) {
        const boom = new Error(`gone ${i}`);
        const body = new Readable({
          read() {
            this.destroy(boom);
          },
        });
        await expect(store.put(`${prefix}/early-${i}`, body)).rejects.toBe(boom);
        expect(await s.leftovers()).toBe(0);
      }
      expect(await keys(store, `${prefix}/`)).toEqual([]);
    });

    it('deletes idempotently', async () => {
      const key = `${base()}/d`;
      await store.put(key, Readable.from([Buffer.from('bye')]));
      await store.delete(key);
      await store.delete(key);
      await store.delete(`${base()}/never-existed`);
      expect(await store.stat(key)).toBeUndefined();
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.get(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('lists keys by prefix', async () => {
      const p = base();
      const all = [`${p}/a/b/1`, `${p}/a/b/2`, `${p}/a/c/1`, `${p}/ab/1`, `${p}/z`];
      for (const k of all) await store.put(k, Readable.from([Buffer.from(k)]));
      expect(await keys(store, `${p}/a/`)).toEqual(all.slice(0, 3));
      expect(await keys(store, `${p}/a/b/`)).toEqual(all.slice(0, 2));
      expect(await keys(store, `${p}/a`)).toEqual(all.slice(0, 4));
      expect(await keys(store, `${p}/`)).toEqual(all);
      expect(await keys(store, `${p}/nothing/`)).toEqual([]);
      for await (const e of store.list(`${p}/z`)) expect(Math.abs(e.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('refuses keys that could escape the store', async () => {
      for (const bad of ['../x', '/abs', 'a/../b', 'a//b', 'a b', '.tmp/x', 'a/./b', 'a\\b', '', 'a/']) {
        await expect(store.put(bad, Readable.from([Buffer.from('x')])), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
    });

    it('streams a 25 MiB body both ways with modest memory', async () => {
      const key = `${base()}/large`;
      const body = generatedBody(25 * MiB);
      const up = await peakMemoryGrowth(() => store.put(key, body.stream, { maxBytes: 25 * MiB }));
      expect(up.result).toEqual({ size: 25 * MiB, sha256: body.sha256() });
      const down = await peakMemoryGrowth(async () => digestOf((await store.get(key)).stream));
      expect(down.result).toEqual({ size: 25 * MiB, sha256: body.sha256() });
      // Holding the file would keep 25 MiB alive; streaming holds a few chunks (an S3 part at most).
      for (const m of [up, down]) {
        expect(m.arrayBuffers, JSON.stringify(m)).toBeLessThan(10 * MiB);
        expect(m.rss, JSON.stringify(m)).toBeLessThan(48 * MiB);
      }
      console.info(`${name} 25 MiB memory growth (MiB)`, {
        put: { rss: +(up.rss / MiB).toFixed(1), arrayBuffers: +(up.arrayBuffers / MiB).toFixed(1) },
        get: { rss: +(down.rss / MiB).toFixed(1), arrayBuffers: +(down.arrayBuffers / MiB).toFixed(1) },
      });
    });
  });
}

function generatedBodySync(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 8)) & 0xff;
  return out;
}
