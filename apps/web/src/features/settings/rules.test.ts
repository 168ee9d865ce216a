import { describe, expect, it } from 'vitest';
import { EMPTY_ITEM, inventoryPayload, parseStock, thresholdOf } from './inventory';
import { profileErrors } from './profile';
import { blankRow, canRemove, type RateRow, rateCardToSave } from './rateCard';

const row = (over: Partial<RateRow>): RateRow => ({ ...blankRow(), ...over });

describe('rate card save rules', () => {
  it('drops services with a blank name and marks the rest active', () => {
    const result = rateCardToSave([
      row({ id: 'a', serviceName: ' B&W A4 ', basePrice: '2.5', unit: 'per_page' }),
      row({ serviceName: '   ', basePrice: '9' }),
      row({ serviceName: 'Binding', basePrice: '', unit: 'per_item', category: ' finishing ' }),
    ]);
    expect(result).toEqual({
      services: [
        { id: 'a', serviceName: 'B&W A4', basePrice: 2.5, unit: 'per_page', category: null, description: null, isActive: true },
        { serviceName: 'Binding', basePrice: 0, unit: 'per_item', category: 'finishing', description: null, isActive: true },
      ],
    });
  });

  it('stops with the spec message when no named service is left', () => {
    expect(rateCardToSave([row({ serviceName: '' }), row({ serviceName: ' ' })])).toEqual({
      error: 'Please add at least one service before saving.',
    });
  });

  it('offers Remove only when more than one service exists', () => {
    expect(canRemove([row({})])).toBe(false);
    expect(canRemove([row({}), row({})])).toBe(true);
  });
});

describe('inventory numbers', () => {
  it('turns a threshold of 0 or blank into 10', () => {
    expect(thresholdOf('')).toBe(10);
    expect(thresholdOf('  ')).toBe(10);
    expect(thresholdOf('0')).toBe(10);
    expect(thresholdOf('25')).toBe(25);
  });

  it('sends price, stock and threshold as numbers', () => {
    const payload = inventoryPayload({ ...EMPTY_ITEM, sku: ' A3 ', name: 'A3 sheet', price: '1.25', stock: '40', lowStockThreshold: '0' });
    expect(payload).toMatchObject({
      sku: 'A3',
      name: 'A3 sheet',
      price: 1.25,
      stock: 40,
      lowStockThreshold: 10,
      unit: 'pcs',
      description: null,
    });
  });

  it('accepts a whole stock of 0 or more inline', () => {
    expect(parseStock('0')).toBe(0);
    expect(parseStock('12')).toBe(12);
    expect(parseStock('-1')).toBeNull();
    expect(parseStock('1.5')).toBeNull();
    expect(parseStock('')).toBeNull();
  });
});

describe('profile validation', () => {
  it('needs a shop name of 2+ characters after trimming', () => {
    expect(profileErrors({ shopName: ' A ', username: 'demo' })).toEqual({ shopName: 'Shop name is required' });
    expect(profileErrors({ shopName: 'AB', username: 'demo' })).toEqual({});
  });

  it('needs a username of 3+ characters after trimming', () => {
    expect(profileErrors({ shopName: 'Demo', username: ' ab ' })).toEqual({ username: 'Please choose a username (3+ chars)' });
    expect(profileErrors({ shopName: '', username: '' })).toEqual({
      shopName: 'Shop name is required',
      username: 'Please choose a username (3+ chars)',
    });
  });
});
