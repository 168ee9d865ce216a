import { CUSTOMER_CARD_TAGS, CUSTOMER_CSV_COLUMNS, type CUSTOMER_SORTS, CUSTOMERS_PAGE_SIZE, type TCustomer } from '@counterprint/contract';
import { csvPhone, toCsv } from '../../lib/csv';

export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const SORT_OPTIONS: { value: CustomerSort; label: string }[] = [
  { value: 'recent', label: 'Recent' },
  { value: 'az', label: 'A→Z' },
  { value: 'za', label: 'Z→A' },
];

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * docs/product/screens.md#customers: search matches name, email, phone or id, ignoring case; three or more digits also match
 * a phone ignoring its spaces and signs, as the server's search does, so "98765" finds "+91 98765 43210".
 */
export function searchCustomers(list: TCustomer[], search: string): TCustomer[] {
  const q = search.trim().toLowerCase();
  if (!q) return list;
  const digits = digitsOf(q);
  const byDigits = (phone: string) => digits.length >= 3 && digitsOf(phone).includes(digits);
  return list.filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      (c.email ?? '').toLowerCase().includes(q) ||
      (c.phone ?? '').toLowerCase().includes(q) ||
      byDigits(c.phone ?? '') ||
      c.id.toLowerCase().includes(q),
  );
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortCustomers(list: TCustomer[], sort: CustomerSort): TCustomer[] {
  const copy = [...list];
  if (sort === 'recent') return copy.sort((a, b) => b.updatedAt - a.updatedAt);
  const dir = sort === 'az' ? 1 : -1;
  return copy.sort((a, b) => dir * byName.compare(displayName(a), displayName(b)));
}

export function pageCount(total: number, size = CUSTOMERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageOf<T>(list: T[], page: number, size = CUSTOMERS_PAGE_SIZE): T[] {
  return list.slice((page - 1) * size, page * size);
}

/** The first tags a card has room for, and how many more there are. */
export function cardTags(tags: string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CUSTOMER_CARD_TAGS), more: Math.max(0, tags.length - CUSTOMER_CARD_TAGS) };
}

/** Customers created from an upload may have only a phone; the card still needs a title. */
export function displayName(c: Pick<TCustomer, 'name' | 'phone'>): string {
  return c.name.trim() || c.phone || 'Unnamed customer';
}

export function customersCsv(list: TCustomer[]): string {
  return toCsv(
    CUSTOMER_CSV_COLUMNS,
    list.map((c) => [c.id, c.name, c.email, csvPhone(c.phone), c.address]),
  );
}
