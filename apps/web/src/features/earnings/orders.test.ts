import { ORDER_CSV_COLUMNS, type TEarningsOrder } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { ordersCsv } from './orders';

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
    };
    const [header, row] = ordersCsv([order]).split('\r\n');
    expect(header).toBe(ORDER_CSV_COLUMNS.join(','));
    expect(header).toBe('Order ID,Date,Customer,Amount,Payment,Status,Shop');
    expect(row).toBe(`o1,2025-01-31T10:00:00.000Z,'@bob,24.50,UPI,paid,Demo Prints`);
  });
});
