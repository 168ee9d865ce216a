import { request } from 'node:http';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { App } from '../app.js';
import type { BlobStore } from '../storage/blob-store.js';
import { json, signUpAndIn } from './harness.js';

export async function pdfBytes(pages = 1, marker = 'Counterprint test'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${marker} page ${i + 1}`, { x: 50, y: 780, size: 14 });
  doc.setTitle(marker);
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

export const shopJson = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ shopName: 'Sharma Print Hub', category: 'Printing', address: '12 MG Road, Pune', ...over });

/** A signed-up owner with one shop; returns a fresh bearer that carries SHOP_OWNER. */
export async function ownerWithShop(app: App, email: string, shop: Record<string, unknown> = {}) {
  const { token } = await signUpAndIn(app, email);
  const body = await multipart([{ name: 'shop', value: shopJson(shop) }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/public/onboarding-shops/create',
    ...body,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 201) throw new Error(`shop create failed: ${res.statusCode} ${res.body}`);
  const created = json(res) as { id: string; slug: string; shopName: string };
  const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'passw0rd-ok' } });
  const bearer = String(signin.headers.authorization);
  return { shop: created, auth: { authorization: bearer }, token: bearer.replace(/^Bearer /, '') };
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
