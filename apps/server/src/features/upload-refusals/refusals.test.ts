import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { multipart, ownerWithShop, pdfBytes, pngBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';
import { MINUTE } from '../../limits/rate-limiter.js';

/** Issue 16: staff learn when their shop's customers are turned away, and why. */
describe.each(DATABASE_KINDS)('uploads refused at a shop on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let shop: Awaited<ReturnType<typeof ownerWithShop>>;
  let other: Awaited<ReturnType<typeof ownerWithShop>>;

  const send = async (from: string, data = pngBytes(8, 4)) => {
    const body = await multipart([{ name: 'files', filename: 'scan.png', data }]);
    return t.app.inject({ method: 'POST', url: `/api/public/shops/${shop.shop.slug}/jobs`, remoteAddress: from, ...body });
  };
  const refusals = async (auth = shop.auth) =>
    t.app.inject({ method: 'GET', url: `/api/shops/${shop.shop.id}/upload-refusals`, headers: auth });
  const counts = async () =>
    Object.fromEntries((json(await refusals()) as { reason: string; count: number }[]).map((r) => [r.reason, r.count]));

  beforeAll(async () => {
    clock = testClock(new Date('2026-03-02T09:00:00Z'));
    t = await createTestApp({
      kind,
      clock,
      env: {
        RATE_LIMIT: 'on',
        UPLOADS_PER_ADDRESS: '1',
        ADDRESS_UNPRINTED_JOBS: '1',
        ADDRESS_STORAGE_SHARE: '1',
        SHOP_STORAGE_QUOTA: '4000',
      },
    });
    shop = await ownerWithShop(t.app, `refused-${kind}@example.com`);
    other = await ownerWithShop(t.app, `refused-other-${kind}@example.com`);
  });
  afterAll(async () => t?.close());

  it('starts with none', async () => {
    const res = await refusals();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
  });

  it('counts a refusal for each reason, per reason, and answers them to the shop staff only', async () => {
    // The per-address hourly limit: the address has spent its 120.
    for (let n = 0; n < 120; n++)
      await t.app.services.limiter.hit({ key: `upload:10.0.0.1:${shop.shop.id}`, max: 120, windowMs: 60 * MINUTE });
    for (const _ of [1, 2]) expect(json(await send('10.0.0.1')).code).toBe('RATE_LIMITED');

    // The per-address cap on files waiting: one job waits, the next is refused.
    expect((await send('10.0.0.2')).statusCode).toBe(201);
    expect(json(await send('10.0.0.2')).code).toBe('ADDRESS_UPLOAD_LIMIT');

    // Two at once from one address, one allowed in flight.
    const both = await Promise.all([send('10.0.0.3'), send('10.0.0.3')]);
    expect(both.map((r) => json(r).code ?? 'created').sort()).toContain('TOO_MANY_UPLOADS');

    // The shop's storage quota.
    const full = await send('10.0.0.4', pngBytes(300, 300));
    expect(json(full).code).toBe('STORAGE_FULL');

    expect(await counts()).toEqual({ RATE_LIMITED: 2, ADDRESS_UPLOAD_LIMIT: 1, TOO_MANY_UPLOADS: 1, STORAGE_FULL: 1 });
    const rate = (json(await refusals()) as { reason: string; lastAt: string }[]).find((r) => r.reason === 'RATE_LIMITED');
    expect(rate?.lastAt).toBe('2026-03-02T09:00:00.000Z');

    const intruder = await refusals(other.auth);
    expect(intruder.statusCode).toBe(403);
    expect(JSON.stringify(json(intruder))).not.toContain('RATE_LIMITED');
    expect((await t.app.inject({ method: 'GET', url: `/api/shops/${shop.shop.id}/upload-refusals` })).statusCode).toBe(401);
  });

  it('forgets refusals after an hour and counts afresh, on one row per shop and reason', async () => {
    clock.advance(61 * MINUTE);
    // The access token has lapsed by now: sign in afresh.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: `refused-${kind}@example.com`, password: 'passw0rd-ok' },
    });
    shop.auth = { authorization: String(signin.headers.authorization) };
    expect(await counts()).toEqual({});
    expect(json(await send('10.0.0.2')).code).toBe('ADDRESS_UPLOAD_LIMIT');
    expect(await counts()).toEqual({ ADDRESS_UPLOAD_LIMIT: 1 });
    const rows = await queryRows<{ n: number }>(t.testDb.database.db, sql`SELECT count(*)::int AS n FROM upload_refusals`);
    expect(rows[0]?.n).toBe(4);
  });
});

/** A real PDF of `size` bytes, padded with a comment. */
async function pdfOfSize(size: number): Promise<Buffer> {
  const pdf = await pdfBytes(1, 'refused over tus');
  return Buffer.concat([pdf, Buffer.from('\n%'), Buffer.alloc(size - pdf.length - 3, 0x41), Buffer.from('\n')]);
}

/** Resumable (tus) uploads refused at their creation or at a PATCH are counted as a form's are. */
describe.each(DATABASE_KINDS)('tus uploads refused at a shop on %s', (kind) => {
  const KIB = 1024;
  let t: TestApp;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const create = (slug: string, from: string, size: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/shops/${slug}/uploads`,
      remoteAddress: from,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': `filename ${b64('scan.pdf')}` },
    });
  const patch = (location: string, from: string, body: Buffer) =>
    t.app.inject({
      method: 'PATCH',
      url: location,
      remoteAddress: from,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: body,
    });
  const counts = async (owner: Awaited<ReturnType<typeof ownerWithShop>>) =>
    Object.fromEntries(
      (
        json(await t.app.inject({ method: 'GET', url: `/api/shops/${owner.shop.id}/upload-refusals`, headers: owner.auth })) as {
          reason: string;
          count: number;
        }[]
      ).map((r) => [r.reason, r.count]),
    );

  beforeAll(async () => {
    // 700 KiB a shop, all of it one address's if need be; one upload open per address, two per shop.
    t = await createTestApp({
      kind,
      env: {
        RATE_LIMIT: 'on',
        SHOP_STORAGE_QUOTA: String(700 * KIB),
        ADDRESS_STORAGE_SHARE: '1',
        ADDRESS_OPEN_UPLOADS: '1',
        SHOP_OPEN_UPLOADS: '2',
      },
    });
  });
  afterAll(async () => t?.close());

  it('counts a creation refused for the hourly limit, open uploads from one address, open uploads at the shop, and storage', async () => {
    const owner = await ownerWithShop(t.app, `tus-refused-${kind}@example.com`);
    const slug = owner.shop.slug;
    expect((await create(slug, '10.1.0.1', 800 * KIB)).statusCode).toBe(507);
    expect((await create(slug, '10.1.0.1', 100)).statusCode).toBe(201);
    expect(json(await create(slug, '10.1.0.1', 100)).code).toBe('UPLOADS_IN_PROGRESS');
    expect((await create(slug, '10.1.0.2', 100)).statusCode).toBe(201);
    expect(json(await create(slug, '10.1.0.3', 100)).code).toBe('SHOP_UPLOADS_BUSY');
    for (let n = 0; n < 600; n++)
      await t.app.services.limiter.hit({ key: `resumable:10.1.0.4:${owner.shop.id}`, max: 600, windowMs: 60 * MINUTE });
    expect(json(await create(slug, '10.1.0.4', 100)).code).toBe('RATE_LIMITED');

    expect(await counts(owner)).toEqual({ STORAGE_FULL: 1, TOO_MANY_UPLOADS: 1, SHOP_UPLOADS_BUSY: 1, RATE_LIMITED: 1 });
  });

  it('counts a PATCH refused because the shop filled up after the upload began', async () => {
    const owner = await ownerWithShop(t.app, `tus-refused-patch-${kind}@example.com`);
    const slug = owner.shop.slug;
    // Each creation holds only an allowance, so two 400 KiB uploads begin; the first one's bytes leave no room for the second's.
    const first = await create(slug, '10.2.0.1', 400 * KIB);
    const second = await create(slug, '10.2.0.2', 400 * KIB);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await patch(String(first.headers.location), '10.2.0.1', await pdfOfSize(400 * KIB))).statusCode).toBe(204);
    const refused = await patch(String(second.headers.location), '10.2.0.2', await pdfOfSize(400 * KIB));
    expect(refused.statusCode, refused.body).toBe(507);
    expect(json(refused).code).toBe('STORAGE_FULL');

    expect(await counts(owner)).toEqual({ STORAGE_FULL: 1 });
  });
});
