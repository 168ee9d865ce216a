import type { TPaperInventoryItem } from '@counterprint/contract';
import { buttonClass } from '../../components/Button';
import { formatCount } from '../../lib/format';
import { isLowStock, itemKey, NO_STOCK_RECORDED, noStockRecorded, usedShare } from './restock';

interface InventoryListProps {
  items: TPaperInventoryItem[];
  onRestock?: (key: string) => void;
  shopName?: (shopId: string) => string | undefined;
}

/** Paper stock with usage bars; low items are marked in amber and counted in the heading. */
export function InventoryList({ items, onRestock, shopName }: InventoryListProps) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No paper items yet</p>;
  return (
    <ul className="flex flex-col gap-2.5">
      {items.map((item) => {
        const low = isLowStock(item);
        const shop = shopName?.(item.shopId);
        return (
          <li key={itemKey(item)} className={`rounded-xl border p-3 ${low ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{item.name}</p>
                <p className="text-xs text-slate-500">
                  {item.sku}
                  {shop ? ` · ${shop}` : ''} · {item.reams} reams
                </p>
              </div>
              {low && (
                <span className="shrink-0 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">Low stock</span>
              )}
              {noStockRecorded(item) && (
                <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">
                  {NO_STOCK_RECORDED}
                </span>
              )}
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" title={`${item.usagePct}% used`}>
              <div className={`h-full rounded-full ${low ? 'bg-amber-500' : 'bg-brand-500'}`} style={{ width: `${usedShare(item)}%` }} />
            </div>
            <div className="mt-2 flex items-center justify-between gap-2 text-xs text-slate-600">
              <span className="tabular-nums">
                {formatCount(item.remainingSheets)} of {formatCount(item.totalSheets)} sheets left · {formatCount(item.usedSheets)} used
              </span>
              {onRestock && (
                <button
                  type="button"
                  onClick={() => onRestock(itemKey(item))}
                  aria-label={`Restock ${item.name}${shop ? ` at ${shop}` : ''}`}
                  className={buttonClass('secondary', 'shrink-0', 'sm')}
                >
                  Restock
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
