import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type jsQRType from 'jsqr';
import { PageSizes, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { POSTER_TEXT } from './poster.js';

const jsQR = createRequire(import.meta.url)('jsqr') as typeof jsQRType.default;

/** Every text run on the first page, as a PDF reader extracts it (through the fonts' ToUnicode maps). */
async function pageText(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
}

/** The page's image XObjects decoded to RGBA, then read by a real QR decoder. */
async function decodeQrImages(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const xobjects = doc.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const found: string[] = [];
  for (const [, ref] of xobjects?.entries() ?? []) {
    const image = doc.context.lookup(ref);
    if (!(image instanceof PDFRawStream) || image.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const width = image.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
    const height = image.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber();
    expect(image.dict.get(PDFName.of('Filter'))?.toString()).toBe('/FlateDecode');
    const raw = inflateSync(image.contents);
    const channels = raw.length / (width * height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 1 ? 0 : c)]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}

describe.each(DATABASE_KINDS)('QR poster on %s', (kind) => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', PUBLIC_BASE_URL: 'https://print.example.in' } });
    ({
      shop: { slug },
    } = await ownerWithShop(t.app, 'poster@example.com', { shopName: 'Sharma Print Hub' }));
  });
  afterAll(async () => t?.close());

  it.each([
    ['a4', PageSizes.A4],
    ['a5', PageSizes.A5],
  ] as const)(
    'draws a %s PDF with the shop name, both calls to scan, the short URL, and a QR that decodes to the shop page',
    async (size, [w, h]) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/qr/poster/${slug}?size=${size}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="sharma-print-hub-qr-poster-${size}.pdf"`);
      const pdf = new Uint8Array(res.rawPayload);
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBe(1);
      const page = doc.getPage(0).getSize();
      expect([Math.round(page.width), Math.round(page.height)]).toEqual([Math.round(w), Math.round(h)]);

      const text = await pageText(pdf);
      expect(text).toContain('Sharma Print Hub');
      expect(text).toContain(POSTER_TEXT.english);
      expect(text).toContain('print.example.in/public/sharma-print-hub');
      // The Hindi line is drawn from the embedded Devanagari font: its letters come back out of the PDF.
      expect(text.join(' ')).toMatch(/[\u0900-\u097F]{3}/);

      expect(await decodeQrImages(pdf)).toEqual(['https://print.example.in/public/sharma-print-hub?src=qr']);
    },
  );

  it('defaults to A4, refuses other sizes with a 400, and answers 404 for an unknown shop', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `/api/qr/poster/${slug}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-disposition']).toContain('-a4.pdf');
    const letter = await t.app.inject({ method: 'GET', url: `/api/qr/poster/${slug}?size=letter` });
    expect(letter.statusCode).toBe(400);
    expect(json(letter).error).toMatch(/size must be a4 or a5/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/qr/poster/no-such-shop' });
    expect(missing.statusCode).toBe(404);
  });
});
