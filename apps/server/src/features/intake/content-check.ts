import { Transform, type TransformCallback } from 'node:stream';
import { actualKindMessage, notAllowedMessage, notPrintableMessage, UPLOAD_EXTENSIONS, type UploadKind } from '@counterprint/contract';
import { imageSize } from 'image-size';
import { HttpError } from '../../http/errors.js';
import { CONTENT_TYPES } from './content-types.js';

export type { UploadKind };
export { CONTENT_TYPES };

/** Bytes read before deciding; large enough for a ZIP's first entries and an SVG's prolog. */
export const SNIFF_BYTES = 64 * 1024;

export const refusedType = (name: string) => new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', notAllowedMessage(name));
/** Content that contradicts its name and is nothing we can print. */
const refusedContent = (name: string) => new HttpError(415, 'FILE_TYPE_NOT_ALLOWED', notPrintableMessage(name));

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
      return PDF_HEADER.test(head.subarray(blankPrefix(head), blankPrefix(head) + 16).toString('latin1'));
    case 'png':
      return starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && isPng(head);
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
      return POSTSCRIPT_HEADER.test(head.subarray(0, 32).toString('latin1')) || isDosEps(head);
    case 'doc':
    case 'xls':
    case 'ppt': {
      // An OLE2 file whose directory lies past the sniffed head is judged after upload (conversion/detect.ts).
      const found = starts(head, OLE2) ? ole2Kind(head) : 'none';
      return found === kind || found === undefined;
    }
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      // Office saves a package with a password inside an OLE2 file (EncryptionInfo, EncryptedPackage);
      // detect.ts then says password-protected, so the customer reads why it cannot be printed.
      if (starts(head, OLE2)) return ole2Kind(head) === undefined;
      const found = ascii(head, 'PK\x03\x04') ? zipKind(head) : 'none';
      return found === kind || (found === undefined && head.includes('[Content_Types].xml'));
    }
    case 'odt':
    case 'ods':
    case 'odp':
      return ascii(head, 'PK\x03\x04') && zipKind(head) === kind;
    case 'rtf':
      return ascii(head, '{\\rtf');
    case 'csv':
    case 'txt':
      return !head.includes(0);
    case 'svg':
      return !head.includes(0) && isSvgRoot(head.toString('utf8'));
  }
}

/** `%PDF-` and its version, then the header line's end (a binary-marker comment may follow at once). */
const PDF_HEADER = /^%PDF-\d\.\d\d?[\s%]/;
/** `%!PS`, then its DSC version (`-Adobe-3.0`) or the line's end. */
const POSTSCRIPT_HEADER = /^%!PS(?:-Adobe-\d\.\d|[\t\r\n ])/;

/** The signature alone is eight bytes anyone can type: the IHDR chunk after it must parse (banners parse PNGs the same way). */
function isPng(head: Buffer): boolean {
  try {
    const { type, width, height } = imageSize(head);
    return type === 'png' && width > 0 && height > 0;
  } catch {
    return false;
  }
}

/** A DOS EPS header points at its PostScript section; where that lies in the head, it must be PostScript. */
function isDosEps(head: Buffer): boolean {
  if (!starts(head, [0xc5, 0xd0, 0xd3, 0xc6]) || head.length < 12) return false;
  const at = head.readUInt32LE(4);
  return at >= 30 && (at + 32 > head.length || POSTSCRIPT_HEADER.test(head.subarray(at, at + 32).toString('latin1')));
}

/** Bytes before a PDF's `%PDF-` that readers skip and that cannot make it anything else: a UTF-8 BOM, then blanks. */
function blankPrefix(head: Buffer): number {
  let i = starts(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < 1024 && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x0c)) i++;
  return i;
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream each Office format keeps, as an OLE2 directory names it (UTF-16LE). */
const OLE2_STREAMS: [UploadKind, Buffer][] = [
  ['doc', Buffer.from('WordDocument', 'utf16le')],
  ['xls', Buffer.from('Workbook', 'utf16le')],
  ['xls', Buffer.from('Book\0', 'utf16le')],
  ['ppt', Buffer.from('PowerPoint Document', 'utf16le')],
];
const ole2Kind = (head: Buffer): UploadKind | undefined => OLE2_STREAMS.find(([, name]) => head.includes(name))?.[0];

/** An Office ZIP by the part names in its first local headers; ODF by its leading `mimetype` entry. */
function zipKind(head: Buffer): UploadKind | undefined {
  if (ascii(head, 'mimetype', 30)) {
    const type = head.subarray(38, 38 + 60).toString('latin1');
    if (type.startsWith('application/vnd.oasis.opendocument.text')) return 'odt';
    if (type.startsWith('application/vnd.oasis.opendocument.spreadsheet')) return 'ods';
    if (type.startsWith('application/vnd.oasis.opendocument.presentation')) return 'odp';
    return undefined;
  }
  if (head.includes('word/')) return 'docx';
  if (head.includes('ppt/')) return 'pptx';
  if (head.includes('xl/')) return 'xlsx';
  return undefined;
}

/**
 * What the head says a file is when its name is wrong: only formats with a strong signature. Text,
 * SVG and BMP (two letters) are never guessed: a file named `.pdf` that is text is refused.
 */
export function sniffKind(head: Buffer): UploadKind | undefined {
  const strong: UploadKind[] = ['pdf', 'png', 'jpg', 'webp', 'tiff', 'psd', 'heic', 'eps', 'rtf'];
  const found = strong.find((kind) => headMatches(kind, head));
  if (found) return found;
  if (starts(head, OLE2)) return ole2Kind(head);
  if (ascii(head, 'PK\x03\x04')) return zipKind(head);
  return undefined;
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
export const mustStayText = (kind: UploadKind) => kind === 'csv' || kind === 'txt' || kind === 'svg';

/** HTML, whatever the file is named (docs/security.md): a browser that sniffed it would run it as a page. */
const HTML = /<(?:!doctype html|html|head|body|script|iframe|frame|frameset|object|embed)[\s/>]/i;
/** As many first bytes as a browser reads to guess a type: HTML there, after any magic, is refused. */
const BROWSER_SNIFF_BYTES = 1445;
export const htmlUpFront = (head: Buffer) => HTML.test(head.subarray(0, BROWSER_SNIFF_BYTES).toString('latin1'));
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

  /** Set when the content is another accepted type than the name says. */
  note: string | null = null;

  constructor(
    /** The name's type until the head is judged; then what the content is. */
    public kind: UploadKind,
    private readonly name: string,
  ) {
    super();
    this.text = mustStayText(kind) ? new TextScan(kind === 'svg') : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.text && (chunk.includes(0) || !this.text.clean(chunk))) {
      done(refusedContent(this.name));
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
    if (this.text && !this.text.clean(Buffer.alloc(0), true)) done(refusedContent(this.name));
    else if (this.decided) done();
    else this.decide(done);
  }

  /**
   * Judges the sniffed head (all of a file shorter than the sniff size) and lets it through or refuses
   * it. Content of another accepted type than its name says is taken as what it is, and noted.
   */
  private decide(done: TransformCallback): void {
    const buf = Buffer.concat(this.head);
    this.head = [];
    if (buf.length > 0 && !headMatches(this.kind, buf) && !this.text) {
      const actual = sniffKind(buf);
      if (actual) {
        this.kind = actual;
        this.note = actualKindMessage(this.name, actual);
      }
    }
    if (buf.length === 0 || !headMatches(this.kind, buf) || htmlUpFront(buf)) {
      done(refusedContent(this.name));
      return;
    }
    this.decided = true;
    done(null, buf);
  }
}
