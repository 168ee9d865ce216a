import path from 'node:path';
import type { PrintOptions as PdfToPrinterOptions } from 'pdf-to-printer';

/**
 * How a job is printed through a printer's own Windows driver: SumatraPDF, as the pdf-to-printer package
 * runs it (docs/decisions/074-windows-package-and-engine.md). Everything here is pure: it builds the options
 * and the exact argument vector, and refuses a job SumatraPDF could not carry out as ordered.
 */

export type WindowsSides = 'simplex' | 'duplexlong' | 'duplexshort';

export type WindowsPrintJob = {
  /** The Windows printer's name as Get-Printer shows it, e.g. "Canon LBP2900" or "\\\\SERVER\\Copier". */
  printer: string;
  sides: WindowsSides;
  color: 'color' | 'monochrome';
  /** The print-ready PDF already carries the order's copies; this is how many times the driver prints it. */
  copies: number;
  /** Inclusive 1-based page ranges: [[1, 2], [5, 5]]. Absent: every page. */
  pageRanges?: [number, number][];
  /** A shop's paper name ("A4", "Letter", "Foolscap"). Absent: the driver's own paper. */
  paper?: string;
};

/** A job the Windows engine refuses before anything runs; RangeError, as the CLI reports bad options. */
export class WindowsPrintJobError extends RangeError {
  override name = 'WindowsPrintJobError';
}

const MAX_PRINTER_NAME = 256;
const MAX_COPIES = 999;

// SumatraPDF's paper= names (its manual, "Command-line arguments"); papers it has no name for go by their
// Windows paper number (DMPAPER_*) as paperkind=.
const SUMATRA_PAPER: Record<string, string> = {
  a2: 'A2',
  a3: 'A3',
  a4: 'A4',
  a5: 'A5',
  a6: 'A6',
  letter: 'letter',
  legal: 'legal',
  tabloid: 'tabloid',
  statement: 'statement',
};
const PAPER_KIND: Record<string, number> = {
  // DMPAPER_FOLIO: 8.5 x 13 in, the size Indian shops call Foolscap.
  foolscap: 14,
};

/** The options pdf-to-printer's print() takes for this job. */
export function windowsPrintOptions(job: WindowsPrintJob): PdfToPrinterOptions {
  checkPrinterName(job.printer);
  if (!Number.isInteger(job.copies) || job.copies < 1 || job.copies > MAX_COPIES) {
    throw new WindowsPrintJobError(`Copies must be a whole number from 1 to ${MAX_COPIES} (not ${job.copies})`);
  }
  if (!['simplex', 'duplexlong', 'duplexshort'].includes(job.sides)) {
    throw new WindowsPrintJobError(`Sides must be simplex, duplexlong or duplexshort (not ${String(job.sides)})`);
  }
  if (job.color !== 'color' && job.color !== 'monochrome') {
    throw new WindowsPrintJobError(`Colour must be color or monochrome (not ${String(job.color)})`);
  }
  return {
    printer: job.printer,
    silent: true,
    ...(job.pageRanges ? { pages: pagesSetting(job.pageRanges) } : {}),
    monochrome: job.color === 'monochrome',
    side: job.sides,
    ...(job.paper === undefined ? {} : paperOption(job.paper)),
    copies: job.copies,
  };
}

/**
 * The exact argument vector SumatraPDF is started with for this job, in pdf-to-printer's order:
 * -print-to NAME -silent -print-settings "pages,colour,sides,paper,Nx" FILE. It is handed to the process as
 * a vector, never through a shell, so a printer's name is one argument whatever it contains.
 */
export function windowsPrintArgs(pdfFile: string, job: WindowsPrintJob): string[] {
  if (!path.win32.isAbsolute(pdfFile) && !path.posix.isAbsolute(pdfFile)) {
    throw new WindowsPrintJobError('The PDF to print must be named by its absolute path');
  }
  const options = windowsPrintOptions(job);
  const settings = [
    options.pages,
    options.monochrome ? 'monochrome' : 'color',
    options.side,
    options.paperSize === undefined ? undefined : `paper=${options.paperSize}`,
    options.paperKind === undefined ? undefined : `paperkind=${options.paperKind}`,
    `${options.copies}x`,
  ].filter((s): s is string => s !== undefined);
  return ['-print-to', job.printer, '-silent', '-print-settings', settings.join(','), pdfFile];
}

function checkPrinterName(name: string): void {
  if (typeof name !== 'string' || name.trim() === '') throw new WindowsPrintJobError('Name the Windows printer');
  if (name.length > MAX_PRINTER_NAME) {
    throw new WindowsPrintJobError(`A Windows printer's name is at most ${MAX_PRINTER_NAME} characters`);
  }
  // A control character (NUL, a line break) is in no Windows printer's name and cannot cross a command line.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw new WindowsPrintJobError("A Windows printer's name has no control characters");
  }
}

function pagesSetting(ranges: [number, number][]): string {
  if (ranges.length === 0) throw new WindowsPrintJobError('Page ranges, when given, name at least one page');
  return ranges
    .map(([from, to]) => {
      if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) {
        throw new WindowsPrintJobError(`A page range runs from page 1 or later to a page no earlier (not ${from}-${to})`);
      }
      return from === to ? `${from}` : `${from}-${to}`;
    })
    .join(',');
}

function paperOption(paper: string): Pick<PdfToPrinterOptions, 'paperSize' | 'paperKind'> {
  const key = paper.trim().toLowerCase();
  const named = SUMATRA_PAPER[key];
  if (named) return { paperSize: named };
  const kind = PAPER_KIND[key];
  if (kind !== undefined) return { paperKind: kind };
  throw new WindowsPrintJobError(
    `The Windows engine cannot ask the driver for ${paper.slice(0, 40)} paper: ` +
      `use ${[...Object.values(SUMATRA_PAPER), 'Foolscap'].join(', ')}, or none for the driver's own paper`,
  );
}
