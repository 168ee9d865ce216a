import { defaultPrintOptions, type TPrintOptions } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { paperOfFile, paperOfJob } from './paper.js';

const options = (o: Partial<TPrintOptions>): TPrintOptions => ({ ...defaultPrintOptions({ colorDetection: false }), ...o });

describe('the printed side and sheet (docs/product/rules.md#sheets-and-sides)', () => {
  it('5 pages, 2 copies, 2 to a side, both sides: 3 sides and 2 sheets a copy', () => {
    expect(paperOfFile({ pages: 5, options: options({ copies: 2, nup: 2, sides: 'double' }) })).toEqual({ sides: 6, sheets: 4 });
  });

  it('counts only the chosen pages: "2-4" of 10 is 3 sides on 3 sheets, or 2 sheets both sides', () => {
    expect(paperOfFile({ pages: 10, options: options({ pages: '2-4' }) })).toEqual({ sides: 3, sheets: 3 });
    expect(paperOfFile({ pages: 10, options: options({ pages: '2-4', sides: 'double' }) })).toEqual({ sides: 3, sheets: 2 });
  });

  it('cuts a range at the end of the document and counts a page named twice once', () => {
    expect(paperOfFile({ pages: 3, options: options({ pages: '2-9' }) })).toEqual({ sides: 2, sheets: 2 });
    expect(paperOfFile({ pages: 10, options: options({ pages: '1-3,2-5' }) })).toEqual({ sides: 5, sheets: 5 });
  });

  it('starts every copy on a fresh sheet: an odd copy both sides leaves its last back blank', () => {
    // 3 pages both sides: a copy is 2 sheets (front, back, front + blank back); 3 copies are 6, not ⌈9 ÷ 2⌉ = 5.
    expect(paperOfFile({ pages: 3, options: options({ copies: 3, sides: 'double' }) })).toEqual({ sides: 9, sheets: 6 });
  });

  it('puts 4 pages on a side: 9 pages are 3 sides, the last with one page', () => {
    expect(paperOfFile({ pages: 9, options: options({ nup: 4 }) })).toEqual({ sides: 3, sheets: 3 });
  });

  it('prints every page of a list it cannot read, as the print-ready PDF does', () => {
    expect(paperOfFile({ pages: 4, options: options({ pages: '0-2' }) })).toEqual({ sides: 4, sheets: 4 });
  });

  it('knows nothing of a file whose pages are not counted', () => {
    expect(paperOfFile({ pages: null, options: options({ copies: 5 }) })).toBeNull();
  });

  it("adds a job's files up and says how many it could not count", () => {
    const job = paperOfJob([
      { pages: 5, options: options({ copies: 2, nup: 2, sides: 'double' }) },
      { pages: 10, options: options({ pages: '2-4' }) },
      { pages: null, options: options({}) },
    ]);
    expect(job).toEqual({ sides: 9, sheets: 7, uncounted: 1 });
  });
});
