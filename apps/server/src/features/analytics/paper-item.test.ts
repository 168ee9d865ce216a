import { describe, expect, it } from 'vitest';
import { paperItem } from './service.js';

const row = (stock: number) => ({
  shop_id: 's1',
  sku: 'A4-70GSM',
  name: 'A4 paper 70 gsm',
  stock,
  sheets_per_ream: 500,
  low_stock_threshold: 10,
});

describe('paper low stock (docs/decisions/021)', () => {
  it("a new shop's paper, 0 sheets and none used, is not low stock", () => {
    expect(paperItem(row(0), 0, undefined)).toMatchObject({ totalSheets: 0, remainingSheets: 0, lowStock: false });
  });

  it('is low once there was stock: used up, at or under the threshold, or at most 10% left', () => {
    expect(paperItem(row(0), 14, '2025-03-20').lowStock).toBe(true);
    expect(paperItem(row(10), 0, undefined).lowStock).toBe(true);
    expect(paperItem(row(11), 0, undefined).lowStock).toBe(false);
    expect(paperItem(row(100), 900, '2025-03-20').lowStock).toBe(true);
    expect(paperItem(row(101), 900, '2025-03-20').lowStock).toBe(false);
  });
});
