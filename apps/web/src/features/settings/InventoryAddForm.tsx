import { INVENTORY_UNITS, type TInventoryItem } from '@counterprint/contract';
import { type FormEvent, useState } from 'react';
import { serverMessageOr } from '../../api/client';
import { useAddInventoryItem } from '../../api/settings';
import { Button } from '../../components/Button';
import { SHORT_TOAST_MS, useToast } from '../../components/Toast';
import { Input, Select, TextArea } from './fields';
import { EMPTY_ITEM, type InventoryUnit, type InventoryValues, inventoryPayload } from './inventory';
import { SETTINGS_TOASTS } from './messages';

/** The inventory add-item form (docs/product/screens.md#settings). SKU and name are marked required; the server says so if they are missing. */
export function InventoryAddForm({ shopId, onAdded }: { shopId: string; onAdded: (item: TInventoryItem) => void }) {
  const toast = useToast(SHORT_TOAST_MS);
  const [values, setValues] = useState<InventoryValues>(EMPTY_ITEM);
  const add = useAddInventoryItem(shopId, {
    onSuccess: (item) => {
      onAdded(item);
      setValues(EMPTY_ITEM);
      toast(SETTINGS_TOASTS.itemAdded, 'success');
    },
    onError: (err) => toast(serverMessageOr(err, SETTINGS_TOASTS.itemAddFailed), 'error'),
  });
  const field = (key: Exclude<keyof InventoryValues, 'unit'>) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(inventoryPayload(values));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Add inventory item"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 lg:grid-cols-4"
    >
      <Input label="SKU *" {...field('sku')} placeholder="A4-80GSM" maxLength={64} autoCapitalize="characters" />
      <Input label="Name *" {...field('name')} placeholder="A4 paper 80 gsm" maxLength={120} />
      <Input label="Category" {...field('category')} placeholder="paper" maxLength={60} />
      <Input label="Price (₹)" type="number" inputMode="decimal" min={0} step={0.01} {...field('price')} />
      <Input label="Stock" type="number" inputMode="numeric" min={0} step={1} {...field('stock')} />
      <Input
        label="Low-stock threshold"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...field('lowStockThreshold')}
        placeholder="10"
        hint="Blank or 0 means 10."
      />
      <Select label="Unit" value={values.unit} onChange={(e) => setValues((v) => ({ ...v, unit: e.target.value as InventoryUnit }))}>
        {INVENTORY_UNITS.map((u) => (
          <option key={u}>{u}</option>
        ))}
      </Select>
      <TextArea label="Description" className="col-span-2 lg:col-span-1" {...field('description')} maxLength={500} />
      <div className="col-span-2 flex justify-end lg:col-span-4">
        <Button type="submit" loading={add.isPending}>
          Add Item
        </Button>
      </div>
    </form>
  );
}
