import type { TEarningsOrder } from '@counterprint/contract';
import { Fragment, useState } from 'react';
import { Button } from '../../components/Button';
import { Select } from '../../components/controls';
import { Icon } from '../../components/Icon';
import { Pager } from '../../components/Pager';
import { TableCard } from '../../components/TableCard';
import { datedFilename, downloadCsv } from '../../lib/csv';
import { formatRupees } from '../../lib/format';
import { OrderLines } from './OrderLines';
import { ORDER_SORT_OPTIONS, type OrderSort, orderLabel, orderPage, orderPages, ordersCsv, PAYMENT_LABEL, sortOrders } from './orders';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The Order cell: the order's label, and a toggle for its lines when it has any. */
function OrderCell({ order, open, onToggle }: { order: TEarningsOrder; open: boolean; onToggle: () => void }) {
  if (order.lines.length === 0) return <>{orderLabel(order)}</>;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={`order-lines-${order.id}`}
      aria-label={`Lines of order ${orderLabel(order)}`}
      className="-mx-1 inline-flex items-center gap-1 rounded-md px-1 py-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <Icon name="chevronRight" className={`h-3.5 w-3.5 text-slate-500 transition ${open ? 'rotate-90' : ''}`} />
      {orderLabel(order)}
    </button>
  );
}

function StatusBadge({ status }: { status: string }) {
  const paid = status === 'paid';
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${paid ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200'}`}
    >
      {status}
    </span>
  );
}

interface OrdersTableProps {
  orders: TEarningsOrder[];
  page: number;
  onPage: (page: number) => void;
  onRefund: (order: TEarningsOrder) => void;
  truncated: boolean;
  /** No answer yet: say so rather than 'No orders found.' */
  loading: boolean;
}

/** Recent Orders (docs/product/screens.md#earnings): sorted and paged here, 8 a page; export takes every order shown. */
export function OrdersTable({ orders, page, onPage, onRefund, truncated, loading }: OrdersTableProps) {
  const [sort, setSort] = useState<OrderSort>('date_desc');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const sorted = sortOrders(orders, sort);
  const pages = orderPages(sorted.length);
  const current = Math.min(page, pages);
  return (
    <TableCard
      header={
        <div className="flex flex-wrap items-center justify-between gap-2 p-4 sm:p-5">
          <h2 className="font-semibold text-slate-900">Recent Orders</h2>
          <div className="flex w-full gap-2 sm:w-auto">
            <Select
              label="Sort orders"
              value={sort}
              options={ORDER_SORT_OPTIONS}
              className="flex-1 sm:w-52"
              onChange={(v) => {
                setSort(v);
                onPage(1);
              }}
            />
            <Button
              variant="secondary"
              disabled={sorted.length === 0}
              onClick={() => downloadCsv(datedFilename('orders'), ordersCsv(sorted))}
            >
              Export CSV
            </Button>
          </div>
        </div>
      }
      empty={sorted.length === 0 && (loading ? 'Loading…' : 'No orders found.')}
      label="Orders"
      minWidth="min-w-[44rem]"
      columns={['Order', 'Date', 'Customer', 'Amount', 'Payment', 'Shop', 'Status']}
      numeric="Amount"
      extraHead={
        <th scope="col" className="px-4 py-2.5">
          {/* sr-only is absolutely placed; the scroller is `relative` so this cannot widen the page. */}
          <span className="sr-only">Actions</span>
        </th>
      }
      footer={
        <>
          {truncated && (
            <p className="mb-3 text-xs text-slate-500">Only the newest orders are listed; narrow the range to see older ones.</p>
          )}
          <Pager page={current} totalPages={pages} onPage={onPage} />
        </>
      }
    >
      {orderPage(sorted, current).map((o) => (
        <Fragment key={o.id}>
          <tr className={o.status === 'paid' ? '' : 'text-slate-500'}>
            <td className="px-4 py-3 font-semibold text-slate-900 tabular-nums">
              <OrderCell order={o} open={open.has(o.id)} onToggle={() => toggle(o.id)} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap">{when(o.date)}</td>
            <td className="max-w-[10rem] truncate px-4 py-3">{o.customer}</td>
            <td className="px-4 py-3 text-right font-semibold tabular-nums">{formatRupees(o.amount)}</td>
            <td className="px-4 py-3">{o.paymentMethod ? PAYMENT_LABEL[o.paymentMethod] : '—'}</td>
            <td className="max-w-[9rem] truncate px-4 py-3">{o.shopName}</td>
            <td className="px-4 py-3">
              <StatusBadge status={o.status} />
            </td>
            <td className="px-4 py-2 text-right">
              {o.status === 'paid' && (
                <button
                  type="button"
                  onClick={() => onRefund(o)}
                  aria-label={`Refund order ${orderLabel(o)}`}
                  className="rounded-md px-2 py-1 text-xs font-semibold text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500"
                >
                  Refund
                </button>
              )}
            </td>
          </tr>
          {open.has(o.id) && (
            <tr id={`order-lines-${o.id}`} className="bg-slate-50/60">
              <td colSpan={8} className="px-4 pt-1 pb-3">
                {/* The table scrolls sideways on a phone; the lines stay in view at its left edge, as wide as the screen. */}
                <div className="sticky left-4 max-w-[calc(100vw-5rem)] sm:max-w-md">
                  <OrderLines lines={o.lines} label={`Order ${orderLabel(o)}, line by line`} />
                </div>
              </td>
            </tr>
          )}
        </Fragment>
      ))}
    </TableCard>
  );
}
