import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { multipart, ownerWithShop, pngBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { DETAILS_TTL_MS } from './details.js';

const LOGIN = 'login-only@example.com';
const HOSTILE = `Raj "Xerox" <script>alert(1)</script> & Sons' $& $1`;
const INDEX = [
  '<!doctype html><html><head>',
  '<title>Counterprint</title>',
  '<meta name="description" content="Counterprint default" />',
  '<meta property="og:title" content="Counterprint" />',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DATABASE_KINDS)('the public shop page on %s', (kind) => {
  let t: TestApp;
  let web: string;
  let owner: Awaited<ReturnType<typeof ownerWithShop>>;
  const saveProfile = (over: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/settings/shop?shopId=${owner.shop.id}`,
      headers: owner.auth,
      payload: { shopName: 'Sharma Print Hub', username: 'sharma_prints', ...over },
    });
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });

  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'cp-web-'));
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(web, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(path.join(web, 'index.html.gz'), gzipSync(INDEX));
    t = await createTestApp({ kind, env: { PUBLIC_BASE_URL: 'https://counterprint.example' }, config: { webDistDir: web } });
    owner = await ownerWithShop(t.app, LOGIN, { shopName: 'Sharma Print Hub' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("publishes no e-mail for a new shop, the one set in settings once set, and never the owner's login e-mail", async () => {
    const fresh = await t.app.inject({ method: 'GET', url: `/api/public/shops/${owner.shop.slug}/details` });
    expect(fresh.body).not.toContain(LOGIN);
    expect(json(fresh).email).toBeNull();

    const saved = await saveProfile({ publicEmail: ' counter@sharma.example ' });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ publicEmail: 'counter@sharma.example', ownerEmail: LOGIN });
    await sleep(DETAILS_TTL_MS + 50);
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/shops/${owner.shop.slug}/details` });
    expect(json(shown).email).toBe('counter@sharma.example');
    expect(shown.body).not.toContain(LOGIN);

    // Left out it stays; blank clears it.
    await saveProfile({ tagline: 'Prints while you wait' });
    expect(json(await saveProfile({})).publicEmail).toBe('counter@sharma.example');
    expect(json(await saveProfile({ publicEmail: '' })).publicEmail).toBeNull();
  });

  it('refuses a public e-mail that is not an address', async () => {
    const res = await saveProfile({ publicEmail: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(/publicEmail must be an e-mail address/);
  });

  it("serves /public/{slug} with the shop's Open Graph and Twitter tags, its banner reachable without sign-in", async () => {
    await saveProfile({ tagline: 'Prints while you wait' });
    const body = await multipart([{ name: 'banners', filename: 'b.png', data: pngBytes(64, 36), type: 'image/png' }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/settings/banners/upload?shopId=${owner.shop.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth },
    });
    expect(added.statusCode).toBe(200);
    await sleep(DETAILS_TTL_MS + 50);

    const res = await page(`/public/${owner.shop.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Still a document under the app's CSP: no inline script may run, whatever a shop is called.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    const html = res.body;
    expect(html).toContain('<title>Sharma Print Hub · Send files to print</title>');
    expect(html).toContain('<meta property="og:title" content="Sharma Print Hub" />');
    expect(html).toContain('<meta property="og:description" content="Prints while you wait" />');
    expect(html).toContain(`<meta property="og:url" content="https://counterprint.example/public/${owner.shop.slug}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('content="Counterprint default"');
    expect(html.match(/og:title/g)).toHaveLength(1);
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(image).toMatch(/^https:\/\/counterprint\.example\/api\/public\/shops\/.+\/banners\/[0-9a-f-]{36}$/);
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`);
    // The QR code's address (with ?src=qr) previews the same, under the one canonical og:url.
    const fromQr = (await page(`/public/${owner.shop.slug.toUpperCase()}?src=qr`)).body;
    expect(fromQr).toContain('<meta property="og:title" content="Sharma Print Hub" />');
    expect(fromQr).toContain(`<meta property="og:url" content="https://counterprint.example/public/${owner.shop.slug}" />`);
    const banner = await t.app.inject({ method: 'GET', url: image!.replace('https://counterprint.example', '') });
    expect(banner.statusCode).toBe(200);
    // Banners are stored as WebP since docs/decisions/025.
    expect(banner.headers['content-type']).toBe('image/webp');
  });

  it('escapes a hostile shop name and tagline so nothing breaks out of the attribute or the title', async () => {
    const res = await saveProfile({ shopName: HOSTILE, tagline: '"/><script>x()</script>' });
    expect(res.statusCode).toBe(200);
    await sleep(DETAILS_TTL_MS + 50);
    const html = (await page(`/public/${owner.shop.slug}`)).body;
    const escaped = 'Raj &quot;Xerox&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons&#39; $&amp; $1';
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<title>${escaped} · Send files to print</title>`);
    expect(html).toContain('<meta property="og:description" content="&quot;/&gt;&lt;script&gt;x()&lt;/script&gt;" />');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('x()</script>');
    // Every meta tag still closes where it should: one per line, nothing after its own "/>".
    for (const line of html.split('\n').filter((l) => l.includes('<meta '))) expect(line.trim()).toMatch(/^<meta [^<>]*\/>$/);
  });

  it.each(['/public/no-such-shop', `/public/${'x'.repeat(200)}`])('answers %s with the app page and its default tags', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });
});
