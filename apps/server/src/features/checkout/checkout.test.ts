import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { createTestApp, json, signUpAndIn, type TestApp } from '../../../test/support/harness.js';
import { platformOwner } from '../../../test/support/platform-owner.js';
import { queryRows } from '../../db/index.js';

describe.each(DATABASE_KINDS)('checkout requests on %s', (kind) => {
  let t: TestApp;
  let user: { authorization: string };
  let boss: { authorization: string };
  const good = {
    plan: 'premium',
    billing: 'annual',
    name: ' Asha Rao ',
    email: ' Asha@Example.com ',
    phone: '+91 98765 43210',
    message: 'Two shops',
  };
  const send = (payload: unknown, headers: Record<string, string> = user) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/requests', headers, payload: payload as object });

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    user = { authorization: `Bearer ${(await signUpAndIn(t.app, 'co-user@example.com')).token}` };
    boss = await platformOwner(t, 'co-boss@example.com');
  });
  afterAll(async () => t?.close());

  it('stores a Premium request and answers that the team will arrange payment; an OWNER reads it', async () => {
    const res = await send(good);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toEqual({ id: expect.any(String), message: 'Thanks — our team will contact you to arrange payment.' });
    expect((await send({ ...good, billing: 'monthly', phone: '', message: null })).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/owner/checkout-requests', headers: boss });
    expect(list.statusCode).toBe(200);
    expect(json(list)).toEqual([
      expect.objectContaining({ billing: 'monthly', phone: null, message: null }),
      {
        id: json(res).id,
        userId: expect.any(String),
        userEmail: 'co-user@example.com',
        plan: 'premium',
        billing: 'annual',
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '+91 98765 43210',
        message: 'Two shops',
        createdAt: expect.any(String),
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/owner/checkout-requests', headers: user })).statusCode).toBe(403);
  });

  it.each([
    [{ plan: 'spark' }, 'plan must be premium'],
    [{ billing: 'weekly' }, 'billing must be monthly or annual'],
    [{ name: ' ' }, 'name is required'],
    [{ email: 'nope' }, 'email must be a valid email address'],
    [{ phone: 'call me' }, 'phone must be a phone number'],
    [{ message: 'x'.repeat(2001) }, 'message must be at most 2000 characters'],
  ])('refuses %j: %s', async (over, message) => {
    const res = await send({ ...good, ...over });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('needs a signed-in user', async () => {
    expect((await send(good, {})).statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('checkout request limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => t?.close());

  it("limits one account to 5 requests an hour with the spec's 429 message, and stores no more", async () => {
    const user = { authorization: `Bearer ${(await signUpAndIn(t.app, 'co-flood@example.com')).token}` };
    const payload = { plan: 'premium', billing: 'annual', name: 'Flood', email: 'flood@example.com' };
    const codes: number[] = [];
    let last = { statusCode: 0, body: '' };
    for (let i = 0; i < 8; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/checkout/requests', headers: user, payload });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(json(last)).toEqual({ error: 'Too many attempts. Please try again in a few minutes.', code: 'RATE_LIMITED' });
    const rows = await queryRows<{ n: number }>(t.testDb.database.db, sql`SELECT count(*)::int AS n FROM checkout_requests`);
    expect(rows[0]!.n).toBe(5);
  });
});
