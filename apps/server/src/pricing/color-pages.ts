import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import sharp from 'sharp';
import { isExecutable } from '../executable.js';
import { type Confinement, runConfined } from '../previews/sandbox.js';

/**
 * Which pages of a PDF print in colour, for `auto` colour (issue 19, docs/decisions/036-pricing-rules.md).
 * poppler's pdftoppm draws every page small (longest side SCALE_TO px) in confined throw-away
 * processes (the sandbox of docs/decisions/033), a batch of pages at a time so the scratch
 * directory never holds more than a batch; each page is then classed here from its pixels.
 */

/** What a page is judged by: a pixel is coloured when max(r,g,b) − min(r,g,b) exceeds `chroma`; a page is colour when more than `fraction` of its pixels are. */
export type ColorTolerance = { chroma: number; fraction: number };

/**
 * Chroma 40 of 255: beige or yellowed paper (about 245,235,215: chroma 30), a warm grey or a
 * scanner's cast stays grey; a pastel highlight (255,255,153: 102) or any saturated ink is colour.
 * Fraction 0.1 %: at 200 px (about 28,000 pixels for A4) that is 28 pixels, a patch of about
 * 5 × 5 mm, so a coloured logo, a heading or a highlighted line counts and a few stray speckles of
 * scanner noise or JPEG ringing do not. Measured against the fixtures of color-pages.test.ts.
 */
export const DEFAULT_TOLERANCE: ColorTolerance = { chroma: 40, fraction: 0.001 };

export type ColorDetectionFailure = 'unavailable' | 'unreadable' | 'timed-out' | 'crashed';
export type ColorPagesResult = { colorPages: number[]; pagesChecked: number } | { failed: ColorDetectionFailure };

export type ColorDetectorOptions = {
  logger: Logger;
  /** poppler's pdftoppm; found in the usual places when not given. */
  pdftoppm?: string;
  /** Wall clock for one batch of pages (default 20 s). */
  timeoutMs?: number;
  /** Wall clock for the whole document (default 60 s). */
  deadlineMs?: number;
  /** RLIMIT_AS of pdftoppm (default 1 GiB, as for previews: a page's images are decoded whole). */
  memoryBytes?: number;
  /** Pages looked at; the rest are of unknown colour (default 500). */
  maxPages?: number;
  /** Pages one pdftoppm draws before its output is read and removed (default 50). */
  pagesPerRun?: number;
  /** Longest side of a drawn page in pixels (default 200). */
  scaleTo?: number;
  tolerance?: ColorTolerance;
  tmpRoot?: string;
  /** false: never run pdftoppm in a network namespace of its own. */
  isolateNetwork?: boolean;
};

const PDFTOPPM_CANDIDATES = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'];
/** A 200 px page is 120 KB of PPM at most; pdftoppm has no reason to write a larger file. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
const PAGE_FILE = /^p-0*(\d+)\.ppm$/;
/** A thumbnail is at most 320 × 320; anything larger is not one of ours. */
const THUMBNAIL_PIXELS_MAX = 400 * 400;

export type RgbImage = { width: number; height: number; rgb: Uint8Array };

/** A binary PPM (P6, 8 bits) as pdftoppm writes it; anything else is undefined. */
export function parsePpm(bytes: Uint8Array): RgbImage | undefined {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(Buffer.from(bytes.subarray(0, 40)).toString('latin1'));
  if (!header) return undefined;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = header[0].length;
  if (bytes.length < start + width * height * 3) return undefined;
  return { width, height, rgb: bytes.subarray(start, start + width * height * 3) };
}

/** Whether an image of interleaved RGB bytes is colour under `tolerance`. */
export function isColorImage(rgb: Uint8Array, tolerance: ColorTolerance = DEFAULT_TOLERANCE): boolean {
  const pixels = Math.floor(rgb.length / 3);
  const enough = Math.floor(pixels * tolerance.fraction);
  let colored = 0;
  for (let i = 0; i + 2 < rgb.length; i += 3) {
    const r = rgb[i]!;
    const g = rgb[i + 1]!;
    const b = rgb[i + 2]!;
    const chroma = Math.max(r, g, b) - Math.min(r, g, b);
    if (chroma > tolerance.chroma && ++colored > enough) return true;
  }
  return false;
}

export class ColorDetector {
  private readonly logger: Logger;
  private readonly pdftoppm: string | undefined;
  private readonly timeoutMs: number;
  private readonly deadlineMs: number;
  private readonly memoryBytes: number;
  private readonly maxPages: number;
  private readonly pagesPerRun: number;
  private readonly scaleTo: number;
  private readonly tolerance: ColorTolerance;
  private readonly tmpRoot: string;
  private readonly isolateNetwork: boolean;

  constructor(options: ColorDetectorOptions) {
    this.logger = options.logger;
    this.pdftoppm = options.pdftoppm ?? PDFTOPPM_CANDIDATES.find(isExecutable);
    if (options.pdftoppm && !isExecutable(options.pdftoppm)) this.pdftoppm = undefined;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.deadlineMs = options.deadlineMs ?? 60_000;
    this.memoryBytes = options.memoryBytes ?? 1024 * 1024 * 1024;
    this.maxPages = options.maxPages ?? 500;
    this.pagesPerRun = options.pagesPerRun ?? 50;
    this.scaleTo = options.scaleTo ?? 200;
    this.tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
    this.tmpRoot = options.tmpRoot ?? tmpdir();
    this.isolateNetwork = options.isolateNetwork !== false;
    if (!this.pdftoppm) this.logger.warn('pdftoppm not found: no colour detection (apt-get install poppler-utils)');
  }

  available(): boolean {
    return this.pdftoppm !== undefined;
  }

  /**
   * Whether a photo is colour, judged by its thumbnail: a JPEG of at most 320 px we made ourselves
   * in the preview sandbox, so decoding it here is small and safe.
   */
  async isColorJpeg(jpeg: Buffer): Promise<boolean> {
    const { data } = await sharp(jpeg, { limitInputPixels: THUMBNAIL_PIXELS_MAX })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return isColorImage(data, this.tolerance);
  }

  /**
   * The colour pages (1-based, ascending) among the first `maxPages` of a `pageCount`-page PDF, or
   * why there is no answer. Nothing throws for the file's fault; every page must be drawn, or the
   * whole answer is `failed` (a partial list would price unseen pages as B&W).
   */
  async colorPages(path: string, pageCount: number): Promise<ColorPagesResult> {
    const pdftoppm = this.pdftoppm;
    if (!pdftoppm) return { failed: 'unavailable' };
    const pagesChecked = Math.min(Math.max(0, Math.floor(pageCount)), this.maxPages);
    const work = await mkdtemp(join(this.tmpRoot, 'counterprint-colour-'));
    const started = Date.now();
    try {
      const colorPages: number[] = [];
      for (let first = 1; first <= pagesChecked; first += this.pagesPerRun) {
        const last = Math.min(first + this.pagesPerRun - 1, pagesChecked);
        const remaining = this.deadlineMs - (Date.now() - started);
        if (remaining <= 0) return this.failed('timed-out', path, started);
        const batch = await this.drawBatch(pdftoppm, path, work, first, last, Math.min(this.timeoutMs, remaining));
        if ('failed' in batch) return this.failed(batch.failed, path, started, batch.stderr);
        colorPages.push(...batch.colorPages);
      }
      return { colorPages, pagesChecked };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private failed(why: ColorDetectionFailure, path: string, started: number, stderr = ''): ColorPagesResult {
    this.logger.info({ ms: Date.now() - started, why, file: path, stderr: stderr.slice(0, 500) }, 'no colour detection');
    return { failed: why };
  }

  private async drawBatch(
    pdftoppm: string,
    path: string,
    work: string,
    first: number,
    last: number,
    timeoutMs: number,
  ): Promise<{ colorPages: number[] } | { failed: ColorDetectionFailure; stderr: string }> {
    const limits: Confinement = {
      timeoutMs,
      memory: { as: this.memoryBytes },
      maxOutputBytes: MAX_OUTPUT_BYTES,
      isolateNetwork: this.isolateNetwork,
    };
    // An absolute path: a file name starting with '-' can never read as an option.
    const argv = [pdftoppm, '-f', String(first), '-l', String(last), '-scale-to', String(this.scaleTo), resolve(path), join(work, 'p')];
    const run = await runConfined(argv, limits, { HOME: work, TMPDIR: work, LANG: 'C.UTF-8' });
    try {
      if (run.timedOut) return { failed: 'timed-out', stderr: run.stderr };
      if (run.code !== 0) return { failed: run.signal ? 'crashed' : 'unreadable', stderr: run.stderr };
      const colorPages: number[] = [];
      const drawn = new Set<number>();
      for (const name of await readdir(work)) {
        const page = Number(PAGE_FILE.exec(name)?.[1]);
        const image = parsePpm(await readFile(join(work, name)));
        if (!image || !(page >= first && page <= last)) return { failed: 'crashed', stderr: `unexpected output ${name}` };
        drawn.add(page);
        if (isColorImage(image.rgb, this.tolerance)) colorPages.push(page);
      }
      if (drawn.size !== last - first + 1)
        return { failed: 'unreadable', stderr: `${drawn.size} of ${last - first + 1} pages drawn\n${run.stderr}` };
      return { colorPages: colorPages.sort((a, b) => a - b) };
    } finally {
      await Promise.all((await readdir(work)).map((name) => rm(join(work, name), { force: true })));
    }
  }
}
