import { CUSTOMER_CSV_COLUMNS, type TCustomer } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { customersCsv } from './customerList';

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
});
