import { UPI_VPA_MESSAGE, ZRateCardPrintAttributesInput } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ITEM, inventoryPayload, parseStock, thresholdOf } from './inventory';
import { profileErrors } from './profile';
import { blankRow, canRemove, describeAttributes, isPaperSize, type RateRow, rateCardToSave } from './rateCard';

const RATE = { id: 'r', serviceName: 'B&W A4', basePrice: 2, unit: 'per_page', category: null, description: null, isActive: true } as const;

const row = (over: Partial<RateRow>): RateRow => ({ ...blankRow(), ...over });
const NO_ATTRIBUTES = { paper: '', color: '', sides: '', extra: false };
const saved = (rows: RateRow[]) => {
  const result = rateCardToSave(rows);
  if ('error' in result) throw new Error(result.error);
  return result.services.map(({ paper, color, sides, extra }) => ({ paper, color, sides, extra }));
};

describe('rate card save rules', () => {
  it('drops services with a blank name and marks the rest active', () => {
    const result = rateCardToSave([
      row({ id: 'a', serviceName: ' B&W A4 ', basePrice: '2.5', unit: 'per_page' }),
      row({ serviceName: '   ', basePrice: '9' }),
      row({ serviceName: 'Binding', basePrice: '', unit: 'per_item', category: ' finishing ' }),
    ]);
    expect(result).toEqual({
      services: [
        {
          id: 'a',
          serviceName: 'B&W A4',
          basePrice: 2.5,
          unit: 'per_page',
          category: null,
          description: null,
          isActive: true,
          ...NO_ATTRIBUTES,
        },
        {
          serviceName: 'Binding',
          basePrice: 0,
          unit: 'per_item',
          category: 'finishing',
          description: null,
          isActive: true,
          ...NO_ATTRIBUTES,
        },
      ],
    });
  });

  it('stops with the spec message when no named service is left', () => {
    expect(rateCardToSave([row({ serviceName: '' }), row({ serviceName: ' ' })])).toEqual({
      error: 'Please add at least one service before saving.',
    });
  });

  it('sends the print attributes a unit has, and clears the others', () => {
    const attributes = { paper: ' A3 ', color: 'color', sides: 'double', extra: true } as const;
    expect(
      saved([
        row({ serviceName: 'Colour A3', unit: 'per_page', ...attributes }),
        row({ serviceName: 'Lamination', unit: 'per_item', ...attributes }),
        row({ serviceName: 'Delivery', unit: 'per_order', ...attributes, extra: false }),
        row({ serviceName: 'Design', unit: 'per_hour', ...attributes }),
      ]),
    ).toEqual([
      { paper: 'A3', color: 'color', sides: 'double', extra: false },
      { ...NO_ATTRIBUTES, extra: true },
      NO_ATTRIBUTES,
      NO_ATTRIBUTES,
    ]);
  });

  it('refuses a page rate whose paper is no paper size, naming the service', () => {
    expect(rateCardToSave([row({ serviceName: 'Odd', unit: 'per_page', paper: 'A4; drop' })])).toEqual({
      error: 'Odd: paper must be a paper size such as A4',
    });
    expect(rateCardToSave([row({ serviceName: 'Odd', unit: 'per_item', paper: 'A4; drop' })])).not.toHaveProperty('error');
  });

  it('reads a paper size as the contract does', () => {
    for (const paper of ['', '  ', 'A4', ' a3 ', '4x6', '13×19', 'Letter', 'SRA3 320/450', 'A4;', '<b>', 'x'.repeat(20), 'x'.repeat(21)]) {
      expect(isPaperSize(paper), paper).toBe(ZRateCardPrintAttributesInput.paper.safeParse(paper).success);
    }
  });

  it('describes a service by its print attributes in view mode', () => {
    const service = { ...RATE, paper: 'A4', color: 'bw' as const, sides: null, extra: false };
    expect(describeAttributes(service)).toBe('A4 · B&W · single or double');
    expect(describeAttributes({ ...service, color: 'color', sides: 'double' })).toBe('A4 · Colour · double-sided');
    expect(describeAttributes({ ...service, paper: null })).toBeNull();
    expect(describeAttributes({ ...service, unit: 'per_item', paper: null, extra: true })).toBe('Add-on');
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
    expect(profileErrors({ shopName: ' A ', username: 'demo', upiId: '' })).toEqual({ shopName: 'Shop name is required' });
    expect(profileErrors({ shopName: 'AB', username: 'demo', upiId: '' })).toEqual({});
  });

  it('needs a username of 3+ characters after trimming', () => {
    expect(profileErrors({ shopName: 'Demo', username: ' ab ', upiId: '' })).toEqual({ username: 'Please choose a username (3+ chars)' });
    expect(profileErrors({ shopName: '', username: '', upiId: '' })).toEqual({
      shopName: 'Shop name is required',
      username: 'Please choose a username (3+ chars)',
    });
  });

  it('takes no UPI ID, or one like name@bank (issue 20)', () => {
    const shop = { shopName: 'Demo', username: 'demo' };
    expect(profileErrors({ ...shop, upiId: '  ' })).toEqual({});
    expect(profileErrors({ ...shop, upiId: ' demoprints@okhdfcbank ' })).toEqual({});
    for (const bad of ['demoprints', 'demo prints@okhdfcbank', '@okhdfcbank', 'demoprints@'])
      expect(profileErrors({ ...shop, upiId: bad }), bad).toEqual({ upiId: UPI_VPA_MESSAGE });
  });
});
