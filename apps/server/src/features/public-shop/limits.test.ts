import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';
import { rateLimitKeyHasher } from '../../limits/rate-limiter.js';

/** Every spelling of a slug that differs only in case, in a fixed order. */
function caseVariants(slug: string, count: number): string[] {
  const letters = [...slug].map((c, i) => (/[a-z]/.test(c) ? i : -1)).filter((i) => i >= 0);
  return Array.from({ length: count }, (_, n) =>
    [...slug].map((c, i) => (letters.indexOf(i) >= 0 && (n >> letters.indexOf(i)) & 1 ? c.toUpperCase() : c)).join(''),
  );
}

describe.each(DATABASE_KINDS)('public limits keyed on the shop on %s', (kind) => {
  let t: TestApp;
  let slug: string;
  let shopId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const o = await ownerWithShop(t.app, `limits-${kind}@example.com`);
    slug = o.shop.slug;
    shopId = o.shop.id;
  });
  afterAll(async () => t?.close());

  /** The keys the running limiter holds: in memory on PGlite, in rate_limit_hits on PostgreSQL. */
  const limiterKeys = async (): Promise<string[]> => {
    if (kind === 'pglite') return (t.app.services.limiter as unknown as { keys(): string[] }).keys();
    const rows = await queryRows<{ key: string }>(t.deps.database.db, sql`SELECT key FROM rate_limit_hits`);
    return rows.map((r) => r.key);
  };
  /** Keys are stored as HMACs (docs/decisions/016): the ones a run of calls added, as the limiter stores them. */
  const keyOf = (plain: string) => rateLimitKeyHasher(t.deps.config.jwtSecret)(plain);
  const addedBy = async (calls: () => Promise<void>): Promise<string[]> => {
    const before = new Set(await limiterKeys());
    await calls();
    return (await limiterKeys()).filter((k) => !before.has(k));
  };

  it('counts visits to case-variant slugs under one key: the 31st in 10 minutes answers 429', async () => {
    const variants = caseVariants(slug, 31);
    expect(new Set(variants).size).toBe(31);
    const statuses: number[] = [];
    const added = await addedBy(async () => {
      for (const v of variants) {
        statuses.push((await t.app.inject({ method: 'POST', url: `/api/public/shops/${v}/visits`, payload: { src: 'qr' } })).statusCode);
      }
    });
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses[30]).toBe(429);
    expect(added).toEqual([keyOf(`visit:127.0.0.1:${shopId}`)]);
  });

  it('counts uploads to case-variant slugs under one key', async () => {
    const added = await addedBy(async () => {
      for (const v of caseVariants(slug, 3)) {
        expect((await upload(t.app, v, [{ name: 'files', filename: 'a.png', data: pngBytes() }])).statusCode).toBe(201);
      }
    });
    expect(added).toEqual([keyOf(`upload:127.0.0.1:${shopId}`)]);
  });

  it('creates no limiter key for an unknown slug, whether visited or uploaded to', async () => {
    const before = (await limiterKeys()).sort();
    for (let i = 0; i < 20; i++) {
      const visit = await t.app.inject({ method: 'POST', url: `/api/public/shops/no-such-shop-${i}/visits`, payload: { src: 'qr' } });
      expect(visit.statusCode).toBe(404);
      const up = await upload(t.app, `No-Such-Shop-${i}`, [{ name: 'files', filename: 'a.png', data: pngBytes() }]);
      expect(up.statusCode).toBe(404);
    }
    expect((await limiterKeys()).sort()).toEqual(before);
  });
});
