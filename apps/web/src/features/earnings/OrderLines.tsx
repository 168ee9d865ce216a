import type { TOrderLine } from '@counterprint/contract';
import { orderLineText } from './orders';

/** What an order sold, line by line; a discount or surcharge stands out from what was printed. */
export function OrderLines({ lines, label }: { lines: TOrderLine[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-1">
      {lines.map((line, at) => {
        const text = orderLineText(line);
        return (
          // Lines have no id, and an order's lines never change order once recorded.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={at} className="flex items-baseline justify-between gap-3 text-xs">
            <span className={`min-w-0 break-words ${line.kind === 'adjustment' ? 'font-semibold text-slate-800' : 'text-slate-700'}`}>
              {text.label}
              {text.detail && <span className="whitespace-nowrap text-slate-500"> · {text.detail}</span>}
            </span>
            <span
              className={`shrink-0 font-medium tabular-nums ${line.kind === 'adjustment' && line.amount < 0 ? 'text-emerald-700' : 'text-slate-900'}`}
            >
              {text.amount}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
