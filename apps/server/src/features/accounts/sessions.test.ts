import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { createShop, multipart, ownerWithShop, shopJson } from '../../../test/support/fixtures.js';
import {
  createSecondInstance,
  createTestApp,
  json,
  refreshWithBearerOnly,
  signIn,
  type TestApp,
  testClock,
} from '../../../test/support/harness.js';
import { subscribe as connect, type Subscriber, until } from '../../../test/support/stomp-client.js';
import { outbox } from '../../db/schema.js';

type Injected = { statusCode: number; body: string; headers: Record<string, unknown>; cookies: Array<Record<string, unknown>> };

const REFRESH_COOKIE = 'refresh_token';
const PASSWORD = 'passw0rd-ok';

const refreshCookie = (res: Injected) => res.cookies.find((c) => c.name === REFRESH_COOKIE);

const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

async function latestMail(t: TestApp, to: string): Promise<string> {
  const rows = await t.testDb.database.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.createdAt)).limit(1);
  return `${rows[0]?.subject}\n${rows[0]?.bodyText}`;
}

async function resetPassword(t: TestApp, email: string, password: string) {
  const send = await t.app.inject({ method: 'POST', url: '/api/reset-password-send-email', payload: { email } });
  expect(send.statusCode).toBe(200);
  const otp = /\/reset-password\/[^/\s]+\/(\d{6})/.exec(await latestMail(t, email))?.[1];
  expect(otp).toBeTruthy();
  const form = await multipart(
    Object.entries({ email, otp: otp!, password, repeatPassword: password }).map(([name, value]) => ({ name, value })),
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/forgotPassword/changePassword', ...form });
  expect(res.statusCode).toBe(200);
}

const changePassword = (t: TestApp, token: string, currentPassword: string, newPassword: string, remoteAddress?: string) =>
  t.app.inject({
    ...(remoteAddress ? { remoteAddress } : {}),
    method: 'PUT',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
    payload: { currentPassword, newPassword },
  });

describe.each(DATABASE_KINDS)('sessions end when they should on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const open: Subscriber[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) await s.stop();
    await t?.close();
  });

  it('refuses to renew a still-valid bearer alone: renewal needs the refresh token', async () => {
    await ownerWithShop(t.app, 'bearer-alone@example.com');
    const { token } = await signIn(t.app, 'bearer-alone@example.com');
    const res = await refreshWithBearerOnly(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ error: 'Refresh token required', code: 'REFRESH_TOKEN_REQUIRED' });
    expect(res.headers.authorization).toBeUndefined();
  });

  const endings: Array<[string, (email: string, other: { token: string; refreshToken: string }) => Promise<string>]> = [
    [
      'logout',
      async (_email, other) => {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: other.refreshToken } });
        expect(res.statusCode).toBe(200);
        return PASSWORD;
      },
    ],
    [
      'logout everywhere',
      async (_email, other) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { authorization: `Bearer ${other.token}` },
          payload: { refreshToken: other.refreshToken, everywhere: true },
        });
        expect(res.statusCode).toBe(200);
        return PASSWORD;
      },
    ],
    [
      'a password change',
      async (_email, other) => {
        const res = await changePassword(t, other.token, PASSWORD, 'changed-pass1');
        expect(res.statusCode).toBe(200);
        // The session that changed the password goes on, with a new bearer.
        const renewed = String(res.headers.authorization).replace(/^Bearer /, '');
        expect(renewed).not.toBe(other.token);
        expect((await me(t, renewed)).statusCode).toBe(200);
        return 'changed-pass1';
      },
    ],
    [
      'a password reset',
      async (email) => {
        await resetPassword(t, email, 'reset-pass1');
        return 'reset-pass1';
      },
    ],
  ];

  it.each(endings)(
    'after %s every old access token answers 401 on a guarded route and its STOMP session gets an ERROR and closes',
    async (name, end) => {
      const email = `ends-${name.replace(/\W+/g, '-')}@example.com`;
      const { shop } = await ownerWithShop(t.app, email);
      const stolen = await signIn(t.app, email);
      const other = await signIn(t.app, email);
      expect((await me(t, stolen.token)).statusCode).toBe(200);
      const live = connect(base, stolen.token, shop.id);
      open.push(live);
      await live.subscribed;

      const password = await end(email, other);

      for (const token of [stolen.token, other.token]) {
        const res = await me(t, token);
        expect(res.statusCode).toBe(401);
        expect(json(res)).toEqual({ error: 'JWT revoked', code: 'TOKEN_REVOKED' });
        const shopRoute = await t.app.inject({
          method: 'GET',
          url: `/api/shops/${shop.id}/print-jobs`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(shopRoute.statusCode).toBe(401);
      }
      await until(() => live.closedAt !== undefined, 3000, 'the STOMP session to close');
      expect(live.errors.map((f) => f.headers.message)).toEqual(['JWT revoked']);
      const again = connect(base, stolen.token, shop.id);
      open.push(again);
      await expect(again.subscribed).rejects.toThrow('Authentication failed');
      // Signing in again gives a working session.
      const fresh = await signIn(t.app, email, password);
      expect((await me(t, fresh.token)).statusCode).toBe(200);
    },
  );

  const logout = (payload: { refreshToken: string; everywhere?: boolean }, bearer?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
      payload,
    }) as unknown as Promise<Injected>;
  const renews = async (refreshToken: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } })).statusCode;

  it('a dead refresh token (rotated, then revoked by a password change) logs nobody out, everywhere or not, and clears only its cookie', async () => {
    const email = 'dead-logout@example.com';
    await ownerWithShop(t.app, email);
    const first = await signIn(t.app, email);
    const rotated = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: first.refreshToken } });
    expect(rotated.statusCode).toBe(200);
    expect((await changePassword(t, first.token, PASSWORD, 'changed-pass1')).statusCode).toBe(200);
    const kept = await signIn(t.app, email, 'changed-pass1');

    for (const everywhere of [true, true, false]) {
      const res = await logout({ refreshToken: first.refreshToken, everywhere });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ ok: true });
      expect(refreshCookie(res)).toMatchObject({ value: '', path: '/api/auth' });
    }
    expect((await me(t, kept.token)).statusCode).toBe(200);
    expect(await renews(kept.refreshToken)).toBe(200);
  });

  it("logs out everywhere only with a live refresh token and the same user's bearer; a refresh token alone is refused and ends nothing", async () => {
    const email = 'everywhere-proof@example.com';
    await ownerWithShop(t.app, email);
    await ownerWithShop(t.app, 'everywhere-stranger@example.com');
    const stranger = await signIn(t.app, 'everywhere-stranger@example.com');
    const thief = await signIn(t.app, email);
    const owner = await signIn(t.app, email);

    for (const bearer of [undefined, stranger.token]) {
      const refused = await logout({ refreshToken: thief.refreshToken, everywhere: true }, bearer);
      expect(refused.statusCode).toBe(401);
      expect(json(refused)).toEqual({
        error: "Logging out everywhere needs this session's refresh token and its access token",
        code: 'LOGOUT_EVERYWHERE_UNPROVEN',
      });
    }
    expect((await me(t, owner.token)).statusCode).toBe(200);
    expect((await me(t, stranger.token)).statusCode).toBe(200);

    expect((await logout({ refreshToken: thief.refreshToken, everywhere: true }, thief.token)).statusCode).toBe(200);
    expect((await me(t, owner.token)).statusCode).toBe(401);
    expect(await renews(owner.refreshToken)).toBe(401);
    expect((await me(t, stranger.token)).statusCode).toBe(200);
  });

  it('kills the onboarding token with a password change', async () => {
    const signup = async (email: string) =>
      json(await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'O', email, password: PASSWORD } }))
        .onboardingToken as string;
    const create = (onboardingToken: string) => createShop(t.app, { 'x-onboarding-token': onboardingToken }, shopJson());
    const kept = await signup('onboard-kept@example.com');
    const changed = await signup('onboard-changed@example.com');
    const { token } = await signIn(t.app, 'onboard-changed@example.com');
    expect((await changePassword(t, token, PASSWORD, 'changed-pass1')).statusCode).toBe(200);
    const refused = await create(changed);
    expect(refused.statusCode).toBe(401);
    expect(json(refused).code).toBe('TOKEN_REVOKED');
    expect((await create(kept)).statusCode).toBe(201);
  });

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie on /api/auth, renews from it alone, and clears it on logout', async () => {
    await ownerWithShop(t.app, 'cookie@example.com');
    const signin = (await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'cookie@example.com', password: PASSWORD },
    })) as unknown as Injected;
    const cookie = refreshCookie(signin);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
    expect(Number(cookie?.maxAge)).toBeGreaterThan(0);
    // The refresh cookie is the same secret the spec's body carries, for clients that keep it themselves.
    expect(cookie?.value).toBe(json(signin).refreshToken);

    const renewed = (await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: `${REFRESH_COOKIE}=${String(cookie?.value)}`, 'content-type': 'application/json' },
    })) as unknown as Injected;
    expect(renewed.statusCode).toBe(200);
    const body = json(renewed);
    expect(Object.keys(body)).toEqual(['token']);
    expect(renewed.headers.authorization).toBe(`Bearer ${body.token}`);
    const next = refreshCookie(renewed);
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(next?.value).not.toBe(cookie?.value);

    const out = (await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${REFRESH_COOKIE}=${String(next?.value)}` },
    })) as unknown as Injected;
    expect(out.statusCode).toBe(200);
    const cleared = refreshCookie(out);
    expect(cleared).toMatchObject({ value: '', path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    expect(Number(cleared?.maxAge ?? 0)).toBe(0);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: `${REFRESH_COOKIE}=${String(next?.value)}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps the name given at sign-up out of the verification mail', async () => {
    const name = 'URGENT call +1 555 0100 or visit http://evil.example';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name, email: 'mail-victim@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const mail = await latestMail(t, 'mail-victim@example.com');
    expect(mail).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}/);
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('URGENT');
  });
});

describe.each(DATABASE_KINDS)('session age and password guessing on %s', (kind) => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, env: { SESSION_MAX_AGE: '3600' } });
  });
  afterAll(async () => t?.close());

  it('caps a refresh-token family at SESSION_MAX_AGE however often it is renewed', async () => {
    await ownerWithShop(t.app, 'capped@example.com');
    let { refreshToken } = await signIn(t.app, 'capped@example.com');
    for (let i = 0; i < 3; i++) {
      clock.advance(15 * 60 * 1000);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
      expect(res.statusCode).toBe(200);
      refreshToken = json(res).refreshToken;
    }
    // 61 minutes after sign-in; the newest refresh token itself is 16 minutes old.
    clock.advance(16 * 60 * 1000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });
    expect(late.statusCode).toBe(401);
    expect(json(late).code).toBe('SESSION_TOO_OLD');
  });

  it('limits current-password guesses on PUT /api/auth/me like sign-in, and a right guess past the limit is still 429', async () => {
    await ownerWithShop(t.app, 'guess-me@example.com');
    const { token } = await signIn(t.app, 'guess-me@example.com');
    const codes: number[] = [];
    // From an address that has not signed in, so the budget starts full.
    const ip = '10.9.8.7';
    for (let i = 0; i < 10; i++) codes.push((await changePassword(t, token, `wrong-pass${i}`, 'new-pass-123', ip)).statusCode);
    expect(codes).toEqual(Array(10).fill(400));
    const blocked = await changePassword(t, token, PASSWORD, 'new-pass-123', ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).error).toBe('Too many attempts. Please try again in a few minutes.');
    // The guesses share sign-in's budget for this address and email: sign-in adds none.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: ip,
      payload: { email: 'guess-me@example.com', password: PASSWORD },
    });
    expect(signin.statusCode).toBe(429);
  });
});

describe.skipIf(!DATABASE_KINDS.includes('postgres'))('token version across instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createSecondInstance>>;
  let baseB: string;
  const open: Subscriber[] = [];

  beforeAll(async () => {
    a = await createTestApp({ kind: 'postgres', env: { RATE_LIMIT: 'off' } });
    b = await createSecondInstance(a);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of open) await s.stop();
    await b?.close();
    await a?.close();
  });

  it('a password change on instance A ends the bearer and the STOMP session on instance B', async () => {
    const { shop } = await ownerWithShop(a.app, 'two-instances@example.com');
    const stolen = await signIn(a.app, 'two-instances@example.com');
    const self = await signIn(a.app, 'two-instances@example.com');
    // B has seen (and may have cached) the stolen token's version.
    const meB = () => b.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${stolen.token}` } });
    expect((await meB()).statusCode).toBe(200);
    const live = connect(baseB, stolen.token, shop.id);
    open.push(live);
    await live.subscribed;

    expect((await changePassword(a, self.token, PASSWORD, 'changed-pass1')).statusCode).toBe(200);

    await until(() => live.closedAt !== undefined, 3000, 'the session on B to close');
    expect(live.errors.map((f) => f.headers.message)).toEqual(['JWT revoked']);
    // B forgets its cached version before it closes the sessions, so by now it refuses the bearer.
    expect((await meB()).statusCode).toBe(401);
  });
});

describe('the refresh cookie is Secure when the site is served over https', () => {
  const secureFlag = async (env: Record<string, string>, headers: Record<string, string>) => {
    const t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off', ...env } });
    try {
      await ownerWithShop(t.app, 'secure@example.com');
      const res = (await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers,
        payload: { email: 'secure@example.com', password: PASSWORD },
      })) as unknown as Injected;
      return refreshCookie(res)?.secure === true;
    } finally {
      await t.close();
    }
  };

  it('when the proxy says the request came over https (TRUST_PROXY)', async () => {
    expect(await secureFlag({ TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' })).toBe(true);
  }, 60_000);

  it('not when X-Forwarded-Proto comes from an untrusted client over http', async () => {
    expect(await secureFlag({}, { 'x-forwarded-proto': 'https' })).toBe(false);
  }, 60_000);

  it('when PUBLIC_BASE_URL is https, whatever the request says', async () => {
    expect(await secureFlag({ PUBLIC_BASE_URL: 'https://print.example' }, {})).toBe(true);
  }, 60_000);
});
