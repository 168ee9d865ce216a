import { Transform, type TransformCallback } from 'node:stream';
import { disguisedWordMessage, notAllowedMessage, UPLOAD_EXTENSIONS } from '@counterprint/contract';
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
/** Content that contradicts the extension; a Word document (the usual case) is named as such. */
const refusedContent = (name: string, head: Buffer) =>
  isWordDocument(head) ? new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', disguisedWordMessage(name)) : refusedType(name);

export function extensionOf(name: string): UploadKind | undefined {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadKind) : undefined;
}

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) => b.subarray(at, at + text.length).toString('latin1') === text;
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif']);

/** docs/product/rules.md#jobs-and-files: the leading bytes must match the extension's format. */
export function headMatches(kind: UploadKind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return ascii(head, '%PDF-', blankPrefix(head));
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
      // A .docx is an Office ZIP too: it must not pass for a spreadsheet.
      return ascii(head, 'PK\x03\x04') && (head.includes('[Content_Types].xml') || head.includes('xl/')) && !isWordDocument(head);
    case 'ods':
      return ascii(head, 'PK\x03\x04') && ascii(head, 'mimetype', 30) && head.includes('application/vnd.oasis.opendocument.spreadsheet');
    case 'csv':
      return !head.includes(0);
    case 'svg':
      return !head.includes(0) && isSvgRoot(head.toString('utf8'));
  }
}

/** Bytes before a PDF's `%PDF-` that readers skip and that cannot make it anything else: a UTF-8 BOM, then blanks. */
function blankPrefix(head: Buffer): number {
  let i = starts(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < 1024 && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x0c)) i++;
  return i;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream every .doc holds, as its OLE2 directory names it (UTF-16LE). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** A .doc (OLE2 with a WordDocument stream) or .docx (ZIP with word/ parts), judged from the sniffed head. */
export function isWordDocument(head: Buffer): boolean {
  if (starts(head, OLE2)) return head.includes(WORD_STREAM);
  return ascii(head, 'PK\x03\x04') && head.includes('word/');
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

/** HTML, whatever the file is named (docs/security.md): a browser that sniffed it would run it as a page. */
const HTML = /<(?:!doctype html|html|head|body|script|iframe|frame|frameset|object|embed)[\s/>]/i;
/**
 * What makes an SVG run script, beyond HTML: script and embedded HTML (<foreignObject>, SVG Tiny's
 * handlers) with or without a namespace prefix (<h:script>), event-handler attributes (onload=),
 * javascript: and vbscript: links, and XSLT that could write a page.
 * Matched on normalised text: character references decoded, blank runs collapsed to one space.
 */
const SVG_SCRIPT =
  /[<:](?:script|foreignobject|handler|listener|iframe|object|embed)[\s/>]|<\?xml-stylesheet|[\s/"']on[a-z]+ ?=|j ?a ?v ?a ?s ?c ?r ?i ?p ?t ?:|v ?b ?s ?c ?r ?i ?p ?t ?:/i;
/** Enough of the text already judged to see a marker cut in two by a chunk's end. */
const TAIL = 64;
/** No real character reference is longer; a longer run could only be hiding something. */
const REFERENCE_MAX = 64;
const OPEN_REFERENCE = /&#?[0-9a-z]*$/i;

const decodeReferences = (text: string) =>
  text.replace(/&#(?:x([0-9a-f]+)|([0-9]+));?/gi, (_, hex: string | undefined, dec: string | undefined) => {
    const code = hex ? Number.parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });

/**
 * Reads a text file (CSV, SVG) chunk by chunk for HTML and, in an SVG, script. Only a short tail of
 * what was read is kept, so memory stays flat whatever the file's size.
 */
export class TextScan {
  private carry = '';
  private tail = '';

  constructor(private readonly svg: boolean) {}

  /** False once the text so far shows HTML or script; `last` at the end of the file. */
  clean(chunk: Buffer, last = false): boolean {
    let raw = this.carry + chunk.toString('latin1');
    this.carry = '';
    if (this.svg && !last) {
      // A character reference cut at the chunk's end is judged with the next chunk.
      const open = OPEN_REFERENCE.exec(raw);
      if (open) {
        if (open[0].length > REFERENCE_MAX) return false;
        this.carry = open[0];
        raw = raw.slice(0, open.index);
      }
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: blanks and controls, as a URL parser drops them
    const fresh = (this.svg ? decodeReferences(raw) : raw).replace(/[\u0000-\u0020]+/g, ' ');
    const text = this.tail.endsWith(' ') && fresh.startsWith(' ') ? this.tail + fresh.slice(1) : this.tail + fresh;
    this.tail = text.slice(-TAIL);
    return !HTML.test(text) && !(this.svg && SVG_SCRIPT.test(text));
  }
}

/**
 * Passes the stream through, refusing it (415) as soon as its content contradicts its extension.
 * A Transform rather than an async generator: one callback per chunk (bench/ upload throughput).
 */
export class ContentCheck extends Transform {
  private head: Buffer[] = [];
  private headSize = 0;
  private decided = false;
  private readonly text: TextScan | undefined;

  constructor(
    private readonly kind: UploadKind,
    private readonly name: string,
  ) {
    super();
    this.text = mustStayText(kind) ? new TextScan(kind === 'svg') : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.text && (chunk.includes(0) || !this.text.clean(chunk))) {
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
    if (this.text && !this.text.clean(Buffer.alloc(0), true)) done(refusedType(this.name));
    else if (this.decided) done();
    else this.decide(done);
  }

  /** Judges the sniffed head (all of a file shorter than the sniff size) and lets it through or refuses it. */
  private decide(done: TransformCallback): void {
    const buf = Buffer.concat(this.head);
    this.head = [];
    if (buf.length === 0 || !headMatches(this.kind, buf)) {
      done(refusedContent(this.name, buf));
      return;
    }
    this.decided = true;
    done(null, buf);
  }
}
