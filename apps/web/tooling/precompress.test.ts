import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each text file, smaller and decompressing to the same bytes', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cp-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const pages = [${Array.from({ length: 500 }, (_, i) => `"page ${i}"`).join(',')}];`;
    writeFileSync(path.join(dir, 'assets', 'index-Ab12.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<div class="card">Counterprint</div>'.repeat(20)}`);
    const done = await precompressDir(dir);
    expect(done).toHaveLength(2);
    const js = path.join(dir, 'assets', 'index-Ab12.js');
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  });

  it('leaves images, build metadata and files compression would not shrink alone', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cp-precompress-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ a: 'x'.repeat(2000) }));
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4000));
    writeFileSync(path.join(dir, 'tiny.js'), 'a');
    const done = await precompressDir(dir);
    expect(done.map((c) => path.basename(c.file))).toEqual(['tiny.js']);
    expect(done[0]).toMatchObject({ br: null, gz: null });
    for (const name of ['.vite/manifest.json.br', 'logo.png.br', 'tiny.js.br', 'tiny.js.gz']) {
      expect(existsSync(path.join(dir, name)), name).toBe(false);
    }
  });
});
