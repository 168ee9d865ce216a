import { DEFAULT_PUBLIC_RATES, type TJob, type TPublicRate } from '@counterprint/contract';
import { totalSheets } from '../../api/jobs';

/** docs/product/rules.md#constants: with no rate card a page costs ₹2 (black and white A4). */
export const DEFAULT_PAGE_PRICE = DEFAULT_PUBLIC_RATES.find((r) => r.unit === 'per_page')?.basePrice ?? 2;

export interface AmountPrefill {
  amount: number;
  /** The rate-card service the price came from; sent so earnings group the order by it. */
  serviceId: string | undefined;
  pricePerPage: number;
  sheets: number;
}

/** docs/product/rules.md#jobs-and-files: the first per-page service's price × the job's sheets, in rupees. */
export function prefillAmount(job: TJob, rateCard: TPublicRate[] | undefined): AmountPrefill {
  const service = rateCard?.find((r) => r.unit === 'per_page');
  const pricePerPage = service?.basePrice ?? DEFAULT_PAGE_PRICE;
  const sheets = totalSheets(job);
  return { amount: Math.round(pricePerPage * sheets * 100) / 100, serviceId: service?.id, pricePerPage, sheets };
}

/** What the amount field holds: rupees with two decimals, or empty for "no order". */
export function parseAmount(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'invalid';
  const n = Number(t);
  return n > 10_000_000 ? 'invalid' : n;
}
