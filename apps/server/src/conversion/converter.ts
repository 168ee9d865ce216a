import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConversionFailure, type DocumentKind, UPLOAD_LIMITS } from '@counterprint/contract';
import type { Logger } from 'pino';
import { isExecutable } from '../executable.js';
import { canConfine } from './confinement.js';
import { DEFAULT_DETECT_LIMITS, type Detection, type DetectLimits, detectDocument } from './detect.js';
import { DEFAULT_LIBREOFFICE_LIMITS, findSoffice, LibreOffice, type LibreOfficeLimits } from './libreoffice.js';
import { ConversionQueue } from './queue.js';

export type ConverterOptions = {
  logger: Logger;
  /** soffice to use; default: the first found in the usual places. `false` turns conversion off. */
  soffice?: string | false;
  pdfinfo?: string;
  /** bubblewrap to sandbox soffice with (default /usr/bin/bwrap); conversion is off where it cannot run. */
  bwrap?: string;
  limits?: Partial<LibreOfficeLimits>;
  detectLimits?: Partial<DetectLimits>;
  /** Conversions at once (default: one per core), waiting over all shops (default 200) and waiting from one address (default 50). */
  concurrency?: number;
  maxQueued?: number;
  maxQueuedPerAddress?: number;
  tmpRoot?: string;
  /** false: no network namespace even where one could be made (the profile's settings still apply). */
  isolateNetwork?: boolean;
  /** Conversions one soffice serves before a fresh one replaces it (decision 034); 1 is a process per document. */
  conversionsPerProcess?: number;
};

/** A converted document: the PDF and its pages, counted in the PDF (never taken from metadata). */
export type Converted = { ok: true; pdf: Buffer; pages: number; ms: number };
export type NotConverted = { ok: false; reason: ConversionFailure; detail: string; ms: number };
export type ConversionResult = Converted | NotConverted;

export type ConvertRequest = {
  shopId: string;
  /** The uploading address, keyed (quota.ts clientKeyOf): its conversions take turns with other addresses'. */
  address: string;
  /** Less than the configured limit for a document already cut short once (docs/decisions/056-conversion-turns-per-address.md). */
  timeoutMs?: number;
  /** The stored original, as a file or in memory. */
  input: { path: string } | { buffer: Buffer };
  /** From detectDocument; detection's encoding and delimiter help text files. */
  detected: Extract<Detection, { ok: true }>;
};

/** Everything but a PDF goes through LibreOffice. */
export function needsConversion(kind: DocumentKind): boolean {
  return kind !== 'pdf';
}

const PDFINFO = '/usr/bin/pdfinfo';

/**
 * Turns Office documents into PDFs, off the request path: the upload stores the original, then a
 * background step calls detect() and convert(), records the pages or the reason, and keeps the
 * original either way. Without LibreOffice on the machine the server still runs: available() says
 * no, and the caller marks documents "preview unavailable".
 */
export class DocumentConverter {
  private readonly office: LibreOffice | undefined;
  private readonly queue: ConversionQueue;
  private readonly detectLimits: DetectLimits;
  private readonly pdfinfo: string;
  private readonly tmpRoot: string;

  constructor(options: ConverterOptions) {
    const { logger } = options;
    this.pdfinfo = options.pdfinfo ?? PDFINFO;
    this.tmpRoot = options.tmpRoot ?? tmpdir();
    this.detectLimits = { ...DEFAULT_DETECT_LIMITS, ...options.detectLimits };
    const soffice = options.soffice === false ? undefined : options.soffice ? findSoffice([options.soffice]) : findSoffice();
    const pdfinfo = isExecutable(this.pdfinfo);
    const confined = soffice !== undefined && canConfine(options.bwrap);
    if (soffice && pdfinfo && confined) {
      const limits = { ...DEFAULT_LIBREOFFICE_LIMITS, ...options.limits };
      this.office = new LibreOffice({
        soffice,
        limits,
        logger,
        tmpRoot: this.tmpRoot,
        isolateNetwork: options.isolateNetwork,
        conversionsPerProcess: options.conversionsPerProcess,
      });
      logger.info({ soffice }, 'document conversion is on');
    } else if (soffice && pdfinfo) {
      // Without a sandbox a document could read the server's files into its PDF: refused, loudly.
      logger.error(
        'document conversion is off: bubblewrap (bwrap) is missing or may not create namespaces here, and LibreOffice never runs without it; install bubblewrap and allow user namespaces (docs/deploy.md)',
      );
    } else if (options.soffice !== false) {
      const missing = [soffice ? undefined : 'LibreOffice (soffice)', pdfinfo ? undefined : 'poppler-utils (pdfinfo)'].filter(Boolean);
      logger.warn(
        `document conversion is off: ${missing.join(' and ')} not found; install libreoffice-writer-nogui, libreoffice-impress-nogui, libreoffice-calc-nogui, poppler-utils and fonts-noto-core to turn it on`,
      );
    }
    this.queue = new ConversionQueue({
      concurrency: options.concurrency ?? availableParallelism(),
      maxQueued: options.maxQueued ?? 200,
      maxQueuedPerAddress: options.maxQueuedPerAddress ?? UPLOAD_LIMITS.maxFiles,
    });
  }

  /** Whether Office documents can be converted here (for /api/health and the upload's messages). */
  available(): boolean {
    return this.office !== undefined;
  }

  get networkIsolated(): boolean {
    return this.office?.networkIsolated ?? false;
  }

  get load(): { running: number; queued: number } {
    return this.queue.size;
  }

  /** Resolves when convert() would queue one more instead of refusing it. */
  whenRoom(): Promise<void> {
    return this.queue.whenRoom();
  }

  detect(path: string): Promise<Detection> {
    return detectDocument(path, this.detectLimits);
  }

  /**
   * Converts one document when its shop's turn and a free slot come. Rejects with
   * ConversionQueueFull when too many wait (the caller retries later) and with an Error when this
   * server has no converter; every problem with the document itself is a result with its reason.
   */
  convert(request: ConvertRequest): Promise<ConversionResult> {
    const office = this.office;
    if (!office) return Promise.reject(new Error('document conversion is off'));
    if (!needsConversion(request.detected.kind)) return Promise.reject(new Error('a PDF needs no conversion'));
    return this.queue.run({ shopId: request.shopId, address: request.address }, () => this.convertNow(office, request));
  }

  /** soffice processes started so far and those alive now, for tests and the benchmark. */
  get processes(): { started: number; alive: number[] } {
    return this.office?.processes ?? { started: 0, alive: [] };
  }

  /** Refuses conversions still waiting and ends every soffice; a conversion still running comes back too-complex. */
  async stop(): Promise<void> {
    this.queue.stop();
    await this.office?.close();
  }

  private async convertNow(office: LibreOffice, request: ConvertRequest): Promise<ConversionResult> {
    const { detected, input } = request;
    let staged: string | undefined;
    try {
      let path: string;
      if ('path' in input) path = input.path;
      else {
        staged = await mkdtemp(join(this.tmpRoot, 'counterprint-original-'));
        path = join(staged, 'original');
        await writeFile(path, input.buffer);
      }
      const outcome = await office.toPdf({ path, ...detected }, request.timeoutMs);
      if (!outcome.ok) return outcome;
      const pages = await this.countPages(outcome.pdf);
      if (pages === undefined) return { ok: false, reason: 'damaged', detail: 'the converted PDF has no pages', ms: outcome.ms };
      return { ok: true, pdf: outcome.pdf, pages, ms: outcome.ms };
    } finally {
      if (staged) await rm(staged, { recursive: true, force: true });
    }
  }

  /** pdfinfo on the PDF LibreOffice wrote; a PDF reader in its own process, bounded in time. */
  private async countPages(pdf: Buffer): Promise<number | undefined> {
    const dir = await mkdtemp(join(this.tmpRoot, 'counterprint-pages-'));
    try {
      const path = join(dir, 'converted.pdf');
      await writeFile(path, pdf);
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(this.pdfinfo, [path], { env: {}, timeout: 15_000, maxBuffer: 1024 * 1024 }, (err, out) =>
          err ? reject(err) : resolve(out),
        ),
      );
      const pages = Number(/^Pages:\s+(\d+)$/m.exec(stdout)?.[1]);
      return Number.isInteger(pages) && pages > 0 ? pages : undefined;
    } catch {
      return undefined;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
