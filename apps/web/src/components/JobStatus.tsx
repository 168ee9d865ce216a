import { sheetBand } from '@counterprint/contract';

/** docs/product/screens.md#live-print-jobs: 0 grey, under 100 green, under 500 orange, otherwise red. */
export const SHEET_BAND_CLASS: Record<ReturnType<typeof sheetBand>, string> = {
  none: 'bg-slate-100 text-slate-600',
  low: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-orange-100 text-orange-800',
  high: 'bg-red-100 text-red-800',
};

export const sheetBandClass = (sheets: number): string => SHEET_BAND_CLASS[sheetBand(sheets)];

/** docs/product/screens.md#live-print-jobs: done, queued and cancelled have a style; any other status is neutral. */
const STATUS_CLASS: Record<string, string> = {
  done: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  queued: 'bg-amber-50 text-amber-800 ring-amber-200',
  cancelled: 'bg-red-50 text-red-700 ring-red-200',
};
const STATUS_LABEL: Record<string, string> = { done: 'Printed', queued: 'Queued', cancelled: 'Cancelled' };
const NEUTRAL = 'bg-slate-50 text-slate-600 ring-slate-200';

export function statusChip(status: string | null | undefined): { label: string; className: string } {
  // The spec's list treats a missing status as done.
  const s = status || 'done';
  return { label: STATUS_LABEL[s] ?? s, className: STATUS_CLASS[s] ?? NEUTRAL };
}

export function StatusChip({ status }: { status: string }) {
  const chip = statusChip(status);
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${chip.className}`}>{chip.label}</span>;
}
