import { ORDER_CSV_COLUMNS, type TEarningsOrder, type TOrderLine } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { orderLineText, ordersCsv } from './orders';

describe('exports use the spec columns', () => {
  it('orders: Order ID, Date, Customer, Amount, Payment, Status, Shop', () => {
    const order: TEarningsOrder = {
      id: 'o1',
      date: '2025-01-31T10:00:00.000Z',
      customer: '@bob',
      amount: 24.5,
      paymentMethod: 'upi',
      status: 'paid',
      shopId: 's1',
      shopName: 'Demo Prints',
      jobNumber: 3,
      serviceName: null,
      refundedAt: null,
      lines: [],
    };
    const [header, row] = ordersCsv([order]).split('\r\n');
    expect(header).toBe(ORDER_CSV_COLUMNS.join(','));
    expect(header).toBe('Order ID,Date,Customer,Amount,Payment,Status,Shop');
    expect(row).toBe(`o1,2025-01-31T10:00:00.000Z,'@bob,24.50,UPI,paid,Demo Prints`);
  });
});

describe('order lines (issue 19)', () => {
  const line = (over: Partial<TOrderLine>): TOrderLine => ({
    description: 'a.pdf: Colour A4',
    serviceId: 'svc',
    quantity: 3,
    unitPrice: 10,
    amount: 30,
    kind: 'print',
    ...over,
  });

  it('shows quantity × unit price beside what was sold', () => {
    expect(orderLineText(line({}))).toEqual({ label: 'a.pdf: Colour A4', detail: '3 × ₹10.00', amount: '₹30.00' });
    expect(orderLineText(line({ kind: 'service', unitPrice: null, description: 'Lamination' }))).toEqual({
      label: 'Lamination',
      detail: null,
      amount: '₹30.00',
    });
  });

  it('names an adjustment by its sign: a discount below, a surcharge above, or what was priced at the counter', () => {
    const adjustment = (amount: number, description: string) =>
      line({ kind: 'adjustment', unitPrice: null, quantity: 1, amount, description });
    expect(orderLineText(adjustment(-4, 'Discount'))).toEqual({ label: 'Discount', detail: null, amount: '−₹4.00' });
    expect(orderLineText(adjustment(6.5, 'Surcharge'))).toEqual({ label: 'Surcharge', detail: null, amount: '+₹6.50' });
    expect(orderLineText(adjustment(-2, 'Surcharge')).label).toBe('Discount');
    expect(orderLineText(adjustment(12, 'Priced at the counter'))).toEqual({
      label: 'Priced at the counter',
      detail: null,
      amount: '+₹12.00',
    });
  });
});
