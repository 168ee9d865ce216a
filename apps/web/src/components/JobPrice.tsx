import type { TEstimate, TEstimateLine } from '@counterprint/contract';
import { paiseToRupees, rupeesToPaise } from '@counterprint/contract';
import { formatRupees } from '../lib/format';
import { optionsText, type PublicJobFile, printedText } from '../lib/jobWords';

const money = (rupees: number) => formatRupees(rupees, 'always');

/** An estimate line as a customer reads it: under its file, without the file's name in front. */
function PriceLine({ line, fileName }: { line: TEstimateLine; fileName?: string }) {
  const prefix = fileName ? `${fileName}: ` : '';
  const what = line.description.startsWith(prefix) ? line.description.slice(prefix.length) : line.description;
  return (
    <li className="flex justify-between gap-3">
      <span className={line.amount === null ? 'text-amber-800' : ''}>
        {what}
        {line.unitPrice !== null && ` · ${line.quantity} × ${money(line.unitPrice)}`}
      </span>
      {line.amount !== null && <span className="shrink-0 font-medium text-slate-800">{money(line.amount)}</span>}
    </li>
  );
}

/** Under a file's name: its options in words, what prints, and its price lines with their sum. */
export function FilePrice({ file, lines }: { file: PublicJobFile; lines: TEstimateLine[] }) {
  const printed = printedText(file);
  const priced = lines.filter((l) => l.amount !== null);
  const sum = paiseToRupees(priced.reduce((n, l) => n + rupeesToPaise(l.amount ?? 0), 0));
  return (
    <>
      <span className="block text-xs text-slate-500">{optionsText(file.options)}</span>
      {printed && <span className="block text-xs text-slate-600">{printed}</span>}
      {lines.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a job's lines come whole from each answer, in the server's order
            <PriceLine key={i} line={line} fileName={file.name} />
          ))}
          {lines.length > 1 && priced.length > 0 && (
            <li className="flex justify-between gap-3 font-medium text-slate-800">
              <span>{priced.length === lines.length ? 'This file' : 'This file so far'}</span>
              <span>{money(sum)}</span>
            </li>
          )}
        </ul>
      )}
    </>
  );
}

/**
 * The job's total. While `complete` is false the total is what is priced so far, and the lines
 * without a price say so themselves; each answer replaces it.
 */
export function JobTotal({ estimate }: { estimate: TEstimate }) {
  const jobLines = estimate.lines.filter((l) => l.fileId === null);
  const atCounter = !estimate.complete && estimate.lines.every((l) => l.amount === null);
  return (
    <div className="mt-3 rounded-xl bg-slate-50 px-3 py-2.5 text-left text-sm" data-testid="job-total" aria-live="polite">
      {jobLines.length > 0 && (
        <ul className="mb-1.5 space-y-0.5 text-xs text-slate-600">
          {jobLines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: replaced whole with each answer
            <PriceLine key={i} line={line} />
          ))}
        </ul>
      )}
      <p className="flex justify-between gap-3 font-semibold text-slate-900">
        <span>{estimate.complete || atCounter ? 'Total' : 'Total so far'}</span>
        <span>{atCounter ? 'Price at the counter' : money(estimate.total)}</span>
      </p>
      {!estimate.complete && !atCounter && <p className="mt-0.5 text-xs text-slate-600">The rest is priced at the counter.</p>}
    </div>
  );
}
