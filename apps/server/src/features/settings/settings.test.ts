import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, createShop, multipart, ownerWithShop, type Part, pngBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, signUpAndIn, type TestApp } from '../../../test/support/harness.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;

describe.each(DATABASE_KINDS)('settings: profile and banners on %s', (kind) => {
  let t: TestApp;
  let a: Owner;
  let b: Owner;
  const profile = (over: Record<string, unknown> = {}) => ({ shopName: 'Alpha Prints', username: 'alpha_prints', ...over });
  const put = (owner: Owner, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: owner.auth, payload: payload as object });
  const bannersOf = (shopId: string) => blobKeys(t.deps.blobs, `shops/${shopId}/banners/`);
  const wide = (name: string): Part => ({ name: 'banners', filename: name, data: pngBytes(60, 20), type: 'image/png' });
  const sendParts = async (owner: Owner, method: 'PUT' | 'POST', url: string, parts: Part[]) => {
    const body = await multipart(parts);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...owner.auth } });
  };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    a = await ownerWithShop(t.app, 'settings-a@example.com', { shopName: 'Alpha Prints' });
    b = await ownerWithShop(t.app, 'settings-b@example.com', { shopName: 'Beta Prints' });
  });
  afterAll(async () => t?.close());

  it('answers the shop profile with every onboarding field, the default paper and an empty rate card', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/settings?shopId=${a.shop.id}`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.shop).toMatchObject({
      id: a.shop.id,
      slug: a.shop.slug,
      shopName: 'Alpha Prints',
      shopAddress: '12 MG Road, Pune',
      category: 'Printing',
      primaryColor: '#06b6d4',
      hours: '9:30 AM – 8:00 PM',
      integrations: [],
      bannerGcsPaths: [],
      username: null,
      ownerEmail: 'settings-a@example.com',
    });
    expect(body.inventory).toEqual([
      {
        sku: 'A4-70GSM',
        name: 'A4 paper 70 gsm',
        category: 'paper',
        price: 0,
        stock: 0,
        lowStockThreshold: 10,
        unit: 'pcs',
        description: null,
        sheetsPerReam: 500,
      },
    ]);
    expect(body.rateCard.map((s: { serviceName: string }) => s.serviceName)).toEqual(['Black & white A4', 'Colour A4', 'Photo 4x6']);
    // Without shopId the user's only shop is meant.
    const only = await t.app.inject({ method: 'GET', url: '/api/settings', headers: a.auth });
    expect(json(only).shop.id).toBe(a.shop.id);
    const blank = await t.app.inject({ method: 'GET', url: '/api/settings?shopId=', headers: a.auth });
    expect(json(blank).shop.id).toBe(a.shop.id);
  });

  it("refuses another shop's owner (403), no token (401), a malformed id (400), and a user without a shop (404)", async () => {
    const other = await t.app.inject({ method: 'GET', url: `/api/settings?shopId=${a.shop.id}`, headers: b.auth });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/settings?shopId=42', headers: a.auth });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/shopId must be a shop id/);
    const { token } = await signUpAndIn(t.app, 'settings-none@example.com');
    const none = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${token}` } });
    expect(none.statusCode).toBe(404);
    expect(json(none)).toEqual({ error: 'No shop yet', code: 'NO_SHOP' });
  });

  it('saves the profile: every field, the two integrations, and answers the merged shop', async () => {
    const res = await put(a, `/api/settings/shop?shopId=${a.shop.id}`, {
      ...profile({ username: ' Alpha_Prints ' }),
      ownerName: 'Asha Rao',
      shopAddress: '14 MG Road, Pune',
      shopContactNumber: '+91 98765 43210',
      shopContactNumberAlternate: '020 1234 5678',
      gstNumber: '27abcde1234f1z5',
      shopType: 'Retail',
      tagline: 'Prints while you wait',
      category: 'Photo Studio',
      primaryColor: '#112233',
      pan: 'abcde1234f',
      hours: '10:00 AM – 9:00 PM',
      whatsapp: '+91 90000 00000',
      enableOnlinePayments: true,
      enableGstInclusive: false,
      bannerGcsPaths: ['ignored'],
      slug: 'ignored-too',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      slug: a.shop.slug,
      shopName: 'Alpha Prints',
      username: 'alpha_prints',
      ownerName: 'Asha Rao',
      shopAddress: '14 MG Road, Pune',
      shopContactNumber: '+91 98765 43210',
      shopContactNumberAlternate: '020 1234 5678',
      gstNumber: '27ABCDE1234F1Z5',
      shopType: 'Retail',
      tagline: 'Prints while you wait',
      category: 'Photo Studio',
      primaryColor: '#112233',
      pan: 'ABCDE1234F',
      hours: '10:00 AM – 9:00 PM',
      whatsapp: '+91 90000 00000',
      integrations: ['online_payments'],
    });
    // A field left out stays; a blank one is cleared; the checkboxes flip.
    const next = await put(a, `/api/settings/shop?shopId=${a.shop.id}`, { ...profile(), tagline: '', enableGstInclusive: true });
    expect(json(next)).toMatchObject({ ownerName: 'Asha Rao', tagline: null, integrations: ['online_payments', 'gst_inclusive'] });
    const pub = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${a.shop.slug}/details` }));
    expect(pub).toMatchObject({ primaryColor: '#112233', hours: '10:00 AM – 9:00 PM', category: 'Photo Studio' });
  });

  it.each([
    [{ shopName: ' a ' }, 'Shop name is required'],
    [{ shopName: undefined }, 'Shop name is required'],
    [{ username: ' ab ' }, 'Please choose a username (3+ chars)'],
    [{ username: undefined }, 'Please choose a username (3+ chars)'],
    [{ username: 'has space' }, 'username may contain letters, numbers and underscores only'],
    [{ shopType: 'Boutique' }, 'shopType must be one of: Retail, Wholesale, Franchise, Online'],
    [{ shopContactNumber: 'call me' }, 'shopContactNumber must be a phone number'],
    [{ primaryColor: 'red' }, 'primaryColor must be a colour like #06b6d4'],
    [{ shopAddress: '  ' }, 'shopAddress is required'],
  ])('refuses profile %j with %s', async (over, message) => {
    const res = await put(a, `/api/settings/shop?shopId=${a.shop.id}`, profile(over));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it("refuses a username another shop holds (409) and another shop's owner (403)", async () => {
    await put(a, `/api/settings/shop?shopId=${a.shop.id}`, profile({ username: 'alpha_prints' }));
    const taken = await put(b, `/api/settings/shop?shopId=${b.shop.id}`, profile({ shopName: 'Beta Prints', username: 'ALPHA_prints' }));
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toEqual({ error: 'That username is already taken', code: 'USERNAME_TAKEN' });
    const other = await put(b, `/api/settings/shop?shopId=${a.shop.id}`, profile({ shopName: 'Hijacked' }));
    expect(other.statusCode).toBe(403);
    const after = json(await t.app.inject({ method: 'GET', url: '/api/settings', headers: a.auth }));
    expect(after.shop.shopName).toBe('Alpha Prints');
  });

  it('checks usernames in both query forms, the own shop counting as available, 60 a minute per user', async () => {
    const check = (owner: Owner, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/settings/username-check?${query}`, headers: owner.auth });
    await put(a, `/api/settings/shop?shopId=${a.shop.id}`, profile({ username: 'alpha_prints' }));
    expect(json(await check(b, `username=alpha_prints&shopId=${b.shop.id}`))).toEqual({ available: false });
    expect(json(await check(b, `username=Alpha_Prints?shopId=${b.shop.id}`))).toEqual({ available: false });
    expect(json(await check(a, `username=alpha_prints?shopId=${a.shop.id}`))).toEqual({ available: true });
    expect(json(await check(a, 'username=alpha_prints'))).toEqual({ available: true });
    expect(json(await check(b, 'username=brand_new'))).toEqual({ available: true });
    const short = await check(b, 'username=ab');
    expect(short.statusCode).toBe(400);
    expect(json(short).error).toBe('Please choose a username (3+ chars)');
    expect((await check(b, `username=alpha_prints?shopId=${a.shop.id}`)).statusCode).toBe(403);
    expect((await check(b, 'username=abc?shopId=nope')).statusCode).toBe(400);
    const { token } = await signUpAndIn(t.app, 'settings-limit@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/settings/username-check?username=somebody',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('uploads banners, refuses an 11th with a clear 400, and removes banners in each body form, blobs included', async () => {
    const url = `/api/settings/banners/upload?shopId=${a.shop.id}`;
    // Past the app's 1 MiB body limit: a banner may be up to 5 MB.
    const threeMb = Buffer.concat([pngBytes(60, 20), Buffer.alloc(3 * 1024 * 1024)]);
    const first = await sendParts(a, 'POST', url, [{ name: 'banners', filename: 'one.png', data: threeMb }, wide('two.png')]);
    expect(first.statusCode).toBe(200);
    const paths: string[] = json(first).bannerGcsPaths;
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(new RegExp(`^/api/public/shops/${a.shop.slug}/banners/[0-9a-f-]{36}$`));
    const served = await t.app.inject({ method: 'GET', url: paths[0]! });
    expect(served.headers['content-type']).toBe('image/webp');
    const eight = await sendParts(
      a,
      'POST',
      url,
      Array.from({ length: 8 }, (_, i) => wide(`b${i}.png`)),
    );
    expect(json(eight).bannerGcsPaths).toHaveLength(10);
    const over = await sendParts(a, 'POST', url, [wide('eleven.png')]);
    expect(over.statusCode).toBe(400);
    expect(json(over)).toEqual({
      error: 'A shop can have up to 10 banners (this one has 10). Remove some before adding more.',
      code: 'TOO_MANY_BANNERS',
    });
    expect(await bannersOf(a.shop.id)).toHaveLength(10);
    const all: string[] = json(eight).bannerGcsPaths;
    const del = (payload: unknown, owner = a) =>
      t.app.inject({ method: 'DELETE', url: `/api/settings/banners?shopId=${a.shop.id}`, headers: owner.auth, payload: payload as object });
    expect((await del({ bannerGcsPaths: [all[0]] }, b)).statusCode).toBe(403);
    expect(json(await del({ bannerGcsPaths: [`http://localhost:8080${all[0]}`] })).bannerGcsPaths).toHaveLength(9);
    expect(json(await del({ paths: [all[1], all[2]] })).bannerGcsPaths).toHaveLength(7);
    expect(json(await del(all.slice(3, 10))).bannerGcsPaths).toEqual([]);
    expect(await bannersOf(a.shop.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: all[0]! })).statusCode).toBe(404);
    const bad = await del({ nothing: true });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('body must list the banners to remove as bannerGcsPaths');
  });

  const okFirst = (bad: Part): Part[] => [{ name: 'banners', filename: 'ok.png', data: pngBytes(60, 20) }, bad];
  it.each([
    [
      'a portrait banner',
      okFirst({ name: 'banners', filename: 'tall.png', data: pngBytes(20, 60) }),
      400,
      /Portrait Not Allowed: tall\.png/,
    ],
    ['a GIF', okFirst({ name: 'banners', filename: 'b.gif', data: pngBytes(60, 20) }), 415, /Banners must be PNG, JPG, JPEG or WebP/],
    [
      'a fake PNG',
      okFirst({ name: 'banners', filename: 'b.png', data: Buffer.from('<svg/>') }),
      415,
      /Banners must be PNG, JPG, JPEG or WebP/,
    ],
    [
      'a banner over 5 MB',
      okFirst({ name: 'banners', filename: 'big.png', data: Buffer.concat([pngBytes(60, 20), Buffer.alloc(5 * 1024 * 1024)]) }),
      413,
      /big\.png exceeds 5MB/,
    ],
    ['no banner', [{ name: 'note', value: 'hi' }], 400, /Choose at least one banner/],
  ] as [string, Part[], number, RegExp][])('refuses %s on upload and keeps nothing', async (_label, parts, status, message) => {
    const res = await sendParts(b, 'POST', `/api/settings/banners/upload?shopId=${b.shop.id}`, parts);
    expect(res.statusCode).toBe(status);
    expect(json(res).error).toMatch(message);
    expect(await bannersOf(b.shop.id)).toEqual([]);
  });

  it("refuses banner calls for another shop's owner before reading the body", async () => {
    const res = await sendParts(b, 'POST', `/api/settings/banners/upload?shopId=${a.shop.id}`, [wide('x.png')]);
    expect(res.statusCode).toBe(403);
    const res2 = await sendParts(b, 'PUT', `/api/settings/shop-with-banners?shopId=${a.shop.id}`, [
      { name: 'profile', value: JSON.stringify(profile()) },
    ]);
    expect(res2.statusCode).toBe(403);
    expect(await bannersOf(a.shop.id)).toEqual([]);
  });

  it('saves profile and banners together, the profile as a field or a JSON file part, removals making room', async () => {
    const url = `/api/settings/shop-with-banners?shopId=${a.shop.id}`;
    const asField = await sendParts(a, 'PUT', url, [
      { name: 'profile', value: JSON.stringify(profile({ tagline: 'Field' })) },
      wide('f.png'),
    ]);
    expect(asField.statusCode).toBe(200);
    expect(json(asField)).toMatchObject({ tagline: 'Field' });
    const kept: string[] = json(asField).bannerGcsPaths;
    expect(kept).toHaveLength(1);
    const asBlob = await sendParts(a, 'PUT', url, [
      wide('g.png'),
      {
        name: 'profile',
        filename: 'blob',
        type: 'application/json',
        data: Buffer.from(JSON.stringify(profile({ tagline: 'Blob', bannersToRemove: kept }))),
      },
    ]);
    expect(asBlob.statusCode).toBe(200);
    expect(json(asBlob).tagline).toBe('Blob');
    expect(json(asBlob).bannerGcsPaths).toHaveLength(1);
    expect(json(asBlob).bannerGcsPaths[0]).not.toBe(kept[0]);
    expect(await bannersOf(a.shop.id)).toHaveLength(1);
    // Ten more would make eleven unless one is removed in the same save.
    const current: string[] = json(asBlob).bannerGcsPaths;
    const ten = Array.from({ length: 10 }, (_, i) => wide(`t${i}.png`));
    const refused = await sendParts(a, 'PUT', url, [{ name: 'profile', value: JSON.stringify(profile()) }, ...ten]);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).code).toBe('TOO_MANY_BANNERS');
    expect(await bannersOf(a.shop.id)).toHaveLength(1);
    const swapped = await sendParts(a, 'PUT', url, [
      { name: 'profile', value: JSON.stringify(profile({ bannersToRemove: current })) },
      ...ten,
    ]);
    expect(swapped.statusCode).toBe(200);
    expect(json(swapped).bannerGcsPaths).toHaveLength(10);
    expect(await bannersOf(a.shop.id)).toHaveLength(10);
  });

  it.each([
    [
      'no profile part',
      [{ name: 'banners', filename: 'x.png', data: pngBytes(60, 20) }],
      'profile is required (a JSON part named "profile")',
    ],
    ['a profile that is not JSON', [{ name: 'profile', value: '{nope' }], 'profile must be valid JSON'],
    ['a short shop name', [{ name: 'profile', value: JSON.stringify({ shopName: 'B', username: 'beta_shop' }) }], 'Shop name is required'],
    [
      'a short username',
      [{ name: 'profile', value: JSON.stringify({ shopName: 'Beta', username: 'b' }) }],
      'Please choose a username (3+ chars)',
    ],
  ] as [string, Part[], string][])('refuses shop-with-banners with %s and keeps no new banner', async (_label, parts, message) => {
    const res = await sendParts(b, 'PUT', `/api/settings/shop-with-banners?shopId=${b.shop.id}`, [
      { name: 'banners', filename: 'keep-out.png', data: pngBytes(60, 20) },
      ...parts,
    ]);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(message);
    expect(await bannersOf(b.shop.id)).toEqual([]);
  });

  it('asks which shop when the user has several, and answers each shop by id', async () => {
    const created = await createShop(t.app, b.auth, JSON.stringify({ shopName: 'Beta Second', category: 'Other', address: 'Lane 2' }));
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: b.auth });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: 'shopId is required', code: 'VALIDATION' });
    const second = await t.app.inject({ method: 'GET', url: `/api/settings?shopId=${json(created).id}`, headers: b.auth });
    expect(json(second).shop.shopName).toBe('Beta Second');
  });
});
