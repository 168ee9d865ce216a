import {
  ADJUSTMENT_WORDS,
  EARNINGS_PAGE_SIZE,
  type EARNINGS_SORTS,
  ORDER_CSV_COLUMNS,
  type TEarnings,
  type TEarningsOrder,
  type TOrderLine,
} from '@counterprint/contract';
import { toCsv } from '../../lib/csv';
import { formatRupees } from '../../lib/format';

export type OrderSort = (typeof EARNINGS_SORTS)[number];

export const ORDER_SORT_OPTIONS: { value: OrderSort; label: string }[] = [
  { value: 'date_desc', label: 'Newest' },
  { value: 'date_asc', label: 'Oldest' },
  { value: 'amount_desc', label: 'Amount High to Low' },
  { value: 'amount_asc', label: 'Amount Low to High' },
];

export const PAYMENT_LABEL: Record<string, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

export function sortOrders(orders: TEarningsOrder[], sort: OrderSort): TEarningsOrder[] {
  const time = (o: TEarningsOrder) => Date.parse(o.date);
  const copy = [...orders];
  switch (sort) {
    case 'date_desc':
      return copy.sort((a, b) => time(b) - time(a));
    case 'date_asc':
      return copy.sort((a, b) => time(a) - time(b));
    // Equal amounts fall back to newest first, so the order of ties does not jump between renders.
    case 'amount_desc':
      return copy.sort((a, b) => b.amount - a.amount || time(b) - time(a));
    case 'amount_asc':
      return copy.sort((a, b) => a.amount - b.amount || time(b) - time(a));
  }
}

export function orderPages(total: number): number {
  return Math.max(1, Math.ceil(total / EARNINGS_PAGE_SIZE));
}

export function orderPage(orders: TEarningsOrder[], page: number): TEarningsOrder[] {
  return orders.slice((page - 1) * EARNINGS_PAGE_SIZE, page * EARNINGS_PAGE_SIZE);
}

/** What the Order column and the refund dialog call an order: its job number when it has one. */
export const orderLabel = (o: TEarningsOrder) => (o.jobNumber === null ? o.id.slice(0, 8) : `#${o.jobNumber}`);

export function ordersCsv(orders: TEarningsOrder[]): string {
  return toCsv(
    ORDER_CSV_COLUMNS,
    orders.map((o) => [
      o.id,
      o.date,
      o.customer,
      o.amount.toFixed(2),
      o.paymentMethod ? PAYMENT_LABEL[o.paymentMethod] : '',
      o.status,
      o.shopName,
    ]),
  );
}

/** The day with the most revenue; null when nothing was earned, so the chart draws no line. */
export function bestDay(days: TEarnings['revenueByDay']): { date: string; revenue: number } | null {
  let best: { date: string; revenue: number } | null = null;
  for (const d of days) if (d.revenue > 0 && (!best || d.revenue > best.revenue)) best = d;
  return best;
}

/** The largest method's share of paid revenue, e.g. "62% UPI". */
export function paymentMix(totals: TEarnings['totals']): { lead: string; detail: string } {
  const entries = Object.entries(totals.paymentBreakdown) as [keyof typeof totals.paymentBreakdown, number][];
  const sum = entries.reduce((s, [, v]) => s + v, 0);
  if (sum <= 0) return { lead: '—', detail: 'No payments yet' };
  const top = entries.reduce((a, b) => (b[1] > a[1] ? b : a));
  return {
    lead: `${Math.round((top[1] / sum) * 100)}% ${PAYMENT_LABEL[top[0]]}`,
    detail: entries.map(([m, v]) => `${PAYMENT_LABEL[m]} ${Math.round((v / sum) * 100)}%`).join(' · '),
  };
}

/**
 * An order line as the earnings table shows it. A difference staff made at Mark Printed is named by
 * its sign (less is a discount, more a surcharge) whatever it was stored as, unless it was the
 * price of what had none; its amount carries the sign: "−₹4.00", "+₹6.00".
 */
export function orderLineText(line: TOrderLine): { label: string; detail: string | null; amount: string } {
  if (line.kind === 'adjustment') {
    const label =
      line.amount < 0
        ? ADJUSTMENT_WORDS.discount
        : line.description === ADJUSTMENT_WORDS.atCounter
          ? line.description
          : ADJUSTMENT_WORDS.surcharge;
    return { label, detail: null, amount: `${line.amount < 0 ? '−' : '+'}${formatRupees(Math.abs(line.amount), 'always')}` };
  }
  const detail = line.unitPrice === null ? null : `${line.quantity} × ${formatRupees(line.unitPrice, 'always')}`;
  return { label: line.description, detail, amount: formatRupees(line.amount, 'always') };
}
