import type { TEarningsOrder } from '@counterprint/contract';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { RangeFilter } from '../../api/analytics';
import { serverMessageOr } from '../../api/client';
import { type EarningsFilters, type PaymentFilter, useEarnings, useRefundOrder } from '../../api/earnings';
import { FEEDBACK_FEATURES } from '../../api/feedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NoData, Panel, ReportBody, ReportHeader, SearchInput, Select, useDebounced } from '../../components/controls';
import { FeedbackPrompt } from '../../components/FeedbackPrompt';
import { customRangeProblem, RangeControls } from '../../components/RangeControls';
import { useToast } from '../../components/Toast';
import { formatRupees } from '../../lib/format';
import { shopOptions, useShopFilter } from '../../session/useShopFilter';
import { EarningsCards } from './EarningsCards';
import { OrdersTable } from './OrdersTable';
import { orderLabel } from './orders';
import { TopProducts } from './TopProducts';

const PAYMENT_OPTIONS: { value: PaymentFilter; label: string }[] = [
  { value: '', label: 'All payments' },
  { value: 'cash', label: 'Cash' },
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card' },
];

export const LOAD_FAILED = 'Could not load earnings';

// recharts is most of this screen's weight; the cards and orders paint while it loads.
const RevenueChart = lazy(() => import('./RevenueChart').then((m) => ({ default: m.RevenueChart })));
const chartFallback = <NoData text="Loading…" />;

function Earnings() {
  const [range, setRange] = useState<RangeFilter>({ range: '30d', from: '', to: '' });
  const [shopId, setShopId] = useShopFilter();
  const [paymentMethod, setPaymentMethod] = useState<PaymentFilter>('');
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<TEarningsOrder | null>(null);
  const closeRefund = useCallback(() => setRefunding(null), []);
  const toast = useToast();

  const filters: EarningsFilters = { ...range, shopId, paymentMethod, query: query.trim() };
  const rangeProblem = customRangeProblem(range);
  // docs/product/screens.md#earnings: a filter change refetches and starts again on page 1.
  const [lastKey, setLastKey] = useState('');
  const key = JSON.stringify(filters);
  if (key !== lastKey) {
    setLastKey(key);
    setPage(1);
  }

  const report = useEarnings(filters, { enabled: !rangeProblem, keepPrevious: true });
  const refund = useRefundOrder({
    onSuccess: (order) => {
      toast(`Order ${orderLabel(order)} refunded`, 'success');
    },
    onError: (error) => toast(serverMessageOr(error, 'Refund failed'), 'error'),
  });

  const data = report.data;
  return (
    <div className="mx-auto max-w-7xl">
      <ReportHeader
        title="Earnings"
        period={data?.periodLabel ?? 'Orders recorded when a job is marked printed.'}
        updating={report.isFetching && !!data}
      />

      <div className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-[10rem_12rem_10rem_minmax(0,1fr)]">
        <RangeControls value={range} onChange={setRange} />
        <Select label="Shop" value={shopId} options={shopOptions(data?.shops)} onChange={setShopId} />
        <Select label="Payment method" value={paymentMethod} options={PAYMENT_OPTIONS} onChange={setPaymentMethod} />
        <SearchInput label="Search orders or customers" value={search} onChange={setSearch} />
      </div>
      <ReportBody rangeProblem={rangeProblem} report={report} failedTitle={LOAD_FAILED}>
        <EarningsCards totals={data?.totals} />
        <div className="grid gap-4 lg:grid-cols-3">
          <Panel title="Revenue over time" className="lg:col-span-2">
            <Suspense fallback={chartFallback}>{data ? <RevenueChart days={data.revenueByDay} /> : chartFallback}</Suspense>
          </Panel>
          <Panel title="Top Products">{data && <TopProducts products={data.topProducts} />}</Panel>
        </div>
        <OrdersTable
          orders={data?.orders ?? []}
          page={page}
          onPage={setPage}
          onRefund={setRefunding}
          truncated={data?.ordersTruncated ?? false}
          loading={!data}
        />
      </ReportBody>

      <ConfirmDialog
        open={refunding !== null}
        title="Refund order"
        keepLabel="Cancel"
        confirmLabel="Refund"
        onKeep={closeRefund}
        onConfirm={() => {
          if (refunding) refund.mutate(refunding);
          setRefunding(null);
        }}
      >
        {refunding && (
          <p>
            Refund order {orderLabel(refunding)} from {refunding.customer} for {formatRupees(refunding.amount)}? It leaves revenue and is
            counted under refunds.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** /revenue (docs/product/screens.md#earnings). */
export default function EarningsPage() {
  return (
    <FeedbackPrompt feature={FEEDBACK_FEATURES.earnings}>
      <Earnings />
    </FeedbackPrompt>
  );
}
