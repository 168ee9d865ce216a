import {
  defaultPrintOptions,
  PRINT_OPTION_MESSAGES,
  pagesBackwardsMessage,
  type TPrintOptions,
  type TPublicRate,
} from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { makePublicRate } from '../test/fixtures';
import { applyOptions, applyToEvery, isOnePage, pagesProblem, priceHint, sentOptions, startingOptions } from './printChoices';

const rate = makePublicRate;

const RATES: TPublicRate[] = [
  rate({ id: 'bw', serviceName: 'Black & white A4', basePrice: 2, color: 'bw' }),
  rate({ id: 'bw2', serviceName: 'B&W A4 double', basePrice: 1.5, color: 'bw', sides: 'double' }),
  rate({ id: 'col', serviceName: 'Colour A4', basePrice: 10, color: 'color' }),
  rate({ id: 'photo', serviceName: 'Photo 4x6', basePrice: 1.1, color: 'color', paper: '4x6' }),
  rate({ id: 'bind', serviceName: 'Spiral binding', basePrice: 40, unit: 'per_item', paper: null, color: null, extra: true }),
];

const opts = (over: Partial<TPrintOptions> = {}): TPrintOptions => ({ ...startingOptions({ colorDetection: false }), ...over });

describe('print choices: the rules behind the chips', () => {
  it("starts every file at the contract's defaults, auto colour only where the shop detects colour", () => {
    expect(startingOptions({ colorDetection: false })).toEqual(defaultPrintOptions({ colorDetection: false }));
    expect(startingOptions({ colorDetection: true })).toEqual(defaultPrintOptions({ colorDetection: true }));
    expect(startingOptions({ colorDetection: true }).color).toBe('auto');
  });

  it('takes images as one page and PDFs and documents as many', () => {
    expect(['IMG_1.HEIC', 'scan.jpg', 'logo.svg', 'noext'].map(isOnePage)).toEqual([true, true, true, true]);
    expect(['report.PDF', 'letter.docx', 'sheet.csv', 'slides.pptx'].map(isOnePage)).toEqual([false, false, false, false]);
  });

  it("checks a page list with the contract's own messages; blank and 'all' are every page", () => {
    expect(pagesProblem('')).toBeNull();
    expect(pagesProblem(' All ')).toBeNull();
    expect(pagesProblem('1-3, 5, 8–10')).toBeNull();
    expect(pagesProblem('0')).toBe(PRINT_OPTION_MESSAGES.pagesZero);
    expect(pagesProblem('5-2')).toBe(pagesBackwardsMessage('5', '2'));
    expect(pagesProblem('first')).toBe("pages must be 'all' or page numbers such as 1-3,5,8-10 (not 'first')");
    expect(sentOptions(opts({ pages: '  ' })).pages).toBe('all');
    expect(sentOptions(opts({ pages: ' 1-3 ' })).pages).toBe('1-3');
  });

  it('hints the price of a side from the rate the server will use', () => {
    expect(priceHint(RATES, opts(), false)).toBe('₹2.00 per side · B&W A4');
    expect(priceHint(RATES, opts({ color: 'color' }), false)).toBe('₹10.00 per side · Colour A4');
    // A rate for double-sided prints wins over the one that names no sides.
    expect(priceHint(RATES, opts({ sides: 'double' }), false)).toBe('₹1.50 per side · B&W A4 double-sided');
    expect(priceHint(RATES, opts({ paper: 'A3' }), false)).toBe('B&W A3: price set at the counter');
    expect(priceHint([], opts(), false)).toBe('B&W A4: price set at the counter');
    expect(priceHint(RATES, opts({ color: 'auto' }), false)).toBe('Per side: B&W ₹2.00, colour ₹10.00 · A4');
    expect(priceHint(RATES, opts({ color: 'auto', paper: '4x6' }), false)).toBe(
      'Per side: B&W price set at the counter, colour ₹1.10 · 4x6',
    );
  });

  it("gives a one-page file its price, counted in whole paise, and a document's none", () => {
    expect(priceHint(RATES, opts({ color: 'color', paper: '4x6', copies: 3 }), true)).toBe(
      '₹1.10 per side · Colour 4x6 · ₹3.30 for 3 copies',
    );
    expect(priceHint(RATES, opts({ color: 'color', copies: 1 }), true)).toBe('₹10.00 per side · Colour A4 · ₹10.00 for 1 copy');
    expect(priceHint(RATES, opts({ copies: 3 }), false)).toBe('₹2.00 per side · B&W A4');
  });

  it('applies what a file shows to the others: pages, sides and pages per side only between documents', () => {
    const from = opts({
      copies: 2,
      color: 'color',
      sides: 'double',
      pages: '1-3',
      nup: 2,
      paper: 'A3',
      extras: [{ serviceId: 'bind', quantity: 2 }],
    });
    const doc = applyOptions(from, false, opts(), false);
    expect(doc).toEqual(from);
    expect(doc.extras).not.toBe(from.extras);
    expect(applyOptions(from, false, opts(), true)).toEqual({ ...opts(), copies: 2, color: 'color', paper: 'A3', extras: from.extras });
    expect(applyOptions(opts({ copies: 3 }), true, opts({ sides: 'double', pages: '2' }), false)).toEqual(
      opts({ copies: 3, sides: 'double', pages: '2' }),
    );
  });

  it('sets every picked file from one', () => {
    const a = new File(['a'], 'a.pdf');
    const b = new File(['b'], 'b.pdf');
    const c = new File(['c'], 'c.jpg');
    const shop = { colorDetection: false, papers: ['A4'], rateCard: RATES };
    const all = applyToEvery([a, b, c], b, new Map([[b, opts({ copies: 4, pages: '2-3' })]]), shop);
    expect([a, b, c].map((f) => [all.get(f)?.copies, all.get(f)?.pages])).toEqual([
      [4, '2-3'],
      [4, '2-3'],
      [4, 'all'],
    ]);
  });
});
