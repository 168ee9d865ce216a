import type { TJob } from '@counterprint/contract';
import { isToday } from '../../lib/format';

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

/** True when a job carries either mark, so the queue's row makes room for them. */
export const hasMarks = (job: TJob): boolean => Boolean(printingSince(job) || paymentClaimed(job));
