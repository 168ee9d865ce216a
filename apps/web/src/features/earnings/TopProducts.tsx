import type { TEarnings } from '@counterprint/contract';
import { formatRupees } from '../../lib/format';

const UNIT_WORDS = { sides: ['side', 'sides'], items: ['item', 'items'], orders: ['order', 'orders'] } as const;

/** "18 sides": what the server counted a service's sales in (printed sides, add-on items or whole orders). */
export const soldWords = (p: Pick<TEarnings['topProducts'][number], 'sold' | 'unit'>) =>
  `${p.sold} ${UNIT_WORDS[p.unit][p.sold === 1 ? 0 : 1]}`;

/** Rate-card services by what was charged for them, each with a bar relative to the best seller. */
export function TopProducts({ products }: { products: TEarnings['topProducts'] }) {
  if (products.length === 0) return <p className="py-8 text-center text-sm text-slate-500">No products yet</p>;
  const top = Math.max(...products.map((p) => p.revenue), 1);
  return (
    <ol className="flex flex-col gap-3">
      {products.map((p) => (
        <li key={`${p.sku}/${p.unit}`}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="truncate font-medium text-slate-800">{p.name}</span>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatRupees(p.revenue)}</span>
          </div>
          <div className="mt-1 flex items-center gap-2">
            <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${(p.revenue / top) * 100}%` }} />
            </div>
            <span className="w-20 shrink-0 text-right text-xs text-slate-500 tabular-nums">{soldWords(p)}</span>
          </div>
        </li>
      ))}
    </ol>
  );
}
