import { saveBlob } from './saveBlob';

/**
 * A spreadsheet opens a cell starting with one of these as a formula, so a customer who types
 * `=HYPERLINK(...)` as their name could run it on the shop's computer (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | null | undefined;

/** One cell: neutralised with a leading apostrophe when it could be a formula, quoted when needed. */
export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: CRLF between records, the header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** Saves `csv` as a file. The byte-order mark makes Excel read ₹ and non-Latin names as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  saveBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** `customers-2025-01-31.csv`: the local date, so two exports on one day sort together. */
export function datedFilename(prefix: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
