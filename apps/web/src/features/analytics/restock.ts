import { ANALYTICS_MESSAGES, LOW_STOCK_FRACTION, type TPaperInventoryItem } from '@counterprint/contract';

export const RESTOCK_FAILED = 'Failed to restock — try again.';
export const NO_STOCK_RECORDED = 'No stock recorded';
const MAX_ADD = 10_000_000;

/** 'All shops' can list the same sku once per shop, so an item is named by both. */
export const itemKey = (item: Pick<TPaperInventoryItem, 'shopId' | 'sku'>) => `${item.shopId}|${item.sku}`;

/**
 * No sheets left and none used in the period: the stock was never set (a new shop) or ran out
 * before the period. Decision 021: that is shown as 'No stock recorded', not as low stock.
 */
export const noStockRecorded = (item: Pick<TPaperInventoryItem, 'totalSheets'>) => item.totalSheets === 0;

/** docs/product/rules.md#paper-and-inventory: low when flagged, or when at most 10% of the total remains; never before stock is recorded. */
export function isLowStock(item: TPaperInventoryItem): boolean {
  if (noStockRecorded(item)) return false;
  return item.lowStock || item.remainingSheets <= item.totalSheets * LOW_STOCK_FRACTION;
}

/** docs/product/screens.md#analytics, checked in the order the form reads; the server answers the same messages. */
export function restockProblem(selected: string, quantity: string): string | null {
  if (!selected) return ANALYTICS_MESSAGES.selectItem;
  const n = Number(quantity.trim());
  if (!quantity.trim() || !Number.isInteger(n) || n < 1 || n > MAX_ADD) return ANALYTICS_MESSAGES.validQuantity;
  return null;
}

/** docs/product/screens.md#analytics: the returned item replaces the one with its sku (and shop). */
export function mergeItem(list: TPaperInventoryItem[], item: TPaperInventoryItem): TPaperInventoryItem[] {
  const key = itemKey(item);
  return list.some((i) => itemKey(i) === key) ? list.map((i) => (itemKey(i) === key ? item : i)) : [...list, item];
}

export function usedShare(item: TPaperInventoryItem): number {
  return item.totalSheets > 0 ? Math.min(100, (item.usedSheets / item.totalSheets) * 100) : 0;
}
