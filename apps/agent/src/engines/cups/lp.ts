import { type PrintOptions, sidesAndColor } from '../../print.js';
import type { PrinterCapabilities } from '../../printers.js';

/**
 * CUPS refuses queue names with spaces, control characters, '/', '\\', '?', quotes or '#' (lpadmin's
 * rule); any other letter, '&' and '%' among them, is a queue name, and reaches `lp` as one argument.
 */
const BAD_QUEUE_CHARACTERS = new Set([...' /\\?\'"#']);
const badCharacter = (c: string) => BAD_QUEUE_CHARACTERS.has(c) || /\s/u.test(c) || (c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f';
const QUEUE_MAX = 127;

export class CupsQueueNameError extends RangeError {
  override readonly name = 'CupsQueueNameError';
}

export function checkQueueName(queue: string): string {
  if (queue.length === 0) throw new CupsQueueNameError('A CUPS printer needs a queue name: cups:QUEUE');
  if (Buffer.byteLength(queue) > QUEUE_MAX) throw new CupsQueueNameError(`A CUPS queue name is at most ${QUEUE_MAX} bytes`);
  if ([...queue].some(badCharacter)) {
    throw new CupsQueueNameError(`CUPS has no queue named ${JSON.stringify(queue)}: queue names have no spaces, quotes, slashes, ? or #`);
  }
  return queue;
}

/** The job as `lp` takes it, an argument vector: the document comes on standard input, never from a file. */
export function lpArgs(queue: string, options: PrintOptions, media: string | undefined, printer: PrinterCapabilities): string[] {
  const { sides, color } = sidesAndColor(options, printer);
  const ranges = options.pageRanges?.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(',');
  return [
    ...['-d', checkQueueName(queue)],
    ...['-t', options.jobName],
    ...['-n', String(options.copies)],
    ...['-o', 'document-format=application/pdf'],
    ...(sides ? ['-o', `sides=${sides}`] : []),
    ...(color ? ['-o', `print-color-mode=${color}`] : []),
    ...(media ? ['-o', `media=${media}`] : []),
    ...(ranges ? ['-P', ranges] : []),
  ];
}

/** CUPS's job number from lp's "request id is QUEUE-12 (1 file(s))". */
export function lpJobId(stdout: string): number | null {
  const match = /-(\d+) \(\d+ file\(s\)\)\s*$/.exec(stdout.trim());
  return match ? Number(match[1]) : null;
}
