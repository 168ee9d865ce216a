import type { TEarnings, TEarningsOrder } from '@counterprint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RangeFilter } from './analytics';
import { apiGet, apiPost } from './client';
import type { MutationUi } from './mutationUi';

export type PaymentFilter = '' | 'cash' | 'upi' | 'card';

export interface EarningsFilters extends RangeFilter {
  /** '' = all the user's shops */
  shopId: string;
  paymentMethod: PaymentFilter;
  query: string;
}

export const earningsKeys = {
  all: ['earnings'] as const,
  report: (f: EarningsFilters) => ['earnings', f] as const,
};

export function earningsParams(f: EarningsFilters): URLSearchParams {
  const params = new URLSearchParams({ range: f.range });
  if (f.range === 'custom') {
    params.set('from', f.from);
    params.set('to', f.to);
  }
  if (f.shopId) params.set('shopId', f.shopId);
  if (f.paymentMethod) params.set('paymentMethod', f.paymentMethod);
  if (f.query.trim()) params.set('query', f.query.trim());
  return params;
}

export function fetchEarnings(f: EarningsFilters): Promise<TEarnings> {
  return apiGet<TEarnings>(`/earnings?${earningsParams(f)}`);
}

export function refundOrder(id: string): Promise<TEarningsOrder> {
  return apiPost<TEarningsOrder>(`/earnings/orders/${encodeURIComponent(id)}/refund`);
}

/** One earnings report; shared by the Earnings screen and the shop dashboard's revenue card. */
export function useEarnings(f: EarningsFilters, { enabled = true, keepPrevious = false } = {}) {
  return useQuery({
    queryKey: earningsKeys.report(f),
    queryFn: () => fetchEarnings(f),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** A refund changes every report that counted the order: they all reload. */
export function useRefundOrder(ui: MutationUi<TEarningsOrder, TEarningsOrder>) {
  const client = useQueryClient();
  return useMutation({
    ...ui,
    mutationFn: (order: TEarningsOrder) => refundOrder(order.id),
    onSuccess: (...args) => {
      void client.invalidateQueries({ queryKey: earningsKeys.all });
      return ui.onSuccess?.(...args);
    },
  });
}
