import { z } from 'zod';
import { checkCustomRange, ZReportRangeFields, ZShopOption } from './analytics.js';
import { PAYMENT_METHODS } from './jobs.js';
import { ZOrderLine } from './print-order.js';
import { ZOptionalShopId } from './settings.js';

/** docs/product/screens.md#earnings, docs/product/rules.md#constants. */
export const ORDER_STATUSES = ['paid', 'refunded'] as const;
export const EARNINGS_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'] as const;
export const EARNINGS_PAGE_SIZE = 8;
export const ORDER_CSV_COLUMNS = ['Order ID', 'Date', 'Customer', 'Amount', 'Payment', 'Status', 'Shop'] as const;
/** The answer lists at most this many orders, newest first; the totals always cover every order. */
export const EARNINGS_MAX_ORDERS = 2000;
export const TOP_PRODUCTS = 10;
/** Orders sold without a rate-card service group under this sku in top products. */
export const UNASSIGNED_SERVICE_SKU = 'unassigned';

export const ZEarningsQuery = z
  .object({
    ...ZReportRangeFields,
    shopId: ZOptionalShopId,
    /** '' and 'all' mean every method (the spec's 'All payments'). */
    paymentMethod: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(PAYMENT_METHODS, { error: 'paymentMethod must be all, cash, upi or card' }).optional(),
    ),
    query: z.string().trim().max(100, 'query must be at most 100 characters').optional(),
  })
  .superRefine(checkCustomRange);
export type TEarningsQuery = z.input<typeof ZEarningsQuery>;

export const ZEarningsOrder = z.object({
  id: z.string(),
  /** when the order was taken (the job was marked printed), ISO */
  date: z.string(),
  customer: z.string(),
  /** rupees */
  amount: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  status: z.enum(ORDER_STATUSES),
  shopId: z.string(),
  shopName: z.string(),
  jobNumber: z.number().nullable(),
  serviceName: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** What was sold (issue 19): print and add-on lines from the estimate, and any discount or surcharge staff made. */
  lines: z.array(ZOrderLine),
});
export type TEarningsOrder = z.infer<typeof ZEarningsOrder>;

export const ZEarnings = z.object({
  periodLabel: z.string(),
  from: z.string(),
  to: z.string(),
  shops: z.array(ZShopOption),
  /**
   * revenue: paid orders only (a refunded order leaves revenue); orders: how many paid orders;
   * refunds / refundCount: the refunded orders. All by the day the order was taken, in rupees.
   */
  totals: z.object({
    revenue: z.number(),
    orders: z.number().int(),
    averageOrderValue: z.number(),
    refunds: z.number(),
    refundCount: z.number().int(),
    /** paid revenue by method; an order recorded without a method is in revenue but in no method */
    paymentBreakdown: z.object({ cash: z.number(), upi: z.number(), card: z.number() }),
  }),
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number() })),
  /**
   * Services by what was charged for them (an order's discount or surcharge shared among its lines); `sold`
   * counts `unit`: printed sides for a print service, items for an add-on, orders for a service named for a whole job.
   * A service sold in two units is listed once for each.
   */
  topProducts: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      sold: z.number().int(),
      unit: z.enum(['sides', 'items', 'orders']),
      revenue: z.number(),
    }),
  ),
  orders: z.array(ZEarningsOrder),
  /** true when more orders matched than `orders` lists */
  ordersTruncated: z.boolean(),
});
export type TEarnings = z.infer<typeof ZEarnings>;

export const ZOrderParams = z.object({ id: z.uuid({ error: 'id must be an order id' }) });
