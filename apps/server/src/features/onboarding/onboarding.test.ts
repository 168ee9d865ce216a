import { createRequire } from 'node:module';
import type jsQRType from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { multipart, type Part, pngBytes, shopJson } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';

// jsqr is CommonJS with a default export that NodeNext typing cannot call through an ESM import.
const jsQR = createRequire(import.meta.url)('jsqr') as typeof jsQRType.default;

describe.each(DATABASE_KINDS)('shop onboarding, public page and QR on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', PUBLIC_BASE_URL: 'https://print.example.in' } });
  });
  afterAll(async () => t?.close());

  const signup = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Owner', email, password: 'passw0rd-ok' } });
    return json(res).onboardingToken as string;
  };
  const create = async (parts: Part[], headers: Record<string, string>) => {
    const body = await multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/public/onboarding-shops/create', ...body, headers: { ...body.headers, ...headers } });
  };

  it('creates a shop with the onboarding token and landscape banners; sign-in lists it and grants SHOP_OWNER', async () => {
    const token = await signup('first@example.com');
    const res = await create(
      [
        {
          name: 'shop',
          filename: 'blob',
          data: Buffer.from(shopJson({ shopName: 'Café Ünïcode Prints!', slug: 'ignored', tagline: 'Fast' })),
          type: 'application/json',
        },
        { name: 'banners', filename: 'wide.png', data: pngBytes(60, 20), type: 'image/png' },
      ],
      { 'x-onboarding-token': token },
    );
    expect(res.statusCode).toBe(201);
    // Where the shop's link points, for the onboarding's last page (issue 33): here the configured PUBLIC_BASE_URL.
    expect(json(res)).toEqual({
      id: expect.any(String),
      slug: 'cafe-unicode-prints',
      shopName: 'Café Ünïcode Prints!',
      address: { url: 'https://print.example.in', source: 'configured', reachableFromPhone: true },
    });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'first@example.com', password: 'passw0rd-ok' },
    });
    expect(json(signin).roles).toEqual(['SHOP_OWNER', 'ROLE_USER']);
    expect(json(signin).shops).toEqual([{ id: json(res).id, slug: 'cafe-unicode-prints', name: 'Café Ünïcode Prints!' }]);
    expect(json(signin).shopName).toBe('Café Ünïcode Prints!');

    const details = await t.app.inject({ method: 'GET', url: '/api/public/shops/cafe-unicode-prints/details' });
    expect(details.statusCode).toBe(200);
    const d = json(details);
    expect(d).toMatchObject({
      shopName: 'Café Ünïcode Prints!',
      tagline: 'Fast',
      hours: '9:30 AM – 8:00 PM',
      primaryColor: '#06b6d4',
      papers: ['A4', '4x6'],
      colorDetection: false,
    });
    expect(d.rateCard.map((r: { serviceName: string; basePrice: number }) => [r.serviceName, r.basePrice])).toEqual([
      ['Black & white A4', 2],
      ['Colour A4', 10],
      ['Photo 4x6', 25],
    ]);
    expect(d.bannerUrls).toHaveLength(1);
    const banner = await t.app.inject({ method: 'GET', url: d.bannerUrls[0] });
    expect(banner.statusCode).toBe(200);
    // Stored as WebP of the same width (docs/decisions/025), not the uploaded PNG.
    expect(banner.headers['content-type']).toBe('image/webp');
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 60, height: 20 });
  });

  it('derives -2 for a taken slug and never uses a reserved word', async () => {
    const token = await signup('second@example.com');
    const again = await create([{ name: 'shop', value: shopJson({ shopName: 'Cafe Unicode Prints' }) }], { 'x-onboarding-token': token });
    expect(json(again).slug).toBe('cafe-unicode-prints-2');
    const reserved = await create([{ name: 'shop', value: shopJson({ shopName: 'Pricing' }) }], { 'x-onboarding-token': token });
    expect(json(reserved).slug).toBe('pricing-shop');
    // /public/demo is the product tour (docs/decisions/028).
    const demo = await create([{ name: 'shop', value: shopJson({ shopName: 'Demo' }) }], { 'x-onboarding-token': token });
    expect(json(demo).slug).toBe('demo-shop');
  });

  it('accepts the shop part as a typed JSON field (curl -F "shop=...;type=application/json")', async () => {
    const token = await signup('typed@example.com');
    const boundary = 'cptyped';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="shop"\r\nContent-Type: application/json\r\n\r\n${shopJson({ shopName: 'Typed Json Shop' })}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/onboarding-shops/create',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-onboarding-token': token },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).slug).toBe('typed-json-shop');
  });

  it('needs proof of the account', async () => {
    const none = await create([{ name: 'shop', value: shopJson() }], {});
    expect(none.statusCode).toBe(401);
    const forged = await create([{ name: 'shop', value: shopJson() }], { 'x-onboarding-token': 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    [
      'a portrait banner',
      [{ name: 'banners', filename: 'tall.png', data: pngBytes(20, 60), type: 'image/png' }],
      400,
      /Portrait Not Allowed/,
    ],
    [
      'five banners',
      Array.from({ length: 5 }, (_, i) => ({ name: 'banners', filename: `b${i}.png`, data: pngBytes(60, 20) })),
      400,
      /You can upload up to 4 banners only\./,
    ],
    [
      'a banner that is not an image',
      [{ name: 'banners', filename: 'b.png', data: Buffer.from('<svg/>') }],
      415,
      /not a readable image|not allowed/,
    ],
    ['a GIF banner', [{ name: 'banners', filename: 'b.gif', data: pngBytes(60, 20) }], 415, /not allowed/],
  ] as [string, Part[], number, RegExp][])('refuses %s and stores nothing', async (_label, banners, status, message) => {
    const token = await signup(`bad-${banners.length}-${status}-${Math.random()}@example.com`.replace(/0\./, ''));
    const res = await create([{ name: 'shop', value: shopJson({ shopName: 'Refused Shop' }) }, ...banners], {
      'x-onboarding-token': token,
    });
    expect(res.statusCode).toBe(status);
    expect(json(res).error).toMatch(message);
    const missing = await t.app.inject({ method: 'GET', url: '/api/public/shops/refused-shop/details' });
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    [{ category: 'Printing', address: 'x' }, /shopName/],
    [{ shopName: 'A', category: 'Printing', address: 'x' }, /shopName must be at least 2/],
    [{ shopName: 'Ok Shop', category: 'Bakery', address: 'x' }, /category must be one of/],
    [{ shopName: 'Ok Shop', category: 'Printing' }, /address/],
    [{ shopName: 'Ok Shop', category: 'Printing', address: 'x', primaryColor: 'red' }, /primaryColor/],
    [{ shopName: 'Ok Shop', category: 'Printing', address: 'x', pan: '123' }, /pan/],
  ])('validates the shop part %j', async (shop, message) => {
    const token = await signup(`v${Math.random()}@example.com`.replace('0.', ''));
    const res = await create([{ name: 'shop', value: JSON.stringify(shop) }], { 'x-onboarding-token': token });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toMatch(message);
  });

  it('answers 404 for an unknown slug and counts visits by source', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public/shops/nope/details' })).statusCode).toBe(404);
    const qr = await t.app.inject({ method: 'POST', url: '/api/public/shops/cafe-unicode-prints/visits', payload: { src: 'qr' } });
    expect(qr.statusCode).toBe(201);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/public/shops/nope/visits', payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('generates a PNG QR code that a real decoder reads as the public page URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/qr/generate/cafe-unicode-prints' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="cafe-unicode-prints-qr.png"');
    const png = PNG.sync.read(res.rawPayload);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe('https://print.example.in/public/cafe-unicode-prints?src=qr');
    expect((await t.app.inject({ method: 'GET', url: '/api/qr/generate/unknown-shop' })).statusCode).toBe(404);
  });
});
