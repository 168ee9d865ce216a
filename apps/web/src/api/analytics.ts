import { ANALYTICS_PAGE_SIZE, type REPORT_RANGES, type TAnalytics, type TPaperInventoryItem } from '@counterprint/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export type ReportRange = (typeof REPORT_RANGES)[number];

/** The range part both reports share; `from`/`to` (YYYY-MM-DD) count only for 'custom'. */
export interface RangeFilter {
  range: ReportRange;
  from: string;
  to: string;
}

export interface AnalyticsFilters extends RangeFilter {
  /** '' = all shops in scope */
  shopId: string;
  query: string;
  page: number;
  /** An OWNER's platform-wide view (docs/product/departures.md#owner-analytics-and-settings). */
  platform: boolean;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (f: AnalyticsFilters) => ['analytics', f] as const,
};

export function analyticsParams(f: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams({ range: f.range, page: String(f.page), pageSize: String(ANALYTICS_PAGE_SIZE) });
  if (f.range === 'custom') {
    params.set('from', f.from);
    params.set('to', f.to);
  }
  if (f.shopId) params.set('shopId', f.shopId);
  if (f.query.trim()) params.set('query', f.query.trim());
  if (f.platform) params.set('scope', 'platform');
  return params;
}

// docs/product/rules.md#constants: the analytics client waits 9 s, one more than the shared client.
const ANALYTICS_TIMEOUT_MS = 9_000;

export function fetchAnalytics(f: AnalyticsFilters): Promise<TAnalytics> {
  return apiGet<TAnalytics>(`/analytics?${analyticsParams(f)}`, { timeoutMs: ANALYTICS_TIMEOUT_MS });
}

/** docs/product/routes.md#reports: everything in the query and no body; the server records the real user. */
export function restockItem(shopId: string, sku: string, addSheets: number): Promise<TPaperInventoryItem> {
  const params = new URLSearchParams({ shopId, sku, addSheets: String(addSheets) });
  return apiPost<TPaperInventoryItem>(`/analytics/restock?${params}`, undefined, { timeoutMs: ANALYTICS_TIMEOUT_MS });
}

/** One analytics report; the previous one stays on screen while the next loads. */
export function useAnalytics(f: AnalyticsFilters, { enabled = true } = {}) {
  return useQuery({ queryKey: analyticsKeys.report(f), queryFn: () => fetchAnalytics(f), enabled, placeholderData: keepPreviousData });
}
