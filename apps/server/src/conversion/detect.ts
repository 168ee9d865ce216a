import { type FileHandle, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import type { ConversionFailure, DocumentKind } from '@counterprint/contract';
import yauzl from 'yauzl';

export type DetectLimits = {
  /** Sum of the uncompressed sizes a ZIP's central directory declares; above it the file is a bomb. */
  maxZipUncompressedBytes: number;
  maxZipEntries: number;
};

export const DEFAULT_DETECT_LIMITS: DetectLimits = { maxZipUncompressedBytes: 512 * 1024 * 1024, maxZipEntries: 10_000 };

export type TextEncoding = 'utf-8' | 'latin-1';

export type Detection =
  | { ok: true; kind: DocumentKind; encoding?: TextEncoding; delimiter?: string }
  | { ok: false; reason: ConversionFailure; kind?: DocumentKind; detail: string };

const TEXT_SNIFF_BYTES = 1024 * 1024;
const OLE2_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');

/**
 * What a document is, by its content: magic bytes, the names in an OLE2 directory or a ZIP central
 * directory, or text without NUL. A ZIP is judged by its central directory alone (nothing is
 * inflated but ODF's `mimetype` and manifest, each capped), so a bomb is refused before anyone opens it.
 */
export async function detectDocument(path: string, limits: DetectLimits = DEFAULT_DETECT_LIMITS): Promise<Detection> {
  const fh = await open(path, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await fh.stat()).size;
    head = await readAt(fh, 0, Math.min(size, TEXT_SNIFF_BYTES));
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return { ok: true, kind: 'pdf' };
    if (head.subarray(0, 8).equals(OLE2_MAGIC)) return await detectOle2(fh, size);
  } finally {
    await fh.close();
  }
  if (head.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return detectZip(path, limits);
  if (head.subarray(0, 5).toString('latin1') === '{\\rtf') return { ok: true, kind: 'rtf' };
  return detectText(head, size);
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

// --- OLE2 (compound file) -------------------------------------------------------------------

type Ole2Entry = { name: string; start: number; size: number };

const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const MAX_DIRECTORY_SECTORS = 4096;

async function detectOle2(fh: FileHandle, size: number): Promise<Detection> {
  let dir: Ole2Directory;
  try {
    dir = await readOle2Directory(fh, size);
  } catch (err) {
    return { ok: false, reason: 'damaged', detail: `OLE2 directory unreadable: ${(err as Error).message}` };
  }
  const { entries } = dir;
  const has = (name: string) => entries.has(name.toLowerCase());
  const firstBytes = (e: Ole2Entry, n: number) => streamHead(fh, dir, e, n).catch(() => Buffer.alloc(0));
  if (has('EncryptionInfo') && has('EncryptedPackage')) {
    return { ok: false, reason: 'password-protected', kind: 'ole2-office', detail: 'encrypted OOXML package' };
  }
  const word = entries.get('worddocument');
  if (word) {
    // The FIB's flags word at 0x0A: fEncrypted is 0x0100 (MS-DOC 2.5.2).
    const fib = await firstBytes(word, 12);
    if (fib.length === 12 && fib.readUInt16LE(10) & 0x0100) return encrypted('doc');
    return { ok: true, kind: 'doc' };
  }
  const book = entries.get('workbook') ?? entries.get('book');
  if (book) {
    // BOF record, then FILEPASS (0x002F) when the workbook is encrypted (MS-XLS 2.4.117).
    const records = await firstBytes(book, 64);
    if (records.length >= 8 && records.readUInt16LE(0) === 0x0809) {
      const next = 4 + records.readUInt16LE(2);
      if (records.length >= next + 2 && records.readUInt16LE(next) === 0x002f) return encrypted('xls');
    }
    return { ok: true, kind: 'xls' };
  }
  if (has('PowerPoint Document')) return has('EncryptedSummary') ? encrypted('ppt') : { ok: true, kind: 'ppt' };
  return { ok: true, kind: 'ole2-office' };
}

function encrypted(kind: DocumentKind): Detection {
  return { ok: false, reason: 'password-protected', kind, detail: `encrypted ${kind}` };
}

type Ole2Directory = { entries: Map<string, Ole2Entry>; sectorSize: number; nextSector: (n: number) => Promise<number> };

const MINI_SECTOR = 64;
const MINI_STREAM_CUTOFF = 4096;

/** The first `n` (at most 64) bytes of a stream, from the regular sectors or from the mini stream. */
async function streamHead(fh: FileHandle, dir: Ole2Directory, e: Ole2Entry, n: number): Promise<Buffer> {
  const { sectorSize, nextSector } = dir;
  if (e.size >= MINI_STREAM_CUTOFF) return readAt(fh, (e.start + 1) * sectorSize, Math.min(n, e.size));
  // Small streams live in the mini stream, itself a stream held by the root entry.
  const root = dir.entries.get('root entry');
  if (!root) throw new Error('no root entry');
  const at = e.start * MINI_SECTOR;
  let sector = root.start;
  for (let hops = Math.floor(at / sectorSize); hops > 0; hops--) sector = await nextSector(sector);
  return readAt(fh, (sector + 1) * sectorSize + (at % sectorSize), Math.min(n, MINI_SECTOR, e.size));
}

/** Reads the names of every stream and storage of a compound file (MS-CFB), lower-cased. */
async function readOle2Directory(fh: FileHandle, size: number): Promise<Ole2Directory> {
  const header = await readAt(fh, 0, 512);
  if (header.length < 512) throw new Error('short header');
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) throw new Error(`sector shift ${shift}`);
  const sectorSize = 1 << shift;
  const sectorCount = Math.ceil(size / sectorSize);
  const sector = (n: number) => {
    if (n >= sectorCount) throw new Error(`sector ${n} past the end`);
    return readAt(fh, (n + 1) * sectorSize, sectorSize);
  };

  // The FAT's own sectors are listed in the header (109 of them) and then in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
  let difat = header.readUInt32LE(0x44);
  for (let hops = 0; difat !== ENDOFCHAIN && difat !== FREESECT; hops++) {
    if (hops > sectorCount) throw new Error('DIFAT loops');
    const s = await sector(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i++) fatSectors.push(s.readUInt32LE(i * 4));
    difat = s.readUInt32LE(sectorSize - 4);
  }
  const fatCache = new Map<number, Buffer>();
  const nextSector = async (n: number) => {
    const perSector = sectorSize / 4;
    const which = fatSectors[Math.floor(n / perSector)];
    if (which === undefined || which === FREESECT) throw new Error('FAT too short');
    let fat = fatCache.get(which);
    if (!fat) {
      fat = await sector(which);
      fatCache.set(which, fat);
    }
    return fat.readUInt32LE((n % perSector) * 4);
  };

  const entries = new Map<string, Ole2Entry>();
  let dir = header.readUInt32LE(0x30);
  for (let hops = 0; dir !== ENDOFCHAIN; hops++) {
    if (hops >= MAX_DIRECTORY_SECTORS || hops > sectorCount) throw new Error('directory chain too long');
    const s = await sector(dir);
    for (let off = 0; off + 128 <= sectorSize; off += 128) {
      const nameBytes = Math.min(64, s.readUInt16LE(off + 64));
      const type = s.readUInt8(off + 66);
      if (type === 0 || nameBytes < 2) continue;
      const name = s.toString('utf16le', off, off + nameBytes - 2);
      entries.set(name.toLowerCase(), { name, start: s.readUInt32LE(off + 116), size: s.readUInt32LE(off + 120) });
    }
    dir = await nextSector(dir);
  }
  return { entries, sectorSize, nextSector };
}

// --- ZIP (OOXML, ODF) -----------------------------------------------------------------------

const ODF_MIMETYPES: Record<string, DocumentKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};
const SMALL_ENTRY_BYTES = 256 * 1024;

type ZipListing = { names: Map<string, yauzl.Entry>; zip: yauzl.ZipFile };

async function detectZip(path: string, limits: DetectLimits): Promise<Detection> {
  let listing: ZipListing;
  try {
    listing = await listZip(path, limits);
  } catch (err) {
    if (err instanceof ZipTooLarge) return { ok: false, reason: 'too-complex', detail: err.message };
    return { ok: false, reason: 'damaged', detail: `ZIP unreadable: ${(err as Error).message}` };
  }
  const { names, zip } = listing;
  try {
    const found = await zipKind(names, zip);
    if (!found.ok) return found;
    // The caps above trust the sizes the directory declares; inflating every entry holds each to its
    // declared size, so a bomb that understates them is refused here and never reaches LibreOffice.
    await inflateAsDeclared(zip, names);
    return found;
  } catch (err) {
    if (err instanceof ZipTooLarge) return { ok: false, reason: 'too-complex', detail: err.message };
    return { ok: false, reason: 'damaged', detail: `ZIP entry unreadable: ${(err as Error).message}` };
  } finally {
    zip.close();
  }
}

async function zipKind(names: Map<string, yauzl.Entry>, zip: yauzl.ZipFile): Promise<Detection> {
  if (names.has('word/document.xml')) return { ok: true, kind: 'docx' };
  if (names.has('ppt/presentation.xml')) return { ok: true, kind: 'pptx' };
  if (names.has('xl/workbook.xml')) return { ok: true, kind: 'xlsx' };
  const mimetype = names.get('mimetype');
  if (!mimetype) return { ok: false, reason: 'unsupported', detail: 'a ZIP archive that is no document we know' };
  const kind = ODF_MIMETYPES[(await readSmallEntry(zip, mimetype)).toString('latin1').trim()];
  if (!kind) return { ok: false, reason: 'unsupported', detail: 'an OpenDocument kind we do not print' };
  // An ODF package with a password keeps its parts encrypted and says so in its manifest.
  const manifest = names.get('META-INF/manifest.xml');
  if (manifest && (await readSmallEntry(zip, manifest)).includes('encryption-data')) return encrypted(kind);
  return { ok: true, kind };
}

/** Inflates each deflated entry, dropping the bytes, and stops one that outgrows its declared size. */
async function inflateAsDeclared(zip: yauzl.ZipFile, names: Map<string, yauzl.Entry>): Promise<void> {
  for (const entry of names.values()) {
    // An encrypted entry (general purpose bit 0) cannot be inflated without its key: its parts say enough.
    if (entry.generalPurposeBitFlag & 1 || entry.compressionMethod !== 8) continue;
    await inflateEntry(zip, entry, { keep: false });
  }
}

/** A small entry's bytes (ODF's `mimetype` and manifest). */
async function readSmallEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  if (entry.uncompressedSize > SMALL_ENTRY_BYTES) throw new Error(`${entry.fileName} is too large`);
  if (entry.compressionMethod === 0) return collect(await openRaw(zip, entry), entry.uncompressedSize);
  return inflateEntry(zip, entry, { keep: true });
}

/**
 * Our own inflater, stopped as soon as an entry outgrows the size its directory declared: yauzl 2.10's
 * own size check (validateEntrySizes) leaves the stream hanging when it trips, so a lying entry would
 * hold its conversion slot for ever.
 */
async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, opts: { keep: boolean }): Promise<Buffer> {
  const raw = await openRaw(zip, entry);
  const inflate = raw.pipe(createInflateRaw());
  raw.on('error', (e) => inflate.destroy(e));
  return collect(inflate, entry.uncompressedSize, opts.keep, () => raw.destroy(), entry.fileName);
}

/** An entry's bytes as stored (deflated ones not inflated). */
function openRaw(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, raw?: Readable) => (err || !raw ? reject(err ?? new Error('no stream')) : resolve(raw));
    // yauzl takes the decompress option only for a compressed entry.
    if (entry.compressionMethod === 0) zip.openReadStream(entry, done);
    else zip.openReadStream(entry, { decompress: false, decrypt: null, start: null, end: null }, done);
  });
}

/**
 * Reads `stream` to its end, refusing more than `max` bytes; keeps them only when asked. Events, not
 * async iteration: yauzl's stream of a stored entry (fd-slicer's) never starts under `for await`.
 */
function collect(stream: Readable, max: number, keep = true, stop = () => {}, name = 'entry'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The first outcome stands: destroying the streams makes each report an error of its own.
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
      stop();
      stream.destroy();
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return settle(new ZipTooLarge(`${name} inflates past its declared ${max} bytes`));
      if (keep) chunks.push(chunk);
    });
    stream.on('error', (err) => settle(err));
    stream.on('end', () => settle(null));
  });
}

class ZipTooLarge extends Error {}

function listZip(path: string, limits: DetectLimits): Promise<ZipListing> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      if (zip.entryCount > limits.maxZipEntries) return fail(new ZipTooLarge(`${zip.entryCount} ZIP entries`));
      const names = new Map<string, yauzl.Entry>();
      let total = 0;
      zip.on('error', fail);
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > limits.maxZipUncompressedBytes) return fail(new ZipTooLarge(`ZIP declares over ${total} bytes uncompressed`));
        names.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ names, zip }));
      zip.readEntry();
    });
  });
}

// --- Text -----------------------------------------------------------------------------------

function detectText(head: Buffer, size: number): Detection {
  if (size === 0) return { ok: false, reason: 'unsupported', detail: 'empty file' };
  for (const byte of head) {
    // NUL and control characters other than tab, line feed, form feed and carriage return: binary.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) {
      return { ok: false, reason: 'unsupported', detail: 'binary content of a kind we do not know' };
    }
  }
  const truncated = size > head.length;
  const encoding: TextEncoding = isUtf8(head, truncated) ? 'utf-8' : 'latin-1';
  const lines = head.toString(encoding === 'utf-8' ? 'utf8' : 'latin1').split(/\r?\n/);
  // The sniffed prefix may end mid-line.
  if (truncated) lines.pop();
  const delimiter = csvDelimiter(lines);
  return delimiter ? { ok: true, kind: 'csv', encoding, delimiter } : { ok: true, kind: 'txt', encoding };
}

/** Valid UTF-8, allowing a character cut at the end of a sniffed prefix. */
function isUtf8(buf: Buffer, truncated: boolean): boolean {
  let body = buf;
  if (truncated) {
    let cut = buf.length;
    for (let i = buf.length - 1; i >= Math.max(0, buf.length - 4); i--) {
      if ((buf[i]! & 0xc0) !== 0x80) {
        cut = i;
        break;
      }
    }
    body = buf.subarray(0, cut);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** The delimiter on which two or more lines all split into the same number (above one) of fields. */
function csvDelimiter(all: string[]): string | undefined {
  const lines = all.slice(0, 50).filter((l) => l.trim() !== '');
  if (lines.length < 2) return undefined;
  return [',', ';', '\t'].find((d) => {
    const fields = lines.map((l) => l.split(d).length);
    return fields[0]! > 1 && fields.every((n) => n === fields[0]);
  });
}
