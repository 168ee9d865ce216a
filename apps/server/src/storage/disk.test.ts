import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from './disk.js';
import { readAll } from './stream-util.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cp-disk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('DiskObjectStore released callback', () => {
  it('hands back every body buffer, in order, only once its bytes are in the file', async () => {
    const store = new DiskObjectStore({ root: dir });
    const pieces = Array.from({ length: 40 }, (_, i) => Buffer.alloc(100_000 + i, i));
    const handed: Buffer[] = [];
    let inFileWhenHanded = 0;
    const released = (chunk: Buffer) => {
      handed.push(chunk);
      const [tmp] = readdirSync(path.join(dir, '.tmp'));
      const bytesSoFar = handed.reduce((n, b) => n + b.length, 0);
      if (statSync(path.join(dir, '.tmp', tmp!)).size >= bytesSoFar) inFileWhenHanded++;
    };
    await store.put('a/b', Readable.from(pieces), { released });
    expect(handed).toHaveLength(pieces.length);
    expect(handed.every((b, i) => b === pieces[i])).toBe(true);
    expect(inFileWhenHanded).toBe(pieces.length);
    expect((await readAll((await store.get('a/b')).stream)).equals(Buffer.concat(pieces))).toBe(true);
  });
});
