import { PAGE_RANGE_MAX_LENGTH, parsePageRanges } from '@counterprint/contract';

/**
 * The pages of one document that print, as sorted, disjoint, non-adjacent intervals [from, to]:
 * a range such as 1-999999999 is one pair, never a billion numbers, so hostile input costs at most
 * PAGE_RANGE_MAX_PARTS intervals.
 */
export type PageSelection = {
  intervals: [number, number][];
  /** Pages that print (per copy). */
  count: number;
  /** The range named pages past the document's end; they were dropped, not refused (issue 19). */
  clipped: boolean;
};

export type PageSelectionResult = PageSelection | { error: string };

/** Merges overlapping and touching ranges (1-3,2-5,6 is 1-6) into sorted intervals. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/**
 * The ranges in the order asked, less the pages an earlier range already named ("3-5,1-4" is 3-5,
 * 1-2): the print-ready PDF prints each chosen page once, as paper.ts counts it.
 */
export function withoutRepeats(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let taken: [number, number][] = [];
  for (const [from, to] of ranges) {
    let pieces: [number, number][] = [[from, to]];
    for (const [a, b] of taken)
      pieces = pieces.flatMap(([x, y]): [number, number][] => {
        if (b < x || a > y) return [[x, y]];
        const left: [number, number][] = a > x ? [[x, a - 1]] : [];
        return b < y ? [...left, [b + 1, y]] : left;
      });
    out.push(...pieces);
    taken = mergeRanges([...taken, [from, to]]);
  }
  return out;
}

/** The pages of a `pageCount`-page document that `pages` ('all' or a list like "1-3,5") selects, or why it cannot be read. */
export function selectPages(pages: string, pageCount: number): PageSelectionResult {
  const total = Math.max(0, Math.floor(pageCount));
  // Length first: a hostile text is refused without being copied.
  if (pages.length <= PAGE_RANGE_MAX_LENGTH && pages.trim().toLowerCase() === 'all')
    return { intervals: total > 0 ? [[1, total]] : [], count: total, clipped: false };
  const parsed = parsePageRanges(pages);
  if (!parsed.ok) return { error: parsed.message };
  const merged = mergeRanges(parsed.ranges);
  const clipped = merged.some(([, to]) => to > total);
  const intervals: [number, number][] = [];
  for (const [from, to] of merged) if (from <= total) intervals.push([from, Math.min(to, total)]);
  return { intervals, count: intervals.reduce((n, [from, to]) => n + to - from + 1, 0), clipped };
}

/** Where `page` falls in the printed order (0-based), or undefined when it does not print. */
export function positionInSelection(selection: PageSelection, page: number): number | undefined {
  let before = 0;
  for (const [from, to] of selection.intervals) {
    if (page < from) return undefined;
    if (page <= to) return before + page - from;
    before += to - from + 1;
  }
  return undefined;
}

/** The selected pages one by one, for callers that need them (bounded by the document, never by the text). */
export function* selectedPages(selection: PageSelection): Generator<number> {
  for (const [from, to] of selection.intervals) for (let page = from; page <= to; page++) yield page;
}
