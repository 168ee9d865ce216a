import type { TJob } from '@counterprint/contract';
import { isToday } from '../../lib/format';
import { printerWhy } from '../../lib/printerWords';

const CLOCK = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const DAY_AND_CLOCK = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "14:02" today, "2 Mar, 14:02" before: a job left in the queue overnight says which day it was. */
export const clockTime = (iso: string, now = new Date()): string => (isToday(iso, now) ? CLOCK : DAY_AND_CLOCK).format(new Date(iso));

/** Both marks are about a job still in the queue; once printed or cancelled, the job's status says it all. */
export const printingSince = (job: TJob): string | null => (job.status === 'queued' && job.printingAt ? job.printingAt : null);
export const paymentClaimed = (job: TJob): string | null => (job.status === 'queued' && job.paymentClaimedAt ? job.paymentClaimedAt : null);

// The gap stands in for the spaces a flex container drops at the edge of its text.
const MARK = 'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 text-xs font-semibold';

export function PrintingMark({ job }: { job: TJob }) {
  const at = printingSince(job);
  if (!at) return null;
  return (
    <span data-testid="printing-mark" className={`${MARK} bg-sky-100 text-sky-800`}>
      Printing since <time dateTime={at}>{clockTime(at)}</time>
    </span>
  );
}

/** The customer's word only: money is taken as received when staff record it at Mark Printed. */
export function PaymentClaimMark({ job }: { job: TJob }) {
  const at = paymentClaimed(job);
  if (!at) return null;
  return (
    <span
      data-testid="payment-claim"
      title="The customer says they paid by UPI. Check your UPI app before taking it as paid."
      className={`${MARK} bg-violet-100 text-violet-800`}
    >
      Customer says paid (UPI) · <time dateTime={at}>{clockTime(at)}</time>
    </span>
  );
}

/**
 * A queued job's printer that has stopped (out of paper, jam, offline…) and why, so the queue shows it without opening the
 * job; one line per printer, as two files on one printer stop for the same reason.
 */
export function printerStops(job: TJob): string[] {
  if (job.status !== 'queued') return [];
  const lines = job.files
    .filter((f) => f.state === 'active' && f.printing?.state === 'stopped')
    .map((f) => {
      const why = printerWhy(f.printing!.reasons, f.printing!.message);
      return `${f.printing!.printerName} stopped${why ? `: ${why}` : ''}`;
    });
  return [...new Set(lines)];
}

export function PrinterStopMarks({ job }: { job: TJob }) {
  return printerStops(job).map((line) => (
    <span key={line} data-testid="printer-stopped" className={`${MARK} bg-red-100 text-red-800`}>
      {line}
    </span>
  ));
}

/** True when a job carries any mark, so the queue's row makes room for them. */
export const hasMarks = (job: TJob): boolean => Boolean(printingSince(job) || paymentClaimed(job) || printerStops(job).length > 0);
