import { type ClientRequest, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { blobKeys, multipart, type Part, pngBytes, shopJson } from '../../../test/support/fixtures.js';
import { createTestApp, json, signUpAndIn, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';
import { encodeBannerSizes } from '../shops/banner-images.js';

const CREATE = '/api/public/onboarding-shops/create';
const banner = (name: string, width = 60, height = 20): Part => ({
  name: 'banners',
  filename: name,
  data: pngBytes(width, height),
  type: 'image/png',
});

async function until<T>(what: string, probe: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function helpers(get: () => TestApp) {
  const db = () => get().testDb.database.db;
  return {
    signup: async (email: string) => (await signUpAndIn(get().app, email)).signup.onboardingToken as string,
    create: async (token: string, parts: Part[]) => {
      const body = await multipart(parts);
      return get().app.inject({ method: 'POST', url: CREATE, ...body, headers: { ...body.headers, 'x-onboarding-token': token } });
    },
    shopsOf: async (email: string) =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`SELECT count(*)::int AS n FROM shops s JOIN users u ON u.id = s.owner_id WHERE u.email = ${email}`,
        )
      )[0]!.n,
    bannerRows: async () => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM shop_banners`))[0]!.n,
    blobs: () => blobKeys(get().deps.blobs),
    /** Waits until the stored blob keys satisfy `done`. */
    untilBlobs: (what: string, done: (keys: string[]) => boolean) => until(what, () => blobKeys(get().deps.blobs), done),
  };
}

describe.each(DATABASE_KINDS)('shops and banners per account on %s', (kind) => {
  let t: TestApp;
  const h = helpers(() => t);
  let L: number;
  beforeAll(async () => {
    // The quota counts stored bytes, and a banner is stored as WebP (docs/decisions/025): its sizes together.
    L = (await encodeBannerSizes(pngBytes(60, 20))).reduce((n, s) => n + s.data.length, 0);
    // Room for two and a half banners per account.
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', ACCOUNT_BANNER_QUOTA: String(Math.floor(2.5 * L)) } });
  });
  afterAll(async () => t?.close());

  it('refuses the 6th shop of an account with a clear 403, storing no shop and no banner', async () => {
    const token = await h.signup('many-shops@example.com');
    for (let i = 0; i < 5; i++) {
      const res = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: `Many Shop ${i}` }) }]);
      expect(res.statusCode, res.body).toBe(201);
    }
    const blobsBefore = await h.blobs();
    const sixth = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: 'Many Shop Six' }) }, banner('w.png')]);
    expect(sixth.statusCode).toBe(403);
    expect(json(sixth)).toEqual({ error: 'An account can have up to 5 shops. Manage your existing shops instead.', code: 'SHOP_LIMIT' });
    expect(await h.shopsOf('many-shops@example.com')).toBe(5);
    expect(await h.blobs()).toEqual(blobsBefore);
  });

  it('settles the shop count under a lock: 5 concurrent requests for the last free shop make exactly one, and leave no banner of the others', async () => {
    const email = 'race-shops@example.com';
    const token = await h.signup(email);
    for (let i = 0; i < 4; i++)
      expect((await h.create(token, [{ name: 'shop', value: shopJson({ shopName: `Race Shop ${i}` }) }])).statusCode).toBe(201);
    const blobsBefore = await h.blobs();
    const raced = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        h.create(token, [{ name: 'shop', value: shopJson({ shopName: `Race Last ${i}` }) }, banner(`r${i}.png`)]),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    expect(await h.shopsOf(email)).toBe(5);
    const winner = json(raced.find((r) => r.statusCode === 201)!).id as string;
    const added = (await h.blobs()).filter((k) => !blobsBefore.includes(k));
    expect(added).toEqual([expect.stringMatching(new RegExp(`^shops/${winner}/banners/`))]);
  });

  it('counts banners from onboarding and from settings in one account quota: past it 507, nothing stored', async () => {
    const email = 'banner-quota@example.com';
    const token = await h.signup(email);
    const first = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: 'Quota One' }) }, banner('a.png'), banner('b.png')]);
    expect(first.statusCode, first.body).toBe(201);

    const snapshot = async () => ({ blobs: await h.blobs(), banners: await h.bannerRows(), shops: await h.shopsOf(email) });
    const before = await snapshot();
    const refused = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: 'Quota Two' }) }, banner('c.png')]);
    expect(refused.statusCode).toBe(507);
    expect(json(refused).code).toBe('BANNER_QUOTA');
    expect(json(refused).error).toMatch(/^The banners of your shops can use up to .* in all\. Remove some banners before adding more\.$/);
    expect(await snapshot()).toEqual(before);

    // The second shop without banners is fine; its banners from settings still count against the account.
    const second = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: 'Quota Two' }) }]);
    expect(second.statusCode).toBe(201);
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'passw0rd-ok' } });
    const auth = { authorization: String(signin.headers.authorization) };
    const settings = async (method: 'POST' | 'PUT', url: string, parts: Part[]) => {
      const body = await multipart(parts);
      return t.app.inject({ method, url, ...body, headers: { ...body.headers, ...auth } });
    };
    const before2 = await snapshot();
    const viaUpload = await settings('POST', `/api/settings/banners/upload?shopId=${json(second).id}`, [banner('d.png')]);
    expect(viaUpload.statusCode).toBe(507);
    expect(json(viaUpload).code).toBe('BANNER_QUOTA');
    const profile = JSON.stringify({ shopName: 'Quota Two', username: 'quota_two' });
    const viaProfile = await settings('PUT', `/api/settings/shop-with-banners?shopId=${json(second).id}`, [
      { name: 'profile', value: profile },
      banner('e.png'),
    ]);
    expect(viaProfile.statusCode, viaProfile.body).toBe(507);
    expect(json(viaProfile).code).toBe('BANNER_QUOTA');
    expect(await snapshot()).toEqual(before2);

    // Removing a banner of the first shop makes room for one in the second.
    const details = json(await t.app.inject({ method: 'GET', url: `/api/public/shops/${json(first).slug}/details` }));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/banners?shopId=${json(first).id}`,
      headers: auth,
      payload: { bannerGcsPaths: [details.bannerUrls[0]] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const added = await settings('POST', `/api/settings/banners/upload?shopId=${json(second).id}`, [banner('f.png')]);
    expect(added.statusCode, added.body).toBe(200);
    const third = await h.create(token, [{ name: 'shop', value: shopJson({ shopName: 'Quota Three' }) }, banner('g.png')]);
    expect(third.statusCode).toBe(507);
  });
});

describe.each(DATABASE_KINDS)('onboarding rate limits on %s', (kind) => {
  let t: TestApp;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => t?.close());

  it('answers 429 past 10 attempts an hour per account and 30 per address, with the spec message', async () => {
    // Attempts count whether or not they succeed: an invalid shop part is refused after being counted.
    const attempt = async (token: string) => (await h.create(token, [{ name: 'shop', value: '{}' }])).statusCode;
    const [a, b, c, d] = [
      await h.signup('rl-a@example.com'),
      await h.signup('rl-b@example.com'),
      await h.signup('rl-c@example.com'),
      await h.signup('rl-d@example.com'),
    ];
    const codes = async (token: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await attempt(token));
      return out;
    };
    expect(await codes(a, 11)).toEqual([...Array(10).fill(400), 429]);
    expect(await codes(b, 10)).toEqual(Array(10).fill(400));
    // 30 from this address so far, counting a's refused one: c gets 9 more, then the address is refused.
    expect(await codes(c, 10)).toEqual([...Array(9).fill(400), 429]);
    const last = await h.create(d, [{ name: 'shop', value: shopJson({ shopName: 'Never Made' }) }]);
    expect(last.statusCode).toBe(429);
    expect(json(last)).toEqual({ error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' });
    expect(await h.shopsOf('rl-d@example.com')).toBe(0);
  });
});

/** Opens `n` onboarding requests whose bodies stop a few bytes into their second banner, the first one complete. */
async function stallRequests(port: number, token: string, n: number) {
  const second = pngBytes(90, 30);
  const full = await multipart([
    { name: 'shop', value: shopJson({ shopName: 'Stalled Shop' }) },
    banner('one.png'),
    { ...banner('two.png'), data: second },
  ]);
  const stalled = full.payload.subarray(0, full.payload.indexOf(second) + 16);
  const statuses: (number | undefined)[] = Array(n).fill(undefined);
  const requests: ClientRequest[] = [];
  for (let i = 0; i < n; i++) {
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: CREATE,
      agent: false,
      headers: { ...full.headers, 'x-onboarding-token': token },
    });
    req.on('response', (res) => {
      statuses[i] = res.statusCode;
      res.resume();
    });
    req.on('error', () => {});
    req.write(stalled);
    requests.push(req);
  }
  return {
    statuses,
    abort: () => {
      for (const r of requests) r.destroy();
    },
  };
}

describe.each(DATABASE_KINDS)('stalled onboarding bodies on %s', (kind) => {
  const apps: Record<'open' | 'limited', { t: TestApp; port: number }> = {} as never;
  beforeAll(async () => {
    // 'open' lifts every per-address limit, the cap on uploads in flight included (decision 017): its 100 bodies come from one address.
    for (const [name, env] of [
      ['open', { RATE_LIMIT: 'off', UPLOADS_PER_ADDRESS: '1000' }],
      ['limited', {}],
    ] as const) {
      const t = await createTestApp({ kind, env });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      apps[name] = { t, port: (t.app.server.address() as AddressInfo).port };
    }
  });
  afterAll(async () => Promise.all(Object.values(apps).map((a) => a.t.close())));

  it('stores each banner as it arrives: with 100 bodies stalled after their first banner, all 100 are in the store; once the clients give up nothing is left', async () => {
    const { t, port } = apps.open;
    const h = helpers(() => t);
    const token = await h.signup('stall@example.com');
    const stalled = await stallRequests(port, token, 100);
    try {
      // Old code kept every banner in memory until the body ended: none would be in the store yet.
      const stored = await h.untilBlobs('100 stored banners', (k) => k.length >= 100);
      expect(stored).toHaveLength(100);
      expect(new Set(stored.map((k) => k.split('/')[1])).size).toBe(100);
      expect(stalled.statuses.filter((s) => s === undefined)).toHaveLength(100);
    } finally {
      stalled.abort();
    }
    await h.untilBlobs('the stored banners to be deleted', (k) => k.length === 0);
    expect(await h.shopsOf('stall@example.com')).toBe(0);
    expect(await h.bannerRows()).toBe(0);
  }, 60_000);

  it('admits 10 stalled requests of one sign-up and refuses the other 90 before reading their bodies', async () => {
    const { t, port } = apps.limited;
    const h = helpers(() => t);
    const token = await h.signup('stall-limited@example.com');
    const stalled = await stallRequests(port, token, 100);
    try {
      await until(
        '90 answers of 429',
        () => stalled.statuses.filter((s) => s === 429).length,
        (n) => n === 90,
      );
      expect(await h.untilBlobs('10 stored banners', (k) => k.length >= 10)).toHaveLength(10);
      expect(stalled.statuses.filter((s) => s === undefined)).toHaveLength(10);
    } finally {
      stalled.abort();
    }
    await h.untilBlobs('the stored banners to be deleted', (k) => k.length === 0);
    expect(await h.shopsOf('stall-limited@example.com')).toBe(0);
  }, 60_000);
});
