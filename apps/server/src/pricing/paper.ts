import type { TPrintOptions } from '@counterprint/contract';
import { selectPages } from './page-range.js';

/**
 * The one definition of a printed side and a sheet (docs/product/rules.md#sheets-and-sides). The
 * queue, the shop dashboard, analytics, stock and pricing all count with it, so one job never shows
 * two figures. It describes what the print-ready PDF and the printer make of a file
 * (src/printing/print-ready-child.cjs): the chosen pages in order, n to a side; copies and duplex are
 * the printer's, and each copy starts on a fresh sheet.
 */

/** What a file or a job takes from the printer: sides printed and sheets of paper, all copies. */
export type PaperUse = { sides: number; sheets: number };

/** A file's sides for one copy and all copies; per_page prices per printed side (docs/decisions/036). */
export type SideCounts = { sidesPerCopy: number; printedSides: number; sheets: number };

/**
 * Printed sides = pages ÷ n-up, rounded up, × copies. Sheets are counted per copy (a copy of 3
 * double-sided sides takes 2 sheets, its last back left blank, and the next copy starts on a fresh
 * sheet), so 2 copies of 3 sides take 4 sheets, not ⌈6 ÷ 2⌉ = 3: copies are never printed back to
 * back on one sheet.
 */
export function sideCounts(printPages: number, options: Pick<TPrintOptions, 'nup' | 'copies' | 'sides'>): SideCounts {
  const sidesPerCopy = Math.ceil(printPages / options.nup);
  const sheetsPerCopy = options.sides === 'double' ? Math.ceil(sidesPerCopy / 2) : sidesPerCopy;
  return { sidesPerCopy, printedSides: sidesPerCopy * options.copies, sheets: sheetsPerCopy * options.copies };
}

/** A file as counting reads it: its pages (null while unknown) and how it is to be printed. */
export type CountedFile = { pages: number | null; options: TPrintOptions };

/**
 * The paper one file takes, or null while its pages are unknown. The chosen pages are merged and cut
 * at the document's end (page-range.ts); a list that cannot be read prints every page, as the
 * print-ready PDF does.
 */
export function paperOfFile(file: CountedFile): PaperUse | null {
  if (file.pages === null) return null;
  const selection = selectPages(file.options.pages, file.pages);
  const printPages = 'error' in selection ? Math.max(0, Math.floor(file.pages)) : selection.count;
  const { printedSides, sheets } = sideCounts(printPages, file.options);
  return { sides: printedSides, sheets };
}

/** A job's paper: the sum over its files; `uncounted` files (pages unknown) add nothing. */
export type JobPaper = PaperUse & { uncounted: number };

export function paperOfJob(files: readonly CountedFile[]): JobPaper {
  const total: JobPaper = { sides: 0, sheets: 0, uncounted: 0 };
  for (const file of files) {
    const use = paperOfFile(file);
    if (!use) total.uncounted++;
    else {
      total.sides += use.sides;
      total.sheets += use.sheets;
    }
  }
  return total;
}
