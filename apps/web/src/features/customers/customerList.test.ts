import { CUSTOMER_CSV_COLUMNS, type TCustomer } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { customersCsv } from './customerList';

const plain: TCustomer = { id: 'c1', shopId: 's1', name: 'A', email: null, phone: null, address: null, tags: [], updatedAt: 0 };

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
    expect(row).toBe(`c1,"Asha, ""A""",asha@example.com,"=""+919876543210""",`);
  });

  it('exports a phone so Excel shows it as text, without a visible apostrophe or a lost leading zero', () => {
    const phoneCell = (phone: string | null) =>
      customersCsv([{ ...plain, phone }])
        .split('\r\n')[1]!
        .replace(/^c1,A,,|,$/g, '');
    expect(phoneCell('+91 98765 43210')).toBe('"=""+91 98765 43210"""');
    expect(phoneCell('098765-43210')).toBe('"=""098765-43210"""');
    expect(phoneCell(null)).toBe('');
  });

  it('keeps the formula guard for a phone that is not only phone characters', () => {
    const row = customersCsv([{ ...plain, phone: '+1")&HYPERLINK("http://x' }]).split('\r\n')[1]!;
    expect(row).toBe(`c1,A,,"'+1"")&HYPERLINK(""http://x",`);
  });
});
