import {
  ADJUSTMENT_WORDS,
  defaultPrintOptions,
  type TEstimate,
  type TFilePrintOrder,
  type TPrintOptions,
  type TRateCardPrintAttributes,
} from '@counterprint/contract';
import { type CountedFile, type JobPaper, paperOfJob } from './paper.js';
import { type Estimate, estimate, estimateToWire, type FileToPrice, type RateCardEntry, type RateCardUnit } from './pricing.js';

/**
 * A job as a print order (issue 19): its files' options and counts priced from the shop's rate card
 * by src/pricing (docs/decisions/036). Pure: the repo hands in the rows, the routes get a DTO.
 */

/** Files stored before issue 19 print with the defaults. */
export const DEFAULT_OPTIONS = defaultPrintOptions({ colorDetection: false });

/** The file columns pricing reads. */
export type PricedFile = {
  id: string;
  originalName: string;
  pages: number | null;
  conversion: string;
  printOptions: unknown;
  colorPages: number[] | null;
  colorPagesChecked: number | null;
};

/** A rate-card row as pricing reads it. */
export type RateCardRow = {
  id: string;
  serviceName: string;
  basePricePaise: number;
  unit: string;
  isActive: boolean;
  paper: string | null;
  color: string | null;
  sides: string | null;
  extra: boolean;
};

export const optionsOfFile = (f: Pick<PricedFile, 'printOptions'>): TPrintOptions =>
  (f.printOptions as TPrintOptions | null) ?? DEFAULT_OPTIONS;

/** The database's CHECK constraints allow only these; anything else reads as no attribute. */
const colorOf = (c: string | null) => (c === 'bw' || c === 'color' ? c : null);
const sidesOf = (s: string | null) => (s === 'single' || s === 'double' ? s : null);

export const toRateCardEntry = (r: RateCardRow): RateCardEntry => ({
  id: r.id,
  serviceName: r.serviceName,
  unitPricePaise: r.basePricePaise,
  unit: r.unit as RateCardUnit,
  isActive: r.isActive,
  paper: r.paper,
  color: colorOf(r.color),
  sides: sidesOf(r.sides),
  extra: r.extra,
});

/** A service's print attributes as settings and the public shop page show them. */
export function printAttributesOf(row: Pick<RateCardRow, 'paper' | 'color' | 'sides' | 'extra'>): TRateCardPrintAttributes {
  return { paper: row.paper, color: colorOf(row.color), sides: sidesOf(row.sides), extra: row.extra };
}

const toFileToPrice = (f: PricedFile): FileToPrice => ({
  fileId: f.id,
  name: f.originalName,
  pages: f.pages,
  conversionPending: f.conversion === 'converting',
  options: optionsOfFile(f),
  colorPages: f.colorPages,
  colorPagesChecked: f.colorPagesChecked ?? undefined,
});

export type PricedJob = {
  estimate: TEstimate;
  /** In integer paise, as the order records it. */
  exact: Estimate;
  byFile: Map<string, TFilePrintOrder>;
};

/** The live files of a job (in position order) priced from the shop's rate card. */
export function priceJob(files: readonly PricedFile[], rateCard: readonly RateCardEntry[]): PricedJob {
  const exact = estimate(files.map(toFileToPrice), rateCard);
  const byFile = new Map<string, TFilePrintOrder>();
  for (const [i, print] of exact.files.entries()) {
    byFile.set(print.fileId, {
      printPages: print.printPages,
      pagesClipped: print.pagesClipped,
      colorPages: files[i]!.colorPages ?? null,
      printedSides: print.printedSides,
      sheets: print.sheets,
    });
  }
  return { estimate: estimateToWire(exact), exact, byFile };
}

/** A file as paper.ts counts it: a document still converting has no pages yet that print. */
export const countedFile = (f: Pick<PricedFile, 'pages' | 'conversion' | 'printOptions'>): CountedFile => ({
  pages: f.conversion === 'converting' ? null : f.pages,
  options: optionsOfFile(f),
});

/** The sides and sheets a job's files take (paper.ts); files whose pages are unknown add nothing. */
export const paperOfFiles = (files: readonly Pick<PricedFile, 'pages' | 'conversion' | 'printOptions'>[]): JobPaper =>
  paperOfJob(files.map(countedFile));

/** One row of order_lines, in integer paise. */
export type OrderLine = {
  kind: 'print' | 'extra' | 'service' | 'adjustment';
  fileId: string | null;
  serviceId: string | null;
  description: string;
  quantity: number;
  unitPricePaise: number | null;
  amountPaise: number;
};

/**
 * What an order records when staff take `amountPaise` for a job priced `exact` (issue 19): every line
 * of the estimate (one priced at the counter records 0), then the difference as one adjustment: a
 * discount or surcharge on a complete estimate, "priced at the counter" on an incomplete one. The
 * lines always add up to the amount taken.
 */
export function orderLinesFor(exact: Estimate, amountPaise: number): OrderLine[] {
  const lines: OrderLine[] = exact.lines.map((l) => ({
    kind: l.kind,
    fileId: l.fileId,
    serviceId: l.serviceId,
    description: l.description,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    amountPaise: l.amountPaise ?? 0,
  }));
  const difference = amountPaise - exact.totalPaise;
  if (difference !== 0) {
    const description = !exact.complete
      ? ADJUSTMENT_WORDS.atCounter
      : difference < 0
        ? ADJUSTMENT_WORDS.discount
        : ADJUSTMENT_WORDS.surcharge;
    lines.push({
      kind: 'adjustment',
      fileId: null,
      serviceId: null,
      description,
      quantity: 1,
      unitPricePaise: null,
      amountPaise: difference,
    });
  }
  return lines;
}

/** The services an order sold, for the order's one-line summary (earnings search and older screens). */
export function servicesSold(lines: readonly OrderLine[], rateCard: readonly RateCardEntry[]): string | null {
  const names = new Set<string>();
  for (const l of lines) {
    const service = l.serviceId ? rateCard.find((s) => s.id === l.serviceId) : undefined;
    if (service) names.add(service.serviceName);
  }
  return names.size ? [...names].join(', ').slice(0, 200) : null;
}

/** A job as its paper is read: a printed one keeps what it took (migration 040). */
export type JobForPaper = { status: string; printedSheets: number | null; printedSides: number | null };
/** `printedWithJob`: Mark Printed recycled it with the job, at the job's printed_at. */
export type FileForPaper = Pick<PricedFile, 'pages' | 'conversion' | 'printOptions'> & { state: string; printedWithJob: boolean };

/**
 * The sides and sheets a job shows everywhere (docs/product/rules.md#sheets-and-sides): a printed job
 * what Mark Printed counted, which outlives its files; one printed before that was kept, the files
 * Mark Printed recycled with it (their pages and options survive the purge); a queued job its files
 * still to print; a cancelled one the files it still has.
 */
export function jobPaper(job: JobForPaper, files: readonly FileForPaper[]): JobPaper {
  if (job.status === 'done' && job.printedSheets !== null && job.printedSides !== null)
    return { sheets: job.printedSheets, sides: job.printedSides, uncounted: 0 };
  const counted = files.filter((f) =>
    job.status === 'done' ? f.printedWithJob : job.status === 'queued' ? f.state === 'active' : f.state !== 'purged',
  );
  return paperOfFiles(counted);
}
