import { PAGE_RANGE_MAX_LENGTH, PAGE_RANGE_MAX_PARTS, PRINT_OPTION_MESSAGES } from '@counterprint/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeRanges, type PageSelection, positionInSelection, selectedPages, selectPages, withoutRepeats } from './page-range.js';

const selection = (pages: string, pageCount: number): PageSelection => {
  const result = selectPages(pages, pageCount);
  if ('error' in result) throw new Error(`unexpected error: ${result.error}`);
  return result;
};
const errorOf = (pages: string, pageCount = 10): string => {
  const result = selectPages(pages, pageCount);
  if (!('error' in result)) throw new Error(`expected an error for ${JSON.stringify(pages)}`);
  return result.error;
};

describe('selectPages: valid ranges', () => {
  it.each([
    { pages: 'all', count: 12, intervals: [[1, 12]], printed: 12 },
    { pages: ' ALL ', count: 3, intervals: [[1, 3]], printed: 3 },
    { pages: 'all', count: 0, intervals: [], printed: 0 },
    {
      pages: '1-3,5,8-10',
      count: 12,
      intervals: [
        [1, 3],
        [5, 5],
        [8, 10],
      ],
      printed: 7,
    },
    {
      pages: ' 1 - 3 , 5 ',
      count: 12,
      intervals: [
        [1, 3],
        [5, 5],
      ],
      printed: 4,
    },
    { pages: '8–10', count: 12, intervals: [[8, 10]], printed: 3 },
    {
      pages: '5,1-3',
      count: 12,
      intervals: [
        [1, 3],
        [5, 5],
      ],
      printed: 4,
    },
    { pages: '3,3,3', count: 12, intervals: [[3, 3]], printed: 1 },
    { pages: '1-4,2-6', count: 12, intervals: [[1, 6]], printed: 6 },
    { pages: '1-3,4-6', count: 12, intervals: [[1, 6]], printed: 6 },
    { pages: '007', count: 12, intervals: [[7, 7]], printed: 1 },
    { pages: '12', count: 12, intervals: [[12, 12]], printed: 1 },
  ])('$pages of $count pages prints $printed', ({ pages, count, intervals, printed }) => {
    expect(selection(pages, count)).toEqual({ intervals, count: printed, clipped: false });
  });
});

describe('selectPages: ranges past the end are clipped and flagged', () => {
  it.each([
    { pages: '1-20', count: 12, intervals: [[1, 12]], printed: 12 },
    { pages: '10-15', count: 12, intervals: [[10, 12]], printed: 3 },
    { pages: '2,14', count: 12, intervals: [[2, 2]], printed: 1 },
    { pages: '13-20', count: 12, intervals: [], printed: 0 },
    { pages: '1-999999999', count: 5, intervals: [[1, 5]], printed: 5 },
    { pages: '99999999999999999999999', count: 5, intervals: [], printed: 0 },
  ])('$pages of $count pages prints $printed', ({ pages, count, intervals, printed }) => {
    expect(selection(pages, count)).toEqual({ intervals, count: printed, clipped: true });
  });
});

describe('selectPages: malformed ranges are refused with a message naming pages', () => {
  it.each([
    { pages: '', message: PRINT_OPTION_MESSAGES.pages },
    { pages: '   ', message: PRINT_OPTION_MESSAGES.pages },
    { pages: '0', message: PRINT_OPTION_MESSAGES.pagesZero },
    { pages: '0-3', message: PRINT_OPTION_MESSAGES.pagesZero },
    { pages: '000', message: PRINT_OPTION_MESSAGES.pagesZero },
    { pages: '3-1', message: 'pages 3-1 run backwards: write 1-3' },
    { pages: '100000000000000000001-100000000000000000000', message: 'pages 100000000000000000001-100000000000000000000 run backwards' },
    { pages: 'a', message: "(not 'a')" },
    { pages: '1--2', message: "(not '1--2')" },
    { pages: '1-2-3', message: "(not '1-2-3')" },
    { pages: '1,,2', message: "(not '')" },
    { pages: '1,', message: "(not '')" },
    { pages: '-3', message: "(not '-3')" },
    { pages: '3-', message: "(not '3-')" },
    { pages: '1.5', message: "(not '1.5')" },
    { pages: '+1', message: "(not '+1')" },
    { pages: '1e3', message: "(not '1e3')" },
    { pages: '１', message: "(not '１')" },
    { pages: '1'.repeat(PAGE_RANGE_MAX_LENGTH + 1), message: PRINT_OPTION_MESSAGES.pagesTooLong },
    {
      pages: Array(PAGE_RANGE_MAX_PARTS + 1)
        .fill('1')
        .join(','),
      message: PRINT_OPTION_MESSAGES.pagesTooManyParts,
    },
  ])('$pages', ({ pages, message }) => {
    const error = errorOf(pages);
    expect(error).toContain(message);
    expect(error.startsWith('pages')).toBe(true);
  });

  it('accepts exactly the longest list and the most parts allowed', () => {
    expect(selection(Array(PAGE_RANGE_MAX_PARTS).fill('1').join(','), 3).count).toBe(1);
    const longest = `1-${'9'.repeat(PAGE_RANGE_MAX_LENGTH - 2)}`;
    expect(longest).toHaveLength(PAGE_RANGE_MAX_LENGTH);
    expect(selection(longest, 3)).toEqual({ intervals: [[1, 3]], count: 3, clipped: true });
  });
});

describe('selectPages: hostile input', () => {
  it('counts a billion-page range without listing it', () => {
    const started = performance.now();
    const big = selection('1-999999999', 999_999_999);
    expect(big).toEqual({ intervals: [[1, 999_999_999]], count: 999_999_999, clipped: false });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers the worst texts it accepts or refuses within milliseconds', () => {
    const worst = [
      Array(PAGE_RANGE_MAX_PARTS).fill('1-999999999').join(',').slice(0, PAGE_RANGE_MAX_LENGTH),
      `${' '.repeat(PAGE_RANGE_MAX_LENGTH - 2)}1x`,
      `1${' '.repeat(PAGE_RANGE_MAX_LENGTH - 3)}-x`,
      ','.repeat(100_000),
      '1-2,'.repeat(1_000_000),
      '9'.repeat(10_000_000),
    ];
    for (const text of worst) {
      const started = performance.now();
      selectPages(text, 1_000_000);
      expect(performance.now() - started, text.slice(0, 30)).toBeLessThan(1000);
    }
  });

  it('agrees with a page-by-page reading on any short list (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 10 })), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 30 }),
        (parts, pageCount) => {
          const text = parts.map(([from, length]) => (length ? `${from}-${from + length}` : `${from}`)).join(',');
          const wanted = new Set(parts.flatMap(([from, length]) => Array.from({ length: length + 1 }, (_, i) => from + i)));
          const expected = [...wanted].filter((page) => page <= pageCount).sort((a, b) => a - b);
          const result = selection(text, pageCount);
          expect([...selectedPages(result)]).toEqual(expected);
          expect(result.count).toBe(expected.length);
          expect(result.clipped).toBe([...wanted].some((page) => page > pageCount));
          expect(expected.map((page) => positionInSelection(result, page))).toEqual(expected.map((_, i) => i));
        },
      ),
    );
  });
});

describe('mergeRanges and positionInSelection', () => {
  it('merges overlapping and touching ranges, keeps gaps', () => {
    expect(
      mergeRanges([
        [8, 10],
        [1, 3],
        [2, 4],
        [5, 5],
        [7, 7],
      ]),
    ).toEqual([
      [1, 5],
      [7, 10],
    ]);
  });

  it('places a page in the printed order, and nowhere when it does not print', () => {
    const s = selection('2-4,8,10-11', 20);
    expect([2, 3, 4, 8, 10, 11].map((p) => positionInSelection(s, p))).toEqual([0, 1, 2, 3, 4, 5]);
    expect([1, 5, 9, 12].map((p) => positionInSelection(s, p))).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('withoutRepeats: what the print-ready PDF prints', () => {
  it('keeps the order asked and drops pages an earlier range named', () => {
    expect(
      withoutRepeats([
        [3, 5],
        [1, 4],
        [2, 7],
      ]),
    ).toEqual([
      [3, 5],
      [1, 2],
      [6, 7],
    ]);
    expect(
      withoutRepeats([
        [1, 10],
        [4, 6],
      ]),
    ).toEqual([[1, 10]]);
  });

  it('prints as many pages as selectPages counts, each once', () => {
    const range = fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 10 })).map(([from, n]) => [from, from + n] as const);
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 8 }), (ranges) => {
        const pages = withoutRepeats(ranges).flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
        expect(new Set(pages).size).toBe(pages.length);
        expect(pages.length).toBe(mergeRanges(ranges).reduce((n, [from, to]) => n + to - from + 1, 0));
      }),
    );
  });
});
