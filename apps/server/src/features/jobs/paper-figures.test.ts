import { RETENTION } from '@counterprint/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, pdfBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, signIn, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import { queryRows } from '../../db/index.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;
type Paper = { sheets: number; sides: number; uncounted: number };

// One definition of a sheet and a side (docs/product/rules.md#sheets-and-sides), read back from every
// screen that shows one: the queue and the shop dashboard (the job list), analytics, stock and
// earnings agree, before and after retention deletes the printed files.
describe.each(DATABASE_KINDS)('sheets and sides on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let o: Owner;
  const ids: Record<string, string> = {};

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: o.auth });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const send = async (key: string, files: { pages: number; options: object }[]) => {
    const res = await upload(t.app, o.shop.slug, [
      { name: 'name', value: key },
      { name: 'options', value: JSON.stringify(files.map((f) => f.options)) },
      ...(await Promise.all(files.map(async (f, i) => ({ name: 'files', filename: `${key}-${i}.pdf`, data: await pdfBytes(f.pages) })))),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = json(res).jobId;
  };
  const markPrinted = async (key: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${ids[key]}/mark-printed`, headers: o.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    clock = testClock(new Date('2025-03-20T06:30:00Z'));
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    o = await ownerWithShop(t.app, `paper-figures-${kind}@example.com`);
    const stock = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/inventory/A4-70GSM?shopId=${o.shop.id}`,
      headers: o.auth,
      payload: { stock: 1000 },
    });
    expect(stock.statusCode, stock.body).toBe(200);
    // 5 pages, 2 copies, 2 to a side, both sides: 3 sides and 2 sheets a copy (6 sides, 4 sheets);
    // pages 2-4 of 10: 3 sides on 3 sheets. 15 pages, 9 sides, 7 sheets.
    await send('two-up', [
      { pages: 5, options: { copies: 2, nup: 2, sides: 'double' } },
      { pages: 10, options: { pages: '2-4' } },
    ]);
    // 3 pages both sides, 3 copies: each copy 2 sheets, its last back blank. 9 sides, 6 sheets.
    await send('duplex', [{ pages: 3, options: { copies: 3, sides: 'double' } }]);
    // Waiting: 4 pages 4 to a side, 2 copies: 2 sides, 2 sheets.
    await send('waiting', [{ pages: 4, options: { copies: 2, nup: 4 } }]);
    await t.app.services.pageCounter.idle();
    // B&W A4 is ₹2 a side: ₹18 each; the second is let go for ₹15.
    await markPrinted('two-up', { amount: 18, paymentMethod: 'cash' });
    await markPrinted('duplex', { amount: 15, paymentMethod: 'cash' });
  });
  afterAll(async () => t?.close());

  async function figures() {
    const list: { id: string; status: string; paper: Paper }[] = await get(`/api/shops/${o.shop.id}/print-jobs`);
    const queue = Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, list.find((j) => j.id === id)?.paper]));
    const printedToday = list.filter((j) => j.status === 'done').reduce((n, j) => n + j.paper.sheets, 0);
    const analytics = await get(`/api/analytics?range=7d&shopId=${o.shop.id}`);
    const recent = Object.fromEntries(
      Object.entries(ids).map(([key, id]) => [key, analytics.recentJobs.items.find((j: { id: string }) => j.id === id)?.sheets]),
    );
    const a4 = analytics.paperInventory.find((p: { sku: string }) => p.sku === 'A4-70GSM');
    const earnings = await get(`/api/earnings?range=7d&shopId=${o.shop.id}`);
    return { queue, printedToday, analytics, recent, a4, earnings };
  }

  async function expectAgreement() {
    const f = await figures();
    expect(f.queue).toEqual({
      'two-up': { sheets: 7, sides: 9, uncounted: 0 },
      duplex: { sheets: 6, sides: 9, uncounted: 0 },
      waiting: { sheets: 2, sides: 2, uncounted: 0 },
    });
    expect(f.printedToday).toBe(13);
    expect(f.recent).toEqual({ 'two-up': 7, duplex: 6, waiting: 2 });
    expect(f.analytics.usage.totalUsed).toBe(13);
    expect(f.analytics.summaryCards.find((c: { key: string }) => c.key === 'sheets').value).toBe(13);
    expect(f.a4).toMatchObject({ usedSheets: 13, remainingSheets: 987, totalSheets: 1000 });
    // What was sold is counted in printed sides, at what was charged (₹18 + ₹15), not at the rate card's ₹36.
    expect(f.earnings.topProducts).toEqual([{ sku: expect.any(String), name: 'Black & white A4', sold: 18, unit: 'sides', revenue: 33 }]);
  }

  it('the queue, dashboard, analytics, stock and earnings count the same sheets and sides', async () => {
    await expectAgreement();
  });

  it('and still do once retention has deleted the printed files', async () => {
    clock.advance(RETENTION.recycleMs + 60_000);
    await t.app.services.sweeper.sweep();
    // The hour past retention outlived the sign-in too.
    o = { ...o, auth: { authorization: `Bearer ${(await signIn(t.app, `paper-figures-${kind}@example.com`)).token}` } };
    const list: { id: string; files: { state: string }[] }[] = await get(`/api/shops/${o.shop.id}/print-jobs`);
    expect(list.find((j) => j.id === ids['two-up'])?.files).toEqual([]);
    await expectAgreement();
  });

  it('counts a job printed before its figures were kept from the files printed with it', async () => {
    await queryRows(t.deps.database.db, sql`UPDATE jobs SET printed_sheets = NULL, printed_sides = NULL WHERE id = ${ids.duplex}`);
    await expectAgreement();
  });
});
