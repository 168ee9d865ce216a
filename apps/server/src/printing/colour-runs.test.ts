import { describe, expect, it } from 'vitest';
import { colourPlan, type FileColour, MAX_COLOUR_RUNS } from './colour-runs.js';

const auto = (pages: number, colorPages: number[] | null, over: Partial<FileColour['options']> = {}): FileColour => ({
  options: { color: 'auto', pages: 'all', nup: 1, sides: 'single', ...over },
  pages,
  colorPages,
  colorPagesChecked: colorPages === null ? null : pages,
});

describe('how an Auto file goes through the printer', () => {
  it('in monochrome when no page is colour, in colour when every page is', () => {
    expect(colourPlan(auto(6, []))).toEqual({ mode: 'bw' });
    expect(colourPlan(auto(2, [1, 2]))).toEqual({ mode: 'color' });
  });

  it('a mixed file in runs: its colour pages in colour, the rest in monochrome, in page order', () => {
    expect(colourPlan(auto(5, [2, 5]))).toEqual({
      mode: 'mixed',
      runs: [
        { pages: [[1, 1]], color: 'bw' },
        { pages: [[2, 2]], color: 'color' },
        { pages: [[3, 4]], color: 'bw' },
        { pages: [[5, 5]], color: 'color' },
      ],
    });
  });

  it('only the chosen pages, and monochrome when none of those is colour', () => {
    expect(colourPlan(auto(5, [2, 5], { pages: '1,3-4' }))).toEqual({ mode: 'bw' });
    expect(colourPlan(auto(6, [5], { pages: '3-6' }))).toEqual({
      mode: 'mixed',
      runs: [
        { pages: [[3, 4]], color: 'bw' },
        { pages: [[5, 5]], color: 'color' },
        { pages: [[6, 6]], color: 'bw' },
      ],
    });
  });

  it('two-sided: a sheet with a colour side prints whole in colour; with n-up a side with a colour page does', () => {
    expect(colourPlan(auto(6, [3], { sides: 'double' }))).toEqual({
      mode: 'mixed',
      runs: [
        { pages: [[1, 2]], color: 'bw' },
        { pages: [[3, 4]], color: 'color' },
        { pages: [[5, 6]], color: 'bw' },
      ],
    });
    expect(colourPlan(auto(4, [2], { nup: 2 }))).toEqual({
      mode: 'mixed',
      runs: [
        { pages: [[1, 2]], color: 'color' },
        { pages: [[3, 4]], color: 'bw' },
      ],
    });
  });

  it('in colour while its colour pages are not known, or past what detection looked at', () => {
    expect(colourPlan(auto(5, null))).toEqual({ mode: 'color' });
    expect(colourPlan({ ...auto(5, []), colorPagesChecked: 3 })).toEqual({ mode: 'color' });
  });

  it('as chosen when B&W or Colour was chosen', () => {
    expect(colourPlan(auto(5, [2], { color: 'bw' }))).toEqual({ mode: 'bw' });
    expect(colourPlan(auto(5, [], { color: 'color' }))).toEqual({ mode: 'color' });
  });

  it('whole in colour past MAX_COLOUR_RUNS runs: each run is a printer job of its own', () => {
    const every = Array.from({ length: MAX_COLOUR_RUNS }, (_, i) => 2 * i + 1);
    expect(colourPlan(auto(2 * MAX_COLOUR_RUNS, every))).toEqual({ mode: 'color' });
  });
});
