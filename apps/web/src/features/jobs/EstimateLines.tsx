import type { TEstimate, TEstimateLine, TJobFile } from '@counterprint/contract';
import { formatRupees } from '../../lib/format';
import { estimateText, lineLabel, lineQuantityText } from './price';

/**
 * One priced line: what it is, quantity × unit price, and the amount; a line without a price says
 * what is missing (the server's words) in amber, so staff know to price it at the counter.
 */
export function EstimateLine({ line, file }: { line: TEstimateLine; file?: Pick<TJobFile, 'name'> }) {
  const quantity = lineQuantityText(line);
  const label = lineLabel(line, file);
  return (
    <li data-testid="estimate-line" className="flex items-baseline justify-between gap-2 text-xs">
      <span className={`min-w-0 break-words ${line.amount === null ? 'font-medium text-amber-800' : 'text-slate-700'}`}>
        {label}
        {quantity && <span className="whitespace-nowrap text-slate-500"> · {quantity}</span>}
      </span>
      {line.amount !== null && (
        <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatRupees(line.amount, 'always')}</span>
      )}
    </li>
  );
}

export function EstimateLines({ lines, file, label }: { lines: TEstimateLine[]; file?: Pick<TJobFile, 'name'>; label: string }) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-0.5">
      {lines.map((line) => (
        // A file's two print lines (B&W and colour sides) share a file and differ by what they say.
        <EstimateLine key={`${line.fileId}:${line.description}:${line.quantity}`} line={line} file={file} />
      ))}
    </ul>
  );
}

export function EstimateTotal({ estimate }: { estimate: TEstimate }) {
  return (
    <p className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
      <span>Total</span>
      <span className="text-right tabular-nums">{estimateText(estimate)}</span>
    </p>
  );
}
