import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { createTestApp, json, refreshWithBearerOnly, signUpAndIn, type TestApp } from '../../../test/support/harness.js';
import { mailText, startSmtp } from '../../../test/support/smtp.js';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ kind, env: { SMTP_URL: smtp.url, OWNER_EMAILS: 'boss@example.com', RATE_LIMIT: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('sign-up', () => {
    it('creates a ROLE_USER account, mails a verification link and returns an onboarding token', async () => {
      const res = await post('/api/auth/signup', { name: ' Asha ', email: ' Asha@Example.COM ', password: 'secret123' });
      expect(res.statusCode).toBe(201);
      const body = json(res);
      expect(body.email).toBe('asha@example.com');
      expect(body.onboardingToken).toMatch(/^ey/);
      const mail = await smtp.waitFor('asha@example.com');
      expect(mailText(mail.raw)).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}/);
      const signin = await post('/api/auth/signin', { email: 'asha@example.com', password: 'secret123' });
      expect(signin.statusCode).toBe(200);
      expect(json(signin).roles).toEqual(['ROLE_USER']);
      expect(json(signin).name).toBe('Asha');
    });

    it('refuses a duplicate email with 409', async () => {
      await post('/api/auth/signup', { name: 'A', email: 'dup@example.com', password: 'secret123' });
      const res = await post('/api/auth/signup', { name: 'B', email: 'DUP@example.com', password: 'secret123' });
      expect(res.statusCode).toBe(409);
      expect(json(res)).toEqual({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    });

    it.each([
      [{ email: 'x@example.com', password: 'secret123' }, /name/],
      [{ name: 'X', password: 'secret123' }, /email/],
      [{ name: 'X', email: 'not-an-email', password: 'secret123' }, /email/],
      [{ name: 'X', email: 'x@example.com', password: 'short1' }, /password/],
      [{ name: 'X', email: 'x@example.com', password: 'lettersonly' }, /password/],
      [{ name: 'X'.repeat(101), email: 'x@example.com', password: 'secret123' }, /name must be at most 100/],
      [{ name: 'X', email: `${'a'.repeat(250)}@example.com`, password: 'secret123' }, /email must be at most 254/],
      [{ name: 'X', email: 'x@example.com', password: `a1${'b'.repeat(127)}` }, /password must be at most 128/],
      [{ name: 42, email: 'x@example.com', password: 'secret123' }, /name/],
    ])('answers 400 naming the field for %j', async (payload, message) => {
      const res = await post('/api/auth/signup', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatch(message);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    });

    it('answers 400 for malformed JSON and for a non-JSON content type, without a stack trace', async () => {
      const bad = await post('/api/auth/signup', '{"name":', { 'content-type': 'application/json' });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).code).toBe('INVALID_JSON');
      const text = await post('/api/auth/signup', 'name=x', { 'content-type': 'text/plain' });
      expect(text.statusCode).toBe(400);
      expect(json(text).error).toMatch(/body/);
    });
  });

  describe('sign-in and tokens', () => {
    it('answers the bearer in the Authorization header and the spec body', async () => {
      const { token, body } = await signUpAndIn(t.app, 'kiran@example.com');
      expect(token.split('.')).toHaveLength(3);
      expect(body).toMatchObject({ id: expect.any(String), shopName: null, shops: [], refreshToken: expect.any(String) });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
      expect(json(me)).toMatchObject({ email: 'kiran@example.com', roles: ['ROLE_USER'], emailVerified: false });
    });

    it("answers 401 'Bad credentials' for a wrong password and an unknown email alike", async () => {
      await signUpAndIn(t.app, 'wrongpw@example.com');
      const a = await post('/api/auth/signin', { email: 'wrongpw@example.com', password: 'nope12345' });
      const b = await post('/api/auth/signin', { email: 'nobody@example.com', password: 'nope12345' });
      for (const res of [a, b]) {
        expect(res.statusCode).toBe(401);
        expect(json(res)).toEqual({ error: 'Bad credentials', code: 'BAD_CREDENTIALS' });
      }
    });

    it('refuses missing, forged, alg:none and expired tokens', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(none.statusCode).toBe(401);
      expect(json(none).error).toBe('Authentication failed');
      const forged = await new SignJWT({ email: 'x@example.com', roles: ['OWNER'], typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('00000000-0000-0000-0000-000000000000')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
      const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: 'x', email: 'x@example.com', roles: ['OWNER'], typ: 'access', exp: 9999999999 }),
      ).toString('base64url')}.`;
      for (const token of [forged, algNone, 'garbage']) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(401);
        expect(json(res).error).toBe('Authentication failed');
      }
      const expired = await new SignJWT({ email: 'x@example.com', roles: ['ROLE_USER'], typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('00000000-0000-0000-0000-000000000000')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(t.deps.config.jwtSecret));
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${expired}` } });
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: 'JWT expired', code: 'TOKEN_EXPIRED' });
    });

    it('refuses a token whose roles claim is not a list of known roles', async () => {
      const bad = await new SignJWT({ email: 'x@example.com', roles: ['ADMIN'], typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('00000000-0000-0000-0000-000000000000')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.deps.config.jwtSecret));
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${bad}` } });
      expect(res.statusCode).toBe(401);
    });

    it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
      const { body } = await signUpAndIn(t.app, 'rotate@example.com');
      const first = await post('/api/auth/refresh-token', { refreshToken: body.refreshToken });
      expect(first.statusCode).toBe(200);
      const rotated = json(first);
      expect(first.headers.authorization).toBe(`Bearer ${rotated.token}`);
      expect(rotated.refreshToken).not.toBe(body.refreshToken);
      const reuse = await post('/api/auth/refresh-token', { refreshToken: body.refreshToken });
      expect(reuse.statusCode).toBe(401);
      // The whole family is gone: even the newest token no longer works.
      const after = await post('/api/auth/refresh-token', { refreshToken: rotated.refreshToken });
      expect(after.statusCode).toBe(401);
    });

    it('does not renew a bearer with an empty body, however valid: renewal needs the refresh token', async () => {
      const { token } = await signUpAndIn(t.app, 'renew@example.com');
      const res = await refreshWithBearerOnly(t.app, token);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: 'Refresh token required', code: 'REFRESH_TOKEN_REQUIRED' });
      expect(res.headers.authorization).toBeUndefined();
      const noAuth = await post('/api/auth/refresh-token');
      expect(noAuth.statusCode).toBe(401);
    });

    it('logout revokes the refresh token', async () => {
      const { body } = await signUpAndIn(t.app, 'logout@example.com');
      const out = await post('/api/auth/logout', { refreshToken: body.refreshToken });
      expect(out.statusCode).toBe(200);
      const res = await post('/api/auth/refresh-token', { refreshToken: body.refreshToken });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('email verification and owner grant', () => {
    it('verifies once, and grants OWNER to OWNER_EMAILS only after verification', async () => {
      const up = await post('/api/auth/signup', { name: 'Boss', email: 'boss@example.com', password: 'secret123' });
      expect(up.statusCode).toBe(201);
      const before = await post('/api/auth/signin', { email: 'boss@example.com', password: 'secret123' });
      expect(json(before).roles).toEqual(['ROLE_USER']);
      const mail = await smtp.waitFor('boss@example.com');
      const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))?.[1];
      expect(token).toBeTruthy();
      const ok = await post('/api/auth/verify-email', { token });
      expect(ok.statusCode).toBe(200);
      expect(json(ok)).toEqual({ email: 'boss@example.com', verified: true });
      const again = await post('/api/auth/verify-email', { token });
      expect(again.statusCode).toBe(400);
      const after = await post('/api/auth/signin', { email: 'boss@example.com', password: 'secret123' });
      expect(json(after).roles).toEqual(['OWNER', 'ROLE_USER']);
      const overview = await t.app.inject({
        method: 'GET',
        url: '/api/owner/overview',
        headers: { authorization: String(after.headers.authorization) },
      });
      expect(overview.statusCode).toBe(200);
      expect(json(overview).users).toBeGreaterThanOrEqual(1);
    });

    it('keeps the owner overview from a ROLE_USER (403)', async () => {
      const { token } = await signUpAndIn(t.app, 'plain@example.com');
      const res = await t.app.inject({ method: 'GET', url: '/api/owner/overview', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('password reset', () => {
    const change = (fields: Record<string, string>) => {
      const boundary = '----cpboundary';
      const body = `${Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('')}--${boundary}--\r\n`;
      return t.app.inject({
        method: 'POST',
        url: '/api/forgotPassword/changePassword',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };

    it('mails a 6-digit code as a link; the code changes the password once and revokes refresh tokens', async () => {
      const { body } = await signUpAndIn(t.app, 'reset@example.com', 'oldpass123');
      const send = await post('/api/reset-password-send-email', { email: ' Reset@Example.com ' });
      expect(send.statusCode).toBe(200);
      const mail = await smtp.waitFor('reset@example.com', /Subject: Your Counterprint password reset/);
      const match = /\/reset-password\/([^/\s]+)\/(\d{6})/.exec(mailText(mail.raw));
      expect(match).toBeTruthy();
      const otp = match![2]!;
      expect(decodeURIComponent(match![1]!)).toBe('reset@example.com');
      const mismatch = await change({ email: 'reset@example.com', otp, password: 'newpass123', repeatPassword: 'other123' });
      expect(mismatch.statusCode).toBe(400);
      expect(json(mismatch).error).toBe('Passwords do not match');
      const ok = await change({ email: 'reset@example.com', otp, password: 'newpass123', repeatPassword: 'newpass123' });
      expect(ok.statusCode).toBe(200);
      const reused = await change({ email: 'reset@example.com', otp, password: 'newpass456', repeatPassword: 'newpass456' });
      expect(reused.statusCode).toBe(400);
      expect((await post('/api/auth/signin', { email: 'reset@example.com', password: 'oldpass123' })).statusCode).toBe(401);
      expect((await post('/api/auth/signin', { email: 'reset@example.com', password: 'newpass123' })).statusCode).toBe(200);
      expect((await post('/api/auth/refresh-token', { refreshToken: body.refreshToken })).statusCode).toBe(401);
    });

    it('answers 404 for an unknown address with the spec message', async () => {
      const res = await post('/api/reset-password-send-email', { email: 'ghost@example.com' });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('No account found with this email address');
    });

    it('stops accepting a code after 5 wrong tries, even the right one', async () => {
      await signUpAndIn(t.app, 'guess@example.com', 'oldpass123');
      smtp.mails.length = 0;
      await post('/api/reset-password-send-email', { email: 'guess@example.com' });
      const mail = await smtp.waitFor('guess@example.com', /Subject: Your Counterprint password reset/);
      const otp = /\/reset-password\/[^/\s]+\/(\d{6})/.exec(mailText(mail.raw))![1]!;
      const wrong = otp === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const res = await change({ email: 'guess@example.com', otp: wrong, password: 'newpass123', repeatPassword: 'newpass123' });
        expect(res.statusCode).toBe(400);
      }
      const right = await change({ email: 'guess@example.com', otp, password: 'newpass123', repeatPassword: 'newpass123' });
      expect(right.statusCode).toBe(400);
    });

    it('validates the multipart fields by name', async () => {
      const res = await change({ email: 'a@example.com', otp: '12ab', password: 'newpass123', repeatPassword: 'newpass123' });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatch(/otp/);
    });
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
  });
  afterAll(async () => t?.close());

  it('limits sign-in to 10 a minute per address and email', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'victim@example.com', password: 'guess1234' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('limits reset mails to 5 per 15 minutes per email with the spec message', async () => {
    const res = [];
    for (let i = 0; i < 6; i++) {
      res.push(await t.app.inject({ method: 'POST', url: '/api/reset-password-send-email', payload: { email: 'ghost2@example.com' } }));
    }
    expect(res[4]!.statusCode).toBe(404);
    expect(res[5]!.statusCode).toBe(429);
    expect(json(res[5]!).error).toBe('Too many attempts. Please try again in a few minutes.');
  });
});
