import { DEFAULT_ONBOARDING_PRICES } from '@counterprint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { createShop, ownerWithShop, pngBytes, upload } from '../../../test/support/fixtures.js';
import { createTestApp, json, signUpAndIn, type TestApp, type TestClock, testClock } from '../../../test/support/harness.js';

type Owner = Awaited<ReturnType<typeof ownerWithShop>>;
type Order = { id: string; amount: number; status: string; customer: string; shopName: string; paymentMethod: string | null; date: string };

/** 12:00 in India on 20 March 2025: the "today" of every report below. */
const NOW = new Date('2025-03-20T06:30:00Z');

describe.each(DATABASE_KINDS)('earnings on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let a: Owner;
  let c: Owner;
  let shopB: string;
  let bw: string;
  let colour: string;
  const ids: Record<string, string> = {};
  const get = async (query: string, owner = a) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/earnings${query}`, headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };

  /** One upload marked printed at `at` with an amount: exactly one order. */
  async function sell(key: string, slug: string, at: string, print: Record<string, unknown> | null, owner: Owner, name = 'Walk-in') {
    clock.set(new Date(at));
    const up = await upload(t.app, slug, [
      { name: 'name', value: name },
      { name: 'files', filename: 'p.png', data: pngBytes() },
    ]);
    expect(up.statusCode).toBe(201);
    const jobId = json(up).jobId;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shops/print-jobs/${jobId}/mark-printed`,
      headers: owner.auth,
      ...(print ? { payload: print } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    ids[key] = jobId;
  }

  beforeAll(async () => {
    clock = testClock(NOW);
    t = await createTestApp({ kind, clock, env: { RATE_LIMIT: 'off' } });
    a = await ownerWithShop(t.app, 'earn-a@example.com', { shopName: 'Alpha Prints' });
    c = await ownerWithShop(t.app, 'earn-c@example.com', { shopName: 'Gamma Prints' });
    const second = await createShop(
      t.app,
      a.auth,
      JSON.stringify({ shopName: 'Alpha Annexe', category: 'Other', address: 'Lane 2', prices: DEFAULT_ONBOARDING_PRICES }),
    );
    shopB = json(second).id;
    const card = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/ratecard?shopId=${a.shop.id}`,
      headers: a.auth,
      payload: [
        { serviceName: 'B&W A4', basePrice: 2, unit: 'per_page' },
        { serviceName: 'Colour A4', basePrice: 10, unit: 'per_page' },
      ],
    });
    [bw, colour] = json(card).map((s: { id: string }) => s.id);
    const A = a.shop.slug;
    await sell('o1', A, '2025-03-20T04:00:00Z', { amount: 100, paymentMethod: 'cash', serviceId: bw }, a);
    await sell('o2', A, '2025-03-19T10:00:00Z', { amount: 250.5, paymentMethod: 'upi', serviceId: colour }, a, 'Meera Iyer');
    // 20:00 UTC on the 18th is 01:30 on the 19th in India.
    await sell('o3', A, '2025-03-18T20:00:00Z', { amount: 49.5, paymentMethod: 'card', serviceId: bw }, a);
    await sell('o4', A, '2025-03-15T08:00:00Z', { amount: 300, paymentMethod: 'upi', serviceId: colour }, a);
    await sell('o5', A, '2025-03-10T08:00:00Z', { amount: 80, paymentMethod: 'cash' }, a);
    await sell('o6', A, '2025-02-01T08:00:00Z', { amount: 999, paymentMethod: 'cash', serviceId: bw }, a);
    await sell('none', A, '2025-03-20T04:30:00Z', null, a);
    await sell('o8', A, '2025-03-20T05:00:00Z', { amount: 20, serviceId: colour }, a);
    await sell('o9', 'alpha-annexe', '2025-03-20T05:30:00Z', { amount: 60, paymentMethod: 'card' }, a);
    await sell('c1', c.shop.slug, '2025-03-20T05:45:00Z', { amount: 5000, paymentMethod: 'cash' }, c);
    clock.set(NOW);
    const before = await get('?range=90d');
    const refundOf = before.orders.find((o: Order) => o.amount === 300);
    const refunded = await t.app.inject({ method: 'POST', url: `/api/earnings/orders/${refundOf.id}/refund`, headers: a.auth });
    expect(refunded.statusCode, refunded.body).toBe(200);
    ids.refund = refundOf.id;
  });
  afterAll(async () => t?.close());

  it('reports the last 7 days over all the shops of the user, by hand', async () => {
    const e = await get('?range=7d');
    expect(e.periodLabel).toBe('Last 7 days');
    expect([e.from, e.to]).toEqual(['2025-03-14', '2025-03-20']);
    expect(e.shops).toEqual([
      { id: a.shop.id, name: 'Alpha Prints' },
      { id: shopB, name: 'Alpha Annexe' },
    ]);
    // paid: 100 + 250.50 + 49.50 + 20 + 60; refunded: the 300 UPI order of the 15th.
    expect(e.totals).toEqual({
      revenue: 480,
      orders: 5,
      averageOrderValue: 96,
      refunds: 300,
      refundCount: 1,
      paymentBreakdown: { cash: 100, upi: 250.5, card: 109.5 },
    });
    expect(e.revenueByDay).toEqual([
      { date: '2025-03-14', revenue: 0 },
      { date: '2025-03-15', revenue: 0 },
      { date: '2025-03-16', revenue: 0 },
      { date: '2025-03-17', revenue: 0 },
      { date: '2025-03-18', revenue: 0 },
      { date: '2025-03-19', revenue: 300 },
      { date: '2025-03-20', revenue: 180 },
    ]);
    expect(e.topProducts).toEqual([
      { sku: colour, name: 'Colour A4', sold: 2, unit: 'orders', revenue: 270.5 },
      { sku: bw, name: 'B&W A4', sold: 2, unit: 'orders', revenue: 149.5 },
      // o9: the annexe's default rate card prices the photo (B&W A4, ₹2, one printed side); the ₹58 surcharge
      // is charged on that line, so the service earned the ₹60 taken.
      { sku: expect.any(String), name: 'Black & white A4', sold: 1, unit: 'sides', revenue: 60 },
    ]);
    expect(e.orders.map((o: Order) => [o.amount, o.status, o.paymentMethod, o.shopName])).toEqual([
      [60, 'paid', 'card', 'Alpha Annexe'],
      [20, 'paid', null, 'Alpha Prints'],
      [100, 'paid', 'cash', 'Alpha Prints'],
      [250.5, 'paid', 'upi', 'Alpha Prints'],
      [49.5, 'paid', 'card', 'Alpha Prints'],
      [300, 'refunded', 'upi', 'Alpha Prints'],
    ]);
    expect(e.orders[3]).toMatchObject({
      customer: 'Meera Iyer',
      date: '2025-03-19T10:00:00.000Z',
      serviceName: 'Colour A4',
      shopId: a.shop.id,
    });
    expect(e.orders[5].refundedAt).toBe(NOW.toISOString());
    expect(e.ordersTruncated).toBe(false);
  });

  it('widens to 30 and 90 days, narrows to a custom day, a shop, a method, a search and a time zone', async () => {
    const d30 = await get('?range=30d');
    expect([d30.from, d30.totals.revenue, d30.totals.orders, d30.totals.paymentBreakdown.cash]).toEqual(['2025-02-19', 560, 6, 180]);
    // o5 was sold without a service, and this rate card prices no print (its services name no paper): priced at the counter.
    expect(d30.topProducts.find((p: { sku: string }) => p.sku === bw)).toEqual({
      sku: bw,
      name: 'B&W A4',
      sold: 2,
      unit: 'orders',
      revenue: 149.5,
    });
    expect(d30.topProducts.find((p: { sku: string }) => p.sku === 'unassigned')).toEqual({
      sku: 'unassigned',
      name: 'Unassigned',
      sold: 1,
      unit: 'orders',
      revenue: 80,
    });
    expect(d30.revenueByDay).toHaveLength(30);
    const d90 = await get('?range=90d');
    expect([d90.from, d90.totals.revenue, d90.revenueByDay.length]).toEqual(['2024-12-21', 1559, 90]);
    const day = await get('?range=custom&from=2025-03-19&to=2025-03-19');
    expect(day.periodLabel).toBe('19 Mar 2025');
    expect(day.totals.revenue).toBe(300);
    expect(day.revenueByDay).toEqual([{ date: '2025-03-19', revenue: 300 }]);
    const span = await get('?range=custom&from=2025-03-01&to=2025-03-15');
    expect(span.periodLabel).toBe('1 Mar 2025 – 15 Mar 2025');
    expect([span.totals.revenue, span.totals.refunds]).toEqual([80, 300]);
    const annexe = await get(`?range=7d&shopId=${shopB}`);
    expect([annexe.totals.revenue, annexe.orders.length, annexe.shops.length]).toEqual([60, 1, 2]);
    const upi = await get('?range=7d&paymentMethod=upi');
    expect(upi.totals).toMatchObject({ revenue: 250.5, orders: 1, refunds: 300, paymentBreakdown: { cash: 0, upi: 250.5, card: 0 } });
    expect((await get('?range=7d&paymentMethod=all')).totals.revenue).toBe(480);
    const meera = await get('?range=7d&query=MEERA');
    expect(meera.orders.map((o: Order) => o.customer)).toEqual(['Meera Iyer']);
    expect(meera.totals.revenue).toBe(250.5);
    const utc = await get('?range=7d&tz=UTC');
    expect(utc.revenueByDay.slice(-3)).toEqual([
      { date: '2025-03-18', revenue: 49.5 },
      { date: '2025-03-19', revenue: 250.5 },
      { date: '2025-03-20', revenue: 180 },
    ]);
  });

  it('never shows another owner their neighbour: 403 for the shop, and their own figures only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/earnings?shopId=${a.shop.id}`, headers: c.auth });
    expect(res.statusCode).toBe(403);
    const own = await get('?range=7d', c);
    expect(own.totals.revenue).toBe(5000);
    expect(own.shops).toEqual([{ id: c.shop.id, name: 'Gamma Prints' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/earnings' })).statusCode).toBe(401);
  });

  it.each([
    ['?range=365d', 'range must be 7d, 30d, 90d or custom'],
    ['?range=custom&from=2025-03-01', 'from and to are required for a custom range'],
    ['?range=custom&from=2025-03-10&to=2025-03-01', 'from must be on or before to'],
    ['?range=custom&from=2023-01-01&to=2025-01-01', 'A custom range can span at most 366 days'],
    ['?range=custom&from=2025-02-30&to=2025-03-01', 'from must be a date like 2025-01-31'],
    ['?paymentMethod=cheque', 'paymentMethod must be all, cash, upi or card'],
    ['?tz=Mars/Olympus', 'tz must be a time zone like Asia/Kolkata'],
    ['?shopId=42', 'shopId must be a shop id'],
  ])('refuses %s: %s', async (query, message) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/earnings${query}`, headers: a.auth });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('refunds once (409 after), only for the shop owner (403), 404 for an unknown order', async () => {
    const again = await t.app.inject({ method: 'POST', url: `/api/earnings/orders/${ids.refund}/refund`, headers: a.auth });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ error: 'Order is already refunded', code: 'ORDER_REFUNDED' });
    const e = await get('?range=7d');
    const target = e.orders.find((o: Order) => o.amount === 100);
    const other = await t.app.inject({ method: 'POST', url: `/api/earnings/orders/${target.id}/refund`, headers: c.auth });
    expect(other.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/earnings/orders/00000000-0000-4000-8000-000000000000/refund',
      headers: a.auth,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/earnings/orders/42/refund', headers: a.auth });
    expect(json(bad).error).toBe('id must be an order id');
    const res = await t.app.inject({ method: 'POST', url: `/api/earnings/orders/${target.id}/refund`, headers: a.auth });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: target.id, status: 'refunded', amount: 100, refundedAt: NOW.toISOString() });
    const after = await get('?range=7d');
    expect(after.totals).toMatchObject({
      revenue: 380,
      orders: 4,
      refunds: 400,
      refundCount: 2,
      paymentBreakdown: { cash: 0, upi: 250.5, card: 109.5 },
    });
    expect(after.revenueByDay.at(-1)).toEqual({ date: '2025-03-20', revenue: 80 });
  });

  it('answers zeros over every day for a user with no shop', async () => {
    const { token } = await signUpAndIn(t.app, 'earn-none@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/earnings?range=7d', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const e = json(res);
    expect(e.shops).toEqual([]);
    expect(e.totals.revenue).toBe(0);
    expect(e.revenueByDay).toHaveLength(7);
    expect(e.orders).toEqual([]);
  });
});
