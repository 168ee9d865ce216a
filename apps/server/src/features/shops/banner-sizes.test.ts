import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, multipart, ownerWithShop, type Part, pngBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { OrphanReaper } from '../../background/orphan-reaper.js';
import { encodeBannerSizes } from './banner-images.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

/** A valid PNG header claiming `width` × `height` pixels, with a few KiB of zero rows behind it. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 64), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(DATABASE_KINDS)('banner sizes on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  const upload = async (parts: Part[]) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/settings/banners/upload?shopId=${a.shop.id}`,
      payload: body.payload,
      headers: { ...body.headers, ...a.auth },
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    a = await ownerWithShop(t.app, 'banner-sizes@example.com', { shopName: 'Sizes Prints' });
  });
  afterAll(async () => t?.close());

  it('stores a 3000×1700 PNG as WebP 640, 960, 1280 and 1920 wide, lists them in the public details, and removing it removes every size', async () => {
    const res = await upload([{ name: 'banners', filename: 'wide.png', data: pngBytes(3000, 1700), type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const details = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${a.shop.slug}/details` }));
    expect(details.banners).toHaveLength(1);
    const banner = details.banners[0];
    expect(banner).toMatchObject({ url: details.bannerUrls[0], width: 1920, height: 1088 });
    expect(banner.sizes.map((s: { width: number }) => s.width)).toEqual([640, 960, 1280, 1920]);
    for (const size of banner.sizes as { url: string; width: number }[]) {
      const img = await t.app.inject({ method: 'GET', url: size.url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width });
    }
    // The original is not kept: four blobs, one per width.
    expect(await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).toHaveLength(4);
    const unknownWidth = await t.app.inject({ method: 'GET', url: `${banner.url}?w=800` });
    expect(unknownWidth.statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/banners?shopId=${a.shop.id}`,
      headers: a.auth,
      payload: { bannerGcsPaths: [banner.url] },
    });
    expect(del.statusCode).toBe(200);
    expect(await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).toEqual([]);
    for (const size of banner.sizes as { url: string }[])
      expect((await t.app.inject({ method: 'GET', url: size.url })).statusCode).toBe(404);
  }, 90_000);

  it('the orphan reaper keeps every size of a live banner and takes a size whose banner is gone', async () => {
    const res = await upload([{ name: 'banners', filename: 'kept.png', data: pngBytes(1500, 800), type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const keys = await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`);
    expect(keys).toHaveLength(4); // 640, 960, 1280 and its own 1500
    const stray = `${keys.find((k) => !k.includes('.w'))}x.w640`;
    const { Readable } = await import('node:stream');
    await t.deps.blobs.put(stray, Readable.from([Buffer.from('left over')]));
    const reaper = new OrphanReaper({
      db: t.deps.database.db,
      blobs: t.deps.blobs,
      clock: t.deps.clock,
      logger: t.deps.logger,
      graceMs: -60_000,
    });
    expect(await reaper.reap()).toBe(1);
    expect((await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).sort()).toEqual(keys.sort());
    const paths: string[] = json(res).bannerGcsPaths;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/banners?shopId=${a.shop.id}`,
      headers: a.auth,
      payload: { bannerGcsPaths: paths },
    });
    expect(await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).toEqual([]);
  }, 90_000);

  it('refuses a decompression-bomb PNG (100000 × 50000 pixels in a few KiB) quickly, storing nothing', async () => {
    const bomb = bombPng(100_000, 50_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = Date.now();
    const res = await upload([{ name: 'banners', filename: 'bomb.png', data: bomb, type: 'image/png' }]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(415);
    expect(json(res)).toEqual({ error: 'bomb.png is not a readable image. Banners must be PNG, JPG, JPEG or WebP.', code: 'BANNER_TYPE' });
    expect(await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).toEqual([]);
  });

  it('the decoder itself refuses more pixels than the limit, quickly, without the header check in front', async () => {
    const started = Date.now();
    await expect(encodeBannerSizes(bombPng(20_000, 10_000))).rejects.toThrow(/pixel limit/i);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a PNG whose pixel data is cut short as unreadable', async () => {
    const whole = pngBytes(800, 400);
    const cut = Buffer.concat([whole.subarray(0, 200), whole.subarray(whole.length - 12)]);
    const res = await upload([{ name: 'banners', filename: 'cut.png', data: cut, type: 'image/png' }]);
    expect(res.statusCode).toBe(415);
    expect(json(res).code).toBe('BANNER_TYPE');
    expect(await blobKeys(t.deps.blobs, `shops/${a.shop.id}/banners/`)).toEqual([]);
  });
});
