import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
// @pdf-lib/fontkit's Indic shaper was compiled expecting a global regeneratorRuntime
// (pdf-lib issue 785): without it, laying out Hindi throws.
import 'regenerator-runtime/runtime.js';
import fontkit from '@pdf-lib/fontkit';
import { PageSizes, PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import QRCode from 'qrcode';

export const POSTER_SIZES = ['a4', 'a5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

export const POSTER_TEXT = {
  english: 'Scan to send your files',
  hindi: 'अपनी फ़ाइलें भेजने के लिए स्कैन करें',
  orVisit: 'or visit',
} as const;

const require = createRequire(import.meta.url);
/** Noto Sans from @fontsource: the Devanagari and Latin subsets, so the poster needs no system fonts (decision 026). */
const fontFile = (subset: 'devanagari' | 'latin', weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`);

let fonts: Promise<[Buffer, Buffer, Buffer]> | null = null;
/** Read once per process: [latin, latin bold, Devanagari bold]. */
function loadFonts() {
  fonts ??= Promise.all([readFile(fontFile('latin', 400)), readFile(fontFile('latin', 700)), readFile(fontFile('devanagari', 700))]);
  return fonts;
}

const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const DEVANAGARI = /[\u0900-\u097F]/;

/** The largest size up to `max` at which the text fits the width, so a long shop name stays on the page. */
function fitSize(font: PDFFont, text: string, max: number, width: number): number {
  return Math.min(max, (max * width) / Math.max(1, font.widthOfTextAtSize(text, max)));
}

export interface PosterInput {
  shopName: string;
  /** What the code encodes: the shop page, marked as reached by the QR. */
  qrUrl: string;
  /** What a customer could type instead, printed under the code. */
  shortUrl: string;
  size: PosterSize;
}

/** A printable poster for the shop counter: name, QR, the call to scan in English and Hindi, the short URL. */
export async function renderQrPoster({ shopName, qrUrl, shortUrl, size }: PosterInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${shopName} — QR poster`);
  doc.setSubject(qrUrl);
  doc.setCreator('Counterprint');
  // Subsetting keeps the file small: only the glyphs the poster uses are embedded.
  const embed = (bytes: Buffer) => doc.embedFont(bytes, { subset: true });
  const [latinFile, latinBoldFile, devanagariBoldFile] = await loadFonts();
  const [latin, latinBold, devanagariBold] = await Promise.all([embed(latinFile), embed(latinBoldFile), embed(devanagariBoldFile)]);

  const page = doc.addPage(size === 'a4' ? PageSizes.A4 : PageSizes.A5);
  const { width, height } = page.getSize();
  const k = width / PageSizes.A4[0]; // every measure below is for A4 and scales down for A5
  const margin = 48 * k;
  const usable = width - 2 * margin;
  const centre = (text: string, font: PDFFont, max: number, y: number, color = INK) => {
    const s = fitSize(font, text, max, usable);
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, s)) / 2, y, size: s, font, color });
  };

  const nameFont = DEVANAGARI.test(shopName) ? devanagariBold : latinBold;
  centre(shopName, nameFont, 40 * k, height - margin - 40 * k);

  const png = await QRCode.toBuffer(qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 16 });
  const qr = await doc.embedPng(png);
  const side = 420 * k;
  const qrTop = height - margin - 86 * k;
  page.drawImage(qr, { x: (width - side) / 2, y: qrTop - side, width: side, height: side });

  centre(POSTER_TEXT.english, latinBold, 30 * k, qrTop - side - 56 * k);
  centre(POSTER_TEXT.hindi, devanagariBold, 28 * k, qrTop - side - 104 * k);
  centre(POSTER_TEXT.orVisit, latin, 14 * k, qrTop - side - 156 * k, MUTED);
  centre(shortUrl, latinBold, 20 * k, qrTop - side - 182 * k);
  page.drawRectangle({
    x: margin / 2,
    y: margin / 2,
    width: width - margin,
    height: height - margin,
    borderColor: MUTED,
    borderWidth: 1,
    opacity: 0,
  });
  return doc.save();
}
