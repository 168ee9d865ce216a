import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/harness.js';

const INDEX = '<!doctype html><title>Counterprint</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';
const SCRIPT = `export const rates = [${Array.from({ length: 400 }, (_, i) => `{page:${i},price:"₹${i % 7}"}`).join(',')}];\n`;
const ASSET = '/assets/index-Ab12Cd34.js';
const SERVICE_WORKER = "self.addEventListener('push', () => {});\n";
const MANIFEST = '{"name":"Counterprint","start_url":"/printJob"}';

/** A web build as `npm run build` leaves it: every file with its .br and .gz siblings. */
function writeBuild(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
}

/** Static serving does not depend on the database, so this runs on PGlite only. */
describe('the built web app', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'cp-web-'));
    writeBuild(web, { 'index.html': INDEX, [ASSET.slice(1)]: SCRIPT, 'sw.js': SERVICE_WORKER, 'manifest.webmanifest': MANIFEST });
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' }, config: { webDistDir: web } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('serves the app at / (the address on every visiting card), not a 403', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves the service worker and the manifest unhashed, so a new build is seen at once, with the types browsers require', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toBe(MANIFEST);
  });

  it('sends a hashed script as brotli when the browser takes br and gzip', async () => {
    const res = await get(ASSET, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when the browser takes only gzip', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'deflate'])('sends the plain bytes for Accept-Encoding %s', async (accept) => {
    const res = await get(ASSET, accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.toString()).toBe(SCRIPT);
  });

  it.each(['/', '/public/some-shop', '/user-dashboard'])('compresses index.html at %s too, never cached stale', async (url) => {
    const res = await get(url, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('keeps API misses JSON, while any other miss gets the compressed app page', async () => {
    expect((await get('/api/no-such-route', 'br')).headers['content-type']).toMatch(/^application\/json/);
    const missing = await get('/assets/index-Gone0000.js', 'br');
    expect(missing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(missing.rawPayload).toString()).toBe(INDEX);
  });
});
