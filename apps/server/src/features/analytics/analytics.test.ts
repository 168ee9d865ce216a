import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { ownerWithShop, type Part, pdfBytes, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';
import { platformOwner } from '../../../test/support/platform-owner.js';
import { queryRows } from '../../db/index.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;
type Paper = { sku: string };

/** 12:00 in India on 20 March 2025. */
const NOW = new Date('2025-03-20T06:30:00Z');

describe.each(DATABASE_KINDS)('analytics on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let a: Owner;
  let c: Owner;
  let boss: { authorization: string };
  const jobs: Record<string, number> = {};
  const db = () => t.deps.database.db;
  const get = async (query: string, headers: Record<string, string> = a.auth) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const inventory = (owner: Owner, method: 'POST' | 'PUT', path: string, payload: object) =>
    t.app.inject({ method, url: `/api/settings/inventory${path}?shopId=${owner.shop.id}`, headers: owner.auth, payload });

  /** Uploads at `at`; optionally switches paper, then prints (at `printAt`) or cancels. */
  async function job(key: string, owner: Owner, at: string, files: Part[], then?: { printAt?: string; paper?: string; cancel?: boolean }) {
    clock.set(new Date(at));
    const res = await upload(t.app, owner.shop.slug, [
      { name: 'name', value: key },
      { name: 'phone', value: `+91 98888 ${String(Object.keys(jobs).length).padStart(5, '0')}` },
      ...files,
    ]);
    expect(res.statusCode).toBe(201);
    const { jobId, number } = json(res);
    jobs[key] = number;
    await t.app.services.pageCounter.idle();
    if (then?.paper) await queryRows(db(), sql`UPDATE jobs SET paper_sku = ${then.paper} WHERE id = ${jobId}`);
    if (then?.printAt) {
      clock.set(new Date(then.printAt));
      const p = await t.app.inject({ method: 'POST', url: `/api/shops/print-jobs/${jobId}/mark-printed`, headers: owner.auth });
      expect(p.statusCode, p.body).toBe(200);
    }
    if (then?.cancel) await t.app.inject({ method: 'DELETE', url: `/api/shops/print-jobs/${jobId}`, headers: owner.auth });
  }
  async function visit(slug: string, src: string | undefined, at: string) {
    const res = await t.app.inject({ method: 'POST', url: `/api/public/shops/${slug}/visits`, payload: src ? { src } : {} });
    expect(res.statusCode).toBe(201);
    await queryRows(db(), sql`UPDATE shop_visits SET created_at = ${at} WHERE id = (SELECT max(id) FROM shop_visits)`);
  }
  const pdf = async (pages: number): Promise<Part> => ({ name: 'files', filename: `d${pages}.pdf`, data: await pdfBytes(pages) });
  const png: Part = { name: 'files', filename: 'p.png', data: pngBytes() };

  beforeAll(async () => {
    clock = testClock(NOW);
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'ana-a@example.com', { shopName: 'Alpha Prints' });
    c = await ownerWithShop(t.app, 'ana-c@example.com', { shopName: 'Gamma Prints' });
    boss = await platformOwner(t, 'ana-boss@example.com');
    expect((await inventory(a, 'PUT', '/A4-70GSM', { stock: 1000 })).statusCode).toBe(200);
    await inventory(a, 'POST', '', { sku: 'A3-100', name: 'A3 100 gsm', category: 'paper', sheetsPerReam: 250, stock: 100 });
    await inventory(a, 'POST', '', { sku: 'PHOTO-4X6', name: 'Photo paper', category: 'paper', sheetsPerReam: 100, stock: 5 });
    await inventory(a, 'POST', '', { sku: 'TONER', name: 'Toner', stock: 3 });
    await job('Meera', a, '2025-03-20T04:00:00Z', [await pdf(3), png], { printAt: '2025-03-20T05:00:00Z' });
    await job('Ravi', a, '2025-03-19T09:00:00Z', [await pdf(10)], { printAt: '2025-03-19T10:00:00Z' });
    // 19:00 and 20:00 UTC on the 18th are the small hours of the 19th in India.
    await job('Kiran', a, '2025-03-18T19:00:00Z', [png, png], { paper: 'A3-100', printAt: '2025-03-18T20:00:00Z' });
    await job('Old', a, '2025-03-10T08:00:00Z', [await pdf(5)], { printAt: '2025-03-10T09:00:00Z' });
    await job('Waiting', a, '2025-03-20T06:00:00Z', [png]);
    await job('Dropped', a, '2025-03-17T08:00:00Z', [png], { cancel: true });
    await job('Gamma', c, '2025-03-20T03:00:00Z', [await pdf(7)], { printAt: '2025-03-20T03:30:00Z' });
    for (const [src, at] of [
      ['qr', '2025-03-20T05:00:00Z'],
      ['qr', '2025-03-20T05:10:00Z'],
      ['qr', '2025-03-20T05:20:00Z'],
      ['home', '2025-03-20T05:30:00Z'],
      ['qr', '2025-03-19T05:00:00Z'],
      [undefined, '2025-03-19T06:00:00Z'],
      ['share', '2025-03-14T01:00:00Z'],
      ['qr', '2025-03-13T08:00:00Z'],
    ] as [string | undefined, string][]) {
      await visit(a.shop.slug, src, at);
    }
    await visit(c.shop.slug, 'qr', '2025-03-20T05:00:00Z');
    clock.set(NOW);
  });
  afterAll(async () => t?.close());

  it('computes the last 7 days of one shop by hand: cards, paper, usage, jobs and traffic', async () => {
    const r = await get('?range=7d');
    expect([r.periodLabel, r.from, r.to, r.scope]).toEqual(['Last 7 days', '2025-03-14', '2025-03-20', 'shops']);
    expect(r.shops).toEqual([{ id: a.shop.id, name: 'Alpha Prints' }]);
    // Jobs received: Meera, Ravi, Kiran, Waiting, Dropped; printed: the first three. Sheets 4 + 10 + 2.
    expect(r.summaryCards).toEqual([
      { key: 'jobs', title: 'Print jobs', value: 5, sub: '3 printed' },
      { key: 'sheets', title: 'Sheets used', value: 16, sub: '2.3 per day' },
      { key: 'visits', title: 'Page visits', value: 7, sub: '57.1% walk-in' },
      { key: 'lowStock', title: 'Low stock', value: 1, sub: 'Items below 10%' },
    ]);
    const base = { shopId: a.shop.id, lowStockThreshold: 10 };
    expect(r.paperInventory).toEqual([
      // 1000 − (4 + 10 + 5) printed = 981 left; 14 of them in the period.
      {
        ...base,
        sku: 'A4-70GSM',
        name: 'A4 paper 70 gsm',
        reams: 1.96,
        sheetsPerReam: 500,
        totalSheets: 995,
        usedSheets: 14,
        remainingSheets: 981,
        usagePct: 1.4,
        lastUsedDate: '2025-03-20',
        lowStock: false,
      },
      {
        ...base,
        sku: 'A3-100',
        name: 'A3 100 gsm',
        reams: 0.39,
        sheetsPerReam: 250,
        totalSheets: 100,
        usedSheets: 2,
        remainingSheets: 98,
        usagePct: 2,
        lastUsedDate: '2025-03-19',
        lowStock: false,
      },
      {
        ...base,
        sku: 'PHOTO-4X6',
        name: 'Photo paper',
        reams: 0.05,
        sheetsPerReam: 100,
        totalSheets: 5,
        usedSheets: 0,
        remainingSheets: 5,
        usagePct: 0,
        lastUsedDate: null,
        lowStock: true,
      },
    ]);
    expect(r.usage).toEqual({
      totalUsed: 16,
      series: [
        { date: '2025-03-14', used: 0 },
        { date: '2025-03-15', used: 0 },
        { date: '2025-03-16', used: 0 },
        { date: '2025-03-17', used: 0 },
        { date: '2025-03-18', used: 0 },
        { date: '2025-03-19', used: 12 },
        { date: '2025-03-20', used: 4 },
      ],
      avgDaily: 2.3,
      projectedMonth: 69,
    });
    expect(
      r.recentJobs.items.map((j: { customerName: string; status: string; sheets: number; paper: string }) => [
        j.customerName,
        j.status,
        j.sheets,
        j.paper,
      ]),
    ).toEqual([
      ['Waiting', 'queued', 1, 'A4 paper 70 gsm'],
      ['Meera', 'done', 4, 'A4 paper 70 gsm'],
      ['Ravi', 'done', 10, 'A4 paper 70 gsm'],
      ['Kiran', 'done', 2, 'A3 100 gsm'],
      ['Dropped', 'cancelled', 1, 'A4 paper 70 gsm'],
    ]);
    expect(r.recentJobs.items[1]).toMatchObject({ number: jobs.Meera, shopId: a.shop.id, createdAt: '2025-03-20T04:00:00.000Z' });
    expect([r.recentJobs.page, r.recentJobs.totalPages, r.recentJobs.total]).toEqual([1, 1, 5]);
    expect(r.traffic).toEqual({
      series: [
        { date: '2025-03-14', walkin: 0, online: 1 },
        { date: '2025-03-15', walkin: 0, online: 0 },
        { date: '2025-03-16', walkin: 0, online: 0 },
        { date: '2025-03-17', walkin: 0, online: 0 },
        { date: '2025-03-18', walkin: 0, online: 0 },
        { date: '2025-03-19', walkin: 1, online: 1 },
        { date: '2025-03-20', walkin: 3, online: 1 },
      ],
      total: 7,
      avg: 1,
      walkinPct: 57.1,
      onlinePct: 42.9,
    });
  });

  it('pages and searches recent jobs, widens to 30 days and custom ranges', async () => {
    const names = (r: { recentJobs: { items: { customerName: string }[] } }) => r.recentJobs.items.map((j) => j.customerName);
    const p2 = await get('?range=7d&pageSize=2&page=2');
    expect([names(p2), p2.recentJobs.page, p2.recentJobs.totalPages]).toEqual([['Ravi', 'Kiran'], 2, 3]);
    const past = await get('?range=7d&pageSize=2&page=9');
    expect([names(past), past.recentJobs.page]).toEqual([['Dropped'], 3]);
    expect(names(await get('?range=7d&query=MEERA'))).toEqual(['Meera']);
    expect(names(await get('?range=7d&query=98888%2000001'))).toEqual(['Ravi']);
    expect(names(await get('?range=7d&query=a3'))).toEqual(['Kiran']);
    expect(names(await get(`?range=7d&query=%23${jobs.Ravi}`))).toEqual(['Ravi']);
    const none = await get('?range=7d&query=nobody');
    expect([none.recentJobs.items, none.recentJobs.totalPages]).toEqual([[], 1]);
    const d30 = await get('?range=30d');
    expect([d30.usage.totalUsed, d30.usage.avgDaily, d30.usage.projectedMonth]).toEqual([21, 0.7, 21]);
    expect(d30.paperInventory[0]).toMatchObject({ usedSheets: 19, totalSheets: 1000, usagePct: 1.9 });
    expect(d30.traffic.total).toBe(8);
    const day = await get('?range=custom&from=2025-03-10&to=2025-03-10');
    expect([day.periodLabel, day.usage.series, day.summaryCards[0].value]).toEqual(['10 Mar 2025', [{ date: '2025-03-10', used: 5 }], 1]);
    const utc = await get('?range=7d&tz=UTC');
    expect(utc.usage.series.slice(-3).map((d: { used: number }) => d.used)).toEqual([2, 10, 4]);
  });

  it('restocks paper with the spec messages and records the real user, not the client userId', async () => {
    const url = (q: string) => `/api/analytics/restock?${q}`;
    const post = (q: string, owner: { authorization: string } = a.auth) => t.app.inject({ method: 'POST', url: url(q), headers: owner });
    for (const [q, message] of [
      [`shopId=${a.shop.id}&addSheets=10`, 'Please select an inventory item.'],
      [`shopId=${a.shop.id}&sku=&addSheets=10`, 'Please select an inventory item.'],
      [`shopId=${a.shop.id}&sku=PHOTO-4X6`, 'Enter a valid quantity (positive number).'],
      [`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=0`, 'Enter a valid quantity (positive number).'],
      [`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=-5`, 'Enter a valid quantity (positive number).'],
      [`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=abc`, 'Enter a valid quantity (positive number).'],
      [`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=1.5`, 'Enter a valid quantity (positive number).'],
    ]) {
      const res = await post(q!);
      expect(res.statusCode, q).toBe(400);
      expect(json(res), q).toEqual({ error: message, code: 'VALIDATION' });
    }
    expect((await post(`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=5`, c.auth)).statusCode).toBe(403);
    expect((await post(`shopId=${a.shop.id}&sku=NOPE&addSheets=5`)).statusCode).toBe(404);
    expect((await post(`shopId=${a.shop.id}&sku=TONER&addSheets=5`)).statusCode).toBe(404);
    const res = await post(`shopId=${a.shop.id}&sku=PHOTO-4X6&addSheets=195&userId=operator-placeholder`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      sku: 'PHOTO-4X6',
      remainingSheets: 200,
      totalSheets: 200,
      reams: 2,
      lowStock: false,
      shopId: a.shop.id,
    });
    const rows = await queryRows<{ email: string; sheets: number }>(
      db(),
      sql`SELECT u.email, r.sheets FROM restocks r JOIN users u ON u.id = r.user_id WHERE r.sku = 'PHOTO-4X6'`,
    );
    expect(rows).toEqual([{ email: 'ana-a@example.com', sheets: 195 }]);
    // Without shopId the user's only shop is meant.
    expect(json(await post('sku=PHOTO-4X6&addSheets=1')).remainingSheets).toBe(201);
    const after = await get('?range=7d');
    expect(after.paperInventory.find((p: Paper) => p.sku === 'PHOTO-4X6')).toMatchObject({ remainingSheets: 201, lowStock: false });
    expect(after.summaryCards.at(-1).value).toBe(0);
  });

  it('keeps shops apart: 403 for another shop, each owner sees only their own figures, 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/analytics?shopId=${a.shop.id}`, headers: c.auth })).statusCode).toBe(403);
    const own = await get('?range=7d', c.auth);
    expect([own.usage.totalUsed, own.traffic.total, own.recentJobs.total, own.shops.length]).toEqual([7, 1, 1, 1]);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/analytics?scope=platform', headers: a.auth });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: 'Platform analytics are for the platform owner', code: 'PLATFORM_FORBIDDEN' });
  });

  it('gives the platform OWNER figures over every shop', async () => {
    const p = await get('?range=7d', boss);
    expect(p.scope).toBe('platform');
    expect(p.shops.map((s: { name: string }) => s.name).sort()).toEqual(['Alpha Prints', 'Gamma Prints']);
    expect(p.summaryCards[0]).toEqual({ key: 'shops', title: 'Shops', value: 2, sub: 'on the platform' });
    expect(p.usage.totalUsed).toBe(16 + 7);
    expect(p.recentJobs.total).toBe(6);
    expect(p.traffic.total).toBe(8);
    expect(p.paperInventory.map((x: Paper & { shopId: string }) => `${x.shopId === c.shop.id ? 'C' : 'A'}:${x.sku}`).sort()).toEqual([
      'A:A3-100',
      'A:A4-70GSM',
      'A:PHOTO-4X6',
      'C:A4-70GSM',
    ]);
    const one = await get(`?range=7d&scope=platform&shopId=${c.shop.id}`, boss);
    expect([one.usage.totalUsed, one.summaryCards[0].value]).toEqual([7, 1]);
  });

  it.each([
    ['?range=1y', 'range must be 7d, 30d, 90d or custom'],
    ['?range=custom&to=2025-03-01', 'from and to are required for a custom range'],
    ['?page=0', 'page must be 1 or more'],
    ['?pageSize=500', 'pageSize must be at most 50'],
    ['?scope=galaxy', 'scope must be shops or platform'],
  ])('refuses %s: %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers: a.auth });
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(message);
  });
});
