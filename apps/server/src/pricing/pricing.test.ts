import { PRICE_AT_THE_COUNTER, type TPrintOptionsInput, ZEstimate, ZPrintOptions } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { sideCounts } from './paper.js';
import { estimate, estimateToWire, type FileToPrice, matchService, type PricedLine, type RateCardEntry } from './pricing.js';

// Prices are paise, as the database holds them.
const service = (id: string, unitPricePaise: number, over: Partial<RateCardEntry> = {}): RateCardEntry => ({
  id,
  serviceName: id,
  unitPricePaise,
  unit: 'per_page',
  isActive: true,
  paper: null,
  color: null,
  sides: null,
  extra: false,
  ...over,
});

const RATE_CARD: RateCardEntry[] = [
  service('bw-a4', 200, { paper: 'A4', color: 'bw' }),
  service('bw-a4-double', 150, { paper: 'A4', color: 'bw', sides: 'double' }),
  service('colour-a4', 1000, { paper: 'A4', color: 'color' }),
  service('bw-a3-single', 400, { paper: 'A3', color: 'bw', sides: 'single' }),
  service('colour-a3-retired', 2000, { paper: 'A3', color: 'color', isActive: false }),
  service('photo-4x6', 2500, { unit: 'per_item', paper: '4x6', color: 'color' }),
  service('binding', 3000, { unit: 'per_item', extra: true }),
  service('lamination', 2500, { unit: 'per_item', extra: true }),
  service('urgent', 5000, { unit: 'per_order', extra: true }),
  service('stapling-retired', 500, { unit: 'per_item', extra: true, isActive: false }),
];

const file = (over: Partial<Omit<FileToPrice, 'options'>> & { options?: TPrintOptionsInput } = {}): FileToPrice => ({
  fileId: 'f1',
  name: 'report.pdf',
  pages: 10,
  conversionPending: false,
  ...over,
  options: ZPrintOptions.parse(over.options ?? {}),
});

/** A line as "service ×quantity = paise", or "missing:gap ×quantity". */
const summary = (l: PricedLine) => (l.missing ? `missing:${l.missing} ×${l.quantity}` : `${l.serviceId} ×${l.quantity} = ${l.amountPaise}`);

type Row = {
  rule: string;
  file: Parameters<typeof file>[0];
  lines: string[];
  print: {
    printPages: number | null;
    printedSides: number | null;
    sheets: number | null;
    colorSides?: number | null;
    pagesClipped?: boolean;
  };
};

const ROWS: Row[] = [
  // Ranges.
  {
    rule: 'all pages, defaults',
    file: {},
    lines: ['bw-a4 ×10 = 2000'],
    print: { printPages: 10, printedSides: 10, sheets: 10, colorSides: 0 },
  },
  {
    rule: 'a page list',
    file: { options: { pages: '1-3,5' } },
    lines: ['bw-a4 ×4 = 800'],
    print: { printPages: 4, printedSides: 4, sheets: 4 },
  },
  {
    rule: 'a range past the end is clipped and flagged',
    file: { options: { pages: '8-15' } },
    lines: ['bw-a4 ×3 = 600'],
    print: { printPages: 3, printedSides: 3, sheets: 3, pagesClipped: true },
  },
  {
    rule: 'a range wholly past the end prints nothing',
    file: { options: { pages: '11-12' } },
    lines: [],
    print: { printPages: 0, printedSides: 0, sheets: 0, pagesClipped: true },
  },
  // n-up: pages ÷ n, rounded up.
  {
    rule: '2-up of 5 pages: 3 sides',
    file: { pages: 5, options: { nup: 2 } },
    lines: ['bw-a4 ×3 = 600'],
    print: { printPages: 5, printedSides: 3, sheets: 3 },
  },
  {
    rule: '4-up of 5 pages: 2 sides',
    file: { pages: 5, options: { nup: 4 } },
    lines: ['bw-a4 ×2 = 400'],
    print: { printPages: 5, printedSides: 2, sheets: 2 },
  },
  {
    rule: '4-up of 8 pages: 2 sides',
    file: { pages: 8, options: { nup: 4 } },
    lines: ['bw-a4 ×2 = 400'],
    print: { printPages: 8, printedSides: 2, sheets: 2 },
  },
  // Duplex: per_page is per printed side; sheets are half the sides, rounded up, per copy.
  {
    rule: 'double-sided: the double-sided rate, half the sheets',
    file: { pages: 5, options: { sides: 'double' } },
    lines: ['bw-a4-double ×5 = 750'],
    print: { printPages: 5, printedSides: 5, sheets: 3 },
  },
  // Copies.
  {
    rule: '3 copies',
    file: { pages: 5, options: { copies: 3 } },
    lines: ['bw-a4 ×15 = 3000'],
    print: { printPages: 5, printedSides: 15, sheets: 15 },
  },
  {
    rule: '3 copies double-sided of 5 pages: 3 sheets a copy',
    file: { pages: 5, options: { copies: 3, sides: 'double' } },
    lines: ['bw-a4-double ×15 = 2250'],
    print: { printPages: 5, printedSides: 15, sheets: 9 },
  },
  {
    rule: '2 copies, 4-up, double-sided of 9 pages',
    file: { pages: 9, options: { copies: 2, nup: 4, sides: 'double' } },
    lines: ['bw-a4-double ×6 = 900'],
    print: { printPages: 9, printedSides: 6, sheets: 4 },
  },
  {
    rule: '99 copies of pages 2-4, 2-up',
    file: { options: { copies: 99, pages: '2-4', nup: 2 } },
    lines: ['bw-a4 ×198 = 39600'],
    print: { printPages: 3, printedSides: 198, sheets: 198 },
  },
  // Colour.
  {
    rule: 'colour',
    file: { pages: 4, options: { color: 'color' } },
    lines: ['colour-a4 ×4 = 4000'],
    print: { printPages: 4, printedSides: 4, sheets: 4, colorSides: 4 },
  },
  {
    rule: 'colour double-sided falls back to the colour A4 rate that names no sides',
    file: { pages: 4, options: { color: 'color', sides: 'double' } },
    lines: ['colour-a4 ×4 = 4000'],
    print: { printPages: 4, printedSides: 4, sheets: 2, colorSides: 4 },
  },
  {
    rule: 'auto: colour pages 2 and 4 at the colour rate, the rest B&W',
    file: { pages: 5, colorPages: [2, 4], options: { color: 'auto' } },
    lines: ['bw-a4 ×3 = 600', 'colour-a4 ×2 = 2000'],
    print: { printPages: 5, printedSides: 5, sheets: 5, colorSides: 2 },
  },
  {
    rule: 'auto, 2 copies: colour sides counted per copy',
    file: { pages: 5, colorPages: [2, 4], options: { color: 'auto', copies: 2 } },
    lines: ['bw-a4 ×6 = 1200', 'colour-a4 ×4 = 4000'],
    print: { printPages: 5, printedSides: 10, sheets: 10, colorSides: 4 },
  },
  {
    rule: 'auto, 2-up: a side holding any colour page is colour',
    file: { pages: 5, colorPages: [2, 4], options: { color: 'auto', nup: 2 } },
    lines: ['bw-a4 ×1 = 200', 'colour-a4 ×2 = 2000'],
    print: { printPages: 5, printedSides: 3, sheets: 3, colorSides: 2 },
  },
  {
    rule: 'auto, 2-up: two colour pages on one side make one colour side',
    file: { pages: 4, colorPages: [1, 2], options: { color: 'auto', nup: 2 } },
    lines: ['bw-a4 ×1 = 200', 'colour-a4 ×1 = 1000'],
    print: { printPages: 4, printedSides: 2, sheets: 2, colorSides: 1 },
  },
  {
    rule: 'auto, 4-up of 8 pages with colour on 1, 3 and 6: two colour sides, no B&W',
    file: { pages: 8, colorPages: [1, 3, 6], options: { color: 'auto', nup: 4 } },
    lines: ['colour-a4 ×2 = 2000'],
    print: { printPages: 8, printedSides: 2, sheets: 2, colorSides: 2 },
  },
  {
    rule: 'auto, 2-up of pages 2-5: sides pair up from the first printed page',
    file: { pages: 5, colorPages: [2, 4], options: { color: 'auto', nup: 2, pages: '2-5' } },
    lines: ['colour-a4 ×2 = 2000'],
    print: { printPages: 4, printedSides: 2, sheets: 2, colorSides: 2 },
  },
  {
    rule: 'auto, 4-up of 8 pages with colour on page 5 only',
    file: { pages: 8, colorPages: [5], options: { color: 'auto', nup: 4 } },
    lines: ['bw-a4 ×1 = 200', 'colour-a4 ×1 = 1000'],
    print: { printPages: 8, printedSides: 2, sheets: 2, colorSides: 1 },
  },
  {
    rule: 'auto, double-sided: colour and B&W sides priced apart, sheets from all sides',
    file: { pages: 5, colorPages: [1], options: { color: 'auto', sides: 'double' } },
    lines: ['bw-a4-double ×4 = 600', 'colour-a4 ×1 = 1000'],
    print: { printPages: 5, printedSides: 5, sheets: 3, colorSides: 1 },
  },
  {
    rule: 'auto, a colour page outside the range costs nothing extra',
    file: { pages: 5, colorPages: [5], options: { color: 'auto', pages: '1-3' } },
    lines: ['bw-a4 ×3 = 600'],
    print: { printPages: 3, printedSides: 3, sheets: 3, colorSides: 0 },
  },
  {
    rule: 'auto, no colour page found',
    file: { pages: 5, colorPages: [], options: { color: 'auto' } },
    lines: ['bw-a4 ×5 = 1000'],
    print: { printPages: 5, printedSides: 5, sheets: 5, colorSides: 0 },
  },
  {
    rule: 'auto, every page colour',
    file: { pages: 3, colorPages: [1, 2, 3], options: { color: 'auto' } },
    lines: ['colour-a4 ×3 = 3000'],
    print: { printPages: 3, printedSides: 3, sheets: 3, colorSides: 3 },
  },
  {
    rule: 'auto before detection answers: incomplete',
    file: { pages: 5, options: { color: 'auto' } },
    lines: ['missing:color ×5'],
    print: { printPages: 5, printedSides: 5, sheets: 5, colorSides: null },
  },
  {
    rule: 'auto, detection failed (null): incomplete',
    file: { pages: 5, colorPages: null, options: { color: 'auto' } },
    lines: ['missing:color ×5'],
    print: { printPages: 5, printedSides: 5, sheets: 5, colorSides: null },
  },
  {
    rule: 'auto, pages past those detection looked at: incomplete',
    file: { pages: 600, colorPages: [3], colorPagesChecked: 500, options: { color: 'auto' } },
    lines: ['missing:color ×600'],
    print: { printPages: 600, printedSides: 600, sheets: 600, colorSides: null },
  },
  {
    rule: 'auto, a range within the pages detection looked at',
    file: { pages: 600, colorPages: [3], colorPagesChecked: 500, options: { color: 'auto', pages: '1-10' } },
    lines: ['bw-a4 ×9 = 1800', 'colour-a4 ×1 = 1000'],
    print: { printPages: 10, printedSides: 10, sheets: 10, colorSides: 1 },
  },
  // Matching: paper + colour + sides, then paper + colour on a service naming no sides.
  {
    rule: 'A3 single-sided matches exactly',
    file: { pages: 2, options: { paper: 'A3' } },
    lines: ['bw-a3-single ×2 = 800'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'A3 double-sided: the only A3 rate is single-sided, so no rate',
    file: { pages: 2, options: { paper: 'A3', sides: 'double' } },
    lines: ['missing:service ×2'],
    print: { printPages: 2, printedSides: 2, sheets: 1 },
  },
  {
    rule: 'A3 colour: the one service is inactive, so no rate',
    file: { pages: 2, options: { paper: 'A3', color: 'color' } },
    lines: ['missing:service ×2'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'Letter: no rate for the paper',
    file: { pages: 2, options: { paper: 'Letter' } },
    lines: ['missing:service ×2'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'paper is matched regardless of case',
    file: { pages: 2, options: { paper: 'a4' } },
    lines: ['bw-a4 ×2 = 400'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'a per_item service with print attributes is not a page rate',
    file: { pages: 1, options: { paper: '4x6', color: 'color' } },
    lines: ['missing:service ×1'],
    print: { printPages: 1, printedSides: 1, sheets: 1 },
  },
  {
    rule: 'auto on A3: the B&W sides priced, the colour sides at the counter',
    file: { pages: 3, colorPages: [2], options: { color: 'auto', paper: 'A3' } },
    lines: ['bw-a3-single ×2 = 800', 'missing:service ×1'],
    print: { printPages: 3, printedSides: 3, sheets: 3, colorSides: 1 },
  },
  // Pending.
  {
    rule: 'a conversion in progress: incomplete',
    file: { name: 'report.docx', pages: null, conversionPending: true },
    lines: ['missing:conversion ×0'],
    print: { printPages: null, printedSides: null, sheets: null },
  },
  {
    rule: 'a converted document still being counted: incomplete',
    file: { pages: null },
    lines: ['missing:pages ×0'],
    print: { printPages: null, printedSides: null, sheets: null },
  },
  // Extras.
  {
    rule: 'binding ×2 and lamination as per_item add-ons',
    file: { pages: 2, options: { extras: [{ serviceId: 'binding', quantity: 2 }, { serviceId: 'lamination' }] } },
    lines: ['bw-a4 ×2 = 400', 'binding ×2 = 6000', 'lamination ×1 = 2500'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'a per_order add-on is charged once, whatever the quantity asked',
    file: { pages: 2, options: { extras: [{ serviceId: 'urgent', quantity: 3 }] } },
    lines: ['bw-a4 ×2 = 400', 'urgent ×1 = 5000'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
  {
    rule: 'add-ons that are not (any longer) add-ons: incomplete',
    file: {
      pages: 2,
      options: {
        extras: [
          { serviceId: 'stapling-retired', quantity: 1 },
          { serviceId: 'photo-4x6', quantity: 2 },
          { serviceId: 'no-such-service', quantity: 4 },
        ],
      },
    },
    lines: ['bw-a4 ×2 = 400', 'missing:extra ×1', 'missing:extra ×2', 'missing:extra ×4'],
    print: { printPages: 2, printedSides: 2, sheets: 2 },
  },
];

describe('estimate: the rules of issue 19, one file at a time', () => {
  it.each(ROWS)('$rule', (row) => {
    const e = estimate([file(row.file)], RATE_CARD);
    expect(e.lines.map(summary)).toEqual(row.lines);
    // The total is the sum of the priced lines, each unit price × quantity.
    const expectedTotal = row.lines.reduce((sum, l) => sum + (l.includes(' = ') ? Number(l.split(' = ')[1]) : 0), 0);
    expect(e.totalPaise).toBe(expectedTotal);
    for (const l of e.lines) if (l.amountPaise !== null) expect(l.amountPaise).toBe(l.unitPricePaise! * l.quantity);
    const complete = row.lines.every((l) => !l.startsWith('missing:'));
    expect(e.complete).toBe(complete);
    const [print] = e.files;
    expect(print).toMatchObject({ fileId: 'f1', pagesClipped: false, complete, ...row.print });
    // Every line without a price says so, and why.
    for (const l of e.lines.filter((x) => x.missing)) {
      expect(l.description).toContain(PRICE_AT_THE_COUNTER);
      expect(l.description).toContain(row.file?.name ?? 'report.pdf');
      expect([l.serviceId, l.unitPricePaise, l.amountPaise]).toEqual([null, null, null]);
    }
  });
});

describe('estimate: a job of several files', () => {
  const files = [
    file({ fileId: 'a', name: 'notes.pdf', pages: 12, options: { copies: 2, sides: 'double', extras: [{ serviceId: 'urgent' }] } }),
    file({
      fileId: 'b',
      name: 'poster.pdf',
      pages: 3,
      colorPages: [1, 3],
      options: { color: 'auto', extras: [{ serviceId: 'binding' }, { serviceId: 'urgent' }] },
    }),
    file({ fileId: 'c', name: 'letter.docx', pages: null, conversionPending: true }),
  ];

  it('lists each file in order, then per_order add-ons once, and totals the priced lines', () => {
    const e = estimate(files, RATE_CARD);
    expect(e.lines.map((l) => `${l.fileId}: ${summary(l)}`)).toEqual([
      'a: bw-a4-double ×24 = 3600',
      'b: bw-a4 ×1 = 200',
      'b: colour-a4 ×2 = 2000',
      'c: missing:conversion ×0',
      'b: binding ×1 = 3000',
      'null: urgent ×1 = 5000',
    ]);
    expect(e.totalPaise).toBe(3600 + 200 + 2000 + 3000 + 5000);
    expect(e.complete).toBe(false);
    expect(e.files.map((f) => [f.fileId, f.printPages, f.printedSides, f.sheets, f.complete])).toEqual([
      ['a', 12, 24, 12, true],
      ['b', 3, 3, 3, true],
      ['c', null, null, null, false],
    ]);
  });

  it('is complete once the conversion is done and counted', () => {
    const done = files.map((f) => (f.fileId === 'c' ? { ...f, pages: 2, conversionPending: false } : f));
    const e = estimate(done, RATE_CARD);
    expect(e.complete).toBe(true);
    expect(e.totalPaise).toBe(3600 + 200 + 2000 + 400 + 3000 + 5000);
  });

  it('prices an empty job at nothing, complete', () => {
    expect(estimate([], RATE_CARD)).toEqual({ totalPaise: 0, complete: true, lines: [], files: [] });
  });
});

describe('matchService', () => {
  it('takes the exact sides first, then a service naming no sides, in the shop order', () => {
    const card = [
      service('any-1', 100, { paper: 'A4', color: 'bw' }),
      service('double', 80, { paper: 'A4', color: 'bw', sides: 'double' }),
      service('any-2', 90, { paper: 'A4', color: 'bw' }),
      service('single', 110, { paper: 'A4', color: 'bw', sides: 'single' }),
    ];
    expect(matchService(card, 'A4', 'bw', 'double')?.id).toBe('double');
    expect(matchService(card, 'A4', 'bw', 'single')?.id).toBe('single');
    expect(matchService(card.slice(0, 3), 'A4', 'bw', 'single')?.id).toBe('any-1');
    expect(matchService(card, 'A4', 'color', 'single')).toBeUndefined();
  });

  it('never matches a service without print attributes, an add-on, or another unit', () => {
    const card = [
      service('legacy', 200),
      service('addon', 200, { paper: 'A4', color: 'bw', extra: true }),
      service('hourly', 200, { paper: 'A4', color: 'bw', unit: 'per_hour' }),
    ];
    expect(matchService(card, 'A4', 'bw', 'single')).toBeUndefined();
  });
});

describe('sideCounts', () => {
  it.each([
    { pages: 1, nup: 1, copies: 1, sides: 'double', expected: { sidesPerCopy: 1, printedSides: 1, sheets: 1 } },
    { pages: 7, nup: 2, copies: 1, sides: 'single', expected: { sidesPerCopy: 4, printedSides: 4, sheets: 4 } },
    { pages: 7, nup: 2, copies: 2, sides: 'double', expected: { sidesPerCopy: 4, printedSides: 8, sheets: 4 } },
    { pages: 3, nup: 1, copies: 2, sides: 'double', expected: { sidesPerCopy: 3, printedSides: 6, sheets: 4 } },
    { pages: 0, nup: 4, copies: 5, sides: 'double', expected: { sidesPerCopy: 0, printedSides: 0, sheets: 0 } },
  ] as const)('$pages pages, $nup-up, $copies copies, $sides', ({ pages, nup, copies, sides, expected }) => {
    expect(sideCounts(pages, { nup, copies, sides })).toEqual(expected);
  });
});

describe('money: integer paise, rupees only at the wire', () => {
  it('prices ₹0.35 a side × 3 sides at exactly ₹1.05 (rupee arithmetic would give 1.0499999999999998)', () => {
    const card = [service('cheap', 35, { paper: 'A4', color: 'bw' })];
    const e = estimate([file({ pages: 3 })], card);
    expect(0.35 * 3).not.toBe(1.05);
    expect(e.totalPaise).toBe(105);
    const wire = estimateToWire(e);
    expect(wire).toMatchObject({ total: 1.05, currency: 'INR', complete: true });
    expect(wire.lines[0]).toMatchObject({ unitPrice: 0.35, amount: 1.05, quantity: 3 });
  });

  it('adds ten lines of ₹0.10 to exactly ₹1 (summing rupees would give 0.9999999999999999)', () => {
    const card = [service('tenth', 10, { paper: 'A4', color: 'bw' })];
    const files = Array.from({ length: 10 }, (_, i) => file({ fileId: `f${i}`, pages: 1 }));
    const wire = estimateToWire(estimate(files, card));
    expect(wire.lines.reduce((sum, l) => sum + l.amount!, 0)).not.toBe(1);
    expect(wire.total).toBe(1);
  });

  it('refuses to price an amount a double cannot hold exactly, and says so', () => {
    const card = [service('absurd', 1_000_000_000, { paper: 'A4', color: 'bw' })];
    const e = estimate([file({ pages: 100_000_000, options: { copies: 99 } })], card);
    expect(e.lines.map(summary)).toEqual(['missing:service ×9900000000']);
    expect(e.complete).toBe(false);
  });

  it('answers the wire schema, unpriced lines with null prices', () => {
    const wire = estimateToWire(estimate([file({ pages: 2, options: { paper: 'Letter' } }), file({ fileId: 'f2', pages: 2 })], RATE_CARD));
    expect(ZEstimate.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ total: 4, complete: false });
    expect(wire.lines[0]).toMatchObject({ fileId: 'f1', serviceId: null, unitPrice: null, amount: null, missing: 'service', quantity: 2 });
    expect(wire.lines[0]!.description).toBe(`report.pdf: no rate for B&W Letter single-sided — ${PRICE_AT_THE_COUNTER}`);
  });
});
