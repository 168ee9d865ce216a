import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { queryRows } from '../../src/db/index.js';
import { ownerWithShop, pngBytes, upload } from '../support/fixtures.js';
import { createTestApp, json, type TestApp } from '../support/harness.js';
import { mailText, startSmtp } from '../support/smtp.js';

/**
 * What the server writes to its log must not let a reader act as a user: no password, token,
 * verification link, reset code or signed file link, at the most verbose level, through a whole
 * account and file flow. (Without SMTP_URL the embedded default deliberately logs mail links so a
 * local user can finish sign-up: that is the one documented exception.)
 */
describe('secrets stay out of the log and out of URLs', () => {
  let t: TestApp;
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let log = '';

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off', SMTP_URL: smtp.url } });
    await t.app.close();
    const sink = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp({ ...t.deps, logger: pino({ level: 'trace' }, sink) });
    await app.ready();
    t.app = app;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  it('logs no password, access or refresh token, verification token, reset code or signed link, and stores only their hashes', async () => {
    const email = 'log-check@example.com';
    const password = 'Sup3r-secret-pass';
    const secrets: (string | RegExp)[] = [password];
    const up = await post('/api/auth/signup', { name: 'Log Check', email, password });
    expect(up.statusCode).toBe(201);
    secrets.push(json(up).onboardingToken);
    const verifyToken = /\/verify-email\/([^\s/]+)/.exec(mailText((await smtp.waitFor(email)).raw))![1]!;
    secrets.push(verifyToken);
    await app.inject({ method: 'GET', url: `/verify-email/${verifyToken}` });
    expect((await post('/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);

    const signin = await post('/api/auth/signin', { email, password });
    const access = String(signin.headers.authorization).replace(/^Bearer /, '');
    const { refreshToken } = json(signin);
    secrets.push(access, refreshToken);
    const refreshed = await post('/api/auth/refresh-token', { refreshToken });
    secrets.push(json(refreshed).token, json(refreshed).refreshToken);
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${access}` } });
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${access}x` } });

    expect((await post('/api/reset-password-send-email', { email })).statusCode).toBe(200);
    const code = /\/reset-password\/[^/\s]+\/(\d{6})/.exec(mailText((await smtp.waitFor(email, /password reset/)).raw))![1]!;
    secrets.push(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    await app.inject({ method: 'GET', url: `/reset-password/${encodeURIComponent(email)}/${code}` });
    const form = `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--b\r\nContent-Disposition: form-data; name="otp"\r\n\r\n${code}\r\n--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nN3w-secret-pass\r\n--b\r\nContent-Disposition: form-data; name="repeatPassword"\r\n\r\nN3w-secret-pass\r\n--b--\r\n`;
    const changed = await app.inject({
      method: 'POST',
      url: '/api/forgotPassword/changePassword',
      payload: form,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push('N3w-secret-pass');

    const owner = await ownerWithShop(app, 'log-owner@example.com', { shopName: 'Log Prints' });
    const job = json(await upload(app, owner.shop.slug, [{ name: 'files', filename: 'Aadhaar-Ravi-Kumar.png', data: pngBytes() }])).jobId;
    const [link] = json(await app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${job}/signed-urls`, headers: owner.auth }));
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    secrets.push(link.split('/')[2], 'Aadhaar-Ravi-Kumar');

    // The database keeps only hashes: no password, refresh token, verification token or reset code in any row.
    const db = t.deps.database.db;
    const tables = await queryRows<{ t: string }>(
      db,
      sql`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { t: table } of tables)
      dump += JSON.stringify(await queryRows(db, sql`SELECT to_jsonb(x) AS r FROM ${sql.identifier(table)} x`));
    for (const secret of [password, 'N3w-secret-pass', refreshToken, json(refreshed).refreshToken, verifyToken])
      expect(dump.includes(secret)).toBe(false);
    expect(dump).not.toMatch(new RegExp(`"code_hash":"${code}"`));
    const [user] = await queryRows<{ h: string }>(db, sql`SELECT password_hash AS h FROM users WHERE email = ${email}`);
    expect(user!.h).toMatch(/^\$argon2id\$/);

    expect(log).toContain('/verify-email/[redacted]');
    expect(log).toContain('/files/[redacted]');
    for (const secret of secrets) {
      if (typeof secret === 'string') expect(log.includes(secret), `log holds ${secret.slice(0, 12)}…`).toBe(false);
      else expect(log, String(secret)).not.toMatch(secret);
    }
  });

  it('names files and jobs only by random ids: a signed link carries v4 UUIDs and a 256-bit HMAC, no counter', async () => {
    const owner = await ownerWithShop(app, 'ids@example.com', { shopName: 'Id Prints' });
    const jobs: string[] = [];
    for (let i = 0; i < 3; i++)
      jobs.push(json(await upload(app, owner.shop.slug, [{ name: 'files', filename: `f${i}.png`, data: pngBytes() }])).jobId);
    const v4 = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
    for (const id of jobs) {
      expect(id).toMatch(new RegExp(`^${v4}$`));
      const [link] = json(await app.inject({ method: 'GET', url: `/api/shops-action/print-jobs/${id}/signed-urls`, headers: owner.auth }));
      const [payload, sig] = (link as string).split('/')[2]!.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      expect(claims.k).toMatch(new RegExp(`^shops/${v4}/jobs/${id}/${v4}$`));
      expect(Buffer.from(sig!, 'base64url')).toHaveLength(32);
    }
  });
});

describe('a failing query stays out of the log', () => {
  it("logs the database error, not the query's parameters (an email here)", async () => {
    const t = await createTestApp({ kind: 'pglite', env: { RATE_LIMIT: 'off' } });
    let log = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    await t.app.close();
    const app = await buildApp({ ...t.deps, logger: pino({ level: 'trace' }, sink) });
    await app.ready();
    try {
      await t.deps.database.close(); // the database goes away under the running app
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'private.person@example.com', password: 'Sup3r-secret-pass' },
      });
      expect(res.statusCode).toBe(503);
      expect(log).toContain('database unavailable');
      expect(log).not.toContain('private.person@example.com');
      expect(log).not.toContain('Sup3r-secret-pass');
    } finally {
      await app.close().catch(() => {}); // unlistening on the closed PGlite throws
      t.deps.database.close = async () => {};
      await t.close();
    }
  });
});
