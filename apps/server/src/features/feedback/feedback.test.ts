import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { platformOwner } from '../../../test/support/platform-owner.js';
import { queryRows } from '../../db/index.js';

describe.each(DATABASE_KINDS)('feature feedback on %s', (kind) => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof ownerWithShop>>;
  let boss: { authorization: string };
  const send = (payload: unknown, headers: Record<string, string> = shop.auth) =>
    t.app.inject({ method: 'POST', url: '/api/feature/feedback/analytics', headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    shop = await ownerWithShop(t.app, 'fb-shop@example.com');
    boss = await platformOwner(t, 'fb-boss@example.com');
  });
  afterAll(async () => t?.close());

  it("stores the spec's payload with the signed-in user and lets only an OWNER read it, newest first", async () => {
    const first = await send({
      feature: 'Materials & Services Analytics',
      wantFeature: true,
      message: null,
      shopSlug: shop.shop.slug,
      timestamp: '2025-03-20T06:30:00.000Z',
    });
    expect(first.statusCode).toBe(201);
    expect(json(first)).toEqual({ ok: true, id: expect.any(String) });
    const second = await send({
      feature: 'Customers Management',
      wantFeature: false,
      message: '  Please add WhatsApp reminders  ',
      shopSlug: null,
      timestamp: 1742452200000,
    });
    expect(second.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/owner/feedback', headers: boss });
    expect(list.statusCode).toBe(200);
    const [latest, earlier] = json(list);
    expect(latest).toEqual({
      id: json(second).id,
      userId: expect.any(String),
      userEmail: 'fb-shop@example.com',
      feature: 'Customers Management',
      wantFeature: false,
      message: 'Please add WhatsApp reminders',
      shopSlug: null,
      timestamp: '1742452200000',
      createdAt: expect.any(String),
    });
    expect(earlier).toMatchObject({
      feature: 'Materials & Services Analytics',
      wantFeature: true,
      message: null,
      shopSlug: shop.shop.slug,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/owner/feedback', headers: shop.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/owner/feedback' })).statusCode).toBe(401);
  });

  it.each([
    [{ wantFeature: true }, 'feature is required'],
    [{ feature: '  ' }, 'feature is required'],
    [{ feature: 'x', wantFeature: 'yes' }, 'wantFeature must be true or false'],
    [{ feature: 'x', message: 'm'.repeat(2001) }, 'message must be at most 2000 characters'],
    [{ feature: 'x', timestamp: { at: 1 } }, 'timestamp must be text or a number'],
  ])('refuses %j: %s', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('needs a signed-in user, and lists at most the newest 200', async () => {
    expect((await send({ feature: 'x' }, {})).statusCode).toBe(401);
    await queryRows(
      t.deps.database.db,
      sql`INSERT INTO feature_feedback (feature, want_feature, created_at)
          SELECT 'bulk ' || g, true, now() - g * interval '1 minute' FROM generate_series(1, 205) g`,
    );
    const list = json(await t.app.inject({ method: 'GET', url: '/api/owner/feedback', headers: boss }));
    expect(list).toHaveLength(200);
    expect(list.some((f: { feature: string }) => f.feature === 'bulk 205')).toBe(false);
    expect(list.find((f: { feature: string }) => f.feature === 'bulk 1').userEmail).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('feature feedback limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => t?.close());

  it("limits one account to 20 feedback posts an hour with the spec's 429 message, and stores no more", async () => {
    const shop = await ownerWithShop(t.app, 'fb-flood@example.com');
    const payload = { feature: 'Customers Management', wantFeature: true, message: 'more', shopSlug: null, timestamp: 1742452200000 };
    const codes: number[] = [];
    let last = { statusCode: 0, body: '' };
    for (let i = 0; i < 23; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/feature/feedback/analytics', headers: shop.auth, payload });
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429]);
    expect(json(last)).toEqual({ error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' });
    const rows = await queryRows<{ n: number }>(t.testDb.database.db, sql`SELECT count(*)::int AS n FROM feature_feedback`);
    expect(rows[0]!.n).toBe(20);
  });
});
