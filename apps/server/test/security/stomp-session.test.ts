import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/database.js';
import { ownerWithShop, pdfBytes, upload } from '../support/fixtures.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { subscribe as connect, type Subscriber, until } from '../support/stomp-client.js';

/**
 * Access is checked at CONNECT and SUBSCRIBE (features/jobs/realtime.test.ts, realtime/*.test.ts)
 * and again while connected: these run through the real app, its TokenService's key and its broker.
 */
describe.each(DATABASE_KINDS)('STOMP sessions lose access while connected on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let a: Awaited<ReturnType<typeof ownerWithShop>>;
  let b: Awaited<ReturnType<typeof ownerWithShop>>;
  const open: Subscriber[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    a = await ownerWithShop(t.app, 'live-sec-a@example.com', { shopName: 'Live Sec A' });
    b = await ownerWithShop(t.app, 'live-sec-b@example.com', { shopName: 'Live Sec B' });
  });
  afterAll(async () => {
    for (const l of open) await l.stop();
    await t?.close();
  });

  it('refuses CONNECT with an expired, a forged or an alg:none token signed for a real owner', async () => {
    const claims = await t.app.services.tokens.verifyAccess(a.token);
    const body = { email: claims.email, roles: claims.roles, typ: 'access' };
    const key = new TextEncoder().encode(t.deps.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(key);
    const forged = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(`${t.deps.config.jwtSecret}!`));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...body, sub: claims.sub, exp: now + 3600 })).toString('base64url')}.`;
    for (const [token, message] of [
      [expired, 'JWT expired'],
      [forged, 'Authentication failed'],
      [none, 'Authentication failed'],
    ] as const) {
      const s = connect(base, token, a.shop.id);
      open.push(s);
      await expect(s.subscribed).rejects.toThrow(message);
      await until(() => s.closedAt !== undefined, 3000, 'the refused session to close');
    }
  });

  it('closes a session with ERROR "JWT expired" when its token expires, and delivers nothing after', async () => {
    const claims = await t.app.services.tokens.verifyAccess(a.token);
    const expSeconds = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ email: claims.email, roles: claims.roles, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(expSeconds)
      .sign(new TextEncoder().encode(t.deps.config.jwtSecret));
    const short = connect(base, shortLived, a.shop.id);
    const steady = connect(base, a.token, a.shop.id);
    open.push(short, steady);
    await Promise.all([short.subscribed, steady.subscribed]);
    await until(() => short.closedAt !== undefined, 5000, 'the short-lived session to close');
    expect(short.closedAt!).toBeGreaterThanOrEqual(expSeconds * 1000);
    expect(short.closedAt! - expSeconds * 1000).toBeLessThan(1500);
    expect(short.errors.map((e) => e.headers.message)).toEqual(['JWT expired']);

    await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'after.pdf', data: await pdfBytes(1) }]);
    await until(() => steady.messages.length > 0, 3000, 'the steady session to get the job');
    expect(short.messages).toEqual([]);
    expect(steady.closedAt).toBeUndefined();
  });

  it('closes the sessions of a user who lost the shop at the next recheckAccess(), and only those', async () => {
    const loser = connect(base, a.token, a.shop.id);
    const other = connect(base, b.token, b.shop.id);
    open.push(loser, other);
    await Promise.all([loser.subscribed, other.subscribed]);
    await t.app.services.realtime.broker.recheckAccess();
    expect(loser.closedAt).toBeUndefined();

    // The shop changes hands (e.g. the account is removed from it by the platform owner).
    await t.deps.database.db.execute(
      sql`UPDATE shops SET owner_id = (SELECT owner_id FROM shops WHERE id = ${b.shop.id}) WHERE id = ${a.shop.id}`,
    );
    await t.app.services.realtime.broker.recheckAccess();
    await until(() => loser.closedAt !== undefined, 3000, 'the session to close');
    expect(loser.errors.map((e) => e.headers.message)).toEqual([`Access denied to /topic/shops/${a.shop.id}/jobs`]);

    await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'later.pdf', data: await pdfBytes(1) }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(loser.messages).toEqual([]);
    expect(other.closedAt).toBeUndefined();
    expect(other.errors).toEqual([]);

    // And the old owner cannot subscribe again.
    const again = connect(base, a.token, a.shop.id);
    open.push(again);
    await expect(again.subscribed).rejects.toThrow(/Access denied/);
  });
});

/** Issue 17: the cap is per user and per instance, and does not depend on the database, so PGlite only. */
describe('STOMP sessions per user (REALTIME_MAX_SESSIONS_PER_USER)', () => {
  let t: TestApp;
  let base: string;
  const open: Subscriber[] = [];
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off', REALTIME_MAX_SESSIONS_PER_USER: '2' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const l of open) await l.stop();
    await t?.close();
  });

  it('refuses a third live session of the same owner with a clear ERROR, keeps the two and other owners, and frees a place on close', async () => {
    const a = await ownerWithShop(t.app, 'cap-a@example.com', { shopName: 'Cap A' });
    const b = await ownerWithShop(t.app, 'cap-b@example.com', { shopName: 'Cap B' });
    const first = connect(base, a.token, a.shop.id);
    const second = connect(base, a.token, a.shop.id);
    open.push(first, second);
    await Promise.all([first.subscribed, second.subscribed]);
    const third = connect(base, a.token, a.shop.id);
    open.push(third);
    await expect(third.subscribed).rejects.toThrow('Too many live sessions for this account (2); close another tab or window');
    await until(() => third.closedAt !== undefined, 3000, 'the refused session to close');
    const other = connect(base, b.token, b.shop.id);
    open.push(other);
    await other.subscribed;

    await upload(t.app, a.shop.slug, [{ name: 'files', filename: 'capped.pdf', data: await pdfBytes(1) }]);
    await until(() => first.messages.length > 0 && second.messages.length > 0, 3000, 'both sessions to get the job');
    expect(first.closedAt ?? second.closedAt).toBeUndefined();

    await first.stop();
    await until(() => t.app.services.realtime.broker.stats().sessions === 2, 3000, 'the closed session to be forgotten');
    const again = connect(base, a.token, a.shop.id);
    open.push(again);
    await again.subscribed;
  });
});
