import type { TPrintOptions } from '@counterprint/contract';
import { mergeRanges, selectedPages, selectPages } from '../pricing/page-range.js';

/** Pages of the original document (1-based, inclusive ranges) printed in one colour mode, in order. */
export type ColourRun = { pages: [number, number][]; color: 'bw' | 'color' };

/**
 * How a file goes through the printer, by the same rule pricing charges it (docs/decisions/036): a
 * side is colour when any page on it is. 'mixed' prints its colour runs in colour and the rest in
 * monochrome; a run ends on a sheet's edge, so a two-sided sheet with one colour side prints in colour
 * whole (docs/decisions/059-print-what-was-priced.md).
 */
export type ColourPlan = { mode: 'bw' } | { mode: 'color' } | { mode: 'mixed'; runs: ColourRun[] };

export type FileColour = {
  options: Pick<TPrintOptions, 'color' | 'pages' | 'nup' | 'sides'>;
  pages: number | null;
  colorPages: readonly number[] | null;
  colorPagesChecked: number | null;
};

/** Runs past this many print the file whole in colour: each run is a job of its own at the printer. */
export const MAX_COLOUR_RUNS = 40;

export function colourPlan(file: FileColour): ColourPlan {
  const { color, pages, nup, sides } = file.options;
  if (color !== 'auto') return { mode: color };
  // Colour pages not known (detection off, failed or not done): priced at the counter, printed in colour.
  if (file.colorPages === null || file.pages === null) return { mode: 'color' };
  const selection = selectPages(pages, file.pages);
  if ('error' in selection) return { mode: 'color' };
  const last = selection.intervals.at(-1)?.[1] ?? 0;
  if (file.colorPagesChecked !== null && last > file.colorPagesChecked) return { mode: 'color' };
  const colour = new Set(file.colorPages);
  const perUnit = nup * (sides === 'double' ? 2 : 1);
  const units: { pages: number[]; colour: boolean }[] = [];
  let index = 0;
  for (const page of selectedPages(selection)) {
    if (index++ % perUnit === 0) units.push({ pages: [], colour: false });
    const unit = units.at(-1)!;
    unit.pages.push(page);
    if (colour.has(page)) unit.colour = true;
  }
  if (units.every((u) => !u.colour)) return { mode: 'bw' };
  if (units.every((u) => u.colour)) return { mode: 'color' };
  const runs: { pages: number[]; colour: boolean }[] = [];
  for (const unit of units) {
    const run = runs.at(-1);
    if (run && run.colour === unit.colour) run.pages.push(...unit.pages);
    else runs.push({ pages: [...unit.pages], colour: unit.colour });
  }
  if (runs.length > MAX_COLOUR_RUNS) return { mode: 'color' };
  return { mode: 'mixed', runs: runs.map((r) => ({ pages: asRanges(r.pages), color: r.colour ? 'color' : 'bw' })) };
}

/** Ascending page numbers as ranges: [2, 3, 4, 7] is [[2, 4], [7, 7]]. */
function asRanges(pages: number[]): [number, number][] {
  return mergeRanges(pages.map((p): [number, number] => [p, p]));
}
