import {
  matchPageRate,
  PRICE_AT_THE_COUNTER,
  paiseToRupees,
  type TEstimate,
  type TEstimateGap,
  type TPrintOptions,
  type TPrintSides,
} from '@counterprint/contract';
import { type PageSelection, positionInSelection, selectPages } from './page-range.js';
import { type SideCounts, sideCounts } from './paper.js';

/**
 * The price of a print order from the shop's own rate card (issue 19, docs/decisions/036-pricing-rules.md).
 * Pure: no clock, no database, no I/O. Money is integer paise throughout: every unit price is whole
 * paise and every quantity a whole number, so no fraction of a paisa ever arises and nothing here
 * rounds; rupees appear only at the wire (estimateToWire), from the integer total, so the customer's
 * phone, the staff queue and the recorded order show the same figure.
 */

export type RateCardUnit = 'per_page' | 'per_order' | 'per_hour' | 'per_item' | 'per_sqft';
export type PageKind = 'bw' | 'color';

/** A rate-card service as pricing needs it, in the shop's order (the first match wins). */
export type RateCardEntry = {
  id: string;
  serviceName: string;
  unitPricePaise: number;
  unit: RateCardUnit;
  isActive: boolean;
  paper: string | null;
  color: PageKind | null;
  sides: TPrintSides | null;
  extra: boolean;
};

export type FileToPrice = {
  fileId: string;
  name: string;
  /** null while counting, or when the pages could not be counted. */
  pages: number | null;
  /** A document still on its way to a PDF: its pages are not yet the ones that print. */
  conversionPending: boolean;
  options: TPrintOptions;
  /** Pages detected as colour (1-based); undefined or null while unknown (detection pending, failed or off). */
  colorPages?: readonly number[] | null;
  /** How many leading pages detection looked at (it stops at a cap); pages past it are of unknown colour. */
  colorPagesChecked?: number;
};

export type PricedLine = {
  /** A printed-sides line or an add-on. */
  kind: 'print' | 'extra';
  fileId: string | null;
  serviceId: string | null;
  description: string;
  quantity: number;
  unitPricePaise: number | null;
  amountPaise: number | null;
  missing: TEstimateGap | null;
};

/** What one file prints; null where the page count is unknown. `complete`: every line of the file (add-ons too) has a price. */
export type FilePrint = {
  fileId: string;
  printPages: number | null;
  pagesClipped: boolean;
  /** Sides that pass through the printer, all copies. */
  printedSides: number | null;
  /** Of those, sides priced at the colour rate. */
  colorSides: number | null;
  sheets: number | null;
  complete: boolean;
};

export type Estimate = { totalPaise: number; complete: boolean; lines: PricedLine[]; files: FilePrint[] };

/**
 * Colour sides of one copy: with n-up, the selected pages fill sides in order, n to a side, and a
 * side is colour when any page on it is colour: it goes through the printer as a colour print,
 * and that is what it costs the shop (docs/decisions/036).
 */
export function colorSidesPerCopy(selection: PageSelection, colorPages: readonly number[], nup: number): number {
  const sides = new Set<number>();
  for (const page of colorPages) {
    const position = positionInSelection(selection, page);
    if (position !== undefined) sides.add(Math.floor(position / nup));
  }
  return sides.size;
}

/** Paper + colour + sides first, then paper + colour on a service that names no sides (contract's matchPageRate). */
export const matchService = (rateCard: readonly RateCardEntry[], paper: string, kind: PageKind, sides: TPrintSides) =>
  matchPageRate(rateCard, paper, kind, sides);

const KIND_WORDS: Record<PageKind, string> = { bw: 'B&W', color: 'colour' };

const GAP_WORDS: Record<Exclude<TEstimateGap, 'service' | 'extra'>, string> = {
  pages: 'page count not known yet',
  conversion: 'still converting to PDF',
  color: 'colour pages not known yet',
};

function priced(fileId: string | null, service: RateCardEntry, description: string, quantity: number): PricedLine {
  const amountPaise = service.unitPricePaise * quantity;
  // A shop's absurd price times a hostile page count must not become an inexact double.
  if (!Number.isSafeInteger(amountPaise)) return unpriced(fileId, `${description}: too large to price`, quantity, 'service');
  const kind = service.extra ? 'extra' : 'print';
  return { kind, fileId, serviceId: service.id, description, quantity, unitPricePaise: service.unitPricePaise, amountPaise, missing: null };
}

const unpriced = (fileId: string | null, what: string, quantity: number, missing: TEstimateGap): PricedLine => ({
  kind: missing === 'extra' ? 'extra' : 'print',
  fileId,
  serviceId: null,
  description: `${what} — ${PRICE_AT_THE_COUNTER}`,
  quantity,
  unitPricePaise: null,
  amountPaise: null,
  missing,
});

/** The colour sides of all copies, or undefined when `auto` cannot know them yet. */
function colorSidesOf(file: FileToPrice, selection: PageSelection, counts: SideCounts): number | undefined {
  const { color, nup, copies } = file.options;
  if (color === 'bw') return 0;
  if (color === 'color') return counts.printedSides;
  if (!file.colorPages) return undefined;
  const last = selection.intervals[selection.intervals.length - 1]?.[1] ?? 0;
  if (file.colorPagesChecked !== undefined && last > file.colorPagesChecked) return undefined;
  return colorSidesPerCopy(selection, file.colorPages, nup) * copies;
}

function printLines(file: FileToPrice, rateCard: readonly RateCardEntry[]): { lines: PricedLine[]; print: FilePrint } {
  const blank: FilePrint = {
    fileId: file.fileId,
    printPages: null,
    pagesClipped: false,
    printedSides: null,
    colorSides: null,
    sheets: null,
    complete: false,
  };
  if (file.conversionPending)
    return { lines: [unpriced(file.fileId, `${file.name}: ${GAP_WORDS.conversion}`, 0, 'conversion')], print: blank };
  if (file.pages === null) return { lines: [unpriced(file.fileId, `${file.name}: ${GAP_WORDS.pages}`, 0, 'pages')], print: blank };
  const selection = selectPages(file.options.pages, file.pages);
  // Options are checked where they enter; one stored before a rule changed still prices nothing rather than throwing.
  if ('error' in selection) return { lines: [unpriced(file.fileId, `${file.name}: ${selection.error}`, 0, 'pages')], print: blank };
  const counts = sideCounts(selection.count, file.options);
  const colorSides = colorSidesOf(file, selection, counts);
  const print: FilePrint = {
    fileId: file.fileId,
    printPages: selection.count,
    pagesClipped: selection.clipped,
    printedSides: counts.printedSides,
    colorSides: colorSides ?? null,
    sheets: counts.sheets,
    complete: true,
  };
  if (colorSides === undefined) {
    print.complete = false;
    return { lines: [unpriced(file.fileId, `${file.name}: ${GAP_WORDS.color}`, counts.printedSides, 'color')], print };
  }
  const lines: PricedLine[] = [];
  const bySide: [PageKind, number][] = [
    ['bw', counts.printedSides - colorSides],
    ['color', colorSides],
  ];
  for (const [kind, quantity] of bySide) {
    if (quantity === 0) continue;
    const { paper, sides } = file.options;
    const service = matchService(rateCard, paper, kind, sides);
    if (service) lines.push(priced(file.fileId, service, `${file.name}: ${service.serviceName}`, quantity));
    else lines.push(unpriced(file.fileId, `${file.name}: no rate for ${KIND_WORDS[kind]} ${paper} ${sides}-sided`, quantity, 'service'));
  }
  print.complete = lines.every((l) => l.missing === null);
  return { lines, print };
}

/**
 * Add-ons: a per_item one is charged per file for the quantity asked; a per_order one once per job
 * (quantity 1), however many files ask for it. One no longer on the rate card, inactive, or not
 * an add-on prices nothing and leaves the estimate incomplete.
 */
function extraLines(files: readonly FileToPrice[], rateCard: readonly RateCardEntry[]): PricedLine[] {
  const lines: PricedLine[] = [];
  const perOrder = new Map<string, RateCardEntry>();
  for (const file of files) {
    for (const { serviceId, quantity } of file.options.extras) {
      const service = rateCard.find(
        (s) => s.id === serviceId && s.isActive && s.extra && (s.unit === 'per_item' || s.unit === 'per_order'),
      );
      if (!service) lines.push(unpriced(file.fileId, `${file.name}: an add-on no longer offered`, quantity, 'extra'));
      else if (service.unit === 'per_order') perOrder.set(service.id, service);
      else lines.push(priced(file.fileId, service, `${file.name}: ${service.serviceName}`, quantity));
    }
  }
  for (const service of perOrder.values()) lines.push(priced(null, service, service.serviceName, 1));
  return lines;
}

/** One exact price for a job's files: lines in file order, then per_order add-ons; the total of the priced lines. */
export function estimate(files: readonly FileToPrice[], rateCard: readonly RateCardEntry[]): Estimate {
  const lines: PricedLine[] = [];
  const prints: FilePrint[] = [];
  for (const file of files) {
    const { lines: fileLines, print } = printLines(file, rateCard);
    lines.push(...fileLines);
    prints.push(print);
  }
  lines.push(...extraLines(files, rateCard));
  for (const print of prints) if (lines.some((l) => l.fileId === print.fileId && l.missing)) print.complete = false;
  const totalPaise = lines.reduce((sum, l) => sum + (l.amountPaise ?? 0), 0);
  return { totalPaise, complete: lines.every((l) => l.missing === null), lines, files: prints };
}

/** The estimate as the API answers it: rupees, from the integer paise (docs/decisions/036). */
export function estimateToWire(e: Estimate): TEstimate {
  return {
    total: paiseToRupees(e.totalPaise),
    currency: 'INR',
    complete: e.complete,
    lines: e.lines.map((l) => ({
      fileId: l.fileId,
      serviceId: l.serviceId,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPricePaise === null ? null : paiseToRupees(l.unitPricePaise),
      amount: l.amountPaise === null ? null : paiseToRupees(l.amountPaise),
      missing: l.missing,
    })),
  };
}
