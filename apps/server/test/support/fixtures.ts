import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ONBOARDING_PRICES } from '@counterprint/contract';
import { PDFDocument, rgb } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { App } from '../../src/app.js';
import type { BlobStore } from '../../src/storage/blob-store.js';
import { json, signIn, signUpAndIn } from './harness.js';
import { zipArchive } from './zip.js';

export async function pdfBytes(pages = 1, marker = 'Counterprint test'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${marker} page ${i + 1}`, { x: 50, y: 780, size: 14 });
  doc.setTitle(marker);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose listed pages (1-based) carry a red block, the rest black text only. */
export async function pdfWithColorPages(pages: number, colorPages: number[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${i}`, { x: 50, y: 780, size: 14 });
    if (colorPages.includes(i)) page.drawRectangle({ x: 50, y: 600, width: 200, height: 100, color: rgb(0.9, 0.1, 0.1) });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export function pngBytes(width = 40, height = 20): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i / 4) % 255;
    png.data[i + 1] = 120;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A photo as an iPhone sends it: HEIC, encoded by libheif's own `heif-enc` (Debian libheif-examples). */
export async function heicBytes(width = 800, height = 600): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'cp-heic-'));
  try {
    const png = join(dir, 'photo.png');
    await writeFile(png, pngBytes(width, height));
    execFileSync('heif-enc', ['-q', '60', png, '-o', join(dir, 'photo.heic')], { stdio: 'ignore', timeout: 20_000 });
    return await readFile(join(dir, 'photo.heic'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A one-page Rich Text letter: the smallest document LibreOffice converts to a PDF. */
export const rtfBytes = (text = 'A letter to print') => Buffer.from(`{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Helvetica;}}\\f0 ${text}\\par}`);

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const p of parts) {
    if ('filename' in p) fd.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.filename);
    else fd.append(p.name, p.value);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

export async function upload(app: App, slug: string, parts: Part[]) {
  const body = await multipart(parts);
  return app.inject({ method: 'POST', url: `/api/public/shops/${slug}/jobs`, ...body });
}

/** A shop whose owner accepted the onboarding step's default prices (pass `prices: null` for one that did not). */
export const shopJson = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    shopName: 'Sharma Print Hub',
    category: 'Printing',
    address: '12 MG Road, Pune',
    prices: DEFAULT_ONBOARDING_PRICES,
    ...over,
  });

/** POST /api/public/onboarding-shops/create with `shop` (JSON text) as its one part; `headers` prove the account. */
export async function createShop(app: App, headers: Record<string, string>, shop: string) {
  const body = await multipart([{ name: 'shop', value: shop }]);
  return app.inject({ method: 'POST', url: '/api/public/onboarding-shops/create', ...body, headers: { ...body.headers, ...headers } });
}

/** A signed-up owner with one shop; returns a fresh bearer that carries SHOP_OWNER. */
export async function ownerWithShop(app: App, email: string, shop: Record<string, unknown> = {}) {
  const { token } = await signUpAndIn(app, email);
  const res = await createShop(app, { authorization: `Bearer ${token}` }, shopJson(shop));
  if (res.statusCode !== 201) throw new Error(`shop create failed: ${res.statusCode} ${res.body}`);
  const created = json(res) as { id: string; slug: string; shopName: string };
  const signin = await signIn(app, email);
  return { shop: created, auth: { authorization: `Bearer ${signin.token}` }, token: signin.token };
}

export async function blobKeys(blobs: BlobStore, prefix = 'shops/'): Promise<string[]> {
  const keys: string[] = [];
  for await (const b of blobs.list(prefix)) keys.push(b.key);
  return keys;
}

/** Streams a request over a real socket so large bodies never sit in the test's memory either. */
export function streamRequest(
  url: string,
  headers: Record<string, string>,
  write: (req: ReturnType<typeof request>) => Promise<void>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    write(req).catch(reject);
  });
}

/** A ZIP archive with its entries stored (not compressed), as an Office file's container. */
export function zipBytes(entries: Record<string, string>): Buffer {
  return zipArchive(
    Object.entries(entries).map(([name, text]) => ({ name, content: Buffer.from(text) })),
    'store',
  );
}

/** The parts Word writes first in a .docx. */
export const docxBytes = () =>
  zipBytes({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Report</w:t></w:r></w:p></w:body></w:document>',
  });

/**
 * The start of a Word 97-2003 .doc: the OLE2 header sector, then a directory sector naming the root and
 * the WordDocument stream (what the content check looks for), padded as a small file is.
 */
export function docBytes(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  const entry = (i: number, name: string, type: number) => {
    const at = i * 128;
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(directory, at);
    directory.writeUInt16LE(n.length, at + 64);
    directory[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, 'WordDocument', 2);
  return Buffer.concat([header, directory, Buffer.alloc(4096)]);
}
