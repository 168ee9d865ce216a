import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isIntlTimeZone } from './hours.js';
import { ZJobStatus } from './jobs.js';
import { ZOptionalShopId } from './settings.js';

/** Report ranges (docs/product/rules.md#constants); a custom range names its first and last day. */
export const REPORT_RANGES = ['7d', '30d', '90d', 'custom'] as const;
export const REPORT_RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export const MAX_CUSTOM_RANGE_DAYS = 366;
export const ANALYTICS_PAGE_SIZE = 8;
/** An item is low when at most 10% of its total remains (docs/product/rules.md#paper-and-inventory). */
export const LOW_STOCK_FRACTION = 0.1;
export const ANALYTICS_MESSAGES = {
  selectItem: 'Please select an inventory item.',
  validQuantity: 'Enter a valid quantity (positive number).',
  itemNotFound: 'Inventory item not found',
  platformOnly: 'Platform analytics are for the platform owner',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const dateField = (field: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().refine(isDate, `${field} must be a date like 2025-01-31`).optional());
/** Days are calendar days in DEFAULT_TIME_ZONE unless the client sends `tz` (the shops are in India). */
const isTimeZone = isIntlTimeZone;

export const ZReportRangeFields = {
  range: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(REPORT_RANGES, { error: 'range must be 7d, 30d, 90d or custom' }).default('30d'),
  ),
  from: dateField('from'),
  to: dateField('to'),
  tz: z.string().max(64).refine(isTimeZone, 'tz must be a time zone like Asia/Kolkata').default(DEFAULT_TIME_ZONE),
};
type RangeFields = { range: (typeof REPORT_RANGES)[number]; from?: string | undefined; to?: string | undefined };
export function checkCustomRange(q: RangeFields, ctx: z.RefinementCtx): void {
  if (q.range !== 'custom') return;
  if (!q.from || !q.to) {
    ctx.addIssue({ code: 'custom', message: 'from and to are required for a custom range', path: [q.from ? 'to' : 'from'] });
    return;
  }
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', message: 'from must be on or before to', path: ['from'] });
  else if (days > MAX_CUSTOM_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', message: `A custom range can span at most ${MAX_CUSTOM_RANGE_DAYS} days`, path: ['to'] });
}

export const ZAnalyticsQuery = z
  .object({
    ...ZReportRangeFields,
    shopId: ZOptionalShopId,
    query: z.string().trim().max(100, 'query must be at most 100 characters').optional(),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be 1 or more').default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int()
      .min(1)
      .max(50, 'pageSize must be at most 50')
      .default(ANALYTICS_PAGE_SIZE),
    /** An OWNER's platform-wide view over every shop (docs/product/departures.md#owner-analytics-and-settings). */
    scope: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['shops', 'platform'], { error: 'scope must be shops or platform' }).optional(),
    ),
  })
  .superRefine(checkCustomRange);
export type TAnalyticsQuery = z.input<typeof ZAnalyticsQuery>;

export const ZSummaryCard = z.object({ key: z.string(), title: z.string(), value: z.number(), sub: z.string() });

export const ZPaperInventoryItem = z.object({
  sku: z.string(),
  name: z.string(),
  /** remaining stock in reams, 2 decimals */
  reams: z.number(),
  sheetsPerReam: z.number().int(),
  /** remaining + used in the period: what the period started with plus restocks */
  totalSheets: z.number().int(),
  /** printed in the period */
  usedSheets: z.number().int(),
  /** current stock */
  remainingSheets: z.number().int(),
  /** used / total, percent with 1 decimal */
  usagePct: z.number(),
  /** the last day a printed job used this paper, YYYY-MM-DD */
  lastUsedDate: z.string().nullable(),
  lowStock: z.boolean(),
  lowStockThreshold: z.number().int(),
  shopId: z.string(),
});
export type TPaperInventoryItem = z.infer<typeof ZPaperInventoryItem>;

export const ZRecentJob = z.object({
  id: z.string(),
  number: z.number(),
  shopId: z.string(),
  customerName: z.string().nullable(),
  createdAt: z.string(),
  status: ZJobStatus,
  sheets: z.number().int(),
  paper: z.string().nullable(),
});

export const ZShopOption = z.object({ id: z.string(), name: z.string() });

export const ZAnalytics = z.object({
  periodLabel: z.string(),
  from: z.string(),
  to: z.string(),
  scope: z.enum(['shops', 'platform']),
  summaryCards: z.array(ZSummaryCard),
  paperInventory: z.array(ZPaperInventoryItem),
  usage: z.object({
    totalUsed: z.number().int(),
    series: z.array(z.object({ date: z.string(), used: z.number().int() })),
    /** totalUsed / days in the range, 1 decimal */
    avgDaily: z.number(),
    /** avgDaily × 30, rounded */
    projectedMonth: z.number().int(),
  }),
  recentJobs: z.object({ items: z.array(ZRecentJob), page: z.number().int(), totalPages: z.number().int(), total: z.number().int() }),
  traffic: z.object({
    series: z.array(z.object({ date: z.string(), walkin: z.number().int(), online: z.number().int() })),
    total: z.number().int(),
    /** visits per day, 1 decimal */
    avg: z.number(),
    walkinPct: z.number(),
    onlinePct: z.number(),
  }),
  shops: z.array(ZShopOption),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

/** POST /api/analytics/restock: all in the query, as the spec's client sends it; `userId` is ignored. */
export const ZRestockQuery = z
  .object({
    ...ZReportRangeFields,
    shopId: ZOptionalShopId,
    sku: z.string({ error: ANALYTICS_MESSAGES.selectItem }).trim().min(1, ANALYTICS_MESSAGES.selectItem).max(64),
    addSheets: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: ANALYTICS_MESSAGES.validQuantity })
        .int(ANALYTICS_MESSAGES.validQuantity)
        .min(1, ANALYTICS_MESSAGES.validQuantity)
        .max(10_000_000, ANALYTICS_MESSAGES.validQuantity),
    ),
    userId: z.string().max(200).optional(),
  })
  .superRefine(checkCustomRange);
