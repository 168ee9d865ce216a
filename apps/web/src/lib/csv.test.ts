import { CUSTOMER_CSV_COLUMNS, ORDER_CSV_COLUMNS, type TCustomer, type TEarningsOrder } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { customersCsv } from '../features/customers/customerList';
import { ordersCsv } from '../features/earnings/orders';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('doubles quotes and quotes the cell', () => {
    expect(csvCell('Asha "AK" Kumar')).toBe('"Asha ""AK"" Kumar"');
  });

  it('quotes cells with commas, line breaks or edge spaces, and leaves plain ones bare', () => {
    expect(csvCell('1 Main Rd, Pune')).toBe('"1 Main Rd, Pune"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });

  it.each(['=1+2', '+91 98765 43210', '-5', '@SUM(A1)'])('neutralises %s with a leading apostrophe', (value) => {
    expect(csvCell(value)).toBe(`'${value}`);
  });

  it('neutralises before quoting, so a formula with a comma stays one harmless cell', () => {
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
  });

  it('joins records with CRLF, header first', () => {
    expect(toCsv(['A', 'B'], [['1', '2']])).toBe('A,B\r\n1,2');
  });
});

describe('exports use the spec columns', () => {
  it('customers: ID, Name, Email, Phone, Address', () => {
    const customer: TCustomer = {
      id: 'c1',
      shopId: 's1',
      name: 'Asha, "A"',
      email: 'asha@example.com',
      phone: '+919876543210',
      address: null,
      tags: ['vip'],
      updatedAt: 0,
    };
    const [header, row] = customersCsv([customer]).split('\r\n');
    expect(header).toBe(CUSTOMER_CSV_COLUMNS.join(','));
    expect(header).toBe('ID,Name,Email,Phone,Address');
    expect(row).toBe(`c1,"Asha, ""A""",asha@example.com,'+919876543210,`);
  });

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
