import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from './disk.js';
import { EncryptedBlobStore } from './encrypted.js';
import { contentDisposition, parseRange, registerFileRoutes, signFileUrl, verifyFileUrl } from './file-routes.js';

const secret = 'file-url-secret-file-url-secret-0123';
const KEY = 'shops/7b0e/jobs/1c2d/3e4f';
const body = Buffer.from(Array.from({ length: 150_000 }, (_, i) => i % 251));
let dir: string;
let app: FastifyInstance;
let store: EncryptedBlobStore;
let clock = Date.parse('2026-11-22T10:00:00Z');
const dead = new Set<string>();

const sign = (over: Partial<Parameters<typeof signFileUrl>[1]> = {}) =>
  signFileUrl(secret, { key: KEY, filename: 'Résumé final.pdf', ttlSeconds: 600, now: clock, ...over });
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
/** Rebuilds a URL with its payload edited but the original signature. */
const tamper = (url: string, edit: (p: Record<string, unknown>) => void) => {
  const [, , token, name] = url.split('/');
  const [payload, sig] = token!.split('.');
  const p = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  edit(p);
  return `/files/${Buffer.from(JSON.stringify(p)).toString('base64url')}.${sig}/${name}`;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cp-files-'));
  store = new EncryptedBlobStore(new DiskObjectStore({ root: dir }), {
    masterKey: randomBytes(32).toString('hex'),
    fileUrlSecret: secret,
    chunkSize: 64 * 1024,
  });
  await store.put(KEY, Readable.from([body]));
  await store.put('shops/7b0e/jobs/1c2d/svg', Readable.from([Buffer.from('<svg onload="alert(1)"/>')]));
  app = Fastify();
  registerFileRoutes(app, { blobs: store, fileUrlSecret: secret, now: () => clock, isLive: async (k) => !dead.has(k) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /files/*', () => {
  it('serves a good link as an attachment with its name, range support and safe headers', async () => {
    const url = await store.signedUrl(KEY, 600, 'Résumé final.pdf');
    expect(url).toMatch(/^\/files\/[\w-]+\.[\w-]+\/R%C3%A9sum%C3%A9%20final\.pdf$/);
    const res = await get(sign());
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.pdf`,
    );
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers ranges with 206, suffix ranges too, and 416 past the end', async () => {
    const url = sign();
    const part = await get(url, { range: 'bytes=65530-65545' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 65530-65545/${body.length}`);
    expect(part.rawPayload.equals(body.subarray(65530, 65546))).toBe(true);
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(body.subarray(-10))).toBe(true);
    const open = await get(url, { range: 'bytes=149990-' });
    expect(open.rawPayload.equals(body.subarray(149990))).toBe(true);
    const past = await get(url, { range: `bytes=${body.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${body.length}`);
    expect((await get(url, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200); // multi-range: whole file
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: sign() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('refuses a link whose key, filename, expiry, disposition or signature changed', async () => {
    const url = sign();
    const [prefix, name] = [url.slice(0, url.lastIndexOf('/')), url.slice(url.lastIndexOf('/') + 1)];
    const sig = url.split('/')[2]!.split('.')[1]!;
    const changed = [
      tamper(url, (p) => (p.k = 'shops/7b0e/jobs/1c2d/svg')),
      tamper(url, (p) => (p.e = (p.e as number) + 3600)),
      tamper(url, (p) => (p.i = 1)),
      tamper(url, (p) => (p.t = 'application/pdf')),
      `${prefix}/other.pdf`,
      url.replace(sig, `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
      url.replace(`.${sig}`, ''),
      `/files/garbage/${name}`,
      `/files/${url.split('/')[2]}`,
    ];
    for (const bad of changed) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json(), bad).toEqual({ error: 'This download link is not valid.', code: 'FILE_LINK_INVALID' });
    }
    expect(verifyFileUrl('another-secret-another-secret-000', url, clock)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('answers 410 once the link expired', async () => {
    const url = sign({ ttlSeconds: 60 });
    expect((await get(url)).statusCode).toBe(200);
    clock += 61_000;
    try {
      const res = await get(url);
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('FILE_LINK_EXPIRED');
    } finally {
      clock -= 61_000;
    }
  });

  it('answers 404 for a deleted file even with a valid link', async () => {
    dead.add(KEY);
    try {
      expect((await get(sign())).statusCode).toBe(404);
    } finally {
      dead.delete(KEY);
    }
    expect((await get(sign({ key: 'shops/none/jobs/none/none' }))).statusCode).toBe(404);
  });

  it('never lets an SVG (or HTML) render, even when inline was signed', async () => {
    for (const contentType of ['image/svg+xml', 'text/html', undefined]) {
      const res = await get(sign({ key: 'shops/7b0e/jobs/1c2d/svg', filename: 'logo.svg', inline: true, contentType }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves PDFs and images inline when that was signed', async () => {
    const pdf = await get(sign({ inline: true, contentType: 'application/pdf' }));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    const png = await get(sign({ inline: true, contentType: 'image/png' }));
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 500, not a corrupt body, when the stored blob fails its check', async () => {
    const key = 'shops/7b0e/jobs/1c2d/broken';
    await store.put(key, Readable.from([Buffer.from('small file')]));
    const file = path.join(dir, ...key.split('/'));
    const raw = readFileSync(file);
    raw[raw.length - 1]! ^= 1;
    writeFileSync(file, raw);
    const res = await get(sign({ key }));
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('FILE_UNREADABLE');
    raw[0]! ^= 1; // and with a damaged header, which already fails the size lookup
    writeFileSync(file, raw);
    expect((await get(sign({ key }))).json().code).toBe('FILE_UNREADABLE');
    expect((await app.inject({ method: 'HEAD', url: sign({ key }) })).statusCode).toBe(500);
  });

  it('cuts the connection, never completing the body, when a later chunk is damaged', async () => {
    const key = 'shops/7b0e/jobs/1c2d/late-damage';
    await store.put(key, Readable.from([body]));
    const file = path.join(dir, ...key.split('/'));
    const raw = readFileSync(file);
    raw[raw.length - 100]! ^= 1; // inside the last chunk
    writeFileSync(file, raw);
    const server = Fastify();
    registerFileRoutes(server, { blobs: store, fileUrlSecret: secret, now: () => clock });
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await fetch(`${base}${sign({ key })}`);
      expect(res.status).toBe(200); // headers went out with the first, intact chunk
      await expect(res.arrayBuffer()).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});

describe('helpers', () => {
  it('parses ranges as RFC 9110 says', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });

  it('writes a Content-Disposition no filename can break out of', () => {
    expect(contentDisposition('attachment', 'a"b\r\n;c.pdf')).toBe(
      `attachment; filename="a_b___c.pdf"; filename*=UTF-8''a%22b%0D%0A%3Bc.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });

  it('signs and verifies without a server', () => {
    const url = signFileUrl(secret, { key: KEY, filename: 'x.pdf', ttlSeconds: 10, now: 1_000_000 });
    expect(verifyFileUrl(secret, url, 1_000_000)).toMatchObject({ ok: true, key: KEY, filename: 'x.pdf', expiresAt: 1010, inline: false });
    expect(verifyFileUrl(secret, `${url}?download=1`, 1_000_000).ok).toBe(true);
    expect(verifyFileUrl(secret, url, 1_010_000)).toEqual({ ok: false, reason: 'expired', expiresAt: 1010 });
    expect(() => signFileUrl(secret, { key: KEY, filename: 'x', ttlSeconds: 0 })).toThrow();
  });
});
