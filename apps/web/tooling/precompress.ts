import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats gain from compression; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

export interface Compressed {
  file: string;
  bytes: number;
  br: number | null;
  gz: number | null;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite/manifest.json is build metadata, never fetched by a browser.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `name` only when it saves bytes; the server then falls back to the next encoding or the plain file. */
async function writeIfSmaller(file: string, data: Buffer, original: number): Promise<number | null> {
  if (data.length >= original) return null;
  await writeFile(file, data);
  return data.length;
}

async function compressFile(file: string): Promise<Compressed> {
  const text = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
    gzipAsync(text, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    file,
    bytes: text.length,
    br: await writeIfSmaller(`${file}.br`, br, text.length),
    gz: await writeIfSmaller(`${file}.gz`, gz, text.length),
  };
}

/** Writes a .br and a .gz beside every text file under `dir` (decision 018: compressed once, at build time). */
export async function precompressDir(dir: string): Promise<Compressed[]> {
  if (!(await stat(dir).catch(() => null))?.isDirectory()) return [];
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(file);
  return Promise.all(files.map(compressFile));
}

/** Runs after the whole build (public/ copied too), so index.html and favicon.svg are covered. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'counterprint:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const done = await precompressDir(outDir);
      const sum = (pick: (c: Compressed) => number) => Math.round(done.reduce((n, c) => n + pick(c), 0) / 1024);
      this.info?.(
        `precompressed ${done.length} files: ${sum((c) => c.bytes)} KiB → br ${sum((c) => c.br ?? c.bytes)} KiB, gzip ${sum((c) => c.gz ?? c.bytes)} KiB`,
      );
    },
  };
}
