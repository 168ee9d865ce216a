import { saveBlob } from './saveBlob';

/**
 * A spreadsheet opens a cell starting with one of these as a formula, so a customer who types
 * `=HYPERLINK(...)` as their name could run it on the shop's computer (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | null | undefined;

/** One cell: neutralised with a leading apostrophe when it could be a formula, quoted when needed. */
export function csvCell(value: CsvValue | CsvFormula): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? value.formula : String(value);
  if (typeof value !== 'object' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Only these characters: a phone as people write it, nothing a formula could be built from. */
const PLAIN_PHONE = /^\+?[0-9 ().-]+$/;

/**
 * A phone as a text cell. The apostrophe that csvCell puts before `+91…` shows in Excel, and a bare `098…` loses its zero;
 * `="+91 98765 43210"` is a formula that only yields that text, so Excel shows the phone as typed. That is safe only
 * because the phone holds nothing but digits, spaces, brackets, dots, hyphens and a leading `+` (no quote to close the
 * string); anything else goes through csvCell and keeps its apostrophe.
 */
export function csvPhone(phone: string | null | undefined): CsvFormula | CsvValue {
  return phone && PLAIN_PHONE.test(phone) ? { formula: `="${phone}"` } : phone;
}

/** A cell written as it is, without the formula guard: only for text built by this module. */
export type CsvFormula = { formula: string };

/** RFC 4180 text: CRLF between records, the header first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (CsvValue | CsvFormula)[])[]): string {
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
