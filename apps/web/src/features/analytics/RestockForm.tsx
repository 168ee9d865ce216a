import { ANALYTICS_MESSAGES, type TPaperInventoryItem } from '@counterprint/contract';
import { type FormEvent, useId, useState } from 'react';
import { restockItem } from '../../api/analytics';
import { Button } from '../../components/Button';
import { itemKey, RESTOCK_FAILED, restockProblem } from './restock';

interface RestockFormProps {
  items: TPaperInventoryItem[];
  /** Item chosen with a Restock button in the list. */
  selected: string;
  onSelect: (key: string) => void;
  onRestocked: (item: TPaperInventoryItem) => void;
  /** Names the shop beside each item when several shops are listed. */
  shopName?: (shopId: string) => string | undefined;
}

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none sm:text-sm';

/** docs/product/screens.md#analytics: pick an item, give a quantity of sheets; 'Restocking...' while it runs. */
export function RestockForm({ items, selected, onSelect, onRestocked, shopName }: RestockFormProps) {
  const [quantity, setQuantity] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const problem = restockProblem(selected, quantity);
    const item = items.find((i) => itemKey(i) === selected);
    if (problem || !item) {
      setMessage({ text: problem ?? ANALYTICS_MESSAGES.selectItem, ok: false });
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const updated = await restockItem(item.shopId, item.sku, Number(quantity));
      onRestocked(updated);
      setQuantity('');
      setMessage({ text: `Added ${Number(quantity).toLocaleString('en-IN')} sheets to ${updated.name}.`, ok: true });
    } catch {
      setMessage({ text: RESTOCK_FAILED, ok: false });
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl bg-slate-50 p-3.5">
      <p className="text-sm font-semibold text-slate-800">Restock paper</p>
      <label htmlFor={`${id}-item`} className="text-xs font-medium text-slate-600">
        Inventory item
        <select id={`${id}-item`} value={selected} onChange={(e) => onSelect(e.target.value)} className={INPUT}>
          <option value="">Select an item</option>
          {items.map((i) => (
            <option key={itemKey(i)} value={itemKey(i)}>
              {i.name}
              {shopName?.(i.shopId) ? ` — ${shopName(i.shopId)}` : ''}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-qty`} className="text-xs font-medium text-slate-600">
        Sheets to add
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          placeholder="e.g. 500"
          className={INPUT}
        />
      </label>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm font-medium ${message.ok ? 'text-emerald-700' : 'text-red-600'}`}>
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Restocking...' : 'Restock'}
      </Button>
    </form>
  );
}
