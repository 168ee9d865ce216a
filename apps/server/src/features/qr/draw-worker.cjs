'use strict';
// The QR drawing thread (docs/decisions/054-qr-drawings-off-the-request-thread.md): the poster's font
// subsetting and the PNG's encoding take from tens to hundreds of milliseconds of CPU, which on the
// request thread stalled every other request. Each message is one drawing, {id, kind: 'png'} or
// {id, kind: 'poster', size, shopName, text}; each answer is {id, data} (its buffer transferred) or
// {id, error}. Plain CommonJS so it runs as is from src/ and dist/.
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
// @pdf-lib/fontkit's Indic shaper was compiled expecting a global regeneratorRuntime
// (pdf-lib issue 785): without it, laying out Hindi throws.
require('regenerator-runtime/runtime.js');
const fontkit = require('@pdf-lib/fontkit');
const { PageSizes, PDFDocument, rgb } = require('pdf-lib');
const QRCode = require('qrcode');

/** Noto Sans from @fontsource: the Devanagari and Latin subsets, so the poster needs no system fonts (decision 026). */
const fontFile = (subset, weight) =>
  readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`));
let fonts;
/** Read once per thread: latin, latin bold, Devanagari bold. */
const loadFonts = () => {
  fonts ??= { latin: fontFile('latin', 400), latinBold: fontFile('latin', 700), devanagariBold: fontFile('devanagari', 700) };
  return fonts;
};

const INK = rgb(0.09, 0.11, 0.16);
const MUTED = rgb(0.35, 0.38, 0.45);
const DEVANAGARI = /[\u0900-\u097F]/;

/** The largest size up to `max` at which the text fits the width, so a long shop name stays on the page. */
const fitSize = (font, text, max, width) => Math.min(max, (max * width) / Math.max(1, font.widthOfTextAtSize(text, max)));

/** The code alone, for the owner's screen and their own prints. */
const drawPng = ({ qrUrl }) => QRCode.toBuffer(qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 640 });

/** A printable poster for the shop counter: name, QR, the call to scan in English and Hindi, the short URL. */
async function drawPoster({ shopName, qrUrl, shortUrl, size, text }) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${shopName} — QR poster`);
  doc.setSubject(qrUrl);
  doc.setCreator('Counterprint');
  // Subsetting keeps the file small: only the glyphs the poster uses are embedded.
  const embed = (bytes) => doc.embedFont(bytes, { subset: true });
  const files = loadFonts();
  const [latin, latinBold, devanagariBold] = await Promise.all([embed(files.latin), embed(files.latinBold), embed(files.devanagariBold)]);

  const page = doc.addPage(size === 'a4' ? PageSizes.A4 : PageSizes.A5);
  const { width, height } = page.getSize();
  const k = width / PageSizes.A4[0]; // every measure below is for A4 and scales down for A5
  const margin = 48 * k;
  const usable = width - 2 * margin;
  const centre = (line, font, max, y, color = INK) => {
    const s = fitSize(font, line, max, usable);
    page.drawText(line, { x: (width - font.widthOfTextAtSize(line, s)) / 2, y, size: s, font, color });
  };

  const nameFont = DEVANAGARI.test(shopName) ? devanagariBold : latinBold;
  centre(shopName, nameFont, 40 * k, height - margin - 40 * k);

  const png = await QRCode.toBuffer(qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 16 });
  const qr = await doc.embedPng(png);
  const side = 420 * k;
  const qrTop = height - margin - 86 * k;
  page.drawImage(qr, { x: (width - side) / 2, y: qrTop - side, width: side, height: side });

  centre(text.english, latinBold, 30 * k, qrTop - side - 56 * k);
  centre(text.hindi, devanagariBold, 28 * k, qrTop - side - 104 * k);
  centre(text.orVisit, latin, 14 * k, qrTop - side - 156 * k, MUTED);
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

parentPort.on('message', async (m) => {
  try {
    const drawn = m.kind === 'png' ? await drawPng(m) : await drawPoster(m);
    // A copy that owns its memory: a view into a pooled slab would send the whole slab.
    const data = new Uint8Array(drawn);
    parentPort.postMessage({ id: m.id, data }, [data.buffer]);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String(err?.message ?? err) });
  }
});
