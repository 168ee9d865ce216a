import { DEFAULT_LOW_STOCK_THRESHOLD, type INVENTORY_UNITS, type TInventoryCreate } from '@counterprint/contract';

export type InventoryUnit = (typeof INVENTORY_UNITS)[number];

export interface InventoryValues {
  sku: string;
  name: string;
  category: string;
  price: string;
  stock: string;
  lowStockThreshold: string;
  unit: InventoryUnit;
  description: string;
}

export const EMPTY_ITEM: InventoryValues = {
  sku: '',
  name: '',
  category: '',
  price: '',
  stock: '',
  lowStockThreshold: '',
  unit: 'pcs',
  description: '',
};

const toNumber = (v: string) => (v.trim() === '' ? 0 : Number(v));

/** docs/product/screens.md#settings: a threshold of 0 or blank becomes 10. */
export function thresholdOf(v: string): number {
  return toNumber(v) || DEFAULT_LOW_STOCK_THRESHOLD;
}

/** docs/product/screens.md#settings: price, stock and threshold become numbers; SKU and name are the server's to check. */
export function inventoryPayload(v: InventoryValues): TInventoryCreate {
  return {
    sku: v.sku.trim(),
    name: v.name.trim(),
    category: v.category.trim() || undefined,
    price: toNumber(v.price),
    stock: toNumber(v.stock),
    lowStockThreshold: thresholdOf(v.lowStockThreshold),
    unit: v.unit,
    description: v.description.trim() || null,
  };
}

/** The inline stock field: a whole number, 0 or more, or nothing to send. */
export function parseStock(v: string): number | null {
  if (v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
}
