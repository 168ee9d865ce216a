import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { multipart, ownerWithShop, rtfBytes } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';
import { RETRY_BUDGET_MS } from './preparer.js';
import { filesAwaitingPreparation } from './repo.js';

/*
 * One sender's heavy documents spread over many shops hold one conversion slot, not all of them
 * (docs/decisions/056-conversion-turns-per-address.md): real LibreOffice, real uploads from two addresses.
 */
const HOSTILE = '203.0.113.66';
const WALK_IN = '198.51.100.7';

/** Hundreds of thousands of rows: thousands of pages, far longer to lay out than a letter. */
const heavyCsv = () => Buffer.from(Array.from({ length: 300_000 }, (_, i) => `${i},row ${i},${i * 7},${i % 13}\n`).join(''));

describe.each(DATABASE_KINDS)('conversion turns on %s', (kind) => {
  let t: TestApp;
  let shops: Awaited<ReturnType<typeof ownerWithShop>>[];

  beforeAll(async () => {
    // A limit no heavy document here reaches while the test runs: they stay running or queued.
    t = await createTestApp({ kind, env: { RATE_LIMIT: 'off', CONVERSION_TIMEOUT: '300' } });
    shops = [];
    for (let i = 1; i <= 6; i++) shops.push(await ownerWithShop(t.app, `turns-${i}-${kind}@example.com`));
  }, 60_000);
  afterAll(async () => t?.close());

  const send = async (slug: string, from: string, filename: string, data: Buffer) => {
    const body = await multipart([{ name: 'files', filename, data }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/public/shops/${slug}/jobs`, remoteAddress: from, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).files[0].id as string;
  };
  const conversionOf = async (fileId: string) =>
    (await queryRows<{ conversion: string }>(t.deps.database.db, sql`SELECT conversion FROM job_files WHERE id = ${fileId}`))[0]!
      .conversion;
  /** Its conversion once it has one, polled within a bound. */
  const converted = async (fileId: string, withinMs: number) => {
    const deadline = Date.now() + withinMs;
    while ((await conversionOf(fileId)) === 'converting' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return conversionOf(fileId);
  };

  it("converts a sixth shop's letter from another address while one address's heavy documents to five shops are still converting", async () => {
    const heavy = heavyCsv();
    const hostile: string[] = [];
    for (const shop of shops.slice(0, 5)) hostile.push(await send(shop.shop.slug, HOSTILE, 'table.csv', heavy));
    const letter = await send(shops[5]!.shop.slug, WALK_IN, 'letter.rtf', rtfBytes());

    expect(await converted(letter, 60_000)).toBe('converted');
    const still = await Promise.all(hostile.map(conversionOf));
    expect(still).toEqual(hostile.map(() => 'converting'));
  }, 120_000);

  it('gives a document whose conversion was cut short once a short limit, not a second full one', async () => {
    const fileId = await send(shops[5]!.shop.slug, WALK_IN, 'again.rtf', rtfBytes('Cut short once'));
    expect(await converted(fileId, 30_000)).toBe('converted');
    // As a crash during its conversion would leave it: one attempt counted, nothing recorded.
    await t.deps.database.db.execute(
      sql`UPDATE job_files SET prepared_at = NULL, conversion = 'converting', pages = NULL, preparation_attempts = 1 WHERE id = ${fileId}`,
    );
    const convert = vi.spyOn(t.app.services.converter, 'convert');
    try {
      await t.app.services.preparer.resume();
      expect(await converted(fileId, 30_000)).toBe('converted');
      // The heavy documents of the test before are still converting or waiting: only this one was sent since.
      const full = t.deps.config.conversion.timeoutMs;
      expect(convert.mock.calls.map(([request]) => request.timeoutMs ?? full)).toEqual([RETRY_BUDGET_MS]);
      expect(RETRY_BUDGET_MS).toBeLessThan(full);
    } finally {
      convert.mockRestore();
    }
  }, 60_000);

  it("takes up left-over files by each address's oldest first, so one address's backlog does not fill a resume", async () => {
    const many = '192.0.2.10';
    const one = '192.0.2.20';
    const mine: { id: string; from: 'many' | 'one' }[] = [];
    for (const n of [1, 2, 3]) mine.push({ id: await send(shops[4]!.shop.slug, many, `${n}.rtf`, rtfBytes(`Letter ${n}`)), from: 'many' });
    mine.push({ id: await send(shops[4]!.shop.slug, one, 'single.rtf', rtfBytes('Single')), from: 'one' });
    for (const f of mine) expect(await converted(f.id, 30_000)).toBe('converted');
    // As a restart with a full queue would leave them: sent, not yet prepared.
    const ids = mine.map((f) => f.id);
    await t.deps.database.db.execute(sql`UPDATE job_files SET prepared_at = NULL WHERE id = any(${sql.param(ids)}::uuid[])`);
    const order = (await filesAwaitingPreparation(t.deps.database.db, 1000)).filter((r) => ids.includes(r.id));
    expect(order.map((r) => mine.find((f) => f.id === r.id)!.from)).toEqual(['many', 'one', 'many', 'many']);
    await t.deps.database.db.execute(sql`UPDATE job_files SET prepared_at = now() WHERE id = any(${sql.param(ids)}::uuid[])`);
  }, 60_000);
});
