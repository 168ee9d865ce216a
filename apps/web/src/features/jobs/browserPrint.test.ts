import type { TPrintOptions } from '@counterprint/contract';
import { describe, expect, it } from 'vitest';
import { dialogSettings } from './browserPrint';

const options = (over: Partial<TPrintOptions> = {}): TPrintOptions => ({
  copies: 1,
  sides: 'single',
  color: 'auto',
  pages: 'all',
  nup: 1,
  paper: 'A4',
  extras: [],
  ...over,
});
const colour = (pages: number | null, colorPages: number[] | null, over: Partial<TPrintOptions> = {}) =>
  dialogSettings({ options: options(over), pages, colorPages })[2];

describe('the colour staff set in the browser’s print dialog', () => {
  it('is black & white for an Auto file with no colour page, not colour', () => {
    expect(colour(6, [])).toBe('Black & white (no colour pages)');
  });

  it('names the colour pages of a mixed file', () => {
    expect(colour(5, [2, 5])).toBe('Pages 2, 5 in colour, the rest black & white');
    expect(colour(6, [2, 3, 4])).toBe('Pages 2–4 in colour, the rest black & white');
    expect(colour(5, [4])).toBe('Page 4 in colour, the rest black & white');
  });

  it('numbers pages as the print-ready PDF has them: the chosen pages only, n to a side', () => {
    expect(colour(6, [5], { pages: '4-6' })).toBe('Page 2 in colour, the rest black & white');
    expect(colour(6, [2, 5], { pages: '3-4' })).toBe('Black & white (no colour pages)');
    expect(colour(8, [3], { nup: 2 })).toBe('Page 2 in colour, the rest black & white');
  });

  it('is colour when every page has colour, or while the colour pages are not known', () => {
    expect(colour(2, [1, 2])).toBe('Colour (every page has colour)');
    expect(colour(3, null)).toBe('Colour (its colour pages are not known)');
  });

  it('is what was chosen for a B&W or Colour file', () => {
    expect(colour(3, [1], { color: 'bw' })).toBe('Black & white');
    expect(colour(3, [], { color: 'color' })).toBe('Colour');
  });
});
