import type { TEarnings } from '@counterprint/contract';
import { StatCard } from '../../components/controls';
import { formatRupees } from '../../lib/format';
import { paymentMix } from './orders';

/** The four cards of docs/product/screens.md#earnings. */
export function EarningsCards({ totals }: { totals: TEarnings['totals'] | undefined }) {
  const mix = totals ? paymentMix(totals) : null;
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard
        title="Total Revenue"
        loading={!totals}
        value={totals ? formatRupees(totals.revenue) : ''}
        sub="Paid orders in the period"
      />
      <StatCard
        title="Total Orders"
        loading={!totals}
        value={totals ? String(totals.orders) : ''}
        sub={totals ? `Avg order ${formatRupees(totals.averageOrderValue)}` : ''}
      />
      <StatCard
        title="Refunds"
        loading={!totals}
        value={totals ? formatRupees(totals.refunds) : ''}
        sub={totals ? n(totals.refundCount, 'refund', 'refunds') : ''}
      />
      <StatCard title="Payment Mix" loading={!totals} value={mix?.lead ?? ''} sub={mix?.detail} />
    </ul>
  );
}
