import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grayscale, PDFDocument, type PDFFont, PDFName, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesMentioning } from '../../test/support/processes.js';
import { ColorDetector, DEFAULT_TOLERANCE, isColorImage, parsePpm } from './color-pages.js';

// Real pdftoppm on PDFs drawn here; the scanned page and the photo are JPEGs made with sharp.
const logger = pino({ level: 'silent' });
let root: string;
let work: string;
let detector: ColorDetector;
const timings: Record<string, number> = {};

/** Deterministic noise, so every run draws the same fixtures. */
function noise(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A page as a scanner sends it: grey lines of "text" on off-white paper, noise in every channel,
 * a warm cast (red +15, blue −15) and JPEG's 4:2:0 chroma at quality 60. Every pixel is a little
 * coloured (chroma up to about 32 after drawing); none is colour ink.
 */
async function scannedGreyJpeg(): Promise<Buffer> {
  const [width, height] = [1240, 1754];
  const data = Buffer.alloc(width * height * 3);
  const rand = noise(7);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = y % 40 < 12 && x > 100 && x < 1140 && (x * 7 + y) % 23 < 14;
      const grey = (ink ? 30 : 232) + (rand() - 0.5) * 40;
      for (let c = 0; c < 3; c++) {
        const cast = c === 0 ? 15 : c === 2 ? -15 : 0;
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(grey + cast + (rand() - 0.5) * 20)));
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 60, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Colour waves with noise, as a photo looks to the classifier. */
async function photoJpeg(): Promise<Buffer> {
  const [width, height] = [900, 600];
  const data = Buffer.alloc(width * height * 3);
  const rand = noise(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round(120 + 100 * Math.sin(x / 60) + rand() * 20);
      data[i + 1] = Math.round(110 + 90 * Math.sin(y / 45 + 1) + rand() * 20);
      data[i + 2] = Math.round(100 + 80 * Math.cos((x + y) / 80) + rand() * 20);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** An A4 page of black body text with a grey box: a B&W page unless `heading` says otherwise. */
function textPage(doc: PDFDocument, font: PDFFont, heading = rgb(0, 0, 0)): PDFPage {
  const page = doc.addPage([595, 842]);
  page.drawText('Quarterly report', { x: 50, y: 780, size: 20, font, color: heading });
  for (let line = 0; line < 30; line++)
    page.drawText('Lorem ipsum dolor sit amet, consectetur adipiscing elit', { x: 50, y: 740 - line * 20, size: 11, font });
  page.drawRectangle({ x: 50, y: 80, width: 200, height: 40, color: grayscale(0.6) });
  return page;
}

/** Five pages: 2 has a red heading, 4 a 15 mm blue logo; 1, 3 and 5 are black text and grey boxes. */
async function fivePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  textPage(doc, font);
  textPage(doc, font, rgb(0.85, 0.1, 0.1));
  textPage(doc, font);
  textPage(doc, font).drawRectangle({ x: 480, y: 760, width: 42, height: 42, color: rgb(0.1, 0.3, 0.9) });
  textPage(doc, font);
  return doc.save();
}

async function imagePage(jpeg: Buffer, box: { x: number; y: number; width: number; height: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(jpeg);
  doc.addPage([595, 842]).drawImage(image, box);
  return doc.save();
}

/** One page whose content stream paints 400,000 rectangles: seconds of work for pdftoppm. */
async function slowPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const stream = doc.context.flateStream('0.5 0.5 0.5 rg 10 10 500 700 re f\n'.repeat(400_000));
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  return doc.save();
}

async function fixture(name: string, bytes: Uint8Array): Promise<string> {
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

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'colour-test-'));
  work = join(root, 'work');
  await mkdir(work);
  detector = new ColorDetector({ logger, tmpRoot: work });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  console.info('colour detection ms:', JSON.stringify(timings));
});

describe('isColorImage', () => {
  const pixels = (count: number, pixel: [number, number, number], rest: [number, number, number] = [255, 255, 255], total = 10_000) => {
    const rgb = new Uint8Array(total * 3);
    for (let i = 0; i < total; i++) rgb.set(i < count ? pixel : rest, i * 3);
    return rgb;
  };

  it.each([
    { label: 'pure white', rgb: pixels(0, [0, 0, 0]), colour: false },
    { label: 'black text on white', rgb: pixels(3000, [0, 0, 0]), colour: false },
    { label: 'a beige paper tint (chroma 30) everywhere', rgb: pixels(10_000, [245, 235, 215]), colour: false },
    { label: 'chroma exactly at the threshold everywhere', rgb: pixels(10_000, [200, 200 - DEFAULT_TOLERANCE.chroma, 200]), colour: false },
    { label: 'chroma one past the threshold everywhere', rgb: pixels(10_000, [200, 199 - DEFAULT_TOLERANCE.chroma, 200]), colour: true },
    { label: '10 red specks in 10,000 pixels (0.1 %)', rgb: pixels(10, [255, 0, 0]), colour: false },
    { label: '11 red specks in 10,000 pixels', rgb: pixels(11, [255, 0, 0]), colour: true },
    { label: 'a pastel highlight over 5 %', rgb: pixels(500, [255, 255, 153]), colour: true },
  ])('$label → colour $colour', ({ rgb, colour }) => {
    expect(isColorImage(rgb)).toBe(colour);
  });

  it('follows the tolerance it is given', () => {
    const tinted = pixels(10_000, [245, 235, 215]);
    expect(isColorImage(tinted, { chroma: 20, fraction: 0.001 })).toBe(true);
    expect(isColorImage(tinted, { chroma: 30, fraction: 0.001 })).toBe(false);
  });
});

describe('parsePpm', () => {
  it('reads a P6 header and its pixels, and refuses a short or foreign file', () => {
    const body = Buffer.from([255, 0, 0, 0, 255, 0]);
    const ppm = Buffer.concat([Buffer.from('P6\n2 1\n255\n'), body]);
    const image = parsePpm(ppm);
    expect([image?.width, image?.height, [...(image?.rgb ?? [])]]).toEqual([2, 1, [...body]]);
    expect(parsePpm(ppm.subarray(0, ppm.length - 1))).toBeUndefined();
    expect(parsePpm(Buffer.from('P5\n2 1\n255\n\0\0'))).toBeUndefined();
  });
});

describe('ColorDetector', () => {
  it('finds pdftoppm here', () => {
    expect(detector.available()).toBe(true);
  });

  it('finds colour on pages 2 and 4 of five: a red heading and a 15 mm blue logo', async () => {
    const path = await fixture('five.pdf', await fivePages());
    expect(await timed('5 pages', () => detector.colorPages(path, 5))).toEqual({ colorPages: [2, 4], pagesChecked: 5 });
  });

  it('gives the same answer drawing the pages two at a time', async () => {
    const path = await fixture('five-batches.pdf', await fivePages());
    const batched = new ColorDetector({ logger, tmpRoot: work, pagesPerRun: 2 });
    expect(await batched.colorPages(path, 5)).toEqual({ colorPages: [2, 4], pagesChecked: 5 });
  });

  it('looks at no more than maxPages pages, and says how many it looked at', async () => {
    const path = await fixture('five-capped.pdf', await fivePages());
    const capped = new ColorDetector({ logger, tmpRoot: work, maxPages: 3 });
    expect(await capped.colorPages(path, 5)).toEqual({ colorPages: [2], pagesChecked: 3 });
  });

  it('draws 200 pages in batches and finds every colour page among them', async () => {
    const five = await PDFDocument.load(await fivePages());
    const doc = await PDFDocument.create();
    for (let i = 0; i < 40; i++) for (const page of await doc.copyPages(five, [0, 1, 2, 3, 4])) doc.addPage(page);
    const path = await fixture('two-hundred.pdf', await doc.save());
    const expected = Array.from({ length: 200 }, (_, i) => i + 1).filter((page) => page % 5 === 2 || page % 5 === 4);
    expect(await timed('200 pages', () => detector.colorPages(path, 200))).toEqual({ colorPages: expected, pagesChecked: 200 });
  });

  it('calls a noisy, tinted, JPEG-compressed grey scan grey', async () => {
    const path = await fixture('scan.pdf', await imagePage(await scannedGreyJpeg(), { x: 0, y: 0, width: 595, height: 842 }));
    expect(await timed('scan', () => detector.colorPages(path, 1))).toEqual({ colorPages: [], pagesChecked: 1 });
    // The tint and noise are there: a detector without tolerance calls the same page colour.
    const strict = new ColorDetector({ logger, tmpRoot: work, tolerance: { chroma: 10, fraction: 0.001 } });
    expect(await strict.colorPages(path, 1)).toEqual({ colorPages: [1], pagesChecked: 1 });
  });

  it('calls a page holding a photo colour', async () => {
    const path = await fixture('photo.pdf', await imagePage(await photoJpeg(), { x: 50, y: 300, width: 495, height: 330 }));
    expect(await detector.colorPages(path, 1)).toEqual({ colorPages: [1], pagesChecked: 1 });
  });

  it('answers failed for a damaged PDF, leaving no process and no work directory', async () => {
    const path = await fixture('damaged.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\ngarbage\n%%EOF\n'));
    expect(await detector.colorPages(path, 3)).toEqual({ failed: 'unreadable' });
    expect(await detector.colorPages(join(root, 'no-such-file.pdf'), 1)).toEqual({ failed: 'unreadable' });
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it('fails when the document has fewer pages than it was told, rather than guess the rest', async () => {
    const path = await fixture('five-short.pdf', await fivePages());
    expect(await detector.colorPages(path, 7)).toEqual({ failed: 'unreadable' });
  });

  it('kills pdftoppm at the deadline and answers timed-out', async () => {
    const path = await fixture('slow.pdf', await slowPdf());
    const impatient = new ColorDetector({ logger, tmpRoot: work, timeoutMs: 500 });
    const started = Date.now();
    expect(await impatient.colorPages(path, 1)).toEqual({ failed: 'timed-out' });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
  });

  it('answers unavailable without pdftoppm', async () => {
    const without = new ColorDetector({ logger, pdftoppm: join(root, 'no-pdftoppm') });
    expect(without.available()).toBe(false);
    expect(await without.colorPages(join(root, 'five.pdf'), 5)).toEqual({ failed: 'unavailable' });
  });
});
