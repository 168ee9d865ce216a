import { type RATE_CARD_UNITS, SETTINGS_MESSAGES, type TRateCardService } from '@counterprint/contract';
import type { RateCardInput } from '../../api/settings';

export type RateUnit = (typeof RATE_CARD_UNITS)[number];

export const UNIT_LABEL: Record<RateUnit, string> = {
  per_page: 'per page',
  per_order: 'per order',
  per_hour: 'per hour',
  per_item: 'per item',
  per_sqft: 'per sq ft',
};

/** One row of the edit mode; `key` keeps React's identity while the id is still unknown. */
export interface RateRow {
  key: string;
  id?: string;
  serviceName: string;
  basePrice: string;
  unit: RateUnit;
  category: string;
  description: string;
}

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export const blankRow = (): RateRow => ({ key: newKey(), serviceName: '', basePrice: '', unit: 'per_page', category: '', description: '' });

/** The edit copy of the server's list; an empty card starts with one blank row to fill in. */
export function rowsFrom(services: TRateCardService[]): RateRow[] {
  if (services.length === 0) return [blankRow()];
  return services.map((s) => ({
    key: newKey(),
    id: s.id,
    serviceName: s.serviceName,
    basePrice: String(s.basePrice),
    unit: s.unit,
    category: s.category ?? '',
    description: s.description ?? '',
  }));
}

/** docs/product/screens.md#settings: Remove is offered only while more than one service exists. */
export const canRemove = (rows: RateRow[]) => rows.length > 1;

/** docs/product/screens.md#settings: blank names are dropped; with none left the save stops with the spec's message. */
export function rateCardToSave(rows: RateRow[]): { services: RateCardInput[] } | { error: string } {
  const services = rows
    .filter((r) => r.serviceName.trim() !== '')
    .map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      serviceName: r.serviceName.trim(),
      basePrice: Math.max(0, Number(r.basePrice) || 0),
      unit: r.unit,
      category: r.category.trim() || null,
      description: r.description.trim() || null,
      isActive: true,
    }));
  return services.length === 0 ? { error: SETTINGS_MESSAGES.rateCardEmpty } : { services };
}
