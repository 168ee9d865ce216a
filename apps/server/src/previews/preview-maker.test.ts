import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { initializeCanvas, writePsdBuffer } from 'ag-psd';
import { PDFDocument, PDFName, rgb } from 'pdf-lib';
import pino from 'pino';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesMentioning } from '../../test/support/processes.js';
import { type PreviewKind, PreviewMaker } from './preview-maker.js';

// Real pdftoppm, sharp, libheif, ag-psd and bmp-ts, one child per file; every fixture is made here.
const logger = pino({ level: 'silent' });
const BLUE = { r: 0, g: 0, b: 255 };
const RED = { r: 255, g: 0, b: 0 };
let root: string;
let work: string;
let maker: PreviewMaker;
let listener: Server;
let requests: string[];
let port: number;
const sizes: Record<string, number> = {};
const timings: Record<string, number> = {};

async function fixture(name: string, bytes: Buffer | Uint8Array): Promise<string> {
  const path = join(root, name);
  await writeFile(path, bytes);
  return path;
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  timings[label] = Date.now() - started;
  return result;
}

/** width × height, with the left quarter blue and the rest red: which way is up stays visible after a rotation. */
function banded(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: { create: { width: width / 4, height, channels: 3, background: BLUE } }, left: 0, top: 0 },
  ]);
}

async function size(jpeg: Buffer | undefined): Promise<[number, number, string]> {
  if (!jpeg) throw new Error('no image');
  const m = await sharp(jpeg).metadata();
  return [m.width, m.height, m.format];
}

/** The colour at (x, y) of a JPEG, rounded to "blue", "red", "white" or the numbers. */
async function colourAt(jpeg: Buffer | undefined, x: number, y: number): Promise<string> {
  if (!jpeg) throw new Error('no image');
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
  const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
  if (r > 200 && g > 200 && b > 200) return 'white';
  if (b > 180 && r < 80 && g < 80) return 'blue';
  if (r > 180 && g < 80 && b < 80) return 'red';
  return `${r},${g},${b}`;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A PNG declaring width × height, whose few bytes of IDAT would inflate to all of it. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 64));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 24-bit bottom-up BMP (BITMAPINFOHEADER), written by hand so the decoder is checked against the format, not itself. */
function bmp24(width: number, height: number, colour: (x: number, y: number) => { r: number; g: number; b: number }): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const { r, g, b } = colour(x, y);
      file.set([b, g, r], row + x * 3);
    }
  }
  return file;
}

/** A DOS EPS: the 30-byte binary header pointing at a PostScript section and a TIFF preview. */
function epsWithTiff(tiff: Buffer): Buffer {
  const ps = Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 300 150\nshowpage\n', 'latin1');
  const header = Buffer.alloc(30);
  header.writeUInt32BE(0xc5d0d3c6, 0);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(ps.length, 8);
  header.writeUInt32LE(30 + ps.length, 20);
  header.writeUInt32LE(tiff.length, 24);
  header.writeUInt16LE(0xffff, 28);
  return Buffer.concat([header, ps, tiff]);
}

type Box = { at: number; size: number };
function findBox(file: Buffer, start: number, end: number, type: string): Box {
  for (let at = start; at + 8 <= end; ) {
    const size = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === type) return { at, size };
    if (size < 8) break;
    at += size;
  }
  throw new Error(`no ${type} box`);
}

/**
 * heif-enc 1.15 writes no rotation, so one is added as an iPhone does: an `irot` property (angle in
 * quarter turns anticlockwise) associated with the primary item. Sizes of the boxes around it and
 * iloc's offsets into mdat move by the bytes added. Written for heif-enc's layout and checked against it.
 */
function withIrot(heic: Buffer, quarterTurnsAnticlockwise: number): Buffer {
  const meta = findBox(heic, 0, heic.length, 'meta');
  const iprp = findBox(heic, meta.at + 12, meta.at + meta.size, 'iprp');
  const ipco = findBox(heic, iprp.at + 8, iprp.at + iprp.size, 'ipco');
  const ipma = findBox(heic, iprp.at + 8, iprp.at + iprp.size, 'ipma');
  const iloc = findBox(heic, meta.at + 12, meta.at + meta.size, 'iloc');
  if (heic.readUInt32BE(ipma.at + 8) !== 0 || heic.readUInt32BE(ipma.at + 12) !== 1) throw new Error('unexpected ipma');
  if (heic[iloc.at + 8] !== 0 || heic[iloc.at + 12] !== 0x44 || heic[iloc.at + 13] !== 0x40) throw new Error('unexpected iloc');
  let properties = 0;
  for (let at = ipco.at + 8; at < ipco.at + ipco.size; at += heic.readUInt32BE(at)) properties++;
  const associations = heic[ipma.at + 18]!;
  const ipmaEnd = ipma.at + 19 + associations;
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), quarterTurnsAnticlockwise]);
  const out = Buffer.concat([
    heic.subarray(0, ipco.at + ipco.size),
    irot,
    heic.subarray(ipco.at + ipco.size, ipmaEnd),
    Buffer.from([0x80 | (properties + 1)]), // essential, 1-based index of the new property
    heic.subarray(ipmaEnd),
  ]);
  const added = irot.length + 1;
  out.writeUInt32BE(meta.size + added, meta.at);
  out.writeUInt32BE(iprp.size + added, iprp.at);
  out.writeUInt32BE(ipco.size + irot.length, ipco.at);
  const movedIpma = ipma.at > ipco.at ? ipma.at + irot.length : ipma.at;
  out.writeUInt32BE(ipma.size + 1, movedIpma);
  out[movedIpma + 18] = associations + 1;
  let at = iloc.at + 16;
  for (let items = out.readUInt16BE(iloc.at + 14); items > 0; items--) {
    at += 4; // item ID, data reference index
    out.writeUInt32BE(out.readUInt32BE(at) + added, at); // base offset: mdat moved
    at += 4;
    at += 2 + out.readUInt16BE(at) * 8;
  }
  return out;
}

/** The same HEIC with its `ispe` declaring width × height: what a decompression bomb says about itself. */
function withDeclaredSize(heic: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(heic);
  const meta = findBox(out, 0, out.length, 'meta');
  const iprp = findBox(out, meta.at + 12, meta.at + meta.size, 'iprp');
  const ipco = findBox(out, iprp.at + 8, iprp.at + iprp.size, 'ipco');
  const ispe = findBox(out, ipco.at + 8, ipco.at + ipco.size, 'ispe');
  out.writeUInt32BE(width, ispe.at + 12);
  out.writeUInt32BE(height, ispe.at + 16);
  return out;
}

async function heicOf(name: string, image: Sharp, options: string[] = []): Promise<Buffer> {
  // Flattened first: heif-enc would store a composite's alpha as a second, auxiliary image.
  const png = await fixture(
    `${name}.png`,
    await sharp(await image.png().toBuffer())
      .removeAlpha()
      .png()
      .toBuffer(),
  );
  const heic = join(root, `${name}.heic`);
  execFileSync('heif-enc', ['-q', '60', ...options, png, '-o', heic], { stdio: 'ignore', timeout: 20_000 });
  return readFileSync(heic);
}

async function pdfOf(width: number, height: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: height / 2, width, height: height / 2, color: rgb(0, 0, 1) });
  return doc.save();
}

/** One page whose content stream is 400 000 filled rectangles: seconds of rendering from a small file. */
async function slowPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const stream = doc.context.flateStream('0.5 0.5 0.5 rg 10 10 500 700 re f\n'.repeat(400_000));
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save();
}

beforeAll(async () => {
  try {
    execFileSync('heif-enc', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('heif-enc is not installed: apt-get install libheif-examples (see .ci/run)');
  }
  root = await mkdtemp(join(tmpdir(), 'previews-test-'));
  work = join(root, 'work');
  await mkdir(work);
  maker = new PreviewMaker({ logger, tmpRoot: work });
  requests = [];
  listener = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  port = (listener.address() as AddressInfo).port;
});

afterAll(async () => {
  listener?.close();
  if (root) await rm(root, { recursive: true, force: true });
  // Measured numbers for the report.
  console.info('preview bytes:', JSON.stringify(sizes));
  console.info('preview ms:', JSON.stringify(timings));
});

describe('PreviewMaker: PDFs', () => {
  it('finds pdftoppm here', () => {
    expect(maker.available()).toEqual({ pdf: true });
  });

  it('draws the first page as a JPEG whose longest side is 320 px, upright', async () => {
    const path = await fixture('a4.pdf', await pdfOf(595, 842));
    const thumbnail = await timed('pdf', () => maker.thumbnailOfPdf(path));
    sizes['pdf thumbnail'] = thumbnail?.length ?? 0;
    const [width, height, format] = await size(thumbnail);
    expect(format).toBe('jpeg');
    expect(height).toBe(320);
    // pdftoppm rounds the short side up.
    expect(Math.abs(width - (320 * 595) / 842)).toBeLessThanOrEqual(1);
    expect(await colourAt(thumbnail, width / 2, 10)).toBe('blue');
    expect(await colourAt(thumbnail, width / 2, 310)).toBe('white');
  });

  it('says landscape pages are 320 px wide', async () => {
    const path = await fixture('landscape.pdf', await pdfOf(842, 595));
    const [width, height] = await size(await maker.thumbnailOfPdf(path));
    expect(width).toBe(320);
    expect(Math.abs(height - (320 * 595) / 842)).toBeLessThanOrEqual(1);
  });

  it('answers undefined for a damaged PDF, and leaves no work directory behind', async () => {
    const path = await fixture('damaged.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage\n%%EOF\n'));
    expect(await maker.thumbnailOfPdf(path)).toBeUndefined();
    expect(await maker.thumbnailOfPdf(join(root, 'no-such-file.pdf'))).toBeUndefined();
    expect(readdirSync(work)).toEqual([]);
  });

  it('gives up on a page that renders for too long, killing pdftoppm', async () => {
    const path = await fixture('slow.pdf', await slowPdf());
    const impatient = new PreviewMaker({ logger, tmpRoot: work, timeoutMs: 500 });
    const started = Date.now();
    expect(await impatient.thumbnailOfPdf(path)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it('renders nothing when pdftoppm is missing, and says so', async () => {
    const without = new PreviewMaker({ logger, pdftoppm: join(root, 'no-pdftoppm') });
    expect(without.available()).toEqual({ pdf: false });
    expect(await without.thumbnailOfPdf(join(root, 'a4.pdf'))).toBeUndefined();
  });
});

describe('PreviewMaker: images', () => {
  it('turns a JPEG by its EXIF orientation (6: a quarter turn clockwise)', async () => {
    const path = await fixture('o6.jpg', await banded(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer());
    const made = await timed('jpeg', () => maker.ofImage(path, 'jpg'));
    sizes['jpeg thumbnail'] = made.thumbnail?.length ?? 0;
    expect(made.preview).toBeUndefined();
    expect(await size(made.thumbnail)).toEqual([160, 320, 'jpeg']);
    // The left band is on top once turned clockwise.
    expect(await colourAt(made.thumbnail, 80, 10)).toBe('blue');
    expect(await colourAt(made.thumbnail, 80, 300)).toBe('red');
  });

  it('draws a PNG and WebP without a preview (browsers show them), and never enlarges', async () => {
    const png = await maker.ofImage(await fixture('small.png', await banded(200, 100).png().toBuffer()), 'png');
    expect(png.preview).toBeUndefined();
    expect(await size(png.thumbnail)).toEqual([200, 100, 'jpeg']);
    const webp = await maker.ofImage(await fixture('a.webp', await banded(1600, 800).webp().toBuffer()), 'webp');
    expect(await size(webp.thumbnail)).toEqual([320, 160, 'jpeg']);
  });

  it('decodes HEIC with libheif, applying its irot rotation, into a preview and a thumbnail', async () => {
    const heic = withIrot(await heicOf('photo', banded(800, 400)), 3);
    const path = await fixture('rotated.heic', heic);
    const made = await timed('heic', () => maker.ofImage(path, 'heic'));
    sizes['heic thumbnail'] = made.thumbnail?.length ?? 0;
    sizes['heic preview'] = made.preview?.length ?? 0;
    expect(await size(made.preview)).toEqual([400, 800, 'jpeg']);
    expect(await size(made.thumbnail)).toEqual([160, 320, 'jpeg']);
    // Three quarter turns anticlockwise: the left band is on top.
    expect(await colourAt(made.preview, 200, 20)).toBe('blue');
    expect(await colourAt(made.preview, 200, 700)).toBe('red');
    expect(await colourAt(made.thumbnail, 80, 10)).toBe('blue');
    // The same file as heif-enc wrote it, without irot, stays landscape.
    const plain = await maker.ofImage(join(root, 'photo.heic'), 'heif');
    expect(await size(plain.thumbnail)).toEqual([320, 160, 'jpeg']);
  });

  it('refuses a HEIC that declares 60000 × 60000 before decoding it', async () => {
    const heic = readFileSync(join(root, 'photo.heic'));
    const path = await fixture('huge.heic', withDeclaredSize(heic, 60_000, 60_000));
    const started = Date.now();
    expect(await maker.ofImage(path, 'heic')).toEqual({ refused: 'too-large' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('bounds a decode by the memory rlimit: a 12 MP HEIC fails under 192 MiB and renders under the default', async () => {
    const heic = await heicOf('flat', sharp({ create: { width: 4000, height: 3000, channels: 3, background: BLUE } }), [
      '-p',
      'preset=ultrafast',
    ]);
    const path = await fixture('flat.heic', heic);
    const starved = new PreviewMaker({ logger, tmpRoot: work, memoryBytes: 192 * 1024 * 1024 });
    const refused = await timed('heic 12 MP under 192 MiB', () => starved.ofImage(path, 'heic'));
    expect(refused.thumbnail).toBeUndefined();
    expect(['too-large', 'unreadable', 'crashed']).toContain(refused.refused);
    const made = await timed('heic 12 MP', () => maker.ofImage(path, 'heic'));
    sizes['heic 12 MP preview'] = made.preview?.length ?? 0;
    expect(await size(made.preview)).toEqual([2000, 1500, 'jpeg']);
    expect(await size(made.thumbnail)).toEqual([320, 240, 'jpeg']);
  });

  it('makes a TIFF a preview of at most 2000 px and a thumbnail', async () => {
    const path = await fixture('scan.tiff', await banded(3000, 1500).tiff({ compression: 'lzw' }).toBuffer());
    const made = await timed('tiff 3000×1500', () => maker.ofImage(path, 'tiff'));
    sizes['tiff preview'] = made.preview?.length ?? 0;
    expect(await size(made.preview)).toEqual([2000, 1000, 'jpeg']);
    expect(await size(made.thumbnail)).toEqual([320, 160, 'jpeg']);
    expect(await colourAt(made.preview, 100, 500)).toBe('blue');
  });

  it('makes a BMP (24-bit, bottom-up) a preview the right way up', async () => {
    const path = await fixture(
      'a.bmp',
      bmp24(301, 150, (_x, y) => (y < 75 ? BLUE : RED)),
    );
    const made = await maker.ofImage(path, 'bmp');
    expect(await size(made.preview)).toEqual([301, 150, 'jpeg']);
    expect(await colourAt(made.preview, 150, 10)).toBe('blue');
    expect(await colourAt(made.preview, 150, 140)).toBe('red');
    expect(await size(made.thumbnail)).toEqual([301, 150, 'jpeg']);
  });

  it('makes a PSD its composite image as a preview', async () => {
    initializeCanvas(
      () => {
        throw new Error('no canvas in tests');
      },
      (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData,
    );
    const pixels = await banded(600, 300).ensureAlpha().raw().toBuffer();
    const psd = writePsdBuffer({
      width: 600,
      height: 300,
      imageData: { width: 600, height: 300, data: new Uint8ClampedArray(pixels) } as ImageData,
    });
    const made = await maker.ofImage(await fixture('a.psd', psd), 'psd');
    expect(await size(made.preview)).toEqual([600, 300, 'jpeg']);
    expect(await colourAt(made.preview, 10, 150)).toBe('blue');
    expect(await colourAt(made.preview, 500, 150)).toBe('red');
    expect(await size(made.thumbnail)).toEqual([320, 160, 'jpeg']);
  });

  it('shows an EPS by its TIFF preview, and nothing for PostScript it would have to run', async () => {
    const tiff = await banded(300, 150).tiff().toBuffer();
    const made = await maker.ofImage(await fixture('a.eps', epsWithTiff(tiff)), 'eps');
    expect(await size(made.preview)).toEqual([300, 150, 'jpeg']);
    expect(await colourAt(made.preview, 10, 75)).toBe('blue');
    const bare = await fixture('bare.eps', Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n'));
    expect(await maker.ofImage(bare, 'eps')).toEqual({ refused: 'unsupported' });
    expect(await maker.ofImage(bare, 'ps')).toEqual({ refused: 'unsupported' });
  });

  it('refuses a PNG declaring 30000 × 30000 quickly, from its header', async () => {
    const path = await fixture('bomb.png', pngBomb(30_000, 30_000));
    const started = Date.now();
    expect(await maker.ofImage(path, 'png')).toEqual({ refused: 'too-large' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers a damaged or mislabelled file with a reason, not an exception', async () => {
    const jpeg = await banded(400, 200).jpeg().toBuffer();
    const truncated = await fixture('truncated.jpg', jpeg.subarray(0, 200));
    expect(await maker.ofImage(truncated, 'jpg')).toEqual({ refused: 'unreadable' });
    for (const kind of ['heic', 'bmp', 'psd', 'tiff', 'svg'] satisfies PreviewKind[]) {
      expect(await maker.ofImage(truncated, kind)).toEqual({ refused: 'unreadable' });
    }
  });

  it('stops a decode that runs past its deadline, leaving no process behind', async () => {
    const impatient = new PreviewMaker({ logger, tmpRoot: work, timeoutMs: 50 });
    expect(await impatient.ofImage(join(root, 'scan.tiff'), 'tiff')).toEqual({ refused: 'timed-out' });
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it('draws an SVG without fetching what it links to, over the network or from disk', async () => {
    await fixture(
      'beside.png',
      await sharp({ create: { width: 50, height: 50, channels: 3, background: RED } })
        .png()
        .toBuffer(),
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
      <rect width="200" height="100" fill="white"/><rect width="50" height="100" fill="blue"/>
      <image x="100" y="0" width="100" height="100" xlink:href="http://127.0.0.1:${port}/x.png"/>
      <image x="100" y="0" width="100" height="100" href="beside.png"/>
      <image x="100" y="0" width="100" height="100" href="file://${root}/beside.png"/>
    </svg>`;
    const path = await fixture('links.svg', Buffer.from(svg));
    // Given a path, librsvg resolves files beside it: what rendering from bytes avoids.
    expect(await colourAt(await sharp(path).jpeg().toBuffer(), 150, 50)).toBe('red');
    // With the network there to reach: the claim is librsvg's, not the namespace's.
    const networked = new PreviewMaker({ logger, tmpRoot: work, isolateNetwork: false });
    const made = await networked.ofImage(path, 'svg');
    expect(await size(made.thumbnail)).toEqual([320, 160, 'jpeg']);
    expect(await colourAt(made.thumbnail, 20, 80)).toBe('blue');
    expect(await colourAt(made.thumbnail, 240, 80)).toBe('white');
    expect(requests).toEqual([]);
  });
});
