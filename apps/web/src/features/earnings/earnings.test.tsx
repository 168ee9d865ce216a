import type { TEarnings, TEarningsOrder } from '@counterprint/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../../api/storage';
import { jsonResponse, stubFetch } from '../../test/helpers';
import { renderPage } from '../../test/render';
import EarningsPage from './EarningsPage';
import { orderPage, orderPages, sortOrders } from './orders';
import { soldWords } from './TopProducts';

const order = (n: number, amount: number, extra: Partial<TEarningsOrder> = {}): TEarningsOrder => ({
  id: `order-${n}`,
  date: new Date(Date.UTC(2025, 0, n, 10)).toISOString(),
  customer: `Customer ${n}`,
  amount,
  paymentMethod: 'cash',
  status: 'paid',
  shopId: 'shop-1',
  shopName: 'Demo Prints',
  jobNumber: n,
  serviceName: null,
  refundedAt: null,
  lines: [],
  ...extra,
});

const report = (orders: TEarningsOrder[]): TEarnings => ({
  periodLabel: 'Last 30 days',
  from: '2025-01-01',
  to: '2025-01-30',
  shops: [{ id: 'shop-1', name: 'Demo Prints' }],
  totals: {
    revenue: 1234.5,
    orders: orders.length,
    averageOrderValue: 61.73,
    refunds: 40,
    refundCount: 1,
    paymentBreakdown: { cash: 1000, upi: 234.5, card: 0 },
  },
  revenueByDay: [],
  topProducts: [],
  orders,
  ordersTruncated: false,
});

describe('orders', () => {
  const list = [order(1, 50), order(3, 10), order(2, 50), order(4, 99)];
  it('sorts Newest, Oldest, Amount High to Low and Low to High', () => {
    expect(sortOrders(list, 'date_desc').map((o) => o.id)).toEqual(['order-4', 'order-3', 'order-2', 'order-1']);
    expect(sortOrders(list, 'date_asc').map((o) => o.id)).toEqual(['order-1', 'order-2', 'order-3', 'order-4']);
    // Ties keep newest first.
    expect(sortOrders(list, 'amount_desc').map((o) => o.id)).toEqual(['order-4', 'order-2', 'order-1', 'order-3']);
    expect(sortOrders(list, 'amount_asc').map((o) => o.id)).toEqual(['order-3', 'order-2', 'order-1', 'order-4']);
  });

  it('pages 8 at a time', () => {
    const many = Array.from({ length: 17 }, (_, i) => order(i + 1, i));
    expect(orderPages(0)).toBe(1);
    expect(orderPages(8)).toBe(1);
    expect(orderPages(17)).toBe(3);
    expect(orderPage(many, 1)).toHaveLength(8);
    expect(orderPage(many, 3).map((o) => o.id)).toEqual(['order-17']);
  });
});

describe('top products', () => {
  it("say what was sold in the server's unit: printed sides, add-on items or whole orders", () => {
    expect(soldWords({ sold: 18, unit: 'sides' })).toBe('18 sides');
    expect(soldWords({ sold: 1, unit: 'sides' })).toBe('1 side');
    expect(soldWords({ sold: 2, unit: 'items' })).toBe('2 items');
    expect(soldWords({ sold: 1, unit: 'orders' })).toBe('1 order');
  });
});

describe('EarningsPage', () => {
  // The chart loads lazily; loading recharts once up front keeps each test inside its time limits.
  beforeAll(() => import('./RevenueChart'), 20_000);

  beforeEach(() => {
    localStorage.setItem(LOCAL.activeShopId, 'shop-1');
  });

  const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
  const firstCells = () => rows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

  it('shows the four cards, 8 orders a page, sorts, and goes back to page 1 when a filter changes', async () => {
    const orders = Array.from({ length: 10 }, (_, i) => order(i + 1, (i % 3) * 10 + 5));
    const { calls } = stubFetch(
      () => jsonResponse(200, report(orders)),
      () => jsonResponse(200, report(orders.slice(0, 2))),
    );
    const { user } = renderPage(<EarningsPage />);
    expect(await screen.findByText('₹1,234.50')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/earnings?range=30d&shopId=shop-1');
    expect(screen.getByText('Avg order ₹61.73')).toBeInTheDocument();
    expect(screen.getByText('1 refund')).toBeInTheDocument();
    expect(screen.getByText('81% Cash')).toBeInTheDocument();
    expect(screen.getByText('No products yet')).toBeInTheDocument();
    expect(rows()).toHaveLength(8);
    expect(firstCells()[0]).toBe('#10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(firstCells()).toEqual(['#2', '#1']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort orders' }), 'Amount Low to High');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(firstCells().slice(0, 4)).toEqual(['#10', '#7', '#4', '#1']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'UPI');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe('/api/earnings?range=30d&shopId=shop-1&paymentMethod=upi');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  }, 20_000);

  it('highlights paid, offers Refund only on paid orders, and refunds after a confirmation', async () => {
    const { calls } = stubFetch(
      () => jsonResponse(200, report([order(1, 20), order(2, 30, { status: 'refunded' })])),
      () => jsonResponse(200, { ...order(1, 20), status: 'refunded' }),
      () => jsonResponse(200, report([order(1, 20, { status: 'refunded' }), order(2, 30, { status: 'refunded' })])),
    );
    const { user } = renderPage(<EarningsPage />);
    await screen.findByText('#1');
    expect(screen.getAllByRole('button', { name: /^Refund order/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refund order #1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls).toHaveLength(3), { timeout: 3000 });
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/earnings/orders/order-1/refund' });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Refund order/ })).toHaveLength(0));
  });

  it("shows an order's lines on demand, a discount or surcharge as such (issue 19)", async () => {
    const printed = order(1, 20, {
      lines: [
        { description: 'report.pdf: Black & white A4', serviceId: 'svc-bw', quantity: 12, unitPrice: 2, amount: 24, kind: 'print' },
        { description: 'Discount', serviceId: null, quantity: 1, unitPrice: null, amount: -4, kind: 'adjustment' },
      ],
    });
    const old = order(2, 30);
    stubFetch(() => jsonResponse(200, report([printed, old])));
    const { user } = renderPage(<EarningsPage />);
    const toggle = await screen.findByRole('button', { name: 'Lines of order #1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Order #1, line by line' })).not.toBeInTheDocument();
    // An order recorded before issue 19 has no lines to show.
    expect(screen.queryByRole('button', { name: 'Lines of order #2' })).not.toBeInTheDocument();
    expect(firstCells()).toEqual(['#2', '#1']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = screen.getByRole('list', { name: 'Order #1, line by line' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['report.pdf: Black & white A4 · 12 × ₹2.00₹24.00', 'Discount−₹4.00']);
    await user.click(toggle);
    expect(screen.queryByRole('list', { name: 'Order #1, line by line' })).not.toBeInTheDocument();
  });

  it('shows the empty states and, on failure, an error rather than sample data', async () => {
    stubFetch(() => jsonResponse(500, { error: 'Database down', code: 'INTERNAL' }));
    renderPage(<EarningsPage />);
    expect(await screen.findByText('Could not load earnings')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'No orders found.' when there are none", async () => {
    stubFetch(() => jsonResponse(200, report([])));
    renderPage(<EarningsPage />);
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByText('No data')).toBeInTheDocument();
  });
});
