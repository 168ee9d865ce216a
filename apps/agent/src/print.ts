import { setTimeout as sleep } from 'node:timers/promises';
import { type IppGroup, type IppRequest, ippRequest, isSuccess, PrinterAnswerError, texts } from './ipp.js';
import { mediaForPaper } from './paper.js';
import { describePrinter, type PrinterCapabilities } from './printers.js';

export type PrintOptions = {
  /** Shown on the printer's panel and job list. */
  jobName: string;
  copies: number;
  /** single: simplex; double: long edge (book-style); double-short-edge: short edge (flip up, calendar-style). */
  sides: 'single' | 'double' | 'double-short-edge';
  color: 'bw' | 'color';
  /** Inclusive page ranges, 1-based: [[1, 2], [5, 5]]. Absent: every page. */
  pageRanges?: [number, number][];
  /** A paper name ("A4", "Letter") or an IPP media keyword. Absent: the printer's own paper. */
  media?: string;
  timeoutMs?: number;
  /** How long to keep offering the job to a printer that answers it is busy (default 10 minutes). */
  busyWaitMs?: number;
};

/** Which of our options an IPP attribute carries. */
export type PrintOption = 'copies' | 'sides' | 'color' | 'pageRanges' | 'media' | 'document';

export type UnsupportedOption = { option: PrintOption | null; attribute: string; value: string };

/**
 * 'accepted': the printer took the job; `unsupported` lists what it ignored or substituted, so the job
 * prints differently from the order. 'refused': nothing was printed, and `unsupported` says why.
 */
export type PrintResult =
  | { outcome: 'accepted'; ippJobId: number; status: string; unsupported: UnsupportedOption[] }
  | { outcome: 'refused'; status: string; message: string; unsupported: UnsupportedOption[] };

const PRINT_TIMEOUT_MS = 120_000;
const BUSY = new Set(['server-error-busy', 'server-error-service-unavailable', 'server-error-temporary-error']);
const BUSY_RETRY_MS = 1_000;

const OPTION_OF_ATTRIBUTE: Record<string, PrintOption> = {
  copies: 'copies',
  sides: 'sides',
  'print-color-mode': 'color',
  'page-ranges': 'pageRanges',
  media: 'media',
  'media-col': 'media',
  'document-format': 'document',
};

/**
 * Sends one PDF to the printer with IPP Print-Job. `ipp-attribute-fidelity` asks the printer to refuse a
 * job it cannot print as ordered rather than print it otherwise; colour is checked against the printer's
 * own list first, because printers that cannot print colour commonly accept a colour job and print it grey.
 */
export async function printDocument(uri: string, document: Uint8Array, options: PrintOptions): Promise<PrintResult> {
  const checked = await preflight(document, options, () => describePrinter(uri, { timeoutMs: options.timeoutMs }));
  if ('outcome' in checked) return checked;
  const { media, printer } = checked;
  const request: IppRequest = {
    operation: 'Print-Job',
    operationAttributes: {
      'requesting-user-name': 'counterprint',
      'job-name': options.jobName,
      'ipp-attribute-fidelity': true,
      'document-format': 'application/pdf',
    },
    jobAttributes: jobAttributes(options, media, printer),
    document,
    timeoutMs: options.timeoutMs ?? PRINT_TIMEOUT_MS,
  };
  // Printers without a queue of their own (ippeveprinter among them) turn a job away while they print another.
  const busyUntil = Date.now() + (options.busyWaitMs ?? 10 * 60_000);
  let answer = await ippRequest(uri, request);
  while (BUSY.has(answer.status) && Date.now() < busyUntil) {
    await sleep(BUSY_RETRY_MS);
    answer = await ippRequest(uri, request);
  }
  const unsupported = unsupportedOptions(answer.unsupported);
  if (!isSuccess(answer.status)) {
    return refused(answer.status, answer.statusMessage ?? `The printer refused the job (${answer.status})`, unsupported);
  }
  const ippJobId = answer.jobs[0]?.['job-id'];
  if (typeof ippJobId !== 'number') throw new PrinterAnswerError('The printer took the job but gave no job number');
  return { outcome: 'accepted', ippJobId, status: answer.status, unsupported };
}

/**
 * What every engine checks before it sends anything: the options are sound, the paper is known, the
 * printer prints PDF and can print in the colour mode ordered. A refusal here means nothing was printed.
 */
export async function preflight(
  document: Uint8Array,
  options: PrintOptions,
  describe: () => Promise<PrinterCapabilities>,
): Promise<PrintResult | { media: string | undefined; printer: PrinterCapabilities }> {
  checkOptions(document, options);
  const media = options.media === undefined ? undefined : mediaForPaper(options.media);
  if (media === null) {
    return refused('unknown-paper', `This paper size is unknown: ${options.media}`, [
      { option: 'media', attribute: 'media', value: String(options.media) },
    ]);
  }
  const printer = await describe();
  if (!printer.pdf) {
    return refused('client-error-document-format-not-supported', 'This printer does not print PDF files', [
      { option: 'document', attribute: 'document-format', value: 'application/pdf' },
    ]);
  }
  if (options.color === 'color' && !printer.color) {
    return refused('client-error-attributes-or-values-not-supported', 'This printer prints black and white only', [
      { option: 'color', attribute: 'print-color-mode', value: 'color' },
    ]);
  }
  if (options.color === 'bw' && printer.color && printer.colorModes.length === 0) {
    return refused('client-error-attributes-or-values-not-supported', 'This printer cannot be asked to print black and white', [
      { option: 'color', attribute: 'print-color-mode', value: 'monochrome' },
    ]);
  }
  return { media, printer };
}

export function refused(status: string, message: string, unsupported: UnsupportedOption[]): PrintResult {
  return { outcome: 'refused', status, message, unsupported };
}

function checkOptions(document: Uint8Array, options: PrintOptions): void {
  if (document.byteLength === 0) throw new RangeError('The document is empty');
  if (!options.jobName.trim()) throw new RangeError('A job needs a name');
  if (!(options.sides in IPP_SIDES)) throw new RangeError('sides must be single or double (or double-short-edge)');
  if (options.color !== 'bw' && options.color !== 'color') throw new RangeError('color must be bw or color');
  if (!(Number.isInteger(options.copies) && options.copies >= 1)) {
    throw new RangeError('copies must be a whole number from 1');
  }
  for (const [from, to] of options.pageRanges ?? []) {
    if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 1 && from <= to)) {
      throw new RangeError(`pages ${from}-${to} are not a page range`);
    }
  }
}

/** IPP's (and CUPS's) sides keyword for each of our sides. */
export const IPP_SIDES: Record<PrintOptions['sides'], string> = {
  single: 'one-sided',
  double: 'two-sided-long-edge',
  'double-short-edge': 'two-sided-short-edge',
};

/**
 * The sides and colour keywords to send, or null for none. They are sent even when single and B&W, as
 * many office printers default to two-sided or colour; a printer that lists no choice of them is sent
 * only what it must refuse.
 */
export function sidesAndColor(options: PrintOptions, printer: PrinterCapabilities): { sides: string | null; color: string | null } {
  const sendSides = options.sides !== 'single' || printer.sides.length > 0;
  const sendColor = printer.colorModes.length > 0;
  return {
    sides: sendSides ? IPP_SIDES[options.sides] : null,
    color: sendColor ? (options.color === 'color' ? 'color' : 'monochrome') : null,
  };
}

function jobAttributes(options: PrintOptions, media: string | undefined, printer: PrinterCapabilities): IppGroup {
  const { sides, color } = sidesAndColor(options, printer);
  return {
    copies: options.copies,
    ...(sides ? { sides } : {}),
    ...(color ? { 'print-color-mode': color } : {}),
    ...(options.pageRanges?.length ? { 'page-ranges': options.pageRanges } : {}),
    ...(media ? { media } : {}),
  };
}

function unsupportedOptions(group: IppGroup): UnsupportedOption[] {
  return Object.entries(group).map(([attribute, value]) => ({
    option: OPTION_OF_ATTRIBUTE[attribute] ?? null,
    attribute,
    value: texts(value).join(','),
  }));
}
