import type { TEarnings, TEarningsOrder } from '@counterprint/contract';
import { EARNINGS_MAX_ORDERS, paiseToRupees, TOP_PRODUCTS, UNASSIGNED_SERVICE_SKU, type ZEarningsQuery } from '@counterprint/contract';
import type { z } from 'zod';
import { type AuthUser, requireShopAccess } from '../../auth/guards.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { periodOf } from '../../reports/period.js';
import { shopsOfUser } from '../shops/scope.js';
import * as repo from './repo.js';

/**
 * Earnings come from orders, recorded when a job is marked printed with an amount (issue 2).
 *
 * Refund accounting: an order counts on the day it was taken. `revenue`, `orders`, the payment mix, revenue by
 * day and top products cover orders still `paid`; a refunded order leaves all of them and is counted instead
 * in `refunds` (its amount) and `refundCount`. So revenue is money kept, and the refund card says what went back.
 */
export class EarningsService {
  constructor(private readonly d: { db: Db; clock: Clock }) {}

  async report(user: AuthUser, q: z.output<typeof ZEarningsQuery>): Promise<TEarnings> {
    const { db } = this.d;
    const shops = await shopsOfUser(db, user.id);
    if (q.shopId) await requireShopAccess(db, user, q.shopId);
    const shopIds = q.shopId ? [q.shopId] : shops.map((s) => s.id);
    const period = periodOf(q, this.d.clock.now());
    const empty: TEarnings = {
      periodLabel: period.label,
      from: period.from,
      to: period.to,
      shops,
      totals: { revenue: 0, orders: 0, averageOrderValue: 0, refunds: 0, refundCount: 0, paymentBreakdown: { cash: 0, upi: 0, card: 0 } },
      revenueByDay: period.days.map((date) => ({ date, revenue: 0 })),
      topProducts: [],
      orders: [],
      ordersTruncated: false,
    };
    if (shopIds.length === 0) return empty;
    const f: repo.OrderFilter = { shopIds, period, paymentMethod: q.paymentMethod, query: q.query };
    const [totals, byDay, top, orders] = await Promise.all([
      repo.totalsBy(db, f),
      repo.paidByDay(db, f),
      repo.topServices(db, f, TOP_PRODUCTS),
      repo.listOrders(db, f, EARNINGS_MAX_ORDERS + 1),
    ]);
    let paidPaise = 0;
    let paidCount = 0;
    let refundPaise = 0;
    const t = empty.totals;
    for (const row of totals) {
      if (row.status === 'refunded') {
        refundPaise += Number(row.paise);
        t.refundCount += Number(row.n);
        continue;
      }
      paidPaise += Number(row.paise);
      paidCount += Number(row.n);
      const method = row.payment_method as keyof typeof t.paymentBreakdown | null;
      if (method && method in t.paymentBreakdown) t.paymentBreakdown[method] = paiseToRupees(row.paise);
    }
    t.refunds = paiseToRupees(refundPaise);
    t.revenue = paiseToRupees(paidPaise);
    t.orders = paidCount;
    t.averageOrderValue = paidCount ? paiseToRupees(paidPaise / paidCount) : 0;
    const perDay = new Map(byDay.map((r) => [r.day, paiseToRupees(r.paise)]));
    return {
      ...empty,
      totals: t,
      revenueByDay: period.days.map((date) => ({ date, revenue: perDay.get(date) ?? 0 })),
      topProducts: top.map((r) => ({
        sku: r.service_id ?? UNASSIGNED_SERVICE_SKU,
        name: r.name ?? 'Unassigned',
        sold: Number(r.n),
        unit: r.unit,
        revenue: paiseToRupees(Number(r.paise)),
      })),
      orders: orders.slice(0, EARNINGS_MAX_ORDERS).map(repo.toOrder),
      ordersTruncated: orders.length > EARNINGS_MAX_ORDERS,
    };
  }

  /** The order's shop must be the user's; refunding twice is a conflict. */
  async refund(user: AuthUser, orderId: string): Promise<TEarningsOrder> {
    const { db } = this.d;
    const order = await repo.findOrder(db, orderId);
    if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND');
    await requireShopAccess(db, user, order.shop_id);
    const alreadyRefunded = () => conflict('Order is already refunded', 'ORDER_REFUNDED');
    if (order.status === 'refunded') throw alreadyRefunded();
    if (!(await repo.refund(db, orderId, this.d.clock.now()))) throw alreadyRefunded();
    return repo.toOrder((await repo.findOrder(db, orderId))!);
  }
}
