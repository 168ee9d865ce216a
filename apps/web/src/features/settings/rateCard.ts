import { PRINT_OPTION_MESSAGES, type RATE_CARD_UNITS, SETTINGS_MESSAGES, type TRateCardService } from '@counterprint/contract';
import type { RateCardInput } from '../../api/settings';

export type RateUnit = (typeof RATE_CARD_UNITS)[number];

export const UNIT_LABEL: Record<RateUnit, string> = {
  per_page: 'per page',
  per_order: 'per order',
  per_hour: 'per hour',
  per_item: 'per item',
  per_sqft: 'per sq ft',
};

/** Offered while typing a paper; any other size the shop prints on may be typed. */
export const PAPER_SUGGESTIONS = ['A4', 'A3', 'Letter', 'Legal', '4x6', '5x7'] as const;
export const PAPER_MAX = 20;
/**
 * The contract's paper rule (ZRateCardPrintAttributesInput.paper), kept here because calling a zod
 * schema would pull zod into the chunk the public shop page shares; rules.test.ts holds them equal.
 */
const PAPER_PATTERN = /^[\p{L}\p{N} ×x./-]+$/u;
export const isPaperSize = (paper: string) => {
  const p = paper.trim();
  return p === '' || (p.length <= PAPER_MAX && PAPER_PATTERN.test(p));
};

export type RateColor = RateCardInput['color'];
export type RateSides = RateCardInput['sides'];

export const COLOR_LABEL: Record<RateColor, string> = { '': 'None', bw: 'B&W', color: 'Colour' };
export const SIDES_LABEL: Record<RateSides, string> = { '': 'Either', single: 'Single', double: 'Double' };

/** Which print attributes a unit has (issue 19): page rates say what they print, per-item and per-order services may be add-ons. */
export const isPageRate = (unit: RateUnit) => unit === 'per_page';
export const canBeExtra = (unit: RateUnit) => unit === 'per_item' || unit === 'per_order';

/** One row of the edit mode; `key` keeps React's identity while the id is still unknown. */
export interface RateRow {
  key: string;
  id?: string;
  serviceName: string;
  basePrice: string;
  unit: RateUnit;
  category: string;
  description: string;
  paper: string;
  color: RateColor;
  sides: RateSides;
  extra: boolean;
}

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export const blankRow = (): RateRow => ({
  key: newKey(),
  serviceName: '',
  basePrice: '',
  unit: 'per_page',
  category: '',
  description: '',
  paper: '',
  color: '',
  sides: '',
  extra: false,
});

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
    paper: s.paper ?? '',
    color: s.color ?? '',
    sides: s.sides ?? '',
    extra: s.extra,
  }));
}

/** docs/product/screens.md#settings: Remove is offered only while more than one service exists. */
export const canRemove = (rows: RateRow[]) => rows.length > 1;

/**
 * A row's print attributes as saved: only those its unit has, the rest cleared, so a service whose
 * unit changed from per page stops matching files (the row keeps them while editing).
 */
function printAttributes(r: RateRow): Pick<RateCardInput, 'paper' | 'color' | 'sides' | 'extra'> {
  if (isPageRate(r.unit)) return { paper: r.paper.trim(), color: r.color, sides: r.sides, extra: false };
  return { paper: '', color: '', sides: '', extra: canBeExtra(r.unit) && r.extra };
}

const paperProblem = (r: RateRow) =>
  isPageRate(r.unit) && !isPaperSize(r.paper) ? `${r.serviceName.trim()}: ${PRINT_OPTION_MESSAGES.paper}` : null;

/** docs/product/screens.md#settings: blank names are dropped; with none left the save stops with the spec's message. */
export function rateCardToSave(rows: RateRow[]): { services: RateCardInput[] } | { error: string } {
  const named = rows.filter((r) => r.serviceName.trim() !== '');
  const problem = named.map(paperProblem).find(Boolean);
  if (problem) return { error: problem };
  const services = named.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    serviceName: r.serviceName.trim(),
    basePrice: Math.max(0, Number(r.basePrice) || 0),
    unit: r.unit,
    category: r.category.trim() || null,
    description: r.description.trim() || null,
    isActive: true,
    ...printAttributes(r),
  }));
  return services.length === 0 ? { error: SETTINGS_MESSAGES.rateCardEmpty } : { services };
}

/** The view mode's line for a service's print attributes, e.g. "A4 · B&W · double-sided"; null when it has none. */
export function describeAttributes(s: TRateCardService): string | null {
  if (s.extra && canBeExtra(s.unit)) return 'Add-on';
  if (!isPageRate(s.unit) || !s.paper) return null;
  const color = s.color ? COLOR_LABEL[s.color] : 'no colour set';
  const sides = s.sides ? `${s.sides}-sided` : 'single or double';
  return [s.paper, color, sides].join(' · ');
}
