import { CONVERSION_FAILURE_MESSAGES, describePrintOptions, type TPrintOptions, type TPublicJob } from '@counterprint/contract';

/** One file of a customer's job, as the server shows it by the job's token. */
export type PublicJobFile = TPublicJob['files'][number];

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A document this server cannot convert still reaches the counter: staff read "Preview unavailable —
 * download to print", the customer learns why no pages or price are shown.
 */
export const SENT_AS_IS = 'Sent as it is: the shop opens it to count the pages.';

/** Where a file is on its way to the counter, in a customer's words; nothing while there is nothing to say. */
export function fileStateText(file: PublicJobFile | undefined): { text: string; failed?: boolean } | null {
  if (!file) return null;
  if (file.conversion === 'converting') return { text: 'Preparing…' };
  if (file.conversion === 'failed') {
    return { text: CONVERSION_FAILURE_MESSAGES[file.conversionError ?? 'damaged'], failed: true };
  }
  if (file.pages !== null) return { text: plural(file.pages, 'page', 'pages') };
  if (file.conversion === 'unavailable') return { text: SENT_AS_IS };
  return null;
}

/** "Prints pages 1–3,5 (4 pages) · 2 sheets", exactly as the server counted; nothing while the pages are not known. */
export function printedText(file: PublicJobFile): string | null {
  if (file.printPages === null) return null;
  const count = plural(file.printPages, 'page', 'pages');
  const range = file.options.pages.replace(/\s*[-–]\s*/g, '–').replace(/\s*,\s*/g, ',');
  const ends = file.pagesClipped && file.pages !== null ? `: the file ends at page ${file.pages}` : '';
  const all = file.printPages === 1 ? count : `all ${count}`;
  const which = file.options.pages === 'all' ? all : `pages ${range} (${count}${ends})`;
  return `Prints ${which}${file.sheets === null ? '' : ` · ${plural(file.sheets, 'sheet', 'sheets')}`}`;
}

/**
 * "2× · colour · double · pp 1–5 · A4". Options come as the server shows them (`nup` a plain
 * number), which describePrintOptions reads only as a number, so the wider type is safe to pass.
 */
export const optionsText = (options: PublicJobFile['options']) => describePrintOptions(options as TPrintOptions);
