import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UploadKind } from '@counterprint/contract';
import type { Logger } from 'pino';
import { isExecutable } from '../executable.js';
import { type Confinement, canUnshareNetwork, hasPrlimit, runConfined } from './sandbox.js';

/** What gets a thumbnail drawn from its own bytes: every accepted type but documents, which are drawn from their PDF. */
export type PreviewKind = Exclude<
  UploadKind,
  'doc' | 'docx' | 'odt' | 'rtf' | 'txt' | 'ppt' | 'pptx' | 'odp' | 'xls' | 'xlsx' | 'ods' | 'csv'
>;

/** Why an image got no thumbnail: too many pixels declared, a file no decoder here could read, or a format we do not draw. */
export type PreviewRefusal = 'too-large' | 'unreadable' | 'unsupported' | 'timed-out' | 'crashed';
export type ImagePreviews = { thumbnail?: Buffer; preview?: Buffer; refused?: PreviewRefusal };

export type PreviewMakerOptions = {
  logger: Logger;
  /** poppler's pdftoppm; found in the usual places when not given. */
  pdftoppm?: string;
  /** Wall clock for one file (default 30 s: a 48 MP HEIC takes about 12 s here). */
  timeoutMs?: number;
  /** Memory of one renderer: RLIMIT_AS of pdftoppm, RLIMIT_DATA of the image child (default 1 GiB). */
  memoryBytes?: number;
  /** Largest image decoded, by its declared width × height (default 50 MP). */
  maxPixels?: number;
  tmpRoot?: string;
  /** false: never run renderers in a network namespace of their own. */
  isolateNetwork?: boolean;
};

export const THUMBNAIL_SIZE = 320;
const PDFTOPPM_CANDIDATES = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'];
const IMAGE_CHILD = fileURLToPath(new URL('./image-child.cjs', import.meta.url));
/** A 320 px JPEG is tens of KB, a 2000 px one a few MB; nothing a renderer writes needs more. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const CHILD_ANSWERS = new Set<string>(['too-large', 'unreadable', 'unsupported']);

/**
 * First-page thumbnails (JPEG, longest side 320 px) and browser-viewable previews (JPEG, at most
 * 2000 px) of uploaded files. Every file is rendered by a process of its own: poppler's pdftoppm for
 * PDFs, a node child (image-child.cjs: sharp, libheif, ag-psd, bmp-ts) for images, each with an
 * empty environment, rlimits, no network where a namespace can be made, and a deadline after which
 * its process group is killed. A file that cannot be drawn gets no thumbnail; nothing here throws
 * for a file's fault. See docs/decisions/033-file-previews.md.
 */
export class PreviewMaker {
  private readonly logger: Logger;
  private readonly pdftoppm: string | undefined;
  private readonly timeoutMs: number;
  private readonly memoryBytes: number;
  private readonly maxPixels: number;
  private readonly tmpRoot: string;
  private readonly isolateNetwork: boolean;

  constructor(options: PreviewMakerOptions) {
    this.logger = options.logger;
    this.pdftoppm = options.pdftoppm ?? PDFTOPPM_CANDIDATES.find(isExecutable);
    if (options.pdftoppm && !isExecutable(options.pdftoppm)) this.pdftoppm = undefined;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.memoryBytes = options.memoryBytes ?? 1024 * 1024 * 1024;
    this.maxPixels = options.maxPixels ?? 50_000_000;
    this.tmpRoot = options.tmpRoot ?? tmpdir();
    this.isolateNetwork = options.isolateNetwork !== false;
    if (!this.pdftoppm) this.logger.warn('pdftoppm not found: PDFs get no thumbnails (apt-get install poppler-utils)');
    if (!hasPrlimit()) this.logger.warn('prlimit not found: previews are rendered without memory rlimits');
    if (this.isolateNetwork && !canUnshareNetwork())
      this.logger.warn('unshare --net is not permitted here: previews are rendered with network');
  }

  available(): { pdf: boolean } {
    return { pdf: this.pdftoppm !== undefined };
  }

  private limits(memory: Confinement['memory']): Confinement {
    return { timeoutMs: this.timeoutMs, memory, maxOutputBytes: MAX_OUTPUT_BYTES, isolateNetwork: this.isolateNetwork };
  }

  /** A fresh directory for one file's renderer, removed whatever happens. */
  private async inWorkDir<T>(use: (work: string) => Promise<T>): Promise<T> {
    const work = await mkdtemp(join(this.tmpRoot, 'counterprint-preview-'));
    try {
      return await use(work);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** The first page of a PDF as a JPEG whose longest side is 320 px, or undefined when it cannot be rendered. */
  async thumbnailOfPdf(path: string): Promise<Buffer | undefined> {
    const pdftoppm = this.pdftoppm;
    if (!pdftoppm) return undefined;
    return this.inWorkDir(async (work) => {
      const started = Date.now();
      // An absolute path: a file name starting with '-' can never read as an option.
      const argv = [pdftoppm, '-f', '1', '-l', '1', '-scale-to', String(THUMBNAIL_SIZE), '-jpeg', '-jpegopt', 'quality=70'];
      argv.push('-singlefile', resolve(path), join(work, 'thumbnail'));
      const run = await runConfined(argv, this.limits({ as: this.memoryBytes }), { HOME: work, TMPDIR: work, LANG: 'C.UTF-8' });
      const jpeg = await readJpeg(join(work, 'thumbnail.jpg'));
      const ms = Date.now() - started;
      if (run.code === 0 && !run.timedOut && jpeg) return jpeg;
      const why = run.timedOut ? 'timed-out' : run.signal ? `killed by ${run.signal}` : `exit ${run.code}`;
      this.logger.info({ ms, why, stderr: run.stderr.slice(0, 500) }, 'no PDF thumbnail');
      return undefined;
    });
  }

  /**
   * An image's thumbnail (JPEG ≤ 320 px, upright by its EXIF orientation or HEIF transforms) and, for
   * formats a browser cannot show (HEIC/HEIF, TIFF, BMP, PSD, EPS with a TIFF preview), a preview
   * (JPEG ≤ 2000 px). `refused` says why there is nothing. PDFs go through thumbnailOfPdf; PostScript
   * and EPS without a TIFF preview are never rendered.
   */
  async ofImage(path: string, kind: PreviewKind): Promise<ImagePreviews> {
    if (kind === 'pdf' || kind === 'ps') return { refused: 'unsupported' };
    return this.inWorkDir(async (work) => {
      const started = Date.now();
      const node = [process.execPath, `--max-old-space-size=${Math.floor(this.memoryBytes / 2 / 1024 / 1024)}`, IMAGE_CHILD];
      const argv = [...node, resolve(path), kind, work, String(this.maxPixels)];
      const run = await runConfined(argv, this.limits({ data: this.memoryBytes }), {});
      const answer = parseAnswer(run.stdout);
      const ms = Date.now() - started;
      if (run.timedOut || !answer || 'refused' in answer) {
        const refused: PreviewRefusal = run.timedOut ? 'timed-out' : answer && 'refused' in answer ? answer.refused : 'crashed';
        const detail = answer && 'refused' in answer ? answer.detail : run.stderr.slice(-500);
        this.logger.info({ ms, kind, refused, detail, signal: run.signal }, 'no image preview');
        return { refused };
      }
      const [thumbnail, preview] = await Promise.all([readJpeg(join(work, 'thumbnail.jpg')), readJpeg(join(work, 'preview.jpg'))]);
      if (!thumbnail) return { refused: 'crashed' };
      return preview ? { thumbnail, preview } : { thumbnail };
    });
  }
}

async function readJpeg(path: string): Promise<Buffer | undefined> {
  const bytes = await readFile(path).catch(() => undefined);
  return bytes?.subarray(0, 3).equals(JPEG_MAGIC) ? bytes : undefined;
}

type ChildAnswer = { made: string[] } | { refused: PreviewRefusal; detail: string };

/** The child's one JSON line; anything else (a crash, a kill by the rlimit) is no answer. */
function parseAnswer(stdout: string): ChildAnswer | undefined {
  const line = stdout.trim().split('\n').pop();
  if (!line) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return undefined;
    if ('made' in value && Array.isArray(value.made)) return { made: value.made.map(String) };
    if ('refused' in value && typeof value.refused === 'string' && CHILD_ANSWERS.has(value.refused)) {
      return { refused: value.refused as PreviewRefusal, detail: 'detail' in value ? String(value.detail) : '' };
    }
  } catch {
    // Not our child's JSON.
  }
  return undefined;
}
