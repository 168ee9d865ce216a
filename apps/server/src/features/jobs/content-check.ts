import { Transform, type TransformCallback } from 'node:stream';
import { notAllowedMessage, UPLOAD_EXTENSIONS } from '@counterprint/contract';
import { HttpError } from '../../http/errors.js';

export type UploadKind = (typeof UPLOAD_EXTENSIONS)[number];

export const CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  eps: 'application/postscript',
  ps: 'application/postscript',
  psd: 'image/vnd.adobe.photoshop',
  heic: 'image/heic',
  heif: 'image/heif',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

/** Bytes read before deciding; large enough for a ZIP's first entries and an SVG's prolog. */
export const SNIFF_BYTES = 64 * 1024;

export const refusedType = (name: string) => new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', notAllowedMessage(name));

export function extensionOf(name: string): UploadKind | undefined {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadKind) : undefined;
}

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) => b.subarray(at, at + text.length).toString('latin1') === text;
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif']);

/** DECISIONS "Jobs and files": the leading bytes must match the extension's format. */
export function headMatches(kind: UploadKind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return head.subarray(0, 1024).includes('%PDF-');
    case 'png':
      return starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return starts(head, [0xff, 0xd8, 0xff]);
    case 'webp':
      return ascii(head, 'RIFF') && ascii(head, 'WEBP', 8);
    case 'tiff':
    case 'tif':
      return starts(head, [0x49, 0x49, 0x2a, 0x00]) || starts(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case 'bmp':
      return ascii(head, 'BM');
    case 'psd':
      return ascii(head, '8BPS');
    case 'heic':
    case 'heif':
      return ascii(head, 'ftyp', 4) && HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'));
    case 'eps':
    case 'ps':
      return ascii(head, '%!PS') || starts(head, [0xc5, 0xd0, 0xd3, 0xc6]);
    case 'xls':
      return starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'xlsx':
      return ascii(head, 'PK\x03\x04') && (head.includes('[Content_Types].xml') || head.includes('xl/'));
    case 'ods':
      return ascii(head, 'PK\x03\x04') && ascii(head, 'mimetype', 30) && head.includes('application/vnd.oasis.opendocument.spreadsheet');
    case 'csv':
      return !head.includes(0);
    case 'svg':
      return !head.includes(0) && isSvgRoot(head.toString('utf8'));
  }
}

/** XML whose first element is <svg>, after an optional BOM, prolog, comments and doctype. */
function isSvgRoot(text: string): boolean {
  const rest = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->|\s*<!DOCTYPE[^>]*>)*/i, '');
  return /^\s*<svg[\s>]/i.test(rest);
}

/** Text formats must stay text to the end, not only in their first bytes. */
export const mustStayText = (kind: UploadKind) => kind === 'csv' || kind === 'svg';

/**
 * Passes the stream through, refusing it (415) as soon as its content contradicts its extension.
 * A Transform rather than an async generator: one callback per chunk (bench/ upload throughput).
 */
export class ContentCheck extends Transform {
  private head: Buffer[] = [];
  private headSize = 0;
  private decided = false;
  private readonly text: boolean;

  constructor(
    private readonly kind: UploadKind,
    private readonly name: string,
  ) {
    super();
    this.text = mustStayText(kind);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.text && chunk.includes(0)) {
      done(refusedType(this.name));
    } else if (this.decided) {
      done(null, chunk);
    } else {
      this.head.push(chunk);
      this.headSize += chunk.length;
      if (this.headSize >= SNIFF_BYTES) this.decide(done);
      else done();
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.decided) done();
    else this.decide(done);
  }

  /** Judges the sniffed head (all of a file shorter than the sniff size) and lets it through or refuses it. */
  private decide(done: TransformCallback): void {
    const buf = Buffer.concat(this.head);
    this.head = [];
    if (buf.length === 0 || !headMatches(this.kind, buf)) {
      done(refusedType(this.name));
      return;
    }
    this.decided = true;
    done(null, buf);
  }
}
