import { PAPER_CATEGORY, type TInventoryItem } from '@counterprint/contract';
import { useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useDeleteInventoryItem, useUpdateInventoryStock } from '../../api/settings';
import { buttonClass } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { formatRupees } from '../../lib/format';
import { CONTROL, Panel } from './fields';
import { InventoryAddForm } from './InventoryAddForm';
import { parseStock } from './inventory';
import { SETTINGS_TOASTS } from './messages';

export interface InventoryChanges {
  added: (item: TInventoryItem) => void;
  updated: (item: TInventoryItem) => void;
  deleted: (sku: string) => void;
}

const STOCK_INPUT = `${CONTROL.replace('w-full', 'w-24')} border-slate-300 focus:border-brand-500 focus:ring-brand-100`;

/** Paper counts its stock in sheets (docs/product/rules.md#paper-and-inventory). */
const unitLabel = (item: TInventoryItem) => (item.category === PAPER_CATEGORY ? 'sheets' : item.unit);

/** The stock field saves when it loses focus or on Enter, and only when the number changed. */
function StockEditor({ shopId, item, onSaved }: { shopId: string; item: TInventoryItem; onSaved: (item: TInventoryItem) => void }) {
  const toast = useToast(SHORT_TOAST_MS);
  const [draft, setDraft] = useState(String(item.stock));
  const [shown, setShown] = useState(item.stock);
  // A refresh from elsewhere replaces the field, unless it is being edited into something new.
  if (item.stock !== shown) {
    setShown(item.stock);
    setDraft(String(item.stock));
  }
  const update = useUpdateInventoryStock(shopId, item.sku, {
    onSuccess: (saved) => {
      onSaved(saved);
      toast(SETTINGS_TOASTS.itemUpdated, 'success');
    },
    onError: (err) => {
      setDraft(String(item.stock));
      toast(serverMessageOr(err, SETTINGS_TOASTS.itemUpdateFailed), 'error');
    },
  });
  const commit = () => {
    const stock = parseStock(draft);
    if (stock === null) return setDraft(String(item.stock));
    if (stock !== item.stock) update.mutate(stock);
  };
  return (
    <div className="flex items-center gap-2">
      <input
        aria-label={`Stock of ${item.name}`}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={draft}
        disabled={update.isPending}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
        className={STOCK_INPUT}
      />
      <span className="text-xs text-slate-500">{unitLabel(item)}</span>
    </div>
  );
}

export function InventoryPanel({ shopId, items, changes }: { shopId: string; items: TInventoryItem[]; changes: InventoryChanges }) {
  const toast = useToast(SHORT_TOAST_MS);
  const [deleting, setDeleting] = useState<TInventoryItem | null>(null);
  const remove = useDeleteInventoryItem(shopId, {
    onSuccess: (_none, sku) => {
      changes.deleted(sku);
      setDeleting(null);
      toast(SETTINGS_TOASTS.itemDeleted, 'success');
    },
    onError: (err) => {
      setDeleting(null);
      toast(serverMessageOr(err, SETTINGS_TOASTS.itemDeleteFailed), 'error');
    },
  });

  return (
    <Panel title="Inventory" description="Paper and materials you stock. Paper counts sheets; printing a job uses them up.">
      <InventoryAddForm shopId={shopId} onAdded={changes.added} />
      {items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No inventory items yet.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {items.map((item) => {
            // Decision 021: a new shop's paper starts at 0; that is 'no stock recorded', not low stock.
            const none = item.stock === 0;
            const low = !none && item.stock <= item.lowStockThreshold;
            return (
              <li key={item.sku} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="truncate">{item.name}</span>
                    {low && (
                      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                        Low stock
                      </span>
                    )}
                    {none && (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">No stock recorded</span>
                    )}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {item.sku} · {item.category} · {formatRupees(item.price)} · alert at {item.lowStockThreshold}
                  </p>
                  {item.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{item.description}</p>}
                </div>
                <div className="flex items-center justify-between gap-3">
                  <StockEditor shopId={shopId} item={item} onSaved={changes.updated} />
                  <button
                    type="button"
                    className={buttonClass('dangerText')}
                    aria-label={`Delete ${item.name}`}
                    onClick={() => setDeleting(item)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this item?"
        keepLabel="Keep"
        confirmLabel="Delete"
        onKeep={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.sku)}
        pending={remove.isPending}
      >
        <p>
          {deleting?.name} ({deleting?.sku}) is removed from your inventory.
        </p>
      </ConfirmDialog>
    </Panel>
  );
}
