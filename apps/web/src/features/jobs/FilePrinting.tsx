import type { TFilePrinting } from '@counterprint/contract';
import { printerWhy } from '../../lib/printerWords';

function describe(p: TFilePrinting): { text: string; tone: 'busy' | 'bad' | 'good' | 'quiet' } {
  const why = printerWhy(p.reasons, p.message);
  switch (p.state) {
    case 'queued':
      return { text: `Waiting for the print agent (${p.printerName})`, tone: 'busy' };
    case 'sent':
      return { text: `Sent to ${p.printerName}`, tone: 'busy' };
    case 'processing':
      return { text: `Printing on ${p.printerName}`, tone: 'busy' };
    case 'stopped':
      return { text: `${p.printerName} stopped${why ? `: ${why}` : ''}`, tone: 'bad' };
    case 'completed':
      // Windows' queue says only that the printer took the data (docs/decisions/074-windows-package-and-engine.md).
      if (p.reasons.includes('sent-not-confirmed'))
        return { text: `Sent to ${p.printerName}; the printer has not confirmed it printed. Check the pages.`, tone: 'busy' };
      return { text: `Printed by ${p.printerName}`, tone: 'good' };
    case 'aborted':
      if (nothingPrinted(p))
        return { text: `Nothing printed: ${p.printerName} ${why || 'refused the job'}. The job is back in the queue.`, tone: 'bad' };
      return { text: `Not printed${why ? `: ${why}` : ''}`, tone: 'bad' };
    default:
      return { text: `Cancelled${why ? `: ${why}` : ''}`, tone: 'quiet' };
  }
}

/** The agent's reasons for a job the printer never started: no page came out (features/printers on the server). */
const NOTHING_PRINTED = new Set(['refused', 'unknown-printer', 'unreachable']);
const nothingPrinted = (p: TFilePrinting) =>
  p.state === 'aborted' && p.reasons.some((r) => NOTHING_PRINTED.has(r)) && !p.reasons.includes('part-printed');

const TONES = {
  busy: 'bg-sky-50 text-sky-800 ring-sky-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  quiet: 'bg-slate-50 text-slate-700 ring-slate-200',
};

/** Where a file sent with Send to printer is, as its printer reported it (issue 22): never "printed" before the printer says so. */
export function FilePrinting({ printing }: { printing: TFilePrinting | null | undefined }) {
  if (!printing) return null;
  const { text, tone } = describe(printing);
  return (
    <div data-testid="file-printing" className="mt-1.5 space-y-0.5">
      <span className={`inline-block rounded-md px-2 py-0.5 text-xs font-medium ring-1 ${TONES[tone]}`}>{text}</span>
      {printing.unsupported.length > 0 &&
        (nothingPrinted(printing) ? (
          <p className="text-xs text-amber-800">It cannot do: {printing.unsupported.join(', ')}.</p>
        ) : (
          <p className="text-xs text-amber-800">
            The printer did not honour: {printing.unsupported.join(', ')}. Check the pages before handing them over.
          </p>
        ))}
    </div>
  );
}
