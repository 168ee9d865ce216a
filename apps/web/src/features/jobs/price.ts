import {
  ADJUSTMENT_WORDS,
  describePrintOptions,
  paiseToRupees,
  rupeesToPaise,
  type TEstimate,
  type TEstimateLine,
  type TJob,
  type TJobFile,
  type TPrintOptions,
} from '@counterprint/contract';
import { formatRupees } from '../../lib/format';

/** "₹24.00", or "₹24.00 + at counter" while some line has no price yet (the total is then a lower bound). */
export function estimateText(estimate: TEstimate): string {
  if (estimate.complete) return formatRupees(estimate.total, 'always');
  return estimate.total > 0 ? `${formatRupees(estimate.total, 'always')} + at counter` : 'at counter';
}

/**
 * "2× · colour · double · pp 1–5 · A4". A job's options come as the server shows them (`nup` a plain
 * number), which describePrintOptions reads only as a number, so the wider type is safe to pass.
 */
export const optionsSummary = (options: TJobFile['options']): string => describePrintOptions(options as TPrintOptions);

/** One summary when every file prints the same way, else one per file; defaults are left out by describePrintOptions. */
export function optionsSummaries(job: TJob): { key: string; fileName: string | null; summary: string }[] {
  const all = job.files.map((f) => ({ key: f.id, fileName: f.name, summary: optionsSummary(f.options) }));
  if (all.length === 0) return [];
  return all.every((s) => s.summary === all[0]!.summary) ? [{ key: 'all', fileName: null, summary: all[0]!.summary }] : all;
}

/** A line's words under its file: the server writes "report.pdf: Black & white A4", and the file is already named. */
export function lineLabel(line: TEstimateLine, file?: Pick<TJobFile, 'name'>): string {
  const prefix = file ? `${file.name}: ` : '';
  return prefix && line.description.startsWith(prefix) ? line.description.slice(prefix.length) : line.description;
}

/** "6 × ₹2.00"; null for a line without a price, whose description says what is missing. */
export function lineQuantityText(line: TEstimateLine): string | null {
  return line.unitPrice === null ? null : `${line.quantity} × ${formatRupees(line.unitPrice, 'always')}`;
}

export const linesOfFile = (estimate: TEstimate, fileId: string) => estimate.lines.filter((l) => l.fileId === fileId);
export const jobLines = (estimate: TEstimate) => estimate.lines.filter((l) => l.fileId === null);

/** What the amount field holds: rupees with two decimals, or empty for "no order". */
export function parseAmount(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'invalid';
  const n = Number(t);
  return n > 10_000_000 ? 'invalid' : n;
}

export interface Adjustment {
  /** The server's word for the line it records: 'Discount', 'Surcharge' or 'Priced at the counter'. */
  word: string;
  /** rupees, always positive */
  amount: number;
}

/**
 * What the server records beside the estimate's lines when staff charge another amount: less is a
 * discount; more is a surcharge, or, while some line had no price, what was priced at the counter.
 * Compared in paise, so 24.1 against 24.10 is no difference.
 */
export function adjustmentOf(estimate: TEstimate, amount: number): Adjustment | null {
  const difference = rupeesToPaise(amount) - rupeesToPaise(estimate.total);
  if (difference === 0) return null;
  const word = difference < 0 ? ADJUSTMENT_WORDS.discount : estimate.complete ? ADJUSTMENT_WORDS.surcharge : ADJUSTMENT_WORDS.atCounter;
  return { word, amount: paiseToRupees(Math.abs(difference)) };
}
