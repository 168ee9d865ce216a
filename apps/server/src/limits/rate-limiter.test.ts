import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/support/database.js';
import { createTestApp, type TestApp, testClock } from '../../test/support/harness.js';
import { queryRows } from '../db/index.js';
import {
  databaseRateLimiter,
  type Limit,
  MINUTE,
  memoryRateLimiter,
  type RateLimiter,
  rateLimitKeyHasher,
  SWEEP_BATCH,
} from './rate-limiter.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const rows = (t: TestDatabase) => queryRows<{ key: string; count: number }>(t.database.db, sql`SELECT key, count FROM rate_limit_hits`);
const status = (p: Promise<void>) =>
  p.then(
    () => 200,
    (err: { status?: number }) => err.status ?? 500,
  );

describe.each(DATABASE_KINDS)('rate limiter on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  const clock = testClock(new Date('2026-03-01T10:00:00Z'));
  const limiters: [string, () => RateLimiter][] = [
    ['memory', () => memoryRateLimiter(clock, rateLimitKeyHasher(SECRET))],
    ['database', () => databaseRateLimiter(t.database.db, clock, rateLimitKeyHasher(SECRET))],
  ];

  it.each(limiters)('%s: a request refused by its first policy counts nothing on the later ones', async (_name, make) => {
    const limiter = make();
    const first: Limit = { key: `first:${_name}`, max: 1, windowMs: MINUTE };
    const later: Limit = { key: `later:${_name}`, max: 2, windowMs: MINUTE };
    expect(await status(limiter.hit(first, later))).toBe(200);
    expect(await status(limiter.hit(first, later))).toBe(429);
    expect(await status(limiter.hit(first, later))).toBe(429);
    // `later` was counted once: one more hit fits under its maximum of 2.
    expect(await status(limiter.hit(later))).toBe(200);
    expect(await status(limiter.hit(later))).toBe(429);
  });

  it('database: stores keys as HMACs, never the email or address they name', async () => {
    await t.database.db.execute(sql`DELETE FROM rate_limit_hits`);
    const limiter = databaseRateLimiter(t.database.db, clock, rateLimitKeyHasher(SECRET));
    await limiter.hit({ key: 'signin:pair:203.0.113.9:victim@example.com', max: 5, windowMs: MINUTE });
    const stored = await rows(t);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key).not.toMatch(/victim|example\.com|203\.0\.113|signin/);
    expect(stored[0]!.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another secret gives another key: the HMAC cannot be recomputed from a guessed email without the secret.
    expect(rateLimitKeyHasher(`${SECRET}x`)('signin:pair:203.0.113.9:victim@example.com')).not.toBe(stored[0]!.key);
  });

  it('database: deletes expired rows, a bounded batch per sweep', async () => {
    await t.database.db.execute(sql`DELETE FROM rate_limit_hits`);
    const c = testClock(new Date('2026-03-01T10:00:00Z'));
    const limiter = databaseRateLimiter(t.database.db, c, rateLimitKeyHasher(SECRET));
    for (let i = 0; i < 20; i++) await limiter.hit({ key: `signup:ip:198.51.100.${i}`, max: 5, windowMs: MINUTE });
    // A row left by another instance long ago, and more expired rows than one sweep deletes.
    await t.database.db.execute(sql`
      INSERT INTO rate_limit_hits (key, count, reset_at)
      SELECT 'old-' || g, 1, ${new Date('2026-03-01T09:00:00Z').toISOString()}::timestamptz FROM generate_series(1, ${SWEEP_BATCH + 100}) g`);
    expect(await rows(t)).toHaveLength(20 + SWEEP_BATCH + 100);

    c.advance(2 * MINUTE);
    await limiter.hit({ key: 'fresh', max: 5, windowMs: 10 * MINUTE });
    expect(await rows(t)).toHaveLength(20 + 100 + 1);
    // The full batch said more were waiting: the next hit sweeps the rest.
    await limiter.hit({ key: 'fresh', max: 5, windowMs: 10 * MINUTE });
    expect(await rows(t)).toHaveLength(1);
    // A live window is kept and keeps counting.
    expect((await rows(t))[0]!.count).toBe(2);
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('rate limits on PostgreSQL through the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
  });
  afterAll(async () => t?.close());

  it('keeps no plain email or client address in rate_limit_hits after sign-in, sign-up and reset calls', async () => {
    const email = 'dumped-victim@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'V', email, password: 'passw0rd-ok' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'wrong-guess1' } });
    await t.app.inject({ method: 'POST', url: '/api/reset-password-send-email', payload: { email } });
    const dump = await queryRows<Record<string, unknown>>(t.testDb.database.db, sql`SELECT * FROM rate_limit_hits`);
    expect(dump.length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(dump);
    expect(text).not.toContain('dumped-victim');
    expect(text).not.toContain('127.0.0.1');
    for (const row of dump) expect(String(row.key)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
